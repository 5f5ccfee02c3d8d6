// `resizelab --export --layout sr-paper`: every text inside its cell, the boxes inside the reference
// thumbnail, each inset's pixels exactly the pane's (nearest-neighbour blocks), the PSNR / SSIM printed
// equal to what `imresize score --protocol srcnn` prints for the same pair, PNG/SVG/PDF written; and
// the errors of --crop, --sr-scale and sr-paper, each one line, exit 2.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>
#include <cstring>

#include "figure_export.hpp"
#include "imresize_score.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/figure.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");  // 288x288 Set5 HR

QStringList paper_args(const QString& out, const QStringList& more) {
  return QStringList{"resizelab", "--export", out, "--layout", "sr-paper", "--sr-scale", "4"} + more;
}

bool logged(const rl::ui::TextLog& log, const QString& text) {
  for (const auto& t : log)
    if (t.text == text) return true;
  return false;
}

// `imresize ARGS...` as a user runs it.
void imresize(const QStringList& args) {
  QProcess p;
  p.start(RL_IMRESIZE_EXE, args);
  EXPECT_TRUE(p.waitForFinished(60000));
  EXPECT_EQ(p.exitCode(), 0) << args.join(' ').toStdString() << ": "
                             << p.readAllStandardError().toStdString();
}

