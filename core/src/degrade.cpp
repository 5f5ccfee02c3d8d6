// The SR degradation models (see degrade.hpp): the table, the kernels and samples of BD, DN's noise.
#include "rl/degrade.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <stdexcept>

#include "rl/image_ops.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"

namespace rl {

namespace {

constexpr double kBdSigma = 1.6, kDnNoise = 30.0;
// The 2-D filter costs kernelsize^2 multiply-adds a pixel: sigma 50 is a 302 x 302 kernel, 91204 a
// pixel (the scripts use 1.6).
constexpr double kMaxSigma = 50.0;

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

const std::vector<DegradationInfo>& degradations() {
  static const std::vector<DegradationInfo> table = {
      {Degradation::Bi,
       "bi",
       "bicubic down-sampling, Prepare_TestData_HR_LR.m (RCAN/RDN) 'BI'",
       0.0,
       {"HR mod-cropped to the scale", "LR = imresize(HR, 1/scale, 'bicubic')"}},
      {Degradation::Bd,
       "bd",
       "imresize_BD in Prepare_TestData_HR_LR.m (RCAN/RDN) 'BD'",
       kBdSigma,
       {"HR mod-cropped to the scale (uint8, as the script reads it)",
        "kernelsize: odd scale ceil(sigma*3)*2+1 (7 when scale 3, sigma 1.6); even ceil(sigma*3)*2+2",
        "kernel = fspecial('gaussian', kernelsize, sigma), sigma 1.6 unless --sigma",
        "blur = imfilter(HR, kernel, 'replicate') (double sums, rounded to the image's class)",
        "odd scale: LR = imresize(blur, 1/scale, 'nearest')",
        "even scale: LR = blur(scale/2:scale:end-scale/2, scale/2:scale:end-scale/2, :)"}},
      {Degradation::BdVsr,
       "bd-vsr",
       "BD_degradation.m (BasicVSR/IconVSR, Vid4 and Vimeo-90K BDx4)",
       kBdSigma,
       {"kernelsize = ceil(sigma*3)*2+2, kernel = fspecial('gaussian', kernelsize, sigma), sigma 1.6",
        "lq = imfilter(gt, kernel, 'replicate')",
        "lq = lq(scale/2:scale:end-scale/2, scale/2:scale:end-scale/2, :) (an even scale)"}},
      {Degradation::Dn,
       "dn",
       "imresize_DN in Prepare_TestData_HR_LR.m (RCAN/RDN) 'DN'",
       kDnNoise,
       {"HR mod-cropped to the scale (uint8)", "ImDown = single(imresize(HR, 1/scale, 'bicubic'))",
        "ImDown = ImDown + single(sigma*randn(size(ImDown))), sigma 30 unless --noise",
        "LR = uint8(ImDown) (rounded half away from zero, saturated)",
        "the noise is NOT MATLAB's randn('seed',0) draw: mt19937_64(--seed), Marsaglia's polar method"}},
  };
  return table;
}

const DegradationInfo& degradation_info(Degradation d) {
  for (const DegradationInfo& i : degradations())
    if (i.id == d) return i;
  return degradations().front();
}

std::optional<Degradation> parse_degradation(std::string_view name) {
  for (const DegradationInfo& i : degradations())
    if (name == i.name) return i.id;
  return std::nullopt;
}

std::string degradation_names() {
  std::string s;
  for (const DegradationInfo& i : degradations()) s += (s.empty() ? "" : ", ") + std::string(i.name);
  return s;
}

void check_degrade_options(const DegradeOptions& o) {
  const DegradationInfo& info = degradation_info(o.model);
  if (o.scale < 1)
    throw std::invalid_argument(std::string(info.name) + " needs a whole scale of at least 1, got " +
                                std::to_string(o.scale));
  if (o.model == Degradation::BdVsr && o.scale % 2 != 0)
    throw std::invalid_argument("bd-vsr needs an even scale (its script samples from scale/2), got " +
                                std::to_string(o.scale));
  const bool blur = o.model == Degradation::Bd || o.model == Degradation::BdVsr;
  if (o.sigma) {
    if (!blur) throw std::invalid_argument(std::string("a blur sigma does not apply to ") + info.name);
    if (!(*o.sigma > 0.0) || !std::isfinite(*o.sigma))
      throw std::invalid_argument("sigma must be a positive finite number, got " + number_text(*o.sigma));
    if (*o.sigma > kMaxSigma)
      throw std::invalid_argument("sigma must be at most " + number_text(kMaxSigma) + " (a " +
                                  std::to_string(bd_kernel_size(o.model, 2, kMaxSigma)) +
                                  "-pixel kernel), got " + number_text(*o.sigma));
  }
  if (o.noise) {
    if (o.model != Degradation::Dn)
      throw std::invalid_argument(std::string("a noise level does not apply to ") + info.name);
    if (!(*o.noise > 0.0) || !std::isfinite(*o.noise))
      throw std::invalid_argument("the noise level must be a positive finite number, got " +
                                  number_text(*o.noise));
  }
}

int bd_kernel_size(Degradation model, int scale, double sigma) {
  const double half = std::ceil(sigma * 3);
  if (!(sigma > 0.0) || !(half <= 3 * kMaxSigma))
    throw std::invalid_argument("sigma must be positive and at most " + number_text(kMaxSigma) + ", got " +
                                number_text(sigma));
  const int n = static_cast<int>(half);
  if (model == Degradation::BdVsr || scale % 2 == 0) return n * 2 + 2;
  if (scale == 3 && sigma == 1.6) return 7;
  return n * 2 + 1;
}

std::vector<int> bd_even_sample_indices(int n, int scale) {
  if (scale < 2 || scale % 2 != 0)
    throw std::invalid_argument("the even-scale sampling needs an even scale, got " + std::to_string(scale));
  // 1-based k = scale/2, scale/2 + scale, ... while k <= n - scale/2.
  std::vector<int> idx;
  for (long k = scale / 2; k <= static_cast<long>(n) - scale / 2; k += scale)
    idx.push_back(static_cast<int>(k - 1));
  return idx;
}

std::vector<double> dn_noise(std::size_t count, double sigma, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  const auto uniform = [&] { return static_cast<double>(gen() >> 11) * 0x1.0p-53; };
  std::vector<double> out;
  out.reserve(count + 1);
  while (out.size() < count) {
    double v1, v2, s;
    do {
      v1 = 2.0 * uniform() - 1.0;
      v2 = 2.0 * uniform() - 1.0;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    out.push_back(sigma * (v1 * f));
    out.push_back(sigma * (v2 * f));
  }
  out.resize(count);
  return out;
}

namespace {

// img(rows_idx, cols_idx, :) with 0-based index lists.
Image take(const Image& img, const std::vector<int>& ri, const std::vector<int>& ci) {
  if (ri.empty() || ci.empty())
    throw std::invalid_argument("a " + std::to_string(img.rows()) + "x" + std::to_string(img.cols()) +
                                " image leaves no LR pixel at this scale");
  Image out = Image::uninitialized(static_cast<int>(ri.size()), static_cast<int>(ci.size()), img.channels(),
                                   img.type());
  const std::size_t es = elem_size(img.type()), px = es * img.channels();
  const auto* src = static_cast<const unsigned char*>(img.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  for (std::size_t r = 0; r < ri.size(); ++r)
    for (std::size_t c = 0; c < ci.size(); ++c)
      std::memcpy(dst + (r * ci.size() + c) * px,
                  src + (static_cast<std::size_t>(ri[r]) * img.cols() + ci[c]) * px, px);
  return out;
}

}  // namespace

Image degrade(const Image& hr_in, const DegradeOptions& o) {
  check_degrade_options(o);
  if (hr_in.empty()) throw std::invalid_argument("the HR image is empty");
  const Image hr = o.modcrop ? modcrop(hr_in, o.scale) : hr_in;
  ResizeSpec bicubic = ResizeSpec::with_scale(1.0 / o.scale);
  bicubic.boundary = o.boundary;
  switch (o.model) {
    case Degradation::Bi: return resize(hr, bicubic);
    case Degradation::Bd:
    case Degradation::BdVsr: {
      if (hr.type() == ElemType::Logical)
        throw std::invalid_argument("BD blurs numeric images, got a logical one");
      const double sigma = o.sigma.value_or(kBdSigma);
      FilterOptions f;
      f.padding = FilterPadding::Replicate;
      const Image blur = imfilter(hr, fspecial_gaussian(bd_kernel_size(o.model, o.scale, sigma), sigma), f);
      if (o.model == Degradation::Bd && o.scale % 2 == 1)
        return resize(blur, ResizeSpec::with_scale(1.0 / o.scale, Method::Nearest));
      return take(blur, bd_even_sample_indices(blur.rows(), o.scale),
                  bd_even_sample_indices(blur.cols(), o.scale));
    }
    case Degradation::Dn: break;
  }
  if (hr.type() != ElemType::U8)
    throw std::invalid_argument("DN degrades 8-bit images (the script's uint8), got " + to_string(hr.type()));
  const Image down = resize(hr, bicubic);
  const int rows = down.rows(), cols = down.cols(), ch = down.channels();
  const std::vector<double> noise =
      dn_noise(down.elements(), o.noise.value_or(kDnNoise), o.seed);  // column-major: r, then c, then ch
  Image out = Image::uninitialized(rows, cols, ch, ElemType::U8);
  const std::uint8_t* s = down.data<std::uint8_t>();
  std::uint8_t* d = out.data<std::uint8_t>();
  std::size_t n = 0;
  for (int k = 0; k < ch; ++k)
    for (int c = 0; c < cols; ++c)
      for (int r = 0; r < rows; ++r, ++n) {
        const std::size_t at = (static_cast<std::size_t>(r) * cols + c) * ch + k;
        const float v = static_cast<float>(s[at]) + static_cast<float>(noise[n]);  // single + single
        d[at] = from_double<std::uint8_t>(static_cast<double>(v));
      }
  return out;
}

Image grey_as_rgb(const Image& img) {
  if (img.channels() != 1) return img;
  Image out = Image::uninitialized(img.rows(), img.cols(), 3, img.type());
  const std::size_t es = elem_size(img.type());
  const auto* s = static_cast<const unsigned char*>(img.raw());
  auto* d = static_cast<unsigned char*>(out.raw());
  for (std::size_t i = 0; i < img.elements(); ++i)
    for (int k = 0; k < 3; ++k) std::memcpy(d + (i * 3 + k) * es, s + i * es, es);
  return out;
}

std::pair<Image, Image> degraded_bicubic_pair(const Image& hr, const DegradeOptions& o) {
  check_degrade_options(o);
  // Prepare_TestData_HR_LR.m: if size(im_ori, 3) == 1, im_ori = cat(3, im_ori, im_ori, im_ori).
  const Image hr_c = modcrop(grey_as_rgb(hr), o.scale);
  DegradeOptions d = o;
  d.modcrop = false;
  const Image lr = degrade(hr_c, d);
  ResizeSpec up = ResizeSpec::with_scale(o.scale);
  up.boundary = o.boundary;
  return {resize(lr, up), hr_c};
}

SrScore score_degraded_bicubic(const Image& hr, const DegradeOptions& o, SrProtocol p) {
  const auto [sr, hr_c] = degraded_bicubic_pair(hr, o);
  if (sr.rows() != hr_c.rows() || sr.cols() != hr_c.cols())
    throw std::invalid_argument(std::string(degradation_info(o.model).name) + " down and bicubic up by " +
                                std::to_string(o.scale) + " do not give back the HR size");
  return score_sr(sr, hr_c, o.scale, p);
}

}  // namespace rl
