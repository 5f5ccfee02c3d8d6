// Comparison of two images of the same shape: difference map and statistics.
#pragma once

#include <cstddef>

#include "rl/image.hpp"

namespace rl {

struct DiffStats {
  double max_abs = 0.0;
  double mean_abs = 0.0;
  double psnr = 0.0;          // dB, +inf when identical; peak = 255, 65535 or 1 by type of a
  std::size_t differing = 0;  // pixels where any channel differs
  std::size_t pixels = 0;
  double differing_percent() const { return pixels ? 100.0 * differing / pixels : 0.0; }
};

// Throws std::invalid_argument when shapes differ. Values compared as doubles.
DiffStats diff_stats(const Image& a, const Image& b);
double peak_value(ElemType t);

enum class DiffMode { AbsMaxChannel, AbsChannel, Signed };
// rows x cols x 1 float64 map: |a-b| max over channels, |a-b| of one channel, or signed a-b
// (signed uses `channel`, or the channel with the largest magnitude when channel < 0).
Image diff_map(const Image& a, const Image& b, DiffMode mode, int channel = -1);

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
