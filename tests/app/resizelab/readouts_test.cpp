// Every readout reads the results shown now, through one rule: after a click locks a pixel, the
// Inspector, the Histogram dock and the status bar's pixel stay on that pixel and pane (the Inspector
// kept the old scale's values when a new scale was typed, and followed the pointer while the Histogram
// stayed), each says "waiting…" while the results it reads are being made again, and the values the
// panes write at high zoom are the channel the view shows (Y, not R, G and B).
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPainter>
#include <QTest>
#include <cmath>
#include <memory>

#include "figure_panels.hpp"
#include "painted_texts.hpp"
#include "rl/ui/histogram_widget.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "test_util.hpp"

namespace {

using rl::ui::MainWindow;
using rl::ui::PaneView;

constexpr int kWaitMs = 120000;

// Set5's bird (288x288) in the window with its docks, at `scale`.
std::unique_ptr<MainWindow> bird_at(double scale) {
  rl::ui::test::isolate_settings();
  auto w = std::make_unique<MainWindow>();
  EXPECT_TRUE(rl::app::install_figure_panels(*w));
  EXPECT_TRUE(rl::ui::test::show_and_settle(*w, *w->document(), kWaitMs));
  w->open_file(QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp"));
  EXPECT_TRUE(QTest::qWaitFor(
      [&]() { return w->document()->source() && w->document()->source()->cols() == 288; }, kWaitMs));
  w->set_scale(scale);
  EXPECT_TRUE(rl::ui::test::wait_idle(*w->document(), kWaitMs));
  w->fit_view();
  return w;
}

void send_mouse(PaneView* v, QEvent::Type type, QPointF src) {
  const QPointF at = v->to_widget(src);
  const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
  const Qt::MouseButtons held = type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton;
  QMouseEvent e(type, at, v->mapToGlobal(at), button, held, Qt::NoModifier);
  QApplication::sendEvent(v, &e);
}
void move_to(PaneView* v, QPointF src) { send_mouse(v, QEvent::MouseMove, src); }
void click(PaneView* v, QPointF src) {
  move_to(v, src);
  send_mouse(v, QEvent::MouseButtonPress, src);
  send_mouse(v, QEvent::MouseButtonRelease, src);
}
void leave(PaneView* v) {
  QEvent e(QEvent::Leave);
  QApplication::sendEvent(v, &e);
}

// The centre of output pixel (row, col) of a result of `rows` x `cols` from the 288x288 bird.
QPointF centre(int row, int col, int rows, int cols) {
  return {(col + 0.5) * 288.0 / cols, (row + 0.5) * 288.0 / rows};
}

// "(row, col): v0 v1 v2" of `img`, as the Inspector writes an 8-bit pixel.
QString pixel_line(const rl::Image& img, int row, int col) {
  return QString("(%1, %2): %3 %4 %5")
      .arg(row)
      .arg(col)
      .arg(img.at(row, col, 0))
      .arg(img.at(row, col, 1))
      .arg(img.at(row, col, 2));
}

QString status_view(const MainWindow& w) { return w.view_status_text(); }

// The steps: pane 4 clicked at 0.3 (the pixel locks), the pointer off the panes, 1/8 typed in
// Scale and Enter. The Inspector said the 0.3 values; now it says waiting, then the 1/8 values at the
// locked pixel, where the Sampling dock explains.
TEST(Readouts, TheInspectorFollowsANewScaleOnTheLockedPixel) {
  const auto w = bird_at(0.3);
  const rl::ui::Document& doc = *w->document();
  ASSERT_EQ(doc.result(3).image->rows(), 87);  // ceil(288 * 0.3)
  PaneView* v = w->pane_view(3);
  click(v, centre(20, 30, 87, 87));
  ASSERT_EQ(w->locked_pixel(), QPoint(30, 20));
  const rl::Image& old = *doc.result(3).image;
  EXPECT_TRUE(w->inspector_text().contains(pixel_line(old, 20, 30))) << w->inspector_text().toStdString();
  leave(v);
  QLineEdit* scale = w->scale_edit();
  scale->setFocus();
  scale->clear();
  QTest::keyClicks(scale, "1/8");
  QTest::keyClick(scale, Qt::Key_Return);
  // Before the new results: every pane's line waits (no 0.3 value is left as if it were 1/8's).
  EXPECT_TRUE(doc.busy());
  EXPECT_EQ(w->inspector_text().count(QStringLiteral("waiting\u2026")), 4)
      << w->inspector_text().toStdString();  // the four panes; the source stays
  EXPECT_FALSE(w->inspector_text().contains(pixel_line(old, 20, 30))) << w->inspector_text().toStdString();
  EXPECT_TRUE(status_view(*w).endsWith(QStringLiteral("pane 4 waiting\u2026")))
      << status_view(*w).toStdString();
  ASSERT_TRUE(rl::ui::test::wait_idle(doc, kWaitMs));
  ASSERT_EQ(doc.result(3).image->rows(), 36);  // ceil(288 / 8)
  ASSERT_EQ(w->locked_pixel(), QPoint(30, 20));
  const QString text = w->inspector_text();
  for (int i = 0; i < doc.pane_count(); ++i)
    EXPECT_TRUE(text.contains(pixel_line(*doc.result(i).image, 20, 30)))
        << "pane " << i + 1 << ": " << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("waiting"))) << text.toStdString();
  EXPECT_TRUE(status_view(*w).endsWith("pixel x 30, y 20 of pane 4 (locked)"))
      << status_view(*w).toStdString();
}

