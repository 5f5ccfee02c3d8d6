// Tap-weight plots against the plan, the worked example panel against the resizer, and figure
// export (in-process `resizelab --export`) to PNG, SVG and PDF, including failures.
#include "rl/ui/figure.hpp"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <memory>

#include "rl/metrics.hpp"
#include "rl/resize.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/figure_export.hpp"
#include "rl/ui/kernel_plot_widget.hpp"
#include "rl/ui/tap_weights_widget.hpp"
#include "rl/ui/worked_example_widget.hpp"

namespace {

using rl::ui::NamedPlan;

std::shared_ptr<const rl::Plan> plan_for(double sr, double sc, rl::Method m, int rows, int cols,
                                         rl::Boundary b = rl::Boundary::Modern,
                                         std::optional<bool> aa = std::nullopt) {
  rl::ResizeSpec s = rl::ResizeSpec::with_scale(sr, sc, m);
  s.boundary = b;
  s.antialiasing = aa;
  return std::make_shared<const rl::Plan>(rl::make_plan(s, rows, cols));
}

// Hand-worked: 1x4, bilinear, scale 1/2, antialiased: kernel 0.5*triangle(0.5x), the outer two of
// P = 6 tap columns are zero everywhere and removed; weights 1/8 3/8 3/8 1/8. Output column 0
// reads input columns -1 0 1 2, with -1 mirrored (modern) or clamped (legacy) to 0.
TEST(TapWeights, HandWorkedBilinearShrink) {
  for (rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy}) {
    rl::ui::TapWeightsWidget w;
    w.set_plan(plan_for(0.5, 0.5, rl::Method::Bilinear, 1, 4, b), "bilinear");
    w.set_pixel(0, 0);
    const QVector<QPointF> expect0 = {{0, 0.125}, {0, 0.375}, {1, 0.375}, {2, 0.125}};
    EXPECT_EQ(w.plotted_col_taps(), expect0);
    w.set_pixel(0, 1);  // input columns 1 2 3 4, with 4 mapped back to 3 (mirror and clamp agree)
    const QVector<QPointF> expect1 = {{1, 0.125}, {2, 0.375}, {3, 0.375}, {3, 0.125}};
    EXPECT_EQ(w.plotted_col_taps(), expect1);
  }
}

// Bicubic, scale 1/2, 6 rows: output 0 has u = 1.5 (1-based), width 8, left = -3, P = 10 taps at
// 1-based rows -3..6 at distances 4.5..-4.5; the two at |d| = 4.5 weigh 0.5*cubic(2.25) = 0 for
// every output and are removed, leaving 8. Rows -2 -1 0 lie outside: modern mirrors them
// (MATLAB's [1..n n..1] rule) to 3 2 1, legacy clamps them to 1. 0-based below.
TEST(TapWeights, BoundaryMappingShown) {
  rl::ui::TapWeightsWidget modern, legacy;
  modern.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 6, 6, rl::Boundary::Modern), "m");
  legacy.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 6, 6, rl::Boundary::Legacy), "l");
  modern.set_pixel(0, 0);
  legacy.set_pixel(0, 0);
  const auto m = modern.plotted_row_taps(), l = legacy.plotted_row_taps();
  ASSERT_EQ(m.size(), 8);
  ASSERT_EQ(l.size(), 8);
  const double mx[] = {2, 1, 0, 0, 1, 2, 3, 4}, lx[] = {0, 0, 0, 0, 1, 2, 3, 4};
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(m[k].x(), mx[k]) << k;
    EXPECT_EQ(l[k].x(), lx[k]) << k;
    EXPECT_EQ(m[k].y(), l[k].y()) << k;  // the weights do not depend on the boundary rule
    EXPECT_NE(m[k].y(), 0.0) << k;       // zero-weight taps are gone
  }
  // Symmetric about u: 0.5 * cubic(0.5 * d) at d = 3.5, 2.5, 1.5, 0.5 (cubic(1.75) < 0 etc.).
  EXPECT_NEAR(m[0].y(), 0.5 * rl::kernel_cubic(1.75), 1e-15);
  EXPECT_NEAR(m[3].y(), 0.5 * rl::kernel_cubic(0.25), 1e-15);
  EXPECT_EQ(m[0].y(), m[7].y());
  EXPECT_LT(m[0].y(), 0.0);  // the cubic's negative lobe
}

