// The SSIM variants and PSNR on cases worked out by hand in the comments, and every SSIM variant against
// a second SSIM written here from the paper's definition (not by calling the code under test).
#include "rl/ssim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "cpu_levels.hpp"
#include "rl/metrics.hpp"

namespace rl {
namespace {

Image constant(int rows, int cols, double v, ElemType t = ElemType::U8) {
  Image im(rows, cols, 1, t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) im.set(r, c, 0, v);
  return im;
}

Image ramp(int rows, int cols) {
  Image im(rows, cols, 1, ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) im.set(r, c, 0, (r * 7 + c * 13 + (r * c) % 11) % 256);
  return im;
}

// sum over x = -5..5 of exp(-x^2/4.5) = 1 + 2 (0.800737 + 0.411112 + 0.135335 + 0.028566 + 0.003866)
// = 3.759232, so the 2-D window's centre is 1 / 3.759232^2 = 0.0707622.
TEST(Ssim, WindowsByHand) {
  const SsimWindow w = ssim_index_window();
  ASSERT_EQ(w.size, 11);
  EXPECT_NEAR(w.weights[60], 0.0707622, 1e-6);
  EXPECT_NEAR(w.weights[0], std::exp(-50 / 4.5) * 0.0707622, 1e-9);
  double sum = 0;
  for (double v : w.weights) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-15);
  const SsimWindow cvw = opencv_gaussian_window();
  EXPECT_NEAR(cvw.weights[60], 0.0707622, 1e-6);
  const std::vector<double> k = matlab_gaussian_kernel(11, 1.5);
  EXPECT_NEAR(k[5], 1 / 3.759232, 1e-6);
  EXPECT_NEAR(k[0], 0.003866 / 3.759232, 1e-7);
}

// Equal inputs give numerator == denominator bit for bit: exactly 1 for every variant.
TEST(Ssim, IdenticalImagesScoreOne) {
  const Image a = ramp(23, 31);
  for (SsimVariant v :
       {SsimVariant::SsimIndex, SsimVariant::Wang2009, SsimVariant::Matlab, SsimVariant::Basicsr})
    EXPECT_EQ(ssim(v, a, a, 255).mssim, 1.0) << to_string(v);
}

// Constant p against constant q: sigma = 0, so SSIM = (2pq + C1) / (p^2 + q^2 + C1), C1 = 2.55^2.
// p = 100, q = 110: 22006.5025 / 22106.5025 = 0.99547637...
TEST(Ssim, ConstantImagesByHand) {
  const double expected = 22006.5025 / 22106.5025;
  const Image a = constant(11, 11, 100), b = constant(11, 11, 110);
  const SsimResult idx = ssim_index(a, b);
  EXPECT_EQ(idx.map.rows(), 1);  // the valid part of an 11x11 image under an 11x11 window
  EXPECT_NEAR(idx.mssim, expected, 1e-9);
  EXPECT_NEAR(ssim_basicsr(a, b).mssim, expected, 1e-9);
  EXPECT_NEAR(ssim_wang2009(a, b).mssim, expected, 1e-9);
  const SsimResult m = ssim_matlab(constant(4, 6, 100), constant(4, 6, 110), 255);  // full-size map
  EXPECT_EQ(m.map.rows(), 4);
  EXPECT_EQ(m.map.cols(), 6);
  EXPECT_NEAR(m.mssim, expected, 1e-9);
  // MATLAB's ssim on [0, 1] values with DynamicRange 1: C1 = 1e-4; p = 0.4, q = 0.5:
  // (0.4 + 1e-4) / (0.41 + 1e-4) = 0.97585955...
  EXPECT_NEAR(ssim_matlab(constant(5, 5, 0.4, ElemType::F64), constant(5, 5, 0.5, ElemType::F64), 1).mssim,
              0.4001 / 0.4101, 1e-9);
}

TEST(Ssim, SymmetricAndBelowOneForDifferentImages) {
  const Image a = ramp(20, 24);
  Image b = a;
  b.set(10, 10, 0, 0);
  for (SsimVariant v : {SsimVariant::SsimIndex, SsimVariant::Matlab, SsimVariant::Basicsr}) {
    const double ab = ssim(v, a, b, 255).mssim;
    EXPECT_LT(ab, 1.0) << to_string(v);
    EXPECT_NEAR(ab, ssim(v, b, a, 255).mssim, 1e-15) << to_string(v);
  }
}

// ---- A second, independent SSIM: Wang et al. 2004's definition, eq. (13)-(16), written out directly.
// For one window position the weighted means, variances and covariance of the pixels under a Gaussian
// window w(u, v) = exp(-(u^2 + v^2) / (2 sigma^2)) / Z (sigma 1.5, u, v in -5..5, Z its sum), with the
// variances taken as sum w (x - mu)^2 (the two-pass form, not E[x^2] - mu^2 as the code under test does),
// then SSIM = ((2 mu_x mu_y + C1)(2 sigma_xy + C2)) / ((mu_x^2 + mu_y^2 + C1)(sigma_x^2 + sigma_y^2 + C2)),
// C1 = (0.01 L)^2, C2 = (0.03 L)^2. Each variant only chooses where the window goes and what lies under
// it at the border: ssim_index.m and BasicSR's _ssim the positions where it fits ('valid'); MATLAB's
// ssim every pixel, the image extended by repeating its edge ('replicate'); ssim.m 2009 first the f x f
// box filter ('symmetric': the edge pixel repeated in the mirror) and every f-th pixel.
// The weights that fspecial, cv2.getGaussianKernel and imgaussfilt build differ from these by rounding
// only (~1e-17 each), and the variance forms by ~1e-13 relative: the two agree to 1e-10.
using Pixels = std::vector<std::vector<double>>;  // [row][col]

Pixels pixels_of(const Image& im) {
  Pixels p(im.rows(), std::vector<double>(im.cols()));
  for (int r = 0; r < im.rows(); ++r)
    for (int c = 0; c < im.cols(); ++c) p[r][c] = im.at(r, c);
  return p;
}

// SSIM of the window centred at (r, c); at(x, r, c) reads a pixel, mapping the border as the variant does.
template <class At>
double ssim_at(const Pixels& x, const Pixels& y, int r, int c, double L, At at) {
  double z = 0;
  for (int u = -5; u <= 5; ++u)
    for (int v = -5; v <= 5; ++v) z += std::exp(-(u * u + v * v) / (2 * 1.5 * 1.5));
  const auto w = [&](int u, int v) { return std::exp(-(u * u + v * v) / (2 * 1.5 * 1.5)) / z; };
  double mx = 0, my = 0;
  for (int u = -5; u <= 5; ++u)
    for (int v = -5; v <= 5; ++v) {
      mx += w(u, v) * at(x, r + u, c + v);
      my += w(u, v) * at(y, r + u, c + v);
    }
  double vx = 0, vy = 0, cxy = 0;
  for (int u = -5; u <= 5; ++u)
    for (int v = -5; v <= 5; ++v) {
      const double dx = at(x, r + u, c + v) - mx, dy = at(y, r + u, c + v) - my;
      vx += w(u, v) * dx * dx;
      vy += w(u, v) * dy * dy;
      cxy += w(u, v) * dx * dy;
    }
  const double c1 = (0.01 * L) * (0.01 * L), c2 = (0.03 * L) * (0.03 * L);
  return ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
}

double reference_valid(const Pixels& x, const Pixels& y, double L) {
  const auto at = [](const Pixels& p, int r, int c) { return p[r][c]; };
  double sum = 0;
  int n = 0;
  for (int r = 5; r + 5 < static_cast<int>(x.size()); ++r)
    for (int c = 5; c + 5 < static_cast<int>(x[0].size()); ++c, ++n) sum += ssim_at(x, y, r, c, L, at);
  return sum / n;
}

double reference_replicate(const Pixels& x, const Pixels& y, double L) {
  const auto at = [](const Pixels& p, int r, int c) {
    const int rows = static_cast<int>(p.size()), cols = static_cast<int>(p[0].size());
    return p[std::min(std::max(r, 0), rows - 1)][std::min(std::max(c, 0), cols - 1)];
  };
  double sum = 0;
  int n = 0;
  for (int r = 0; r < static_cast<int>(x.size()); ++r)
    for (int c = 0; c < static_cast<int>(x[0].size()); ++c, ++n) sum += ssim_at(x, y, r, c, L, at);
  return sum / n;
}

// ssim.m (2009): f = max(1, round(min(M, N) / 256)); img = imfilter(img, ones(f) / f^2, 'symmetric',
// 'same') (the kernel's centre floor((f + 1) / 2), 1-based; 'symmetric' reads x(-1) as x(0), x(n) as
// x(n - 1)); img = img(1:f:end, 1:f:end); then ssim_index.
Pixels reference_wang2009_lowpass(const Pixels& x, int f) {
  const int rows = static_cast<int>(x.size()), cols = static_cast<int>(x[0].size());
  const int centre = (f + 1) / 2;  // 1-based
  const auto sym = [](int k, int n) { return k < 0 ? -1 - k : (k >= n ? 2 * n - 1 - k : k); };
  Pixels out;
  for (int r = 0; r < rows; r += f) {
    out.emplace_back();
    for (int c = 0; c < cols; c += f) {
      double s = 0;
      for (int i = 1; i <= f; ++i)
        for (int j = 1; j <= f; ++j) s += x[sym(r + i - centre, rows)][sym(c + j - centre, cols)];
      out.back().push_back(s / (f * f));
    }
  }
  return out;
}

// A textured pair: b is a with noise, an offset and a contrast change, so luminance, contrast and
// structure all differ.
std::pair<Image, Image> textured_pair(int rows, int cols, ElemType t = ElemType::U8) {
  Image a(rows, cols, 1, t), b(rows, cols, 1, t);
  unsigned s = 12345;
  const auto next = [&] { return (s = s * 1103515245u + 12345u) >> 16 & 0xff; };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const double v = std::fmod(r * 9.0 + c * 4.0 + 60 * std::sin(r * 0.7) + 0.25 * next(), 256.0);
      a.set(r, c, 0, std::floor(v));
      b.set(r, c, 0, std::clamp(std::floor(0.8 * v + 20 + 0.1 * next()), 0.0, 255.0));
    }
  return {a, b};
}

