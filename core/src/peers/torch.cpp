// torch.nn.functional.interpolate (1.13, CPU, float32) reimplemented: nearest, nearest-exact,
// bilinear and bicubic (a = -0.75) with align_corners, the antialiased bilinear/bicubic
// (Pillow-style supports, bicubic a = -0.5) and area (adaptive_avg_pool2d), all weights and sums in
// float as ATen computes them.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "peers_internal.hpp"
#include "rl/pass_layout.hpp"

namespace rl::peers::detail {

namespace {

// UpSample.h compute_scales_value / area_pixel_compute_scale, in float.
float pixel_scale(int in, int out, bool align_corners, std::optional<double> given) {
  if (align_corners) return out > 1 ? static_cast<float>(in - 1) / static_cast<float>(out - 1) : 0.0f;
  if (given && *given > 0.) return static_cast<float>(1.0 / *given);
  return static_cast<float>(in) / static_cast<float>(out);
}

// area_pixel_compute_source_index as the 1.13 CPU kernels evaluate it: the float scale times a
// double (dst + 0.5), so the position itself is a double.
double source_index(float scale, int dst, bool align_corners, bool cubic) {
  if (align_corners) return static_cast<double>(scale) * dst;
  const double src = static_cast<double>(scale) * (dst + 0.5) - 0.5;
  return (!cubic && src < 0.0) ? 0.0 : src;
}

// ATen's cubic_convolution1/2 in float, operation order kept.
float cubic1(float x, float A) { return ((A + 2) * x - (A + 3)) * x * x + 1; }
float cubic2(float x, float A) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }

float aa_linear(float x) {
  if (x < 0.0f) x = -x;
  if (x < 1.0) return static_cast<float>(1.0 - x);
  return 0.0f;
}
float aa_cubic(float x) {
  constexpr double a = -0.5;
  if (x < 0.0f) x = -x;
  if (x < 1.0) return static_cast<float>(((a + 2.0) * x - (a + 3.0)) * x * x + 1);
  if (x < 2.0) return static_cast<float>((((x - 5) * x + 8) * x - 4) * a);
  return 0.0f;
}

// adaptive_avg_pool2d's window of output o: inputs floor(o * in / out) to ceil((o + 1) * in / out) - 1
// (AdaptivePooling.h start_index / end_index), each weighted 1 / its length. The scale is unused:
// F.interpolate(mode='area') passes only the output size.
PeerAxis area_axis(int in, int out) {
  const auto start = [&](long long o) { return static_cast<int>(o * in / out); };
  const auto end = [&](long long o) { return static_cast<int>(((o + 1) * in + out - 1) / out); };
  int taps = 1;
  for (int o = 0; o < out; ++o) taps = std::max(taps, end(o) - start(o));
  PeerAxis a = make_axis(in, out, taps);
  a.table.kernel_width = static_cast<double>(in) / out;
  a.table.antialiased = in > out;
  for (int o = 0; o < out; ++o) {
    const int first = start(o), n = end(o) - first;
    const std::size_t b = static_cast<std::size_t>(o) * taps;
    for (int j = 0; j < n; ++j) {
      a.table.index[b + j] = first + j;
      a.table.weights[b + j] = 1.0 / n;
    }
    pad_output(a, o, n);
    a.table.u[o] = (o + 0.5) * in / out + 0.5;
    a.table.left[o] = first + 1;
  }
  a.table.scale = static_cast<double>(out) / in;
  return a;
}

// The start of a 2-D float kernel: its output from the two tables' sizes, and the pointers and input
// row stride it walks.
struct Float2d {
  const float* src;
  float* dst;
  std::size_t stride;
};
Float2d start_2d(const Image& in, Image& out) {
  return {in.data<float>(), out.data<float>(), in.row_stride()};
}

// adaptive_avg_pool2d on float (cpu_adaptive_avg_pool<float, float>): each window summed in float,
// row by row, left to right, then divided by its height and then by its width. A 1x1 output is
// torch.mean over the image instead (its own summation order): summed here in double and rounded once.
Image area_2d(const Image& in, const PeerAxis& rows, const PeerAxis& cols) {
  const auto& tr = rows.table;
  const auto& tc = cols.table;
  Image out = Image::uninitialized(tr.out_size, tc.out_size, in.channels(), ElemType::F32);
  const auto [src, dst, stride] = start_2d(in, out);
  const int ch = in.channels();
  const bool mean = tr.out_size == 1 && tc.out_size == 1;
  for (int r = 0; r < tr.out_size; ++r) {
    const int r0 = tr.index_of(r)[0], kh = rows.used[r];
    for (int c = 0; c < tc.out_size; ++c) {
      const int c0 = tc.index_of(c)[0], kw = cols.used[c];
      for (int k = 0; k < ch; ++k) {
        float sum = 0.0f;
        double wide = 0.0;
        for (int y = r0; y < r0 + kh; ++y)
          for (int x = c0; x < c0 + kw; ++x) {
            const float v = src[y * stride + static_cast<std::size_t>(x) * ch + k];
            sum += v;
            wide += v;
          }
        dst[(static_cast<std::size_t>(r) * tc.out_size + c) * ch + k] =
            mean ? static_cast<float>(wide / (static_cast<double>(kh) * kw))
                 : sum / static_cast<float>(kh) / static_cast<float>(kw);
      }
    }
  }
  return out;
}

PeerAxis torch_axis(const PeerSpec& s, int in, int out, std::optional<double> given) {
  PeerAxis a;
  if (s.method == PeerMethod::Area) return area_axis(in, out);
  if (s.method == PeerMethod::Nearest || s.method == PeerMethod::NearestExact) {
    a = make_axis(in, out, 1);
    const float scale = given && *given > 0. ? static_cast<float>(1.0 / *given)
                                             : static_cast<float>(in) / static_cast<float>(out);
    for (int o = 0; o < out; ++o) {
      long long src;
      if (s.method == PeerMethod::Nearest) {
        if (out == in)
          src = o;
        else if (out == 2 * in)
          src = o >> 1;
        else
          src = std::min(static_cast<long long>(std::floor(static_cast<float>(o) * scale)), in - 1LL);
        a.table.u[o] = static_cast<double>(static_cast<float>(o) * scale) + 1.0;
      } else {
        const float pos = static_cast<float>((o + 0.5) * scale);
        src = std::min(static_cast<long long>(std::floor(pos)), in - 1LL);
        a.table.u[o] = pos + 0.5;
      }
      a.table.index[o] = static_cast<std::int32_t>(src);
      a.table.weights[o] = 1.0;
      a.table.left[o] = static_cast<int>(src) + 1;
    }
    a.table.kernel_width = 1.0;
    a.table.scale = 1.0 / scale;
    return a;
  }
  const bool cubic = s.method == PeerMethod::Bicubic;
  const float scale = pixel_scale(in, out, s.align_corners, given);
  if (s.antialias) {
    const int base_size = cubic ? 4 : 2;
    const float support = static_cast<float>(scale >= 1.0 ? (base_size * 0.5) * scale : base_size * 0.5);
    const int taps = static_cast<int>(std::ceil(support)) * 2 + 1;
    a = make_axis(in, out, taps);
    a.table.antialiased = scale > 1.0f;
    a.table.kernel_width = 2.0 * support;
    const float invscale = static_cast<float>(scale >= 1.0 ? 1.0 / scale : 1.0);
    std::vector<float> w(taps);
    for (int i = 0; i < out; ++i) {
      const float center = static_cast<float>(scale * (i + 0.5));
      float total = 0.0f;
      const long long xmin = std::max(static_cast<long long>(center - support + 0.5), 0LL);
      const long long xsize =
          std::min(static_cast<long long>(center + support + 0.5), static_cast<long long>(in)) - xmin;
      for (long long j = 0; j < xsize; ++j) {
        const float x = static_cast<float>((static_cast<float>(j + xmin) - center + 0.5) * invscale);
        w[j] = cubic ? aa_cubic(x) : aa_linear(x);
        total += w[j];
      }
      for (long long j = 0; j < xsize; ++j)
        if (total != 0.0f) w[j] /= total;
      const std::size_t b = static_cast<std::size_t>(i) * taps;
      for (long long j = 0; j < xsize; ++j) {
        a.table.weights[b + j] = w[j];
        a.table.index[b + j] = static_cast<std::int32_t>(xmin + j);
      }
      pad_output(a, i, static_cast<int>(xsize));
      a.table.u[i] = static_cast<double>(center) + 0.5;
      a.table.left[i] = static_cast<int>(xmin) + 1;
    }
    a.table.scale = 1.0 / scale;
    return a;
  }
  if (!cubic) {
    a = make_axis(in, out, 2);
    a.table.kernel_width = 2.0;
    for (int o = 0; o < out; ++o) {
      long long i0, i1;
      float l0, l1;
      double real = o;
      if (out == in) {
        i0 = i1 = o;
        l0 = 1.0f;
        l1 = 0.0f;
      } else {
        real = source_index(scale, o, s.align_corners, false);
        i0 = std::min(static_cast<long long>(std::floor(real)), in - 1LL);
        l1 = static_cast<float>(std::min(std::max(real - static_cast<double>(i0), 0.0), 1.0));
        i1 = i0 + (i0 < in - 1 ? 1 : 0);
        l0 = 1.0f - l1;
      }
      a.table.index[2 * o] = static_cast<std::int32_t>(i0);
      a.table.index[2 * o + 1] = static_cast<std::int32_t>(i1);
      a.table.weights[2 * o] = l0;
      a.table.weights[2 * o + 1] = l1;
      a.table.u[o] = real + 1.0;
      a.table.left[o] = static_cast<int>(i0) + 1;
    }
  } else {
    a = make_axis(in, out, 4);
    a.table.kernel_width = 4.0;
    constexpr float A = -0.75f;
    for (int o = 0; o < out; ++o) {
      const double real = source_index(scale, o, s.align_corners, true);
      const long long i0 = std::min(static_cast<long long>(std::floor(real)), in - 1LL);
      const float t = static_cast<float>(std::min(std::max(real - static_cast<double>(i0), 0.0), 1.0));
      const float w[4] = {cubic2(t + 1.0f, A), cubic1(t, A), cubic1(1.0f - t, A),
                          cubic2((1.0f - t) + 1.0f, A)};
      for (int j = 0; j < 4; ++j) {
        a.table.index[4 * o + j] = static_cast<std::int32_t>(std::max(std::min(i0 - 1 + j, in - 1LL), 0LL));
        a.table.weights[4 * o + j] = w[j];
      }
      a.table.u[o] = real + 1.0;
      a.table.left[o] = static_cast<int>(i0);  // i0 - 1, 1-based
    }
  }
  a.table.scale = 1.0 / scale;
  return a;
}

// out = t0 * w0 + t1 * w1 + ... in float, taps in order (ATen's Interpolate / aa single-dim loops).
Image float_pass(const Image& in, const PeerAxis& a, Axis axis) {
  const auto& t = a.table;
  const PassLayout pass(in, axis, t.out_size);
  const int ch = in.channels();
  Image out = pass.output(ElemType::F32);
  const float* src = in.data<float>();
  float* dst = out.data<float>();
  const std::ptrdiff_t step = pass.tap_step;
  for (int line = 0; line < pass.lines; ++line)
    for (int o = 0; o < t.out_size; ++o) {
      const std::int32_t* idx = t.index_of(o);
      const double* w = t.weights_of(o);
      const int used = std::max(1, a.used[o]);
      const std::size_t in_off = pass.in_offset(line), out_off = pass.out_offset(line, o);
      for (int c = 0; c < ch; ++c) {
        const float* p = src + in_off + c;
        float acc = p[idx[0] * step] * static_cast<float>(w[0]);
        for (int k = 1; k < used; ++k) acc = std::fma(p[idx[k] * step], static_cast<float>(w[k]), acc);
        dst[out_off + c] = acc;
      }
    }
  return out;
}

// The non-antialiased bilinear and bicubic kernels on a contiguous NCHW float tensor, accumulated
// in double (the CPU acc_type of float) and rounded to float once. Bilinear weighs each of its four
// pixels by the float product of its height and width weights, in the order (y0,x0) (y0,x1) (y1,x0)
// (y1,x1); bicubic interpolates each height tap's row along the width, then combines the rows.
Image interpolate_2d(const Image& in, const PeerAxis& rows, const PeerAxis& cols, bool bilinear) {
  const auto& tr = rows.table;
  const auto& tc = cols.table;
  Image out = Image::uninitialized(tr.out_size, tc.out_size, in.channels(), ElemType::F32);
  const auto [src, dst, stride] = start_2d(in, out);
  const int ch = in.channels();
  for (int r = 0; r < tr.out_size; ++r) {
    const std::int32_t* ri = tr.index_of(r);
    const double* rw = tr.weights_of(r);
    for (int c = 0; c < tc.out_size; ++c) {
      const std::int32_t* ci = tc.index_of(c);
      const double* cw = tc.weights_of(c);
      for (int k = 0; k < ch; ++k) {
        double acc = 0.0;
        for (int j = 0; j < tr.taps; ++j) {
          const float* line = src + ri[j] * stride + k;
          if (bilinear) {
            for (int i = 0; i < tc.taps; ++i) {
              const float w = static_cast<float>(rw[j]) * static_cast<float>(cw[i]);
              acc += static_cast<double>(line[ci[i] * ch]) * static_cast<double>(w);
            }
          } else {
            double t = 0.0;
            for (int i = 0; i < tc.taps; ++i) t += static_cast<double>(line[ci[i] * ch]) * cw[i];
            acc += t * rw[j];
          }
        }
        dst[(static_cast<std::size_t>(r) * tc.out_size + c) * ch + k] = static_cast<float>(acc);
      }
    }
  }
  return out;
}

std::optional<double> given_scale(const PeerTarget& target, Axis axis) {
  if (!target.scale) return std::nullopt;
  return axis == Axis::Rows ? target.scale->first : target.scale->second;
}

}  // namespace

