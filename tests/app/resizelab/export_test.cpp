// `resizelab --export` in process: PNG, SVG and PDF of the requested size with real pictures in
// every pane, the defaults, a real MATLAB reference, failures that write nothing, and the dialog.
#include <gtest/gtest.h>

#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <filesystem>
#include <vector>

#include "figure_export.hpp"
#include "resizelab_options.hpp"
#include "rl/kernels.hpp"
#include "rl/metrics.hpp"
#include "rl/peers.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/figure.hpp"

namespace {

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
  ASSERT_EQ(rl::app::export_main(export_args(png, opts)), 0);
  const QImage img(png);
  ASSERT_FALSE(img.isNull());
  EXPECT_EQ(img.width(), 1400);

  // The panes hold real pictures: the layout the exporter used tells where they are.
  const rl::app::ExportJob job = rl::app::prepare_export(export_args(png, opts));
  ASSERT_EQ(job.spec.comparison.results.size(), 4u);
  EXPECT_EQ(rl::ui::figure_size(job.spec), img.size());
  const auto rects = rl::ui::figure_image_rects(job.spec);
  for (int i = 0; i < rects.size(); ++i) {
    EXPECT_GT(variance_in(img, rects[i].crop), 100.0) << "pane " << i;
    if (i > 0) {
      EXPECT_GT(variance_in(img, rects[i].diff), 10.0) << "difference map " << i;
    }
  }
  // The reference differs from nearest but not from itself.
  EXPECT_GT(
      rl::diff_stats(*job.spec.comparison.results[1].image, *job.spec.comparison.results[0].image).max_abs,
      0.0);

  const QString svg = dir.filePath("fig.svg");
  ASSERT_EQ(rl::app::export_main(export_args(svg, opts)), 0);
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
  ASSERT_EQ(rl::app::export_main(export_args(pdf, opts + QStringList{"--dpi", "200"})), 0);
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

// Without IMAGE the export uses the embedded default image, the one the viewer opens.
TEST(Export, DefaultImageIsTheEmbeddedOne) {
  QTemporaryDir dir;
  const auto img = rl::app::prepare_export(export_args(dir.filePath("d.png"), {})).spec.comparison.source;
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
  ASSERT_EQ(rl::app::export_main(export_args(png, {})), 0);
  const QImage img(png);
  EXPECT_GE(img.width(), 1200);
  const rl::app::ExportJob job = rl::app::prepare_export(export_args(png, {}));
  ASSERT_EQ(job.spec.comparison.results.size(), 4u);
  EXPECT_EQ(job.spec.comparison.results[0].plan->method, rl::Method::Bicubic);
  EXPECT_TRUE(job.spec.comparison.results[0].plan->antialiasing);
  EXPECT_EQ(job.spec.comparison.results[1].plan->method, rl::Method::Nearest);
  EXPECT_EQ(job.spec.comparison.results[2].plan->method, rl::Method::Bilinear);
  EXPECT_FALSE(job.spec.comparison.results[2].plan->antialiasing);
  EXPECT_EQ(job.spec.comparison.results[3].plan->method, rl::Method::Bicubic);
  EXPECT_FALSE(job.spec.comparison.results[3].plan->antialiasing);

  const QStringList grid = {"--layout",   "grid",    "--panes",         "matlab,lanczos3-aa,box",
                            "--size",     "100,NaN", "--diff",          "signed",
                            "--boundary", "legacy",  "--no-kernel-plot"};
  const QString g = dir.filePath("grid.png");
  ASSERT_EQ(rl::app::export_main(export_args(g, grid)), 0);
  const QImage gi(g);
  const rl::app::ExportJob gj = rl::app::prepare_export(export_args(g, grid));
  EXPECT_EQ(gi.size(), rl::ui::figure_size(gj.spec));
  EXPECT_EQ(gj.spec.comparison.results[0].image->rows(), 100);
  EXPECT_EQ(gj.spec.comparison.results[1].plan->boundary, rl::Boundary::Legacy);
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
  const rl::app::ExportJob job = rl::app::prepare_export(export_args(dir.filePath("bird.png"), opts));
  ASSERT_TRUE(job.spec.comparison.reference_image);
  ASSERT_EQ(job.spec.comparison.results.size(), 2u);
  EXPECT_TRUE(rl::identical(*job.spec.comparison.results[0].image, *job.spec.comparison.reference_image));
  EXPECT_GT(
      rl::diff_stats(*job.spec.comparison.results[1].image, *job.spec.comparison.reference_image).differing,
      0u);
  ASSERT_EQ(rl::app::export_main(export_args(dir.filePath("bird.png"), opts)), 0);
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
      {export_args(out, {"--diff", "relative"}), 2, 2},
      {export_args(out, {"--layout", "column"}), 2, 2},
      {export_args(out, {"--crop", "0,0,9999,10"}), 2, 2},
      {export_args(dir.filePath("fig.gif"), {}), 2, 2},
      {export_args(dir.filePath("no/such/dir/fig.png"), {}), 1, 1},  // the shared table: output failure is 1
  };
  for (const Case& c : cases) {
    const int rc = rl::app::export_main(c.args);
    EXPECT_GE(rc, c.lo) << c.args.join(' ').toStdString();
    EXPECT_LE(rc, c.hi) << c.args.join(' ').toStdString();
  }
  EXPECT_FALSE(QFile::exists(out));
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"corrupt.png"});
}