TEST(SsimIndependentFormula, SsimIndexValidWindow) {
  const auto [a, b] = textured_pair(13, 15);  // 3 x 5 window positions
  const double want = reference_valid(pixels_of(a), pixels_of(b), 255);
  EXPECT_LT(want, 0.99);  // a case where SSIM is not near 1
  EXPECT_NEAR(ssim_index(a, b).mssim, want, 1e-10);
  EXPECT_NEAR(ssim_basicsr(a, b).mssim, want, 1e-10);  // cv2.getGaussianKernel: the same window
  // An 11x11 pair: one window position, the map's one value.
  const auto [a11, b11] = textured_pair(11, 11);
  EXPECT_NEAR(ssim_index(a11, b11).map.at(0, 0), reference_valid(pixels_of(a11), pixels_of(b11), 255), 1e-10);
}

TEST(SsimIndependentFormula, MatlabReplicateFullMap) {
  // Smaller than the window (MATLAB's ssim allows it: every tap past the edge reads the edge pixel),
  // and larger than it; L = 255 on uint8 and L = 1 on [0, 1] doubles.
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{3, 3}, {7, 9}, {16, 13}}) {
    const auto [a, b] = textured_pair(rows, cols);
    const SsimResult got = ssim_matlab(a, b, 255);
    ASSERT_EQ(got.map.rows(), rows);
    EXPECT_NEAR(got.mssim, reference_replicate(pixels_of(a), pixels_of(b), 255), 1e-10)
        << rows << "x" << cols;
    Image a1(rows, cols, 1, ElemType::F64), b1(rows, cols, 1, ElemType::F64);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        a1.set(r, c, 0, a.at(r, c) / 255);
        b1.set(r, c, 0, b.at(r, c) / 255);
      }
    EXPECT_NEAR(ssim_matlab(a1, b1, 1).mssim, reference_replicate(pixels_of(a1), pixels_of(b1), 1), 1e-10);
  }
}

