// What compute_comparison asks of the panes' sources beyond compute_pane (pane_sources.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "rl/ui/comparison.hpp"

namespace rl::ui::detail {

// Pane `i`'s result when it is a MATLAB pane whose plan has the same tables as an earlier MATLAB
// pane's (`results[j]`, j < i, made without error): that result itself, shared, not resized again
// (bicubic with and without antialiasing when enlarging, say). nullopt otherwise. Running the same
// tables on the same source gives the same bits, so the pixels and every statistic are the same.
std::optional<PaneResult> result_of_same_tables(const Image& src, const ResizeSpec& base,
                                                const std::vector<PaneConfig>& panes,
                                                const std::vector<PaneResult>& results, std::size_t i);

// The range pane `pane`'s result `r` is shown through when the panes are shown through `range`
// (compute_pane's rule): a file or pushed image of another type than the source keeps its own.
DisplayRange pane_display_range(const PaneResult& r, const PaneConfig& pane, ElemType source,
                                DisplayRange range);

// Whether every output pixel of `plan` is input pixel (r / 2, c / 2): one tap of weight 1 on each axis
// at twice the size (nearest at x2). Then each 2x2 cell of its result is one source pixel, and the
// result's first halving (the cells' rounded means) is the source's pixels.
bool doubles_each_pixel(const Plan& plan);

}  // namespace rl::ui::detail
