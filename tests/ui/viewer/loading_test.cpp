// While a file loads, the window describes the file on its way, not the image it replaces: the
// title, the overview and the status bar say "Loading NAME…" until it is shown (or fails, when they
// describe the image kept again).
#include <QImage>
#include <QLabel>
#include <QRandomGenerator>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/overview_widget.hpp"
#include "rl/ui/pane_view.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

QString status_text(const MainWindow& w) {
  QStringList parts;
  // Each field's whole text (fitted to the field's width at the next layout; Fit.* checks that).
  for (const QLabel* l : w.statusBar()->findChildren<QLabel*>())
    parts << (qobject_cast<const ElidedLabel*>(l) ? qobject_cast<const ElidedLabel*>(l)->full_text()
                                                  : l->text());
  return parts.join(" | ");
}

}  // namespace

class LoadingTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::isolate_settings(); }

  void nothing_describes_the_replaced_image_while_a_file_loads() {
    QTemporaryDir dir;
    const QString big = dir.filePath("big.png");
    QImage img(1600, 1200, QImage::Format_RGB888);
    QRandomGenerator gen(7);
    for (int y = 0; y < img.height(); ++y) {
      uchar* line = img.scanLine(y);
      for (int x = 0; x < img.width() * 3; ++x) line[x] = static_cast<uchar>(gen.bounded(256));
    }
    QVERIFY(img.save(big));
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, 60000));
    QVERIFY2(w.windowTitle().startsWith("default.png"), qPrintable(w.windowTitle()));
    QVERIFY(status_text(w).contains("default.png"));

    w.open_file(big);
    QCOMPARE(w.windowTitle(), QString("Loading big.png… — ResizeLab"));
    QCOMPARE(w.overview()->message(), QString("Loading big.png…"));
    QVERIFY2(status_text(w).contains("Loading big.png…"), qPrintable(status_text(w)));
    QVERIFY2(!status_text(w).contains("default.png"), qPrintable(status_text(w)));
    QVERIFY2(!status_text(w).contains("512"), qPrintable(status_text(w)));  // the old size

    QVERIFY(QTest::qWaitFor([&]() { return doc.source_path() == big; }, 60000));
    QCOMPARE(w.windowTitle(), QString("big.png — ResizeLab"));
    QVERIFY(w.overview()->message().isEmpty());
    QVERIFY2(status_text(w).contains("big.png: 1600×1200"), qPrintable(status_text(w)));

    // Opened as the command line opens it, before the built-in image's results are shown: the panes,
    // which have nothing to show yet, wait for the file, not for a resize.
    MainWindow fresh;
    fresh.open_file(big);  // the load's result comes through the event loop: still loading here
    QCOMPARE(fresh.document()->loading_path(), big);
    for (int i = 0; i < fresh.pane_count(); ++i) {
      QVERIFY(!fresh.pane_view(i)->display());
      QCOMPARE(fresh.pane_view(i)->message(), QString("loading big.png…"));
    }
    fresh.resize(1400, 900);
    fresh.show();
    QVERIFY(QTest::qWaitFor([&]() { return fresh.document()->source_path() == big; }, 60000));

    // A file that cannot be read: the window describes the image it keeps again.
    w.open_file(dir.filePath("missing.png"));
    QCOMPARE(w.windowTitle(), QString("Loading missing.png… — ResizeLab"));
    QVERIFY(QTest::qWaitFor([&]() { return doc.loading_path().isEmpty(); }, 60000));
    QCOMPARE(w.windowTitle(), QString("big.png — ResizeLab"));
    QVERIFY(w.overview()->message().isEmpty());
    QVERIFY2(status_text(w).contains("big.png: 1600×1200"), qPrintable(status_text(w)));
    QVERIFY(w.error_visible());
  }
};

QTEST_MAIN(LoadingTest)
#include "loading_test.moc"