TEST(SsimIndependentFormula, Wang2009LowPassThenSubsample) {
  // min(400, 410) / 256 = 1.56: f = 2, so 200 x 205 values are scored; and f = 3 at 640 x 650.
  for (const auto& [rows, cols, f] : std::vector<std::array<int, 3>>{{400, 410, 2}, {640, 650, 3}}) {
    const auto [a, b] = textured_pair(rows, cols);
    const Pixels da = reference_wang2009_lowpass(pixels_of(a), f),
                 db = reference_wang2009_lowpass(pixels_of(b), f);
    ASSERT_EQ(static_cast<int>(da.size()), (rows + f - 1) / f);
    EXPECT_NEAR(ssim_wang2009(a, b).mssim, reference_valid(da, db, 255), 1e-10) << f;
  }
}

// ssim.m 2009: f = max(1, round(min(M, N) / 256)), round half away from zero.
TEST(Ssim, Wang2009FactorAndDownsampleByHand) {
  EXPECT_EQ(wang2009_factor(255, 900), 1);
  EXPECT_EQ(wang2009_factor(383, 900), 1);  // 1.496
  EXPECT_EQ(wang2009_factor(384, 900), 2);  // 1.5
  EXPECT_EQ(wang2009_factor(640, 640), 3);  // 2.5
  // f = 2 (centre 1, no left padding): out(0,0) = mean of x(0..1, 0..1) = (1 + 2 + 4 + 5) / 4 = 3;
  // out(0,1) = x(0..1, 2..3) with column 3 mirrored to column 2: (3 + 3 + 6 + 6) / 4 = 4.5.
  Image x(3, 3, 1, ElemType::F64);
  for (int i = 0; i < 9; ++i) x.set(i / 3, i % 3, 0, i + 1);
  const Image d2 = wang2009_downsample(x, 2);
  ASSERT_EQ(d2.rows(), 2);
  EXPECT_DOUBLE_EQ(d2.at(0, 0), 3.0);
  EXPECT_DOUBLE_EQ(d2.at(0, 1), 4.5);
  // f = 3 (centre 2): rows and columns -1, 0, 1 with -1 mirrored to 0: 1 1 2 / 1 1 2 / 4 4 5 = 21 / 9.
  const Image d3 = wang2009_downsample(x, 3);
  ASSERT_EQ(d3.rows(), 1);
  EXPECT_NEAR(d3.at(0, 0), 21.0 / 9, 1e-15);
}

