// TIFF through libtiff (see tiff_io.hpp). Every handle gets its own error handler, so libtiff's
// messages become the one-line reason of an exception instead of text on stderr, also when several
// threads read at once; its allocations are bounded by the caller's limit.
#include "tiff_io.hpp"

#include <tiffio.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

namespace rl::io::detail {

namespace {

// A file seen through ReadAt (reading), or a growing buffer (writing), as libtiff's client procs.
struct Client {
  const ReadAt* read = nullptr;
  std::uint64_t size = 0;
  std::vector<std::uint8_t>* out = nullptr;
  std::uint64_t pos = 0;
  std::string error;  // libtiff's first error message
};

tmsize_t client_read(thandle_t h, void* buf, tmsize_t n) {
  auto* c = static_cast<Client*>(h);
  if (n <= 0) return 0;
  std::size_t got = 0;
  if (c->read) {
    got = (*c->read)(c->pos, buf, static_cast<std::size_t>(n));
  } else if (c->out && c->pos < c->out->size()) {
    got = std::min<std::size_t>(static_cast<std::size_t>(n), c->out->size() - c->pos);
    std::memcpy(buf, c->out->data() + c->pos, got);
  }
  c->pos += got;
  return static_cast<tmsize_t>(got);
}

tmsize_t client_write(thandle_t h, void* buf, tmsize_t n) {
  auto* c = static_cast<Client*>(h);
  if (!c->out || n < 0) return -1;
  const std::size_t end = c->pos + static_cast<std::size_t>(n);
  if (end > c->out->size()) c->out->resize(end);
  std::memcpy(c->out->data() + c->pos, buf, static_cast<std::size_t>(n));
  c->pos = end;
  return n;
}

std::uint64_t client_length(const Client* c) { return c->out ? c->out->size() : c->size; }

toff_t client_seek(thandle_t h, toff_t off, int whence) {
  auto* c = static_cast<Client*>(h);
  std::uint64_t base = 0;
  if (whence == SEEK_CUR) base = c->pos;
  if (whence == SEEK_END) base = client_length(c);
  c->pos = base + off;
  return c->pos;
}

int client_close(thandle_t) { return 0; }
toff_t client_size(thandle_t h) { return client_length(static_cast<Client*>(h)); }
int client_map(thandle_t, void**, toff_t*) { return 0; }
void client_unmap(thandle_t, void*, toff_t) {}

int on_error(TIFF*, void* user, const char* module, const char* fmt, va_list ap) {
  auto* c = static_cast<Client*>(user);
  if (c->error.empty()) {
    char buf[512];
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    c->error = buf;
    for (char& ch : c->error)
      if (ch == '\n' || ch == '\r') ch = ' ';
    if (module && *module) c->error = std::string(module) + ": " + c->error;
  }
  return 1;  // handled: nothing reaches the global handler (stderr)
}

int on_warning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

struct TiffCloser {
  void operator()(TIFF* t) const { TIFFClose(t); }
};
using TiffPtr = std::unique_ptr<TIFF, TiffCloser>;

TiffPtr open_client(Client& c, const char* mode, std::uint64_t max_alloc) {
  TIFFOpenOptions* opts = TIFFOpenOptionsAlloc();
  if (!opts) throw std::bad_alloc();
  TIFFOpenOptionsSetErrorHandlerExtR(opts, on_error, &c);
  TIFFOpenOptionsSetWarningHandlerExtR(opts, on_warning, &c);
  if (max_alloc > 0)
    TIFFOpenOptionsSetMaxSingleMemAlloc(opts, static_cast<tmsize_t>(std::min<std::uint64_t>(
                                                  max_alloc, std::numeric_limits<tmsize_t>::max())));
  TIFF* t = TIFFClientOpenExt("tiff", mode, &c, client_read, client_write, client_seek, client_close,
                              client_size, client_map, client_unmap, opts);
  TIFFOpenOptionsFree(opts);
  if (!t)
    throw std::runtime_error("corrupt TIFF file (" +
                             (c.error.empty() ? std::string("unreadable header") : c.error) + ")");
  return TiffPtr(t);
}

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
    return std::numeric_limits<std::uint64_t>::max();
  return a * b;
}

ImageHeader header_of(TIFF* t) {
  std::uint32_t w = 0, h = 0;
  std::uint16_t spp = 1, bits = 1, sf = SAMPLEFORMAT_UINT, planar = PLANARCONFIG_CONTIG, photometric = 1;
  if (!TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &w) || !TIFFGetField(t, TIFFTAG_IMAGELENGTH, &h) || w == 0 ||
      h == 0)
    throw std::runtime_error("corrupt TIFF file (no image width or height)");
  TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLESPERPIXEL, &spp);
  TIFFGetFieldDefaulted(t, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLEFORMAT, &sf);
  TIFFGetFieldDefaulted(t, TIFFTAG_PLANARCONFIG, &planar);
  if (!TIFFGetField(t, TIFFTAG_PHOTOMETRIC, &photometric)) photometric = spp >= 3 ? 2 : 1;
  if (spp == 0 || bits == 0) throw std::runtime_error("corrupt TIFF file (zero samples or bits per sample)");
  ImageHeader hd;
  hd.format = ImageFormat::Tiff;
  hd.rows = h;
  hd.cols = w;
  // OpenCV gives palette, YCbCr, CMYK and the like as 3 or 4 channels of 8 or 16 bits.
  hd.channels = photometric <= 2 ? spp : std::max<int>(spp, 4);
  hd.sample_bytes = std::max(1, (bits + 7) / 8);
  hd.tiff_sample_format = sf;
  hd.tiff_bits = bits;
  hd.tiff_planar = planar;
  hd.tiff_photometric = photometric;
  // Compression can make a file larger than its raw samples, by a little; metadata (profiles, EXIF,
  // thumbnails) adds some more.
  const std::uint64_t raw = hd.bytes();
  hd.max_file_bytes = saturating_mul(raw, 2) + (std::uint64_t{64} << 20);
  return hd;
}

