// Difference statistics and maps used by the viewer, the tests and the command.
#include "rl/metrics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "rl/image_ops.hpp"
#include "rl/parallel.hpp"

namespace rl {

double peak_value(ElemType t) {
  // Integers: the class's range (max - min, so int16's is 65535); floats and logical: 1.
  return is_integer(t) ? info(t).max - info(t).min : 1.0;
}

static void require_same_shape(const Image& a, const Image& b) {
  if (!a.same_shape(b))
    throw std::invalid_argument("images differ in shape: " + std::to_string(a.rows()) + "x" +
                                std::to_string(a.cols()) + "x" + std::to_string(a.channels()) + " vs " +
                                std::to_string(b.rows()) + "x" + std::to_string(b.cols()) + "x" +
                                std::to_string(b.channels()));
}

void NonFiniteCount::add(double v) {
  if (std::isnan(v))
    ++nan;
  else if (v == std::numeric_limits<double>::infinity())
    ++pos_inf;
  else if (v == -std::numeric_limits<double>::infinity())
    ++neg_inf;
}

double data_difference(double x, double y) { return difference_as_data(x, y); }

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Runs block(first_row, end_row, partial) on fixed row blocks of `img` in parallel and returns the
// partials in block order (the caller combines them in that order, so the result is the same on any
// number of threads).
template <class Partial, class F>
std::vector<Partial> over_row_blocks(const Image& img, F&& block) {
  const int per = rows_per_block(img);
  const long long blocks = (img.rows() + per - 1) / per;
  std::vector<Partial> parts(static_cast<std::size_t>(blocks));
  parallel_for(blocks, 1, [&](long long b0, long long b1) {
    for (long long b = b0; b < b1; ++b)
      block(b * per, std::min<long long>(img.rows(), (b + 1) * per), parts[static_cast<std::size_t>(b)]);
  });
  return parts;
}

void count_into(NonFiniteCount& n, const double* v, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    n.nan += v[i] != v[i];
    n.pos_inf += v[i] == kInf;
    n.neg_inf += v[i] == -kInf;
  }
}

struct StatsPart {
  double max_abs = 0.0, sum_abs = 0.0, sum_sq = 0.0;
  std::size_t differing = 0, finite_pairs = 0, non_finite = 0;
  NonFiniteCount a, b;
};

// The pixels of CH channels where any channel differs, in one loop over the elements that the compiler
// vectorizes (a loop over pixels of a run-time channel count does not): at each element, whether any of
// the CH from it differs, counted only where a pixel starts (a pattern of period CH), a chunk of
// kChunkPixels pixels at a time.
constexpr std::size_t kChunkPixels = 1024;
template <int CH>
const std::array<std::uint8_t, kChunkPixels * CH>& pixel_starts() {
  static const auto starts = [] {
    std::array<std::uint8_t, kChunkPixels * CH> s{};
    for (std::size_t i = 0; i < s.size(); i += CH) s[i] = 1;
    return s;
  }();
  return starts;
}
template <int CH, class T>
std::size_t differing_pixels(const T* x, const T* y, std::size_t pixels) {
  const std::uint8_t* starts = pixel_starts<CH>().data();
  std::size_t count = 0;
  for (std::size_t p0 = 0; p0 < pixels; p0 += kChunkPixels) {
    const std::size_t n = std::min(kChunkPixels, pixels - p0) * CH;
    const T* a = x + p0 * CH;
    const T* b = y + p0 * CH;
    unsigned c = 0;
    for (std::size_t i = 0; i + CH <= n; ++i) {
      unsigned any = 0;
      for (int k = 0; k < CH; ++k) any |= static_cast<unsigned>(a[i + k] != b[i + k]);
      c += any & starts[i];
    }
    count += c;
  }
  return count;
}

