// Every whole-image score the window and its figures print is `imresize score`'s for the same pair
// and protocol, under every protocol: the statistics dock's cells, the pane header's line, the SR
// paper figure's insets and the row figure's statistics. Set5 bird as the HR, the SR round trips of
// MATLAB bicubic and bilinear at x4 (the window's --sr-scale 4), each pane's result written as PNG and
// scored by the program as a user runs it.
#include <gtest/gtest.h>

#include <QBuffer>
#include <QComboBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "imresize_score.hpp"
#include "resizelab_request.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/statistics_text.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

// The texts of the row figure, painted into an SVG, joined.
QString row_figure_text(const rl::ui::FigureSpec& spec) {
  QBuffer buf;
  buf.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buf);
  const QSize size = rl::ui::figure_size(spec);
  gen.setSize(size);
  gen.setViewBox(QRect(QPoint(), size));
  QPainter p(&gen);
  rl::ui::render_figure(p, spec);
  p.end();
  QStringList out;
  static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
  for (auto it = text.globalMatch(QString::fromUtf8(buf.data())); it.hasNext();) {
    QTextDocument d;
    d.setHtml(it.next().captured(1));
    out << d.toPlainText();
  }
  return out.join(QString());
}

// The SR paper figure's texts: under each inset, the line that ends its cell.
QStringList inset_scores(const rl::ui::FigureSpec& spec, int pane) {
  const rl::ui::SrPaperGeometry g = rl::ui::sr_paper_geometry(spec);
  EXPECT_TRUE(g.error.isEmpty()) << g.error.toStdString();
  QImage img(g.size, QImage::Format_ARGB32);
  QPainter p(&img);
  rl::ui::TextLog log;
  rl::ui::render_figure(p, spec, &log);
  QStringList out;
  for (const rl::ui::SrPaperInset& in : g.insets)
    if (in.pane == pane)
      for (const rl::ui::DrawnText& t : log)
        if (t.cell.left() == in.cell.left() && t.cell.top() > in.image.bottom() &&
            std::abs(t.cell.bottom() - in.cell.bottom()) < 1.0)
          out << t.text;
  return out;
}

TEST(ScoresEverywhere, EveryPrintedWholeImageScoreIsImresizeScoresForEveryProtocol) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  rl::ui::Document& doc = *w.document();
  rl::app::start_window(
      w, rl::app::parse_request({"resizelab", "--sr-scale", "4", "--panes", "matlab,bilinear", kBird},
                                rl::app::OptionMode::Window));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return !doc.busy() && doc.source_path() == kBird && doc.diff(1).stats; }, 60000));
  const rl::Image hr = rl::io::load(kBird.toStdString());
  auto* table = w.findChild<QTableWidget*>();
  ASSERT_TRUE(table);
  for (const rl::SrProtocol p : {rl::SrProtocol::Srcnn, rl::SrProtocol::Rcan, rl::SrProtocol::Basicsr,
                                 rl::SrProtocol::BasicsrRgb, rl::SrProtocol::Ntire, rl::SrProtocol::Lapsrn}) {
    const QString name = QLatin1String(rl::sr_protocol_info(p).name);
    rl::ui::DiffSettings d = doc.diff_settings();
    d.protocol = p;
    w.set_diff_settings(d);
    ASSERT_TRUE(QTest::qWaitFor(
        [&]() {
          return !doc.busy() && doc.diff(0).sr && doc.diff(1).sr && doc.diff(1).made_from->protocol == p;
        },
        120000))
        << name.toStdString();
    QCoreApplication::processEvents();
    const rl::ui::FigureSpec row = rl::app::figure_spec_of(w);
    const QString row_text = row_figure_text(row);
    rl::ui::FigureSpec paper = row;
    paper.layout = rl::ui::FigureLayout::SrPaper;
    paper.crops = {QRect(100, 60, 48, 40)};
    for (int i = 0; i < 2; ++i) {
      const std::string where = name.toStdString() + " pane " + std::to_string(i + 1);
      const auto [psnr, ssim] = rl::test::imresize_score(RL_IMRESIZE_EXE, *doc.result(i).image, hr, 4, name);
      const QString psnr_s = rl::ui::psnr_text(psnr), ssim_s = QString::number(ssim, 'f', 4);
      // The statistics dock: the protocol's two columns.
      QString dock_psnr, dock_ssim;
      for (int c = 0; c < table->columnCount(); ++c) {
        const QString head = table->horizontalHeaderItem(c)->text().simplified();
        if (head == "PSNR (" + name + ")") dock_psnr = table->item(i, c)->text();
        if (head == "SSIM (" + name + ")") dock_ssim = table->item(i, c)->text();
      }
      EXPECT_EQ(dock_psnr.simplified(), psnr_s + " dB") << where;
      EXPECT_EQ(dock_ssim.simplified(), ssim_s) << where;
      // The pane header's statistics line.
      const QString header = w.pane(i)->stats_label()->full_text();
      EXPECT_TRUE(header.contains(QString("PSNR (%1) %2 dB").arg(name, psnr_s)))
          << where << ": " << header.toStdString();
      EXPECT_TRUE(header.contains(QString("SSIM (%1) %2").arg(name, ssim_s)))
          << where << ": " << header.toStdString();
      // The row figure's statistics and the SR paper figure's insets.
      EXPECT_TRUE(row_text.contains(QString("PSNR (%1) %2 dB").arg(name, psnr_s))) << where;
      EXPECT_EQ(inset_scores(paper, i), QStringList{psnr_s + " / " + ssim_s}) << where;
    }
  }
}

}  // namespace
