// Where one 1-D pass along an axis reads and writes in interleaved images: the output's shape, and the
// offsets of each line's first element (a line is a row for a horizontal pass, a column for a
// vertical one) and of each tap. Every pass starts from it: the core's, the adjoint's and the peers'.
#pragma once

#include <cstddef>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl {

struct PassLayout {
  Axis axis;
  int out_rows, out_cols, channels;
  int lines;                  // rows (horizontal pass) or columns (vertical pass) of the input
  std::ptrdiff_t tap_step;    // elements between neighbouring input samples along the axis
  std::size_t in_row_stride;  // elements per input row
  std::size_t out_row_stride;

  PassLayout(const Image& in, Axis a, int out_size)
      : axis(a),
        out_rows(a == Axis::Rows ? out_size : in.rows()),
        out_cols(a == Axis::Cols ? out_size : in.cols()),
        channels(in.channels()),
        lines(a == Axis::Cols ? in.rows() : in.cols()),
        tap_step(a == Axis::Cols ? in.channels() : static_cast<std::ptrdiff_t>(in.row_stride())),
        in_row_stride(in.row_stride()),
        out_row_stride(static_cast<std::size_t>(out_cols) * static_cast<std::size_t>(in.channels())) {}

  // The output image (uninitialised), of the input's type unless another is given.
  Image output(ElemType type) const { return Image::uninitialized(out_rows, out_cols, channels, type); }
  // Input sample 0 of `line` (channel 0).
  std::size_t in_offset(int line) const {
    return axis == Axis::Cols ? static_cast<std::size_t>(line) * in_row_stride
                              : static_cast<std::size_t>(line) * static_cast<std::size_t>(channels);
  }
  // Output sample `o` of `line` (channel 0).
  std::size_t out_offset(int line, int o) const {
    const std::size_t ch = static_cast<std::size_t>(channels);
    return axis == Axis::Cols
               ? static_cast<std::size_t>(line) * out_row_stride + static_cast<std::size_t>(o) * ch
               : static_cast<std::size_t>(o) * out_row_stride + static_cast<std::size_t>(line) * ch;
  }
};

}  // namespace rl