// The figure goes through the writer every output uses (docs/CLI.md, "How outputs are written"):
// a link at the output is refused and its target untouched; a replaced 0600 figure stays 0600.
TEST(Export, NeverWritesThroughALinkAndKeepsTheModeOfAReplacedFile) {
  QTemporaryDir dir;
  const QString target = dir.filePath("target.png");
  {
    QFile f(target);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("the link's target");
  }
  const QString link = dir.filePath("link.png");
  ASSERT_TRUE(QFile::link(target, link));
  for (const char* ext : {"png", "svg", "pdf"}) {
    const QString l = dir.filePath(QStringLiteral("link.%1").arg(QLatin1String(ext)));
    if (!QFileInfo(l).isSymLink()) {
      ASSERT_TRUE(QFile::link(target, l));
    }
    EXPECT_EQ(rl::app::export_main(export_args(l, {"--width", "400"})), 1) << ext;
    EXPECT_TRUE(QFileInfo(l).isSymLink()) << ext;
  }
  QFile t(target);
  ASSERT_TRUE(t.open(QIODevice::ReadOnly));
  EXPECT_EQ(t.readAll(), QByteArray("the link's target"));

  const QString priv = dir.filePath("private.png");
  {
    QFile f(priv);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("old");
  }
  ASSERT_TRUE(QFile::setPermissions(priv, QFile::ReadOwner | QFile::WriteOwner));
  ASSERT_EQ(rl::app::export_main(export_args(priv, {"--width", "400"})), 0);
  EXPECT_EQ(std::filesystem::status(priv.toStdString()).permissions(), std::filesystem::perms(0600));
  EXPECT_EQ(QImage(priv).width(), 400);
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).filter(".rl-tmp-"),
            QStringList{});
}

TEST(Export, LibraryPanes) {
  QTemporaryDir dir;
  const QString png = dir.filePath("libs.png");
  const QStringList opts = {"--panes", "matlab,opencv-cubic,pillow-bicubic,torch-bicubic,torch-bicubic-aa",
                            "--scale", "0.4",
                            "--crop",  "0,0,256,256"};
  ASSERT_EQ(rl::app::export_main(export_args(png, opts)), 0);
  const QImage img(png);
  ASSERT_FALSE(img.isNull());
  const rl::app::ExportJob job = rl::app::prepare_export(export_args(png, opts));
  ASSERT_EQ(job.spec.comparison.results.size(), 5u);
  const QStringList labels{"OpenCV INTER_CUBIC", "Pillow BICUBIC", "torch bicubic", "torch bicubic"};
  const auto& ref = *job.spec.comparison.results[0].image;
  for (int i = 1; i < 5; ++i) {
    const auto& p = job.spec.comparison.results[static_cast<std::size_t>(i)];
    const QString& label = job.spec.labels[i];
    EXPECT_TRUE(label.startsWith(labels[i - 1])) << label.toStdString();
    ASSERT_TRUE(p.image && p.plan);
    // Every library pane at MATLAB's size (ceil(0.4 * 512) = 205; torch's own floor would give 204),
    // and in the source's type (torch through float32).
    EXPECT_EQ(p.image->rows(), 205);
    EXPECT_EQ(p.image->cols(), 205);
    EXPECT_EQ(p.image->type(), ref.type());
    EXPECT_GT(rl::diff_stats(*p.image, ref).max_abs, 0.0) << i;
  }
  // OpenCV and torch without antialias keep 4 taps when shrinking; Pillow and torch's antialias widen.
  EXPECT_EQ(job.spec.comparison.results[1].plan->cols.taps, 4);
  EXPECT_GT(job.spec.comparison.results[2].plan->cols.taps, 4);
  EXPECT_EQ(job.spec.comparison.results[3].plan->cols.taps, 4);
  EXPECT_GT(job.spec.comparison.results[4].plan->cols.taps, 4);
  EXPECT_TRUE(job.spec.labels[4].contains("antialias")) << job.spec.labels[4].toStdString();
}

