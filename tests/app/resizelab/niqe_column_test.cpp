// The statistics dock's NIQE column (--metrics niqe[:Q] [--niqe-model M,C], or the dock's NIQE box with
// its protocol and model): each pane's cell, and the HR's row, is what `imresize score --metric niqe`
// with the same protocol and model prints for the same pixels, run as a user runs it; an image with
// fewer than two 96x96 blocks shows a dash and why; the box is saved when changed in the window, the
// command line's choice is for that run only.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QProcess>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "request_error.hpp"
#include "resizelab_request.hpp"
#include "rl/image_io.hpp"
#include "rl/niqe.hpp"
#include "rl/npy.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/niqe_controls.hpp"
#include "rl/ui/viewer_settings.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");

rl::app::Request window_request(const QStringList& args) {
  return rl::app::parse_request(QStringList{"resizelab"} + args, rl::app::OptionMode::Window);
}

// `imresize score --metric niqe DIR [extra]` on `img` written as PNG: the value its table prints for it.
QString imresize_niqe(const rl::Image& img, const QStringList& extra = {}) {
  QTemporaryDir dir;
  EXPECT_TRUE(QDir(dir.path()).mkpath("in"));
  rl::io::save(dir.filePath("in/x.png").toStdString(), img);
  QProcess p;
  p.start(RL_IMRESIZE_EXE, QStringList{"score", "--metric", "niqe", dir.filePath("in")} + extra);
  EXPECT_TRUE(p.waitForFinished(120000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split('\n'))
    if (const QStringList f = line.simplified().split(' '); f.size() == 2 && f[0] == "x") return f[1];
  ADD_FAILURE() << "no row for the image";
  return {};
}

// The table's column headed `name` (the NIQE column: "NIQE", "NIQE (pirm)"), -1 when there is none;
// a header wrapped at its bracket reads as one line.
int niqe_column(const QTableWidget& t, const QString& name = QStringLiteral("NIQE")) {
  for (int c = 0; c < t.columnCount(); ++c)
    if (t.horizontalHeaderItem(c) && t.horizontalHeaderItem(c)->text().replace('\n', ' ') == name) return c;
  return -1;
}

bool niqe_ready(const rl::ui::Document& doc, int panes) {
  if (doc.busy() || doc.pane_count() != panes) return false;
  for (int i = 0; i < panes; ++i)
    if (!doc.diff(i).niqe) return false;
  return true;
}

TEST(NiqeColumn, EachImagesNiqeIsImresizeScoresDigitForDigit) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  // x2: 576x576, 36 blocks; with an SR protocol too (its columns come first, NIQE's stays).
  rl::app::start_window(w, window_request({"--scale", "2", "--panes", "matlab,bilinear", "--metrics",
                                           "srcnn,niqe", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.source_path() == kBird && niqe_ready(doc, 2); }, 120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  ASSERT_TRUE(table);
  const int col = niqe_column(*table);
  ASSERT_GE(col, 0);
  EXPECT_EQ(table->rowCount(), 2);  // the reference is pane 1: no row of its own
  QStringList seen;
  for (int i = 0; i < 2; ++i) {
    const QString expected = imresize_niqe(*doc.result(i).image);
    EXPECT_EQ(table->item(i, col)->text().toStdString(), expected.toStdString()) << "pane " << i + 1;
    seen << expected;
  }
  EXPECT_NE(seen[0], seen[1]);  // two images, two NIQEs: the cells are not one value twice

  // The HR (an SR round trip's, not a pane) gets a row of its own.
  rl::ui::MainWindow sr;
  rl::ui::Document& sdoc = *sr.document();
  rl::app::start_window(sr, window_request({"--sr-scale", "2", "--panes", "matlab,bilinear", "--metrics",
                                            "niqe", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(sr, sdoc, 60000));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return sdoc.source_path() == kBird && niqe_ready(sdoc, 2) && sdoc.comparison().reference_niqe;
      },
      120000));
  QCoreApplication::processEvents();
  auto* st = sr.findChild<QTableWidget*>();
  const int scol = niqe_column(*st);
  ASSERT_GE(scol, 0);
  ASSERT_EQ(st->rowCount(), 3);
  EXPECT_EQ(st->verticalHeaderItem(2)->text(), "HR");
  EXPECT_EQ(st->item(2, scol)->text().toStdString(),
            imresize_niqe(rl::io::load(kBird.toStdString())).toStdString());
  EXPECT_EQ(st->item(1, scol)->text().toStdString(), imresize_niqe(*sdoc.result(1).image).toStdString());
}

TEST(NiqeColumn, TooSmallImagesShowADashAndWhy) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  // 1/2: 144x144, one 96x96 block, where MATLAB's NIQE is not a NIQE.
  rl::app::start_window(w, window_request({"--scale", "0.5", "--panes", "matlab,bilinear", "--metrics",
                                           "niqe", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.source_path() == kBird && niqe_ready(doc, 2); }, 120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  const int col = niqe_column(*table);
  ASSERT_GE(col, 0);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(table->item(i, col)->text(), QString::fromUtf8("\u2014"));
    EXPECT_TRUE(table->item(i, col)->toolTip().startsWith("no NIQE: "))
        << table->item(i, col)->toolTip().toStdString();
    EXPECT_TRUE(table->item(i, col)->toolTip().contains("block"))
        << table->item(i, col)->toolTip().toStdString();
  }
}

TEST(NiqeColumn, MetricsTakesNiqeAloneOrAfterAProtocol) {
  const rl::app::Request both = window_request({"--metrics", "srcnn,niqe"});
  EXPECT_EQ(both.metrics, rl::SrProtocol::Srcnn);
  EXPECT_TRUE(both.niqe);
  const rl::app::Request alone = window_request({"--metrics", "niqe"});
  EXPECT_FALSE(alone.metrics);
  EXPECT_TRUE(alone.niqe);
  EXPECT_FALSE(window_request({"--metrics", "srcnn"}).niqe);
  EXPECT_EQ(alone.niqe->protocol, rl::NiqeProtocol::Release);
  const rl::app::Request pirm = window_request({"--metrics", "niqe:pirm,srcnn"});
  EXPECT_EQ(pirm.metrics, rl::SrProtocol::Srcnn);
  ASSERT_TRUE(pirm.niqe);
  EXPECT_EQ(pirm.niqe->protocol, rl::NiqeProtocol::Pirm);
  EXPECT_FALSE(pirm.niqe->own_model());
  EXPECT_EQ(window_request({"--metrics", "niqe:release"}).niqe->protocol, rl::NiqeProtocol::Release);
  for (const QString& bad :
       QStringList{"srcnn,rcan", "niqe,niqe", "srcnn,", "brisque", "niqe:", "niqe:srcnn", "niqe,niqe:pirm"})
    EXPECT_TRUE(rl::test::request_error({"--metrics", bad}, rl::app::OptionMode::Window)
                    .startsWith("--metrics takes"))
        << bad.toStdString();
}

TEST(NiqeColumn, TheBoxIsSavedTheCommandLineIsNot) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow cli;
  rl::app::start_window(cli, window_request({"--metrics", "niqe"}));
  EXPECT_TRUE(cli.document()->diff_settings().niqe);
  EXPECT_TRUE(cli.findChild<QCheckBox*>("niqeColumn")->isChecked());
  EXPECT_FALSE(cli.settings_to_save().diff.niqe);

  rl::ui::MainWindow box;
  rl::app::start_window(box, window_request({}));
  EXPECT_FALSE(box.document()->diff_settings().niqe);
  box.findChild<QCheckBox*>("niqeColumn")->setChecked(true);
  EXPECT_TRUE(box.document()->diff_settings().niqe);
  EXPECT_TRUE(box.settings_to_save().diff.niqe);
}

