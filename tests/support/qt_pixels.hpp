// Pixel counts for the Qt tests: how many pixels of an image are near a colour.
#pragma once

#include <QColor>
#include <QImage>
#include <algorithm>
#include <cstdlib>

namespace rl_test {

// Pixels within `tol` of `c` (sum of the RGB differences), in the rows from `top` down.
inline int count_near(const QImage& img, QColor c, int tol, int top = 0) {
  int n = 0;
  for (int y = std::max(0, top); y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor p = img.pixelColor(x, y);
      if (std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) <=
          tol)
        ++n;
    }
  return n;
}

}  // namespace rl_test
