// The SR protocol's PSNR and SSIM in the comparison (the Differences table, pane headers, figures)
// are rl::score_sr's numbers for the same pair, named by the protocol; and the SSIM map mode.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "imresize_score.hpp"
#include "rl/image_io.hpp"
#include "rl/ssim.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/document.hpp"

namespace {

using rl::ui::DiffSettings;

const QString kHr = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/baby_HR_x3.png");
const QString kLr = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/baby_LR_x3.png");

// Set5 baby in a document: MATLAB's LR x3 upscaled by 3 in every pane, compared with the HR image
// under protocol p; true once every pane is scored.
bool score_baby_x3(rl::ui::Document& doc, rl::SrProtocol p) {
  doc.set_scale(3.0);
  doc.load_file(kLr);
  doc.load_reference(kHr);
  if (!QTest::qWaitFor([&]() { return doc.comparison().against_image(); }, 60000)) return false;
  DiffSettings s = doc.diff_settings();
  s.protocol = p;
  doc.set_diff_settings(s);
  return QTest::qWaitFor(
      [&]() {
        for (int i = 0; i < rl::ui::Document::kPanes; ++i)
          if (doc.busy() || !doc.diff(i).sr) return false;
        return true;
      },
      120000);
}

// The document's job (off the GUI thread) on Set5 baby: MATLAB's LR x3 upscaled by 3 in the panes,
// scored against the HR image under srcnn and rcan: exactly rl::score_sr's numbers for that pair
// (the function `imresize score` prints), in the columns the protocol names. A wiring test: it shows the
// panes call the core's scoring, not that the scoring is right (tests/python/test_metrics.py checks
// every protocol against its script reimplemented there, and tests/app/imresize/cli_score_test.cpp
// srcnn against the published Set5 tables).
TEST(SrScores, ThePanesScoresAreScoreSrsForThePair) {
  ASSERT_TRUE(QFile::exists(kHr) && QFile::exists(kLr)) << "golden data missing: " << kHr.toStdString();
  const rl::Image hr_image = rl::io::load(kHr.toStdString());
  for (const rl::SrProtocol p : {rl::SrProtocol::Srcnn, rl::SrProtocol::Rcan}) {
    rl::ui::Document doc;
    ASSERT_TRUE(score_baby_x3(doc, p));
    const QString name = rl::sr_protocol_info(p).name;
    for (int i = 0; i < rl::ui::Document::kPanes; ++i) {
      const rl::SrScore want = rl::score_sr(*doc.result(i).image, hr_image, 3, p);
      const rl::ui::PaneDiff& d = doc.diff(i);
      EXPECT_EQ(d.sr->psnr, want.psnr) << i;
      EXPECT_EQ(d.sr->ssim, want.ssim) << i;
      // Bicubic x3 of a Set5 image: the low 30s dB and SSIM about 0.9 (SRCNN ECCV 2014 Table 1
      // prints 33.91 dB for baby x3 bicubic on its own Y-channel pipeline).
      EXPECT_GT(d.sr->psnr, 25.0) << i;
      EXPECT_LT(d.sr->psnr, 40.0) << i;
      const auto n = d.statistics.size();
      ASSERT_GE(n, 2u);
      EXPECT_EQ(d.statistics[n - 2].name, "PSNR (" + name + ")");
      EXPECT_EQ(d.statistics[n - 1].name, "SSIM (" + name + ")");
      EXPECT_EQ(d.statistics[n - 2].value, QString::number(want.psnr, 'f', 2) + " dB");
      EXPECT_EQ(d.statistics[n - 1].value, QString::number(want.ssim, 'f', 4));
      EXPECT_TRUE(
          rl::ui::diff_summary(d).contains("SSIM (" + name + ") " + QString::number(want.ssim, 'f', 4)));
    }
  }
}

// The same pair through the command a user runs: pane 2 written as PNG (lossless uint8), then
// `imresize score SR HR --scale 3 --protocol srcnn --csv` (17 significant digits: the double itself).
TEST(SrScores, TheSameNumbersAsImresizeScore) {
  ASSERT_TRUE(QFile::exists(kHr) && QFile::exists(kLr)) << "golden data missing: " << kHr.toStdString();
  rl::ui::Document doc;
  ASSERT_TRUE(score_baby_x3(doc, rl::SrProtocol::Srcnn));
  const auto [psnr, ssim] = rl::test::imresize_score(RL_IMRESIZE_EXE, *doc.result(1).image,
                                                     rl::io::load(kHr.toStdString()), 3, "srcnn");
  EXPECT_EQ(doc.diff(1).sr->psnr, psnr);
  EXPECT_EQ(doc.diff(1).sr->ssim, ssim);
}

// A pane against itself (the reference pane): PSNR +inf and SSIM exactly 1; no protocol, no columns.
TEST(SrScores, APaneAgainstItselfAndNoProtocol) {
  const rl::Image a = rl::io::load(QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/bird_LR_x2.png").toStdString());
  DiffSettings s;
  auto d = rl::ui::compare_images({std::make_shared<const rl::Image>(a)},
                                  std::make_shared<const rl::Image>(a), s, 2);
  EXPECT_FALSE(d.diffs[0].sr);
  for (const auto& st : d.diffs[0].statistics)
    EXPECT_FALSE(st.name.contains("SSIM")) << st.name.toStdString();
  s.protocol = rl::SrProtocol::Basicsr;
  d = rl::ui::compare_images({std::make_shared<const rl::Image>(a)}, std::make_shared<const rl::Image>(a), s,
                             2);
  ASSERT_TRUE(d.diffs[0].sr);
  EXPECT_TRUE(std::isinf(d.diffs[0].sr->psnr));
  EXPECT_EQ(d.diffs[0].sr->ssim, 1.0);
  EXPECT_EQ(d.diffs[0].statistics.back().value, "1.0000");
  // A float pane cannot be scored by SRCNN's uint8 protocol: "n/a" and why, the rest still shown.
  s.protocol = rl::SrProtocol::Srcnn;
  const rl::Image f(16, 16, 1, rl::ElemType::F32);
  d = rl::ui::compare_images({std::make_shared<const rl::Image>(f)}, std::make_shared<const rl::Image>(f), s,
                             2);
  EXPECT_FALSE(d.diffs[0].sr);
  EXPECT_TRUE(d.diffs[0].stats);
  EXPECT_EQ(d.diffs[0].statistics.back().value, "n/a");
  EXPECT_TRUE(d.diffs[0].statistics[d.diffs[0].statistics.size() - 2].phrase.startsWith("srcnn: "));
}

// The rule for the protocol's scale: one integer factor >= 1 for both axes, else 0 (shave 0).
TEST(SrScores, TheScaleRule) {
  EXPECT_EQ(rl::ui::sr_scale_of(rl::ResizeSpec::with_scale(3.0)), 3);
  EXPECT_EQ(rl::ui::sr_scale_of(rl::ResizeSpec::with_scale(1.0)), 1);
  EXPECT_EQ(rl::ui::sr_scale_of(rl::ResizeSpec::with_scale(0.4)), 0);
  EXPECT_EQ(rl::ui::sr_scale_of(rl::ResizeSpec::with_scale(2.5)), 0);
  rl::ResizeSpec two_by_three = rl::ResizeSpec::with_scale(2.0);
  two_by_three.scale = {{2.0, 3.0}};
  EXPECT_EQ(rl::ui::sr_scale_of(two_by_three), 0);
}

// The SSIM map by hand: constant images (every window's variance and covariance 0, so SSIM =
// (2 mu_a mu_b + C1) / (mu_a^2 + mu_b^2 + C1), C1 = (0.01 * 255)^2); RGB takes the worst channel.
TEST(SrScores, SsimMapModeByHand) {
  rl::Image a(12, 13, 3, rl::ElemType::U8), b(12, 13, 3, rl::ElemType::U8);
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 13; ++c) {
      for (int k = 0; k < 3; ++k) a.set(r, c, k, 100);
      b.set(r, c, 0, 100);
      b.set(r, c, 1, 110);
      b.set(r, c, 2, 104);
    }
  const double c1 = (0.01 * 255) * (0.01 * 255);
  const double want = 1.0 - (2 * 100.0 * 110.0 + c1) / (100.0 * 100.0 + 110.0 * 110.0 + c1);
  DiffSettings s;
  s.ssim_map = true;
  const auto d =
      rl::ui::compare_images({std::make_shared<const rl::Image>(b)}, std::make_shared<const rl::Image>(a), s);
  ASSERT_TRUE(d.diffs[0].map);
  const rl::Image& m = *d.diffs[0].map;
  ASSERT_EQ(m.rows(), 12);
  ASSERT_EQ(m.cols(), 13);
  ASSERT_EQ(m.channels(), 1);
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 13; ++c) EXPECT_NEAR(m.at(r, c), want, 1e-12) << r << "," << c;
  EXPECT_EQ(d.scale.label, QStringLiteral("1 \u2212 SSIM"));
  EXPECT_EQ(d.scale.lo, 0.0);
  EXPECT_NEAR(d.scale.hi, want, 1e-12);
  EXPECT_EQ(d.scale.colormap, rl::ui::Colormap::Inferno);
  // Identical images: 0 everywhere (SSIM 1), as a difference map of equal images.
  const rl::Image same = rl::ssim_dissimilarity_map(a, a);
  for (int r = 0; r < 12; ++r) EXPECT_EQ(same.at(r, 5), 0.0);
}

}  // namespace