// --metrics niqe:pirm: the column is headed "NIQE (pirm)" and each cell, the HR's too, is what
// `imresize score --metric niqe --protocol pirm` prints for the same pixels (Y of rgb2ycbcr, 4 pixels
// shaved: a value the release's protocol does not give).
TEST(NiqeColumn, PirmNiqeIsImresizeScoresDigitForDigit) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  rl::app::start_window(w, window_request({"--sr-scale", "2", "--panes", "matlab,bilinear", "--metrics",
                                           "niqe:pirm", "--show-panel", "differences", kBird}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return doc.source_path() == kBird && niqe_ready(doc, 2) && doc.comparison().reference_niqe; },
      120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  ASSERT_TRUE(table);
  EXPECT_EQ(niqe_column(*table), -1);  // not the release's column
  const int col = niqe_column(*table, "NIQE (pirm)");
  ASSERT_GE(col, 0);
  ASSERT_EQ(table->rowCount(), 3);
  const QStringList pirm{"--protocol", "pirm"};
  for (int i = 0; i < 2; ++i) {
    const QString expected = imresize_niqe(*doc.result(i).image, pirm);
    EXPECT_EQ(table->item(i, col)->text().toStdString(), expected.toStdString()) << "pane " << i + 1;
    EXPECT_NE(expected, imresize_niqe(*doc.result(i).image)) << "pane " << i + 1;  // not the release's
    EXPECT_TRUE(table->item(i, col)->toolTip().contains("pirm protocol"))
        << table->item(i, col)->toolTip().toStdString();
  }
  const rl::Image hr = rl::io::load(kBird.toStdString());
  EXPECT_EQ(table->item(2, col)->text().toStdString(), imresize_niqe(hr, pirm).toStdString());
}

