// Random test images of every class, drawn one way: integers and logical over the class's whole range
// (with a chosen share at each end, where saturation happens), floats uniform in a chosen interval
// with a chosen share of each special value (NaN, +inf, -0, 1e300).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "rl/image.hpp"

namespace rl::test {

struct RandomValues {
  double float_lo = 0.0, float_hi = 1.0;  // floats: uniform in [float_lo, float_hi)
  double at_each_end = 0.0;               // integers and logical: the share of min, and again of max
  double each_special = 0.0;              // floats: the share of each of NaN, +inf, -0 and 1e300
};

inline Image random_image(int rows, int cols, int ch, ElemType type, std::mt19937& rng,
                          const RandomValues& values = {}) {
  constexpr double kSpecials[] = {std::numeric_limits<double>::quiet_NaN(),
                                  std::numeric_limits<double>::infinity(), -0.0, 1e300};
  const ElemInfo& e = info(type);
  const bool is_float = type == ElemType::F32 || type == ElemType::F64;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Image img(rows, cols, ch, type);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k) {
        const double draw = unit(rng);
        double v;
        if (is_float) {
          const int special = values.each_special > 0 ? static_cast<int>(draw / values.each_special) : 4;
          v = special < 4 ? kSpecials[special]
                          : values.float_lo + unit(rng) * (values.float_hi - values.float_lo);
        } else if (draw < values.at_each_end) {
          v = e.min;
        } else if (draw < 2 * values.at_each_end) {
          v = e.max;
        } else {
          v = std::min(e.max, std::floor(e.min + unit(rng) * (e.max - e.min + 1.0)));
        }
        img.set(r, c, k, v);
      }
  return img;
}

// The same, from a seed.
inline Image random_image(int rows, int cols, int ch, ElemType type, unsigned seed,
                          const RandomValues& values = {}) {
  std::mt19937 rng(seed);
  return random_image(rows, cols, ch, type, rng, values);
}

}  // namespace rl::test
