// The SR round-trip pane source: up(down(HR, 1/s, MATLAB bicubic), s, method) equals `imresize` run
// twice, as a user runs it, bit for bit (odd HR sizes mod-cropped first); its scores use the
// protocol's mod-crop and shave at s; and Presets > Super-Resolution Baselines sets the window up so.
#include <gtest/gtest.h>

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

using rl::ui::PaneConfig;

// A real photo at an odd size, 101x77 (neither side a multiple of 2, 3 or 4): the top left of
// baboon.png from the golden data.
rl::Image odd_hr() {
  const rl::Image baboon = rl::io::load(RL_GOLDEN_DIR "/modern-baboon/baboon.png");
  return rl::crop(baboon, 0, 0, 101, 77);
}

// `imresize IN OUT ARGS...`, the command a user runs; its output, or a test failure.
rl::Image imresize_command(const QString& in, const QString& out, const QStringList& args) {
  QProcess p;
  p.start(RL_IMRESIZE_EXE, QStringList{in, out} + args);
  EXPECT_TRUE(p.waitForFinished(60000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  return rl::io::load(out.toStdString());
}

void expect_same_pixels(const rl::Image& a, const rl::Image& b, const std::string& what) {
  ASSERT_TRUE(a.same_shape(b)) << what << ": " << a.rows() << "x" << a.cols() << " vs " << b.rows() << "x"
                               << b.cols();
  ASSERT_EQ(a.type(), b.type()) << what;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.elements(); ++i)
    differ += a.data<std::uint8_t>()[i] != b.data<std::uint8_t>()[i];
  EXPECT_EQ(differ, 0u) << what;
}

PaneConfig round_trip(int s, rl::Method m) {
  PaneConfig c{m, false};
  c.sr_round_trip = s;
  return c;
}

// Against the command: the HR's first 99x75 pixels written as PNG (the mod-crop by hand, with
// rl::crop), `imresize HR LR --scale 1/3` (MATLAB bicubic, antialiased: imresize's default), then
// `imresize LR SR --scale 3 --method M`, for two MATLAB methods and a library's up step.
TEST(SrRoundTrip, EqualsImresizeRunTwiceOnAnOddHr) {
  const rl::Image hr = odd_hr();
  QTemporaryDir dir;
  const QString hr_c = dir.filePath("hr_c.png"), lr = dir.filePath("lr.png");
  rl::io::save(hr_c.toStdString(), rl::crop(hr, 0, 0, 99, 75));
  const rl::Image lr_image = imresize_command(hr_c, lr, {"--scale", "1/3"});
  ASSERT_EQ(lr_image.rows(), 33);
  ASSERT_EQ(lr_image.cols(), 25);
  PaneConfig opencv = round_trip(3, rl::Method::Bicubic);
  opencv.peer = rl::peers::parse_peer_spec("opencv-cubic");
  const std::pair<PaneConfig, QStringList> cases[] = {
      {round_trip(3, rl::Method::Bilinear), {"--scale", "3", "--method", "bilinear"}},
      {round_trip(3, rl::Method::Lanczos3), {"--scale", "3", "--method", "lanczos3"}},
      {opencv, {"--scale", "3", "--like", "opencv", "--method", "cubic"}}};
  for (const auto& [pane, args] : cases) {
    const rl::Image want = imresize_command(lr, dir.filePath("sr.png"), args);
    const rl::ui::PaneResult r =
        rl::ui::compute_pane(hr, rl::ResizeSpec::with_scale(0.5), pane, {}, rl::ui::run_on_cpu);
    ASSERT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    expect_same_pixels(*r.image, want, args.join(' ').toStdString());
    // The note says the HR was mod-cropped, and to what.
    EXPECT_TRUE(r.note.contains("mod-cropped to 75\u00d799\u00d73")) << r.note.toStdString();
    EXPECT_FALSE(r.plan);  // two resizes of another image: the teaching views show none
  }
}

// Through the library API at x4 (101x77 mod-cropped to 100x76), every preset pane: rl::resize twice.
TEST(SrRoundTrip, ThePresetsPanesAreResizeTwiceAtX4) {
  const rl::Image hr = odd_hr();
  const rl::Image hr_c = rl::crop(hr, 0, 0, 100, 76);
  const rl::Image lr = rl::resize(hr_c, rl::ResizeSpec::with_scale(0.25));
  const auto preset = rl::ui::sr_baselines_preset(4);
  const rl::Method up[] = {rl::Method::Bicubic, rl::Method::Nearest, rl::Method::Bilinear,
                           rl::Method::Lanczos3};
  for (std::size_t i = 0; i < preset.size(); ++i) {
    EXPECT_EQ(preset[i].sr_round_trip, 4);
    EXPECT_EQ(preset[i].method, up[i]);
    const rl::ui::PaneResult r =
        rl::ui::compute_pane(hr, rl::ResizeSpec::with_scale(0.5), preset[i], {}, rl::ui::run_on_cpu);
    ASSERT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    expect_same_pixels(*r.image, rl::resize(lr, rl::ResizeSpec::with_scale(4.0, up[i])), std::to_string(i));
  }
  EXPECT_EQ(rl::ui::pane_label(preset[3]), QStringLiteral("lanczos3 (SR BI \u00d74 round trip)"));
  // An HR smaller than the factor has nothing to round-trip: the pane's error, not a crash.
  const rl::ui::PaneResult tiny = rl::ui::compute_pane(
      rl::crop(hr, 0, 0, 3, 9), rl::ResizeSpec::with_scale(0.5), preset[0], {}, rl::ui::run_on_cpu);
  EXPECT_FALSE(tiny.image);
  EXPECT_TRUE(tiny.error.contains("no pixels left")) << tiny.error.toStdString();
}

// The comparison against the image itself: the reference is the mod-cropped HR, and the protocol
// scores at the round trip's factor: rl::score_sr(pane, HR, 3, srcnn), which mod-crops and shaves 3
// on its own (the function `imresize score --scale 3` prints).
TEST(SrRoundTrip, ComparedWithTheModCroppedHrAndScoredAtItsFactor) {
  rl::ui::Comparison c;
  c.source = std::make_shared<const rl::Image>(odd_hr());
  c.base = rl::ResizeSpec::with_scale(0.5);  // not the SR factor: the round trip's own factor rules
  c.panes = {round_trip(3, rl::Method::Bicubic), round_trip(3, rl::Method::Nearest)};
  c.diff.against = rl::ui::DiffAgainst::Source;
  c.diff.protocol = rl::SrProtocol::Srcnn;
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.sr_scale(), 3);
  EXPECT_FALSE(c.reference_is_pane());
  ASSERT_TRUE(c.reference());
  EXPECT_EQ(c.reference()->rows(), 99);
  EXPECT_EQ(c.reference()->cols(), 75);
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_TRUE(c.diffs[i].sr) << c.diffs[i].error.toStdString();
    const rl::SrScore want = rl::score_sr(*c.results[i].image, *c.source, 3, rl::SrProtocol::Srcnn);
    EXPECT_EQ(c.diffs[i].sr->psnr, want.psnr) << i;
    EXPECT_EQ(c.diffs[i].sr->ssim, want.ssim) << i;
    EXPECT_EQ(c.diffs[i].sr->rows, 99 - 6);  // shaved 3 on each side
    EXPECT_GT(c.diffs[i].stats->differing, 0u);
  }
  // Bicubic up beats nearest up on a photo (SR tables: bicubic is the baseline nearest never is).
  EXPECT_GT(c.diffs[0].sr->psnr, c.diffs[1].sr->psnr);
}

