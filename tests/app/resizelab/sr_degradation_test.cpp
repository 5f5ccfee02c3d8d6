// The SR round trip from a BD, BD-VSR or DN LR: its LR is, bit for bit, what `imresize degrade` (run
// as a user runs it) and rl::degrade make of a Set5 image; Presets > Super-Resolution Baselines
// chooses the model and the pane header names it; --degradation starts the window and the export
// so, and a run saves only the model chosen in the window.
#include <gtest/gtest.h>

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "figure_export.hpp"
#include "resizelab_request.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_widget.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

using rl::Degradation;
using rl::ui::PaneConfig;
using rl::ui::SrDegradation;

const QString kButterfly = RL_GOLDEN_DIR "/legacy-set5/original/butterfly.bmp";

// `imresize ARGS...`, as a user runs it; the image it wrote to `out`, or a test failure.
rl::Image imresize_command(const QStringList& args, const QString& out) {
  QProcess p;
  p.start(RL_IMRESIZE_EXE, args);
  EXPECT_TRUE(p.waitForFinished(60000));
  EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
  return rl::io::load(out.toStdString());
}

// How many elements of two uint8 images differ (the shapes must agree).
std::size_t differing(const rl::Image& a, const rl::Image& b) {
  EXPECT_TRUE(a.same_shape(b)) << a.rows() << "x" << a.cols() << " vs " << b.rows() << "x" << b.cols();
  EXPECT_EQ(a.type(), rl::ElemType::U8);
  if (!a.same_shape(b) || a.type() != b.type()) return ~std::size_t{0};
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.elements(); ++i) n += a.data<std::uint8_t>()[i] != b.data<std::uint8_t>()[i];
  return n;
}

// The LR inside a round trip whose up step is nearest at the integer factor s: MATLAB's nearest
// repeats each LR pixel over an s x s block, so the pane's pixel (r*s, c*s) is LR(r, c). Checks on
// the way that the pane is that repetition throughout (every pixel equals its block's corner).
rl::Image lr_of_nearest_pane(const rl::Image& pane, int s) {
  const int rows = pane.rows() / s, cols = pane.cols() / s, ch = pane.channels();
  EXPECT_EQ(rows * s, pane.rows());
  EXPECT_EQ(cols * s, pane.cols());
  rl::Image lr(rows, cols, ch, rl::ElemType::U8);
  const auto* p = pane.data<std::uint8_t>();
  auto* out = lr.data<std::uint8_t>();
  std::size_t off_block = 0;
  for (int r = 0; r < pane.rows(); ++r)
    for (int c = 0; c < pane.cols(); ++c)
      for (int k = 0; k < ch; ++k) {
        const std::uint8_t v = p[(static_cast<std::size_t>(r) * pane.cols() + c) * ch + k];
        const std::uint8_t corner =
            p[(static_cast<std::size_t>(r / s * s) * pane.cols() + c / s * s) * ch + k];
        off_block += v != corner;
        if (r % s == 0 && c % s == 0) out[(static_cast<std::size_t>(r / s) * cols + c / s) * ch + k] = v;
      }
  EXPECT_EQ(off_block, 0u);
  return lr;
}

PaneConfig round_trip(int s, rl::Method up, const SrDegradation& d) {
  PaneConfig c{up, false};
  c.sr_round_trip = s;
  c.sr_degradation = d;
  return c;
}

// BD of Set5's butterfly at x2, x3 and x4: the viewer's LR equals `imresize degrade --degradation bd`
// and rl::degrade, and its bicubic round trip equals `imresize LR SR --scale S` on that LR.
TEST(SrDegradation, BdLrIsImresizeDegradesOnSet5) {
  QTemporaryDir dir;
  const rl::Image hr = rl::io::load(kButterfly.toStdString());
  ASSERT_EQ(hr.rows(), 256);
  const QString lr_path = dir.filePath("lr.png"), sr_path = dir.filePath("sr.png");
  for (const int s : {2, 3, 4}) {
    const QString scale = QString::number(s);
    const rl::Image want =
        imresize_command({"degrade", kButterfly, lr_path, "--scale", scale, "--degradation", "bd"}, lr_path);
    const SrDegradation bd = SrDegradation::of(Degradation::Bd);
    const rl::ui::PaneResult nearest = rl::ui::compute_pane(
        hr, rl::ResizeSpec::with_scale(0.5), round_trip(s, rl::Method::Nearest, bd), {}, rl::ui::run_on_cpu);
    ASSERT_TRUE(nearest.error.isEmpty()) << nearest.error.toStdString();
    EXPECT_EQ(nearest.image->rows(), 256 / s * s);
    const rl::Image lr = lr_of_nearest_pane(*nearest.image, s);
    EXPECT_EQ(differing(lr, want), 0u) << "x" << s;
    rl::DegradeOptions o;
    o.model = Degradation::Bd;
    o.scale = s;
    EXPECT_EQ(differing(lr, rl::degrade(hr, o)), 0u) << "x" << s;
    // Not the BI LR: the blur is there (the bicubic LR of the same HR differs in most pixels).
    o.model = Degradation::Bi;
    EXPECT_GT(differing(lr, rl::degrade(hr, o)), lr.elements() / 2) << "x" << s;
    // The note says what made the LR.
    EXPECT_TRUE(nearest.note.contains("by BD: a ")) << nearest.note.toStdString();

    const rl::Image sr = imresize_command({lr_path, sr_path, "--scale", scale}, sr_path);
    const rl::ui::PaneResult bicubic = rl::ui::compute_pane(
        hr, rl::ResizeSpec::with_scale(0.5), round_trip(s, rl::Method::Bicubic, bd), {}, rl::ui::run_on_cpu);
    ASSERT_TRUE(bicubic.error.isEmpty()) << bicubic.error.toStdString();
    EXPECT_EQ(differing(*bicubic.image, sr), 0u) << "x" << s;
  }
}

