// File > Export's command line: what the dialog shows, split by a real shell, is the words
// export_command made, and `resizelab --export` of those words (prepare_export) makes the figure the
// dialog would write, for the SR paper's figure of the window's Super-Resolution Baselines and for
// a row figure with a one-channel signed map.
#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

// The words /bin/sh makes of `line` (set -- LINE, then each word NUL-terminated).
QStringList shell_words(const QString& line) {
  QProcess p;
  p.start("/bin/sh", {"-c", "set -- " + line + "; for a; do printf '%s\\0' \"$a\"; done"});
  EXPECT_TRUE(p.waitForFinished(10000));
  QStringList words = QString::fromUtf8(p.readAllStandardOutput()).split(QChar(0));
  words.removeLast();  // after the last NUL
  return words;
}

// The settings that make the figure: the same in both, with a channel the map does not use ignored.
void expect_same_request(const rl::ui::FigureSpec& a, const rl::ui::FigureSpec& b) {
  EXPECT_EQ(a.layout, b.layout);
  EXPECT_EQ(a.width_px, b.width_px);
  EXPECT_EQ(a.dpi, b.dpi);
  const rl::ui::Comparison &ca = a.comparison, &cb = b.comparison;
  EXPECT_EQ(ca.panes, cb.panes);
  EXPECT_EQ(ca.sr_scale(), cb.sr_scale());
  EXPECT_EQ(ca.base.boundary, cb.base.boundary);
  rl::ui::DiffSettings da = ca.diff, db = cb.diff;
  for (rl::ui::DiffSettings* d : {&da, &db})
    if (d->mode == rl::DiffMode::AbsMaxChannel || d->ssim_map) d->channel = 0;
  EXPECT_EQ(da, db);
  ASSERT_EQ(ca.results.size(), cb.results.size());
  for (std::size_t i = 0; i < ca.results.size(); ++i) {
    ASSERT_TRUE(ca.results[i].image && cb.results[i].image) << i;
    EXPECT_TRUE(ca.results[i].image->same_shape(*cb.results[i].image)) << i;
    EXPECT_EQ(0, std::memcmp(ca.results[i].image->data<std::uint8_t>(),
                             cb.results[i].image->data<std::uint8_t>(), ca.results[i].image->elements()))
        << i;
  }
  if (a.layout == rl::ui::FigureLayout::SrPaper) {
    EXPECT_EQ(rl::ui::sr_paper_crops(a), rl::ui::sr_paper_crops(b));
  } else {
    EXPECT_EQ(a.crop, b.crop);
    EXPECT_EQ(ca.base.scale, cb.base.scale);
    EXPECT_EQ(a.plots, b.plots);
    EXPECT_EQ(a.show_diffs, b.show_diffs);
  }
}

// The dialog's line through a shell, then through the export; returns the export's spec.
rl::ui::FigureSpec reparse(const rl::ui::ExportDialog& dlg) {
  const rl::ui::ExportCommand c = dlg.command();
  EXPECT_TRUE(c.left_out.isEmpty()) << c.left_out.join("; ").toStdString();
  const QStringList words = shell_words(dlg.command_text());
  EXPECT_EQ(words, c.args) << dlg.command_text().toStdString();
  return rl::app::prepare_export(words).spec;
}

