// The window and `resizelab --export` give the same numbers for the same settings: the viewer's
// document and the export both build the comparison with compute_comparison, so every result, map,
// statistic and the colour scale are equal, not merely close. Wiring tests: they show the two agree, not
// that either is right (the core's golden, published and reference tests do that).
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "figure_export.hpp"
#include "rl/metrics.hpp"
#include "rl/ui/default_image.hpp"
#include "rl/ui/document.hpp"

namespace {

using rl::ui::Comparison;

bool wait_for(const rl::ui::Document& doc) {
  return QTest::qWaitFor([&]() { return !doc.busy() && doc.result(0).image && doc.diff(0).stats; }, 60000);
}

void expect_same_numbers(const Comparison& window, const Comparison& figure) {
  ASSERT_EQ(window.results.size(), figure.results.size());
  ASSERT_EQ(window.diffs.size(), figure.diffs.size());
  for (std::size_t i = 0; i < window.results.size(); ++i) {
    ASSERT_TRUE(window.results[i].image && figure.results[i].image) << i;
    EXPECT_TRUE(rl::identical(*window.results[i].image, *figure.results[i].image)) << i;
    const auto& w = window.diffs[i];
    const auto& f = figure.diffs[i];
    ASSERT_TRUE(w.stats && f.stats && w.has_map() && f.has_map()) << i;
    EXPECT_EQ(w.stats->max_abs, f.stats->max_abs) << i;
    EXPECT_EQ(w.stats->mean_abs, f.stats->mean_abs) << i;
    EXPECT_TRUE(w.stats->psnr == f.stats->psnr) << i;  // +inf for an identical pane
    EXPECT_EQ(w.stats->differing, f.stats->differing) << i;
    EXPECT_EQ(w.stats->pixels, f.stats->pixels) << i;
    ASSERT_EQ(w.statistics.size(), f.statistics.size()) << i;
    for (std::size_t k = 0; k < w.statistics.size(); ++k)
      EXPECT_EQ(w.statistics[k].phrase, f.statistics[k].phrase) << i;  // the text both print
    const QRect whole(0, 0, 1 << 20, 1 << 20);                         // map_part clips it to the map
    EXPECT_TRUE(rl::identical(rl::ui::map_part(w, whole), rl::ui::map_part(f, whole))) << i;
    EXPECT_EQ(w.map_max, f.map_max) << i;
  }
  EXPECT_EQ(window.scale.lo, figure.scale.lo);
  EXPECT_EQ(window.scale.hi, figure.scale.hi);
  EXPECT_TRUE(window.scale.colormap == figure.scale.colormap);
}

// The default image at 0.4 with the four default panes, compared with pane 1 (MATLAB bicubic).
TEST(SameNumbers, DefaultPanesAgainstTheReferencePane) {
  QTemporaryDir dir;
  rl::ui::Document doc;
  doc.set_source(rl::ui::default_image(), rl::ui::default_image_name());
  doc.set_scale(0.4);
  ASSERT_TRUE(wait_for(doc));
  const rl::app::ExportJob job =
      rl::app::prepare_export({"resizelab", "--export", dir.filePath("f.png"), "--scale", "0.4"});
  expect_same_numbers(doc.comparison(), job.spec.comparison);
  // Real numbers, not two empty comparisons: the reference pane against itself is 0 everywhere,
  // nearest (without antialiasing at 0.4) differs from MATLAB's bicubic almost everywhere.
  EXPECT_EQ(doc.diff(0).stats->differing, 0u);
  EXPECT_TRUE(std::isinf(doc.diff(0).stats->psnr));
  EXPECT_GT(doc.diff(1).stats->differing_percent(), 10.0);
  EXPECT_EQ(job.spec.comparison.scale.hi, doc.diff_hi());
}

// Against a loaded reference (the real MATLAB output, legacy boundary, Set5 bird at 1/2): the MATLAB
// pane matches it exactly in both, and the nearest pane's numbers are the same in both.
TEST(SameNumbers, AgainstALoadedMatlabReference) {
  const QString golden = QStringLiteral(RL_GOLDEN_DIR);
  const QString hr = golden + "/legacy-set5/bird_HR_x2.png", lr = golden + "/legacy-set5/bird_LR_x2.png";
  ASSERT_TRUE(QFile::exists(hr) && QFile::exists(lr)) << "golden data missing at " << golden.toStdString();
  QTemporaryDir dir;
  rl::ui::Document doc;
  doc.set_boundary(rl::Boundary::Legacy);
  doc.set_scale(0.5);
  for (int i = 1; i < rl::ui::Document::kPanes; ++i) doc.set_pane(i, {rl::Method::Nearest, false});
  doc.load_file(hr);
  ASSERT_TRUE(wait_for(doc));
  doc.load_reference(lr);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc.comparison().against_image(); }, 60000));
  ASSERT_TRUE(wait_for(doc));
  const rl::app::ExportJob job =
      rl::app::prepare_export({"resizelab", "--export", dir.filePath("f.png"), "--scale", "1/2", "--boundary",
                               "legacy", "--panes", "matlab,nearest,nearest,nearest", "--reference", lr, hr});
  expect_same_numbers(doc.comparison(), job.spec.comparison);
  EXPECT_EQ(doc.diff(0).stats->differing, 0u);  // MATLAB's own output
  EXPECT_GT(doc.diff(1).stats->differing, 0u);
}

}  // namespace