ElemType type_of(int sf, int bits) {
  if (sf == SAMPLEFORMAT_UINT && bits == 8) return ElemType::U8;
  if (sf == SAMPLEFORMAT_UINT && bits == 16) return ElemType::U16;
  if (sf == SAMPLEFORMAT_UINT && bits == 32) return ElemType::U32;
  if (sf == SAMPLEFORMAT_INT && bits == 8) return ElemType::I8;
  if (sf == SAMPLEFORMAT_INT && bits == 16) return ElemType::I16;
  if (sf == SAMPLEFORMAT_INT && bits == 32) return ElemType::I32;
  if (sf == SAMPLEFORMAT_IEEEFP && bits == 32) return ElemType::F32;
  if (sf == SAMPLEFORMAT_IEEEFP && bits == 64) return ElemType::F64;
  static const char* const kNames[] = {"", "unsigned", "signed", "floating-point"};
  throw std::runtime_error("unsupported TIFF sample type (" + std::to_string(bits) + "-bit " +
                           (sf >= 1 && sf <= 3 ? kNames[sf] : "of format " + std::to_string(sf)) + ")");
}

}  // namespace

ImageHeader tiff_header(const ReadAt& read, std::uint64_t file_size) {
  Client c;
  c.read = &read;
  c.size = file_size;
  // One directory's tags are small; a header asking for more is refused by libtiff.
  const TiffPtr t = open_client(c, "rm", std::uint64_t{64} << 20);
  return header_of(t.get());
}

bool tiff_has_more_pages(const ReadAt& read, std::uint64_t file_size) {
  Client c;
  c.read = &read;
  c.size = file_size;
  try {
    const TiffPtr t = open_client(c, "rm", std::uint64_t{64} << 20);
    return !TIFFLastDirectory(t.get());
  } catch (const std::runtime_error&) {
    return false;  // the caller's message stands without this detail
  }
}

bool tiff_reads_itself(const ImageHeader& h) {
  // Palette, YCbCr, CMYK, bilevel, LogLuv, ...: OpenCV converts them to 8 or 16 bits.
  if (h.tiff_photometric > 2 ||
      (h.tiff_bits != 8 && h.tiff_bits != 16 && h.tiff_bits != 32 && h.tiff_bits != 64))
    return false;
  // OpenCV keeps 8- and 16-bit unsigned grey, RGB and RGBA; the rest is read here, exactly.
  const int ch = h.channels;
  return !(h.tiff_sample_format == SAMPLEFORMAT_UINT && (h.tiff_bits == 8 || h.tiff_bits == 16) &&
           (ch == 1 || ch == 3 || ch == 4));
}