PeerTables torch_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols,
                        const PeerTarget& target) {
  PeerTables r = start_tables(s, ElemType::F32, in_rows, in_cols, out_rows, out_cols);
  r.cols = torch_axis(s, in_cols, out_cols, given_scale(target, Axis::Cols));
  r.rows = torch_axis(s, in_rows, out_rows, given_scale(target, Axis::Rows));
  switch (s.method) {
    case PeerMethod::Nearest:
      r.note =
          "torch nearest: input floor(o * scale) (float), scale = 1/scale_factor when given, else in/out; "
          "copies when out = in and takes o/2 when out = 2*in.";
      break;
    case PeerMethod::NearestExact:
      r.note = "torch nearest-exact: input floor((o + 0.5) * scale), clamped to the last pixel.";
      break;
    case PeerMethod::Area:
      r.note =
          "torch area (adaptive_avg_pool2d): output o averages inputs floor(o*in/out) to "
          "ceil((o+1)*in/out)-1, "
          "summed in float row by row, divided by the window's height, then its width.";
      break;
    default:
      r.note =
          s.antialias
              ? "torch antialiased: Pillow-style supports (bicubic a = -0.5) computed in float; width pass, "
                "then height pass, each summed in float."
              : std::string("torch ") +
                    (s.method == PeerMethod::Bicubic ? "bicubic (a = -0.75, taps clamped "
                                                       "to the border)"
                                                     : "bilinear") +
                    ": weights in float, width taps summed per row in float, then the height taps.";
  }
  return r;
}

Image torch_resize(const Image& in, const PeerSpec& s, int out_rows, int out_cols, const PeerTarget& target) {
  const PeerTables t = torch_tables(s, in.rows(), in.cols(), out_rows, out_cols, target);
  if (s.method == PeerMethod::Nearest || s.method == PeerMethod::NearestExact) {
    const int ch = in.channels();
    Image out = Image::uninitialized(out_rows, out_cols, ch, ElemType::F32);
    for (int r = 0; r < out_rows; ++r)
      for (int c = 0; c < out_cols; ++c)
        std::copy_n(
            in.data<float>() +
                (static_cast<std::size_t>(t.rows.table.index[r]) * in.cols() + t.cols.table.index[c]) * ch,
            ch, out.data<float>() + (static_cast<std::size_t>(r) * out_cols + c) * ch);
    return out;
  }
  if (s.method == PeerMethod::Area) return area_2d(in, t.rows, t.cols);
  if (!s.antialias) return interpolate_2d(in, t.rows, t.cols, s.method == PeerMethod::Bilinear);
  return float_pass(float_pass(in, t.cols, Axis::Cols), t.rows, Axis::Rows);
}

}  // namespace rl::peers::detail