// The layout and the pixels, on Set5's bird with two crops (one at the image's corner): MATLAB bicubic
// and nearest round trips at x4, and two "outside" results as files, made from MATLAB's LR x4 by other
// resizers (Pillow's bicubic and OpenCV's Lanczos, through `imresize --like`).
TEST(SrPaperExport, LabelsInsideBoxesInsidePixelsExactScoresAsImresizeScore) {
  ASSERT_TRUE(QFile::exists(kBird)) << "golden data missing: " << kBird.toStdString();
  QTemporaryDir dir;
  const QString lr = dir.filePath("bird_lr.png"), pil = dir.filePath("pillow_x4.png"),
                ocv = dir.filePath("opencv_x4.png");
  imresize({kBird, lr, "--scale", "1/4"});
  imresize({lr, pil, "--scale", "4", "--like", "pillow", "--method", "bicubic"});
  imresize({lr, ocv, "--scale", "4", "--like", "opencv", "--method", "lanczos4"});
  const rl::app::ExportJob job = rl::app::prepare_export(paper_args(
      dir.filePath("fig.png"), {"--panes", "matlab,nearest,file:" + pil + ",file:" + ocv, "--crop",
                                "100,60,48,40", "--crop", "248,256,40,32", "--width", "1200", kBird}));
  const rl::ui::FigureSpec& spec = job.spec;
  ASSERT_EQ(spec.comparison.diff.protocol, rl::SrProtocol::Srcnn);  // sr-paper's default
  ASSERT_EQ(spec.crops.size(), 2);
  const rl::ui::SrPaperGeometry g = rl::ui::sr_paper_geometry(spec);
  ASSERT_TRUE(g.error.isEmpty()) << g.error.toStdString();
  const QSize size = rl::ui::figure_size(spec);
  EXPECT_EQ(size, g.size);
  ASSERT_EQ(g.boxes.size(), 2);
  for (const QRectF& b : g.boxes) EXPECT_TRUE(g.thumbnail.contains(b)) << b.x() << "," << b.y();
  EXPECT_NE(g.colours[0], g.colours[1]);
  // Rendered as the PNG is, with every text logged with the rectangle it was drawn into.
  QImage img(size, QImage::Format_RGB32);
  rl::ui::TextLog log;
  {
    QPainter p(&img);
    rl::ui::render_figure(p, spec, &log);
  }
  ASSERT_FALSE(log.empty());
  for (const rl::ui::DrawnText& t : log) {
    EXPECT_FALSE(t.text.contains(QChar(0x2026))) << "elided: " << t.text.toStdString();
    EXPECT_TRUE(t.cell.adjusted(-0.5, -0.5, 0.5, 0.5).contains(t.box))
        << t.text.toStdString() << " at " << t.box.x() << "," << t.box.y() << " " << t.box.width() << "x"
        << t.box.height() << " in its cell " << t.cell.x() << "," << t.cell.y() << " " << t.cell.width();
    EXPECT_TRUE(QRectF(img.rect()).contains(t.cell)) << t.text.toStdString();
  }
  // Two rows of HR + four panes; the file panes are the files.
  ASSERT_EQ(g.insets.size(), 10);
  const rl::Image hr = rl::io::load(kBird.toStdString());
  for (const auto& [i, file] : {std::pair{2, pil}, {3, ocv}}) {
    const rl::Image want = rl::io::load(file.toStdString());
    const rl::Image& got = *spec.comparison.results[i].image;
    ASSERT_TRUE(got.same_shape(want));
    EXPECT_EQ(0, std::memcmp(got.data<std::uint8_t>(), want.data<std::uint8_t>(), want.elements()));
    EXPECT_TRUE(logged(log, QFileInfo(file).fileName())) << file.toStdString();
  }
  for (const rl::ui::SrPaperInset& in : g.insets) {
    EXPECT_TRUE(in.cell.contains(in.image));
    EXPECT_TRUE(QRectF(img.rect()).contains(in.cell));
    ASSERT_EQ(in.source, spec.crops[in.crop]);
    ASSERT_GE(in.factor, 2);
    EXPECT_EQ(in.image.width(), in.source.width() * in.factor);
    const rl::Image& pane =
        in.pane < 0 ? hr : *spec.comparison.results[static_cast<std::size_t>(in.pane)].image;
    // Every pixel of the crop is a factor x factor block of the figure, its corners and centre
    // exactly the pane's value.
    int wrong = 0;
    for (int r = 0; r < in.source.height(); ++r)
      for (int c = 0; c < in.source.width(); ++c) {
        const int x0 = static_cast<int>(in.image.x()) + c * in.factor,
                  y0 = static_cast<int>(in.image.y()) + r * in.factor;
        const QRgb want = qRgb(static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 0)),
                               static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 1)),
                               static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 2)));
        for (const auto& [dx, dy] :
             {std::pair{0, 0}, {in.factor - 1, in.factor - 1}, {in.factor / 2, in.factor / 2}})
          wrong += (img.pixel(x0 + dx, y0 + dy) & 0xffffff) != (want & 0xffffff);
      }
    EXPECT_EQ(wrong, 0) << "crop " << in.crop << " pane " << in.pane;
  }
  // The scores under each pane: what `imresize score` prints for that pane and the HR.
  for (std::size_t i = 0; i < spec.comparison.results.size(); ++i) {
    const auto [psnr, ssim] =
        rl::test::imresize_score(RL_IMRESIZE_EXE, *spec.comparison.results[i].image, hr, 4, "srcnn");
    ASSERT_TRUE(spec.comparison.diffs[i].sr);
    EXPECT_EQ(spec.comparison.diffs[i].sr->psnr, psnr) << i;
    EXPECT_EQ(spec.comparison.diffs[i].sr->ssim, ssim) << i;
    const QString printed = QString::number(psnr, 'f', 2) + " / " + QString::number(ssim, 'f', 4);
    EXPECT_TRUE(logged(log, printed)) << printed.toStdString();
  }
  // Bicubic up beats nearest up on a photo, and another library's bicubic of the same LR is within a
  // dB of MATLAB's (the SR tables' baselines).
  EXPECT_GT(spec.comparison.diffs[0].sr->psnr, spec.comparison.diffs[1].sr->psnr + 1.0);
  EXPECT_NEAR(spec.comparison.diffs[2].sr->psnr, spec.comparison.diffs[0].sr->psnr, 1.0);
  EXPECT_TRUE(logged(log, "HR: bird.bmp, 288\u00d7288"));
  // The same figure in the three formats: the PNG's insets hold the panes' pixels where the geometry
  // puts them, the SVG's text the HR line and MATLAB's score, the PDF is a whole PDF.
  for (const char* ext : {"png", "svg", "pdf"}) {
    const QString out = dir.filePath(QStringLiteral("fig.") + ext);
    const QStringList args = paper_args(out, {"--panes", "matlab,nearest", "--crop", "100,60,48,40", kBird});
    ASSERT_EQ(rl::app::export_main(args), 0) << ext;
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << ext;
    const QByteArray bytes = f.readAll();
    const rl::ui::FigureSpec two = rl::app::prepare_export(args).spec;
    if (QByteArray(ext) == "png") {
      const QImage png = QImage::fromData(bytes).convertToFormat(QImage::Format_RGB32);
      ASSERT_EQ(png.size(), rl::ui::figure_size(two));
      const rl::ui::SrPaperGeometry g2 = rl::ui::sr_paper_geometry(two);
      ASSERT_EQ(g2.insets.size(), 3);  // HR, MATLAB, nearest
      for (const rl::ui::SrPaperInset& in : g2.insets) {
        const rl::Image& pane =
            in.pane < 0 ? hr : *two.comparison.results[static_cast<std::size_t>(in.pane)].image;
        for (const auto& [r, c] : {std::pair{0, 0}, {in.source.height() - 1, in.source.width() - 1}}) {
          const int x = static_cast<int>(in.image.x()) + c * in.factor + in.factor / 2,
                    y = static_cast<int>(in.image.y()) + r * in.factor + in.factor / 2;
          const QRgb want = qRgb(static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 0)),
                                 static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 1)),
                                 static_cast<int>(pane.at(in.source.y() + r, in.source.x() + c, 2)));
          EXPECT_EQ(png.pixel(x, y) & 0xffffff, want & 0xffffff)
              << "pane " << in.pane << " at " << r << "," << c;
        }
      }
    } else if (QByteArray(ext) == "svg") {
      EXPECT_TRUE(bytes.contains("HR: bird.bmp, 288\u00d7288"));
      ASSERT_TRUE(two.comparison.diffs[0].sr);
      const QString matlab = QString::number(two.comparison.diffs[0].sr->psnr, 'f', 2) + " / " +
                             QString::number(two.comparison.diffs[0].sr->ssim, 'f', 4);
      EXPECT_TRUE(bytes.contains(matlab.toUtf8())) << matlab.toStdString();
    } else {
      EXPECT_TRUE(bytes.startsWith("%PDF-"));
      EXPECT_TRUE(bytes.trimmed().endsWith("%%EOF"));
    }
  }
}

