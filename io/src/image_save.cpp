// Writing images (image_io.hpp): MATLAB's type conversions, then libtiff, OpenCV or .npy.
#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "opencv_mat.hpp"
#include "rl/atomic_file.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "tiff_io.hpp"

namespace rl::io {

using detail::depth_of;
using detail::swap_rb;

namespace {

// The type an image of type t gets in the format (docs in image_io.hpp): kept where the format takes
// it, converted with MATLAB's im2uint8 / im2uint16 where MATLAB has that conversion, refused otherwise.
ElemType type_for_format(const std::string& path, const std::string& ext, ElemType t, int channels) {
  const bool tiff = ext == ".tif" || ext == ".tiff";
  const bool takes16 = ext == ".png" || ext == ".ppm" || ext == ".pgm" || ext == ".pnm";
  if (tiff) return t == ElemType::Logical ? ElemType::U8 : t;
  switch (t) {
    case ElemType::U8: return t;
    case ElemType::U16: return takes16 ? t : ElemType::U8;
    case ElemType::F32:
    case ElemType::F64: return ElemType::U8;
    case ElemType::I16: return takes16 ? ElemType::U16 : ElemType::U8;
    case ElemType::Logical: return ElemType::U8;
    default: break;
  }
  (void)channels;
  throw std::runtime_error(path + ": " + ext + " cannot hold " + to_string(t) + " (use .tif or .npy)");
}

Image in_type(const Image& img, ElemType t) {
  if (img.type() == t) return img;
  if (t == ElemType::U16) return im2uint16(img);
  return im2uint8(img);
}

void check_channels(const std::string& path, const std::string& ext, int ch) {
  if (ext == ".tif" || ext == ".tiff") return;
  if ((ext == ".jpg" || ext == ".jpeg" || ext == ".ppm" || ext == ".pgm" || ext == ".pnm" || ext == ".bmp") &&
      !(ch == 1 || ch == 3))
    throw std::runtime_error(path + ": " + ext + " holds 1 or 3 channels, the image has " +
                             std::to_string(ch) + " (use .tif or .npy)");
  if (ch > 4)
    throw std::runtime_error(path + ": " + ext + " holds at most 4 channels, the image has " +
                             std::to_string(ch) + " (use .tif or .npy)");
}

}  // namespace

void check_can_save(const std::string& path, ElemType type, int channels) {
  const std::string ext = lower_extension(path);
  if (!is_supported_extension(path))
    throw std::runtime_error(path + ": unsupported output format '" + ext +
                             "' (use png, bmp, tif, jpg, ppm, pgm or npy)");
  if (ext == ".npy") return;
  check_channels(path, ext, channels);
  type_for_format(path, ext, type, channels);
}

void save(const std::string& path, const Image& img) {
  const std::string ext = lower_extension(path);
  if (!is_supported_extension(path))
    throw std::runtime_error(path + ": unsupported output format '" + ext +
                             "' (use png, bmp, tif, jpg, ppm, pgm or npy)");
  if (ext == ".npy") {
    write_npy(path, img);
    return;
  }
  check_channels(path, ext, img.channels());
  Image out = in_type(img, type_for_format(path, ext, img.type(), img.channels()));
  const int ch = out.channels();
  if ((ext == ".tif" || ext == ".tiff") && detail::tiff_writes_itself(out.type(), ch)) {
    std::vector<std::uint8_t> encoded;
    try {
      encoded = detail::tiff_encode(out);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
    write_file_atomically(path, encoded.data(), encoded.size());
    return;
  }
  cv::Mat m(out.rows(), out.cols(), CV_MAKETYPE(depth_of(out.type()), ch), out.raw());
  cv::Mat w = m.clone();
  swap_rb(w);
  if (ch == 2 && ext == ".png") {
    // PNG grey+alpha: OpenCV writes 2-channel Mats only through 4 channels; expand (grey, grey, grey, alpha).
    std::vector<cv::Mat> planes;
    cv::split(w, planes);
    cv::merge(std::vector<cv::Mat>{planes[0], planes[0], planes[0], planes[1]}, w);
  }
  // Encode in memory, then write through write_file_atomically: a failed write is reported with
  // the system's reason (and OpenCV's own warning for an unwritable file never reaches stderr).
  std::vector<std::uint8_t> encoded;
  bool ok = false;
  try {
    ok = cv::imencode(ext, w, encoded);
  } catch (const cv::Exception& e) {
    throw std::runtime_error(path + ": cannot encode (" + std::string(e.err) + ")");
  }
  if (!ok || encoded.empty()) throw std::runtime_error(path + ": cannot encode the image as " + ext);
  write_file_atomically(path, encoded.data(), encoded.size());
}

}  // namespace rl::io
