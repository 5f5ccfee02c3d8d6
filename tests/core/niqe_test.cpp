// NIQE (rl/niqe.hpp) against a second implementation written here from the paper's equations with
// direct loops (Mittal, Soundararajan and Bovik, IEEE SPL 20(3) 2013: Eq. 1-2 MSCN, Eq. 3-8 the
// (A)GGD moment fits, Eq. 10 the distance), the release's model values, the protocols and every refusal.
// The published values for named images are checked through the Python module (tests/python/test_niqe.py:
// BasicSR's MATLAB value for baboon.png) and, for images the repository does not ship, in docs/METRICS.md.
#include "rl/niqe.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "niqe/gamma_grid.hpp"
#include "rl/color.hpp"
#include "rl/image_ops.hpp"
#include "rl/npy.hpp"

namespace rl {
namespace {

// ---- the second implementation ------------------------------------------------------------------

using Grid = std::vector<std::vector<double>>;  // [row][col]

Grid grid_of(const Image& grey) {
  Grid g(grey.rows(), std::vector<double>(grey.cols()));
  for (int r = 0; r < grey.rows(); ++r)
    for (int c = 0; c < grey.cols(); ++c)
      g[r][c] = grey.data<double>()[static_cast<std::size_t>(r) * grey.cols() + c];
  return g;
}

// Eq. 1-2: mu and sigma with a 7x7 circular Gaussian (sigma 7/6) summed in 2-D, borders replicated;
// I^ = (I - mu) / (sigma + 1), 0 where the window holds one value (the exact value there).
Grid mscn(const Grid& im) {
  const int rows = static_cast<int>(im.size()), cols = static_cast<int>(im[0].size());
  double w[7][7], total = 0;
  for (int y = -3; y <= 3; ++y)
    for (int x = -3; x <= 3; ++x)
      total += w[y + 3][x + 3] = std::exp(-(x * x + y * y) / (2 * (7.0 / 6) * (7.0 / 6)));
  Grid out(rows, std::vector<double>(cols));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double mu = 0, m2 = 0, lo = 1e300, hi = -1e300;
      for (int y = -3; y <= 3; ++y)
        for (int x = -3; x <= 3; ++x) {
          const double v = im[std::clamp(r + y, 0, rows - 1)][std::clamp(c + x, 0, cols - 1)];
          mu += w[y + 3][x + 3] / total * v;
          m2 += w[y + 3][x + 3] / total * v * v;
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
      out[r][c] = lo == hi ? 0.0 : (im[r][c] - mu) / (std::sqrt(std::abs(m2 - mu * mu)) + 1);
    }
  return out;
}

// Eq. 3-8: the AGGD moment match over gamma = 0.2, 0.201, ..., 10.
std::array<double, 3> aggd(const std::vector<double>& v) {
  double l = 0, r = 0, a = 0, s = 0;
  int nl = 0, nr = 0;
  for (const double x : v) {
    if (x < 0) l += x * x, ++nl;
    if (x > 0) r += x * x, ++nr;
    a += std::abs(x);
    s += x * x;
  }
  const double sl = std::sqrt(l / nl), sr = std::sqrt(r / nr), g = sl / sr;
  const double rhat = (a / v.size()) * (a / v.size()) / (s / v.size());
  const double rn = rhat * (g * g * g + 1) * (g + 1) / ((g * g + 1) * (g * g + 1));
  double best = 1e300, alpha = 0;
  for (int k = 0; k <= 9800; ++k) {
    const double gam = 0.2 + 0.001 * k;
    const double rho =
        std::tgamma(2 / gam) * std::tgamma(2 / gam) / (std::tgamma(1 / gam) * std::tgamma(3 / gam));
    if ((rho - rn) * (rho - rn) < best) best = (rho - rn) * (rho - rn), alpha = gam;
  }
  const double f = std::sqrt(std::tgamma(1 / alpha) / std::tgamma(3 / alpha));
  return {alpha, sl * f, sr * f};
}

// 18 features of one block: the coefficients' fit, then the four neighbour products (Eq. 5: H, V,
// D1, D2 as circular shifts within the block).
std::vector<double> features(const Grid& s, int r0, int c0, int bs) {
  std::vector<double> f, v;
  for (int r = 0; r < bs; ++r)
    for (int c = 0; c < bs; ++c) v.push_back(s[r0 + r][c0 + c]);
  auto p = aggd(v);
  f.insert(f.end(), {p[0], (p[1] + p[2]) / 2});
  const int sh[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const auto& d : sh) {
    std::vector<double> pr;
    for (int r = 0; r < bs; ++r)
      for (int c = 0; c < bs; ++c)
        pr.push_back(s[r0 + r][c0 + c] * s[r0 + (r - d[0] + bs) % bs][c0 + (c - d[1] + bs) % bs]);
    p = aggd(pr);
    f.insert(f.end(), {p[0], (p[2] - p[1]) * std::tgamma(2 / p[0]) / std::tgamma(1 / p[0]), p[1], p[2]});
  }
  return f;
}

// MATLAB's imresize(im, 0.5), bicubic (a = -0.5) antialiased: weights 0.5 k(0.5 x) around
// u = 2 i + 0.5 (0-based), 10 taps from floor(u - 4), mirrored at the edges, normalised; rows first.
Grid half(const Grid& im) {
  const auto cubic = [](double x) {
    x = std::abs(x);
    return x <= 1   ? 1.5 * x * x * x - 2.5 * x * x + 1
           : x <= 2 ? -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2
                    : 0.0;
  };
  const auto axis = [&](int n, int i, std::vector<int>& idx, std::vector<double>& wt) {
    const double u = 2.0 * i + 0.5;
    const int left = static_cast<int>(std::floor(u - 4));
    double sum = 0;
    idx.clear();
    wt.clear();
    for (int t = 0; t < 10; ++t) {
      const int j = left + t;
      wt.push_back(0.5 * cubic(0.5 * (u - j)));
      sum += wt.back();
      const int m = ((j % (2 * n)) + 2 * n) % (2 * n);
      idx.push_back(m < n ? m : 2 * n - 1 - m);
    }
    for (double& x : wt) x /= sum;
  };
  const int rows = static_cast<int>(im.size()), cols = static_cast<int>(im[0].size());
  Grid mid(rows / 2, std::vector<double>(cols)), out(rows / 2, std::vector<double>(cols / 2));
  std::vector<int> idx;
  std::vector<double> wt;
  for (int i = 0; i < rows / 2; ++i) {
    axis(rows, i, idx, wt);
    for (int c = 0; c < cols; ++c)
      for (int t = 0; t < 10; ++t) mid[i][c] += wt[t] * im[idx[t]][c];
  }
  for (int j = 0; j < cols / 2; ++j) {
    axis(cols, j, idx, wt);
    for (int r = 0; r < rows / 2; ++r)
      for (int t = 0; t < 10; ++t) out[r][j] += wt[t] * mid[r][idx[t]];
  }
  return out;
}

// Eq. 10 with a Gauss-Jordan inverse (the matrices here are well conditioned).
double reference_niqe(const Image& grey) {
  Grid im = grid_of(grey);
  const int nbr = grey.rows() / 96, nbc = grey.cols() / 96;
  im.resize(nbr * 96);
  for (auto& row : im) row.resize(nbc * 96);
  std::vector<std::vector<double>> feat(nbr * nbc);
  for (int scale = 1; scale <= 2; ++scale) {
    const Grid s = mscn(im);
    const int bs = 96 / scale;
    for (int br = 0; br < nbr; ++br)
      for (int bc = 0; bc < nbc; ++bc) {
        const auto f = features(s, br * bs, bc * bs, bs);
        auto& row = feat[bc * nbr + br];
        row.insert(row.end(), f.begin(), f.end());
      }
    if (scale == 1) im = half(im);
  }
  const int n = 36, m = static_cast<int>(feat.size());
  const NiqeModel& model = niqe_pristine_model();
  std::vector<double> mu(n, 0);
  for (const auto& r : feat)
    for (int j = 0; j < n; ++j) mu[j] += r[j] / m;
  std::vector<std::vector<double>> a(n, std::vector<double>(2 * n, 0));
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) {
      double c = 0;
      for (const auto& r : feat) c += (r[p] - mu[p]) * (r[q] - mu[q]);
      a[p][q] = (model.cov[p * n + q] + c / (m - 1)) / 2;
    }
    a[p][n + p] = 1;
  }
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[piv][c])) piv = r;
    std::swap(a[c], a[piv]);
    const double d = a[c][c];
    for (double& x : a[c]) x /= d;
    for (int r = 0; r < n; ++r)
      if (r != c) {
        const double f = a[r][c];
        for (int k = 0; k < 2 * n; ++k) a[r][k] -= f * a[c][k];
      }
  }
  double q = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) q += (model.mean[i] - mu[i]) * a[i][n + j] * (model.mean[j] - mu[j]);
  return std::sqrt(q);
}

