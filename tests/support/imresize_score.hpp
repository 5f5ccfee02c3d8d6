// `imresize score` on one SR/HR pair, run as a user runs it: the PSNR and SSIM of its CSV row.
#pragma once

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <utility>

#include "rl/image_io.hpp"

namespace rl::test {

// Both images written as PNG (lossless) into sr/ and hr/ folders under the same name, as the command
// pairs files, then `EXE score sr hr --scale S --protocol P --csv` (17 significant digits: the
// doubles themselves). Test failures for anything unexpected.
inline std::pair<double, double> imresize_score(const QString& exe, const rl::Image& sr, const rl::Image& hr,
                                                int scale, const QString& protocol) {
  QTemporaryDir dir;
  EXPECT_TRUE(QDir(dir.path()).mkpath("sr") && QDir(dir.path()).mkpath("hr"));
  rl::io::save(dir.filePath("sr/x.png").toStdString(), sr);
  rl::io::save(dir.filePath("hr/x.png").toStdString(), hr);
  QProcess p;
  p.start(exe, {"score", dir.filePath("sr"), dir.filePath("hr"), "--scale", QString::number(scale),
                "--protocol", protocol, "--csv", dir.filePath("s.csv")});
  EXPECT_TRUE(p.waitForFinished(120000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  QFile csv(dir.filePath("s.csv"));
  EXPECT_TRUE(csv.open(QIODevice::ReadOnly));
  const QStringList rows = QString::fromUtf8(csv.readAll()).split('\n');
  EXPECT_EQ(rows.value(0), QString("image,sr,hr,%1_psnr,%1_ssim").arg(protocol));
  const QStringList v = rows.value(1).split(',');
  EXPECT_EQ(v.size(), 5);
  return {v.value(3).toDouble(), v.value(4).toDouble()};
}

}  // namespace rl::test