// For many methods, scales and pixels, the plotted taps are the plan's table entries.
TEST(TapWeights, EqualPlanTables) {
  int compared = 0;
  for (rl::Method m : rl::builtin_methods()) {
    for (double s : {0.3, 0.5, 1.0 / 3, 1.7, 2.0}) {
      auto plan = plan_for(s, s * 1.3, m, 23, 19);
      rl::ui::TapWeightsWidget w;
      w.set_plan(plan, "p");
      for (int r = 0; r < plan->out_rows; r += 3) {
        const int c = (r * 5) % plan->out_cols;
        w.set_pixel(r, c);
        const auto rows = w.plotted_row_taps(), cols = w.plotted_col_taps();
        ASSERT_EQ(rows.size(), plan->rows.taps);
        ASSERT_EQ(cols.size(), plan->cols.taps);
        double sum = 0;
        for (int k = 0; k < plan->rows.taps; ++k) {
          EXPECT_EQ(rows[k].x(), plan->rows.index_of(r)[k]);
          EXPECT_EQ(rows[k].y(), plan->rows.weights_of(r)[k]);
          sum += rows[k].y();
        }
        EXPECT_NEAR(sum, 1.0, 1e-12);  // normalised
        for (int k = 0; k < plan->cols.taps; ++k) {
          EXPECT_EQ(cols[k].x(), plan->cols.index_of(c)[k]);
          EXPECT_EQ(cols[k].y(), plan->cols.weights_of(c)[k]);
        }
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100);
}

rl::Image gradient_rgb(int rows, int cols) {
  rl::Image img(rows, cols, 3, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      img.set(r, c, 0, (r * 37 + c * 11) % 256);
      img.set(r, c, 1, ((r / 2 + c) % 2) * 255);  // 1-px stripes: rounding and ringing
      img.set(r, c, 2, std::min(255, r * c));
    }
  return img;
}

// The panel's final value is the resizer's output (both passes, uint8 rounding) at that pixel.
TEST(WorkedExamplePanel, MatchesResizer) {
  auto src = std::make_shared<const rl::Image>(gradient_rgb(21, 17));
  for (rl::Method m :
       {rl::Method::Bicubic, rl::Method::Bilinear, rl::Method::Lanczos3, rl::Method::Nearest}) {
    auto plan = plan_for(0.45, 0.7, m, 21, 17);
    const rl::Image out = rl::run(*plan, *src);
    rl::ui::WorkedExampleWidget w;
    w.set_plan(plan, "pane");
    w.set_source(src);
    for (int ch = 0; ch < 3; ++ch) {
      w.set_channel(ch);
      for (int r = 0; r < plan->out_rows; ++r)
        for (int c = 0; c < plan->out_cols; c += 2) {
          w.set_pixel(r, c);
          ASSERT_TRUE(w.example().has_value()) << w.text().toStdString();
          EXPECT_EQ(w.example()->value, out.at(r, c, ch));
          EXPECT_EQ(w.example()->second.result, out.at(r, c, ch));
        }
    }
    EXPECT_TRUE(w.text().contains(QStringLiteral("Result: %1").arg(w.example()->value)));
  }
  rl::ui::WorkedExampleWidget w;
  w.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 21, 17), "p");
  w.set_source(src);
  w.set_pixel(500, 0);  // outside: no example, a message instead
  EXPECT_FALSE(w.example().has_value());
  EXPECT_TRUE(w.text().contains("outside"));
}

int count_near(const QImage& img, QColor c, int tol) {
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor p = img.pixelColor(x, y);
      if (std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) <=
          tol)
        ++n;
    }
  return n;
}

TEST(KernelPlot, DrawsEachPlanCurve) {
  rl::ui::KernelPlotWidget w;
  w.resize(600, 360);
  w.set_plans({{"MATLAB", plan_for(0.5, 0.5, rl::Method::Bicubic, 64, 64)},
               {"bilinear", plan_for(0.5, 0.5, rl::Method::Bilinear, 64, 64, rl::Boundary::Modern, false)}});
  const QImage img = w.grab().toImage();
  EXPECT_GT(count_near(img, rl::ui::series_color(0), 30), 100);
  EXPECT_GT(count_near(img, rl::ui::series_color(1), 30), 100);
  EXPECT_EQ(count_near(img, rl::ui::series_color(2), 30), 0);
}

// Variance of the luminance inside a rectangle of a rendered figure.
double variance_in(const QImage& img, const QRectF& r) {
  const QRect px = r.toAlignedRect().adjusted(2, 2, -2, -2).intersected(img.rect());
  double s = 0, s2 = 0;
  int n = 0;
  for (int y = px.top(); y <= px.bottom(); ++y)
    for (int x = px.left(); x <= px.right(); ++x) {
      const double v = qGray(img.pixel(x, y));
      s += v;
      s2 += v * v;
      ++n;
    }
  if (n == 0) return 0;
  const double m = s / n;
  return s2 / n - m * m;
}

QStringList export_args(const QString& out, const QStringList& extra) {
  QStringList a = {QStringLiteral("resizelab"), QStringLiteral("--export"), out};
  return a + extra;
}

