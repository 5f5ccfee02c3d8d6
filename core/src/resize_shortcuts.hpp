// The CPU resizer's exact shortcuts: a pass whose every output is one tap of weight 1.0 is a row
// copy (vertical) or a gather of whole pixels (horizontal), bit-identical to the arithmetic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "resize_dispatch.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::detail {

// Whether every row of the table is one tap of weight exactly 1.0 (and the shortcuts are enabled).
bool unit_taps(const AxisTable& t);
// One output row of a unit vertical table: a copy of input row `src` (len elements).
void copy_row(ElemType type, const void* src, void* dst, std::size_t len);
// One output row of a unit horizontal table: a gather of whole pixels of `ch` channels.
void gather_row(ElemType type, const AxisTable& t, int ch, const void* src, void* dst);

// A unit horizontal table's gather, set up once per run: the active level's byte shuffles
// (ShuffleRow) where it has them, otherwise gather_row. The generic level, and tables where fewer
// than 4 output pixels fit one shuffle (wide pixels, rows narrower than the window, strong shrinks)
// take gather_row; the bytes are gather_row's either way.
class RowGather {
 public:
  RowGather(ElemType type, const AxisTable& t, int ch);
  bool shuffles() const { return kernels_ != nullptr; }
  // The row gathered from src, written to `copies` output rows dst, dst + dst_step bytes, ...
  void run(const void* src, void* dst, std::size_t dst_step = 0, int copies = 1) const;

 private:
  ElemType type_;
  const AxisTable& table_;
  int ch_;
  const ShuffleKernels* kernels_ = nullptr;
  std::vector<std::int32_t> start_;
  std::vector<std::uint8_t> idx_;
  ShuffleRow row_{};
};

}  // namespace rl::detail
