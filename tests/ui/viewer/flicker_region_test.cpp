// The A/B flicker, the per-pane nudge and the region statistics: the comparison model's numbers on
// small hand-worked images, then the viewer's gestures (Space held, the timed flicker, Ctrl+arrows,
// Ctrl+drag) driving that model.
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSet>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <cmath>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_state.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {
constexpr int kWaitMs = 60000;

rl::Image filled(int rows, int cols, double v) {
  rl::Image img(rows, cols, 1, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) img.set(r, c, 0, v);
  return img;
}

const Statistic* find(const PaneDiff& d, const QString& name) {
  for (const Statistic& s : d.statistics)
    if (s.name == name) return &s;
  return nullptr;
}

// A comparison whose results are given (no resize): pane 0 is the reference pane.
Comparison given(const rl::Image& source, const rl::Image& ref, const rl::Image& pane) {
  Comparison c;
  c.source = std::make_shared<const rl::Image>(source);
  c.results.resize(2);
  c.results[0].image = std::make_shared<const rl::Image>(ref);
  c.results[1].image = std::make_shared<const rl::Image>(pane);
  for (PaneResult& r : c.results) r.display = Picture::of(to_qimage(*r.image));
  return c;
}
}  // namespace

class FlickerRegionTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  Document* doc() { return w_->document(); }
  QTableWidget* table() { return w_->findChild<DifferencePanel*>()->findChild<QTableWidget*>(); }
  QString column(const QString& name, int row) {
    QTableWidget* t = table();
    for (int c = 0; c < t->columnCount(); ++c)
      if (t->horizontalHeaderItem(c)->text() == name)
        return t->item(row, c) ? t->item(row, c)->text() : QString();
    return QStringLiteral("<no column %1>").arg(name);
  }
  bool wait_diffs() {
    return QTest::qWaitFor([&]() { return !doc()->busy(); }, kWaitMs) && test::wait_idle(*doc(), kWaitMs);
  }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
  }
  void cleanupTestCase() { w_.reset(); }

  // ---- the model ----

  void region_statistics_are_of_the_region_only() {
    // 8x8 source, results 4x4 (a scale of 1/2): the source region x 2, y 2, 4x4 is the results' x 1,
    // y 1, 2x2 (result_crop: 2 * 0.5 = 1, (2 + 4) * 0.5 = 3).
    // Reference: every pixel 100. The pane: 110 at (row 1, col 1), 96 at (2, 1), 200 at (0, 0) outside
    // the region, 100 elsewhere. Over the region's four pixels |Δ| = 10, 0, 4, 0:
    //   max |Δ| 10, mean |Δ| 14 / 4 = 3.5, 2 px differ of 4 (50.00%),
    //   MSE (100 + 16) / 4 = 29, PSNR 10 log10(255^2 / 29) = 33.5068 dB -> "33.51 dB",
    //   the pane's values 110, 100, 96, 100: mean 101.5, min 96, max 110.
    rl::Image pane = filled(4, 4, 100);
    pane.set(1, 1, 0, 110);
    pane.set(2, 1, 0, 96);
    pane.set(0, 0, 0, 200);
    Comparison c = given(filled(8, 8, 0), filled(4, 4, 100), pane);
    c.diff.region = QRect(2, 2, 4, 4);
    QCOMPARE(c.reference_region(), std::optional<QRect>(QRect(1, 1, 2, 2)));
    compare(c);
    const PaneDiff& d = c.diffs[1];
    QVERIFY(d.stats);
    QCOMPARE(d.stats->max_abs, 10.0);
    QCOMPARE(d.stats->mean_abs, 3.5);
    QCOMPARE(d.stats->pixels, std::size_t{4});
    QCOMPARE(d.stats->differing, std::size_t{2});
    QVERIFY(std::abs(d.stats->psnr - 33.50682) < 1e-4);
    QVERIFY(find(d, "region"));
    QCOMPARE(find(d, "region")->phrase, QString("region 2,2,4,4"));
    QCOMPARE(find(d, "region")->value, QString("2,2 4\u00d74"));
    QCOMPARE(find(d, "PSNR")->value, QString("33.51 dB"));
    QCOMPARE(find(d, "values")->value, QString("mean 101.5, 96 \u2026 110"));
    QVERIFY(diff_summary(d).startsWith("region 2,2,4,4 \u00b7 max |\u0394| 10"));
    // The map stays whole: the 200 outside the region is in it.
    QCOMPARE(d.map->rows(), 4);
    QCOMPARE(d.map->at(0, 0), 100.0);
    // Without the region the same pair reads max |Δ| 100 over 16 px.
    c.diff.region.reset();
    compare(c);
    QCOMPARE(c.diffs[1].stats->max_abs, 100.0);
    QCOMPARE(c.diffs[1].stats->pixels, std::size_t{16});
    QVERIFY(!find(c.diffs[1], "region"));
  }

  void region_scores_under_the_protocol() {
    // SSIM under a protocol on the region's crop: the pane equal to the reference there scores SSIM 1
    // and PSNR ∞ even though it differs outside.
    rl::Image ref(16, 16, 1, rl::ElemType::U8), pane(16, 16, 1, rl::ElemType::U8);
    for (int r = 0; r < 16; ++r)
      for (int col = 0; col < 16; ++col) {
        ref.set(r, col, 0, (r * 16 + col) % 251);
        pane.set(r, col, 0, col < 4 ? 0 : (r * 16 + col) % 251);
      }
    Comparison c = given(ref, ref, pane);
    c.diff.protocol = rl::SrProtocol::Basicsr;
    c.diff.region = QRect(4, 0, 12, 16);
    compare(c);
    QVERIFY2(c.diffs[1].sr, qPrintable(diff_summary(c.diffs[1])));
    QVERIFY(std::abs(c.diffs[1].sr->ssim - 1.0) < 1e-12);
    QVERIFY(std::isinf(c.diffs[1].sr->psnr));
    c.diff.region.reset();
    compare(c);
    QVERIFY(c.diffs[1].sr->ssim < 1.0);
  }

  void nudge_compares_the_overlap() {
    // Reference 3x6, value 10 * col + row; the pane is it shifted right by one pixel (the first
    // column repeated): pane(r, c) = ref(r, c - 1) for c >= 1. Compared as it is, columns 1..5 differ
    // by 10: 15 px of 18, max |Δ| 10. Nudged by -1 (its pixel x compared with the reference's x - 1)
    // the overlap is the reference's columns 0..4 against the pane's 1..5: equal, 0 px of 15 differ.
    rl::Image ref(3, 6, 1, rl::ElemType::U8), pane(3, 6, 1, rl::ElemType::U8);
    for (int r = 0; r < 3; ++r)
      for (int col = 0; col < 6; ++col) {
        ref.set(r, col, 0, 10 * col + r);
        pane.set(r, col, 0, 10 * std::max(0, col - 1) + r);
      }
    Comparison c = given(ref, ref, pane);
    compare(c);
    QCOMPARE(c.diffs[1].stats->differing, std::size_t{15});
    QCOMPARE(c.diffs[1].stats->max_abs, 10.0);
    QVERIFY(!c.diffs[1].nudged);
    c.diff.nudges = {QPoint(), QPoint(-1, 0)};
    compare(c);
    const PaneDiff& d = c.diffs[1];
    QCOMPARE(d.stats->differing, std::size_t{0});
    QCOMPARE(d.stats->pixels, std::size_t{15});
    QVERIFY(std::isinf(d.stats->psnr));
    QCOMPARE(find(d, "nudge")->phrase, QString("nudged -1,0"));
    // Shown moved: the pane's column c + 1 at c, the uncovered last column 0 and checkered.
    QVERIFY(d.nudged);
    QCOMPARE(d.nudged->at(2, 0), pane.at(2, 1));
    QCOMPARE(d.nudged->at(2, 4), pane.at(2, 5));
    QCOMPARE(d.nudged->at(2, 5), 0.0);
    QCOMPARE(d.nudged_display.pixel(0, 0), c.results[1].display->pixel(1, 0));
    // The uncovered column: uncovered_brush's grey checkerboard on the panes' dark background.
    const QSet<QRgb> checker{qRgb(150, 150, 150), qRgb(48, 48, 52)};
    QVERIFY(checker.contains(d.nudged_display.pixel(5, 0)) && checker.contains(d.nudged_display.pixel(5, 1)));
    QVERIFY(d.nudged_display.pixel(5, 0) != d.nudged_display.pixel(5, 1));
    QVERIFY(checker.contains(d.colored.pixel(5, 2)));
    // The map is whole and 0 everywhere (the uncovered column is not a difference).
    QCOMPARE(d.map->cols(), 6);
    QCOMPARE(rl::max_abs_finite(*d.map), 0.0);
    // The reference pane is never nudged: a nudge given for it is ignored.
    c.diff.nudges = {QPoint(1, 0), QPoint()};
    compare(c);
    QVERIFY(!c.diffs[0].nudged);
    QCOMPARE(c.diffs[0].stats->differing, std::size_t{0});
    // A nudge that leaves nothing of the region: the pane's error says so, the others stay.
    c.diff.nudges = {QPoint(), QPoint(-1, 0)};
    c.diff.region = QRect(5, 0, 1, 3);
    compare(c);
    QVERIFY(c.diffs[1].error.contains("nothing"));
    QVERIFY(c.diffs[0].stats);
  }

  void crop_argument_spelling() {
    QCOMPARE(crop_argument(QRect(12, 34, 56, 78)), QString("--crop 12,34,56,78"));
  }

  // ---- the viewer ----

  void space_held_shows_the_reference_then_restores() {
    const double zoom = w_->view_state()->zoom();
    const QPointF centre = w_->view_state()->center();
    const auto own = doc()->result(2).display;
    QVERIFY(own);
    QVERIFY(w_->pane_view(2)->display() == own);
    QTest::keyPress(w_->pane_view(2), Qt::Key_Space);
    QVERIFY(w_->showing_reference());
    QVERIFY(w_->pane_view(2)->display() == doc()->result(0).display);
    QVERIFY(w_->pane_view(2)->display() != own);  // pane 3 (bilinear) differs from the reference
    QCOMPARE(w_->pane(2)->showing(), QString("showing: 1 · bicubic (antialiased) (reference)"));
    QCOMPARE(w_->pane(0)->showing(), QString());  // the reference pane shows itself
    // The tag is drawn over the image in yellow (a drawing, not a widget: the layout never moves).
    QApplication::processEvents();
    QVERIFY(rl_test::count_near(w_->pane_view(2)->grab().toImage(), QColor(255, 210, 0), 10) > 200);
    QCOMPARE(rl_test::count_near(w_->pane_view(0)->grab().toImage(), QColor(255, 210, 0), 10), 0);
    QCOMPARE(w_->view_state()->zoom(), zoom);
    QCOMPARE(w_->view_state()->center(), centre);
    // A release followed at once by a press (an X key repeat not marked as one) keeps the hold.
    QTest::keyRelease(w_->pane_view(2), Qt::Key_Space);
    QTest::keyPress(w_->pane_view(2), Qt::Key_Space);
    QTest::qWait(150);
    QVERIFY(w_->showing_reference());
    QTest::keyRelease(w_->pane_view(2), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(!w_->showing_reference(), 2000);
    QVERIFY(w_->pane_view(2)->display() == own);
    QCOMPARE(w_->pane(2)->showing(), QString());
    QCOMPARE(w_->view_state()->zoom(), zoom);
    QCOMPARE(w_->view_state()->center(), centre);
  }

  void ab_toggle_latches() {
    w_->set_ab(true);
    QVERIFY(w_->pane_view(1)->display() == doc()->result(0).display);
    w_->set_ab(false);
    QVERIFY(w_->pane_view(1)->display() == doc()->result(1).display);
  }

  void timed_flicker_toggles_on_its_timer() {
    w_->set_flicker_interval(100);
    QSignalSpy ticks(w_->flicker_timer(), &QTimer::timeout);
    w_->set_timed_flicker(true);
    QVERIFY(w_->flicker_timer()->isActive());
    const auto own = doc()->result(3).display, ref = doc()->result(0).display;
    QVERIFY(QTest::qWaitFor([&]() { return w_->pane_view(3)->display() == ref; }, 3000));
    QVERIFY(QTest::qWaitFor([&]() { return w_->pane_view(3)->display() == own; }, 3000));
    QVERIFY(ticks.count() >= 2);
    w_->set_timed_flicker(false);
    QVERIFY(!w_->flicker_timer()->isActive());
    QVERIFY(w_->pane_view(3)->display() == own);
    w_->set_flicker_interval(500);
  }

  void ctrl_arrows_nudge_the_pane_under_the_mouse() {
    QTest::mouseMove(w_->pane_view(1), w_->pane_view(1)->rect().center());
    QTRY_COMPARE(w_->nudge_target(), 1);
    QTest::keyClick(w_->pane_view(1), Qt::Key_Right, Qt::ControlModifier);
    QTest::keyClick(w_->pane_view(1), Qt::Key_Up, Qt::ControlModifier);
    QCOMPARE(doc()->nudge(1), QPoint(1, -1));
    QVERIFY(wait_diffs());
    QVERIFY(doc()->diff(1).nudged);
    QVERIFY(w_->pane(1)->stats_label()->full_text().contains("nudged +1,-1"));
    QVERIFY(w_->pane_view(1)->display() == doc()->diff(1).nudged_picture);
    QCOMPARE(column("nudge", 1), QString("+1,-1"));
    // The inspector reads the pane where it is shown: at an output pixel where moving it changed the
    // value, it prints the moved value (pane pixel (x - 1, y + 1)), not the one the resize left there.
    {
      const rl::Image& moved = *doc()->diff(1).nudged;
      const rl::Image& own = *doc()->result(1).image;
      int row = moved.rows() / 2, col = 1;
      while (col < moved.cols() - 1 && moved.at(row, col, 0) == own.at(row, col, 0)) ++col;
      QVERIFY(moved.at(row, col, 0) != own.at(row, col, 0));
      QCOMPARE(moved.at(row, col, 0), own.at(row + 1, col - 1, 0));
      const double sx = double(doc()->source()->cols()) / own.cols(),
                   sy = double(doc()->source()->rows()) / own.rows();
      w_->inspect(QPointF((col + 0.5) * sx, (row + 0.5) * sy));
      QStringList v;
      for (int k = 0; k < moved.channels(); ++k) v << QString::number(moved.at(row, col, k), 'f', 0);
      QVERIFY2(w_->inspector_text().contains(QString("(%1, %2): %3").arg(row).arg(col).arg(v.join(" "))),
               qPrintable(w_->inspector_text()));
    }
    QCOMPARE(column("nudge", 2), QString());
    // The reference pane refuses.
    QTest::mouseMove(w_->pane_view(0), w_->pane_view(0)->rect().center());
    QTRY_COMPARE(w_->nudge_target(), 0);
    QTest::keyClick(w_->pane_view(0), Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(doc()->nudge(0), QPoint());
    // Ctrl+0 on pane 2 resets it.
    QTest::mouseMove(w_->pane_view(1), w_->pane_view(1)->rect().center());
    QTRY_COMPARE(w_->nudge_target(), 1);
    QTest::keyClick(w_->pane_view(1), Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(doc()->nudge(1), QPoint());
    QVERIFY(wait_diffs());
    QVERIFY(!doc()->diff(1).nudged);
  }

  void ctrl_drag_makes_a_region_the_dock_shows() {
    PaneView* v = w_->pane_view(3);
    const QPoint a = v->rect().center() - QPoint(40, 30), b = v->rect().center() + QPoint(40, 30);
    const QPointF sa = v->to_source(a), sb = v->to_source(b);
    const QRect want(QPoint(int(std::floor(sa.x())), int(std::floor(sa.y()))),
                     QPoint(int(std::ceil(sb.x())) - 1, int(std::ceil(sb.y())) - 1));
    QTest::mousePress(v, Qt::LeftButton, Qt::ControlModifier, a);
    QTest::mouseMove(v, b);
    QVERIFY(v->region());  // the outline follows the drag
    QTest::mouseRelease(v, Qt::LeftButton, Qt::ControlModifier, b);
    QCOMPARE(doc()->region(), std::optional<QRect>(want));
    QVERIFY(wait_diffs());
    QVERIFY(find(doc()->diff(3), "region"));
    const QRect in_ref = *doc()->comparison().reference_region();
    // The table names the region once, in the scope line below, not in a column repeated on every row.
    QCOMPARE(column("region", 3), QString("<no column region>"));
    QVERIFY(column("values", 3).startsWith("mean "));
    QLabel* scope = w_->findChild<QLabel*>("statsScope");
    QVERIFY(scope->text().contains(
        QString("x %1, y %2, %3×%4").arg(want.x()).arg(want.y()).arg(want.width()).arg(want.height())));
    QVERIFY(w_->pane(3)->stats_label()->full_text().startsWith("region "));
    // The region's numbers are the model's for that crop: differing pixels at most the region's.
    QVERIFY(doc()->diff(3).stats->pixels == static_cast<std::size_t>(in_ref.width() * in_ref.height()));
    // Esc clears it.
    QTest::keyClick(w_->pane_view(3), Qt::Key_Escape);
    QVERIFY(!doc()->region());
    QVERIFY(wait_diffs());
    QVERIFY(!find(doc()->diff(3), "region"));
    QVERIFY(scope->text().contains("whole image"));
    QVERIFY(!v->region());
  }
};

QTEST_MAIN(FlickerRegionTest)
#include "flicker_region_test.moc"