// ---- test images --------------------------------------------------------------------------------

// uint8 texture: smooth gradients, a few edges and a deterministic pseudo-random grain.
Image texture(int rows, int cols, int channels, std::uint32_t seed) {
  Image img(rows, cols, channels, ElemType::U8);
  std::uint32_t s = seed;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < channels; ++k) {
        s = s * 1664525u + 1013904223u;
        const double v = 110 + 60 * std::sin(r * 0.07 + k) * std::cos(c * 0.05) +
                         ((r / 37 + c / 53) % 2) * 30 + static_cast<double>(s >> 24) / 255.0 * 40 - 20;
        img.data<std::uint8_t>()[(static_cast<std::size_t>(r) * cols + c) * channels + k] =
            static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
      }
  return img;
}

TEST(Niqe, MatchesTheSecondImplementationFromThePaper) {
  for (const auto& [rows, cols, seed] : {std::tuple{200, 300, 1u}, {384, 288, 7u}, {250, 500, 11u}}) {
    const Image img = texture(rows, cols, 1, seed);
    const double ours = niqe(img), ref = reference_niqe(niqe_values(img, NiqeProtocol::Release));
    EXPECT_NEAR(ours, ref, 1e-9 * ref) << rows << "x" << cols;
    EXPECT_GT(ours, 1.0);
  }
}

