// A difference map not kept whole (compare_images' `colour` false, PaneDiff::map): its scale and
// every part a view reads (map_part: a figure's crop, the inspector's pixel) are the whole map's, bit
// for bit, for every map kind, with a nudge, a reference of another element type, and NaN and ±inf.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "random_image.hpp"
#include "rl/image_ops.hpp"
#include "rl/metrics.hpp"
#include "rl/ui/comparison.hpp"

namespace {

using rl::DiffMode;
using rl::ElemType;
using rl::Image;
using rl::ui::PaneDiff;

bool same_bits(const Image& a, const Image& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a.channels() == b.channels() &&
         a.type() == b.type() && std::memcmp(a.raw(), b.raw(), a.elements() * rl::elem_size(a.type())) == 0;
}

struct Case {
  const char* name;
  ElemType pane, ref;
  int channels;
  DiffMode mode;
  int channel;
};

class MapParts : public ::testing::TestWithParam<Case> {};

TEST_P(MapParts, AreTheWholeMapsPartsAndScale) {
  const Case& k = GetParam();
  // 300 rows: the scale of a map not kept is measured a block of rows at a time, the last one short.
  const int rows = 300, cols = 37;
  rl::test::RandomValues values;
  values.float_lo = -2.0;
  values.float_hi = 300.0;
  values.each_special = 0.01;
  values.at_each_end = 0.05;
  const auto img = [&](ElemType t, unsigned seed) {
    return std::make_shared<const Image>(rl::test::random_image(rows, cols, k.channels, t, seed, values));
  };
  const auto ref = img(k.ref, 1);
  const std::vector<std::shared_ptr<const Image>> panes{img(k.pane, 2), img(k.pane, 3), img(k.pane, 4)};
  rl::ui::DiffSettings settings;
  settings.mode = k.mode;
  settings.channel = k.channel;
  settings.nudges = {QPoint(), QPoint(), QPoint(2, -3)};  // the third pane nudged
  const rl::ui::PaneDiffs whole = rl::ui::compare_images(panes, ref, settings, 0, std::nullopt, true);
  const rl::ui::PaneDiffs parts = rl::ui::compare_images(panes, ref, settings, 0, std::nullopt, false);
  EXPECT_EQ(parts.scale.hi, whole.scale.hi);
  EXPECT_EQ(parts.scale.lo, whole.scale.lo);
  EXPECT_EQ(parts.scale.non_finite.total(), whole.scale.non_finite.total());
  EXPECT_EQ(parts.scale.non_finite.nan, whole.scale.non_finite.nan);
  const std::vector<QRect> rects{QRect(0, 0, cols, rows), QRect(5, 7, 1, 1),   QRect(30, 120, 20, 20),
                                 QRect(0, 127, cols, 2),  QRect(-4, -4, 9, 9), QRect(36, 299, 1, 1)};
  for (std::size_t i = 0; i < panes.size(); ++i) {
    SCOPED_TRACE("pane " + std::to_string(i));
    const PaneDiff& w = whole.diffs[i];
    ASSERT_TRUE(w.map) << w.error.toStdString();
    PaneDiff p = parts.diffs[i];
    ASSERT_TRUE(p.map_inputs);
    // Kept whole only where something draws it whole: the nudged pane's map (its colours are made).
    EXPECT_EQ(p.map != nullptr, i == 2);
    EXPECT_EQ(p.map_max, rl::max_abs_finite(*w.map));
    EXPECT_EQ(p.map_non_finite.total(), rl::count_non_finite(*w.map).total());
    p.map.reset();  // every part made from the inputs, the nudged pane's too
    for (const QRect& r : rects) {
      const QRect in = r.intersected(QRect(0, 0, cols, rows));
      const Image part = rl::ui::map_part(p, r);
      EXPECT_TRUE(same_bits(part, rl::crop(*w.map, in.y(), in.x(), in.height(), in.width())))
          << "rect " << r.x() << "," << r.y() << "," << r.width() << "," << r.height();
    }
    EXPECT_TRUE(rl::ui::map_part(p, QRect(cols, 0, 3, 3)).empty());  // outside the map
  }
}

// A floating-point pane's scale without its map (the statistic's largest |difference| where every pair
// is finite) is the map's: single and double, all finite, with NaN and infinities, and with a
// difference that overflows double.
TEST(MapParts, FloatScaleFromStatisticsIsTheMaps) {
  rl::test::RandomValues finite;
  finite.float_lo = -2.0;
  finite.float_hi = 300.0;
  rl::test::RandomValues specials = finite;
  specials.each_special = 0.01;
  for (ElemType t : {ElemType::F32, ElemType::F64})
    for (const rl::test::RandomValues* v : {&finite, &specials}) {
      SCOPED_TRACE(std::string(rl::to_string(t)) + (v == &finite ? " finite" : " specials"));
      Image r = rl::test::random_image(40, 23, 3, t, 7, *v);
      Image big = rl::test::random_image(40, 23, 3, t, 8, *v);
      if (t == ElemType::F64 && v == &finite) {  // 1e308 - (-1e308) overflows to inf in the statistic
        big.data<double>()[4] = 1e308;
        r.data<double>()[4] = -1e308;
      }
      const auto ref = std::make_shared<const Image>(std::move(r));
      const std::vector<std::shared_ptr<const Image>> panes{std::make_shared<const Image>(std::move(big))};
      rl::ui::DiffSettings settings;
      const auto whole = rl::ui::compare_images(panes, ref, settings, 0, std::nullopt, true);
      const auto parts = rl::ui::compare_images(panes, ref, settings, 0, std::nullopt, false);
      ASSERT_TRUE(whole.diffs[0].map);
      ASSERT_FALSE(parts.diffs[0].map);
      EXPECT_EQ(parts.diffs[0].map_max, rl::max_abs_finite(*whole.diffs[0].map));
      EXPECT_EQ(parts.diffs[0].map_non_finite.total(), rl::count_non_finite(*whole.diffs[0].map).total());
      EXPECT_EQ(parts.scale.hi, whole.scale.hi);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, MapParts,
    ::testing::Values(
        Case{"uint8_abs_max", ElemType::U8, ElemType::U8, 3, DiffMode::AbsMaxChannel, -1},
        Case{"double_signed_largest_vs_single", ElemType::F64, ElemType::F32, 3, DiffMode::Signed, -1},
        Case{"single_signed_channel_vs_double", ElemType::F32, ElemType::F64, 3, DiffMode::Signed, 1},
        Case{"uint16_abs_channel_vs_double", ElemType::U16, ElemType::F64, 1, DiffMode::AbsChannel, 0},
        Case{"int16_abs_max", ElemType::I16, ElemType::I16, 2, DiffMode::AbsMaxChannel, -1}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