TEST(Export, BadLibraryPaneNamesExit2WithOneLine) {
  QTemporaryDir dir;
  const QString out = dir.filePath("out.png");
  for (const char* pane : {"opencv-bicubic", "pillow-cubic", "torch-lanczos", "opencv-cubic-aa",
                           "pillow-bicubic-ac", "torch-nearest-ac", "sklearn-cubic", "opencv-"}) {
    const QStringList args = export_args(out, {"--panes", QStringLiteral("matlab,") + pane});
    EXPECT_EQ(rl::app::export_main(args), 2) << pane;
    try {
      rl::app::prepare_export(args);
      ADD_FAILURE() << pane << " was accepted";
    } catch (const rl::app::CommandLineError& e) {
      EXPECT_EQ(e.code, 2);
      EXPECT_FALSE(e.message.contains('\n')) << e.message.toStdString();
      EXPECT_TRUE(e.message.contains(pane)) << e.message.toStdString();
      if (QString(pane).startsWith("opencv-b") ||
          QString(pane).startsWith("torch-lanczos")) {  // names the method
        EXPECT_TRUE(e.message.contains("has no method")) << e.message.toStdString();
      }
    }
  }
  EXPECT_FALSE(QFile::exists(out));
}

TEST(ExportDialog, WritesTheChosenFormat) {
  QTemporaryDir dir;
  rl::app::ExportJob job = rl::app::prepare_export(export_args(dir.filePath("x.png"), {"--scale", "0.25"}));
  rl::ui::ExportDialog d(job.spec, dir.filePath("dialog.png"));
  EXPECT_EQ(d.spec().width_px, job.spec.width_px);
  ASSERT_TRUE(d.export_now());
  const QImage img(dir.filePath("dialog.png"));
  EXPECT_EQ(img.size(), rl::ui::figure_size(job.spec));
}

}  // namespace

namespace {

// One --crop rule for the window and the export: the window's decimals (a region between pixel
// edges) and the export's whole pixels both parse; the export widens a fractional edge.
TEST(Options, CropSpellings) {
  EXPECT_EQ(rl::ui::parse_crop("100,0,150,120"), QRectF(100, 0, 150, 120));
  EXPECT_EQ(rl::ui::parse_crop(" 1.5, 2.25 ,10,20.5"), QRectF(1.5, 2.25, 10, 20.5));
  EXPECT_EQ(rl::ui::parse_crop("-4,0,8,8"), QRectF(-4, 0, 8, 8));  // the window may show beyond the image
  for (const char* bad :
       {"1,2,3", "1,2,3,4,5", "a,2,3,4", "1,2,0,4", "1,2,3,-4", "1,2,inf,4", "nan,2,3,4", ""})
    EXPECT_FALSE(rl::ui::parse_crop(bad).has_value()) << bad;
  QTemporaryDir dir;
  const QString out = dir.filePath("c.png");
  const auto job = rl::app::prepare_export(export_args(out, {"--crop", "10.5,20,30.25,40"}));
  EXPECT_EQ(job.spec.crop, QRect(10, 20, 31, 40));  // 10.5..40.75 covers pixels 10..40
  for (const char* bad : {"1,2,0,4", "-1,0,10,10", "0,0,9999,10"}) {
    try {
      rl::app::prepare_export(export_args(out, {"--crop", bad}));
      ADD_FAILURE() << bad << " was accepted";
    } catch (const rl::app::CommandLineError& e) {
      EXPECT_EQ(e.code, 2) << bad;
      EXPECT_TRUE(e.message.contains("--crop")) << e.message.toStdString();
    }
  }
  EXPECT_FALSE(QFile::exists(out));
}

// The help lists what core, peers and io offer, not a copy of them.
TEST(Options, HelpListsComeFromTheCode) {
  EXPECT_TRUE(rl::app::matlab_method_list().contains("lanczos3"));
  EXPECT_EQ(rl::app::matlab_method_list().split(' ').size(), static_cast<int>(rl::builtin_methods().size()));
  const QString libs = rl::app::library_pane_list("");
  for (const rl::peers::PeerSpec& p : rl::peers::all_peer_specs()) {
    // Every library method is named (its -aa/-ac forms are spelled in the text around the list).
    const QString name = QString::fromStdString(rl::peers::to_string(p.library)) + "-" +
                         QString::fromStdString(rl::peers::method_name(p.library, p.method));
    EXPECT_TRUE(libs.contains(name)) << name.toStdString();
  }
  EXPECT_TRUE(rl::app::image_extension_list().contains("png"));
}

}  // namespace
