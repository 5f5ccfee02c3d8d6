// The weight tables cv::resize (OpenCV 4.x, imgproc/src/resize.cpp) builds: generic linear, cubic
// (a = -0.75) and Lanczos-4 coefficients with their 11-bit fixed-point form for uint8, the
// LINEAR_EXACT 8-bit coefficients, the nearest maps and INTER_AREA's coverage tables. The pixels
// themselves come from cv::resize (rl_io); these tables are what it multiplies by.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <stdexcept>

#include "peers_internal.hpp"

namespace rl::peers::detail {

namespace {

constexpr int kCoefBits = 11;  // INTER_RESIZE_COEF_BITS
constexpr double kCvPi = 3.1415926535897932384626433832795;

int cv_floor(double v) { return static_cast<int>(std::floor(v)); }
int cv_ceil(double v) { return static_cast<int>(std::ceil(v)); }
int cv_round(double v) { return static_cast<int>(std::nearbyint(v)); }  // half to even, as cvRound
short saturate_short(float v) { return static_cast<short>(std::clamp(cv_round(v), -32768, 32767)); }

void interpolate_cubic(float x, float* c) {
  const float A = -0.75f;
  c[0] = ((A * (x + 1) - 5 * A) * (x + 1) + 8 * A) * (x + 1) - 4 * A;
  c[1] = ((A + 2) * x - (A + 3)) * x * x + 1;
  c[2] = ((A + 2) * (1 - x) - (A + 3)) * (1 - x) * (1 - x) + 1;
  c[3] = 1.f - c[0] - c[1] - c[2];
}

void interpolate_lanczos4(float x, float* c) {
  static const double s45 = 0.70710678118654752440084436210485;
  static const double cs[][2] = {{1, 0},  {-s45, -s45}, {0, 1},  {s45, -s45},
                                 {-1, 0}, {s45, s45},   {0, -1}, {-s45, s45}};
  float sum = 0;
  const double y0 = -(x + 3) * kCvPi * 0.25, s0 = std::sin(y0), c0 = std::cos(y0);
  for (int i = 0; i < 8; i++) {
    const float y0_ = (x + 3 - i);
    if (std::fabs(y0_) >= 1e-6f) {
      const double y = -y0_ * kCvPi * 0.25;
      c[i] = static_cast<float>((cs[i][0] * s0 + cs[i][1] * c0) / (y * y));
    } else {
      c[i] = 1e30f;
    }
    sum += c[i];
  }
  sum = 1.f / sum;
  for (int i = 0; i < 8; i++) c[i] *= sum;
}

// resizeGeneric's per-axis loop (xofs/alpha and their fixed-point ialpha), borders replicated.
PeerAxis generic_axis(PeerMethod m, bool area_mode, int in, int out, double inv_scale, bool u8) {
  const int ksize = m == PeerMethod::Bicubic ? 4 : m == PeerMethod::Lanczos4 ? 8 : 2;
  const int ksize2 = ksize / 2;
  const double scale = 1. / inv_scale;
  PeerAxis a = make_axis(in, out, ksize);
  a.table.scale = inv_scale;
  a.table.kernel_width = ksize;
  if (u8) {
    a.fixed.assign(a.table.weights.size(), 0);
    a.fixed_bits = kCoefBits;
  }
  const bool extrapolating_kernel = m == PeerMethod::Bicubic || m == PeerMethod::Lanczos4;
  for (int dx = 0; dx < out; ++dx) {
    int sx;
    float fx;
    if (!area_mode) {
      fx = static_cast<float>((dx + 0.5) * scale - 0.5);
      sx = cv_floor(fx);
      fx -= sx;
    } else {
      sx = cv_floor(dx * scale);
      fx = static_cast<float>((dx + 1) - (sx + 1) * inv_scale);
      fx = fx <= 0 ? 0.f : fx - cv_floor(fx);
    }
    a.table.u[dx] = (area_mode ? dx * scale : (dx + 0.5) * scale - 0.5) + 1.0;
    if (!extrapolating_kernel) {
      if (sx < 0) fx = 0, sx = 0;
      if (sx >= in - 1) fx = 0, sx = in - 1;
    }
    float cbuf[8];
    if (m == PeerMethod::Bicubic)
      interpolate_cubic(fx, cbuf);
    else if (m == PeerMethod::Lanczos4)
      interpolate_lanczos4(fx, cbuf);
    else
      cbuf[0] = 1.f - fx, cbuf[1] = fx;
    const std::size_t b = static_cast<std::size_t>(dx) * ksize;
    for (int k = 0; k < ksize; ++k) {
      a.table.index[b + k] = std::clamp(sx - ksize2 + 1 + k, 0, in - 1);
      a.table.weights[b + k] = cbuf[k];
      if (u8) a.fixed[b + k] = saturate_short(cbuf[k] * (1 << kCoefBits));
    }
    a.table.left[dx] = sx - ksize2 + 2;
  }
  return a;
}

// computeResizeAreaTab: the share of each input pixel in the output cell [dx*s, (dx+1)*s).
PeerAxis area_axis(int in, int out, double scale) {
  struct Entry {
    int si;
    float alpha;
  };
  std::vector<std::vector<Entry>> rows(out);
  std::size_t taps = 1;
  for (int dx = 0; dx < out; ++dx) {
    const double fsx1 = dx * scale;
    const double fsx2 = fsx1 + scale;
    const double cell = std::min(scale, in - fsx1);
    int sx1 = cv_ceil(fsx1), sx2 = cv_floor(fsx2);
    sx2 = std::min(sx2, in - 1);
    sx1 = std::min(sx1, sx2);
    auto& r = rows[dx];
    if (sx1 - fsx1 > 1e-3) r.push_back({sx1 - 1, static_cast<float>((sx1 - fsx1) / cell)});
    for (int sx = sx1; sx < sx2; ++sx) r.push_back({sx, static_cast<float>(1.0 / cell)});
    if (fsx2 - sx2 > 1e-3)
      r.push_back({sx2, static_cast<float>(std::min(std::min(fsx2 - sx2, 1.), cell) / cell)});
    taps = std::max(taps, r.size());
  }
  PeerAxis a = make_axis(in, out, static_cast<int>(taps));
  a.table.scale = 1.0 / scale;
  a.table.kernel_width = scale;
  a.table.antialiased = true;
  for (int dx = 0; dx < out; ++dx) {
    const std::size_t b = static_cast<std::size_t>(dx) * taps;
    const auto& r = rows[dx];
    for (std::size_t k = 0; k < r.size(); ++k) {
      a.table.index[b + k] = r[k].si;
      a.table.weights[b + k] = r[k].alpha;
    }
    pad_output(a, dx, static_cast<int>(r.size()));
    a.table.u[dx] = dx * scale + scale / 2 + 0.5;
    a.table.left[dx] = r.empty() ? 1 : r[0].si + 1;
  }
  return a;
}

// resizeAreaFast: an integer factor k, the mean of the k pixels of each cell (fewer at the far border).
PeerAxis area_fast_axis(int in, int out, int k) {
  PeerAxis a = make_axis(in, out, k);
  a.table.scale = 1.0 / k;
  a.table.kernel_width = k;
  a.table.antialiased = true;
  for (int dx = 0; dx < out; ++dx) {
    const int n = std::min(k, in - dx * k);
    const std::size_t b = static_cast<std::size_t>(dx) * k;
    for (int j = 0; j < n; ++j) {
      a.table.index[b + j] = dx * k + j;
      a.table.weights[b + j] = 1.0 / n;
    }
    pad_output(a, dx, n);
    a.table.u[dx] = dx * k + k / 2.0 + 0.5;
    a.table.left[dx] = dx * k + 1;
  }
  return a;
}

PeerAxis nearest_axis(int in, int out, double inv_scale) {
  PeerAxis a = make_axis(in, out, 1);
  const double ifx = 1. / inv_scale;
  for (int x = 0; x < out; ++x) {
    const int sx = std::min(cv_floor(x * ifx), in - 1);
    a.table.index[x] = sx;
    a.table.weights[x] = 1.0;
    a.table.u[x] = x * ifx + 1.0;
    a.table.left[x] = sx + 1;
  }
  a.table.scale = inv_scale;
  a.table.kernel_width = 1.0;
  return a;
}

// resizeNN_bitexact as OpenCV 4.6 has it: 16.16 fixed point, step rounded to nearest, offset half a
// step minus one unit (so an exact x.0 position falls to the pixel below).
PeerAxis nearest_exact_axis(int in, int out) {
  PeerAxis a = make_axis(in, out, 1);
  const long long ifx = ((static_cast<long long>(in) << 16) + out / 2) / out;
  const long long ifx0 = ifx / 2 - 1;
  for (int x = 0; x < out; ++x) {
    const int sx = static_cast<int>(std::min<long long>((ifx * x + ifx0) >> 16, in - 1));
    a.table.index[x] = sx;
    a.table.weights[x] = 1.0;
    a.table.u[x] = (x + 0.5) * in / out + 0.5;
    a.table.left[x] = sx + 1;
  }
  a.table.scale = static_cast<double>(out) / in;
  a.table.kernel_width = 1.0;
  return a;
}

// interpolationLinear<uchar> of resize_bitExact: 8 fractional bits, taps clamped to the edge pixel.
PeerAxis linear_exact_axis(int in, int out, double inv_scale) {
  PeerAxis a = make_axis(in, out, 2);
  a.fixed.assign(a.table.weights.size(), 0);
  a.fixed_bits = 8;
  const double scale = 1.0 / inv_scale;
  for (int dx = 0; dx < out; ++dx) {
    const double fval = scale * (dx + 0.5) - 0.5;
    const int ival = cv_floor(fval);
    int i0 = 0, w1 = 0;
    if (ival >= 0 && in > 1) {
      if (ival < in - 1) {
        i0 = ival;
        w1 = cv_round((fval - ival) * 256.0);
      } else {
        i0 = in - 1;
      }
    }
    a.table.index[2 * dx] = i0;
    a.table.index[2 * dx + 1] = std::min(i0 + 1, in - 1);
    a.fixed[2 * dx] = 256 - w1;
    a.fixed[2 * dx + 1] = w1;
    a.table.weights[2 * dx] = (256 - w1) / 256.0;
    a.table.weights[2 * dx + 1] = w1 / 256.0;
    a.table.u[dx] = fval + 1.0;
    a.table.left[dx] = i0 + 1;
  }
  a.table.scale = inv_scale;
  a.table.kernel_width = 2.0;
  return a;
}

}  // namespace

PeerTables opencv_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols,
                         const PeerTarget& target, ElemType type) {
  PeerTables r = start_tables(s, type, in_rows, in_cols, out_rows, out_cols);
  // cv::resize: with fx/fy the factors are used as given, with dsize they are out/in.
  const double inv_x = target.scale ? target.scale->second : static_cast<double>(out_cols) / in_cols;
  const double inv_y = target.scale ? target.scale->first : static_cast<double>(out_rows) / in_rows;
  const bool u8 = type == ElemType::U8;
  if (in_rows == out_rows && in_cols == out_cols) {
    r.rows = identity_axis(in_rows);
    r.cols = identity_axis(in_cols);
    r.note = "cv::resize copies the image when the size does not change.";
    return r;
  }
  PeerMethod m = s.method;
  if (m == PeerMethod::LinearExact && !u8) m = PeerMethod::Bilinear;  // OpenCV's fallback for float
  const double scale_x = 1. / inv_x, scale_y = 1. / inv_y;
  const int iscale_x = cv_round(scale_x), iscale_y = cv_round(scale_y);
  const bool area_fast =
      std::abs(scale_x - iscale_x) < DBL_EPSILON && std::abs(scale_y - iscale_y) < DBL_EPSILON;
  std::string prefix;
  if ((m == PeerMethod::Bilinear || m == PeerMethod::LinearExact) && area_fast && iscale_x == 2 &&
      iscale_y == 2) {
    prefix = "An exact halving on both axes runs INTER_AREA's fast path instead. ";
    m = PeerMethod::Area;
  }
  switch (m) {
    case PeerMethod::Nearest:
      r.rows = nearest_axis(in_rows, out_rows, inv_y);
      r.cols = nearest_axis(in_cols, out_cols, inv_x);
      r.note =
          "INTER_NEAREST: input min(floor(o / scale), n - 1), the top-left-aligned map (not pixel centres).";
      return r;
    case PeerMethod::NearestExact:
      r.rows = nearest_exact_axis(in_rows, out_rows);
      r.cols = nearest_exact_axis(in_cols, out_cols);
      r.note =
          "INTER_NEAREST_EXACT: input ((o * step + step / 2 - 1) >> 16), step = round(n * 2^16 / m): pixel "
          "centres in 16.16 fixed point, ties going to the lower pixel.";
      return r;
    case PeerMethod::LinearExact:
      r.rows = linear_exact_axis(in_rows, out_rows, inv_y);
      r.cols = linear_exact_axis(in_cols, out_cols, inv_x);
      r.note =
          "INTER_LINEAR_EXACT (uint8): bilinear with 8-bit fixed-point weights on pixel centres, "
          "columns then rows, rounded once at the end; outside the image the edge pixel is copied.";
      return r;
    case PeerMethod::Area:
      if (scale_x >= 1 && scale_y >= 1) {
        if (area_fast) {
          r.rows = area_fast_axis(in_rows, out_rows, iscale_y);
          r.cols = area_fast_axis(in_cols, out_cols, iscale_x);
          r.note =
              prefix +
              "INTER_AREA, integer factor: each output is the plain mean of its k x k input cell (the cells "
              "cut by the far border average the pixels they have).";
        } else {
          r.rows = area_axis(in_rows, out_rows, scale_y);
          r.cols = area_axis(in_cols, out_cols, scale_x);
          r.note =
              "INTER_AREA, shrinking: each output is the area-weighted mean of the input pixels its cell "
              "[o*s, (o+1)*s) covers (float weights = covered fraction / cell width), columns then rows.";
        }
        return r;
      }
      r.rows = generic_axis(PeerMethod::Bilinear, true, in_rows, out_rows, inv_y, u8);
      r.cols = generic_axis(PeerMethod::Bilinear, true, in_cols, out_cols, inv_x, u8);
      r.note =
          "INTER_AREA when either axis enlarges is not an area average: it is bilinear with weights "
          "(1 - f, f), f = the part of the output cell past the input pixel's edge, f = frac((o+1) - "
          "(floor(o/s)+1)*s') clipped at 0, on both axes" +
          std::string(u8 ? " (uint8: 11-bit fixed-point weights)." : ".");
      return r;
    default: break;
  }
  r.rows = generic_axis(m, false, in_rows, out_rows, inv_y, u8);
  r.cols = generic_axis(m, false, in_cols, out_cols, inv_x, u8);
  const std::string what = m == PeerMethod::Bicubic    ? "INTER_CUBIC (Keys a = -0.75, 4 taps)"
                           : m == PeerMethod::Lanczos4 ? "INTER_LANCZOS4 (8 taps, normalised in float)"
                                                       : "INTER_LINEAR";
  r.note =
      prefix + what +
      ": sample at (o + 0.5)/scale - 0.5, no antialiasing when shrinking, taps past the border clamped to "
      "the edge pixel; columns then rows" +
      (u8 ? "; uint8 uses the weights rounded to 11 fractional bits and rounds the 22-bit product sum once."
          : "; float32 sums in float.");
  return r;
}

}  // namespace rl::peers::detail