// Presets > Super-Resolution Baselines > x3 in the window: four round trips, compared with the
// image itself, scored by srcnn; MATLAB Methods afterwards compares with pane 1 again.
TEST(SrRoundTrip, ThePresetInTheWindow) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  QAction* x3 = nullptr;
  QAction* methods = nullptr;
  for (QAction* a : w.menuBar()->findChildren<QAction*>()) {
    const auto* menu = qobject_cast<const QMenu*>(a->parent());
    if (a->text() == QStringLiteral("\u00d7&3") && menu && menu->title() == "&Super-Resolution Baselines")
      x3 = a;
    if (a->text() == "MATLAB &Methods (default)") methods = a;
  }
  ASSERT_TRUE(x3 && methods);
  x3->trigger();
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(0).sr; }, 60000));
  for (int i = 0; i < rl::ui::Document::kPanes; ++i) {
    EXPECT_EQ(doc->pane(i).sr_round_trip, 3);
    ASSERT_TRUE(doc->diff(i).sr) << i;
    const rl::SrScore want = rl::score_sr(*doc->result(i).image, *doc->source(), 3, rl::SrProtocol::Srcnn);
    EXPECT_EQ(doc->diff(i).sr->psnr, want.psnr) << i;
  }
  EXPECT_EQ(doc->diff_settings().against, rl::ui::DiffAgainst::Source);
  EXPECT_EQ(doc->diff_settings().protocol, rl::SrProtocol::Srcnn);
  // The toolbar's scale makes no pane now: it is disabled, and the status bar gives the round trip's
  // sizes (the HR mod-cropped to a multiple of 3, its LR, back) instead of that scale.
  const auto status_has = [&](const QString& start) {
    for (const QLabel* l : w.statusBar()->findChildren<QLabel*>())
      if (l->text().startsWith(start)) return true;
    return false;
  };
  const int c3 = doc->source()->cols() / 3 * 3, r3 = doc->source()->rows() / 3 * 3;
  EXPECT_FALSE(w.scale_edit()->isEnabled());
  EXPECT_TRUE(
      status_has(QStringLiteral("SR BI ×3: %1×%2 → %3×%4 → %1×%2").arg(c3).arg(r3).arg(c3 / 3).arg(r3 / 3)));
  methods->trigger();
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  EXPECT_EQ(doc->diff_settings().against, rl::ui::DiffAgainst::ReferencePane);
  EXPECT_EQ(doc->pane(1).sr_round_trip, 0);
  EXPECT_TRUE(w.scale_edit()->isEnabled());
  EXPECT_TRUE(status_has(QStringLiteral("scale ")));
}

}  // namespace
