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

};

QTEST_MAIN(NumbersTest)
#include "numbers_test.moc"
