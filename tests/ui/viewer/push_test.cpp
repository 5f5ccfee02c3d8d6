// Images pushed into the real main window, offscreen, through the document's push entry points (what
// the socket's server calls; the socket itself is tested from Python, tests/python/test_live.py): a
// pane named and shown as sent, updated in place with the view and the other panes kept, the HR with
// an SR factor (the Differences panel's Against choice follows), and the refusals.
#include <QComboBox>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <utility>

#include "rl/ui/difference_panel.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_state.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

constexpr int kWaitMs = 60000;

rl::Image float_image(int rows, int cols, float offset) {
  rl::Image img = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::F32);
  auto* v = img.data<float>();
  for (std::size_t i = 0; i < img.elements(); ++i)
    v[i] = static_cast<float>((i * 7919) % 1000) / 1000.0f + offset;
  return img;
}

bool same_bytes(const rl::Image& a, const rl::Image& b) {
  return a.type() == b.type() && a.same_shape(b) && std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

}  // namespace

class PushTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  Document* doc() { return w_->document(); }
  bool settle() {
    QTest::qWait(20);
    return test::wait_idle(*doc(), kWaitMs);
  }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
  }

  // On the default panes (MATLAB's resizes of the default image), a pushed pane holds the image sent,
  // of its own size and type: not the result of the MATLAB pane whose method it would have by default
  // (a pushed pane keeps PaneConfig's default method, bicubic antialiased, which is pane 1's).
  void aPaneBesideTheResizerPanesHoldsTheImageSent() {
    const rl::Image q1 = float_image(32, 32, 0.0f);
    rl::Image q2 = rl::Image::uninitialized(300, 200, 3, rl::ElemType::U8);
    for (std::size_t i = 0; i < q2.elements(); ++i)
      q2.data<std::uint8_t>()[i] = static_cast<std::uint8_t>(i * 31);
    QCOMPARE(doc()->push_image("q1", rl::push::Role::Pane, q1, 0), QString());
    QCOMPARE(doc()->push_image("q2", rl::push::Role::Pane, q2, 0), QString());
    QVERIFY(settle());
    for (const auto& [name, img] : {std::pair<const char*, const rl::Image*>{"q1", &q1}, {"q2", &q2}}) {
      const int i = doc()->pushed_pane(name);
      QVERIFY(i >= 4);
      QVERIFY(doc()->result(i).image);
      QVERIFY2(same_bytes(*doc()->result(i).image, *img), name);
      QVERIFY(doc()->result(i).image != doc()->result(0).image);
    }
    QCOMPARE(doc()->close_pushed("q1", rl::push::Role::Pane), QString());
    QCOMPARE(doc()->close_pushed("q2", rl::push::Role::Pane), QString());
    QVERIFY(settle());
  }

  // The HR with factor 4: the resizer panes become round trips compared with it, and the panel's
  // Against box says so.
  void hrWithAScaleComparesWithTheHr() {
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, float_image(64, 96, 0.0f), 4), QString());
    QVERIFY(settle());
    QCOMPARE(doc()->diff_settings().against, DiffAgainst::Source);
    QCOMPARE(doc()->pane(1).sr_round_trip, 4);
    QComboBox* against = nullptr;
    for (QComboBox* c : w_->findChild<DifferencePanel*>()->findChildren<QComboBox*>())
      if (c->findData("the image itself (HR)", Qt::ToolTipRole) >= 0) against = c;
    QVERIFY(against);
    QCOMPARE(against->toolTip(), QString("the image itself (HR)"));  // the box's words, whole
  }

  // A pushed pane holds the very image sent, is named in its header with a close button and no
  // method box; sending the name again replaces it in place with the view and the other panes kept.
  void aPaneIsUpdatedInPlace() {
    const rl::Image sr1 = float_image(64, 96, 0.01f);
    QCOMPARE(doc()->push_image("sr", rl::push::Role::Pane, sr1, 0), QString());
    QCOMPARE(doc()->push_image("other", rl::push::Role::Pane, float_image(64, 96, 0.02f), 0), QString());
    QVERIFY(settle());
    const int i = doc()->pushed_pane("sr");
    QCOMPARE(i, 4);
    QCOMPARE(doc()->pane_count(), 6);
    QVERIFY(same_bytes(*doc()->result(i).image, sr1));
    QVERIFY(doc()->diff(i).stats);
    PaneWidget* p = w_->pane(i);
    QVERIFY(p->file_label()->isVisible());
    QCOMPARE(p->file_label()->full_text(), QString("sr"));
    QVERIFY(!p->method_box()->isVisible());
    w_->view_state()->set_zoom(3.0);
    const double zoom = w_->view_state()->zoom();
    const QPointF centre = w_->view_state()->center();
    const auto other = doc()->result(5).image;
    const double max_before = doc()->diff(i).stats->max_abs;
    const auto hr_display = doc()->comparison().reference_display;
    QVERIFY(hr_display);
    const rl::Image sr2 = float_image(64, 96, 0.05f);
    QCOMPARE(doc()->push_image("sr", rl::push::Role::Pane, sr2, 0), QString());
    QVERIFY(settle());
    QCOMPARE(doc()->pushed_pane("sr"), i);
    QCOMPARE(doc()->pane_count(), 6);
    QVERIFY(same_bytes(*doc()->result(i).image, sr2));
    QVERIFY(doc()->diff(i).stats->max_abs != max_before);         // the statistics recomputed
    QCOMPARE(doc()->result(5).image, other);                      // the other pane kept, not remade
    QCOMPARE(doc()->comparison().reference_display, hr_display);  // the HR's display not made again
    QCOMPARE(w_->view_state()->zoom(), zoom);
    QCOMPARE(w_->view_state()->center(), centre);
  }

  // A new HR gets its own display (made from it, not the last HR's kept), as each pushed pane does.
  void aNewHrIsShownAnew() {
    const auto before = doc()->comparison().reference_display;
    QVERIFY(before);
    rl::Image hr = float_image(64, 96, 0.0f);
    std::fill_n(hr.data<float>(), hr.elements() / 2, 0.25f);  // the top half flat: other pixels
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, std::move(hr), 4), QString());
    QVERIFY(settle());
    const Comparison& cmp = doc()->comparison();
    QVERIFY(cmp.reference_display && cmp.reference_display != before);
    QVERIFY(cmp.reference_display->shows(cmp.reference(), cmp.display));
    QCOMPARE(cmp.reference_display->whole(), to_qimage(*cmp.reference(), cmp.display));
    QVERIFY(cmp.reference_display->whole() != before->whole());
  }

  void closeAndRefusals() {
    QCOMPARE(doc()->push_image("x", rl::push::Role::Pane, float_image(4, 4, 0), 2),
             QString("a scale goes with role hr (the SR factor), not with role pane"));
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, float_image(4, 4, 0), 2.5),
             QString("the scale must be an integer SR factor 2..16, not 2.5"));
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, float_image(4, 4, 0), 1e10),
             QString("the scale must be an integer SR factor 2..16, not 1e+10"));
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, float_image(4, 4, 0), -1e300),
             QString("the scale must be an integer SR factor 2..16, not -1e+300"));
    QCOMPARE(doc()->push_image("hr", rl::push::Role::Hr, float_image(4, 4, 0), std::nan("")),
             QString("the scale must be an integer SR factor 2..16, not nan"));
    QCOMPARE(doc()->close_pushed("nope", rl::push::Role::Pane), QString("no pane named 'nope' was pushed"));
    QCOMPARE(doc()->close_pushed("hr", rl::push::Role::Hr), QString("the HR cannot be closed; push another"));
    QCOMPARE(doc()->close_pushed("sr", rl::push::Role::Pane), QString());
    QCOMPARE(doc()->pushed_pane("sr"), -1);
    QCOMPARE(doc()->pane_count(), 5);
  }

  void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(PushTest)
#include "push_test.moc"
