// The statistics dock's NIQE column (--metrics niqe, or the dock's NIQE box): each pane's cell, and the
// HR's row, is what `imresize score --metric niqe` prints for the same pixels, run as a user runs it;
// an image with fewer than two 96x96 blocks shows a dash and why; the box is saved when changed in the
// window, the command line's choice is for that run only.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QDir>
#include <QProcess>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "request_error.hpp"
#include "resizelab_request.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

rl::ui::Request window_request(const QStringList& args) {
  return rl::ui::parse_request(QStringList{"resizelab"} + args, rl::ui::OptionMode::Window);
}

// `imresize score --metric niqe DIR` on `img` written as PNG: the value its table prints for it.
QString imresize_niqe(const rl::Image& img) {
  QTemporaryDir dir;
  EXPECT_TRUE(QDir(dir.path()).mkpath("in"));
  rl::io::save(dir.filePath("in/x.png").toStdString(), img);
  QProcess p;
  p.start(RL_IMRESIZE_EXE, {"score", "--metric", "niqe", dir.filePath("in")});
  EXPECT_TRUE(p.waitForFinished(120000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split('\n'))
    if (const QStringList f = line.simplified().split(' '); f.size() == 2 && f[0] == "x") return f[1];
  ADD_FAILURE() << "no row for the image";
  return {};
}

// The table's NIQE column: its index, -1 when there is none.
int niqe_column(const QTableWidget& t) {
  for (int c = 0; c < t.columnCount(); ++c)
    if (t.horizontalHeaderItem(c) && t.horizontalHeaderItem(c)->text() == "NIQE") return c;
  return -1;
}

bool niqe_ready(const rl::ui::Document& doc, int panes) {
  if (doc.busy() || doc.pane_count() != panes) return false;
  for (int i = 0; i < panes; ++i)
    if (!doc.diff(i).niqe) return false;
  return true;
}

TEST(NiqeColumn, EachImagesNiqeIsImresizeScoresDigitForDigit) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  // x2: 576x576, 36 blocks; with an SR protocol too (its columns come first, NIQE's stays).
  rl::ui::start_window(w, window_request({"--scale", "2", "--panes", "matlab,bilinear", "--metrics",
                                          "srcnn,niqe", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.source_path() == kBird && niqe_ready(doc, 2); }, 120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  ASSERT_TRUE(table);
  const int col = niqe_column(*table);
  ASSERT_GE(col, 0);
  EXPECT_EQ(table->rowCount(), 2);  // the reference is pane 1: no row of its own
  QStringList seen;
  for (int i = 0; i < 2; ++i) {
    const QString expected = imresize_niqe(*doc.result(i).image);
    EXPECT_EQ(table->item(i, col)->text().toStdString(), expected.toStdString()) << "pane " << i + 1;
    seen << expected;
  }
  EXPECT_NE(seen[0], seen[1]);  // two images, two NIQEs: the cells are not one value twice

  // The HR (an SR round trip's, not a pane) gets a row of its own.
  rl::ui::MainWindow sr;
  rl::ui::Document& sdoc = *sr.document();
  rl::ui::start_window(sr, window_request({"--sr-scale", "2", "--panes", "matlab,bilinear", "--metrics",
                                           "niqe", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(sr, sdoc, 60000));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return sdoc.source_path() == kBird && niqe_ready(sdoc, 2) && sdoc.comparison().reference_niqe;
      },
      120000));
  QCoreApplication::processEvents();
  auto* st = sr.findChild<QTableWidget*>();
  const int scol = niqe_column(*st);
  ASSERT_GE(scol, 0);
  ASSERT_EQ(st->rowCount(), 3);
  EXPECT_EQ(st->verticalHeaderItem(2)->text(), "HR");
  EXPECT_EQ(st->item(2, scol)->text().toStdString(),
            imresize_niqe(rl::io::load(kBird.toStdString())).toStdString());
  EXPECT_EQ(st->item(1, scol)->text().toStdString(), imresize_niqe(*sdoc.result(1).image).toStdString());
}

TEST(NiqeColumn, TooSmallImagesShowADashAndWhy) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  // 1/2: 144x144, one 96x96 block, where MATLAB's NIQE is not a NIQE.
  rl::ui::start_window(w, window_request({"--scale", "0.5", "--panes", "matlab,bilinear", "--metrics", "niqe",
                                          "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.source_path() == kBird && niqe_ready(doc, 2); }, 120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  const int col = niqe_column(*table);
  ASSERT_GE(col, 0);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(table->item(i, col)->text(), QString::fromUtf8("\u2014"));
    EXPECT_TRUE(table->item(i, col)->toolTip().startsWith("no NIQE: "))
        << table->item(i, col)->toolTip().toStdString();
    EXPECT_TRUE(table->item(i, col)->toolTip().contains("block"))
        << table->item(i, col)->toolTip().toStdString();
  }
}

TEST(NiqeColumn, MetricsTakesNiqeAloneOrAfterAProtocol) {
  const rl::ui::Request both = window_request({"--metrics", "srcnn,niqe"});
  EXPECT_EQ(both.metrics, rl::SrProtocol::Srcnn);
  EXPECT_TRUE(both.niqe);
  const rl::ui::Request alone = window_request({"--metrics", "niqe"});
  EXPECT_FALSE(alone.metrics);
  EXPECT_TRUE(alone.niqe);
  EXPECT_FALSE(window_request({"--metrics", "srcnn"}).niqe);
  for (const QString& bad : QStringList{"srcnn,rcan", "niqe,niqe", "srcnn,", "brisque"})
    EXPECT_TRUE(
        rl::test::request_error({"--metrics", bad}, rl::ui::OptionMode::Window).startsWith("--metrics takes"))
        << bad.toStdString();
}

TEST(NiqeColumn, TheBoxIsSavedTheCommandLineIsNot) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow cli;
  rl::ui::start_window(cli, window_request({"--metrics", "niqe"}));
  EXPECT_TRUE(cli.document()->diff_settings().niqe);
  EXPECT_TRUE(cli.findChild<QCheckBox*>("niqeColumn")->isChecked());
  EXPECT_FALSE(cli.settings_to_save().diff.niqe);

  rl::ui::MainWindow box;
  rl::ui::start_window(box, window_request({}));
  EXPECT_FALSE(box.document()->diff_settings().niqe);
  box.findChild<QCheckBox*>("niqeColumn")->setChecked(true);
  EXPECT_TRUE(box.document()->diff_settings().niqe);
  EXPECT_TRUE(box.settings_to_save().diff.niqe);
}

}  // namespace