// A flat area: the windows that hold one value count, their coefficients are 0 in both implementations.
TEST(Niqe, FlatWindowsAreCountedAndZero) {
  Image img = texture(192, 288, 1, 3);
  for (int r = 0; r < 80; ++r)
    for (int c = 0; c < 100; ++c) img.data<std::uint8_t>()[static_cast<std::size_t>(r) * 288 + c] = 128;
  const NiqeScore s = niqe_score(img);
  // At full size the 74 x 94 pixels whose 7x7 window (replicated at the top and left edges) stays
  // in the flat 80 x 100 corner; at half size those of the 40 x 50 corner imresize leaves exactly 128.
  EXPECT_GE(s.flat_pixels, 74u * 94u);
  EXPECT_NEAR(s.niqe, reference_niqe(niqe_values(img, NiqeProtocol::Release)), 1e-9 * s.niqe);
  EXPECT_EQ(niqe_score(texture(192, 288, 1, 3)).flat_pixels, 0u);
}

// modelparameters.mat of the release (copy in roimehrez/PIRM2018 utils/niqe_release, identical to
// BasicSR's niqe_pris_params.npz) as scipy.io.loadmat prints it: mu_prisparam(1) 2.60131368...,
// mu_prisparam(36) and cov_prisparam(1,1), (1,2), (36,36).
TEST(Niqe, PristineModelIsTheReleases) {
  const NiqeModel& m = niqe_pristine_model();
  ASSERT_EQ(m.mean.size(), 36u);
  ASSERT_EQ(m.cov.size(), 36u * 36u);
  EXPECT_NEAR(m.mean[0], 2.60131368, 5e-9);
  EXPECT_NEAR(m.mean[1], 0.90570272, 5e-9);
  EXPECT_NEAR(m.mean[2], 0.81204778, 5e-9);
  EXPECT_NEAR(m.cov[0], 0.4534781, 5e-8);
  EXPECT_NEAR(m.cov[1], 0.0961011, 5e-8);
  EXPECT_NEAR(m.cov[2], 0.08276324, 5e-9);
  for (int i = 0; i < 36; ++i)
    for (int j = 0; j < 36; ++j) EXPECT_EQ(m.cov[i * 36 + j], m.cov[j * 36 + i]);
}

