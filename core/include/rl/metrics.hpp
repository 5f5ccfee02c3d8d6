// Comparison of two images of the same shape: difference map and statistics.
#pragma once

#include <cstddef>
#include <limits>

#include "rl/image.hpp"

namespace rl {

// How many values (elements, not pixels) of one image are NaN, +inf or -inf.
struct NonFiniteCount {
  std::size_t nan = 0, pos_inf = 0, neg_inf = 0;
  std::size_t total() const { return nan + pos_inf + neg_inf; }
  void add(double v);  // counts v when it is not finite
  NonFiniteCount& operator+=(const NonFiniteCount& o) {
    nan += o.nan;
    pos_inf += o.pos_inf;
    neg_inf += o.neg_inf;
    return *this;
  }
};
// Every value of an image, counted (the colour bar's legend lists the kinds present).
NonFiniteCount count_non_finite(const Image& img);

// NaN and ±inf are data: they are counted, and compared as values (NaN equals NaN, +inf equals +inf),
// but never summed into max_abs, mean_abs or psnr, which are over the element pairs where both values
// are finite.
struct DiffStats {
  double max_abs = 0.0;   // over the finite pairs; 0 when there is none
  double mean_abs = 0.0;  // over the finite pairs; 0 when there is none
  double psnr =
      0.0;  // dB over the finite pairs, +inf when they are equal; peak = 255, 65535 or 1 by type of a
  std::size_t differing = 0;  // pixels where any channel differs as data (see data_difference)
  std::size_t pixels = 0;
  std::size_t finite_pairs = 0;  // elements where both values are finite: the figures' denominator
  std::size_t non_finite = 0;    // elements where either value is not: left out of the figures
  NonFiniteCount non_finite_a, non_finite_b;  // each image's own NaN / +inf / -inf values
  double differing_percent() const { return pixels ? 100.0 * differing / pixels : 0.0; }
};

// The difference of two values as data: 0 when they are the same value (NaN and NaN, +inf and +inf
// included), NaN when either is NaN and the other is not, else x - y (±inf when one is infinite).
// diff_stats's "differing" and diff_map's values both follow it, so a non-finite difference shows in
// the map as NaN or ±inf for the view to colour.
double data_difference(double x, double y);
// The same, inline for whole-image loops.
inline double difference_as_data(double x, double y) {
  if (x == y || (x != x && y != y)) return 0.0;
  if (x != x || y != y) return std::numeric_limits<double>::quiet_NaN();
  return x - y;
}

// Throws std::invalid_argument when shapes differ. Values compared as doubles.
DiffStats diff_stats(const Image& a, const Image& b);
double peak_value(ElemType t);

enum class DiffMode { AbsMaxChannel, AbsChannel, Signed };
// rows x cols x 1 map of data_difference(a, b): its magnitude, max over channels; its magnitude in one
// channel; or signed (signed uses `channel`, or the channel with the largest magnitude when
// channel < 0). A NaN in any channel wins the max, then ±inf, so a non-finite difference is never
// hidden. The map is float64, or float32 when `out` says so (each value the float64 one rounded;
// exact for the types diff_map_type gives it to).
Image diff_map(const Image& a, const Image& b, DiffMode mode, int channel = -1, ElemType out = ElemType::F64);
// The narrowest map type that holds every difference of two `t` images exactly: float32 for the
// integer types of at most 16 bits and logical (differences within ±65535, exact below 2^24), else
// float64. A 48 MP uint8 comparison's map is then 192 MB, not 384.
ElemType diff_map_type(ElemType t);

// The largest finite |value| over every element (NaN and ±inf skipped; 0 when there is none): the
// top of a difference map's colour scale.
double max_abs_finite(const Image& img);

// PSNR as the super-resolution scripts compute it (the SR protocols in rl/sr_protocol.hpp build on
// these). The mean of (a - b)^2 over every element, values read as doubles, summed in storage order
// (row-major, channels interleaved) so the value never depends on a thread count. Throws
// std::invalid_argument when shapes differ or the images are empty.
double mean_squared_error(const Image& a, const Image& b);
// The sum itself (mean_squared_error is it divided by the element count).
double sum_squared_error(const Image& a, const Image& b);
// 10*log10(peak^2 / mse) (EDSR/RCAN, BasicSR, MATLAB's psnr); +inf when mse is 0.
double psnr_from_mse(double mse, double peak);
// 20*log10(peak / sqrt(mse)), the form SRCNN's compute_psnr.m writes: the same number to about
// 1e-14 dB, kept apart so that a protocol reproduces its script's own arithmetic.
double psnr_from_rmse(double mse, double peak);

}  // namespace rl
