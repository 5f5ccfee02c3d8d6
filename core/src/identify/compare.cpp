// The comparison behind `identify`: every channel of every pixel of a candidate against LR, and the
// sentence that says where they differ.
#include "compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string_view>

#include "rl/fnv1a.hpp"
#include "rl/percent_text.hpp"

namespace rl::identify {

namespace {

template <class T>
Stats compare_typed(const Pixels& px, const Image& lr, const std::vector<int>& rows, bool compact, bool bgr) {
  Stats s;
  s.bgr = bgr;
  const int ch = lr.channels(), cols = lr.cols();
  const bool has_hi = !px.hi.empty();
  const T* lo = px.lo.data<T>();
  const T* hi = has_hi ? px.hi.data<T>() : lo;
  const T* ref = lr.data<T>();
  const int n_rows = rows.empty() ? lr.rows() : static_cast<int>(rows.size());
  for (int i = 0; i < n_rows; ++i) {
    const int r = rows.empty() ? i : rows[i];
    const std::size_t cand_row = static_cast<std::size_t>(compact ? i : r) * cols * ch;
    const std::size_t lr_row = static_cast<std::size_t>(r) * cols * ch;
    for (int c = 0; c < cols; ++c) {
      double worst = 0.0;
      bool off_lo = false;
      for (int k = 0; k < ch; ++k) {
        const int lk = bgr && k != 1 && k <= 2 ? 2 - k : k;
        const double v = ref[lr_row + static_cast<std::size_t>(c) * ch + lk];
        const double a = lo[cand_row + static_cast<std::size_t>(c) * ch + k];
        const double b = hi[cand_row + static_cast<std::size_t>(c) * ch + k];
        const double d = v < a ? a - v : (v > b ? v - b : 0.0);
        off_lo = off_lo || v != a;
        worst = std::max(worst, d);
        s.sse += d * d;
      }
      ++s.total;
      s.values += ch;
      if (worst == 0.0) {
        ++s.equal;
        if (off_lo) ++s.tolerated;
        continue;
      }
      s.max_abs = std::max(s.max_abs, worst);
      if (s.first_row < 0) {
        s.first_row = r;
        s.first_col = c;
        s.first_delta = worst;
      }
      const int rd = std::min(r, lr.rows() - 1 - r), cd = std::min(c, cols - 1 - c);
      for (int b = 0; b < Stats::kDepths; ++b) {
        s.beyond_row[b] += rd >= b;
        s.beyond_col[b] += cd >= b;
        s.beyond_frame[b] += std::min(rd, cd) >= b;
      }
    }
  }
  if (rows.empty()) {
    s.hash = fnv1a64(std::string_view(static_cast<const char*>(px.lo.raw()), px.lo.bytes()));
    if (has_hi)
      s.hash = fnv1a64(std::string_view(static_cast<const char*>(px.hi.raw()), px.hi.bytes()), s.hash);
  }
  return s;
}

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Stats compare(const Pixels& px, const Image& lr, const std::vector<int>& rows, bool compact, bool bgr) {
  if (lr.type() == ElemType::U16) return compare_typed<std::uint16_t>(px, lr, rows, compact, bgr);
  return compare_typed<std::uint8_t>(px, lr, rows, compact, bgr);
}

double peak_for(ElemType t) { return t == ElemType::U16 ? 65535.0 : 255.0; }

double psnr(const Stats& s, double peak) {
  if (s.sse == 0.0 || s.values == 0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(peak * peak / (s.sse / static_cast<double>(s.values)));
}

std::string evidence(const Stats& s, int lr_rows, int lr_cols) {
  const std::size_t differ = s.total - s.equal;
  std::ostringstream o;
  o.precision(6);
  const std::string swapped = s.bgr ? " (with LR's red and blue channels swapped: saved in BGR order)" : "";
  if (differ == 0) return "equal everywhere" + swapped;
  // The border band: the fewest outer rows / columns holding all but a few (an edit elsewhere) of the
  // differences; only for images large enough to have an inside.
  const std::size_t stray = std::max<std::size_t>(2, differ / 100);
  const auto band = [&](const std::size_t* beyond, int size) {
    for (int b = 1; b < Stats::kDepths; ++b)
      if (beyond[b] <= stray && beyond[b] < differ && size > 4 * b) return b;
    return 0;
  };
  const auto elsewhere = [&](std::size_t n) {
    return n ? " (and " + plural(static_cast<int>(n), "pixel", "pixels") + " elsewhere)" : std::string();
  };
  const int bc = band(s.beyond_col, lr_cols), br = band(s.beyond_row, lr_rows);
  const int bf = band(s.beyond_frame, std::min(lr_rows, lr_cols));
  if (differ == 1) {
    o << "differs in one pixel only (row " << s.first_row + 1 << ", column " << s.first_col + 1 << ", by "
      << s.first_delta << "): an edited image, or a step after the resize";
  } else if (bc) {
    o << "differs only in the first and last " << plural(bc, "column", "columns")
      << elsewhere(s.beyond_col[bc]) << ": a border rule";
  } else if (br) {
    o << "differs only in the first and last " << plural(br, "row", "rows") << elsewhere(s.beyond_row[br])
      << ": a border rule";
  } else if (bf) {
    o << "differs only in the outer " << plural(bf, "row and column", "rows and columns")
      << elsewhere(s.beyond_frame[bf]) << ": a border rule";
  } else if (s.max_abs <= 1.0) {
    o << "differs by 1 in " << differ << " pixels (" << percent_text(differ, s.total)
      << ") across the image: a close kernel, or the same one rounded another way (after each pass or once)";
  } else {
    o << "differs by up to " << s.max_abs << " in " << differ << " pixels (" << percent_text(differ, s.total)
      << ") across the image: another kernel, scale or sample position";
  }
  return o.str() + swapped;
}

}  // namespace rl::identify