// Writes the pristine model with its first mean moved by `shift` as MEAN.npy and COV.npy in `dir`.
QStringList write_model(const QTemporaryDir& dir, double shift) {
  const rl::NiqeModel& p = rl::niqe_pristine_model();
  rl::Image mean(1, 36, 1, rl::ElemType::F64), cov(36, 36, 1, rl::ElemType::F64);
  std::copy(p.mean.begin(), p.mean.end(), mean.data<double>());
  std::copy(p.cov.begin(), p.cov.end(), cov.data<double>());
  mean.data<double>()[0] += shift;
  const QStringList files{dir.filePath("mean.npy"), dir.filePath("cov.npy")};
  rl::write_npy(files[0].toStdString(), mean);
  rl::write_npy(files[1].toStdString(), cov);
  return files;
}

// A model of the user's own from two .npy files: --niqe-model on the command line and the dock's
// model list give `imresize score --model-mean --model-cov`'s digits; unreadable files are refused.
TEST(NiqeColumn, OwnModelFromTwoNpyFilesIsImresizeScoresModel) {
  rl::ui::test::isolate_settings();
  QTemporaryDir dir;
  const QStringList files = write_model(dir, 0.5);
  const QStringList model{"--model-mean", files[0], "--model-cov", files[1]};
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  rl::app::start_window(
      w, window_request({"--scale", "2", "--panes", "matlab,bilinear", "--metrics", "niqe", "--niqe-model",
                         files.join(','), "--show-panel", "differences", kBird}));
  ASSERT_TRUE(doc.diff_settings().niqe && doc.diff_settings().niqe->model);
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.source_path() == kBird && niqe_ready(doc, 2); }, 120000));
  QCoreApplication::processEvents();
  auto* table = w.findChild<QTableWidget*>();
  int col = niqe_column(*table, "NIQE (own model)");
  ASSERT_GE(col, 0);
  const QString own = imresize_niqe(*doc.result(0).image, model);
  EXPECT_EQ(table->item(0, col)->text().toStdString(), own.toStdString());
  EXPECT_NE(own, imresize_niqe(*doc.result(0).image));  // the model is used

  // The dock: the PIRM protocol with the same model, chosen in the window.
  auto* protocol = w.findChild<QComboBox*>("niqeProtocol");
  ASSERT_TRUE(protocol);
  protocol->setCurrentIndex(protocol->findText("pirm"));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return niqe_ready(doc, 2) && doc.diff(0).niqe->name == "NIQE (pirm, own model)"; }, 120000));
  QCoreApplication::processEvents();
  col = niqe_column(*table, "NIQE (pirm, own model)");
  ASSERT_GE(col, 0);
  EXPECT_EQ(table->item(0, col)->text().toStdString(),
            imresize_niqe(*doc.result(0).image, model + QStringList{"--protocol", "pirm"}).toStdString());

  // Files that are not a model: one line, and the choice is what it was.
  auto* controls = w.findChild<rl::ui::NiqeControls*>();
  ASSERT_TRUE(controls);
  QString why;
  EXPECT_FALSE(controls->load_model(files[1], files[1], &why));
  EXPECT_FALSE(why.isEmpty());
  EXPECT_FALSE(why.contains('\n'));
  EXPECT_EQ(doc.diff_settings().niqe->model_mean, files[0]);
  EXPECT_TRUE(rl::test::request_error({"--metrics", "niqe", "--niqe-model", files[1] + "," + files[1]},
                                      rl::app::OptionMode::Window)
                  .startsWith("--niqe-model: "));
  EXPECT_TRUE(rl::test::request_error({"--niqe-model", files.join(',')}, rl::app::OptionMode::Window)
                  .startsWith("--niqe-model goes with --metrics niqe"));
  EXPECT_TRUE(
      rl::test::request_error({"--metrics", "niqe", "--niqe-model", files[0]}, rl::app::OptionMode::Window)
          .startsWith("--niqe-model takes MEAN.npy,COV.npy"));
}