// One block of two integer images of one type of at most 16 bits: every value is finite and every
// difference an integer, so the sums are kept in integers (exact; the double running sum of the
// whole-image definition is exact too while under 2^53, so the two agree).
template <class T>
void integer_block(const T* x, const T* y, std::size_t pixels, int ch, StatsPart& p) {
  // The sums over the elements in one flat loop the compiler vectorizes, then the differing pixels.
  const std::size_t n = pixels * static_cast<std::size_t>(ch);
  std::uint64_t sum_abs = 0, sum_sq = 0;
  unsigned max_abs = 0;
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    // 8 bits: |x - y| in a byte, its maximum in a byte, the sums in 32 bits over chunks of 8192 elements
    // (at most 8192 * 255^2 < 2^32), so the loop runs in byte lanes (psadbw, pmaddwd): 3.4x the speed.
    constexpr std::size_t kChunk = 8192;
    for (std::size_t c0 = 0; c0 < n; c0 += kChunk) {
      const std::size_t m = std::min(kChunk, n - c0);
      const std::uint8_t* a = x + c0;
      const std::uint8_t* b = y + c0;
      unsigned sa = 0, sq = 0;
      std::uint8_t mx = 0;
      for (std::size_t i = 0; i < m; ++i) {
        const auto ad = static_cast<std::uint8_t>(a[i] > b[i] ? a[i] - b[i] : b[i] - a[i]);
        mx = ad > mx ? ad : mx;
        sa += ad;
        sq += static_cast<unsigned>(ad) * ad;
      }
      sum_abs += sa;
      sum_sq += sq;
      max_abs = std::max<unsigned>(max_abs, mx);
    }
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      const int d = static_cast<int>(x[i]) - static_cast<int>(y[i]);
      const auto ad = static_cast<unsigned>(d < 0 ? -d : d);
      max_abs = ad > max_abs ? ad : max_abs;
      sum_abs += ad;
      sum_sq += static_cast<std::uint64_t>(ad) * ad;
    }
  }
  std::size_t differing = 0;
  if (max_abs != 0) {
    switch (ch) {
      case 1: differing = differing_pixels<1>(x, y, pixels); break;
      case 2: differing = differing_pixels<2>(x, y, pixels); break;
      case 3: differing = differing_pixels<3>(x, y, pixels); break;
      case 4: differing = differing_pixels<4>(x, y, pixels); break;
      default:
        for (std::size_t i = 0; i < pixels; ++i, x += ch, y += ch) {
          bool any = false;
          for (int k = 0; k < ch; ++k) any |= x[k] != y[k];
          differing += any;
        }
    }
  }
  p.max_abs = static_cast<double>(max_abs);
  p.sum_abs = static_cast<double>(sum_abs);
  p.sum_sq = static_cast<double>(sum_sq);
  p.differing = differing;
  p.finite_pairs = n;
}

template <class T>
constexpr bool kIntegerBlock = std::is_integral_v<T> && sizeof(T) <= 2;

// One block of two floating-point images of one type: the general pass's figures value for value, in
// its order (the sums run over the finite pairs in storage order, so the bits agree), read in place
// instead of copied to doubles row by row first. An image's non-finite values are counted where a pair
// is not finite, the only place one can be.
template <class T>
void floating_block(const T* x, const T* y, std::size_t pixels, int ch, StatsPart& p) {
  double max_abs = 0.0, sum_abs = 0.0, sum_sq = 0.0;
  std::size_t differing = 0, finite_pairs = 0, non_finite = 0;
  for (std::size_t i = 0; i < pixels; ++i, x += ch, y += ch) {
    bool differs = false;
    for (int k = 0; k < ch; ++k) {
      const double xv = x[k], yv = y[k];
      differs |= !(xv == yv || (xv != xv && yv != yv));
      if (!(std::abs(xv) < kInf) || !(std::abs(yv) < kInf)) {
        ++non_finite;
        p.a.add(xv);
        p.b.add(yv);
        continue;
      }
      ++finite_pairs;
      const double d = std::abs(xv - yv);
      max_abs = d > max_abs ? d : max_abs;
      sum_abs += d;
      sum_sq += d * d;
    }
    differing += differs;
  }
  p.max_abs = max_abs;
  p.sum_abs = sum_abs;
  p.sum_sq = sum_sq;
  p.differing = differing;
  p.finite_pairs = finite_pairs;
  p.non_finite = non_finite;
}

}  // namespace

NonFiniteCount count_non_finite(const Image& img) {
  NonFiniteCount n;
  if (!is_floating(img.type()) || img.empty()) return n;  // integers and logical are always finite
  const auto parts = over_row_blocks<NonFiniteCount>(img, [&](long long r0, long long r1, NonFiniteCount& p) {
    std::vector<double> row(img.row_stride());
    for (long long r = r0; r < r1; ++r) {
      read_as_double(img, static_cast<std::size_t>(r) * row.size(), row.size(), row.data());
      count_into(p, row.data(), row.size());
    }
  });
  for (const NonFiniteCount& p : parts) n += p;
  return n;
}