// One rule: locked, the Inspector, the Histogram and the status bar stay on the clicked pane's pixel
// wherever the pointer goes (the Inspector followed the pointer); released, all three follow it.
TEST(Readouts, TheInspectorAndTheHistogramFollowTheSamePaneAndPixel) {
  const auto w = bird_at(0.5);
  const rl::ui::Document& doc = *w->document();
  auto* histogram = w->findChild<rl::ui::HistogramWidget*>();
  ASSERT_NE(histogram, nullptr);
  const QPointF locked = centre(40, 50, 144, 144), elsewhere = centre(100, 12, 144, 144);
  click(w->pane_view(3), locked);
  ASSERT_EQ(w->locked_pixel(), QPoint(50, 40));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return histogram->label().startsWith("pane 4"); }, 5000))
      << histogram->label().toStdString();
  leave(w->pane_view(3));
  move_to(w->pane_view(1), elsewhere);
  move_to(w->pane_view(1), elsewhere + QPointF(0.2, 0.1));
  QTest::qWait(50);
  EXPECT_TRUE(histogram->label().startsWith("pane 4")) << histogram->label().toStdString();
  const QString text = w->inspector_text();
  EXPECT_TRUE(text.contains(pixel_line(*doc.result(1).image, 40, 50))) << text.toStdString();
  EXPECT_FALSE(text.contains(pixel_line(*doc.result(1).image, 100, 12))) << text.toStdString();
  EXPECT_TRUE(status_view(*w).endsWith("pixel x 50, y 40 of pane 4 (locked)"))
      << status_view(*w).toStdString();

  // The same pixel clicked again releases: all of them follow the pointer onto pane 2.
  click(w->pane_view(3), locked);
  ASSERT_FALSE(w->locked_pixel().has_value());
  leave(w->pane_view(3));
  move_to(w->pane_view(1), elsewhere);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return histogram->label().startsWith("pane 2"); }, 5000))
      << histogram->label().toStdString();
  EXPECT_TRUE(w->inspector_text().contains(pixel_line(*doc.result(1).image, 100, 12)))
      << w->inspector_text().toStdString();
  EXPECT_TRUE(status_view(*w).endsWith("pixel x 12, y 100 of pane 2")) << status_view(*w).toStdString();
}