// What the user picks in the dock (protocol and model) is saved and comes back; a choice made on the
// command line is for that run.
TEST(NiqeColumn, TheDocksProtocolAndModelAreSavedTheCommandLinesAreNot) {
  rl::ui::test::isolate_settings();
  QTemporaryDir dir;
  const QStringList files = write_model(dir, 0.25);
  {
    rl::ui::MainWindow cli;
    rl::app::start_window(cli, window_request({"--metrics", "niqe:pirm", "--niqe-model", files.join(',')}));
    ASSERT_TRUE(cli.document()->diff_settings().niqe);
    EXPECT_EQ(cli.document()->diff_settings().niqe->protocol, rl::NiqeProtocol::Pirm);
    EXPECT_EQ(cli.findChild<QComboBox*>("niqeProtocol")->currentText(), "pirm");
    EXPECT_TRUE(cli.findChild<QComboBox*>("niqeModel")->currentText().contains("mean.npy"));
    EXPECT_FALSE(cli.settings_to_save().diff.niqe);
  }
  rl::ui::MainWindow box;
  rl::app::start_window(box, window_request({}));
  box.findChild<QCheckBox*>("niqeColumn")->setChecked(true);
  auto* protocol = box.findChild<QComboBox*>("niqeProtocol");
  protocol->setCurrentIndex(protocol->findText("pirm"));
  QString why;
  ASSERT_TRUE(box.findChild<rl::ui::NiqeControls*>()->load_model(files[0], files[1], &why))
      << why.toStdString();
  const auto saved = box.settings_to_save().diff.niqe;
  ASSERT_TRUE(saved);
  EXPECT_EQ(saved->protocol, rl::NiqeProtocol::Pirm);
  EXPECT_EQ(saved->model_mean, files[0]);
  EXPECT_EQ(saved->model_cov, files[1]);
  // Written and read back: the same choice, its model read again from the files.
  QSettings s(dir.filePath("s.ini"), QSettings::IniFormat);
  rl::ui::ViewerSettings v;
  v.diff.niqe = saved;
  rl::ui::save_viewer_settings(s, v);
  const auto back = rl::ui::load_viewer_settings(s).diff.niqe;
  ASSERT_TRUE(back);
  EXPECT_EQ(back->protocol, rl::NiqeProtocol::Pirm);
  EXPECT_EQ(back->model_mean, files[0]);
  ASSERT_TRUE(back->model);
  EXPECT_EQ(back->model->mean, saved->model->mean);
}

// The export dialog's command line says the window's NIQE choice, and the export reads it back.
TEST(NiqeColumn, TheExportLineCarriesTheProtocolAndModel) {
  rl::ui::test::isolate_settings();
  QTemporaryDir dir;
  const QStringList files = write_model(dir, 0.25);
  rl::ui::MainWindow w;
  rl::app::start_window(w, window_request({"--metrics", "niqe:pirm", "--niqe-model", files.join(',')}));
  const rl::ui::ExportCommand c = rl::app::export_command(rl::app::figure_spec_of(w), dir.filePath("f.png"));
  EXPECT_TRUE(c.left_out.isEmpty()) << c.left_out.join("; ").toStdString();
  const qsizetype m = c.args.indexOf("--metrics"), n = c.args.indexOf("--niqe-model");
  ASSERT_GE(m, 0);
  ASSERT_GE(n, 0);
  EXPECT_EQ(c.args.value(m + 1), "niqe:pirm");
  EXPECT_EQ(c.args.value(n + 1), files.join(','));
  const auto back = rl::app::prepare_export(c.args).spec.comparison.diff.niqe;
  ASSERT_TRUE(back);
  EXPECT_EQ(back->protocol, rl::NiqeProtocol::Pirm);
  EXPECT_EQ(back->model_mean, files[0]);
  ASSERT_TRUE(back->model);
  EXPECT_EQ(back->model->mean, w.document()->diff_settings().niqe->model->mean);
}

}  // namespace
