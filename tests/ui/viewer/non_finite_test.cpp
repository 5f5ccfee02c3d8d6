// The viewer on a float64 image with NaN, +inf and -inf: each drawn in its documented colour, the
// statistics over the finite values with the rest counted, a pane against itself 0 differing, and the
// inspector naming the values.
#include <QApplication>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/npy.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {
constexpr int kWaitMs = 60000;
constexpr int kColourTol = 30;  // count_near's tolerance: the three colours are >= 150 from any other
}  // namespace

class NonFiniteTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  QTemporaryDir dir_;
  Document* doc() { return w_->document(); }
  int near_in_pane(int i, QRgb colour) {
    QApplication::processEvents();
    return rl_test::count_near(w_->pane_view(i)->grab().toImage(), QColor::fromRgb(colour), kColourTol);
  }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
    // 16x16 float64, values 0 .. 1, one NaN at (4, 4), +inf at (8, 8), -inf at (12, 12).
    rl::Image img(16, 16, 1, rl::ElemType::F64);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) img.set(r, c, 0, (r + c) / 30.0);
    img.set(4, 4, 0, std::numeric_limits<double>::quiet_NaN());
    img.set(8, 8, 0, std::numeric_limits<double>::infinity());
    img.set(12, 12, 0, -std::numeric_limits<double>::infinity());
    const QString path = dir_.filePath("nan_inf.npy");
    rl::write_npy(path.toStdString(), img);
    w_->set_scale(2);
    w_->open_file(path);
    QVERIFY(QTest::qWaitFor([&]() { return doc()->source() && doc()->source()->cols() == 16; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    w_->fit_view();
  }

  void cleanupTestCase() { w_.reset(); }

  void nearest_pane_draws_each_value_in_its_colour() {
    // Nearest at x2 copies each source pixel to a 2x2 block (MATLAB: out pixel j reads source
    // round((j + 0.5) / 2 + 0.25) in 0-based terms, so out 8 and 9 read source 4): 4 pixels each.
    QVERIFY(doc()->pane(1).method == rl::Method::Nearest);
    const QImage d = doc()->result(1).display->whole();
    QCOMPARE(d.size(), QSize(32, 32));
    QCOMPARE(rl_test::count_near(d, QColor::fromRgb(kNanColor), 0), 4);
    QCOMPARE(rl_test::count_near(d, QColor::fromRgb(kPosInfColor), 0), 4);
    QCOMPARE(rl_test::count_near(d, QColor::fromRgb(kNegInfColor), 0), 4);
    QCOMPARE(d.pixel(8, 8), kNanColor);
    QCOMPARE(d.pixel(17, 16), kPosInfColor);
    QCOMPARE(d.pixel(24, 25), kNegInfColor);
    // And on screen.
    w_->set_diff_mode(false);
    QVERIFY(near_in_pane(1, kNanColor) > 0);
    QVERIFY(near_in_pane(1, kPosInfColor) > 0);
    QVERIFY(near_in_pane(1, kNegInfColor) > 0);
  }

  void a_pane_against_itself_has_finite_statistics_and_no_difference() {
    const PaneDiff& self = doc()->diff(0);
    QVERIFY(self.stats);
    QCOMPARE(self.stats->differing, std::size_t{0});
    QCOMPARE(self.stats->max_abs, 0.0);
    QCOMPARE(self.stats->mean_abs, 0.0);
    QVERIFY(std::isinf(self.stats->psnr));
    QVERIFY(self.stats->non_finite > 0);  // bicubic spreads each non-finite value to its neighbours
    const QString line = diff_summary(self);
    QVERIFY2(line.contains("· 0 px differ (0.00%) · ") && line.endsWith(" non-finite"), qPrintable(line));
    QVERIFY2(line.contains(QString(" · %1 non-finite").arg(self.stats->non_finite)), qPrintable(line));
    // Nearest against bicubic: the figures are finite numbers; the non-finite pairs are counted.
    const PaneDiff& nearest = doc()->diff(1);
    QVERIFY(nearest.stats);
    QVERIFY(std::isfinite(nearest.stats->max_abs) && nearest.stats->max_abs > 0);
    QVERIFY(std::isfinite(nearest.stats->mean_abs) && std::isfinite(nearest.stats->psnr));
    QVERIFY(nearest.stats->differing < nearest.stats->pixels);
    QVERIFY(nearest.stats->non_finite >= 12);  // at least nearest's own 3 blocks of 4
  }

  void difference_maps_colour_non_finite_differences_only() {
    w_->set_diff_mode(true);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));  // the maps' colours, made when first shown
    QVERIFY(doc()->diff(1).colored_picture);
    // Pane 1 against itself: all zero, none of the three colours.
    for (const QRgb c : {kNanColor, kPosInfColor, kNegInfColor}) QCOMPARE(near_in_pane(0, c), 0);
    // Nearest against bicubic: where bicubic's NaN spread and nearest's did not, a NaN difference.
    QVERIFY(near_in_pane(1, kNanColor) > 0);
    w_->set_diff_mode(false);
  }

  void inspector_names_the_values() {
    PaneView* p = w_->pane_view(1);
    const QPointF at = p->to_widget(QPointF(4.5, 4.5));  // source (4, 4): the NaN
    QMouseEvent move(QEvent::MouseMove, at, p->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(p, &move);
    const QString text = w_->inspector_text();
    QVERIFY2(text.contains("(4, 4): NaN"), qPrintable(text));
    QVERIFY2(!text.contains("nan"), qPrintable(text));
  }
};

QTEST_MAIN(NonFiniteTest)
#include "non_finite_test.moc"