TEST(Export, PngSvgPdfOfRequestedSize) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QStringList opts = {"--scale", "1/3", "--crop", "100,0,150,120", "--width", "1400"};
  const QString png = dir.filePath("fig.png");
  ASSERT_EQ(rl::ui::export_main(export_args(png, opts)), 0);
  const QImage img(png);
  ASSERT_FALSE(img.isNull());
  EXPECT_EQ(img.width(), 1400);

  // The panes hold real pictures: the layout the exporter used tells where they are.
  const rl::ui::ExportJob job = rl::ui::prepare_export(export_args(png, opts));
  ASSERT_EQ(job.spec.panes.size(), 4);
  EXPECT_EQ(rl::ui::figure_size(job.spec), img.size());
  const auto rects = rl::ui::figure_image_rects(job.spec);
  for (int i = 0; i < rects.size(); ++i) {
    EXPECT_GT(variance_in(img, rects[i].crop), 100.0) << "pane " << i;
    if (i > 0) {
      EXPECT_GT(variance_in(img, rects[i].diff), 10.0) << "difference map " << i;
    }
  }
  // The reference differs from nearest but not from itself.
  EXPECT_GT(rl::diff_stats(*job.spec.panes[1].result, *job.spec.panes[0].result).max_abs, 0.0);

  const QString svg = dir.filePath("fig.svg");
  ASSERT_EQ(rl::ui::export_main(export_args(svg, opts)), 0);
  QFile sf(svg);
  ASSERT_TRUE(sf.open(QIODevice::ReadOnly));
  const QByteArray sdata = sf.readAll();
  EXPECT_TRUE(sdata.contains("<svg"));
  QXmlStreamReader xml(sdata);
  QString view_box;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement() && xml.name() == QLatin1String("svg"))
      view_box = xml.attributes().value("viewBox").toString();
  }
  EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
  EXPECT_EQ(view_box, QStringLiteral("0 0 %1 %2").arg(img.width()).arg(img.height()));
  EXPECT_TRUE(sdata.contains("<image"));  // the crops are embedded pictures

  const QString pdf = dir.filePath("fig.pdf");
  ASSERT_EQ(rl::ui::export_main(export_args(pdf, opts + QStringList{"--dpi", "200"})), 0);
  QFile pf(pdf);
  ASSERT_TRUE(pf.open(QIODevice::ReadOnly));
  const QByteArray pdata = pf.readAll();
  EXPECT_TRUE(pdata.startsWith("%PDF"));
  // Page = figure size at 200 DPI, in points.
  const QRegularExpression box(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
  const auto mt = box.match(QString::fromLatin1(pdata));
  ASSERT_TRUE(mt.hasMatch());
  EXPECT_NEAR(mt.captured(1).toDouble(), 1400 * 72.0 / 200, 1.0);
  EXPECT_NEAR(mt.captured(2).toDouble(), img.height() * 72.0 / 200, 1.0);
  EXPECT_GT(pdata.size(), 20000);  // the pictures are in it
  // Nothing else (no temporary files) was left in the folder.
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 3);
}

// Without IMAGE the export uses the viewer's embedded image, not the synthetic stand-in.
TEST(Export, DefaultImageIsTheEmbeddedOne) {
  const auto img = rl::ui::default_source_image();
  const QImage embedded(QStringLiteral(":/resizelab/default.png"));
  ASSERT_FALSE(embedded.isNull());
  EXPECT_EQ(img->cols(), embedded.width());
  EXPECT_EQ(img->rows(), embedded.height());
  EXPECT_EQ(img->channels(), 3);
  EXPECT_EQ(QColor(embedded.pixel(7, 300)).red(), img->at(300, 7, 0));
}

TEST(Export, DefaultsAndGrid) {
  QTemporaryDir dir;
  const QString png = dir.filePath("default.png");
  ASSERT_EQ(rl::ui::export_main(export_args(png, {})), 0);
  const QImage img(png);
  EXPECT_GE(img.width(), 1200);
  const rl::ui::ExportJob job = rl::ui::prepare_export(export_args(png, {}));
  ASSERT_EQ(job.spec.panes.size(), 4);
  EXPECT_EQ(job.spec.panes[0].plan->method, rl::Method::Bicubic);
  EXPECT_TRUE(job.spec.panes[0].plan->antialiasing);
  EXPECT_EQ(job.spec.panes[1].plan->method, rl::Method::Nearest);
  EXPECT_EQ(job.spec.panes[2].plan->method, rl::Method::Bilinear);
  EXPECT_FALSE(job.spec.panes[2].plan->antialiasing);
  EXPECT_EQ(job.spec.panes[3].plan->method, rl::Method::Bicubic);
  EXPECT_FALSE(job.spec.panes[3].plan->antialiasing);

  const QStringList grid = {"--layout",   "grid",    "--panes",         "matlab,lanczos3-aa,box",
                            "--size",     "100,NaN", "--diff",          "signed",
                            "--boundary", "legacy",  "--no-kernel-plot"};
  const QString g = dir.filePath("grid.png");
  ASSERT_EQ(rl::ui::export_main(export_args(g, grid)), 0);
  const QImage gi(g);
  const rl::ui::ExportJob gj = rl::ui::prepare_export(export_args(g, grid));
  EXPECT_EQ(gi.size(), rl::ui::figure_size(gj.spec));
  EXPECT_EQ(gj.spec.panes[0].result->rows(), 100);
  EXPECT_EQ(gj.spec.panes[1].plan->boundary, rl::Boundary::Legacy);
  const auto rects = rl::ui::figure_image_rects(gj.spec);
  for (int i = 0; i < rects.size(); ++i) EXPECT_GT(variance_in(gi, rects[i].crop), 100.0) << i;
}

