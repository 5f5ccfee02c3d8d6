// The numbers the real window prints say what they are of, in one spelling: an image's size is
// width×height in the error banner as in the pane headers; a share of pixels reads 100% or 0% only
// when it is all or none; the NIQE under a region's header is the region's, in the table, the pane's
// header and a live.query reply (or says the region is too small); a row with no statistics says why
// across the table and leaves its columns as the numbers need them.
#include <QDockWidget>
#include <QHeaderView>
#include <QLocalSocket>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/niqe.hpp"
#include "rl/push_protocol.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/push_server.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

constexpr int kWaitMs = 120000;
const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");  // 288x288

// A rows x cols RGB uint8 image of values 0..254 (so +1 never saturates), different at every pixel.
rl::Image ramp(int rows, int cols) {
  rl::Image img = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::U8);
  auto* v = img.data<std::uint8_t>();
  for (std::size_t i = 0; i < img.elements(); ++i) v[i] = static_cast<std::uint8_t>((i * 37 + i / 7) % 255);
  return img;
}

QTableWidget* stats_table(MainWindow& w) {
  auto* panel = w.findChild<DifferencePanel*>();
  return panel ? panel->findChild<QTableWidget*>() : nullptr;
}

int column(const QTableWidget& t, const QString& name) {
  for (int c = 0; c < t.columnCount(); ++c)
    if (t.horizontalHeaderItem(c) && t.horizontalHeaderItem(c)->text().replace('\n', ' ') == name) return c;
  return -1;
}

}  // namespace

class NumbersTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    QVERIFY(dir_.isValid());
  }

  // The banner's sizes are width×height, as the header: the reference pane of a 90-wide, 60-tall
  // image at 1/2 is 45×30 in its header and in the message about a file of another size.
  void theBannerSaysSizesAsTheHeaders() {
    rl::io::save(path("wide.png").toStdString(), ramp(60, 90));
    rl::io::save(path("other.png").toStdString(), ramp(20, 31));
    MainWindow w;
    QVERIFY(test::show_and_settle(w, *w.document(), kWaitMs));
    w.open_file(path("wide.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w.document()->source_path() == path("wide.png"); }, kWaitMs));
    w.set_scale(0.5);
    QVERIFY(QTest::qWaitFor(
        [&]() {
          const auto& r = w.document()->result(0);
          return !w.document()->busy() && r.image && r.image->cols() == 45;
        },
        kWaitMs));
    QVERIFY2(w.pane(0)->info_label()->full_text().startsWith(QString::fromUtf8("45×30 · ")),
             qPrintable(w.pane(0)->info_label()->full_text()));
    w.add_image_pane(path("other.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w.error_visible(); }, kWaitMs));
    const QString banner = w.error_text();
    QVERIFY2(banner.contains(QString::fromUtf8("other.png is 31×20, the reference 45×30")),
             qPrintable(banner));
  }

  // A pane pushed into a window whose pane 1 is MATLAB's bicubic (the default, the pushed pane's own
  // untouched method) holds the image sent, not pane 1's result with "the same tables".
  void aPushedPaneIsTheImageSent() {
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    const rl::Image sent = ramp(50, 70);
    QCOMPARE(doc.push_image("sent", rl::push::Role::Pane, sent, 0), QString());
    const int i = doc.pushed_pane("sent");
    QVERIFY(QTest::qWaitFor([&]() { return !doc.busy() && doc.result(i).image; }, kWaitMs));
    const rl::Image& got = *doc.result(i).image;
    QVERIFY2(got.same_shape(sent), qPrintable(doc.result(i).note));
    QVERIFY(std::memcmp(got.raw(), sent.raw(), sent.bytes()) == 0);
  }

  // 12 of 375000 pixels equal: 99.997% differ, not 100.00%; all of them: 100.00%. In the pane's
  // header and in the table's cell.
  void aShareIsAllOnlyWhenItIsAll() {
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    const rl::Image ref = ramp(500, 750);
    rl::Image most = ref, all = ref;
    for (std::size_t i = 0; i < ref.elements(); ++i) {
      ++all.data<std::uint8_t>()[i];
      if (i >= 12 * 3) ++most.data<std::uint8_t>()[i];  // the first 12 pixels kept
    }
    QCOMPARE(doc.push_image("most", rl::push::Role::Pane, most, 0), QString());
    QCOMPARE(doc.push_image("all", rl::push::Role::Pane, all, 0), QString());
    const int m = doc.pushed_pane("most"), a = doc.pushed_pane("all");
    QVERIFY(QTest::qWaitFor([&]() { return !doc.busy() && doc.result(m).image && doc.result(a).image; },
                            kWaitMs));
    QCOMPARE(doc.push_image("ref", rl::push::Role::Reference, ref, 0), QString());
    QVERIFY(
        QTest::qWaitFor([&]() { return !doc.busy() && doc.diff(m).stats && doc.diff(a).stats; }, kWaitMs));
    QCOMPARE(doc.diff(m).stats->differing, std::size_t{374988});
    QCoreApplication::processEvents();
    const QString header = w.pane(m)->stats_label()->full_text();
    QVERIFY2(header.contains("374988 px differ (99.997%)"), qPrintable(header));
    QVERIFY2(w.pane(a)->stats_label()->full_text().contains("375000 px differ (100.00%)"),
             qPrintable(w.pane(a)->stats_label()->full_text()));
    QTableWidget* t = stats_table(w);
    QVERIFY(t);
    const int differ = column(*t, "differ");
    QVERIFY(differ >= 0);
    QCOMPARE(t->item(m, differ)->text().replace('\n', ' '), QString("374988 px (99.997%)"));
  }

};

QTEST_MAIN(NumbersTest)
#include "numbers_test.moc"
