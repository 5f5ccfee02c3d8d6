// NIQE: computequality.m, computefeature.m and estimateaggdparam.m of the release, step by step in
// MATLAB's order (docs/METRICS.md, "NIQE"), and the protocols that say what image they are given.
#include "rl/niqe.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "niqe/distance_fault.hpp"
#include "niqe/gamma_grid.hpp"
#include "niqe/linalg.hpp"
#include "niqe/model_npy.hpp"
#include "rl/color.hpp"
#include "rl/image_ops.hpp"
#include "rl/npy.hpp"
#include "rl/parallel.hpp"
#include "rl/resize.hpp"
#include "rl/ssim.hpp"
#include "rl/tap.hpp"

namespace rl {

namespace {

#include "niqe/pristine_model.inc"

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

std::string shape_text(const Image& img) {
  return std::to_string(img.rows()) + "x" + std::to_string(img.cols()) + "x" + std::to_string(img.channels());
}

Image as_double(const Image& img) {
  Image out = Image::uninitialized(img.rows(), img.cols(), img.channels(), ElemType::F64);
  read_as_double(img, 0, img.elements(), out.data<double>());
  return out;
}

// rgb2gray.m: coef = [0.298936021293775 0.587043074451121 0.114020904255103]; integer classes through
// imlincomb (a double sum R, G, B in that order, rounded and saturated to the class), floating
// classes as X * coef' (the same sum, not rounded).
Image rgb2gray(const Image& rgb) {
  constexpr double c[3] = {0.298936021293775, 0.587043074451121, 0.114020904255103};
  const Image x = as_double(rgb);
  Image out = Image::uninitialized(rgb.rows(), rgb.cols(), 1, ElemType::F64);
  const double* s = x.data<double>();
  double* o = out.data<double>();
  const std::size_t n = static_cast<std::size_t>(rgb.rows()) * rgb.cols();
  for (std::size_t i = 0; i < n; ++i) {
    double v = c[0] * s[3 * i];
    v += c[1] * s[3 * i + 1];
    v += c[2] * s[3 * i + 2];
    switch (rgb.type()) {
      case ElemType::U8: v = from_double<std::uint8_t>(v); break;
      case ElemType::U16: v = from_double<std::uint16_t>(v); break;
      default: break;
    }
    o[i] = v;
  }
  return out;
}

// Whether each pixel's 7x7 window (replicate-padded) holds one value: there im - mu is rounding noise.
// A row's 7 values are one where the run of equal values through the pixel reaches 3 to each side
// (or the edge); the window is flat where that holds on its 7 rows and those rows' values agree.
std::vector<char> flat_windows(const Image& im, int half) {
  const int rows = im.rows(), cols = im.cols();
  const double* a = im.data<double>();
  std::vector<char> row_flat(im.elements()), flat(im.elements());
  parallel_for(rows, 16, [&](long long r0, long long r1) {
    std::vector<int> left(cols), right(cols);  // how far the run of equal values reaches each way
    for (long long i = r0; i < r1; ++i) {
      const double* r = a + i * cols;
      for (int j = 0; j < cols; ++j) left[j] = j > 0 && r[j - 1] == r[j] ? left[j - 1] + 1 : 0;
      for (int j = cols - 1; j >= 0; --j) right[j] = j + 1 < cols && r[j + 1] == r[j] ? right[j + 1] + 1 : 0;
      for (int j = 0; j < cols; ++j)
        row_flat[i * cols + j] =
            (left[j] >= half || left[j] == j) && (right[j] >= half || right[j] == cols - 1 - j);
    }
  });
  parallel_for(rows, 16, [&](long long r0, long long r1) {
    for (long long i = r0; i < r1; ++i)
      for (int j = 0; j < cols; ++j) {
        bool f = true;
        for (int q = -half; q <= half && f; ++q) {
          const long long k = std::clamp<long long>(i + q, 0, rows - 1) * cols + j;
          f = row_flat[k] && a[k] == a[i * cols + j];
        }
        flat[i * cols + j] = f;
      }
  });
  return flat;
}

// structdis = (im - mu) ./ (sigma + 1), mu = imfilter(im, window, 'replicate'), sigma =
// sqrt(abs(imfilter(im.*im, window, 'replicate') - mu.*mu)); 0 (its exact value) where the window is
// flat, those pixels counted in `flat`. imfilter separates the rank-1 7x7 window (svd: hrow = v(:,1)'
// sqrt(s(1)), hcol = u(:,1) sqrt(s(1)), the normalised 1-D Gaussian g whose outer product fspecial's
// window is) and filters the replicate-padded image with hrow along each row, then with hcol down each
// column; each output sums its 7 products in kernel order from 0. im and im.*im are filtered side by
// side, the products im.*im made as each tap reads them (the same values as a squared image's).
Image mscn(const Image& im, std::size_t& flat) {
  static const std::vector<double> g = matlab_gaussian_kernel(7, 7.0 / 6.0);
  constexpr int k = 7, half = 3;
  const int rows = im.rows(), cols = im.cols();
  const double* a = im.data<double>();
  std::vector<double> t1(im.elements()), t2(im.elements());  // the row pass of im and of im.*im
  parallel_for(rows, 16, [&](long long r0, long long r1) {
    std::vector<double> pad(static_cast<std::size_t>(cols) + 2 * half);
    for (long long i = r0; i < r1; ++i) {
      for (int j = 0; j < cols + 2 * half; ++j) pad[j] = a[i * cols + std::clamp(j - half, 0, cols - 1)];
      double* o1 = t1.data() + i * cols;
      double* o2 = t2.data() + i * cols;
      std::fill(o1, o1 + cols, 0.0);
      std::fill(o2, o2 + cols, 0.0);
      for (int q = 0; q < k; ++q)
        for (int j = 0; j < cols; ++j) {
          const double v = pad[j + q];
          o1[j] += g[q] * v;
          o2[j] += g[q] * (v * v);
        }
    }
  });
  const std::vector<char> is_flat = flat_windows(im, half);
  Image out = Image::uninitialized(rows, cols, 1, ElemType::F64);
  double* o = out.data<double>();
  parallel_for(rows, 16, [&](long long r0, long long r1) {
    std::vector<double> mu(cols), mu2(cols);
    for (long long i = r0; i < r1; ++i) {
      std::fill(mu.begin(), mu.end(), 0.0);
      std::fill(mu2.begin(), mu2.end(), 0.0);
      for (int q = 0; q < k; ++q) {
        const long long src = std::clamp<long long>(i + q - half, 0, rows - 1) * cols;
        for (int j = 0; j < cols; ++j) {
          mu[j] += g[q] * t1[src + j];
          mu2[j] += g[q] * t2[src + j];
        }
      }
      for (int j = 0; j < cols; ++j) {
        const double mu_sq = mu[j] * mu[j];
        const double sigma = std::sqrt(std::abs(mu2[j] - mu_sq));
        o[i * cols + j] = is_flat[i * cols + j] ? 0.0 : (a[i * cols + j] - mu[j]) / (sigma + 1.0);
      }
    }
  });
  flat += static_cast<std::size_t>(std::count(is_flat.begin(), is_flat.end(), 1));
  return out;
}

struct Aggd {
  double alpha, betal, betar;
};

// estimateaggdparam.m on vec (n values in MATLAB's column order). mean() is a sum in index order over
// the count; an empty side gives NaN (mean of nothing), which min() then skips: all NaN picks gam(1).
Aggd estimate_aggd(const double* vec, std::size_t n) {
  const niqe_detail::GammaGrid& grid = niqe_detail::gamma_grid();
  // One pass, four sums each in index order (adding 0.0 for the other side's values changes no sum).
  double left = 0.0, right = 0.0, abs_sum = 0.0, sq_sum = 0.0;
  std::size_t nl = 0, nr = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = vec[i], v2 = v * v;
    left += v < 0 ? v2 : 0.0;
    right += v > 0 ? v2 : 0.0;
    nl += v < 0;
    nr += v > 0;
    abs_sum += std::abs(v);
    sq_sum += v2;
  }
  const double leftstd = std::sqrt(nl ? left / static_cast<double>(nl) : kNan);
  const double rightstd = std::sqrt(nr ? right / static_cast<double>(nr) : kNan);
  const double gammahat = leftstd / rightstd;
  const double mean_abs = abs_sum / static_cast<double>(n);
  const double rhat = (mean_abs * mean_abs) / (sq_sum / static_cast<double>(n));
  const double g2p1 = gammahat * gammahat + 1.0;
  const double rhatnorm = (rhat * (std::pow(gammahat, 3) + 1.0) * (gammahat + 1.0)) / (g2p1 * g2p1);
  const std::size_t pos = niqe_detail::grid_argmin(grid, rhatnorm);
  const double alpha = grid.gam[pos];
  const double f = std::sqrt(std::tgamma(1.0 / alpha) / std::tgamma(3.0 / alpha));
  return {alpha, leftstd * f, rightstd * f};
}

// computefeature.m on one block (bs x bs of structdis, read in column order): 18 values.
void block_features(const double* s, int stride, int bs, double* feat) {
  std::vector<double> vec(static_cast<std::size_t>(bs) * bs), pair(vec.size());
  for (int c = 0; c < bs; ++c)
    for (int r = 0; r < bs; ++r) vec[static_cast<std::size_t>(c) * bs + r] = s[r * stride + c];
  Aggd a = estimate_aggd(vec.data(), vec.size());
  feat[0] = a.alpha;
  feat[1] = (a.betal + a.betar) / 2;
  // circshift(structdis, [dr dc]): shifted(r, c) = structdis(r - dr, c - dc), wrapped in the block.
  constexpr int shifts[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  std::vector<int> row_from(bs);
  for (int k = 0; k < 4; ++k) {
    for (int r = 0; r < bs; ++r) row_from[r] = (r - shifts[k][0] + bs) % bs;
    for (int c = 0; c < bs; ++c) {
      const double* col = vec.data() + static_cast<std::size_t>(c) * bs;
      const double* from = vec.data() + static_cast<std::size_t>((c - shifts[k][1] + bs) % bs) * bs;
      double* out = pair.data() + static_cast<std::size_t>(c) * bs;
      for (int r = 0; r < bs; ++r) out[r] = col[r] * from[row_from[r]];
    }
    a = estimate_aggd(pair.data(), pair.size());
    const double meanparam = (a.betar - a.betal) * (std::tgamma(2.0 / a.alpha) / std::tgamma(1.0 / a.alpha));
    double* f = feat + 2 + 4 * k;
    f[0] = a.alpha;
    f[1] = meanparam;
    f[2] = a.betal;
    f[3] = a.betar;
  }
}

NiqeModel checked_model(std::vector<double> mean, std::vector<double> cov) {
  check_niqe_model_sizes(mean.size(), cov.size());
  for (const double v : mean)
    if (!std::isfinite(v)) throw std::invalid_argument("a NIQE model's mean must be finite");
  for (int i = 0; i < kNiqeFeatures; ++i)
    for (int j = 0; j < kNiqeFeatures; ++j) {
      const double v = cov[static_cast<std::size_t>(i) * kNiqeFeatures + j];
      if (!std::isfinite(v)) throw std::invalid_argument("a NIQE model's covariance must be finite");
      if (v != cov[static_cast<std::size_t>(j) * kNiqeFeatures + i])
        throw std::invalid_argument("a NIQE model's covariance must be symmetric (element " +
                                    std::to_string(i) + "," + std::to_string(j) + " differs from " +
                                    std::to_string(j) + "," + std::to_string(i) + ")");
    }
  return {std::move(mean), std::move(cov)};
}

std::vector<double> npy_values(const std::string& path, const char* what) {
  Image a;
  try {
    a = niqe_detail::read_model_npy(path);
  } catch (const std::exception& e) {
    std::string why = e.what();  // the reader's line starts with the path, which this one names already
    if (why.rfind(path + ": ", 0) == 0) why.erase(0, path.size() + 2);
    throw std::invalid_argument(std::string("NIQE model ") + what + " " + path + ": " + why);
  }
  if (a.type() != ElemType::F64 && a.type() != ElemType::F32)
    throw std::invalid_argument(std::string("NIQE model ") + what + " " + path +
                                ": float32 or float64 please, got " + to_string(a.type()));
  std::vector<double> v(a.elements());
  read_as_double(a, 0, a.elements(), v.data());
  return v;
}

}  // namespace

const std::vector<NiqeProtocolInfo>& niqe_protocols() {
  static const std::vector<NiqeProtocolInfo> table = {
      {NiqeProtocol::Release,
       "release",
       "the NIQE release's computequality.m (Mittal et al. 2013), called as its readme shows",
       0,
       {"RGB: rgb2gray (uint8: rounded); grey as it is; double()",
        "crop to whole 96x96 blocks (bottom and right)",
        "MSCN: imfilter with fspecial('gaussian',7,7/6), 'replicate'; (im-mu)./(sigma+1)",
        "per block: AGGD fits of the coefficients and of their 4 neighbour products (18 features)",
        "again on imresize(im, 0.5) with 48x48 blocks (18 more)",
        "NIQE = sqrt(d * pinv((cov_pris + nancov)/2) * d'), d = mu_pris - nanmean"}},
      {NiqeProtocol::Pirm,
       "pirm",
       "PIRM 2018 challenge calc_scores.m and convert_shave_image.m (shave_width 4)",
       4,
       {"Y of rgb2ycbcr on the uint8 image (rounded to uint8); grey as it is", "shave 4 pixels on each side",
        "computequality.m as in release"}},
  };
  return table;
}

const NiqeProtocolInfo& niqe_protocol_info(NiqeProtocol p) {
  for (const NiqeProtocolInfo& info : niqe_protocols())
    if (info.id == p) return info;
  throw std::invalid_argument("unknown NIQE protocol");
}

std::optional<NiqeProtocol> parse_niqe_protocol(std::string_view name) {
  for (const NiqeProtocolInfo& info : niqe_protocols())
    if (name == info.name) return info.id;
  return std::nullopt;
}

std::string niqe_protocol_names() {
  std::string s;
  for (const NiqeProtocolInfo& info : niqe_protocols()) s += (s.empty() ? "" : ", ") + std::string(info.name);
  return s;
}

const NiqeModel& niqe_pristine_model() {
  static const NiqeModel model =
      checked_model(std::vector<double>(std::begin(kNiqePristineMean), std::end(kNiqePristineMean)),
                    std::vector<double>(std::begin(kNiqePristineCov), std::end(kNiqePristineCov)));
  return model;
}

void check_niqe_model_sizes(std::size_t mean_values, std::size_t cov_values) {
  if (mean_values != kNiqeFeatures)
    throw std::invalid_argument("a NIQE model's mean has 36 values, got " + std::to_string(mean_values));
  if (cov_values != static_cast<std::size_t>(kNiqeFeatures) * kNiqeFeatures)
    throw std::invalid_argument("a NIQE model's covariance is 36x36, got " + std::to_string(cov_values) +
                                " values");
}

NiqeModel make_niqe_model(std::vector<double> mean, std::vector<double> cov) {
  return checked_model(std::move(mean), std::move(cov));
}

NiqeModel read_niqe_model(const std::string& mean_npy, const std::string& cov_npy) {
  std::vector<double> mean = npy_values(mean_npy, "mean");  // the mean's errors first
  return checked_model(std::move(mean), npy_values(cov_npy, "covariance"));
}

std::string niqe_range_warning(const Image& img) {
  if ((img.type() != ElemType::F32 && img.type() != ElemType::F64) || img.empty()) return {};
  std::vector<double> v(std::min<std::size_t>(img.elements(), 1 << 16));
  for (std::size_t i = 0; i < img.elements(); i += v.size()) {
    const std::size_t n = std::min(v.size(), img.elements() - i);
    read_as_double(img, i, n, v.data());
    for (std::size_t k = 0; k < n; ++k)
      if (!(v[k] >= 0.0 && v[k] <= 1.0)) return {};
  }
  return "every value of this float image lies in [0, 1], but NIQE's model is fit to 0..255 values "
         "(computequality.m scores double() of a uint8 image): multiply the image by 255, or the score "
         "means nothing";
}

Image niqe_values(const Image& img, NiqeProtocol p) {
  if (img.channels() != 1 && img.channels() != 3)
    throw std::invalid_argument("NIQE scores grey or RGB images, got " + std::to_string(img.channels()) +
                                " channels");
  if (p == NiqeProtocol::Pirm) {
    if (img.type() != ElemType::U8)
      throw std::invalid_argument("the pirm protocol scores 8-bit images (as its PNG files), got " +
                                  to_string(img.type()));
    const Image y = img.channels() == 3 ? rgb2y(img) : img;
    const int s = niqe_protocol_info(p).shave;
    if (y.rows() <= 2 * s || y.cols() <= 2 * s)
      throw std::invalid_argument("nothing is left of a " + shape_text(img) + " image after shaving " +
                                  std::to_string(s) + " pixels on each side");
    return as_double(crop(y, s, s, y.rows() - 2 * s, y.cols() - 2 * s));
  }
  switch (img.type()) {
    case ElemType::U8:
    case ElemType::U16:
    case ElemType::F32:
    case ElemType::F64: break;
    default:
      throw std::invalid_argument("NIQE scores uint8, uint16, single or double images, got " +
                                  to_string(img.type()));
  }
  const Image grey = img.channels() == 3 ? rgb2gray(img) : as_double(img);
  const double* v = grey.data<double>();
  for (std::size_t i = 0; i < grey.elements(); ++i)
    if (!std::isfinite(v[i])) throw std::invalid_argument("NIQE needs finite pixel values");
  return grey;
}

std::vector<std::vector<double>> niqe_block_features(const Image& grey, Boundary b,
                                                     std::size_t* flat_pixels) {
  if (grey.channels() != 1 || grey.type() != ElemType::F64)
    throw std::invalid_argument("niqe_block_features reads a grey float64 image");
  const int nbr = grey.rows() / kNiqeBlock, nbc = grey.cols() / kNiqeBlock;
  if (nbr == 0 || nbc == 0)
    throw std::invalid_argument("NIQE needs at least one 96x96 block, got a " + std::to_string(grey.rows()) +
                                "x" + std::to_string(grey.cols()) + " image");
  Image im = crop(grey, 0, 0, nbr * kNiqeBlock, nbc * kNiqeBlock);
  std::vector<std::vector<double>> feat(static_cast<std::size_t>(nbr) * nbc,
                                        std::vector<double>(kNiqeFeatures));
  std::size_t flat = 0;
  for (int scale = 1; scale <= 2; ++scale) {
    const Image s = mscn(im, flat);
    const int bs = kNiqeBlock / scale;
    parallel_for(static_cast<long long>(feat.size()), 1, [&](long long k0, long long k1) {
      for (long long k = k0; k < k1; ++k) {
        const int bc = static_cast<int>(k / nbr), br = static_cast<int>(k % nbr);  // blkproc's order
        block_features(s.data<double>() + static_cast<long long>(br) * bs * s.cols() + bc * bs, s.cols(), bs,
                       feat[static_cast<std::size_t>(k)].data() + 18 * (scale - 1));
      }
    });
    if (scale == 1) {
      ResizeSpec half = ResizeSpec::with_scale(0.5);
      half.boundary = b;
      im = resize(im, half);
    }
  }
  if (flat_pixels) *flat_pixels = flat;
  return feat;
}

double niqe_distance(const std::vector<std::vector<double>>& features, const NiqeModel& model) {
  constexpr int n = kNiqeFeatures;
  if (features.size() < 2)
    throw std::invalid_argument(
        "NIQE needs at least two 96x96 blocks (MATLAB's nanmean and nancov read one block's features as one "
        "vector)");
  // nanmean: each column over its own non-NaN values.
  std::vector<double> mu(n), d(n);
  for (int j = 0; j < n; ++j) {
    double s = 0.0;
    std::size_t c = 0;
    for (const auto& row : features)
      if (!std::isnan(row[j])) {
        s += row[j];
        ++c;
      }
    mu[j] = c ? s / static_cast<double>(c) : kNan;
  }
  // nancov: the rows without NaN; xc = x - sum(x)/m; c = xc' * xc / (m - 1).
  std::vector<const std::vector<double>*> rows;
  for (const auto& row : features)
    if (std::none_of(row.begin(), row.end(), [](double v) { return std::isnan(v); })) rows.push_back(&row);
  const std::size_t m = rows.size();
  if (m < 2)
    throw std::invalid_argument("NIQE needs at least two blocks whose features are all finite, got " +
                                std::to_string(m) + " (flat blocks have no AGGD fit)");
  std::vector<double> colmean(n, 0.0);
  for (int j = 0; j < n; ++j) {
    double s = 0.0;
    for (const auto* r : rows) s += (*r)[j];
    colmean[j] = s / static_cast<double>(m);
  }
  std::vector<double> xc(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) xc[i * n + j] = (*rows[i])[j] - colmean[j];
  std::vector<double> a(static_cast<std::size_t>(n) * n);
  for (int p = 0; p < n; ++p)
    for (int q = p; q < n; ++q) {
      double s = 0.0;
      for (std::size_t i = 0; i < m; ++i) s += xc[i * n + p] * xc[i * n + q];
      const double c = s / static_cast<double>(m - 1);
      // (cov_prisparam + cov_distparam) / 2
      a[static_cast<std::size_t>(p) * n + q] = (model.cov[static_cast<std::size_t>(p) * n + q] + c) / 2;
      a[static_cast<std::size_t>(q) * n + p] = (model.cov[static_cast<std::size_t>(q) * n + p] + c) / 2;
    }
  const std::vector<double> inv = niqe_detail::pinv_symmetric(a, n);
  for (int j = 0; j < n; ++j) d[j] = model.mean[j] - mu[j];
  // (d * invcov) * d', left to right.
  double q = 0.0;
  for (int j = 0; j < n; ++j) {
    double t = 0.0;
    for (int i = 0; i < n; ++i) t += d[i] * inv[static_cast<std::size_t>(i) * n + j];
    q += t * d[j];
  }
  if (!(q >= 0.0) || !std::isfinite(q)) throw std::invalid_argument(niqe_detail::distance_fault(q, d, inv));
  return std::sqrt(q);
}

NiqeScore niqe_score(const Image& img, NiqeProtocol p, const NiqeModel* model, Boundary b) {
  NiqeScore r;
  const auto features = niqe_block_features(niqe_values(img, p), b, &r.flat_pixels);
  r.niqe = niqe_distance(features, model ? *model : niqe_pristine_model());
  return r;
}

double niqe(const Image& img, NiqeProtocol p, const NiqeModel* model, Boundary b) {
  return niqe_score(img, p, model, b).niqe;
}

}  // namespace rl