// A real MATLAB output as the reference: the MATLAB pane computed by the export is identical to
// it (legacy boundary, Set5 bird at 1/2), the nearest pane is not.
TEST(Export, AgainstRealMatlabReference) {
  const QString golden = QStringLiteral(RL_GOLDEN_DIR);
  const QString hr = golden + "/legacy-set5/bird_HR_x2.png", lr = golden + "/legacy-set5/bird_LR_x2.png";
  ASSERT_TRUE(QFile::exists(hr) && QFile::exists(lr)) << "golden data missing at " << golden.toStdString();
  QTemporaryDir dir;
  const QStringList opts = {"--scale",        "1/2",         "--boundary", "legacy", "--panes",
                            "matlab,nearest", "--reference", lr,           hr};
  const rl::ui::ExportJob job = rl::ui::prepare_export(export_args(dir.filePath("bird.png"), opts));
  ASSERT_TRUE(job.spec.reference_image);
  ASSERT_EQ(job.spec.panes.size(), 2);
  EXPECT_TRUE(rl::identical(*job.spec.panes[0].result, *job.spec.reference_image));
  EXPECT_GT(rl::diff_stats(*job.spec.panes[1].result, *job.spec.reference_image).differing, 0u);
  ASSERT_EQ(rl::ui::export_main(export_args(dir.filePath("bird.png"), opts)), 0);
  const QImage img(dir.filePath("bird.png"));
  EXPECT_EQ(img.size(), rl::ui::figure_size(job.spec));
  // Both panes get a difference map against the loaded reference: all zero (flat, the colour of
  // 0) for the MATLAB pane, varied for nearest.
  const auto rects = rl::ui::figure_image_rects(job.spec);
  EXPECT_LT(variance_in(img, rects[0].diff), 1.0);
  EXPECT_GT(variance_in(img, rects[1].diff), 10.0);
}

TEST(Export, FailuresAreCleanAndWriteNothing) {
  QTemporaryDir dir;
  const QString corrupt = dir.filePath("corrupt.png");
  {
    QFile f(corrupt);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("\x89PNG\r\n\x1a\n this is not an image");
  }
  struct Case {
    QStringList args;
    int lo, hi;
  };
  const QString out = dir.filePath("out.png");
  const std::vector<Case> cases = {
      {export_args(out, {corrupt}), 1, 1},
      {export_args(out, {dir.filePath("missing.png")}), 1, 1},
      {export_args(out, {"--scale", "-1"}), 2, 2},
      {export_args(out, {"--scale", "0.5", "--size", "10,10"}), 2, 2},
      {export_args(out, {"--panes", "matlab,cubic-spline"}), 2, 2},
      {export_args(out, {"--crop", "0,0,9999,10"}), 2, 2},
      {export_args(dir.filePath("fig.gif"), {}), 2, 2},
      {export_args(dir.filePath("no/such/dir/fig.png"), {}), 1, 1},  // the shared table: output failure is 1
  };
  for (const Case& c : cases) {
    const int rc = rl::ui::export_main(c.args);
    EXPECT_GE(rc, c.lo) << c.args.join(' ').toStdString();
    EXPECT_LE(rc, c.hi) << c.args.join(' ').toStdString();
  }
  EXPECT_FALSE(QFile::exists(out));
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"corrupt.png"});
}

TEST(ExportDialog, WritesTheChosenFormat) {
  QTemporaryDir dir;
  rl::ui::ExportJob job = rl::ui::prepare_export(export_args(dir.filePath("x.png"), {"--scale", "0.25"}));
  rl::ui::ExportDialog d(job.spec, dir.filePath("dialog.png"));
  EXPECT_EQ(d.spec().width_px, job.spec.width_px);
  ASSERT_TRUE(d.export_now());
  const QImage img(dir.filePath("dialog.png"));
  EXPECT_EQ(img.size(), rl::ui::figure_size(job.spec));
}

}  // namespace
