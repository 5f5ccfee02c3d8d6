// MATLAB's fspecial('gaussian', ...) and imfilter(A, h, ...): the blur of the SR degradation scripts
// (docs/DEGRADATIONS.md), computed as the MathWorks sources write them.
#pragma once

#include <string>
#include <vector>

#include "rl/image.hpp"

namespace rl {

// A 2-D filter kernel of doubles, rows x cols, stored row-major: h[r * cols + c] is MATLAB's
// h(r + 1, c + 1).
struct Kernel2D {
  int rows = 0, cols = 0;
  std::vector<double> h;
  double at(int r, int c) const { return h[static_cast<std::size_t>(r) * cols + c]; }
};

// fspecial('gaussian', [rows cols], sigma) as fspecial.m computes it:
//   siz = ([rows cols]-1)/2; [x,y] = meshgrid(-siz(2):siz(2), -siz(1):siz(1));
//   arg = -(x.*x + y.*y)/(2*std*std); h = exp(arg); h(h<eps*max(h(:))) = 0;
//   sumh = sum(h(:)); if sumh ~= 0, h = h/sumh; end
// with sum(h(:)) in column-major order. Even sizes give half-integer coordinates (-3.5..3.5 for 8).
// Throws std::invalid_argument unless rows and cols are >= 1 and sigma is positive and finite
// (fspecial's own checks).
Kernel2D fspecial_gaussian(int rows, int cols, double sigma);
inline Kernel2D fspecial_gaussian(int n, double sigma) { return fspecial_gaussian(n, n, sigma); }

// How imfilter reads outside the image (padarray's methods).
enum class FilterPadding {
  Constant,   // the value X (imfilter's default, X = 0), cast to the image's class
  Replicate,  // the nearest edge pixel
  Symmetric,  // mirrored with the edge repeated: ... 2 1 | 1 2 ... n | n n-1 ...
  Circular,   // periodic
};
std::string to_string(FilterPadding p);

struct FilterOptions {
  FilterPadding padding = FilterPadding::Constant;
  double constant = 0.0;     // the value X for FilterPadding::Constant
  bool convolution = false;  // 'conv': correlation with the kernel rotated by 180 degrees
  bool full = false;         // 'full': (rows + kr - 1) x (cols + kc - 1); otherwise 'same'
};

// imfilter(A, h, options): every channel filtered by itself. The output pixel is the correlation
//   b(i, j) = sum over the nonzero h(k, l) of h(k, l) * A(i + k - cr, j + l - cc)
// (1-based, cr = floor((kr + 1) / 2), cc likewise: the centre imfilter.m's computeSizes picks; 'full'
// shifts by kr - 1 and kc - 1 instead), accumulated in double over the nonzero taps in column-major
// order of h (filterPartOrWhole's h(conn)), then converted as MATLAB casts a double to the class:
// integers round half away from zero and saturate (NaN -> 0), single rounds to float, double stays.
// Zero taps are skipped, as imfilter skips them, so an Inf beside a zero tap does not become NaN.
// Every numeric class (uint8, uint16, int8, int16, int32, uint32, single, double); a logical image
// throws std::invalid_argument, as does an empty kernel. A kernel larger than the image works.
// This is the non-separable path, the one imfilter.m takes for a non-double image whose kernel has
// fewer than 289 elements and for a double image whose kernel has fewer than 49 (isSeparable);
// a double image with a rank-1 kernel of 49 or more elements is filtered by MATLAB in two 1-D passes,
// which can differ from this in the last bits.
Image imfilter(const Image& a, const Kernel2D& h, const FilterOptions& options = {});

}  // namespace rl
