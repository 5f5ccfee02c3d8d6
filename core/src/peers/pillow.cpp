// Pillow's Image.resize (9.x) reimplemented: Resample.c's filters, precompute_coeffs and 8-bit
// fixed-point apply loops, the premultiplied-alpha round trip for LA/RGBA, and Geometry.c's
// affine nearest path for NEAREST.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "peers_internal.hpp"
#include "rl/pass_layout.hpp"

namespace rl::peers::detail {

namespace {

constexpr double kPi = 3.14159265358979323846;  // M_PI
constexpr int kPrecisionBits = 32 - 8 - 2;      // Resample.c PRECISION_BITS

double box_filter(double x) { return (x > -0.5 && x <= 0.5) ? 1.0 : 0.0; }
double bilinear_filter(double x) {
  if (x < 0.0) x = -x;
  if (x < 1.0) return 1.0 - x;
  return 0.0;
}
double hamming_filter(double x) {
  if (x < 0.0) x = -x;
  if (x == 0.0) return 1.0;
  if (x >= 1.0) return 0.0;
  x = x * kPi;
  return std::sin(x) / x * (0.54f + 0.46f * std::cos(x));  // float constants, as Pillow writes them
}
double bicubic_filter(double x) {
  constexpr double a = -0.5;
  if (x < 0.0) x = -x;
  if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
  if (x < 2.0) return (((x - 5) * x + 8) * x - 4) * a;
  return 0.0;
}
double sinc_filter(double x) {
  if (x == 0.0) return 1.0;
  x = x * kPi;
  return std::sin(x) / x;
}
double lanczos_filter(double x) {
  if (-3.0 <= x && x < 3.0) return sinc_filter(x) * sinc_filter(x / 3);
  return 0.0;
}

struct Filter {
  double (*fn)(double);
  double support;
};

Filter filter_for(PeerMethod m) {
  switch (m) {
    case PeerMethod::Box: return {box_filter, 0.5};
    case PeerMethod::Bilinear: return {bilinear_filter, 1.0};
    case PeerMethod::Hamming: return {hamming_filter, 1.0};
    case PeerMethod::Bicubic: return {bicubic_filter, 2.0};
    case PeerMethod::Lanczos: return {lanczos_filter, 3.0};
    default: throw std::invalid_argument("not a Pillow filter");
  }
}

// precompute_coeffs(inSize, in0 = 0, in1 = box end, outSize, filter): bounds and normalised weights.
PeerAxis coeffs(int in_size, float in1, int out_size, const Filter& f, bool fixed_point) {
  const float in0 = 0.0f;
  const double scale = static_cast<double>(in1 - in0) / out_size;
  const double filterscale = scale < 1.0 ? 1.0 : scale;
  const double support = f.support * filterscale;
  const int ksize = static_cast<int>(std::ceil(support)) * 2 + 1;
  PeerAxis a = make_axis(in_size, out_size, ksize);
  auto& t = a.table;
  t.scale = 1.0 / scale;
  t.kernel_width = 2 * support;
  t.antialiased = filterscale > 1.0;
  if (fixed_point) {
    a.fixed.assign(t.weights.size(), 0);
    a.fixed_bits = kPrecisionBits;
  }
  std::vector<double> w(ksize);
  for (int xx = 0; xx < out_size; ++xx) {
    const double center = in0 + (xx + 0.5) * scale;
    double ww = 0.0;
    const double ss = 1.0 / filterscale;
    int xmin = static_cast<int>(center - support + 0.5);
    if (xmin < 0) xmin = 0;
    int xmax = static_cast<int>(center + support + 0.5);
    if (xmax > in_size) xmax = in_size;
    xmax -= xmin;
    for (int x = 0; x < xmax; ++x) {
      w[x] = f.fn((x + xmin - center + 0.5) * ss);
      ww += w[x];
    }
    for (int x = 0; x < xmax; ++x)
      if (ww != 0.0) w[x] /= ww;
    const std::size_t base = static_cast<std::size_t>(xx) * ksize;
    for (int x = 0; x < xmax; ++x) {
      t.weights[base + x] = w[x];
      t.index[base + x] = xmin + x;
      if (fixed_point)  // normalize_coeffs_8bpc
        a.fixed[base + x] = w[x] < 0 ? static_cast<int>(-0.5 + w[x] * (1 << kPrecisionBits))
                                     : static_cast<int>(0.5 + w[x] * (1 << kPrecisionBits));
    }
    pad_output(a, xx, xmax);
    t.u[xx] = center - 0.5 + 1.0;  // the output's centre on the input grid, 1-based
    t.left[xx] = xmin + 1;
  }
  return a;
}

// ImagingScaleAffine with a = ((in1-in0)/out, 0, in0, 0, (in1-in0)/out, in0): positions advance by
// repeated addition from a half step; -1 marks an output that stays 0 (never for in-range scales).
PeerAxis nearest_axis(int in_size, int out_size) {
  PeerAxis a = make_axis(in_size, out_size, 1);
  auto& t = a.table;
  const double step = static_cast<double>(static_cast<float>(in_size) - 0.0f) / out_size;
  t.scale = 1.0 / step;
  t.kernel_width = 1.0;
  double xo = 0.0 + step * 0.5;
  for (int x = 0; x < out_size; ++x) {
    const int xin = xo < 0.0 ? -1 : static_cast<int>(xo);
    const bool ok = xin >= 0 && xin < in_size;
    t.index[x] = ok ? xin : std::clamp(xin, 0, in_size - 1);
    t.weights[x] = ok ? 1.0 : 0.0;
    t.u[x] = xo + 0.5;
    t.left[x] = xin + 1;
    xo += step;
  }
  return a;
}

// One 1-D pass along `axis` with Pillow's arithmetic for this element type.
Image apply_pass(const Image& in, const PeerAxis& a, Axis axis) {
  const auto& t = a.table;
  const PassLayout pass(in, axis, t.out_size);
  const int ch = in.channels();
  Image out = pass.output(in.type());
  const std::ptrdiff_t in_stride = pass.tap_step;
  for (int line = 0; line < pass.lines; ++line) {
    for (int o = 0; o < t.out_size; ++o) {
      const std::int32_t* idx = t.index_of(o);
      const std::size_t base = static_cast<std::size_t>(o) * t.taps;
      const std::size_t in_off = pass.in_offset(line), out_off = pass.out_offset(line, o);
      for (int c = 0; c < ch; ++c) {
        if (in.type() == ElemType::U8) {
          const std::uint8_t* src = in.data<std::uint8_t>() + in_off + c;
          std::int64_t ss = std::int64_t{1} << (kPrecisionBits - 1);
          for (int k = 0; k < a.used[o]; ++k)
            ss += static_cast<std::int64_t>(src[idx[k] * in_stride]) * a.fixed[base + k];
          const std::int64_t v = ss >> kPrecisionBits;  // clip8: arithmetic shift, then clamp
          out.data<std::uint8_t>()[out_off + c] =
              static_cast<std::uint8_t>(std::clamp<std::int64_t>(v, 0, 255));
        } else {
          const float* src = in.data<float>() + in_off + c;
          double ss = 0.0;
          for (int k = 0; k < a.used[o]; ++k) {
            ss += static_cast<double>(src[idx[k] * in_stride]) * t.weights[base + k];
          }
          out.data<float>()[out_off + c] = static_cast<float>(ss);
        }
      }
    }
  }
  return out;
}

// Convert.c's MULDIV255 premultiplication (RGBA -> RGBa, LA -> La) and its inverse.
std::uint8_t muldiv255(unsigned a, unsigned b) {
  const unsigned tmp = a * b + 128;
  return static_cast<std::uint8_t>(((tmp >> 8) + tmp) >> 8);
}

void premultiply(Image& im) {
  const int ch = im.channels();
  std::uint8_t* p = im.data<std::uint8_t>();
  for (std::size_t i = 0; i < im.elements(); i += ch) {
    const unsigned alpha = p[i + ch - 1];
    for (int c = 0; c < ch - 1; ++c) p[i + c] = muldiv255(p[i + c], alpha);
  }
}

void unpremultiply(Image& im) {
  const int ch = im.channels();
  std::uint8_t* p = im.data<std::uint8_t>();
  for (std::size_t i = 0; i < im.elements(); i += ch) {
    const unsigned alpha = p[i + ch - 1];
    if (alpha == 255 || alpha == 0) continue;
    for (int c = 0; c < ch - 1; ++c)
      p[i + c] = static_cast<std::uint8_t>(std::min(255u, (255u * p[i + c]) / alpha));
  }
}

// Reduce.c's rounding: ((sum + n/2) * m) >> 24 in uint32, m = 2^32 / (256 n) in float (division_UINT32).
// m is truncated, so a sum + n/2 that is a multiple of n (n not a power of 2) comes out one below.
std::uint8_t reduce_mean(std::uint32_t sum, std::uint32_t n) {
  const float max_int = 4294967296.0f;
  const auto multiplier = static_cast<std::uint32_t>(max_int / static_cast<float>(256u * n));
  return static_cast<std::uint8_t>(((sum + n / 2) * multiplier) >> 24);
}

// Image.reduce((fx, fy)) on the whole image: the mean of each fy x fx block, the last column and row of
// blocks over the pixels they have (ImagingReduceCorners); the output is ceil(in / factor).
Image pillow_reduce(const Image& in, int fy, int fx) {
  const int rows = (in.rows() + fy - 1) / fy, cols = (in.cols() + fx - 1) / fx, ch = in.channels();
  Image out = Image::uninitialized(rows, cols, ch, ElemType::U8);
  const std::uint8_t* src = in.data<std::uint8_t>();
  for (int r = 0; r < rows; ++r) {
    const int r1 = std::min(in.rows(), (r + 1) * fy);
    for (int c = 0; c < cols; ++c) {
      const int c1 = std::min(in.cols(), (c + 1) * fx);
      const auto n = static_cast<std::uint32_t>((r1 - r * fy) * (c1 - c * fx));
      for (int k = 0; k < ch; ++k) {
        std::uint32_t sum = 0;
        for (int y = r * fy; y < r1; ++y)
          for (int x = c * fx; x < c1; ++x)
            sum += src[static_cast<std::size_t>(y) * in.row_stride() + x * ch + k];
        out.data<std::uint8_t>()[static_cast<std::size_t>(r) * out.row_stride() + c * ch + k] =
            reduce_mean(sum, n);
      }
    }
  }
  return out;
}

// The tables for an input whose box ends at (box_rows, box_cols) (the input's size, or after a reduce the
// original size over the factor). Resample.c skips a pass only when the size is kept and the box is the
// whole input.
PeerTables box_tables(const PeerSpec& s, int in_rows, int in_cols, float box_rows, float box_cols,
                      int out_rows, int out_cols, ElemType type) {
  PeerTables r = start_tables(s, type, in_rows, in_cols, out_rows, out_cols);
  const bool u8 = type == ElemType::U8;
  if (s.method == PeerMethod::Nearest) {
    r.rows = nearest_axis(in_rows, out_rows);
    r.cols = nearest_axis(in_cols, out_cols);
    r.note =
        "Pillow NEAREST does not go through Resample.c: an affine nearest-neighbour map picks input "
        "floor((o + 0.5) * in/out), the position accumulated by repeated addition in double.";
    return r;
  }
  const Filter f = filter_for(s.method);
  auto axis = [&](int in, float box, int out) {
    if (in == out && box == static_cast<float>(out)) {
      PeerAxis a = identity_axis(in);
      a.table.kernel_width = 1.0;
      if (u8) {
        a.fixed.assign(in, 1 << kPrecisionBits);
        a.fixed_bits = kPrecisionBits;
      }
      return a;
    }
    return coeffs(in, box, out, f, u8);
  };
  r.cols = axis(in_cols, box_cols, out_cols);
  r.rows = axis(in_rows, box_rows, out_rows);
  r.note = u8 ? "Pillow Resample.c, 8-bit: weights normalised in double, then rounded to integers with 22 "
                "fractional bits; each pass adds 2^21 and shifts right by 22, clamped to 0..255. Horizontal "
                "pass first; a pass whose size does not change is skipped. LA/RGBA are premultiplied by "
                "alpha before and divided after."
              : "Pillow Resample.c, mode F: weights normalised in double, float32 pixels summed in double "
                "and stored as float32. Horizontal pass first; a pass whose size does not change is skipped.";
  return r;
}

}  // namespace

PeerTables pillow_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols,
                         ElemType type) {
  return box_tables(s, in_rows, in_cols, static_cast<float>(in_rows), static_cast<float>(in_cols), out_rows,
                    out_cols, type);
}