TEST(ExportCommand, TheDialogsLineReparsesToTheSameFigure) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  // A folder with a space and a quote: the line quotes them for the shell.
  QTemporaryDir dir;
  const QString odd = dir.filePath("Set5 it's/bird.bmp");
  ASSERT_TRUE(QDir().mkpath(QFileInfo(odd).path()) && QFile::copy(kBird, odd));
  w.open_file(odd);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc->source_path() == odd; }, 60000));
  w.apply_sr_baselines(4);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(3).sr && doc->diff(0).sr; }, 60000));

  rl::ui::FigureSpec spec = rl::app::figure_spec_of(w);
  spec.crops = {QRect(100, 60, 48, 40), QRect(0, 248, 40, 40)};
  rl::ui::ExportDialog dlg(spec, dir.filePath("fig.pdf"), nullptr,
                           rl::ui::CommandLineWriter{rl::app::export_command, rl::app::shell_line});
  auto* layout = dlg.findChildren<QComboBox*>().value(0);
  ASSERT_TRUE(layout);
  const int paper = layout->findData(int(rl::ui::FigureLayout::SrPaper));
  ASSERT_GE(paper, 0);
  layout->setCurrentIndex(paper);
  const QString line = dlg.command_text();
  EXPECT_TRUE(line.startsWith("resizelab --export ")) << line.toStdString();
  EXPECT_TRUE(line.contains("--layout sr-paper")) << line.toStdString();
  EXPECT_TRUE(line.contains("--sr-scale 4 --crop 100,60,48,40 --crop 0,248,40,40")) << line.toStdString();
  EXPECT_TRUE(line.contains("--panes matlab,nearest,bilinear,lanczos3")) << line.toStdString();
  EXPECT_TRUE(line.endsWith("'" + QString(odd).replace("'", R"('\'')") + "'")) << line.toStdString();
  const rl::ui::FigureSpec back = reparse(dlg);
  expect_same_request(dlg.spec(), back);
  // The same figure, pixel for pixel.
  EXPECT_EQ(rl::ui::render_figure_image(dlg.spec()), rl::ui::render_figure_image(back));
  // Copy puts the line on the clipboard.
  auto* copy = dlg.findChild<QPushButton*>("copyCommand");
  ASSERT_TRUE(copy);
  copy->click();
  EXPECT_EQ(QApplication::clipboard()->text(), line);

  // The Crops field is what the SR paper's figure boxes: typed, or pasted from View > Copy Region as
  // --crop; a group that is not x,y,w,h writes nothing.
  auto* crops = dlg.findChild<QLineEdit*>("srPaperCrops");
  ASSERT_TRUE(crops);
  EXPECT_TRUE(crops->isEnabled());
  EXPECT_EQ(crops->text(), QString("100,60,48,40; 0,248,40,40"));
  crops->setText("--crop 20,30,40,40 --crop 150,150,30,30; 5.5,5,10,10");
  EXPECT_EQ(dlg.spec().crops,
            (QList<QRect>{QRect(20, 30, 40, 40), QRect(150, 150, 30, 30), QRect(5, 5, 11, 10)}));
  EXPECT_TRUE(dlg.command_text().contains("--crop 20,30,40,40 --crop 150,150,30,30 --crop 5,5,11,10"))
      << dlg.command_text().toStdString();
  crops->setText("20,30,40");
  EXPECT_FALSE(dlg.export_now());
  EXPECT_FALSE(QFile::exists(dir.filePath("fig.pdf")));
  crops->setText("100,60,48,40; 0,248,40,40");
  ASSERT_TRUE(dlg.export_now());
  EXPECT_TRUE(QFile::exists(dir.filePath("fig.pdf")));

  // A row figure of the default panes: scale, a signed map of channel 2, width and plots.
  w.apply_panes(rl::ui::kDefaultPanes);
  rl::ui::DiffSettings d = doc->diff_settings();
  d.mode = rl::DiffMode::Signed;
  d.channel = 1;
  d.protocol.reset();
  w.set_diff_settings(d);
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).has_map(); }, 60000));
  rl::ui::FigureSpec row = rl::app::figure_spec_of(w);
  row.crop = QRect(10, 20, 64, 48);
  row.width_px = 1000;
  row.plots = {rl::ui::FigurePlot::Kernel, rl::ui::FigurePlot::Profile};
  rl::ui::ExportDialog row_dlg(row, dir.filePath("row.svg"), nullptr,
                               rl::ui::CommandLineWriter{rl::app::export_command, rl::app::shell_line});
  EXPECT_TRUE(row_dlg.command_text().contains("--diff signed:2")) << row_dlg.command_text().toStdString();
  expect_same_request(row_dlg.spec(), reparse(row_dlg));
  // What no option says is named under the line.
  d.fixed_range = true;
  row.comparison.diff = d;
  EXPECT_EQ(rl::app::export_command(row, "x.png").left_out, QStringList{"the fixed difference range (0..8)"});
  // An 8-bit image's fixed black and white points and a channel view are named too (no option says them).
  ASSERT_EQ(row.comparison.source->type(), rl::ElemType::U8);
  row.comparison.display = rl::ui::DisplayRange{50, 200, true, true, rl::ui::ViewChannel::R};
  EXPECT_EQ(rl::app::export_command(row, "x.png").left_out,
            (QStringList{"the fixed difference range (0..8)", "the display range of a uint8 image",
                         "the channel view"}));
}

}  // namespace
