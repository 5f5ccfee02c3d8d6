// Conversions between rl::Image and QImage for display: any element type and channel count in,
// 8-bit RGB(A) out, through a display range for floating-point (and, when asked, 16-bit) data.
#pragma once

#include <QImage>

#include "rl/image.hpp"

namespace rl::ui {

// Floating-point values map lo -> 0 and hi -> 255, clamped; uint8 ignores the range, and uint16
// follows it only when `u16` is set (the viewer's display range control), else it is divided by 257.
struct DisplayRange {
  double lo = 0, hi = 1;
  bool u16 = false;
};

// uint8 as is, uint16 divided by 257 (or through `range`, see above), float through `range`. 1 channel: grey;
// 2: grey + alpha; 3: RGB; 4: RGBA; more than 4: the first three as RGB. An empty image gives a null QImage.
QImage to_qimage(const rl::Image& img, DisplayRange range = {});

// RGB (3 channels) or RGBA (4 channels, when the QImage has alpha) uint8.
rl::Image from_qimage(const QImage& img);

}  // namespace rl::ui
