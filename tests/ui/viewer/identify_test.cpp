// File > Identify LR Image…: the dialog on a small HR and an LR made by rl::resize with a known call
// (named exact, first), setting a pane to it (0 px differ against LR as the reference), a refused
// pair's one line, the GUI thread kept free while it runs, and closing it mid-run.
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>
#include <memory>
#include <random>

#include "random_image.hpp"
#include "rl/image_io.hpp"
#include "rl/peer_resize.hpp"
#include "rl/resize.hpp"
#include "rl/ui/identify_dialog.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

// An HR of random values, so no two candidates' pixels agree by chance.
rl::Image random_hr(int rows, int cols, int ch) {
  std::mt19937 rng(26);
  return rl::test::random_image(rows, cols, ch, rl::ElemType::U8, rng);
}

// LR = imresize(hr, 1/2, 'lanczos3') (antialiased, modern boundary), written as a PNG. Made by our own
// rl::resize, so the tests that use it are round-trip tests of the dialog (it names what our resizer did);
// identify's correctness rests on the real-MATLAB and real-library cases (tests/core/identify,
// tests/app/imresize/test_imresize_identify.py, tests/python/test_identify.py).
QString write_lanczos_half(const rl::Image& hr, const QTemporaryDir& dir) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_scale(0.5, rl::Method::Lanczos3);
  const QString path = dir.filePath("lr.png");
  rl::io::save(path.toStdString(), rl::resize(hr, spec));
  return path;
}

// The call rl::resize made above, as MATLAB code, with the boundary it implies.
const QString kLanczosHalf =
    QString::fromUtf8("imresize(hr, 1/2, 'lanczos3') \u2014 modern boundary: MATLAB R2015b and later");

bool wait_identified(const IdentifyDialog& d, int timeout_ms) {
  return QTest::qWaitFor([&]() { return !d.running() && d.progress_bar()->isHidden(); }, timeout_ms);
}

// `hr` opened in `doc` and its comparison made, then `lr` identified against it in a dialog; null
// when either did not finish in time.
std::unique_ptr<IdentifyDialog> identify(Document& doc, const rl::Image& hr, const QString& lr) {
  doc.set_source(hr, "hr");
  if (!test::wait_idle(doc, 60000)) return nullptr;
  auto d = std::make_unique<IdentifyDialog>(&doc);
  d->start(lr);
  if (!wait_identified(*d, 120000)) return nullptr;
  return d;
}

}  // namespace

class IdentifyTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::isolate_settings(); }

  void names_the_call_exact_first_and_sets_a_pane_to_it() {
    QTemporaryDir dir;
    const rl::Image hr = random_hr(40, 48, 3);
    const QString lr = write_lanczos_half(hr, dir);
    MainWindow w;
    Document& doc = *w.document();
    doc.set_source(hr, "hr");
    QVERIFY(test::show_and_settle(w, doc, 60000));
    IdentifyDialog* d = w.identify_lr(lr);
    QVERIFY(wait_identified(*d, 120000));
    QTableWidget* t = d->table();
    QVERIFY(t->rowCount() >= 1);
    QCOMPARE(t->item(0, 0)->text(), QString("exact"));
    QCOMPARE(t->item(0, 1)->text(), kLanczosHalf);
    QCOMPARE(t->item(0, 2)->text(), QString("480 / 480"));  // 20 x 24 output pixels
    QCOMPARE(t->item(0, 3)->text(), QString("0"));
    QCOMPARE(t->item(0, 4)->text(), QString::fromUtf8("\u221e dB"));
    QCOMPARE(t->item(0, 5)->text(), QString("reproduces LR"));
    QVERIFY(d->status_label()->text().startsWith("1 of ") ||
            d->status_label()->text().contains("reproduce LR"));

    d->pane_box()->setValue(2);
    QCOMPARE(d->set_pane_button()->text(), QString("Set pane 2 to this candidate"));
    QVERIFY(d->set_pane_button()->isEnabled());
    QTest::mouseClick(d->set_pane_button(), Qt::LeftButton);
    QVERIFY(doc.pane(1) == (PaneConfig{rl::Method::Lanczos3, true}));
    QCOMPARE(doc.scale_text(), QString("1/2"));
    QVERIFY(QTest::qWaitFor([&]() { return doc.comparison().against_image(); }, 30000));
    QVERIFY(test::wait_idle(doc, 60000));
    QVERIFY(doc.diff(1).stats);
    QCOMPARE(doc.diff(1).stats->pixels, std::size_t{480});
    QCOMPARE(doc.diff(1).stats->differing, std::size_t{0});
    // The pane it was not set to (nearest, unantialiased) does differ from LR: the map has something to show.
    QVERIFY(doc.diff(2).stats && doc.diff(2).stats->differing > 0);
  }

  void a_library_candidate_sets_a_library_pane() {
    // LR = Pillow's resize((24, 20), LANCZOS) of HR (our Pillow, the one the command's tests check
    // against the real library); the pane set to that row is a Pillow pane and reproduces LR.
    QTemporaryDir dir;
    const rl::Image hr = random_hr(40, 48, 3);
    const rl::peers::PeerSpec pillow{rl::peers::Library::Pillow, rl::peers::PeerMethod::Lanczos};
    const QString lr = dir.filePath("pillow.png");
    rl::io::save(lr.toStdString(), rl::io::peer_resize(hr, pillow, rl::peers::PeerTarget::with_size(20, 24)));
    Document doc;
    const auto dialog = identify(doc, hr, lr);
    QVERIFY(dialog);
    IdentifyDialog& d = *dialog;
    int row = -1;
    for (int i = 0; i < d.table()->rowCount(); ++i)
      if (d.table()->item(i, 1)->text() ==
          "np.asarray(Image.fromarray(hr).resize((24, 20), Image.Resampling.LANCZOS))")
        row = i;
    QVERIFY(row >= 0);
    QCOMPARE(d.table()->item(row, 0)->text(), QString("exact"));
    d.table()->selectRow(row);
    d.pane_box()->setValue(4);
    QVERIFY(d.set_pane_button()->isEnabled());
    d.set_pane_to_selected();
    QVERIFY(doc.pane(3).peer == pillow);
    QVERIFY(QTest::qWaitFor([&]() { return doc.comparison().against_image(); }, 30000));
    QVERIFY(test::wait_idle(doc, 60000));
    QVERIFY(doc.diff(3).stats);
    QCOMPARE(doc.diff(3).stats->pixels, std::size_t{480});
    QCOMPARE(doc.diff(3).stats->differing, std::size_t{0});
  }

  void the_plainest_call_comes_first_once_for_both_boundaries() {
    // LR = imresize(hr, 1/4, 'box'), which nearest with antialiasing also makes, and either boundary
    // (at an integer factor no tap leaves the image): box first, on one row that says so.
    QTemporaryDir dir;
    const rl::Image hr = random_hr(40, 48, 3);
    const QString lr = dir.filePath("box.png");
    rl::io::save(lr.toStdString(), rl::resize(hr, rl::ResizeSpec::with_scale(0.25, rl::Method::Box)));
    Document doc;
    const auto dialog = identify(doc, hr, lr);
    QVERIFY(dialog);
    IdentifyDialog& d = *dialog;
    QTableWidget* t = d.table();
    QVERIFY(t->rowCount() >= 2);
    QCOMPARE(t->item(0, 0)->text(), QString("exact"));
    QCOMPARE(
        t->item(0, 1)->text(),
        QString::fromUtf8("imresize(hr, 1/4, 'box') \u2014 the same pixels with the modern and the legacy "
                          "boundary: MATLAB before and after R2015b"));
    int nearest = -1;
    QStringList calls;
    for (int i = 0; i < t->rowCount(); ++i) {
      calls << t->item(i, 1)->text();
      if (calls.back().startsWith("imresize(hr, 1/4, 'nearest', 'Antialiasing', true)")) nearest = i;
      QVERIFY2(!calls.back().contains("legacy boundary: MATLAB before R2015b"), qPrintable(calls.back()));
    }
    QVERIFY(nearest > 0);
    QCOMPARE(calls.removeDuplicates(), qsizetype{0});
  }

  void a_refused_pair_says_so_in_one_line() {
    QTemporaryDir dir;
    const QString grey = dir.filePath("grey.png");
    rl::io::save(grey.toStdString(), random_hr(20, 24, 1));
    Document doc;
    doc.set_source(random_hr(40, 48, 3), "hr");
    IdentifyDialog d(&doc);
    d.start(grey);
    QVERIFY(wait_identified(d, 60000));
    QCOMPARE(d.table()->rowCount(), 0);
    QCOMPARE(d.status_label()->text(),
             QString("HR has 3 channel(s) and LR has 1: identify compares images with the same "
                     "channels (grey vs colour is not identified)"));
    QVERIFY(!d.set_pane_button()->isEnabled());
  }

  void an_unreadable_lr_says_so() {
    Document doc;
    doc.set_source(random_hr(40, 48, 3), "hr");
    IdentifyDialog d(&doc);
    d.start("/nonexistent/lr.png");
    QVERIFY(wait_identified(d, 60000));
    // The loader's one line, naming the file and what went wrong.
    QCOMPARE(d.status_label()->text(), QString("/nonexistent/lr.png: no such file"));
    QCOMPARE(d.table()->rowCount(), 0);
  }

  void panes_that_cannot_express_a_candidate_say_why() {
    rl::identify::Candidate c;
    c.modcrop = 3;
    QVERIFY(pane_setting_for(c).refusal.contains("modcrop(hr, 3)"));
    c.modcrop = 0;
    c.via_double = true;
    QVERIFY(pane_setting_for(c).refusal.contains("im2double"));
    c.family = rl::identify::Family::Torch;
    QVERIFY(pane_setting_for(c).refusal.contains("torch"));
    c.family = rl::identify::Family::OpenCV;
    c.peer = rl::peers::PeerSpec{rl::peers::Library::OpenCV, rl::peers::PeerMethod::Bicubic};
    c.out_rows = 7;
    c.out_cols = 9;
    const PaneSetting s = pane_setting_for(c);
    QVERIFY(s.refusal.isEmpty() && s.pane.peer == c.peer && !s.scale && s.rows == 7 && s.cols == 9);
  }

  void the_gui_thread_stays_free_and_closing_cancels() {
    QTemporaryDir dir;
    const rl::Image hr = random_hr(480, 640, 3);
    const QString lr = write_lanczos_half(hr, dir);
    Document doc;
    doc.set_source(hr, "hr");
    auto* d = new IdentifyDialog(&doc);
    // A 10 ms timer counts its ticks while the run is in flight, and what the progress bar showed then:
    // were the work on the GUI thread, start() would return only after it, with neither seen.
    int ticks_while_running = 0, progress_seen = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&]() {
      if (!d->running()) return;
      ++ticks_while_running;
      progress_seen = std::max(progress_seen, d->progress_bar()->value());
    });
    timer.start(10);
    d->start(lr);
    QVERIFY(d->running());
    QVERIFY(wait_identified(*d, 120000));
    QVERIFY2(ticks_while_running >= 1, qPrintable(QString::number(ticks_while_running)));
    QVERIFY(progress_seen > 0);
    QCOMPARE(d->table()->item(0, 1)->text(), kLanczosHalf);
    // Started again and closed at once: the worker stops at its next candidate, well before a full run.
    d->start(lr);
    d->reject();
    delete d;
    QVERIFY(QThreadPool::globalInstance()->waitForDone(30000));
  }
};

QTEST_MAIN(IdentifyTest)
#include "identify_test.moc"
