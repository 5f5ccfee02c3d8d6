// The window keeps processing events while a 24-megapixel image is resized off the GUI thread,
// and a newer request supersedes the running one.
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSet>
#include <QStringList>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include "rl/ui/document.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

// 6000 x 4000 RGB with structure everywhere (so no resize path can shortcut flat regions).
rl::Image big_image() {
  rl::Image img(4000, 6000, 3, rl::ElemType::U8);
  auto* d = img.data<std::uint8_t>();
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c) {
      auto* p = d + (static_cast<std::size_t>(r) * img.cols() + c) * 3;
      p[0] = static_cast<std::uint8_t>((r * 7 + c * 3) & 255);
      p[1] = static_cast<std::uint8_t>(((r ^ c) * 5) & 255);
      p[2] = static_cast<std::uint8_t>((c / 16 % 2) * 200);
    }
  return img;
}

// Shows `w` at 1200x800 with big_image() at `scale`, and waits until its comparison is made.
bool show_big_image(MainWindow& w, double scale) {
  w.resize(1200, 800);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return false;
  w.document()->set_source(big_image(), "big");
  w.set_scale(scale);
  return test::wait_idle(*w.document(), 600000);
}

// Runs a plain event loop, as the program does, until done() holds or timeout_ms pass; returns
// done(). (QTest::qWaitFor sleeps 10 ms between its rounds of event processing: the loop would turn
// once per sleep, and the sleeps would count as stalls.)
bool run_loop_until(const std::function<bool()>& done, int timeout_ms) {
  QEventLoop loop;
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, &loop, [&]() {
    if (done()) loop.quit();
  });
  poll.start(1);
  QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
  loop.exec();
  return done();
}

}  // namespace

class ResponsiveTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::isolate_settings(); }

  void ui_thread_keeps_running_during_24_megapixel_resize() {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(test::wait_idle(*w.document(), 60000));

    // A zero-interval timer: it fires on every turn of the GUI thread's event loop. Counted only while
    // the document is busy, it says whether the loop kept turning during the resize: a resize run on
    // the GUI thread would let it turn only between jobs. (How long the longest gap was is printed,
    // not asserted: durations belong to the benchmarks.)
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    int turns_while_busy = 0;
    QTimer tick;
    tick.setInterval(0);
    QObject::connect(&tick, &QTimer::timeout, [&]() {
      const qint64 now = clock.elapsed();
      worst = std::max(worst, now - last);
      last = now;
      if (w.document()->busy()) ++turns_while_busy;
    });

    rl::Image big = big_image();
    const int dropped = w.document()->dropped_results();
    const qint64 start = clock.elapsed();
    last = start;
    tick.start();
    w.document()->set_source(std::move(big), "big");
    w.set_scale(0.5);
    QVERIFY(w.document()->busy());  // from the request on, before any work has run
    // The event loop starts the job on its next turn.
    const quint64 gen = w.document()->generation();
    QVERIFY(QTest::qWaitFor([&]() { return w.document()->generation() != gen; }, 5000));
    // A newer request while the first job runs, started in the same turn: the first job's result
    // can only arrive after it, so it must be dropped and only the 1/4 results shown.
    w.set_scale(1.0 / 4);
    w.document()->compute_now();
    const Document& doc = *w.document();
    QVERIFY(
        run_loop_until([&]() { return !doc.busy() && doc.result(0).image && doc.diff(0).stats; }, 600000));
    tick.stop();
    const qint64 total = clock.elapsed() - start;
    qInfo("24 MP: %lld ms total, %d event-loop turns while busy, longest GUI-thread gap %lld ms", total,
          turns_while_busy, worst);
    // Two 24 MP jobs of four panes each: the loop, idle but for its zero-interval timer, turns a
    // hundred thousand times and more while the work runs off the GUI thread (127 000 to 353 000 on
    // this 2-core machine, 0.35 s of work); a handful of times (one per job step) if it ran there.
    QVERIFY2(
        turns_while_busy >= 1000,
        qPrintable(
            QString("the event loop turned %1 times while the document was busy").arg(turns_while_busy)));
    QVERIFY(w.document()->dropped_results() > dropped);
    for (int i = 0; i < Document::kPanes; ++i) {
      QCOMPARE(w.document()->result(i).image->rows(), 1000);
      QCOMPARE(w.document()->result(i).image->cols(), 1500);
      QCOMPARE(w.pane_view(i)->display()->size(), QSize(1500, 1000));
    }
  }

  // The event loop's longest stall while a 24 MP comparison recomputes, measured by a 5 ms timer on
  // the GUI thread: above 50 ms the window would feel stuck. Changing one pane's method recomputes
  // that pane only (the others keep their result objects); changing the map recomputes no resize.
  // Each kind of change is made three times and the median of the three longest stalls is what
  // must stay within 50 ms: a stall the program causes comes back every time, while a virtual
  // machine that is not scheduled for a moment (every thread of the process stops, tens of ms on a
  // loaded 2-core CI host) hits one try, not two of three. Every try's figure is printed.
  void event_loop_never_stalls_over_50_ms_during_a_24_megapixel_recompute() {
    MainWindow w;
    QVERIFY(show_big_image(w, 1.0));
    Document& doc = *w.document();
    QVERIFY(doc.result(0).image && doc.result(3).image);
    QCOMPARE(doc.result(3).image->rows(), 4000);

    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(5);
    qint64 cpu_last = 0, worst_cpu = 0;
    const auto thread_cpu_us = []() {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      return static_cast<qint64>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
    };
    QObject::connect(&tick, &QTimer::timeout, [&]() {
      const qint64 now = clock.elapsed();
      const qint64 cpu = thread_cpu_us();
      if (now - last > worst) {
        worst = now - last;
        worst_cpu = cpu - cpu_last;
      }
      last = now;
      cpu_last = cpu;
    });
    const auto idle = [&]() { return !doc.busy() && doc.result(0).image && doc.diff(0).stats; };
    // The longest stall from the change until 50 ms after the last result (its paints); -1 if the
    // document did not settle.
    const auto measure = [&](const std::function<void()>& change) -> qint64 {
      run_loop_until([] { return false; }, 50);  // settle, so a stall of the previous step is not counted
      clock.start();
      last = 0;
      worst = 0;
      cpu_last = thread_cpu_us();
      tick.start();
      change();
      const bool settled = run_loop_until(idle, 600000);
      QElapsedTimer after;
      after.start();
      run_loop_until([&]() { return after.elapsed() >= 50; }, 1000);
      tick.stop();
      // The GUI thread's own CPU time within that gap tells the program's work from a wait for the
      // CPU (another process, the host): printed, for a failure's reader.
      qInfo("longest gap %lld ms, of which the GUI thread ran %.1f ms", worst, worst_cpu / 1000.0);
      return settled ? worst : -1;
    };
    const auto median = [](std::vector<qint64> v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };

    std::vector<qint64> pane_changes, map_changes;
    const rl::Method methods[] = {rl::Method::Lanczos3, rl::Method::Lanczos2, rl::Method::Box};
    for (const rl::Method m : methods) {
      const auto* pane0 = doc.result(0).image.get();
      const auto* pane3 = doc.result(3).image.get();
      pane_changes.push_back(measure([&]() { doc.set_pane(3, PaneConfig{m, false}); }));
      QVERIFY(pane_changes.back() >= 0);
      QCOMPARE(doc.result(0).image.get(), pane0);  // not resized again
      QVERIFY(doc.result(3).image.get() != pane3);
      QCOMPARE(doc.pane(3).method, m);
    }
    const std::pair<rl::DiffMode, int> maps[] = {
        {rl::DiffMode::Signed, 1}, {rl::DiffMode::AbsChannel, 2}, {rl::DiffMode::AbsMaxChannel, 0}};
    for (const auto& [mode, channel] : maps) {
      const auto* pane1 = doc.result(1).image.get();
      DiffSettings d = doc.comparison().diff;
      d.mode = mode;
      d.channel = channel;
      map_changes.push_back(measure([&]() { doc.set_diff_settings(d); }));
      QVERIFY(map_changes.back() >= 0);
      QCOMPARE(doc.result(1).image.get(), pane1);  // a map change resizes nothing
      QVERIFY(doc.diff(1).map_inputs && doc.diff(1).map_inputs->mode == mode);  // the new kind's map
    }

    const auto list = [](const std::vector<qint64>& v) {
      QStringList s;
      for (qint64 x : v) s << QString::number(x);
      return s.join(", ");
    };
    qInfo("24 MP recompute: longest GUI-thread gap per try %s ms (pane method), %s ms (map kind)",
          qPrintable(list(pane_changes)), qPrintable(list(map_changes)));
    const qint64 pane_change = median(pane_changes), map_change = median(map_changes);
    QVERIFY2(
        pane_change <= 50,
        qPrintable(
            QString("the event loop stalled for %1 ms (median of three pane changes)").arg(pane_change)));
    QVERIFY2(map_change <= 50,
             qPrintable(
                 QString("the event loop stalled for %1 ms (median of three map changes)").arg(map_change)));
  }

  // Each pane's header says where its work is while the document computes: the changed pane is
  // resized, then compared; a kept pane is never resized; nothing is left once the work is done. The
  // job's steps are recorded as it writes them (Document::set_step_observer); the header, which reads
  // them 10 times a second, is sampled every 5 ms.
  void each_pane_shows_its_step_while_a_24_megapixel_comparison_recomputes() {
    MainWindow w;
    QVERIFY(show_big_image(w, 0.75));
    Document& doc = *w.document();
    for (int i = 0; i < Document::kPanes; ++i) QVERIFY(w.pane(i)->progress().isEmpty());

    // Every step the job writes, in order (a reading every few milliseconds can miss a short one on
    // a fast host); the header is sampled as a person sees it.
    std::mutex m;
    std::vector<PaneStep> steps0, steps3;
    doc.set_step_observer([&](int i, PaneStep s) {
      const std::lock_guard<std::mutex> lock(m);
      if (i == 0) steps0.push_back(s);
      if (i == 3) steps3.push_back(s);
    });
    QSet<QString> shown3;
    QTimer sample;
    sample.setInterval(5);
    QObject::connect(&sample, &QTimer::timeout, [&]() { shown3.insert(w.pane(3)->progress()); });
    sample.start();
    doc.set_pane(3, PaneConfig{rl::Method::Lanczos3, false});
    shown3.insert(w.pane(3)->progress());  // what the busy change wrote, before any tick
    QVERIFY(run_loop_until([&]() { return !doc.busy() && doc.diff(0).stats; }, 600000));
    sample.stop();
    doc.set_step_observer({});
    qInfo("pane 4's header showed: %s", qPrintable(QStringList(shown3.values()).join(" | ")));
    {
      const std::lock_guard<std::mutex> lock(m);
      const auto list = [](const std::vector<PaneStep>& v) {
        QStringList out;
        for (PaneStep s : v) out << QString::number(static_cast<int>(s));
        return out.join(" ");
      };
      qInfo("steps written for pane 1: %s; pane 4: %s", qPrintable(list(steps0)), qPrintable(list(steps3)));
      // Each pane waits its turn; the changed one is resized, then compared; a kept one is never
      // resized.
      QVERIFY((steps3 == std::vector<PaneStep>{PaneStep::Queued, PaneStep::Resizing, PaneStep::Comparing}));
      QVERIFY((steps0 == std::vector<PaneStep>{PaneStep::Queued, PaneStep::Kept, PaneStep::Comparing}));
    }
    // The header reads the steps 10 times a second and at each busy change: it shows the step it
    // reads (the first, "waiting…", at least, written by the busy change itself); a step shorter
    // than its period may pass unseen (on a 16-core host the whole recompute can take less than
    // one period), and the empty header after the work is checked below.
    const QSet<QString> known{QString(), QStringLiteral("waiting…"), QStringLiteral("resizing…"),
                              QStringLiteral("comparing…")};
    for (const QString& t : shown3) QVERIFY2(known.contains(t), qPrintable(t));
    QVERIFY(!(shown3 - QSet<QString>{QString()}).isEmpty());  // some step was shown
    for (int i = 0; i < Document::kPanes; ++i) {
      QVERIFY(!doc.pane_step(i));
      QVERIFY(w.pane(i)->progress().isEmpty());
      QVERIFY(!w.pane(i)->stats_label()->full_text().contains(QStringLiteral("…")));
    }
    QVERIFY(w.pane(3)->info_label()->full_text().startsWith(QStringLiteral("4500×3000")));
  }
};

QTEST_MAIN(ResponsiveTest)
#include "responsive_test.moc"
