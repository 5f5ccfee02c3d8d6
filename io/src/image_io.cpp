// OpenCV-backed image reading and writing, with MATLAB's type conversions on write.
#include "rl/image_io.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "rl/atomic_file.hpp"
#include "rl/convert.hpp"
#include "rl/npy.hpp"

namespace rl::io {

namespace fs = std::filesystem;

std::string lower_extension(const std::string& path) {
  std::string e = fs::path(path).extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

bool is_supported_extension(const std::string& path) {
  static const char* kExt[] = {".png", ".bmp", ".tif", ".tiff", ".jpg", ".jpeg", ".ppm", ".pgm", ".pnm", ".npy"};
  const std::string e = lower_extension(path);
  return std::any_of(std::begin(kExt), std::end(kExt), [&](const char* k) { return e == k; });
}

namespace {

ElemType type_of_depth(int depth, const std::string& path) {
  switch (depth) {
    case CV_8U: return ElemType::U8;
    case CV_16U: return ElemType::U16;
    case CV_32F: return ElemType::F32;
    case CV_64F: return ElemType::F64;
    default: throw std::runtime_error(path + ": unsupported sample type in the file");
  }
}

int depth_of(ElemType t) {
  switch (t) {
    case ElemType::U8: return CV_8U;
    case ElemType::U16: return CV_16U;
    case ElemType::F32: return CV_32F;
    case ElemType::F64: return CV_64F;
  }
  return CV_8U;
}

// Swap the first and third channel of 3/4-channel images (BGR[A] <-> RGB[A]).
void swap_rb(cv::Mat& m) {
  if (m.channels() == 3) cv::cvtColor(m, m, cv::COLOR_BGR2RGB);
  else if (m.channels() == 4) cv::cvtColor(m, m, cv::COLOR_BGRA2RGBA);
}

}  // namespace

Image load(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw std::runtime_error(path + ": no such file");
  if (fs::is_directory(path, ec)) throw std::runtime_error(path + ": is a folder, not an image");
  if (lower_extension(path) == ".npy") return read_npy(path);
  const auto size = fs::file_size(path, ec);
  if (ec) throw std::runtime_error(path + ": cannot read (" + ec.message() + ")");
  if (size == 0) throw std::runtime_error(path + ": the file is empty");
  cv::Mat m;
  try {
    m = cv::imread(path, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    throw std::runtime_error(path + ": cannot decode the image (" + std::string(e.err) + ")");
  }
  if (m.empty()) throw std::runtime_error(path + ": not a readable image (corrupt, truncated or unsupported format)");
  if (m.dims != 2) throw std::runtime_error(path + ": unsupported image layout");
  swap_rb(m);
  if (!m.isContinuous()) m = m.clone();
  Image img = Image::uninitialized(m.rows, m.cols, m.channels(), type_of_depth(m.depth(), path));
  std::memcpy(img.raw(), m.data, img.bytes());
  return img;
}

void save(const std::string& path, const Image& img) {
  const std::string ext = lower_extension(path);
  if (!is_supported_extension(path))
    throw std::runtime_error(path + ": unsupported output format '" + ext + "' (use png, bmp, tif, jpg, ppm, pgm or npy)");
  if (ext == ".npy") {
    write_npy(path, img);
    return;
  }
  Image out = img;
  const bool takes16 = ext == ".png" || ext == ".tif" || ext == ".tiff" || ext == ".ppm" || ext == ".pgm" || ext == ".pnm";
  const bool takes_float = ext == ".tif" || ext == ".tiff";
  if (img.type() == ElemType::U16 && !takes16) out = im2uint8(img);
  else if ((img.type() == ElemType::F32 || img.type() == ElemType::F64) && !takes_float) out = im2uint8(img);
  const int ch = out.channels();
  if ((ext == ".jpg" || ext == ".jpeg" || ext == ".ppm" || ext == ".pgm" || ext == ".pnm" || ext == ".bmp") &&
      !(ch == 1 || ch == 3))
    throw std::runtime_error(path + ": " + ext + " holds 1 or 3 channels, the image has " + std::to_string(ch));
  if (ch > 4) throw std::runtime_error(path + ": " + ext + " holds at most 4 channels, the image has " + std::to_string(ch) + " (use .npy)");
  if (ch == 2 && ext != ".tif" && ext != ".tiff" && ext != ".png")
    throw std::runtime_error(path + ": " + ext + " cannot hold 2 channels");
  cv::Mat m(out.rows(), out.cols(), CV_MAKETYPE(depth_of(out.type()), ch), out.raw());
  cv::Mat w = m.clone();
  swap_rb(w);
  if (ch == 2 && ext == ".png") {
    // PNG grey+alpha: OpenCV writes 2-channel Mats only through 4 channels; expand (grey, grey, grey, alpha).
    std::vector<cv::Mat> planes;
    cv::split(w, planes);
    cv::merge(std::vector<cv::Mat>{planes[0], planes[0], planes[0], planes[1]}, w);
  }
  AtomicOutput tmp(path);
  bool ok = false;
  try {
    ok = cv::imwrite(tmp.temp_path(), w);
  } catch (const cv::Exception& e) {
    throw std::runtime_error(path + ": cannot encode (" + std::string(e.err) + ")");
  }
  if (!ok) throw std::runtime_error(path + ": cannot write the image");
  tmp.commit();
}

}  // namespace rl::io