// The filtering's bits (not only its value to 1e-10): every map value equals, bit for bit, the
// filter2 'valid' sums written out directly (each output's taps in row-major window order, from 0.0,
// a multiply then an add), then the map formula, and the mean summed in index order, at each CPU level (one
// this machine cannot run is skipped with its reason). The sizes leave widths that fill the vector kernel's
// strips, single vectors and a partial tail; one image holds NaN, +Inf and -0, which are data.
class SsimBits : public test::PerCpuLevel {};

TEST_P(SsimBits, FilteringIsTheDirectInOrderSum) {
  const detail::CpuLevel level = GetParam();
  const auto direct = [](const Image& a, const Image& b, const SsimWindow& w, double L) {
    const int k = w.size, rows = a.rows() - k + 1, cols = a.cols() - k + 1;
    const double c1 = (0.01 * L) * (0.01 * L), c2 = (0.03 * L) * (0.03 * L);
    std::vector<double> map;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        double f[5] = {0, 0, 0, 0, 0};
        for (int u = 0; u < k; ++u)
          for (int v = 0; v < k; ++v) {
            const double wt = w.weights[static_cast<std::size_t>(u) * k + v];
            const double x = a.at(i + u, j + v), y = b.at(i + u, j + v);
            const double terms[5] = {x, y, x * x, y * y, x * y};
            for (int p = 0; p < 5; ++p) f[p] += wt * terms[p];
          }
        const double mu1 = f[0], mu2 = f[1], mu1_sq = mu1 * mu1, mu2_sq = mu2 * mu2, mu1_mu2 = mu1 * mu2;
        map.push_back(((2 * mu1_mu2 + c1) * (2 * (f[4] - mu1_mu2) + c2)) /
                      ((mu1_sq + mu2_sq + c1) * ((f[2] - mu1_sq) + (f[3] - mu2_sq) + c2)));
      }
    return map;
  };
  // A NaN's sign and payload depend on which operand an add keeps, which the compiler may swap: a NaN
  // counts as equal to a NaN, every other value by its bits.
  const auto same_bits = [](double x, double y) {
    return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
  };
  int cases = 0;
  {
    for (const auto& [rows, cols] :
         std::vector<std::pair<int, int>>{{11, 11}, {14, 50}, {30, 83}, {23, 12}}) {
      for (ElemType t : {ElemType::U8, ElemType::F64}) {
        auto [a, b] = textured_pair(rows, cols, t);
        if (t == ElemType::F64 && cols > 40) {
          a.set(3, 17, 0, std::nan(""));
          b.set(5, 30, 0, INFINITY);
          a.set(7, 2, 0, -0.0);
        }
        for (const auto& [w, L] :
             std::vector<std::pair<SsimWindow, double>>{{ssim_index_window(), 255.0},
                                                        {ssim_index_window(7, 1.0), 1.0},
                                                        {opencv_gaussian_window(), 255.0}}) {
          if (rows < w.size || cols < w.size) continue;
          const std::vector<double> want = direct(a, b, w, L);
          detail::force_level(&level);
          const SsimResult got = ssim_valid(a, b, w, L);
          detail::force_level(nullptr);
          ASSERT_EQ(got.map.elements(), want.size());
          ++cases;
          std::size_t differ = 0;
          for (std::size_t i = 0; i < want.size(); ++i)
            differ += !same_bits(got.map.data<double>()[i], want[i]);
          double sum = 0.0;  // the mean, summed in index order
          for (double v : want) sum += v;
          EXPECT_TRUE(same_bits(got.mssim, sum / static_cast<double>(want.size())))
              << got.mssim << " " << sum / static_cast<double>(want.size());
          EXPECT_EQ(differ, 0u) << detail::level_name(level) << " " << rows << "x" << cols << " "
                                << to_string(t) << " window " << w.size;
          // An image against itself, the same object: two planes filtered instead of five, and the
          // direct sums' bits (NaN and -0 included).
          const std::vector<double> want_self = direct(a, a, w, L);
          detail::force_level(&level);
          const SsimResult self = ssim_valid(a, a, w, L);
          detail::force_level(nullptr);
          ASSERT_EQ(self.map.elements(), want_self.size());
          std::size_t self_differ = 0;
          for (std::size_t i = 0; i < want_self.size(); ++i)
            self_differ += !same_bits(self.map.data<double>()[i], want_self[i]);
          double self_sum = 0.0;
          for (double v : want_self) self_sum += v;
          EXPECT_TRUE(same_bits(self.mssim, self_sum / static_cast<double>(want_self.size())));
          EXPECT_EQ(self_differ, 0u) << "itself " << rows << "x" << cols << " " << to_string(t);
        }
      }
    }
  }
  EXPECT_EQ(cases, 24);  // 4 sizes x 2 types x 3 windows, each of which fits
}

