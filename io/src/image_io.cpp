// OpenCV-backed image reading and writing, with MATLAB's type conversions on write.
#include "rl/image_io.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "rl/atomic_file.hpp"
#include "rl/convert.hpp"
#include "rl/image_header.hpp"
#include "rl/npy.hpp"
#include "rl/npy_layout.hpp"
#include "rl/regular_file.hpp"
#include "tiff_io.hpp"

namespace rl::io {

namespace fs = std::filesystem;

std::string lower_extension(const std::string& path) {
  std::string e = fs::path(path).extension().string();
  std::transform(e.begin(), e.end(), e.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

const std::vector<std::string>& supported_extensions() {
  static const std::vector<std::string> kExt{".png",  ".bmp", ".tif", ".tiff", ".jpg",
                                             ".jpeg", ".ppm", ".pgm", ".pnm",  ".npy"};
  return kExt;
}

std::string supported_extensions_text() {
  std::string out;
  for (const std::string& e : supported_extensions()) {
    if (!out.empty()) out += ' ';
    out += e;
  }
  return out;
}

bool is_supported_extension(const std::string& path) {
  const std::string e = lower_extension(path);
  const auto& all = supported_extensions();
  return std::find(all.begin(), all.end(), e) != all.end();
}

namespace {

ElemType type_of_depth(int depth, const std::string& path) {
  switch (depth) {
    case CV_8U: return ElemType::U8;
    case CV_16U: return ElemType::U16;
    case CV_32F: return ElemType::F32;
    case CV_64F: return ElemType::F64;
    case CV_8S: return ElemType::I8;
    case CV_16S: return ElemType::I16;
    case CV_32S: return ElemType::I32;
    default: throw std::runtime_error(path + ": unsupported sample type in the file");
  }
}

// OpenCV's depth for a type; -1 where OpenCV has none (uint32, logical).
int depth_of(ElemType t) {
  switch (t) {
    case ElemType::U8: return CV_8U;
    case ElemType::U16: return CV_16U;
    case ElemType::F32: return CV_32F;
    case ElemType::F64: return CV_64F;
    case ElemType::I8: return CV_8S;
    case ElemType::I16: return CV_16S;
    case ElemType::I32: return CV_32S;
    default: return -1;
  }
}

// Swap the first and third channel of 3/4-channel images (BGR[A] <-> RGB[A]).
void swap_rb(cv::Mat& m) {
  if (m.channels() >= 3 && m.depth() != CV_8U && m.depth() != CV_16U && m.depth() != CV_32F) {
    cv::Mat out(m.size(), m.type());  // cvtColor takes only these depths
    const int ch = m.channels();
    std::vector<int> from_to;
    for (int c = 0; c < ch; ++c) from_to.insert(from_to.end(), {c, c == 0 ? 2 : c == 2 ? 0 : c});
    cv::mixChannels(&m, 1, &out, 1, from_to.data(), static_cast<std::size_t>(ch));
    m = out;
  } else if (m.channels() == 3)
    cv::cvtColor(m, m, cv::COLOR_BGR2RGB);
  else if (m.channels() == 4)
    cv::cvtColor(m, m, cv::COLOR_BGRA2RGBA);
}

// ---- Structural checks before decoding ------------------------------------------------------
// A truncated or corrupt PNG makes libpng print to stderr; a truncated JPEG decodes "successfully"
// into a grey-padded image. Walking the container first turns both into one clear error, and reading
// the header first lets a 100 kB file that claims 100000 x 100000 pixels be refused before anything
// is allocated.

struct Probe {
  bool known = false;  // rows/cols/channels read from the header
  long long rows = 0, cols = 0;
  int channels = 0;
  bool grey_alpha = false;  // PNG colour type 4: OpenCV returns it as 4 channels
};

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
unsigned be16(const std::uint8_t* p) { return (unsigned{p[0]} << 8) | p[1]; }

std::uint32_t crc32(const std::uint8_t* p, std::size_t n) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

Probe probe_png(const std::vector<std::uint8_t>& b, const std::string& path) {
  const auto bad = [&](const std::string& why) { return std::runtime_error(path + ": " + why); };
  Probe pr;
  std::size_t pos = 8;
  bool first = true;
  while (true) {
    if (b.size() - pos < 12) throw bad("truncated PNG file (it ends before the IEND chunk)");
    const std::uint32_t len = be32(&b[pos]);
    const std::string type(reinterpret_cast<const char*>(&b[pos + 4]), 4);
    if (len > 0x7FFFFFFFu) throw bad("corrupt PNG file (chunk length " + std::to_string(len) + ")");
    if (b.size() - pos - 12 < len) throw bad("truncated PNG file (it ends inside chunk " + type + ")");
    // Like libpng: a checksum error in a critical chunk (upper-case first letter) is fatal, one in
    // an ancillary chunk (text, colour profile, ...) is not.
    const bool critical = type[0] >= 'A' && type[0] <= 'Z';
    if (critical && crc32(&b[pos + 4], len + 4) != be32(&b[pos + 8 + len]))
      throw bad("corrupt PNG file (checksum error in chunk " + type + ")");
    if (first) {
      if (type != "IHDR" || len != 13) throw bad("corrupt PNG file (it does not start with an IHDR chunk)");
      const std::uint8_t* h = &b[pos + 8];
      pr.cols = be32(h);
      pr.rows = be32(h + 4);
      const int colour = h[9];
      if (pr.rows == 0 || pr.cols == 0) throw bad("corrupt PNG file (zero width or height)");
      switch (colour) {
        case 0: pr.channels = 1; break;
        case 2: pr.channels = 3; break;
        case 3: pr.channels = 3; break;
        case 4:
          pr.channels = 2;
          pr.grey_alpha = true;
          break;
        case 6: pr.channels = 4; break;
        default: throw bad("corrupt PNG file (colour type " + std::to_string(colour) + ")");
      }
      pr.known = true;
      first = false;
    }
    pos += 12 + len;
    if (type == "IEND") break;
  }
  return pr;
}

Probe probe_jpeg(const std::vector<std::uint8_t>& b, const std::string& path) {
  const auto bad = [&](const std::string& why) { return std::runtime_error(path + ": " + why); };
  Probe pr;
  std::size_t pos = 2;
  while (true) {
    if (pos >= b.size()) throw bad("truncated JPEG file (it ends before the image data)");
    if (b[pos] != 0xFF)
      throw bad("corrupt JPEG file (expected a marker at byte " + std::to_string(pos) + ")");
    while (pos < b.size() && b[pos] == 0xFF) ++pos;  // fill bytes
    if (pos >= b.size()) throw bad("truncated JPEG file (it ends before the image data)");
    const unsigned marker = b[pos++];
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
    if (marker == 0xD9) throw bad("corrupt JPEG file (it ends before any image data)");
    if (b.size() - pos < 2) throw bad("truncated JPEG file (it ends inside a header segment)");
    const std::size_t len = be16(&b[pos]);
    if (len < 2 || b.size() - pos < len) throw bad("truncated JPEG file (it ends inside a header segment)");
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof && len >= 8 && !pr.known) {
      pr.rows = be16(&b[pos + 3]);
      pr.cols = be16(&b[pos + 5]);
      pr.channels = b[pos + 7];
      pr.known = pr.rows > 0 && pr.cols > 0;  // height 0 means "given later" (DNL): leave it to the decoder
    }
    pos += len;
    if (marker == 0xDA) break;  // start of scan: entropy-coded data follows
  }
  // Entropy-coded data never holds FF D9 (0xFF is stuffed as FF 00), so a file without it after the
  // first scan was cut short; libjpeg would only warn and pad the picture with grey.
  for (std::size_t i = pos; i + 1 < b.size(); ++i)
    if (b[i] == 0xFF && b[i + 1] == 0xD9) return pr;
  throw bad("truncated JPEG file (no end-of-image marker)");
}

// Held while fd 2 is sent elsewhere (DecoderMessages) and while write_stderr writes.
std::mutex& stderr_mutex() {
  static std::mutex m;
  return m;
}

// Sends fd 2 to a temporary file while a decoder runs (see LoadOptions::capture_decoder_messages).
class DecoderMessages {
 public:
  explicit DecoderMessages(bool on) {
    if (!on) return;
    lock_ = std::unique_lock<std::mutex>(stderr_mutex());
    file_ = std::tmpfile();
    if (!file_) return;
    std::fflush(stderr);
    std::cerr.flush();
    saved_ = ::dup(2);
    if (saved_ < 0 || ::dup2(::fileno(file_), 2) < 0) {
      if (saved_ >= 0) ::close(saved_);
      saved_ = -1;
      std::fclose(file_);
      file_ = nullptr;
    }
  }
  ~DecoderMessages() { finish(); }
  DecoderMessages(const DecoderMessages&) = delete;
  DecoderMessages& operator=(const DecoderMessages&) = delete;

  // Restores stderr and returns what was written meanwhile, one line per message.
  std::vector<std::string> finish() {
    std::vector<std::string> lines;
    if (!file_) return lines;
    std::fflush(stderr);
    std::cerr.flush();
    ::dup2(saved_, 2);
    ::close(saved_);
    saved_ = -1;
    std::rewind(file_);
    std::string text;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file_)) > 0 && text.size() < 65536) text.append(buf, n);
    std::fclose(file_);
    file_ = nullptr;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
      if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
    return lines;
  }

 private:
  std::unique_lock<std::mutex> lock_;
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

bool is_warning_only(const std::string& line) {
  return line.rfind("libpng warning", 0) == 0 || line.find("[ WARN:") != std::string::npos ||
         line.find("[ INFO:") != std::string::npos;
}

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

void write_stderr(const std::string& text) {
  const std::lock_guard<std::mutex> lock(stderr_mutex());
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

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