// BD-VSR x4 and DN x3 (seed 5, noise 10) the same way, and the pane's error for BD-VSR at x3.
TEST(SrDegradation, BdVsrAndDnLrAreImresizeDegrades) {
  QTemporaryDir dir;
  const rl::Image hr = rl::io::load(kButterfly.toStdString());
  const QString lr_path = dir.filePath("lr.png");
  SrDegradation dn = SrDegradation::of(Degradation::Dn);
  dn.noise = 10;
  dn.seed = 5;
  const std::tuple<int, SrDegradation, QStringList> cases[] = {
      {4, SrDegradation::of(Degradation::BdVsr), {"--degradation", "bd-vsr"}},
      {3, dn, {"--degradation", "dn", "--noise", "10", "--seed", "5"}}};
  for (const auto& [s, d, flags] : cases) {
    const rl::Image want = imresize_command(
        QStringList{"degrade", kButterfly, lr_path, "--scale", QString::number(s)} + flags, lr_path);
    const rl::ui::PaneResult r = rl::ui::compute_pane(
        hr, rl::ResizeSpec::with_scale(0.5), round_trip(s, rl::Method::Nearest, d), {}, rl::ui::run_on_cpu);
    ASSERT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    EXPECT_EQ(differing(lr_of_nearest_pane(*r.image, s), want), 0u) << flags.join(' ').toStdString();
  }
  const rl::ui::PaneResult odd = rl::ui::compute_pane(
      hr, rl::ResizeSpec::with_scale(0.5),
      round_trip(3, rl::Method::Bicubic, SrDegradation::of(Degradation::BdVsr)), {}, rl::ui::run_on_cpu);
  EXPECT_FALSE(odd.image);
  EXPECT_EQ(odd.error, "bd-vsr needs an even scale (its script samples from scale/2), got 3");
}

TEST(SrDegradation, NamesAndLabels) {
  SrDegradation d = SrDegradation::of(Degradation::Bd);
  EXPECT_EQ(rl::ui::sr_round_trip_name(round_trip(3, rl::Method::Bicubic, d)), "SR BD \u00d73");
  EXPECT_EQ(rl::ui::sr_round_trip_name(round_trip(4, rl::Method::Bicubic, {})), "SR BI \u00d74");
  d.sigma = 2;
  EXPECT_EQ(rl::ui::pane_label(round_trip(3, rl::Method::Lanczos3, d)),
            "lanczos3 (SR BD \u00d73 (sigma 2) round trip)");
  EXPECT_EQ(rl::ui::sr_round_trip_name(PaneConfig{}), "");
  const auto preset = rl::ui::sr_baselines_preset(2, SrDegradation::of(Degradation::Dn));
  for (const PaneConfig& p : preset) {
    EXPECT_EQ(p.sr_round_trip, 2);
    EXPECT_EQ(p.sr_degradation.model, Degradation::Dn);
  }
}

QAction* sr_menu_action(const rl::ui::MainWindow& w, const QString& starts) {
  for (QAction* a : w.menuBar()->findChildren<QAction*>()) {
    const auto* menu = qobject_cast<const QMenu*>(a->parent());
    if (a->text().startsWith(starts) && menu && menu->title() == "&Super-Resolution Baselines") return a;
  }
  return nullptr;
}

QString header_of(const rl::ui::MainWindow& w, int pane) {
  QString all;
  for (const QLabel* l : w.pane(pane)->findChildren<QLabel*>()) all += l->text() + "\n";
  return all;
}

