// Plan: everything a resize needs that does not depend on pixel values: output size, per-axis
// scale, the order of the two 1-D passes, and per axis the contribution table (weights and input
// indices per output). Built once per (spec, input shape) and reused; the CPU resizer, the CUDA
// resizer, the adjoint, the plots and the tests all read the same tables.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rl/spec.hpp"

namespace rl {

enum class Axis { Rows = 0, Cols = 1 };  // Rows: resize vertically (along dimension 1)

// One axis' contribution table, after normalisation, boundary mapping and the removal of tap
// columns that are zero for every output (exactly MATLAB's `contributions`).
struct AxisTable {
  int in_size = 0;
  int out_size = 0;
  double scale = 1.0;               // the scale that drove the kernel (given scale, or out/in)
  double kernel_width = 0.0;        // width after antialias widening (width / scale when shrinking)
  bool antialiased = false;         // true when the kernel was widened (scale < 1 and antialiasing on)
  int taps_full = 0;                // P = ceil(kernel_width) + 2, before zero-column removal
  int taps = 0;                     // taps per output after removal
  std::vector<double> u;            // per output (0-based o): u = (o+1)/scale + 0.5*(1 - 1/scale), 1-based
  std::vector<int> left;            // per output: floor(u - kernel_width/2), 1-based, before mapping
  std::vector<int> kept;            // which of the P tap columns survived (ascending, 0..P-1)
  std::vector<double> weights;      // out_size x taps, row-major
  std::vector<std::int32_t> index;  // out_size x taps, 0-based input indices after mapping

  const double* weights_of(int o) const { return weights.data() + static_cast<std::size_t>(o) * taps; }
  const std::int32_t* index_of(int o) const { return index.data() + static_cast<std::size_t>(o) * taps; }
};

struct Plan {
  int in_rows = 0, in_cols = 0;
  int out_rows = 0, out_cols = 0;
  Method method = Method::Bicubic;
  Kernel kernel;  // the unwidened kernel
  bool antialiasing = true;
  Boundary boundary = Boundary::Modern;
  std::array<Axis, 2> order{Axis::Rows, Axis::Cols};  // passes in the order MATLAB runs them
  AxisTable rows, cols;

  const AxisTable& table(Axis a) const { return a == Axis::Rows ? rows : cols; }
  // Shape after the first pass (rows x cols).
  std::pair<int, int> intermediate_shape() const;
  // Whether every output element is its input element: the same shape, and each table one tap of
  // weight exactly 1 at the output's own index (MATLAB's imresize at scale 1 with a kernel that is 1
  // at 0 and exactly 0 at the other integers: nearest, bilinear, bicubic, box, triangle; not the
  // Lanczos kernels, whose sin(pi x) leaves weights of about 1e-17). Running it gives the input's
  // bits, every type.
  bool is_identity() const;
};

// MATLAB's pass order, [~, order] = sort(scale): the smaller scale first; the stable sort keeps rows
// first on a tie.
std::array<Axis, 2> pass_order(double scale_rows, double scale_cols);
// The shape (rows x cols) after the first pass: rows first resizes the rows, columns first the columns.
std::pair<int, int> intermediate_shape(Axis first, int in_rows, int in_cols, int out_rows, int out_cols);

// Limits applied when building a plan; 0 means "no limit".
struct PlanLimits {
  std::size_t max_elements = std::size_t{1} << 31;  // per image, output and intermediate (x channels)
  int channels = 1;
  // How a message names the limit and the element type, e.g. "100 pixels (--max-pixels)" and "uint8";
  // empty: "<max_elements> elements", and no type.
  std::string description;
  std::string type_name;
  // Per axis, out_size x taps before zero-column removal: the tables hold 12-16 bytes per entry, so an
  // extreme aspect ratio (e.g. 1 x 600000000) would otherwise need tens of GB for its weights alone.
  std::size_t max_table_entries = std::size_t{1} << 28;
};

// Why a result of out_rows x out_cols whose first pass makes mid_rows x mid_cols goes over
// limits.max_elements (the larger of the two, times limits.channels), or "" when it fits or there is
// no limit: "the result would be 50x50x3 uint8 (its intermediate pass 50x100), over the limit of
// 100 pixels (--max-pixels)"; the intermediate is named only when it is the larger. make_plan throws
// this message; a caller that has no plan yet (a library's resize: give the output shape twice) asks
// it directly.
std::string element_limit_excess(int out_rows, int out_cols, int mid_rows, int mid_cols,
                                 const PlanLimits& limits);

// Output size and per-axis scale as MATLAB derives them (no tables). Throws std::invalid_argument
// with a user-facing message for bad specs (non-positive or non-finite scale, empty result, ...).
struct SizeAndScale {
  int out_rows, out_cols;
  double scale_rows, scale_cols;
};
SizeAndScale derive_size_and_scale(const ResizeSpec& spec, int in_rows, int in_cols);

// Where a 0-based position i (possibly outside the axis) reads from, 0-based in [0, in_size): Modern
// mirrors (... 1 0 | 0 1 ... n-1 | n-1 n-2 ...), Legacy clamps to the edge.
int map_boundary(long long i, int in_size, Boundary boundary);

// One axis' table, as MATLAB's contributions(in, out, scale, kernel, width, antialiasing).
AxisTable make_axis_table(int in_size, int out_size, double scale, const Kernel& kernel, bool antialiasing,
                          Boundary boundary);

Plan make_plan(const ResizeSpec& spec, int in_rows, int in_cols, const PlanLimits& limits = {});

}  // namespace rl