Image tiff_decode(const std::uint8_t* data, std::size_t size, std::uint64_t max_alloc) {
  const ReadAt read = [&](std::uint64_t off, void* buf, std::size_t n) -> std::size_t {
    if (off >= size) return 0;
    const std::size_t k = std::min<std::size_t>(n, size - static_cast<std::size_t>(off));
    std::memcpy(buf, data + off, k);
    return k;
  };
  Client c;
  c.read = &read;
  c.size = size;
  const TiffPtr tp = open_client(c, "rm", max_alloc);
  TIFF* t = tp.get();
  const ImageHeader h = header_of(t);
  const auto fail = [&](const std::string& what) {
    return std::runtime_error(what + (c.error.empty() ? std::string() : " (" + c.error + ")"));
  };
  if (h.tiff_planar != PLANARCONFIG_CONTIG && h.channels > 1)
    throw std::runtime_error("unsupported TIFF layout (channels stored in separate planes)");
  if (h.tiff_photometric > 2)
    throw std::runtime_error("unsupported TIFF colour model (photometric " +
                             std::to_string(h.tiff_photometric) + ")");
  const ElemType type = type_of(h.tiff_sample_format, h.tiff_bits);
  if (h.rows > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ||
      h.cols > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("the TIFF image is too large");
  Image img = Image::uninitialized(static_cast<int>(h.rows), static_cast<int>(h.cols), h.channels, type);
  auto* dst = static_cast<std::uint8_t*>(img.raw());
  const std::size_t px_bytes = static_cast<std::size_t>(h.channels) * elem_size(type);
  const std::size_t row_bytes = static_cast<std::size_t>(h.cols) * px_bytes;
  const std::uint64_t image_bytes = static_cast<std::uint64_t>(row_bytes) * h.rows;
  if (TIFFIsTiled(t)) {
    std::uint32_t tw = 0, th = 0;
    TIFFGetField(t, TIFFTAG_TILEWIDTH, &tw);
    TIFFGetField(t, TIFFTAG_TILELENGTH, &th);
    const tmsize_t tile_bytes = TIFFTileSize(t);
    if (tw == 0 || th == 0 || tile_bytes <= 0 ||
        static_cast<std::uint64_t>(tile_bytes) != static_cast<std::uint64_t>(tw) * th * px_bytes ||
        static_cast<std::uint64_t>(tile_bytes) > image_bytes + (std::uint64_t{16} << 20))
      throw fail("corrupt TIFF file (tile size)");
    std::vector<std::uint8_t> tile(static_cast<std::size_t>(tile_bytes));
    for (std::uint32_t y = 0; y < h.rows; y += th)
      for (std::uint32_t x = 0; x < h.cols; x += tw) {
        if (TIFFReadEncodedTile(t, TIFFComputeTile(t, x, y, 0, 0), tile.data(), tile_bytes) < 0)
          throw fail("corrupt TIFF file (unreadable tile)");
        const std::size_t n_rows = std::min<std::uint64_t>(th, h.rows - y);
        const std::size_t n_bytes = std::min<std::uint64_t>(tw, h.cols - x) * px_bytes;
        for (std::size_t r = 0; r < n_rows; ++r)
          std::memcpy(dst + (y + r) * row_bytes + x * px_bytes, tile.data() + r * tw * px_bytes, n_bytes);
      }
  } else {
    std::uint32_t rps = 0;
    TIFFGetFieldDefaulted(t, TIFFTAG_ROWSPERSTRIP, &rps);
    rps = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::max<std::uint32_t>(rps, 1), h.rows));
    const std::uint32_t strips = TIFFNumberOfStrips(t);
    for (std::uint32_t s = 0; s < strips; ++s) {
      const std::uint64_t first = static_cast<std::uint64_t>(s) * rps;
      if (first >= h.rows) break;
      const std::uint64_t want = std::min<std::uint64_t>(rps, h.rows - first) * row_bytes;
      const tmsize_t got = TIFFReadEncodedStrip(t, s, dst + first * row_bytes, static_cast<tmsize_t>(want));
      if (got < 0 || static_cast<std::uint64_t>(got) < want) throw fail("truncated or corrupt TIFF file");
    }
  }
  return img;
}