// Presets > Super-Resolution Baselines > LR by BD, then x3: four BD round trips whose LR is the core's
// BD of the (mod-cropped) image, named "SR BD x3" in each header; DN then applies to the panes shown;
// BD-VSR leaves no odd factor to choose.
TEST(SrDegradation, ThePresetChoosesTheLr) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  QAction* bd = sr_menu_action(w, "B&D:");
  QAction* dn = sr_menu_action(w, "D&N:");
  QAction* vsr = sr_menu_action(w, "BD-&VSR:");
  QAction* bi = sr_menu_action(w, "&BI:");
  QAction* x3 = sr_menu_action(w, "\u00d7&3");
  ASSERT_TRUE(bd && dn && vsr && bi && x3);
  EXPECT_TRUE(bi->isChecked());  // the default
  bd->trigger();
  EXPECT_TRUE(bd->isChecked());
  EXPECT_EQ(doc->pane(0).sr_round_trip, 0);  // no round trip shown yet: only the next preset's LR
  x3->trigger();
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(0).sr; }, 60000));
  rl::DegradeOptions o;
  o.model = Degradation::Bd;
  o.scale = 3;
  const rl::Image want_lr = rl::degrade(*doc->source(), o);
  for (int i = 0; i < rl::ui::Document::kPanes; ++i) {
    EXPECT_EQ(doc->pane(i).sr_round_trip, 3);
    EXPECT_EQ(doc->pane(i).sr_degradation, SrDegradation::of(Degradation::Bd));
    EXPECT_TRUE(header_of(w, i).contains("SR BD \u00d73")) << header_of(w, i).toStdString();
  }
  ASSERT_EQ(doc->pane(1).method, rl::Method::Nearest);
  EXPECT_EQ(differing(lr_of_nearest_pane(*doc->result(1).image, 3), want_lr), 0u);
  // DN applies to the round trips shown at once.
  dn->trigger();
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return !doc->busy() && doc->pane(0).sr_degradation.model == Degradation::Dn && doc->diff(0).sr;
      },
      60000));
  EXPECT_TRUE(header_of(w, 0).contains("SR DN \u00d73"));
  o.model = Degradation::Dn;
  EXPECT_EQ(differing(lr_of_nearest_pane(*doc->result(1).image, 3), rl::degrade(*doc->source(), o)), 0u);
  vsr->trigger();
  EXPECT_FALSE(x3->isEnabled());
  bi->trigger();
  EXPECT_TRUE(x3->isEnabled());
  EXPECT_EQ(doc->pane(2).sr_degradation.model, Degradation::Bi);
}

rl::app::Request window_request(const QStringList& args) {
  return rl::app::parse_request(QStringList{"resizelab"} + args, rl::app::OptionMode::Window);
}

// `resizelab --sr-scale 3 --degradation bd --sigma 2`: BD panes with that sigma, the menu on BD; not
// saved. The model chosen in the window is saved, with its default parameters.
TEST(SrDegradation, TheCommandLinesLrIsForItsRunOnly) {
  rl::ui::test::isolate_settings();
  {
    rl::ui::MainWindow w;
    rl::app::start_window(
        w, window_request({kButterfly, "--sr-scale", "3", "--degradation", "bd", "--sigma", "2"}));
    ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
    SrDegradation want = SrDegradation::of(Degradation::Bd);
    want.sigma = 2;
    for (int i = 0; i < w.document()->pane_count(); ++i)
      EXPECT_EQ(w.document()->pane(i).sr_degradation, want);
    EXPECT_EQ(w.sr_degradation(), want);
    EXPECT_TRUE(sr_menu_action(w, "B&D:")->isChecked());
    EXPECT_TRUE(header_of(w, 0).contains("SR BD \u00d73"));  // its sigma in the tooltip
    EXPECT_TRUE(w.pane(0)->title().contains("SR BD \u00d73 (sigma 2)")) << w.pane(0)->title().toStdString();
    EXPECT_EQ(w.settings_to_save().sr_degradation, Degradation::Bi);
    w.close();
  }
  {
    rl::ui::MainWindow w;
    EXPECT_EQ(w.sr_degradation(), SrDegradation{});
    EXPECT_TRUE(sr_menu_action(w, "&BI:")->isChecked());
    sr_menu_action(w, "D&N:")->trigger();  // the user's
    w.close();
  }
  rl::ui::MainWindow next;
  EXPECT_EQ(next.sr_degradation(), SrDegradation::of(Degradation::Dn));
  EXPECT_TRUE(sr_menu_action(next, "D&N:")->isChecked());
  // --degradation without --sr-scale: this run's presets start from it.
  rl::ui::MainWindow cli;
  rl::app::start_window(cli, window_request({"--degradation", "bd-vsr"}));
  EXPECT_EQ(cli.sr_degradation().model, Degradation::BdVsr);
  EXPECT_EQ(cli.document()->pane(0).sr_round_trip, 0);
  EXPECT_EQ(cli.settings_to_save().sr_degradation, Degradation::Dn);  // as restored
}

}  // namespace