Image pillow_resize(const Image& in, const PeerSpec& s, int out_rows, int out_cols) {
  if (in.rows() == out_rows && in.cols() == out_cols) return in;  // Image.resize returns a copy
  const bool alpha = in.type() == ElemType::U8 && (in.channels() == 2 || in.channels() == 4);
  // Image.resize: LA/RGBA go through La/RGBa and a resize without reducing_gap; NEAREST never reduces.
  if (s.reducing_gap > 0.0 && !alpha && s.method != PeerMethod::Nearest) {
    if (in.type() != ElemType::U8)
      throw std::invalid_argument("Pillow reducing_gap is run here on 8-bit images only");
    const auto [fy, fx] = pillow_reduce_factors(in.rows(), in.cols(), out_rows, out_cols, s.reducing_gap);
    if (fy > 1 || fx > 1) {
      const Image small = pillow_reduce(in, fy, fx);
      // The box in reduced coordinates: (0, 0, w / fx, h / fy), passed to the C side as float.
      const auto box_rows = static_cast<float>(static_cast<double>(in.rows()) / fy);
      const auto box_cols = static_cast<float>(static_cast<double>(in.cols()) / fx);
      const PeerTables t =
          box_tables(s, small.rows(), small.cols(), box_rows, box_cols, out_rows, out_cols, ElemType::U8);
      Image cur = small;
      if (!t.cols.identity) cur = apply_pass(cur, t.cols, Axis::Cols);
      if (!t.rows.identity) cur = apply_pass(cur, t.rows, Axis::Rows);
      return cur;
    }
  }
  const PeerTables t = pillow_tables(s, in.rows(), in.cols(), out_rows, out_cols, in.type());
  if (s.method == PeerMethod::Nearest) {
    Image out(out_rows, out_cols, in.channels(), in.type());  // outputs off the map stay 0 (fill)
    const std::size_t es = elem_size(in.type()) * in.channels();
    const auto* src = static_cast<const std::uint8_t*>(in.raw());
    auto* dst = static_cast<std::uint8_t*>(out.raw());
    for (int r = 0; r < out_rows; ++r) {
      if (t.rows.table.weights[r] == 0.0) continue;
      for (int c = 0; c < out_cols; ++c) {
        if (t.cols.table.weights[c] == 0.0) continue;
        std::copy_n(
            src + (static_cast<std::size_t>(t.rows.table.index[r]) * in.cols() + t.cols.table.index[c]) * es,
            es, dst + (static_cast<std::size_t>(r) * out_cols + c) * es);
      }
    }
    return out;
  }
  Image cur = in;
  if (alpha) premultiply(cur);
  if (!t.cols.identity) cur = apply_pass(cur, t.cols, Axis::Cols);
  if (!t.rows.identity) cur = apply_pass(cur, t.rows, Axis::Rows);
  if (alpha) unpremultiply(cur);
  return cur;
}

}  // namespace rl::peers::detail

namespace rl::peers {

std::pair<int, int> pillow_reduce_factors(int in_rows, int in_cols, int out_rows, int out_cols, double g) {
  const auto factor = [g](int in, int out) {  // int((box end - box start) / size / reducing_gap) or 1
    return std::max(1, static_cast<int>(static_cast<double>(in) / out / g));
  };
  return {factor(in_rows, out_rows), factor(in_cols, out_cols)};
}

}  // namespace rl::peers