DiffStats diff_stats(const Image& a, const Image& b) {
  require_same_shape(a, b);
  DiffStats s;
  s.pixels = static_cast<std::size_t>(a.rows()) * a.cols();
  if (a.empty()) {
    s.psnr = psnr_from_mse(0.0, peak_value(a.type()));
    return s;
  }
  const int ch = a.channels();
  const std::size_t stride = a.row_stride();
  const bool integer =
      a.type() == b.type() && visit_elem_type(a.type(), [](auto v) { return kIntegerBlock<decltype(v)>; });
  const bool floating = a.type() == b.type() && is_floating(a.type());
  if (integer && a.raw() == b.raw()) {
    // The same pixels (a pane that is the reference): every pair finite and equal, no pass needed.
    s.finite_pairs = s.pixels * static_cast<std::size_t>(ch);
    s.psnr = psnr_from_mse(0.0, peak_value(a.type()));
    return s;
  }
  const auto parts = over_row_blocks<StatsPart>(a, [&](long long r0, long long r1, StatsPart& p) {
    if (integer || floating) {
      visit_elem_type(a.type(), [&](auto v) {
        using T = decltype(v);
        const std::size_t first = static_cast<std::size_t>(r0) * stride;
        const std::size_t pixels = static_cast<std::size_t>(r1 - r0) * static_cast<std::size_t>(a.cols());
        if constexpr (kIntegerBlock<T>)
          integer_block(a.data<T>() + first, b.data<T>() + first, pixels, ch, p);
        else if constexpr (std::is_floating_point_v<T>)
          floating_block(a.data<T>() + first, b.data<T>() + first, pixels, ch, p);
      });
      return;
    }
    std::vector<double> x(stride), y(stride);
    for (long long r = r0; r < r1; ++r) {
      read_as_double(a, static_cast<std::size_t>(r) * stride, stride, x.data());
      read_as_double(b, static_cast<std::size_t>(r) * stride, stride, y.data());
      count_into(p.a, x.data(), stride);
      count_into(p.b, y.data(), stride);
      // Pairs in storage order, as the sums of the whole-image definition run within a row block.
      for (std::size_t i = 0; i < stride; i += static_cast<std::size_t>(ch)) {
        bool differs = false;
        for (int k = 0; k < ch; ++k) {
          const double xv = x[i + k], yv = y[i + k];
          const bool same = xv == yv || (xv != xv && yv != yv);
          differs |= !same;
          if (!(std::abs(xv) < kInf) || !(std::abs(yv) < kInf)) {
            ++p.non_finite;
            continue;
          }
          ++p.finite_pairs;
          const double d = std::abs(xv - yv);
          p.max_abs = d > p.max_abs ? d : p.max_abs;
          p.sum_abs += d;
          p.sum_sq += d * d;
        }
        p.differing += differs;
      }
    }
  });
  double sum_abs = 0.0, sum_sq = 0.0;
  for (const StatsPart& p : parts) {
    s.max_abs = std::max(s.max_abs, p.max_abs);
    sum_abs += p.sum_abs;
    sum_sq += p.sum_sq;
    s.differing += p.differing;
    s.finite_pairs += p.finite_pairs;
    s.non_finite += p.non_finite;
    s.non_finite_a += p.a;
    s.non_finite_b += p.b;
  }
  const double n = static_cast<double>(s.finite_pairs);
  s.mean_abs = n > 0 ? sum_abs / n : 0.0;
  const double mse = n > 0 ? sum_sq / n : 0.0;
  s.psnr = psnr_from_mse(mse, peak_value(a.type()));
  return s;
}

ElemType diff_map_type(ElemType t) {
  // Logical is not an integer class (MATLAB's isinteger) but holds 0 and 1.
  const bool narrow = !is_floating(t) && elem_size(t) <= 2;
  return narrow ? ElemType::F32 : ElemType::F64;
}

namespace {
template <class Out>
void fill_diff_map(const Image& a, const Image& b, DiffMode mode, int channel, Out* d) {
  const int ch = a.channels(), cols = a.cols();
  const std::size_t stride = a.row_stride();
  const bool one_channel = mode == DiffMode::AbsChannel || (mode == DiffMode::Signed && channel >= 0);
  const int k1 = channel < 0 ? 0 : channel;
  parallel_for(a.rows(), 1, [&](long long r0, long long r1) {
    std::vector<double> x(stride), y(stride);
    for (long long r = r0; r < r1; ++r) {
      read_as_double(a, static_cast<std::size_t>(r) * stride, stride, x.data());
      read_as_double(b, static_cast<std::size_t>(r) * stride, stride, y.data());
      Out* o = d + static_cast<std::size_t>(r) * cols;
      if (one_channel) {
        for (int c = 0; c < cols; ++c) {
          const std::size_t i = static_cast<std::size_t>(c) * ch + k1;
          const double v = difference_as_data(x[i], y[i]);
          o[c] = static_cast<Out>(mode == DiffMode::Signed ? v : std::abs(v));
        }
        continue;
      }
      for (int c = 0; c < cols; ++c) {
        double v = 0.0;
        for (int k = 0; k < ch; ++k) {
          const std::size_t i = static_cast<std::size_t>(c) * ch + k;
          const double dv = difference_as_data(x[i], y[i]);
          // NaN outranks everything, then magnitude (±inf above any finite value).
          if (v == v && (dv != dv || std::abs(dv) > std::abs(v))) v = dv;
        }
        o[c] = static_cast<Out>(mode == DiffMode::AbsMaxChannel ? std::abs(v) : v);
      }
    }
  });
}
}  // namespace

Image diff_map(const Image& a, const Image& b, DiffMode mode, int channel, ElemType out_type) {
  require_same_shape(a, b);
  if (channel >= a.channels()) throw std::invalid_argument("channel out of range");
  if (out_type != ElemType::F64 && out_type != ElemType::F32)
    throw std::invalid_argument("a difference map is float32 or float64");
  Image out = Image::uninitialized(a.rows(), a.cols(), 1, out_type);
  if (a.empty()) return out;
  if (out_type == ElemType::F32)
    fill_diff_map(a, b, mode, channel, out.data<float>());
  else
    fill_diff_map(a, b, mode, channel, out.data<double>());
  return out;
}

double max_abs_finite(const Image& img) {
  const auto r = finite_range(img);
  return r ? std::max(std::abs(r->first), std::abs(r->second)) : 0.0;
}

}  // namespace rl
