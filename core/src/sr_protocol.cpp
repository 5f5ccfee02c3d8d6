// The SR protocol table and the one scoring routine that reads it.
#include "rl/sr_protocol.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "rl/color.hpp"
#include "rl/convert.hpp"
#include "rl/image_ops.hpp"
#include "rl/metrics.hpp"
#include "rl/parallel.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"

namespace rl {

namespace {

std::string shape_text(const Image& img) {
  return std::to_string(img.rows()) + "x" + std::to_string(img.cols()) + "x" + std::to_string(img.channels());
}

bool is_y_protocol(SrValues v) { return v != SrValues::BasicsrRgb && v != SrValues::Im2double; }

// MATLAB's uint8(single(y) / 255 * 255), each operation in single precision.
std::uint8_t single_round_trip(std::uint8_t y) {
  const float g = static_cast<float>(y) / 255.0f;
  return from_double<std::uint8_t>(static_cast<double>(g * 255.0f));
}

Image float64_of(const Image& img) {
  Image out = Image::uninitialized(img.rows(), img.cols(), img.channels(), ElemType::F64);
  read_as_double(img, 0, img.elements(), out.data<double>());
  return out;
}

// f(pixel's channels, output channels) for every pixel of a T image, into float64.
template <class T = std::uint8_t, class F>
Image per_pixel(const Image& in, int out_channels, F f) {
  Image out = Image::uninitialized(in.rows(), in.cols(), out_channels, ElemType::F64);
  const T* s = in.data<T>();
  double* o = out.data<double>();
  const std::size_t pixels = static_cast<std::size_t>(in.rows()) * in.cols();
  for (std::size_t i = 0; i < pixels; ++i) f(s + i * in.channels(), o + i * out_channels);
  return out;
}

Image y_or_grey(const Image& img, ElemType as) {
  const Image typed = as == ElemType::U8 ? img : convert_to(img, as);
  return img.channels() == 3 ? rgb2y(typed) : typed;
}

Image channel(const Image& img, int k) { return extract_channel(img, k); }

// One image given as both (the same object) stays one object, which the SSIM filters once (ssim_valid).
double mean_channel_ssim(const SrProtocolInfo& info, const Image& a, const Image& b) {
  double sum = 0.0;
  for (int k = 0; k < a.channels(); ++k) {
    const Image ak = channel(a, k);
    sum += (&a == &b ? ssim(info.ssim, ak, ak, info.ssim_range)
                     : ssim(info.ssim, ak, channel(b, k), info.ssim_range))
               .mssim;
  }
  return sum / a.channels();
}

}  // namespace

const std::vector<SrProtocolInfo>& sr_protocols() {
  static const std::vector<SrProtocolInfo> table = {
      {SrProtocol::Srcnn,
       "srcnn",
       "SRCNN demo_SR.m and compute_psnr.m (also VDSR, MemNet, DRRN)",
       SrValues::Uint8Y,
       0,
       255.0,
       PsnrForm::TwentyLogRmse,
       SsimVariant::SsimIndex,
       255.0,
       true,
       {"Y of the uint8 image by rgb2ycbcr (rounded to uint8; a grey image as it is), mod-crop to the scale",
        "single(Y)/255 (the bicubic baseline: imresize by 1/s and back by s here, in single)",
        "uint8(x*255) of both images (in single, rounded half away from zero)", "shave s pixels on each side",
        "PSNR = 20*log10(255/rmse); SSIM = ssim_index (Wang 2003) on the 0..255 values"}},
      {SrProtocol::Rcan,
       "rcan",
       "EDSR/RCAN Evaluate_PSNR_SSIM.m (Cal_Y_PSNRSSIM)",
       SrValues::SingleY255,
       0,
       255.0,
       PsnrForm::TenLogMse,
       SsimVariant::SsimIndex,
       255.0,
       false,
       {"mod-crop to the scale (Prepare_TestData_HR_LR.m)",
        "Y = single(rgb2ycbcr(im2double(img))) channel 1 (grey: single(im2double(img)))", "Y*255 in single",
        "shave s pixels on each side",
        "PSNR = 10*log10(255^2/mse) in double; SSIM = ssim_index (Wang 2003)"}},
      {SrProtocol::Basicsr,
       "basicsr",
       "BasicSR calculate_psnr / calculate_ssim(..., crop_border=s, test_y_channel=True)",
       SrValues::BasicsrY,
       0,
       255.0,
       PsnrForm::TenLogMse,
       SsimVariant::Basicsr,
       255.0,
       false,
       {"mod-crop to the scale (BasicSR crops the GT to LR size x s)", "crop s pixels on each side",
        "Y = to_y_channel: float32 x/255, bgr2ycbcr y_only (float64 sum, to float32), *255 in float32",
        "PSNR = 10*log10(255^2/mse) in float64",
        "SSIM = _ssim: outer product of cv2.getGaussianKernel(11, 1.5), valid part, mean"}},
      {SrProtocol::BasicsrRgb,
       "basicsr-rgb",
       "BasicSR calculate_psnr / calculate_ssim(..., crop_border=s, test_y_channel=False)",
       SrValues::BasicsrRgb,
       0,
       255.0,
       PsnrForm::TenLogMse,
       SsimVariant::Basicsr,
       255.0,
       false,
       {"mod-crop to the scale", "crop s pixels on each side", "the B,G,R values as float64",
        "PSNR = 10*log10(255^2/mse) over every channel", "SSIM = _ssim per channel, mean over B,G,R"}},
      {SrProtocol::Ntire,
       "ntire",
       "NTIRE 2017 NTIRE_PeakSNR_imgs.m / NTIRE_SSIM_imgs.m",
       SrValues::Im2double,
       6,
       1.0,
       PsnrForm::TenLogCountOverSum,
       SsimVariant::SsimIndex,
       255.0,
       false,
       {"mod-crop to the scale", "RGB, shave 6+s pixels on each side",
        "PSNR = 10*log10(N/sum of squared errors) of im2double",
        "SSIM = ssim_index per channel on the 0..255 values, mean over R,G,B"}},
      {SrProtocol::Lapsrn,
       "lapsrn",
       "LapSRN compute_difference.m",
       SrValues::DoubleY,
       0,
       1.0,
       PsnrForm::TenLogMse,
       SsimVariant::Matlab,
       1.0,
       false,
       {"mod-crop to the scale", "im2double(im2uint8(img)), Y by rgb2ycbcr on double (not rounded)",
        "shave s pixels on each side",
        "MATLAB's psnr (peak 1) and MATLAB's built-in ssim (DynamicRange 1, imgaussfilt 'replicate')",
        "the bicubic baseline (evaluate_MSLapSRN_dataset.m): im2double, imresize by 1/s and back by s in "
        "double, "
        "im2uint8 (evaluate_SR.m); no uint8 LR image"}},
  };
  return table;
}

const SrProtocolInfo& sr_protocol_info(SrProtocol p) {
  for (const SrProtocolInfo& info : sr_protocols())
    if (info.id == p) return info;
  throw std::invalid_argument("unknown SR protocol");
}

std::optional<SrProtocol> parse_sr_protocol(std::string_view name) {
  for (const SrProtocolInfo& info : sr_protocols())
    if (name == info.name) return info.id;
  return std::nullopt;
}

std::string sr_protocol_names() {
  std::string s;
  for (const SrProtocolInfo& info : sr_protocols()) s += (s.empty() ? "" : ", ") + std::string(info.name);
  return s;
}

Image modcrop(const Image& img, int scale) {
  if (scale < 1)
    throw std::invalid_argument("scale must be a positive integer, got " + std::to_string(scale));
  const int rows = img.rows() - img.rows() % scale, cols = img.cols() - img.cols() % scale;
  if (rows == img.rows() && cols == img.cols()) return img;
  if (rows == 0 || cols == 0)
    throw std::invalid_argument("a " + shape_text(img) + " image is smaller than the scale " +
                                std::to_string(scale));
  return crop(img, 0, 0, rows, cols);
}

Image shave(const Image& img, int pixels) {
  if (pixels == 0) return img;
  if (img.rows() <= 2 * pixels || img.cols() <= 2 * pixels)
    throw std::invalid_argument("nothing is left of a " + shape_text(img) + " image after shaving " +
                                std::to_string(pixels) + " pixels on each side");
  return crop(img, pixels, pixels, img.rows() - 2 * pixels, img.cols() - 2 * pixels);
}

Image sr_values(const Image& img, SrProtocol p, bool for_ssim) {
  const SrValues values = sr_protocol_info(p).values;
  const bool basicsr = values == SrValues::BasicsrY || values == SrValues::BasicsrRgb;  // BasicSR's astype
  if (basicsr ? img.type() == ElemType::Logical : img.type() != ElemType::U8)
    throw std::invalid_argument("the SR protocols score 8-bit images, got " + to_string(img.type()));
  // BasicSR scores any number of channels (an alpha channel too): to_y_channel takes Y of 3 and keeps
  // any other number as it is (basicsr/metrics/metric_util.py).
  if (!basicsr && img.channels() != 1 && img.channels() != 3)
    throw std::invalid_argument(
        "the SR protocols score grey or RGB images (the basicsr protocols any "
        "number of channels), got " +
        std::to_string(img.channels()) + " channels");
  switch (values) {
    case SrValues::Uint8Y:
      return per_pixel(y_or_grey(img, ElemType::U8), 1,
                       [](const std::uint8_t* s, double* o) { *o = single_round_trip(*s); });
    case SrValues::SingleY255: {
      const Image y = y_or_grey(img, ElemType::F64);
      Image out = Image::uninitialized(y.rows(), y.cols(), 1, ElemType::F64);
      const double* s = y.data<double>();
      double* o = out.data<double>();
      for (std::size_t i = 0; i < y.elements(); ++i) o[i] = static_cast<float>(s[i]) * 255.0f;
      return out;
    }
    case SrValues::BasicsrY: {
      // numpy's astype(float32) of any input, then / 255. in float32.
      const Image x = float64_of(img);
      const auto f32 = [](double v) { return static_cast<float>(v) / 255.0f; };
      if (img.channels() != 3)
        return per_pixel<double>(x, img.channels(), [&, n = img.channels()](const double* s, double* o) {
          for (int k = 0; k < n; ++k) o[k] = f32(s[k]) * 255.0f;
        });
      return per_pixel<double>(x, 1, [&](const double* s, double* o) {
        double y = 24.966 * static_cast<double>(f32(s[2]));
        y += 128.553 * static_cast<double>(f32(s[1]));
        y += 65.481 * static_cast<double>(f32(s[0]));
        y += 16.0;
        *o = static_cast<float>(y / 255.0) * 255.0f;
      });
    }
    case SrValues::BasicsrRgb:  // R,G,B to B,G,R; any other number of channels in its own order
      return per_pixel<double>(float64_of(img), img.channels(),
                               [n = img.channels()](const double* s, double* o) {
                                 for (int k = 0; k < n; ++k) o[k] = s[n == 3 ? 2 - k : k];
                               });
    case SrValues::Im2double: return for_ssim ? float64_of(img) : im2double(img);
    case SrValues::DoubleY: break;
  }
  return y_or_grey(im2double(im2uint8(img)), ElemType::F64);
}

namespace {
// Mod-cropped where the size is not a multiple of the scale (else the image itself, not a copy).
const Image& modcropped(const Image& img, int scale, std::optional<Image>& own) {
  if (img.rows() % scale == 0 && img.cols() % scale == 0) return img;
  return *(own = modcrop(img, scale));
}

void check_scale(int scale) {
  if (scale < 1)
    throw std::invalid_argument("scale must be a positive integer, got " + std::to_string(scale));
}

void check_border(int border) {
  if (border < 0)
    throw std::invalid_argument("the border must not be negative, got " + std::to_string(border));
}

void check_channels(const SrProtocolInfo& info, int sr, int hr) {
  // BasicSR's to_y_channel keeps every channel of an image that is neither grey nor RGB.
  const bool kept = info.values == SrValues::BasicsrY && ((sr != 1 && sr != 3) || (hr != 1 && hr != 3));
  if ((!is_y_protocol(info.values) || kept) && sr != hr)
    throw std::invalid_argument(std::string(info.name) + " scores every channel: SR has " +
                                std::to_string(sr) + ", HR " + std::to_string(hr));
}

// PSNR of the protocol's values a against b, in its form.
double protocol_psnr(const SrProtocolInfo& info, const Image& a, const Image& b) {
  const double sum = sum_squared_error(a, b), n = static_cast<double>(a.elements());
  switch (info.psnr_form) {
    case PsnrForm::TenLogMse: return psnr_from_mse(sum / n, info.psnr_peak);
    case PsnrForm::TwentyLogRmse: return psnr_from_rmse(sum / n, info.psnr_peak);
    case PsnrForm::TenLogCountOverSum: break;
  }
  return sum == 0.0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(n / sum);
}
}  // namespace

SrScore score_sr(const Image& sr, const Image& hr, int scale, SrProtocol p) {
  const SrProtocolInfo& info = sr_protocol_info(p);
  check_scale(scale);
  std::optional<Image> sr_own, hr_own;
  const Image& sr_c = modcropped(sr, scale, sr_own);
  if (&sr == &hr) return score_sr_shaved(sr_c, sr_c, scale + info.extra_shave, p);  // an image and itself
  const Image& hr_c = modcropped(hr, scale, hr_own);
  if (sr_c.rows() != hr_c.rows() || sr_c.cols() != hr_c.cols())
    throw std::invalid_argument("sizes differ: SR " + shape_text(sr) + ", HR " + shape_text(hr) +
                                " (mod-cropped to the scale " + std::to_string(scale) + ")");
  return score_sr_shaved(sr_c, hr_c, scale + info.extra_shave, p);
}

SrScore score_sr_shaved(const Image& sr_c, const Image& hr_c, int border, SrProtocol p, bool with_ssim) {
  const SrProtocolInfo& info = sr_protocol_info(p);
  if (sr_c.rows() != hr_c.rows() || sr_c.cols() != hr_c.cols())
    throw std::invalid_argument("sizes differ: " + shape_text(sr_c) + " and " + shape_text(hr_c));
  check_border(border);
  check_channels(info, sr_c.channels(), hr_c.channels());
  // An image scored against itself (the same object) is read once: its SSIM filters it once.
  const bool itself = &sr_c == &hr_c;
  const Image a = shave(sr_values(sr_c, p), border);
  const Image b_own = itself ? Image() : shave(sr_values(hr_c, p), border);
  const Image& b = itself ? a : b_own;
  SrScore s;
  s.rows = a.rows();
  s.cols = a.cols();
  s.psnr = protocol_psnr(info, a, b);
  if (!with_ssim)
    s.ssim = std::numeric_limits<double>::quiet_NaN();
  else if (info.values == SrValues::Im2double && itself) {
    const Image x = shave(sr_values(sr_c, p, true), border);
    s.ssim = mean_channel_ssim(info, x, x);
  } else if (info.values == SrValues::Im2double)
    s.ssim = mean_channel_ssim(info, shave(sr_values(sr_c, p, true), border),
                               shave(sr_values(hr_c, p, true), border));
  else
    s.ssim = mean_channel_ssim(info, a, b);
  return s;
}

SrReference sr_reference_shaved(const Image& hr_c, int border, SrProtocol p) {
  const SrProtocolInfo& info = sr_protocol_info(p);
  check_border(border);
  SrReference r;
  r.protocol = p;
  r.border = border;
  r.rows = hr_c.rows();
  r.cols = hr_c.cols();
  r.channels = hr_c.channels();
  r.shape = shape_text(hr_c);
  r.values = shave(sr_values(hr_c, p), border);
  const Image ssim_values =
      info.values == SrValues::Im2double ? shave(sr_values(hr_c, p, true), border) : Image();
  const Image& v = info.values == SrValues::Im2double ? ssim_values : r.values;
  for (int k = 0; k < v.channels(); ++k)
    r.ssim.push_back(ssim_reference(info.ssim, channel(v, k), info.ssim_range));
  return r;
}

SrReference sr_reference(const Image& hr, int scale, SrProtocol p) {
  const SrProtocolInfo& info = sr_protocol_info(p);
  check_scale(scale);
  std::optional<Image> own;
  SrReference r = sr_reference_shaved(modcropped(hr, scale, own), scale + info.extra_shave, p);
  r.scale = scale;
  r.shape = shape_text(hr);
  return r;
}

SrScore score_sr(const Image& sr, const SrReference& hr) {
  const SrProtocolInfo& info = sr_protocol_info(hr.protocol);
  std::optional<Image> own;
  const Image& sr_c = hr.scale > 0 ? modcropped(sr, hr.scale, own) : sr;
  if (sr_c.rows() != hr.rows || sr_c.cols() != hr.cols)
    throw std::invalid_argument(hr.scale > 0
                                    ? "sizes differ: SR " + shape_text(sr) + ", HR " + hr.shape +
                                          " (mod-cropped to the scale " + std::to_string(hr.scale) + ")"
                                    : "sizes differ: " + shape_text(sr_c) + " and " + hr.shape);
  check_channels(info, sr_c.channels(), hr.channels);
  const Image a = shave(sr_values(sr_c, hr.protocol), hr.border);
  SrScore s;
  s.rows = a.rows();
  s.cols = a.cols();
  s.psnr = protocol_psnr(info, a, hr.values);
  const Image ssim_values =
      info.values == SrValues::Im2double ? shave(sr_values(sr_c, hr.protocol, true), hr.border) : Image();
  const Image& v = info.values == SrValues::Im2double ? ssim_values : a;
  if (v.channels() != static_cast<int>(hr.ssim.size()))
    throw std::invalid_argument("sizes differ: " + shape_text(v) + " and the HR's " +
                                std::to_string(hr.ssim.size()) + " channels");
  double sum = 0.0;  // mean_channel_ssim's sum, in its order
  for (int k = 0; k < v.channels(); ++k)
    sum += ssim(channel(v, k), hr.ssim[static_cast<std::size_t>(k)]).mssim;
  s.ssim = sum / v.channels();
  return s;
}

std::pair<Image, Image> bicubic_pair(const Image& hr, int scale, SrProtocol p, Boundary b) {
  const SrProtocolInfo& info = sr_protocol_info(p);
  ResizeSpec down = ResizeSpec::with_scale(1.0 / scale), up = ResizeSpec::with_scale(scale);
  down.boundary = up.boundary = b;
  if (p == SrProtocol::Lapsrn) {
    // LapSRN's evaluate_*_dataset.m: img_GT = mod_crop(im2double(imread(...)), s); img_LR =
    // imresize(img_GT, 1/s); the bicubic image imresize(img_LR, s), all in double; evaluate_SR.m then
    // scores im2uint8 of it. The LR is never rounded to uint8 (which moves x2 by 0.01 dB).
    const Image hr_c = modcrop(hr, scale);
    return {im2uint8(resize(resize(im2double(hr_c), down), up)), hr_c};
  }
  if (!info.bicubic_on_single_y) {
    const Image hr_c = modcrop(hr, scale);
    return {resize(resize(hr_c, down), up), hr_c};
  }
  // demo_SR.m: im_gnd = single(modcrop(Y))/255; im_b = imresize(imresize(im_gnd, 1/s), s); both
  // images to uint8(x*255).
  const Image y = modcrop(y_or_grey(hr, ElemType::U8), scale);
  Image gnd = Image::uninitialized(y.rows(), y.cols(), 1, ElemType::F32);
  for (std::size_t i = 0; i < y.elements(); ++i)
    gnd.data<float>()[i] = static_cast<float>(y.data<std::uint8_t>()[i]) / 255.0f;
  const Image bic = resize(resize(gnd, down), up);
  const auto to_u8 = [](const Image& f) {
    Image out = Image::uninitialized(f.rows(), f.cols(), 1, ElemType::U8);
    for (std::size_t i = 0; i < f.elements(); ++i)
      out.data<std::uint8_t>()[i] =
          from_double<std::uint8_t>(static_cast<double>(f.data<float>()[i] * 255.0f));
    return out;
  };
  return {to_u8(bic), to_u8(gnd)};
}

SrScore score_bicubic(const Image& hr, int scale, SrProtocol p, Boundary b) {
  const auto [sr, hr_c] = bicubic_pair(hr, scale, p, b);
  if (sr.rows() != hr_c.rows() || sr.cols() != hr_c.cols())
    throw std::invalid_argument("bicubic down and up by " + std::to_string(scale) + " gave " +
                                shape_text(sr) + " for a " + shape_text(hr_c) + " image");
  return score_sr(sr, hr_c, scale, p);
}

}  // namespace rl