bool tiff_writes_itself(ElemType type, int channels) {
  // OpenCV 4.6 writes float RGB as LogLuv (lossy, about 1%) and refuses most other layouts: it is
  // left 8- and 16-bit unsigned grey, RGB and RGBA only.
  return !((type == ElemType::U8 || type == ElemType::U16) &&
           (channels == 1 || channels == 3 || channels == 4));
}

std::vector<std::uint8_t> tiff_encode(const Image& img) {
  std::vector<std::uint8_t> out;
  Client c;
  c.out = &out;
  TiffPtr tp = open_client(c, "w", 0);
  TIFF* t = tp.get();
  const ElemType type = img.type();
  const int ch = img.channels();
  const std::uint16_t sf = type == ElemType::F32 || type == ElemType::F64 ? SAMPLEFORMAT_IEEEFP
                           : type == ElemType::I8 || type == ElemType::I16 || type == ElemType::I32
                               ? SAMPLEFORMAT_INT
                               : SAMPLEFORMAT_UINT;
  const std::size_t row_bytes = static_cast<std::size_t>(img.cols()) * ch * elem_size(type);
  const std::uint32_t rps = static_cast<std::uint32_t>(
      std::max<std::size_t>(1, (std::size_t{1} << 16) / std::max<std::size_t>(row_bytes, 1)));
  const bool colour = ch >= 3;
  TIFFSetField(t, TIFFTAG_IMAGEWIDTH, static_cast<std::uint32_t>(img.cols()));
  TIFFSetField(t, TIFFTAG_IMAGELENGTH, static_cast<std::uint32_t>(img.rows()));
  TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, static_cast<std::uint16_t>(ch));
  TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, static_cast<std::uint16_t>(8 * elem_size(type)));
  TIFFSetField(t, TIFFTAG_SAMPLEFORMAT, sf);
  TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(t, TIFFTAG_PHOTOMETRIC, colour ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK);
  const int extra = ch - (colour ? 3 : 1);
  if (extra > 0) {
    // The channel after grey or RGB is alpha (unassociated), as PNG's; any further ones are unspecified.
    std::vector<std::uint16_t> kinds(static_cast<std::size_t>(extra), EXTRASAMPLE_UNSPECIFIED);
    if (ch == 2 || ch == 4) kinds[0] = EXTRASAMPLE_UNASSALPHA;
    TIFFSetField(t, TIFFTAG_EXTRASAMPLES, static_cast<std::uint16_t>(extra), kinds.data());
  }
  const bool deflate = TIFFIsCODECConfigured(COMPRESSION_ADOBE_DEFLATE) != 0;
  TIFFSetField(t, TIFFTAG_COMPRESSION, deflate ? COMPRESSION_ADOBE_DEFLATE : COMPRESSION_NONE);
  TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, rps);
  const auto* src = static_cast<const std::uint8_t*>(img.raw());
  for (std::uint32_t s = 0, r = 0; r < static_cast<std::uint32_t>(img.rows()); ++s, r += rps) {
    const std::size_t n = std::min<std::size_t>(rps, static_cast<std::size_t>(img.rows()) - r) * row_bytes;
    // libtiff may byte-swap or compress in place: give it a copy.
    std::vector<std::uint8_t> strip(src + r * row_bytes, src + r * row_bytes + n);
    if (TIFFWriteEncodedStrip(t, s, strip.data(), static_cast<tmsize_t>(n)) < 0)
      throw std::runtime_error("cannot encode the TIFF image" +
                               (c.error.empty() ? "" : " (" + c.error + ")"));
  }
  if (!TIFFWriteDirectory(t))
    throw std::runtime_error("cannot encode the TIFF image" + (c.error.empty() ? "" : " (" + c.error + ")"));
  tp.reset();  // closes: libtiff's last writes land in `out` before it is returned
  return out;
}

}  // namespace rl::io::detail
