// File > Export offers every plot `resizelab --export --plots` takes and the pixel they explain (the
// locked one first), its command line says them, and the figure it writes is that command's byte for
// byte; in SR mode (the panes compared with the image itself) it starts on the SR paper's layout.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

// What `resizelab --export --plots` takes (its help: docs/VIEWER.md, "Figures").
const char* const kPlots[] = {"kernel",  "frequency", "sampling", "taps",   "worked",
                              "profile", "mapping",   "window",   "surface"};

QByteArray read(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(ExportDialogPlots, EveryPlotAndThePixelAreOfferedAndTheCommandMakesTheSameFigure) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  w.set_scale(0.25);
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return !doc->busy() && doc->result(0).image && doc->result(0).image->rows() == 128; }, 60000));
  // A click locks output pixel (20, 40) of the reference pane: the dialog's pixel starts there.
  w.toggle_lock(QPointF(40 * 4 + 2, 20 * 4 + 2));
  ASSERT_EQ(w.locked_pixel(), QPoint(40, 20));
  rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), "fig.png", &w,
                           rl::ui::CommandLineWriter{rl::app::export_command, rl::app::shell_line});
  auto* pixel = dlg.findChild<QLineEdit*>("pixel");
  ASSERT_NE(pixel, nullptr);
  EXPECT_EQ(pixel->text(), "20,40");
  QStringList all;
  for (const char* name : kPlots) {
    ASSERT_TRUE(rl::ui::parse_figure_plot(name)) << name;
    auto* box = dlg.findChild<QCheckBox*>(QString(name) + "Plot");
    ASSERT_NE(box, nullptr) << "no box for the " << name << " plot";
    EXPECT_TRUE(box->isEnabled()) << name;
    box->setChecked(true);
    all << name;
  }
  pixel->setText("30,50");
  const QStringList args = dlg.command().args;
  ASSERT_GE(args.indexOf("--plots"), 0) << args.join(' ').toStdString();
  EXPECT_EQ(args.value(args.indexOf("--plots") + 1), all.join(',')) << args.join(' ').toStdString();
  ASSERT_GE(args.indexOf("--pixel"), 0) << args.join(' ').toStdString();
  EXPECT_EQ(args.value(args.indexOf("--pixel") + 1), "30,50");
  // A pixel that is no row,col is refused in one line, nothing written.
  QTemporaryDir tmp;
  const QString file = QDir(tmp.path()).filePath("fig.png");
  dlg.findChild<QLineEdit*>("figurePath")->setText(file);
  pixel->setText("30;50");
  EXPECT_FALSE(dlg.export_now());
  EXPECT_FALSE(QFile::exists(file));
  pixel->setText("30,50");
  ASSERT_TRUE(dlg.export_now());
  const QByteArray from_dialog = read(file);
  ASSERT_FALSE(from_dialog.isEmpty());
  ASSERT_TRUE(QFile::remove(file));
  QString line = dlg.command_text();
  ASSERT_TRUE(line.startsWith("resizelab ")) << line.toStdString();
  line = "\"$RL_EXE\"" + line.mid(QStringLiteral("resizelab").size());
  QProcess run;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("RL_EXE", RL_RESIZELAB_EXE);
  env.insert("QT_QPA_PLATFORM", "offscreen");
  run.setProcessEnvironment(env);
  run.start("/bin/sh", {"-c", line});
  ASSERT_TRUE(run.waitForFinished(120000));
  ASSERT_EQ(run.exitCode(), 0) << run.readAllStandardError().toStdString();
  EXPECT_TRUE(read(file) == from_dialog) << line.toStdString();
}

TEST(ExportDialogPlots, SrModeStartsOnTheSrPaperLayout) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  const auto layout_of_dialog = [&]() {
    rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), "fig.png", &w);
    return static_cast<rl::ui::FigureLayout>(dlg.findChild<QComboBox*>("layout")->currentData().toInt());
  };
  EXPECT_EQ(layout_of_dialog(), rl::ui::FigureLayout::Row);  // resizing methods: one row
  w.apply_sr_baselines(4);
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 120000));
  EXPECT_EQ(layout_of_dialog(), rl::ui::FigureLayout::SrPaper);
}

// With the window's view on one channel the maps are of it: the dialog's map kinds say so.
TEST(ExportDialogPlots, TheMapKindsNameTheChannelTheViewShows) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  const auto kinds = [&]() {
    rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), "fig.png", &w);
    auto* mode = dlg.findChild<QComboBox*>("diffMode");
    return mode ? mode->itemText(0) : QString();
  };
  EXPECT_EQ(kinds(), "|a - ref|, max over channels");
  rl::ui::DisplaySettings d;
  d.channel = rl::ui::ViewChannel::B;
  w.set_display_settings(d);
  ASSERT_TRUE(rl::ui::test::wait_idle(*w.document(), 60000));
  EXPECT_EQ(kinds(), "|a - ref|, channel B (the view's)");
}

}  // namespace
