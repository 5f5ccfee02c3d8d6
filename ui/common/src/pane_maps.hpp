// What a pane's difference map is made of: the part of the reference a nudged pane is compared
// with, the pane moved onto it, and the map of any part of that (comparison.cpp keeps it whole or
// not, see PaneDiff::map).
#pragma once

#include <QPoint>
#include <QRect>
#include <QSize>
#include <optional>

#include "rl/ui/comparison.hpp"

namespace rl::ui::detail {

// The part of the reference (ref_size, x = column) pane pixels are compared with under `nudge`, inside
// `ref_region` when given; empty when nothing overlaps. Pane pixels: the same moved by -nudge.
QRect compared_window(QSize ref_size, QPoint nudge, const std::optional<QRect>& ref_region);

// `img` moved by `nudge` onto `canvas`, which holds the pixels of rect(origin, canvas's size) of an
// image of img's shape and keeps its values where img does not reach.
void paste_nudged(Image& canvas, QPoint origin, const Image& img, QPoint nudge);

// `img` moved by `nudge` (pixel (x, y) to (x + dx, y + dy)), the uncovered part 0, same size.
Image nudge_image(const Image& img, QPoint nudge);

// Part `r` (inside the reference) of the map of `in`: the pane moved by its nudge over the reference
// where it covers it, the reference itself (a difference of 0) where it does not. `ref_as_pane`: the
// whole reference already in the pane's element type, if the caller has it.
Image map_of(const PaneDiff::MapInputs& in, const QRect& r, const Image* ref_as_pane = nullptr);

// Sets d.map_max and d.map_non_finite: from d.map when it is kept, else from its inputs a block of
// rows at a time, never the whole map at once.
void measure_map(PaneDiff& d);

}  // namespace rl::ui::detail
