// File > Export's "equivalent command" makes the dialog's figure: for every figure kind the dialog
// makes (row, grid, SR paper; with and without maps and the kernel plot, each kind of map; PNG, SVG
// and PDF), the dialog writes its figure, then the line it shows is run by /bin/sh as the resizelab
// program, and the two files are compared byte for byte (a PDF's creation date, the clock's, masked).
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <vector>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

QByteArray read(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A PDF's objects, each byte for byte but for what two runs of the writer may differ in: the date
// it stamps (the clock's), and the order in which it numbers the font subsets it embeds (a process
// that drew bold text before, such as the window, meets the fonts in another order): so the objects
// as a sorted list, their numbers, references and subset tags masked.
std::vector<QByteArray> pdf_objects(const QByteArray& pdf) {
  static const QRegularExpression date(QStringLiteral("\\(D:[0-9+\\-Z']+\\)"));
  static const QRegularExpression ref(QStringLiteral("\\b\\d+ 0 (R|obj)\\b"));
  static const QRegularExpression tag(QStringLiteral("/[A-Z]{6}\\+"));
  static const QRegularExpression xref(QStringLiteral("xref[\\s\\S]*$"));
  QString text = QString::fromLatin1(pdf);
  text.replace(date, QStringLiteral("(D:)")).replace(xref, QString());
  text.replace(ref, QStringLiteral("# 0 \\1")).replace(tag, QStringLiteral("/TAG+"));
  std::vector<QByteArray> out;
  for (const QString& o : text.split(QStringLiteral("endobj"))) out.push_back(o.toLatin1());
  std::sort(out.begin(), out.end());
  return out;
}

struct Kind {
  QString name;
  rl::ui::FigureLayout layout;
  bool diffs, kernel;
  rl::DiffMode mode;
};

// Sets the dialog to `k` and `ext`, writes its figure, runs its command and compares.
void check_kind(rl::ui::ExportDialog& dlg, const Kind& k, const QString& ext, const QDir& dir) {
  const std::string what = (k.name + " ." + ext).toStdString();
  auto* layout = dlg.findChild<QComboBox*>("layout");
  auto* format = dlg.findChild<QComboBox*>("format");
  auto* diffs = dlg.findChild<QCheckBox*>("diffs");
  auto* kernel = dlg.findChild<QCheckBox*>("kernelPlot");
  auto* mode = dlg.findChild<QComboBox*>("diffMode");
  auto* path = dlg.findChild<QLineEdit*>("figurePath");
  ASSERT_TRUE(layout && format && diffs && kernel && mode && path) << what;
  layout->setCurrentIndex(layout->findData(int(k.layout)));
  if (k.layout != rl::ui::FigureLayout::SrPaper) {
    diffs->setChecked(k.diffs);
    kernel->setChecked(k.kernel);
    mode->setCurrentIndex(mode->findData(int(k.mode)));
  }
  const QString file = dir.filePath("fig." + ext);
  path->setText(file);
  format->setCurrentIndex(format->findText(ext.toUpper()));
  ASSERT_EQ(dlg.path(), file) << what;
  ASSERT_TRUE(dlg.command().left_out.isEmpty())
      << what << ": " << dlg.command().left_out.join("; ").toStdString();
  QFile::remove(file);
  ASSERT_TRUE(dlg.export_now()) << what;
  const QByteArray from_dialog = read(file);
  ASSERT_FALSE(from_dialog.isEmpty()) << what;
  ASSERT_TRUE(QFile::remove(file));
  // The line as shown, its first word the program.
  QString line = dlg.command_text();
  ASSERT_TRUE(line.startsWith("resizelab ")) << line.toStdString();
  line = "\"$RL_EXE\"" + line.mid(QStringLiteral("resizelab").size());
  QProcess run;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("RL_EXE", RL_RESIZELAB_EXE);
  env.insert("QT_QPA_PLATFORM", "offscreen");
  run.setProcessEnvironment(env);
  run.start("/bin/sh", {"-c", line});
  ASSERT_TRUE(run.waitForFinished(120000)) << what;
  ASSERT_EQ(run.exitCode(), 0) << what << ": " << run.readAllStandardError().toStdString();
  const QByteArray from_command = read(file);
  if (ext == "pdf")
    EXPECT_EQ(pdf_objects(from_dialog), pdf_objects(from_command)) << what << ": " << line.toStdString();
  else
    EXPECT_TRUE(from_dialog == from_command) << what << ": " << line.toStdString();
}

TEST(DialogCommandBytes, EveryFigureKindTheDialogMakesIsTheCommandsByteForByte) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  QTemporaryDir tmp;
  const QDir dir(tmp.path());
  const rl::ui::CommandLineWriter writer{rl::app::export_command, rl::app::shell_line};
  // The built-in image at 1/4, the window's default panes.
  w.set_scale(0.25);
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return !doc->busy() && doc->result(0).image && doc->result(0).image->rows() == 128 &&
               doc->diff(1).stats;
      },
      60000));
  const Kind kinds[] = {
      {"row", rl::ui::FigureLayout::Row, true, true, rl::DiffMode::AbsMaxChannel},
      {"row, no maps, no kernel plot", rl::ui::FigureLayout::Row, false, false, rl::DiffMode::AbsMaxChannel},
      {"grid, signed", rl::ui::FigureLayout::Grid, true, true, rl::DiffMode::Signed},
      {"grid, one channel", rl::ui::FigureLayout::Grid, true, false, rl::DiffMode::AbsChannel},
  };
  for (const Kind& k : kinds)
    for (const QString ext : {"png", "svg", "pdf"}) {
      rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), dir.filePath("fig.png"), nullptr, writer);
      check_kind(dlg, k, ext, dir);
    }
  // The SR paper's figure: Set5's bird, the Super-Resolution Baselines at x4, with a region drawn.
  w.open_file(kBird);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc->source_path() == kBird; }, 60000));
  w.apply_sr_baselines(4);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).stats; }, 60000));
  doc->set_region(QRect(100, 60, 48, 40));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).stats; }, 60000));
  for (const QString ext : {"png", "svg", "pdf"}) {
    rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), dir.filePath("fig.png"), nullptr, writer);
    check_kind(dlg, {"sr-paper", rl::ui::FigureLayout::SrPaper, false, false, rl::DiffMode::AbsMaxChannel},
               ext, dir);
  }
  // A row figure of the region drawn on the bird: its crop.
  w.apply_panes(rl::ui::kDefaultPanes);
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  doc->set_region(std::nullopt);
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  rl::ui::ExportDialog dlg(rl::app::figure_spec_of(w), dir.filePath("fig.png"), nullptr, writer);
  check_kind(dlg, {"row of the bird", rl::ui::FigureLayout::Row, true, true, rl::DiffMode::AbsMaxChannel},
             "png", dir);
}

}  // namespace