// The error each bad command gives (one line, exit 2), and that no file is written.
TEST(SrPaperExport, CropAndSrScaleErrors) {
  QTemporaryDir dir;
  const QString out = dir.filePath("fig.png");
  const auto error_of = [](const QStringList& args) -> rl::app::CommandLineError {
    try {
      (void)rl::app::prepare_export(args);
    } catch (const rl::app::CommandLineError& e) {
      return e;
    }
    ADD_FAILURE() << args.join(' ').toStdString() << " was accepted";
    return {0, {}};
  };
  const std::pair<QStringList, QString> cases[] = {
      {{"resizelab", "--export", out, "--crop", "0,0,8,8", "--crop", "4,4,8,8", kBird},
       "--crop given 2 times: only --layout sr-paper shows more than one region"},
      {{"resizelab", "--export", out, "--layout", "sr-paper", kBird},
       "--layout sr-paper needs --sr-scale S (the SR factor)"},
      {paper_args(out, {"--crop", "0,0,8", kBird}), rl::app::crop_error("0,0,8")},
      {paper_args(out, {"--crop", "280,0,16,16", kBird}),
       "--crop 280,0,16,16 is outside the 288\u00d7288 image"},
      // 800 px: margins 12, gaps 7, five columns of floor((776 - 4 * 7) / 5) = 149 px, 2 px frames each side.
      {paper_args(out, {"--width", "800", "--crop", "0,0,288,40", kBird}),
       "crop 1 (0,0,288,40) does not fit a 145 px cell of a 800 px wide figure with 5 columns: give a "
       "smaller crop "
       "or a larger width"},
      {paper_args(out, {"--plots", "kernel", kBird}),
       "--plots has no place in --layout sr-paper (it draws insets and scores)"},
      {paper_args(out, {"--scale", "4", kBird}),
       "--sr-scale is the scale: give no --scale or --size with it"},
      {paper_args(out, {"--reference", kBird, kBird}),
       "--sr-scale compares with IMAGE, the HR: give no --reference"},
      {{"resizelab", "--export", out, "--sr-scale", "1", kBird},
       "--sr-scale takes an integer SR factor 2..16, got '1'"},
      {{"resizelab", "--export", out, "--sr-scale", "2.5", kBird},
       "--sr-scale takes an integer SR factor 2..16, got '2.5'"},
      {{"resizelab", "--export", out, "--layout", "paper", kBird},
       "--layout must be row, grid or sr-paper, got 'paper'"},
  };
  for (const auto& [args, message] : cases) {
    const rl::app::CommandLineError e = error_of(args);
    EXPECT_EQ(e.code, 2) << args.join(' ').toStdString();
    EXPECT_EQ(e.message, message) << args.join(' ').toStdString();
    EXPECT_EQ(rl::app::export_main(args), 2);
    EXPECT_FALSE(QFile::exists(out));
  }
  // Repeated --crop parses in order; the row layout takes one, sr-paper all of them.
  const auto two = rl::app::prepare_export(
      paper_args(out, {"--panes", "nearest", "--crop", "0,0,8,8", "--crop", "4.5,4,8,8", kBird}));
  ASSERT_EQ(two.spec.crops.size(), 2);
  EXPECT_EQ(two.spec.crops[0], QRect(0, 0, 8, 8));
  EXPECT_EQ(two.spec.crops[1], QRect(4, 4, 9, 8));  // a fractional edge widens to the next pixel
}

}  // namespace
