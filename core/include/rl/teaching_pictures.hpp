// The numbers behind the three 2-D teaching pictures: where each output pixel's centre lands on the
// input grid under each convention, the 2-D tap window of one output pixel, and the continuous
// surface each interpolant rebuilds from the pixels. All read from the Plan, core's kernels and
// core's peer tables, so the pictures never carry a formula of their own.
#pragma once

#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/plan.hpp"

namespace rl {

// ---- the coordinate mapping ----

// Where output pixel o's centre sits on the input grid (0-based, pixel centres at integers):
//  Matlab:       the plan's u - 1 = (o + 0.5) / s - 0.5 (half-pixel; s = out/in for a given size)
//  AlignCorners: torch align_corners=True, o (n - 1) / (N - 1) (the corner pixels' centres meet)
//  OpenCV:       cv::resize INTER_LINEAR, (o + 0.5) / fx - 0.5, N = cvRound(n fx) from a scale
//  OpenCVNearest: cv::resize INTER_NEAREST, o / fx, read at its floor (top-left aligned, not centres)
//  Pillow:       Image.resize, (o + 0.5) n / N - 0.5, N = round-half-even(s n) from a scale
// The peers' positions and sizes are those of core's peer tables (rl::peers::peer_tables).
enum class MappingConvention { Matlab, AlignCorners, OpenCV, OpenCVNearest, Pillow };
const std::vector<MappingConvention>& mapping_conventions();
std::string to_string(MappingConvention c);  // "MATLAB (half-pixel)", "align_corners=True", ...

struct CentreMapping {
  MappingConvention convention = MappingConvention::Matlab;
  int in_rows = 0, in_cols = 0, out_rows = 0, out_cols = 0;  // the convention's own output size
  std::vector<double> rows, cols;  // per output row / column: its centre on the input grid, 0-based
  std::string formula;             // the rule, e.g. "x = (x' + 0.5) / s - 0.5"
};
// The convention applied to `plan`'s input at the plan's per-axis scale: MATLAB reads the plan's u;
// the peers get PeerTarget::with_scale(plan scales) and use their own size rule and offset (for a
// plan made from an output size, s = out/in and every library gives the same size).
CentreMapping centre_mapping(const Plan& plan, MappingConvention c);

// ---- the 2-D tap window ----

// Output pixel (out_row, out_col) as the outer product of the plan's row and column tables: tap i
// of the row table and tap j of the column table give cell (i, j) with weight row_weight[i] *
// col_weight[j], reading source pixel (src_row[i], src_col[j]) after the boundary rule.
struct TapWindow {
  int out_row = 0, out_col = 0, channel = 0;
  double u_row = 0, u_col = 0;                 // the continuous point, 0-based input coordinates
  std::vector<int> rows, cols;                 // tap positions before the boundary rule (may be outside)
  std::vector<int> src_rows, src_cols;         // the plan's index tables: the pixels actually read
  std::vector<double> row_weight, col_weight;  // the plan's normalised weights, tap order
  std::vector<double> weight;                  // rows.size() x cols.size(), row-major: the outer product
  std::vector<double> value;                   // the source value read by each cell, same layout
  double sum = 0.0;     // sum of weight * value in float64, no rounding on the way (the 2-D form)
  double result = 0.0;  // the pixel as the plan computes it: two passes, each cast as MATLAB casts
                        // (make_worked_example's value, equal to rl::run there)
  double at(std::size_t i, std::size_t j) const { return weight[i * cols.size() + j]; }
  // A cell whose tap lies outside the image and reads a mirrored (Modern) or clamped (Legacy) pixel.
  bool row_mapped(std::size_t i) const { return rows[i] != src_rows[i]; }
  bool col_mapped(std::size_t j) const { return cols[j] != src_cols[j]; }
};
// Throws std::invalid_argument as make_worked_example does.
TapWindow tap_window(const Plan& plan, const Image& source, int out_row, int out_col, int channel = 0);

// ---- the continuous surface ----

// f(y, x) = sum_ij k(y - i) k(x - j) p(map(i), map(j)) / (sum_i k(y - i) sum_j k(x - j)): the image
// as a height over the plane, rebuilt by `method`'s kernel (core's, unwidened) with the boundary
// rule, no rounding. At integer (y, x) the interpolating kernels (bilinear, bicubic, lanczos) give the
// pixel itself; nearest is flat on each pixel's square [i - 0.5, i + 0.5).
double surface_at(const Image& source, Method method, Boundary boundary, int channel, double y, double x);

struct Surface {
  Method method = Method::Nearest;
  int channel = 0;
  double row0 = 0, col0 = 0, row1 = 0, col1 = 0;  // the region, input coordinates (pixel edges)
  int ny = 0, nx = 0;                             // grid points along y and x, ends included
  std::vector<double> y, x;                       // the grid coordinates
  std::vector<double> height;                     // ny x nx, row-major: surface_at at each point
  double at(int iy, int ix) const { return height[static_cast<std::size_t>(iy) * nx + ix]; }
};
// The surface on the square of up to `pixels` x `pixels` source pixels whose centre pixel is the one
// nearest (centre_row, centre_col), kept inside the image, from pixel edge to pixel edge, sampled at
// `per_pixel` points per pixel. Throws std::invalid_argument for an empty image, a bad channel,
// Method::Custom or per_pixel < 1.
Surface surface_grid(const Image& source, Method method, Boundary boundary, int channel, double centre_row,
                     double centre_col, int pixels = 12, int per_pixel = 8);

}  // namespace rl
