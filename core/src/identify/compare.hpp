// How one candidate's pixels compare with LR: counts, largest difference, PSNR, and where the differences
// lie (the facts behind the one-sentence evidence of `identify`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rl/image.hpp"

namespace rl::identify {

// A candidate's pixels: one image, or (torch) the two values its float result rounds to within the
// tolerance, LR's value then counting as equal anywhere in [lo, hi]. hi empty: lo alone.
struct Pixels {
  Image lo, hi;
};

struct Stats {
  std::size_t equal = 0, total = 0, tolerated = 0;
  double max_abs = 0.0, sse = 0.0;
  std::size_t values = 0;  // channel values compared
  // Differing pixels at least b (index) away from the nearest border row, column, or both: few beyond a
  // small b mean the differences sit along the borders.
  static constexpr int kDepths = 5;
  std::size_t beyond_row[kDepths] = {}, beyond_col[kDepths] = {}, beyond_frame[kDepths] = {};
  int first_row = -1, first_col = -1;  // the first differing pixel
  double first_delta = 0.0;            // its largest channel difference
  bool bgr = false;                    // LR's first and third channels were swapped for the comparison
  std::uint64_t hash = 0;              // FNV-1a of the pixels (whole-image comparisons only)
};

// Compares `px` with LR. rows: LR rows compared (empty: all, and the hash is computed); compact: px holds
// just those rows in that order, otherwise px has LR's shape. bgr: swap LR's channels 0 and 2.
Stats compare(const Pixels& px, const Image& lr, const std::vector<int>& rows, bool compact, bool bgr);

double peak_for(ElemType t);               // 255 or 65535
double psnr(const Stats& s, double peak);  // +inf when nothing differs
// One sentence on where and how the pixels differ, for an LR of lr_rows x lr_cols.
std::string evidence(const Stats& s, int lr_rows, int lr_cols);

}  // namespace rl::identify