// The Histogram dock waits with the Inspector while its pane is resized again, then counts the new one.
// One move onto a pane is enough (the dock read the pane under the mouse before it was set).
TEST(Readouts, TheHistogramWaitsForTheNewResult) {
  const auto w = bird_at(0.5);
  const rl::ui::Document& doc = *w->document();
  auto* histogram = w->findChild<rl::ui::HistogramWidget*>();
  move_to(w->pane_view(2), centre(10, 10, 144, 144));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return histogram->label().startsWith("pane 3") && histogram->histogram() && !histogram->computing();
      },
      30000));
  ASSERT_EQ(histogram->histogram()->pixels, 144u * 144u);
  const auto head = [&]() {
    const QStringList t = rl::test::painted_texts(
        histogram->size(), [&](QPainter& p) { histogram->render(&p, QPoint(), QRegion(), {}); });
    return t.value(0);
  };
  w->set_scale(0.25);
  EXPECT_FALSE(histogram->histogram().has_value());  // the 1/2 counts are not shown as the new ones
  EXPECT_TRUE(head().startsWith(QStringLiteral("pane 3 \u00b7 ")) &&
              head().contains(QStringLiteral(": waiting\u2026")))
      << head().toStdString();
  ASSERT_TRUE(rl::ui::test::wait_idle(doc, kWaitMs));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return histogram->histogram() && !histogram->computing(); }, 30000));
  EXPECT_EQ(histogram->histogram()->pixels, 72u * 72u);
  EXPECT_TRUE(head().startsWith(QStringLiteral("pane 3 \u00b7 ")) &&
              head().contains(QStringLiteral(": 5184 px")))
      << head().toStdString();
}

// At high zoom a pane writes the values its picture shows: the Y of each pixel while the view shows Y
// (it wrote R, G and B), one channel's while it shows one, all three for All. On one colour, every
// pixel of every resizer is (10, 200, 30): Y = 0.298936021293775 * 10 + 0.587043074451121 * 200 +
// 0.114020904255103 * 30 = 123.819 -> 124.
TEST(Readouts, ThePaneValuesAreTheChannelTheViewShows) {
  rl::ui::test::isolate_settings();
  MainWindow w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), kWaitMs));
  rl::Image one(40, 60, 3, rl::ElemType::U8);
  for (int r = 0; r < one.rows(); ++r)
    for (int c = 0; c < one.cols(); ++c) {
      one.set(r, c, 0, 10);
      one.set(r, c, 1, 200);
      one.set(r, c, 2, 30);
    }
  w.document()->set_source(one, "one colour");
  ASSERT_TRUE(rl::ui::test::wait_idle(*w.document(), kWaitMs));
  w.zoom_to_values();
  PaneView* v = w.pane_view(1);
  ASSERT_GE(v->pixel_size(), PaneView::kValuesFrom);
  auto* channel = w.findChild<QComboBox*>("displayChannel");
  ASSERT_NE(channel, nullptr);
  const auto written = [&](rl::ui::ViewChannel c) {
    channel->setCurrentIndex(static_cast<int>(c));
    EXPECT_TRUE(rl::ui::test::wait_idle(*w.document(), kWaitMs));
    return rl::test::painted_texts(v->size(), [&](QPainter& p) { v->render(&p, QPoint(), QRegion(), {}); });
  };
  const QStringList all = written(rl::ui::ViewChannel::All);
  ASSERT_GE(all.size(), 3);
  EXPECT_EQ(all.count("10"), all.size() / 3) << all.join(" ").toStdString();
  EXPECT_EQ(all.count("200"), all.size() / 3);
  const QStringList y = written(rl::ui::ViewChannel::Y);
  ASSERT_FALSE(y.isEmpty());
  EXPECT_EQ(y.count("124"), y.size()) << y.join(" ").toStdString();
  EXPECT_EQ(y.size(), all.size() / 3);  // one number a pixel
  const QStringList g = written(rl::ui::ViewChannel::G);
  ASSERT_FALSE(g.isEmpty());
  EXPECT_EQ(g.count("200"), g.size()) << g.join(" ").toStdString();
}

}  // namespace
