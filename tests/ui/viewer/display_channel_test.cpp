// The display control on an 8-bit image, in the window: black and white points, exposure (key E) and
// the channel view re-map every pane and the difference maps from the kept results (nothing is resized
// again), the choice is what the window saves, the map labels say which channel is drawn, and a
// channel the images lack (alpha) is not offered.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

#include "rl/metrics.hpp"
#include "rl/ui/display_range_control.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/viewer_settings.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {
constexpr int kWaitMs = 120000;
// 8-bit value v through black 50 and white 200, worked here (halves up, clamped).
int stretched(int v) {
  return static_cast<int>(std::clamp(std::floor((v - 50) * 255.0 / 150.0 + 0.5), 0.0, 255.0));
}
}  // namespace

class DisplayChannelTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  Document* doc() { return w_->document(); }
  // Every pane's result is the one `kept` (not resized again) and its picture at every 13th row and
  // 11th column is `want(image, row, col)` (QCOMPARE inside: the caller checks currentTestFailed).
  void expect_panes_show(const std::vector<const rl::Image*>& kept,
                         const std::function<QRgb(const rl::Image&, int, int)>& want) {
    for (int i = 0; i < static_cast<int>(kept.size()); ++i) {
      QCOMPARE(doc()->result(i).image.get(), kept[static_cast<std::size_t>(i)]);
      const rl::Image& img = *doc()->result(i).image;
      const auto& pic = doc()->result(i).display;
      for (int y = 0; y < img.rows(); y += 13)
        for (int x = 0; x < img.cols(); x += 11) QCOMPARE(pic->pixel(x, y), want(img, y, x));
    }
  }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
    w_->open_file(QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp"));
    QVERIFY(QTest::qWaitFor([&]() { return doc()->source() && doc()->source()->cols() == 288; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }
  void cleanupTestCase() { w_.reset(); }

  void black_white_and_red_remap_panes_and_maps_without_resizing() {
    const int n = static_cast<int>(doc()->comparison().panes.size());
    QVERIFY(n >= 2);
    std::vector<const rl::Image*> kept;
    for (int i = 0; i < n; ++i) kept.push_back(doc()->result(i).image.get());
    const auto before = doc()->result(0).display;
    // Before: pane 0 shows the data as it is.
    const rl::Image& img0 = *doc()->result(0).image;
    QCOMPARE(qRed(before->pixel(5, 7)), static_cast<int>(img0.at(7, 5, 0)));

    auto* control = w_->findChild<DisplayRangeControl*>();
    QVERIFY(control);
    auto* mode = control->findChild<QComboBox*>("displayMode");
    auto* channel = control->findChild<QComboBox*>("displayChannel");
    auto* black = control->findChild<QDoubleSpinBox*>("displayBlack");
    auto* white = control->findChild<QDoubleSpinBox*>("displayWhite");
    QVERIFY(mode && channel && black && white);
    mode->setCurrentIndex(1);
    black->setValue(50);
    white->setValue(200);
    channel->setCurrentIndex(1);  // R
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && doc()->result(0).display != before; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));

    for (int i = 0; i < n; ++i) {
      // The same result objects: not resized again.
      QCOMPARE(doc()->result(i).image.get(), kept[static_cast<std::size_t>(i)]);
    }
    // Every pane shows its R channel through 50..200, as grey.
    for (int i = 0; i < n; ++i) {
      const rl::Image& img = *doc()->result(i).image;
      const auto& pic = doc()->result(i).display;
      for (int y = 0; y < img.rows(); y += 13)
        for (int x = 0; x < img.cols(); x += 11) {
          const int g = stretched(static_cast<int>(img.at(y, x, 0)));
          QCOMPARE(pic->pixel(x, y), qRgb(g, g, g));
        }
    }
    // The maps show the R channel's difference.
    const rl::Image& ref = *doc()->result(0).image;
    for (int i = 1; i < n; ++i) {
      const rl::Image& img = *doc()->result(i).image;
      if (img.rows() != ref.rows() || img.cols() != ref.cols()) continue;
      const rl::Image map = map_part(doc()->diff(i), QRect(0, 0, ref.cols(), ref.rows()));
      QVERIFY(!map.empty());
      const rl::Image want = rl::diff_map(img, ref, rl::DiffMode::AbsChannel, 0, map.type());
      const rl::Image all = rl::diff_map(img, ref, rl::DiffMode::AbsMaxChannel, -1, map.type());
      QVERIFY(rl::max_abs_finite(rl::diff_map(map, want, rl::DiffMode::AbsMaxChannel)) == 0.0);
      QVERIFY(rl::max_abs_finite(rl::diff_map(map, all, rl::DiffMode::AbsMaxChannel)) > 0.0);
    }
    // The map's label says so (the chosen kind was max over channels).
    QVERIFY2(doc()->diff_label().contains("(channel 1: R, the view's)"), qPrintable(doc()->diff_label()));
    // The choice is what the window saves, and it reads back.
    const ViewerSettings v = w_->settings_to_save();
    QVERIFY(v.display.channel == rl::ui::ViewChannel::R);
    QCOMPARE(v.display.lo, 50.0);
    QCOMPARE(v.display.hi, 200.0);
    QVERIFY(!v.display.auto_range);
    QTemporaryDir dir;
    QSettings s(dir.filePath("v.ini"), QSettings::IniFormat);
    save_viewer_settings(s, v);
    QVERIFY(load_viewer_settings(s).display == v.display);
  }

  // E: exposure up half a stop (tev's key), every pane and the maps' scale, nothing resized again.
  void exposureKeyRemapsPanesAndMapsWithoutResizing() {
    w_->set_display_settings(DisplaySettings{});
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const int n = doc()->pane_count();
    std::vector<const rl::Image*> kept;
    for (int i = 0; i < n; ++i) kept.push_back(doc()->result(i).image.get());
    const double max_before = doc()->diff_hi();
    const auto before = doc()->result(0).display;
    PaneView* v = w_->pane_view(0);
    v->setFocus();
    QTest::keyClick(v, Qt::Key_E);
    QCOMPARE(doc()->display_settings().tone.exposure, 0.5);
    auto* exposure = w_->findChild<QDoubleSpinBox*>("displayExposure");
    QVERIFY(exposure);
    QCOMPARE(exposure->value(), 0.5);
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && doc()->result(0).display != before; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    // Every pane: v * 2^0.5, clipped, halves up (8-bit shown as it is: its own 0..255).
    expect_panes_show(kept, [](const rl::Image& img, int y, int x) {
      const auto lit = [&](int k) {
        return static_cast<int>(std::clamp(std::floor(img.at(y, x, k) * std::sqrt(2.0) + 0.5), 0.0, 255.0));
      };
      return qRgb(lit(0), lit(1), lit(2));
    });
    if (QTest::currentTestFailed()) return;
    // The maps' white is at the largest difference shown at that exposure.
    QVERIFY(std::abs(doc()->diff_hi() - max_before / std::sqrt(2.0)) < 1e-9 * max_before);
    // The exposure changed in the window is saved, and reads back.
    const ViewerSettings saved = w_->settings_to_save();
    QCOMPARE(saved.display.tone.exposure, 0.5);
    QTemporaryDir dir;
    QSettings s(dir.filePath("v.ini"), QSettings::IniFormat);
    save_viewer_settings(s, saved);
    QCOMPARE(load_viewer_settings(s).display.tone.exposure, 0.5);
    QTest::keyClick(v, Qt::Key_E, Qt::ShiftModifier);
    QCOMPARE(doc()->display_settings().tone.exposure, 0.0);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  // O and Shift+O: the offset by a tenth of the image's black-to-white range (tev's 0.1 on 0..1), here
  // 25.5 levels of the 8-bit bird, every pane re-mapped and nothing resized; R sets exposure and offset
  // back to 0 and leaves the black and white points.
  void offsetKeysStepATenthOfTheRangeAndRResetsTheTone() {
    DisplaySettings fixed;
    fixed.auto_range = false;
    fixed.lo = 50;
    fixed.hi = 200;
    w_->set_display_settings(DisplaySettings{});
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const int n = doc()->pane_count();
    std::vector<const rl::Image*> kept;
    for (int i = 0; i < n; ++i) kept.push_back(doc()->result(i).image.get());
    const auto before = doc()->result(0).display;
    PaneView* v = w_->pane_view(0);
    v->setFocus();
    QTest::keyClick(v, Qt::Key_O);
    QCOMPARE(doc()->display_settings().tone.offset, 25.5);
    auto* offset = w_->findChild<QDoubleSpinBox*>("displayOffset");
    QVERIFY(offset);
    QCOMPARE(offset->value(), 25.5);
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && doc()->result(0).display != before; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    // v + 25.5 through 0..255, halves up: 25.5 is exactly half a level, so v + 26, clipped.
    expect_panes_show(kept, [](const rl::Image& img, int y, int x) {
      const auto lit = [&](int k) { return std::min(static_cast<int>(img.at(y, x, k)) + 26, 255); };
      return qRgb(lit(0), lit(1), lit(2));
    });
    if (QTest::currentTestFailed()) return;
    QTest::keyClick(v, Qt::Key_O, Qt::ShiftModifier);
    QTest::keyClick(v, Qt::Key_O, Qt::ShiftModifier);
    QCOMPARE(doc()->display_settings().tone.offset, -25.5);
    // With fixed points 50..200 the step is a tenth of 150.
    w_->set_display_settings(fixed);
    QTest::keyClick(v, Qt::Key_O);
    QCOMPARE(doc()->display_settings().tone.offset, 15.0);
    QTest::keyClick(v, Qt::Key_E);
    QCOMPARE(doc()->display_settings().tone.exposure, 0.5);
    QTest::keyClick(v, Qt::Key_R);
    QVERIFY(doc()->display_settings().tone.neutral());
    QVERIFY(!doc()->display_settings().auto_range);
    QCOMPARE(doc()->display_settings().lo, 50.0);
    QCOMPARE(doc()->display_settings().hi, 200.0);
    QCOMPARE(offset->value(), 0.0);
    w_->set_display_settings(DisplaySettings{});
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  // The map kinds and the map's label say which channel the maps are of when the view chooses it.
  void theMapLabelsSayWhatIsDrawn() {
    auto* mode = w_->findChild<QComboBox*>("diffMode");
    QVERIFY(mode);
    QVERIFY(doc()->diff_settings().mode == rl::DiffMode::AbsMaxChannel);
    QVERIFY(mode->currentText().contains("max over channels"));
    DisplaySettings d;
    d.channel = ViewChannel::G;
    w_->set_display_settings(d);
    QVERIFY(QTest::qWaitFor([&]() { return !mode->currentText().contains("max over channels"); }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY2(mode->currentText().contains("channel G (the view's)"), qPrintable(mode->currentText()));
    QVERIFY2(doc()->diff_label().contains("channel 2: G, the view's"), qPrintable(doc()->diff_label()));
    w_->set_display_settings(DisplaySettings{});
    QVERIFY(QTest::qWaitFor([&]() { return mode->currentText().contains("max over channels"); }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  // Alpha is not offered for images without it; chosen anyway (saved, or on the command line), the view
  // falls back to All and says so.
  void alphaIsOfferedOnlyWithAlpha() {
    auto* control = w_->findChild<DisplayRangeControl*>();
    auto* channel = control->findChild<QComboBox*>("displayChannel");
    auto* model = qobject_cast<QStandardItemModel*>(channel->model());
    QVERIFY(model);
    QVERIFY(!model->item(static_cast<int>(ViewChannel::Alpha))->isEnabled());
    QVERIFY(model->item(static_cast<int>(ViewChannel::Y))->isEnabled());
    DisplaySettings d;
    d.channel = ViewChannel::Alpha;
    w_->set_display_settings(d);
    QVERIFY(QTest::qWaitFor([&]() { return doc()->display_settings().channel == ViewChannel::All; }, 20000));
    QCOMPARE(channel->currentIndex(), static_cast<int>(ViewChannel::All));
    QVERIFY2(control->note().contains("none of the shown images has alpha"), qPrintable(control->note()));
    // Once an image with alpha is shown, the note goes and alpha is offered.
    control->set_channel_views(ChannelViews{true, true, true, true, true, true});
    QCOMPARE(control->note(), QString());
    QVERIFY(model->item(static_cast<int>(ViewChannel::Alpha))->isEnabled());
    control->set_channel_views(channel_views(*doc()));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    // The views an image offers: a grey one All only; grey with alpha All and alpha.
    rl::Image grey(2, 2, 1, rl::ElemType::U8), grey_alpha(2, 2, 2, rl::ElemType::U8);
    QVERIFY((channel_views({&grey}) == ChannelViews{true, false, false, false, false, false}));
    QVERIFY((channel_views({&grey_alpha}) == ChannelViews{true, false, false, false, false, true}));
  }
};

QTEST_MAIN(DisplayChannelTest)
#include "display_channel_test.moc"
