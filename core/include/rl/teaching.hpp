// What the viewer's teaching plots show, computed from the plan: a pane's frequency response, the
// continuous curve a 1-D pass rebuilds from the samples, and pixel values along a line.
#pragma once

#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl {

// |H(f)| / H(0) of a 1-D filter h, f in cycles per input pixel: the continuous Fourier transform
// H(f) = integral h(x) exp(-2 pi i f x) dx over the support [-width/2, width/2], split into
// 8 * ceil(width) equal pieces (1/8 pixel for the built-in kernels, so every knot of their piecewise
// formulas, box's half-open edges included, falls between pieces) with 8-point Gauss-Legendre on
// each: exact to rounding for the polynomial pieces at the frequencies plotted. Dividing by H(0) =
// integral h gives the gain 1 at f = 0 that the plan's weight normalisation gives. Box gives
// |sinc(f)|, triangle sinc(f)^2. Throws std::invalid_argument for a kernel without a width or one
// that integrates to 0.
double frequency_response(const Kernel& h, double f);
std::vector<double> frequency_response(const Kernel& h, const std::vector<double>& f);
// The response of `plan`'s effective filter on `axis`, the kernel as the plan applies it there, at
// each of `f`: when antialiasing widens it to s k(s x), by the scaling theorem H(f) = K(f / s) with K
// the response of the unwidened kernel (so its pieces stay aligned with the formulas' knots).
std::vector<double> frequency_response(const Plan& plan, Axis axis, const std::vector<double>& f);

// The 1-D signal a pass reads (one row for Axis::Cols, one column for Axis::Rows), its element type,
// and what the pass makes of it.
struct SamplingRow {
  std::vector<double> x;      // where the curve is sampled, 0-based input coordinates
  std::vector<double> curve;  // f(x) = sum_i h(x - i) p_i / sum_i h(x - i), p mapped by the boundary rule
  std::vector<double> u;      // every output's sample position, 0-based input coordinates (plan u - 1)
  std::vector<double> sum;    // the pass at each output before the cast: the plan's weights, tap order
  std::vector<double> value;  // the pass's output at each output, after MATLAB's cast to `type`
};
// h is the plan's applied kernel on `axis`; the curve's normalisation is the one the plan gives its
// weights, so curve(u_o) equals sum[o] up to rounding and value[] equals resize_pass on that line.
// The curve is sampled at `samples` (>= 2) evenly spaced points of [x0, x1]. Throws
// std::invalid_argument when p's length is not the axis' input size.
SamplingRow sampling_row(const Plan& plan, Axis axis, const std::vector<double>& p, ElemType type, double x0,
                         double x1, int samples);
// The curve alone at one x (same rule as sampling_row's curve).
double reconstruct_at(const Plan& plan, Axis axis, const std::vector<double>& p, double x);

// Test signals that show ringing and aliasing without an image, values in [0, 1], n >= 2 samples:
//  Step: 0 for i < n/2, else 1.  Impulse: 1 at i = n/2, else 0.
//  Chirp: 0.5 + 0.5 cos(2 pi (f0 i + (f1 - f0) i^2 / (2 (n - 1)))), its frequency rising linearly
//  from f0 = 0.02 to f1 = 0.75 cycles per pixel (past the input Nyquist, 0.5).
enum class TestSignal { Step, Impulse, Chirp };
std::vector<double> test_signal(TestSignal kind, int n);
// `like` with the table of `axis` rebuilt for an input of n samples at the same scale, kernel,
// antialiasing and boundary (out = ceil(n * scale), MATLAB's size rule), for a test signal.
Plan plan_for_signal(const Plan& like, Axis axis, int n);

// Pixel values along the segment (r0, c0) -> (r1, c1), coordinates in pixels with (0, 0) the centre
// of the top-left pixel: n = ceil(max(|r1 - r0|, |c1 - c0|)) + 1 evenly spaced points from start to
// end (one point when they coincide), each reading the nearest pixel (floor(coordinate + 0.5),
// clamped into the image), so on a horizontal, vertical or 45-degree line every pixel is read once.
struct LineProfile {
  int channels = 0;
  std::vector<double> distance;  // from the start, in pixels
  std::vector<double> t;         // the same as a fraction of the line, 0 .. 1
  std::vector<int> row, col;     // the pixel read at each point
  std::vector<double> values;    // points x channels, row-major
  std::vector<double> luma;      // per point: MATLAB rgb2gray's weights for 3 or 4 channels, else channel 0
  double at(std::size_t point, int channel) const { return values[point * channels + channel]; }
};
// Throws std::invalid_argument for an empty image or a non-finite coordinate.
LineProfile line_profile(const Image& img, double r0, double c0, double r1, double c1);
// A source coordinate (0-based, pixel centres) in the output of a table: (x + 0.5) * s - 0.5, the
// inverse of the plan's u = (o + 0.5) / s - 0.5.
double output_position(const AxisTable& table, double x);

}  // namespace rl
