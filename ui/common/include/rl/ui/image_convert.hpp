// Conversions between rl::Image and QImage for display: any element type and channel count in,
// 8-bit RGB(A) out, through a display range for floating-point data.
#pragma once

#include <QImage>

#include "rl/image.hpp"

namespace rl::ui {

// Values of the types that use a range map lo -> 0 and hi -> 255, clamped.
struct DisplayRange {
  double lo = 0, hi = 1;
};

// Whether an element type is shown through a DisplayRange: float, and the integer types with no
// natural 8-bit view (int8, int16, int32, uint32, whose data rarely fills the type's range).
// uint8 is shown as is, uint16 divided by 257, logical as 0 / 255.
bool uses_display_range(ElemType t);

// uint8 as is, uint16 divided by 257, logical 0 / 255, the others through `range`. 1 channel: grey; 2: grey +
// alpha; 3: RGB; 4: RGBA; more than 4: the first three as RGB. An empty image gives a null QImage.
QImage to_qimage(const rl::Image& img, DisplayRange range = {});

// RGB (3 channels) or RGBA (4 channels, when the QImage has alpha) uint8.
rl::Image from_qimage(const QImage& img);

}  // namespace rl::ui
