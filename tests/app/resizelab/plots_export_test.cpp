// `resizelab --export --plots`: each of the six plots in PNG, SVG and PDF on a golden image the other
// tests do not use, the options' defaults, and bad --plots, --pixel and --profile values.
#include <gtest/gtest.h>

#include <QColor>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include "figure_export.hpp"
#include "qt_pixels.hpp"
#include "rl/ui/figure.hpp"
#include "rl/ui/plots.hpp"

namespace {

QStringList args_for(const QString& out, const QStringList& extra) {
  return QStringList{QStringLiteral("resizelab"), QStringLiteral("--export"), out} + extra;
}

const QString kBaboon = QStringLiteral(RL_GOLDEN_DIR) + QStringLiteral("/modern-baboon/baboon.png");

TEST(ExportPlots, EachPlotInEveryFormat) {
  ASSERT_TRUE(QFile::exists(kBaboon)) << kBaboon.toStdString();
  QTemporaryDir dir;
  const QStringList base = {
      "--scale", "0.3",   "--crop",    "100,100,120,90",  "--panes", "matlab,nearest,lanczos3-aa",
      "--pixel", "40,50", "--profile", "150,110,160,200", kBaboon};
  const QString none = dir.filePath("none.png");
  ASSERT_EQ(rl::app::export_main(args_for(none, base + QStringList{"--plots", ""})), 0);
  const int panes_h = QImage(none).height();
  for (const QString plot : {"kernel", "frequency", "sampling", "taps", "worked", "profile"}) {
    const QStringList opts = base + QStringList{"--plots", plot};
    const QString png = dir.filePath(plot + ".png");
    ASSERT_EQ(rl::app::export_main(args_for(png, opts)), 0) << plot.toStdString();
    const QImage img(png);
    const rl::app::ExportJob job = rl::app::prepare_export(args_for(png, opts));
    ASSERT_EQ(job.spec.plots.size(), 1);
    EXPECT_EQ(rl::ui::to_string(job.spec.plots[0]), plot);
    EXPECT_EQ(img.size(), rl::ui::figure_size(job.spec));
    EXPECT_GE(img.width(), 1200);
    EXPECT_GT(img.height(), panes_h + 200) << plot.toStdString();
    // Drawn under the panes in the first series colour (curves, stems, weight bars).
    EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(0), 40, panes_h), 150) << plot.toStdString();
    for (const QString ext : {"svg", "pdf"}) {
      const QString f = dir.filePath(plot + "." + ext);
      ASSERT_EQ(rl::app::export_main(args_for(f, opts)), 0) << f.toStdString();
      QFile file(f);
      ASSERT_TRUE(file.open(QIODevice::ReadOnly));
      const QByteArray head = file.read(2048);
      EXPECT_TRUE(ext == "svg" ? head.contains("<svg") : head.startsWith("%PDF")) << f.toStdString();
      EXPECT_GT(file.size(), 5000);
    }
  }
  // All six in one figure, in the order given.
  const QString all = dir.filePath("all.png");
  const QStringList opts = base + QStringList{"--plots", "profile,worked,taps,sampling,frequency,kernel"};
  ASSERT_EQ(rl::app::export_main(args_for(all, opts)), 0);
  const rl::app::ExportJob job = rl::app::prepare_export(args_for(all, opts));
  ASSERT_EQ(job.spec.plots.size(), 6);
  EXPECT_EQ(job.spec.plots.front(), rl::ui::FigurePlot::Profile);
  EXPECT_EQ(QImage(all).size(), rl::ui::figure_size(job.spec));
}

TEST(ExportPlots, DefaultsAndSynonyms) {
  QTemporaryDir dir;
  const QString f = dir.filePath("f.png");
  const rl::app::ExportJob d = rl::app::prepare_export(args_for(f, {}));
  EXPECT_EQ(d.spec.plots, QList<rl::ui::FigurePlot>{rl::ui::FigurePlot::Kernel});
  EXPECT_FALSE(d.spec.pixel.has_value());
  EXPECT_FALSE(d.spec.profile.has_value());
  EXPECT_GE(d.spec.width_px, 1200);
  EXPECT_TRUE(rl::app::prepare_export(args_for(f, {"--no-kernel-plot"})).spec.plots.isEmpty());
  EXPECT_TRUE(rl::app::prepare_export(args_for(f, {"--plots="})).spec.plots.isEmpty());
  const rl::app::ExportJob p = rl::app::prepare_export(
      args_for(f, {"--plots", "Taps, worked", "--pixel", "3,4", "--profile", "1,2,5,9.5"}));
  EXPECT_EQ(p.spec.plots, (QList<rl::ui::FigurePlot>{rl::ui::FigurePlot::Taps, rl::ui::FigurePlot::Worked}));
  EXPECT_EQ(p.spec.pixel, QPoint(4, 3));  // x = column
  EXPECT_EQ(p.spec.profile, QLineF(2, 1, 9.5, 5));
}

TEST(ExportPlots, BadValuesExitTwoAndWriteNothing) {
  QTemporaryDir dir;
  const QString out = dir.filePath("out.png");
  for (const QStringList& bad :
       {QStringList{"--plots", "kernel,histogram"}, QStringList{"--plots", "kernel,kernel"},
        QStringList{"--pixel", "5"}, QStringList{"--pixel", "-1,0"}, QStringList{"--pixel", "100000,0"},
        QStringList{"--pixel", "1.5,2"}, QStringList{"--pixel", "a,b"}, QStringList{"--profile", "0,0,1"},
        QStringList{"--profile", "0,0,99999,0"}, QStringList{"--profile", "nan,0,1,1"},
        QStringList{"--profile", "-1,0,3,3"}, QStringList{"--plots"}}) {
    EXPECT_EQ(rl::app::export_main(args_for(out, bad)), 2) << bad.join(' ').toStdString();
  }
  EXPECT_FALSE(QFile::exists(out));
  EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

}  // namespace
