// `resizelab --export --plots mapping,window,surface`: the 3x3 -> 4x4 figure prints the hand-worked
// -0.125, each picture draws under the panes in PNG, SVG and PDF, and a bad name is one usage line.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QMap>
#include <QTemporaryDir>

#include "figure_export.hpp"
#include "qt_pixels.hpp"
#include "rl/ui/figure.hpp"

namespace {

QStringList args_for(const QString& out, const QStringList& extra) {
  return QStringList{QStringLiteral("resizelab"), QStringLiteral("--export"), out} + extra;
}

// A 3x3 grey ramp, the example input.
QString write_tiny(const QTemporaryDir& dir) {
  QImage img(3, 3, QImage::Format_Grayscale8);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) img.setPixel(c, r, qRgb(40 * (r + c), 40 * (r + c), 40 * (r + c)));
  const QString path = dir.filePath("tiny3x3.png");
  EXPECT_TRUE(img.save(path));
  return path;
}

TEST(ExportPictures, ThreeToFourPrintsMinusAnEighth) {
  QTemporaryDir dir;
  const QString tiny = write_tiny(dir);
  const QString svg = dir.filePath("fig.svg");
  const QStringList opts = {"--plots", "mapping,window,surface", "--size", "4,4", tiny};
  ASSERT_EQ(rl::app::export_main(args_for(svg, opts)), 0);
  QFile f(svg);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QByteArray text = f.readAll();
  // (0 + 0.5) * 3/4 - 0.5 = -0.125: output (0, 0)'s centre on the input grid.
  EXPECT_TRUE(text.contains("(0, 0) at (-0.125, -0.125)"));
  // The window and the surface labels.
  EXPECT_TRUE(text.contains("weights sum to 1"));
  EXPECT_TRUE(text.contains("bicubic: smooth"));
  const rl::app::ExportJob job = rl::app::prepare_export(args_for(svg, opts));
  EXPECT_EQ(job.spec.plots,
            (QList<rl::ui::FigurePlot>{rl::ui::FigurePlot::Mapping, rl::ui::FigurePlot::Window,
                                       rl::ui::FigurePlot::Surface}));
}

TEST(ExportPictures, EachPictureDrawsUnderThePanesInEveryFormat) {
  QTemporaryDir dir;
  const QString photo = QStringLiteral(RL_GOLDEN_DIR) + QStringLiteral("/legacy-set5/original/butterfly.bmp");
  ASSERT_TRUE(QFile::exists(photo)) << photo.toStdString();
  const QStringList base = {"--scale", "0.5", "--crop", "100,100,64,64", "--pixel", "0,3", photo};
  const QString none = dir.filePath("none.png");
  ASSERT_EQ(rl::app::export_main(args_for(none, base + QStringList{"--plots", ""})), 0);
  const QImage panes_only(none);
  const int panes_h = panes_only.height();
  // Each picture's own label, in the SVG's text.
  const QMap<QString, QByteArray> label = {
      // --pixel 0,3 at scale 1/2: (0 + 0.5) * 2 - 0.5 = 0.5 and (3 + 0.5) * 2 - 0.5 = 6.5 on the input grid.
      {"mapping", "(0, 3) at (0.5, 6.5)"},
      {"window", "weights sum to 1"},
      {"surface", "bicubic: smooth"}};
  for (const QString plot : {"mapping", "window", "surface"}) {
    const QString png = dir.filePath(plot + ".png");
    ASSERT_EQ(rl::app::export_main(args_for(png, base + QStringList{"--plots", plot})), 0);
    const QImage img(png);
    ASSERT_GT(img.height(), panes_h + 200) << plot.toStdString();
    // Non-blank: a good part of the picture's rows below the panes is not white.
    const int below = (img.height() - panes_h) * img.width();
    const int white = rl_test::count_near(img, Qt::white, 6, panes_h);
    EXPECT_LT(white, below * 97 / 100) << plot.toStdString();
    // Above the picture, the panes are the figure without it, pixel for pixel (all but the last 16 rows:
    // the bottom margin, where the picture begins).
    EXPECT_EQ(img.copy(0, 0, panes_only.width(), panes_h - 16).convertToFormat(QImage::Format_RGB32),
              panes_only.copy(0, 0, panes_only.width(), panes_h - 16).convertToFormat(QImage::Format_RGB32))
        << plot.toStdString();
    for (const QString ext : {"svg", "pdf"}) {
      const QString file = dir.filePath(plot + "." + ext);
      ASSERT_EQ(rl::app::export_main(args_for(file, base + QStringList{"--plots", plot})), 0);
      QFile f(file);
      ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << file.toStdString();
      const QByteArray bytes = f.readAll();
      if (ext == "svg") {
        EXPECT_TRUE(bytes.contains(label[plot]))
            << plot.toStdString() << ": no '" << label[plot].toStdString() << "'";
      } else {
        EXPECT_TRUE(bytes.startsWith("%PDF-")) << file.toStdString();
        EXPECT_TRUE(bytes.trimmed().endsWith("%%EOF")) << file.toStdString();
        EXPECT_GT(bytes.size(), 5000) << file.toStdString();
      }
    }
  }
}

TEST(ExportPictures, BadNamesAreOneUsageLine) {
  QTemporaryDir dir;
  const QString out = dir.filePath("out.png");
  for (const QString bad : {"mapping,surfaces", "window,window", "maping"}) {
    try {
      rl::app::prepare_export(args_for(out, {"--plots", bad}));
      ADD_FAILURE() << bad.toStdString();
    } catch (const rl::app::CommandLineError& e) {
      EXPECT_EQ(e.code, 2);
      EXPECT_FALSE(e.message.contains(QLatin1Char('\n'))) << e.message.toStdString();
      if (!bad.contains("window,window")) {
        EXPECT_TRUE(e.message.contains("mapping, window or surface")) << e.message.toStdString();
      }
    }
    EXPECT_EQ(rl::app::export_main(args_for(out, {"--plots", bad})), 2);
  }
  EXPECT_FALSE(QFile::exists(out));
}

}  // namespace