INSTANTIATE_TEST_SUITE_P(Levels, SsimBits, ::testing::ValuesIn(detail::kCpuLevels), test::level_test_name);

// One image's part made once (SsimReference: its side, the 2009 variant's subsampled copy) scores
// as the whole computation, bit for bit, for every variant and map value; the 520x530 pair takes the
// 2009 variant's subsampling by 2, the 40x45 pair none. NaN, +inf and -0 in the float pair.
TEST(Ssim, AReferenceScoresAsTheWholeComputation) {
  const auto same_bits = [](double x, double y) {
    return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
  };
  for (const auto& [rows, cols, t] : std::vector<std::tuple<int, int, ElemType>>{
           {520, 530, ElemType::U8}, {40, 45, ElemType::U8}, {40, 45, ElemType::F64}}) {
    auto [a, b] = textured_pair(rows, cols, t);
    if (t == ElemType::F64) {
      a.set(3, 17, 0, std::nan(""));
      b.set(5, 30, 0, INFINITY);
      b.set(7, 2, 0, -0.0);
    }
    for (SsimVariant v :
         {SsimVariant::SsimIndex, SsimVariant::Wang2009, SsimVariant::Matlab, SsimVariant::Basicsr}) {
      const SsimResult want = ssim(v, a, b, 255.0);
      const SsimReference ref = ssim_reference(v, b, 255.0);
      const SsimResult got = ssim(a, ref);
      EXPECT_TRUE(same_bits(got.mssim, want.mssim)) << to_string(v) << " " << rows << " " << got.mssim;
      ASSERT_EQ(got.map.elements(), want.map.elements()) << to_string(v);
      std::size_t differ = 0;
      for (std::size_t i = 0; i < want.map.elements(); ++i)
        differ += !same_bits(got.map.data<double>()[i], want.map.data<double>()[i]);
      EXPECT_EQ(differ, 0u) << to_string(v) << " " << rows << "x" << cols;
    }
  }
  EXPECT_EQ(ssim_reference(SsimVariant::Wang2009, textured_pair(520, 530).second, 255.0).factor, 2);
  EXPECT_THROW(ssim(constant(12, 12, 1), ssim_reference(SsimVariant::SsimIndex, constant(12, 13, 1), 255.0)),
               std::invalid_argument);
}

