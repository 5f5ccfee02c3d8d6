// Reading images (image_io.hpp): the header's limits before anything is allocated, the container's
// structure before decoding, then .npy, libtiff or OpenCV.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "container_check.hpp"
#include "decoder_messages.hpp"
#include "opencv_mat.hpp"
#include "rl/image_header.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "rl/npy_layout.hpp"
#include "rl/regular_file.hpp"
#include "tiff_io.hpp"

namespace rl::io {

namespace fs = std::filesystem;
using detail::DecoderMessages;
using detail::is_warning_only;
using detail::Probe;
using detail::probe_jpeg;
using detail::probe_png;
using detail::swap_rb;
using detail::type_of_depth;

namespace {

std::uint64_t pixel_limit(const LoadOptions& opt) {
  return opt.max_pixels ? *opt.max_pixels : default_max_pixels();
}

// The pixel limit (rows x cols) and the element limit (x channels), before anything is allocated.
void check_elements(const std::string& path, std::uint64_t rows, std::uint64_t cols, std::uint64_t ch,
                    const LoadOptions& opt) {
  const double px = static_cast<double>(rows) * static_cast<double>(cols);
  const std::uint64_t max_px = pixel_limit(opt);
  if (max_px > 0 && px > static_cast<double>(max_px)) {
    std::ostringstream m;
    m.precision(15);
    m << path << ": the image is " << rows << "x" << cols << " (" << px << " pixels), over the limit of "
      << max_px << " pixels (raise it with --max-pixels N or RL_MAX_PIXELS=N)";
    throw std::runtime_error(m.str());
  }
  const std::size_t max = opt.max_elements;
  if (max == 0) return;
  const double n = px * static_cast<double>(ch);
  if (n > static_cast<double>(max)) {
    std::ostringstream m;
    m.precision(15);
    m << path << ": the image is " << rows << "x" << cols << "x" << ch << " (" << n
      << " elements), over the limit of " << max << " elements";
    throw std::runtime_error(m.str());
  }
}

}  // namespace

Image load(const std::string& path) { return load(path, LoadOptions{}); }

Image load(const std::string& path, const LoadOptions& opt) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw std::runtime_error(path + ": no such file");
  const RegularFile file(path, "images");
  if (lower_extension(path) == ".npy") {
    // The header's shape is checked against the limits before any data is read, and exactly the bytes
    // it needs are read: a longer file is refused, a shorter one is the decoder's error.
    NpyLayout l;
    try {
      const std::vector<std::uint8_t> start = file.read_first(std::min<std::uint64_t>(file.size(), 12));
      const std::vector<std::uint8_t> head = file.read_first(npy_header_end(start.data(), start.size()));
      l = npy_layout(head.data(), head.size());
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
    check_elements(path, static_cast<std::uint64_t>(l.rows), static_cast<std::uint64_t>(l.cols),
                   static_cast<std::uint64_t>(l.channels), opt);
    const std::uint64_t need = l.data_offset + l.data_bytes;
    if (file.size() > need) {
      std::ostringstream m;
      m << path << ": the file is " << file.size() << " bytes, more than a " << l.rows << "x" << l.cols << "x"
        << l.channels << " " << to_string(l.type) << " .npy image holds (" << need << "); not read";
      throw std::runtime_error(m.str());
    }
    // The whole file, at most `need` bytes (nothing allocated for data a short file lacks).
    const std::vector<std::uint8_t> all = file.read_first(file.size());
    Image img;
    try {
      img = npy_decode(all.data(), all.size());
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
    check_elements(path, img.rows(), img.cols(), img.channels(), opt);
    return img;
  }
  if (file.size() == 0) throw std::runtime_error(path + ": the file is empty");
  ImageHeader header;
  try {
    header = read_header(
        [&](std::uint64_t off, void* buf, std::size_t n) { return file.read_at(off, buf, n); }, file.size());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  check_elements(path, header.rows, header.cols, static_cast<std::uint64_t>(header.channels), opt);
  // Never more bytes than a genuine file of this image can need: a file padded after its image is read
  // up to there where the decoder needs nothing more, and refused otherwise.
  std::uint64_t to_read = file.size();
  if (to_read > header.max_file_bytes) {
    if (!header.prefix_suffices) {
      const auto read = [&](std::uint64_t off, void* buf, std::size_t n) {
        return file.read_at(off, buf, n);
      };
      std::ostringstream m;
      m << path << ": the file is " << file.size() << " bytes, more than a " << header.rows << "x"
        << header.cols << " " << to_string(header.format) << " image can need (" << header.max_file_bytes
        << ")";
      // A multi-page TIFF: only its first page is read, and the file is refused rather than read whole.
      if (header.format == ImageFormat::Tiff && detail::tiff_has_more_pages(read, file.size()))
        m << ": it holds more pages, and only the first page of a TIFF is read (save that page alone)";
      m << "; not read";
      throw std::runtime_error(m.str());
    }
    to_read = header.max_file_bytes;
  }
  const std::vector<std::uint8_t> bytes = file.read_first(to_read);
  Probe pr;
  try {
    if (header.format == ImageFormat::Png)
      pr = probe_png(bytes, path);
    else if (header.format == ImageFormat::Jpeg)
      pr = probe_jpeg(bytes, path);
  } catch (const std::runtime_error& e) {
    if (to_read == file.size()) throw;
    throw std::runtime_error(std::string(e.what()) + " within its first " + std::to_string(to_read) +
                             " bytes, all that a " + std::to_string(header.rows) + "x" +
                             std::to_string(header.cols) + " image can need");
  }
  if (pr.known) check_elements(path, pr.rows, pr.cols, pr.channels, opt);
  if (header.format == ImageFormat::Tiff && detail::tiff_reads_itself(header)) {
    try {
      Image img = detail::tiff_decode(bytes.data(), bytes.size(), header.bytes() + (std::uint64_t{16} << 20));
      check_elements(path, img.rows(), img.cols(), img.channels(), opt);
      return img;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
  }

  cv::Mat m;
  std::vector<std::string> messages;
  {
    DecoderMessages capture(opt.capture_decoder_messages);
    try {
      m = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
    } catch (const cv::Exception& e) {
      throw std::runtime_error(path + ": cannot decode the image (" + std::string(e.err) + ")");
    }
    messages = capture.finish();
  }
  std::string problem;
  for (const auto& line : messages)
    if (!is_warning_only(line)) {
      problem = line;
      break;
    }
  if (m.empty())
    throw std::runtime_error(
        path + ": not a readable image (" +
        (problem.empty() ? std::string("corrupt, truncated or unsupported format") : problem) + ")");
  if (!problem.empty()) throw std::runtime_error(path + ": the image data is corrupt (" + problem + ")");
  if (m.dims != 2) throw std::runtime_error(path + ": unsupported image layout");
  check_elements(path, m.rows, m.cols, m.channels(), opt);
  if (pr.grey_alpha && m.channels() == 4) {
    // OpenCV expands grey+alpha to (g, g, g, a); the file holds two channels, and so do we.
    cv::Mat planes[4];
    cv::split(m, planes);
    cv::merge(std::vector<cv::Mat>{planes[0], planes[3]}, m);
  }
  swap_rb(m);
  if (!m.isContinuous()) m = m.clone();
  Image img = Image::uninitialized(m.rows, m.cols, m.channels(), type_of_depth(m.depth(), path));
  std::memcpy(img.raw(), m.data, img.bytes());
  return img;
}

}  // namespace rl::io
