// File > Export's SR paper figure with a statistics region drawn in the window: every inset prints
// its pane's whole-image scores (rl::score_sr of the whole result against the mod-cropped HR, what
// `imresize score` prints), never the region's; a crop's own scores only when asked for, labelled.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QPainter>
#include <QTest>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "rl/image_ops.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/statistics_text.hpp"
#include "test_util.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

QString shown(const rl::SrScore& s) {
  return rl::ui::psnr_text(s.psnr) + " / " + QString::number(s.ssim, 'f', 4);
}

// The texts the figure draws under pane `pane`'s insets (the line after its label).
QStringList inset_scores(const rl::ui::FigureSpec& spec, int pane, QString* caption = nullptr) {
  const rl::ui::SrPaperGeometry g = rl::ui::sr_paper_geometry(spec);
  EXPECT_TRUE(g.error.isEmpty()) << g.error.toStdString();
  QImage img(g.size, QImage::Format_ARGB32);
  QPainter p(&img);
  rl::ui::TextLog log;
  rl::ui::render_figure(p, spec, &log);
  QStringList out;
  for (const rl::ui::SrPaperInset& in : g.insets) {
    if (in.pane != pane) continue;
    for (const rl::ui::DrawnText& t : log)  // the scores' line ends the inset's cell
      if (t.cell.left() == in.cell.left() && t.cell.top() > in.image.bottom() &&
          std::abs(t.cell.bottom() - in.cell.bottom()) < 1.0)
        out << t.text;
  }
  if (caption) *caption = log.empty() ? QString() : log.back().text;
  return out;
}

TEST(SrPaperRegion, InsetsShowTheWholeImagesScoresWhateverRegionTheWindowDrew) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  w.open_file(kBird);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc->source_path() == kBird; }, 60000));
  w.apply_sr_baselines(4);
  rl::ui::DiffSettings d = doc->diff_settings();
  d.protocol = rl::SrProtocol::Srcnn;
  w.set_diff_settings(d);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).sr; }, 60000));
  doc->set_region(QRect(60, 40, 100, 90));  // a Ctrl+drag
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).sr && doc->region(); }, 60000));

  rl::ui::FigureSpec spec = rl::app::figure_spec_of(w);
  spec.crops = {QRect(100, 60, 48, 40), QRect(0, 200, 40, 40)};
  rl::ui::ExportDialog dlg(spec, "fig.png", nullptr,
                           rl::ui::CommandLineWriter{rl::app::export_command, rl::app::shell_line});
  auto* layout = dlg.findChildren<QComboBox*>().value(0);
  ASSERT_TRUE(layout);
  layout->setCurrentIndex(layout->findData(int(rl::ui::FigureLayout::SrPaper)));
  const rl::ui::FigureSpec paper = dlg.spec();
  const auto& hr = *doc->source();
  for (int pane = 0; pane < doc->pane_count(); ++pane) {
    const auto& result = *doc->result(pane).image;
    const QString whole = shown(rl::score_sr(result, hr, 4, rl::SrProtocol::Srcnn));
    QString caption;
    const QStringList texts = inset_scores(paper, pane, &caption);
    ASSERT_EQ(texts.size(), 2) << pane;  // one per crop row
    for (const QString& t : texts) EXPECT_EQ(t, whole) << pane;
    EXPECT_TRUE(caption.contains("each whole image")) << caption.toStdString();
    EXPECT_FALSE(caption.contains("region")) << caption.toStdString();
  }
  // The command line says nothing of the region, and nothing is left out.
  EXPECT_TRUE(dlg.command().left_out.isEmpty()) << dlg.command().left_out.join("; ").toStdString();

  // Asked for: each crop's own scores, labelled, and the caption says what they are.
  auto* crop_scores = dlg.findChild<QCheckBox*>("cropScores");
  ASSERT_TRUE(crop_scores && crop_scores->isEnabled());
  crop_scores->setChecked(true);
  const rl::ui::FigureSpec per_crop = dlg.spec();
  EXPECT_TRUE(dlg.command_text().contains("--crop-scores")) << dlg.command_text().toStdString();
  const auto& result = *doc->result(1).image;
  QString caption;
  const QStringList texts = inset_scores(per_crop, 1, &caption);
  ASSERT_EQ(texts.size(), 2);
  for (int j = 0; j < 2; ++j) {
    const QRect c = per_crop.crops[j];
    const auto crop = [&](const rl::Image& im) { return rl::crop(im, c.y(), c.x(), c.height(), c.width()); };
    const rl::SrScore s = rl::score_sr_shaved(crop(result), crop(hr), 0, rl::SrProtocol::Srcnn);
    EXPECT_EQ(texts[j], "crop " + shown(s)) << j;
  }
  EXPECT_TRUE(caption.contains("that crop alone")) << caption.toStdString();
  // The command's figure is the dialog's.
  const rl::ui::FigureSpec back = rl::app::prepare_export(dlg.command().args).spec;
  EXPECT_EQ(rl::ui::render_figure_image(per_crop), rl::ui::render_figure_image(back));

  // A spec whose comparison still has a region draws no scores of it: it refuses.
  rl::ui::FigureSpec leaked = per_crop;
  leaked.comparison = doc->comparison();
  EXPECT_TRUE(rl::ui::sr_paper_geometry(leaked).error.contains("region 60,40,100,90"));
}

}  // namespace