TEST(Ssim, RefusesWhatItCannotScore) {
  EXPECT_THROW(ssim_index(constant(10, 20, 1), constant(10, 20, 1)), std::invalid_argument);  // < 11 rows
  EXPECT_THROW(ssim_index(constant(12, 12, 1), constant(12, 13, 1)), std::invalid_argument);
  EXPECT_THROW(ssim_index(Image(12, 12, 3, ElemType::U8), Image(12, 12, 3, ElemType::U8)),
               std::invalid_argument);
}

// mse of [0 10] against [0 0] is 50: PSNR = 10 log10(255^2 / 50) = 10 log10(1300.5) = 31.141104...
TEST(Psnr, ByHandInBothForms) {
  Image a(1, 2, 1, ElemType::U8), b(1, 2, 1, ElemType::U8);
  a.set(0, 1, 0, 10);
  EXPECT_EQ(mean_squared_error(a, b), 50.0);
  EXPECT_NEAR(psnr_from_mse(50, 255), 31.141104, 1e-6);
  EXPECT_NEAR(psnr_from_rmse(50, 255), psnr_from_mse(50, 255), 1e-12);
  EXPECT_TRUE(std::isinf(psnr_from_mse(0, 255)));
  EXPECT_THROW(mean_squared_error(a, Image(2, 1, 1, ElemType::U8)), std::invalid_argument);
}

}  // namespace
}  // namespace rl