// A model read from .npy files replaces the pristine one: the same numbers give the same bits, and
// another mean another score.
TEST(Niqe, ModelFromNpyFiles) {
  const auto dir = std::filesystem::temp_directory_path() / ("rl_niqe_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const NiqeModel& p = niqe_pristine_model();
  Image mean(1, 36, 1, ElemType::F64), cov(36, 36, 1, ElemType::F64);
  std::copy(p.mean.begin(), p.mean.end(), mean.data<double>());
  std::copy(p.cov.begin(), p.cov.end(), cov.data<double>());
  write_npy((dir / "mu.npy").string(), mean);
  write_npy((dir / "cov.npy").string(), cov);
  const NiqeModel m = read_niqe_model((dir / "mu.npy").string(), (dir / "cov.npy").string());
  const Image img = texture(200, 300, 3, 5);
  EXPECT_EQ(niqe(img, NiqeProtocol::Release, &m), niqe(img));
  mean.data<double>()[0] += 0.5;
  write_npy((dir / "mu2.npy").string(), mean);
  const NiqeModel m2 = read_niqe_model((dir / "mu2.npy").string(), (dir / "cov.npy").string());
  EXPECT_NE(niqe(img, NiqeProtocol::Release, &m2), niqe(img));
  cov.data<double>()[1] += 1e-3;  // no longer symmetric
  write_npy((dir / "cov2.npy").string(), cov);
  EXPECT_THROW(read_niqe_model((dir / "mu.npy").string(), (dir / "cov2.npy").string()),
               std::invalid_argument);
  EXPECT_THROW(read_niqe_model((dir / "cov.npy").string(), (dir / "cov.npy").string()),
               std::invalid_argument);
  EXPECT_THROW(read_niqe_model((dir / "none.npy").string(), (dir / "cov.npy").string()),
               std::invalid_argument);
  std::filesystem::remove_all(dir);
}

// An .npy file as np.save writes it: version 1.0, the header dictionary padded with spaces and a newline
// to a multiple of 64 bytes, then the doubles.
void write_as_numpy(const std::filesystem::path& path, const std::string& dict,
                    const std::vector<double>& v) {
  std::string h = dict;
  h.append((64 - (10 + h.size() + 1) % 64) % 64, ' ');
  h += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(h.size() & 0xff);
  bytes += static_cast<char>(h.size() >> 8);
  bytes += h;
  bytes.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(double));
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// The model's files as numpy gives them: np.save of a mean vector is 1-D (36,), and of the arrays
// scipy.io.loadmat returns for modelparameters.mat Fortran-ordered; both read as the same numbers.
TEST(Niqe, ModelFromNumpysOwnFiles) {
  const auto dir = std::filesystem::temp_directory_path() / ("rl_niqe_np_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const NiqeModel& p = niqe_pristine_model();
  std::vector<double> column_major(p.cov.size());
  for (int i = 0; i < 36; ++i)
    for (int j = 0; j < 36; ++j) column_major[j * 36 + i] = p.cov[i * 36 + j];
  write_as_numpy(dir / "mu.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (36,), }", p.mean);
  write_as_numpy(dir / "mu_f.npy", "{'descr': '<f8', 'fortran_order': True, 'shape': (1, 36), }", p.mean);
  write_as_numpy(dir / "cov_f.npy", "{'descr': '<f8', 'fortran_order': True, 'shape': (36, 36), }",
                 column_major);
  for (const char* mean : {"mu.npy", "mu_f.npy"}) {
    const NiqeModel m = read_niqe_model((dir / mean).string(), (dir / "cov_f.npy").string());
    EXPECT_EQ(m.mean, p.mean) << mean;
    EXPECT_EQ(m.cov, p.cov) << mean;
  }
  // A Fortran-order matrix is read as the matrix it is: an asymmetric one is still refused.
  column_major[1] += 1e-3;
  write_as_numpy(dir / "cov_asym.npy", "{'descr': '<f8', 'fortran_order': True, 'shape': (36, 36), }",
                 column_major);
  EXPECT_THROW(read_niqe_model((dir / "mu.npy").string(), (dir / "cov_asym.npy").string()),
               std::invalid_argument);
  // A 1-D file of another length is not a model.
  write_as_numpy(dir / "mu35.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (35,), }",
                 std::vector<double>(p.mean.begin(), p.mean.end() - 1));
  EXPECT_THROW(read_niqe_model((dir / "mu35.npy").string(), (dir / "cov_f.npy").string()),
               std::invalid_argument);
  std::filesystem::remove_all(dir);
}

// pirm: the uint8 Y of rgb2ycbcr, 4 pixels shaved, then the release's computequality on it.
TEST(Niqe, PirmIsTheShavedY) {
  const Image img = texture(300, 404, 3, 9);
  const Image y = rgb2y(img);
  EXPECT_EQ(niqe(img, NiqeProtocol::Pirm), niqe(crop(y, 4, 4, 292, 396)));
  // release: rgb2gray (0.298936021293775 R + 0.587043074451121 G + 0.114020904255103 B, rounded)
  const Image g = niqe_values(img, NiqeProtocol::Release);
  const auto* px = img.data<std::uint8_t>();
  EXPECT_EQ(g.data<double>()[0],
            std::round(0.298936021293775 * px[0] + 0.587043074451121 * px[1] + 0.114020904255103 * px[2]));
  EXPECT_EQ(parse_niqe_protocol("pirm"), NiqeProtocol::Pirm);
  EXPECT_EQ(parse_niqe_protocol("release"), NiqeProtocol::Release);
  EXPECT_EQ(parse_niqe_protocol("matlab"), std::nullopt);
  EXPECT_EQ(niqe_protocol_names(), "release, pirm");
}

// The grid as MATLAB's colon makes it, and the bisecting argmin giving min()'s index wherever the
// linear scan would: on every grid value, between them, outside the range, and at NaN and infinity.
TEST(Niqe, GammaGridArgminIsMinsIndex) {
  const niqe_detail::GammaGrid& g = niqe_detail::gamma_grid();
  ASSERT_EQ(g.gam.size(), 9801u);
  EXPECT_EQ(g.gam[0], 0.2);
  EXPECT_EQ(g.gam[4900], 0.2 + 4900 * 0.001);
  EXPECT_EQ(g.gam[4901], 10.0 - 4899 * 0.001);
  EXPECT_EQ(g.gam[9800], 10.0);
  ASSERT_TRUE(g.increasing);  // else grid_argmin is the linear scan and this test shows nothing
  std::vector<double> xs = {-1.0, 0.0, 1e-300, 0.74, 0.75, 0.76, 2.0, 1e300, -1e300, std::nan(""), INFINITY};
  for (std::size_t k = 0; k < g.r_gam.size(); k += 7) {
    xs.push_back(g.r_gam[k]);
    if (k + 1 < g.r_gam.size()) xs.push_back((g.r_gam[k] + g.r_gam[k + 1]) / 2);
    xs.push_back(std::nextafter(g.r_gam[k], 1.0));
  }
  std::uint32_t s = 5;
  for (int i = 0; i < 2000; ++i)
    xs.push_back(static_cast<double>(s = s * 1664525u + 1013904223u) / 4294967296.0);
  for (const double x : xs)
    EXPECT_EQ(niqe_detail::grid_argmin(g, x), niqe_detail::grid_argmin_linear(g, x)) << x;
  EXPECT_EQ(niqe_detail::grid_argmin(g, std::nan("")), 0u);
  EXPECT_EQ(niqe_detail::grid_argmin(g, 2.0), 9800u);
}

TEST(Niqe, RefusesWhatIsNotANiqe) {
  const auto message = [](auto f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { niqe(texture(95, 300, 1, 1)); }).find("at least one 96x96 block"),
            std::string::npos);
  EXPECT_NE(message([] { niqe(texture(150, 150, 1, 1)); }).find("at least two 96x96 blocks"),
            std::string::npos);
  EXPECT_NE(message([] { niqe(Image(192, 192, 1, ElemType::U8)); }).find("all finite"), std::string::npos);
  EXPECT_NE(message([] { niqe(Image(192, 192, 4, ElemType::U8)); }).find("grey or RGB"), std::string::npos);
  EXPECT_NE(message([] { niqe(Image(192, 192, 3, ElemType::F32), NiqeProtocol::Pirm); }).find("8-bit"),
            std::string::npos);
  EXPECT_NE(message([] { niqe(Image(192, 192, 1, ElemType::I16)); }).find("uint8, uint16"),
            std::string::npos);
  EXPECT_NE(message([] { niqe(texture(8, 8, 3, 1), NiqeProtocol::Pirm); }).find("after shaving"),
            std::string::npos);
  Image nan(192, 192, 1, ElemType::F64);
  nan.data<double>()[5] = std::nan("");
  EXPECT_NE(message([&] { niqe(nan); }).find("finite"), std::string::npos);
}

// A distance that overflows names the part of the model that is out of range (the mean here), not a
// covariance that is fine; a covariance that is not positive semi-definite is still named as such.
TEST(Niqe, ADistanceThatOverflowsNamesTheModelsFault) {
  const auto message = [](const NiqeModel& m) {
    try {
      niqe(texture(200, 300, 3, 5), NiqeProtocol::Release, &m);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  NiqeModel big = niqe_pristine_model();
  for (double& v : big.mean) v *= 1e300;
  const std::string m = message(big);
  // inf or NaN (inf - inf) by the order of the sums: either way an overflow.
  EXPECT_EQ(m.rfind("the NIQE distance is not a finite non-negative number (", 0), 0u) << m;
  EXPECT_NE(m.find("): the model's mean is out of range, d * inv(cov) * d' overflows (the model's mean minus "
                   "the image's mean features: "),
            std::string::npos)
      << m;
  EXPECT_EQ(m.find("semi-definite"), std::string::npos) << m;
  NiqeModel negative = niqe_pristine_model();
  for (int i = 0; i < kNiqeFeatures; ++i)
    for (int j = 0; j < kNiqeFeatures; ++j) negative.cov[i * kNiqeFeatures + j] = i == j ? -1e6 : 0.0;
  EXPECT_NE(message(negative).find("the model's covariance is not positive semi-definite"), std::string::npos)
      << message(negative);
}

// A float image whose values all lie in [0, 1] gets a warning (the model expects 0..255); others none.
TEST(Niqe, RangeWarningForFloatImagesOnZeroToOne) {
  Image unit(100, 100, 3, ElemType::F32), wide(100, 100, 1, ElemType::F64);
  for (std::size_t i = 0; i < unit.elements(); ++i) unit.data<float>()[i] = static_cast<float>(i % 7) / 6.0f;
  EXPECT_NE(niqe_range_warning(unit).find("multiply the image by 255"), std::string::npos);
  wide.data<double>()[wide.elements() - 1] = 1.5;  // one value above 1: a 0..255 image
  EXPECT_EQ(niqe_range_warning(wide), "");
  EXPECT_EQ(niqe_range_warning(Image(100, 100, 1, ElemType::U8)), "");  // integers are on their own range
}

}  // namespace
}  // namespace rl
