// The readers' bounds and TIFF through libtiff: every type and channel count survives a TIFF round
// trip; tiled, deflate-compressed float64 RGB (written here by libtiff itself) reads; headers give the
// size they say; a file that is no regular file, or says more than the limit, is refused in one line.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <tiffio.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "image_bytes.hpp"
#include "rl/image_header.hpp"
#include "rl/image_io.hpp"

namespace rl {
namespace {

namespace fs = std::filesystem;

class ImageBounds : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rl-io-bounds-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::vector<std::uint8_t>& b) const {
    std::ofstream f(dir_ / name, std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
  }
  // The message of load's exception (and that it is one line).
  std::string refusal(const std::string& name, const io::LoadOptions& o = {}) const {
    try {
      io::load(path(name), o);
    } catch (const std::runtime_error& e) {
      const std::string m = e.what();
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
      return m;
    }
    ADD_FAILURE() << name << " was read";
    return "";
  }
  fs::path dir_;
};

io::ImageHeader header_of(const std::vector<std::uint8_t>& b) {
  return io::read_header(
      [&](std::uint64_t off, void* buf, std::size_t n) -> std::size_t {
        if (off >= b.size()) return 0;
        const std::size_t k = std::min<std::size_t>(n, b.size() - off);
        std::memcpy(buf, b.data() + off, k);
        return k;
      },
      b.size());
}

TEST_F(ImageBounds, TiffRoundTripKeepsEveryTypeAndChannelCount) {
  for (ElemType t : {ElemType::U8, ElemType::U16, ElemType::U32, ElemType::I8, ElemType::I16, ElemType::I32,
                     ElemType::F32, ElemType::F64})
    for (int ch : {1, 2, 3, 4, 5}) {
      SCOPED_TRACE(to_string(t) + " x" + std::to_string(ch));
      Image img(5, 7, ch, t);
      for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 7; ++c)
          for (int k = 0; k < ch; ++k)
            // Distinct values within every class's range (int8 wraps into 0..127).
            img.set(r, c, k,
                    ((r * 7 + c) * ch + k) % (t == ElemType::I8 ? 128 : 1 << 30) +
                        (t == ElemType::F64 ? 0.125 : 0));
      io::save(path("rt.tif"), img);
      const Image back = io::load(path("rt.tif"));
      ASSERT_EQ(back.type(), t);
      ASSERT_TRUE(back.same_shape(img));
      EXPECT_EQ(std::memcmp(back.raw(), img.raw(), img.bytes()), 0);
    }
}

TEST_F(ImageBounds, TiledDeflateFloat64RgbWrittenByLibtiffReads) {
  TIFF* t = TIFFOpen(path("tiled.tif").c_str(), "w");
  ASSERT_NE(t, nullptr);
  const std::uint32_t w = 40, h = 24;
  TIFFSetField(t, TIFFTAG_IMAGEWIDTH, w);
  TIFFSetField(t, TIFFTAG_IMAGELENGTH, h);
  TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 3);
  TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 64);
  TIFFSetField(t, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
  TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
  TIFFSetField(t, TIFFTAG_COMPRESSION, COMPRESSION_ADOBE_DEFLATE);
  TIFFSetField(t, TIFFTAG_TILEWIDTH, 16);
  TIFFSetField(t, TIFFTAG_TILELENGTH, 16);
  std::vector<double> tile(16 * 16 * 3);
  for (std::uint32_t y = 0; y < h; y += 16)
    for (std::uint32_t x = 0; x < w; x += 16) {
      for (std::uint32_t r = 0; r < 16; ++r)
        for (std::uint32_t c = 0; c < 16; ++c)
          for (std::uint32_t k = 0; k < 3; ++k)
            tile[(r * 16 + c) * 3 + k] = ((y + r) * w + (x + c)) * 3 + k + 0.25;
      ASSERT_GT(TIFFWriteTile(t, tile.data(), x, y, 0, 0), 0);
    }
  TIFFClose(t);
  const Image img = io::load(path("tiled.tif"));
  ASSERT_EQ(img.type(), ElemType::F64);
  ASSERT_EQ(img.rows(), 24);
  ASSERT_EQ(img.cols(), 40);
  ASSERT_EQ(img.channels(), 3);
  for (int i = 0; i < 24 * 40 * 3; ++i) ASSERT_EQ(img.data<double>()[i], i + 0.25) << i;
}

TEST_F(ImageBounds, HeadersGiveTheirSizeWithoutTheirPixels) {
  const io::ImageHeader tif = header_of(test::make_tiff(32768, 20000, 3, 64, 3, {}));
  EXPECT_EQ(tif.format, io::ImageFormat::Tiff);
  EXPECT_EQ(tif.cols, 32768u);
  EXPECT_EQ(tif.rows, 20000u);
  EXPECT_EQ(tif.channels, 3);
  EXPECT_EQ(tif.sample_bytes, 8);
  const auto bmp_bytes = test::make_bmp(300, -200, 300 * 200 * 3);
  const io::ImageHeader bmp = header_of(bmp_bytes);
  EXPECT_EQ(bmp.format, io::ImageFormat::Bmp);
  EXPECT_EQ(bmp.cols, 300u);
  EXPECT_EQ(bmp.rows, 200u);  // top-down (negative height)
  EXPECT_EQ(bmp.max_file_bytes, bmp_bytes.size());
  const std::string pgm = "P5\n# a comment\n 640 480\n65535\n";
  std::vector<std::uint8_t> pnm(pgm.begin(), pgm.end());
  pnm.resize(pnm.size() + 640 * 480 * 2);
  const io::ImageHeader p = header_of(pnm);
  EXPECT_EQ(p.format, io::ImageFormat::Pnm);
  EXPECT_EQ(p.cols, 640u);
  EXPECT_EQ(p.rows, 480u);
  EXPECT_EQ(p.sample_bytes, 2);
  // JPEG: SOI, an APP0 of 16 bytes, then SOF0 with 4000 x 6000 and 3 components.
  const std::vector<std::uint8_t> jpg{0xFF, 0xD8, 0xFF, 0xE0, 0, 16,   'J', 'F',  'I',  'F', 0,  1,    1,
                                      0,    0,    1,    0,    1, 0,    0,   0xFF, 0xC0, 0,   17, 8,    0x0F,
                                      0xA0, 0x17, 0x70, 3,    1, 0x11, 0,   2,    0x11, 1,   3,  0x11, 1};
  const io::ImageHeader j = header_of(jpg);
  EXPECT_EQ(j.format, io::ImageFormat::Jpeg);
  EXPECT_EQ(j.rows, 4000u);
  EXPECT_EQ(j.cols, 6000u);
  EXPECT_THROW(header_of(std::vector<std::uint8_t>{'G', 'I', 'F', '8', '9', 'a'}), std::runtime_error);
}

TEST_F(ImageBounds, NoRegularFileOrOverTheLimitIsRefusedInOneLine) {
  try {
    io::load("/dev/null");
    ADD_FAILURE() << "/dev/null was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/null: is a character device"), std::string::npos) << e.what();
  }
  ASSERT_EQ(::mkfifo(path("p.png").c_str(), 0600), 0);
  EXPECT_NE(refusal("p.png").find("is a FIFO"), std::string::npos);
  // Each refusal closes what it opened: with at most 64 open files, 1000 refusals, then a read.
  rlimit files{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &files), 0);
  const rlimit few{64, files.rlim_max};
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &few), 0);
  for (int i = 0; i < 1000; ++i) EXPECT_THROW(io::load(path("p.png")), std::runtime_error);
  write("lie.tif", test::make_tiff(30000, 30000, 1, 8, 1, std::vector<std::uint8_t>(64)));
  EXPECT_NE(refusal("lie.tif").find("30000x30000 (900000000 pixels), over the limit of 178956970"),
            std::string::npos);
  io::LoadOptions o;
  o.max_pixels = 10;
  write("small.tif", test::make_tiff(4, 3, 1, 8, 1, std::vector<std::uint8_t>(12, 1)));
  EXPECT_NE(refusal("small.tif", o).find("over the limit of 10 pixels"), std::string::npos);
  o.max_pixels = 12;
  EXPECT_EQ(io::load(path("small.tif"), o).cols(), 4);  // also: file descriptors were left to open it
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &files), 0);
  // Grey+alpha uint16 made byte by byte: OpenCV cannot read it, libtiff can.
  const std::vector<std::uint16_t> v{1, 2, 3, 4, 5, 6, 7, 65535};
  write("two.tif", test::make_tiff(2, 2, 2, 16, 1, test::bytes_of(v)));
  const Image two = io::load(path("two.tif"));
  ASSERT_EQ(two.channels(), 2);
  ASSERT_EQ(two.type(), ElemType::U16);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(two.data<std::uint16_t>()[i], v[static_cast<std::size_t>(i)]);
}

// An .npy file of `header` (a v1.0 dictionary) followed by `data`, then made `size` bytes long (sparse:
// ftruncate takes no disk) when that is longer.
void write_npy_file(const std::string& path, const std::string& header, const std::vector<std::uint8_t>& data,
                    std::uint64_t size = 0) {
  std::string dict = header;
  dict.append((64 - (10 + dict.size() + 1) % 64) % 64, ' ');
  dict += '\n';
  std::string b = std::string("\x93NUMPY\x01\x00", 8);
  b += static_cast<char>(dict.size() & 0xff);
  b += static_cast<char>(dict.size() >> 8);
  b += dict;
  b.append(data.begin(), data.end());
  std::ofstream(path, std::ios::binary).write(b.data(), static_cast<std::streamsize>(b.size()));
  if (size > b.size()) {
    ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(size)), 0);
  }
}

TEST_F(ImageBounds, NpyShapeIsCheckedBeforeItsDataAndNoByteBeyondItIsRead) {
  // The shape is checked against the limits from the header, also when the file is shorter than it.
  io::LoadOptions o;
  o.max_pixels = 1000;
  write_npy_file(path("short.npy"), "{'descr': '|u1', 'fortran_order': False, 'shape': (3000, 3000), }", {},
                 1 << 20);
  EXPECT_NE(refusal("short.npy", o).find("3000x3000 (9000000 pixels), over the limit of 1000 pixels"),
            std::string::npos);
  // 100000 x 100000 float64 in a 6 GB file (sparse): refused from its header.
  write_npy_file(path("huge.npy"), "{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 100000), }",
                 {}, 6ULL << 30);
  EXPECT_NE(refusal("huge.npy").find("100000x100000 (10000000000 pixels), over the limit"),
            std::string::npos);
  // A small image padded after its data (1 MiB, and 50 GB sparse) is refused without reading the padding;
  // it needs 128 header bytes and 12 data bytes.
  const std::vector<std::uint8_t> px{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const std::string small = "{'descr': '|u1', 'fortran_order': False, 'shape': (4, 3), }";
  write_npy_file(path("ok.npy"), small, px);
  const Image ok = io::load(path("ok.npy"));
  ASSERT_EQ(ok.rows(), 4);
  EXPECT_EQ(ok.data<std::uint8_t>()[11], 12);
  for (std::uint64_t size : {std::uint64_t{1} << 20, std::uint64_t{50} << 30}) {
    write_npy_file(path("padded.npy"), small, px, size);
    const std::string m = refusal("padded.npy");
    EXPECT_NE(m.find("the file is " + std::to_string(size) +
                     " bytes, more than a 4x3x1 uint8 .npy image holds (140); not read"),
              std::string::npos)
        << m;
  }
  // One byte short: the decoder's one line.
  write_npy_file(path("cut.npy"), small, std::vector<std::uint8_t>(px.begin(), px.end() - 1));
  EXPECT_NE(refusal("cut.npy").find("the data holds 11 bytes, the shape needs 12"), std::string::npos);
}

// A multi-page TIFF whose later pages make it longer than its first page can need: refused, saying that
// only the first page is read (not that the file is corrupt); a small one reads its first page.
TEST_F(ImageBounds, AMultiPageTiffSaysOnlyItsFirstPageIsRead) {
  const auto write_pages = [&](const std::string& name, std::uint32_t second) {
    TIFF* t = TIFFOpen(path(name).c_str(), "w");
    ASSERT_NE(t, nullptr);
    for (const std::uint32_t side : {std::uint32_t{4}, second}) {
      TIFFSetField(t, TIFFTAG_IMAGEWIDTH, side);
      TIFFSetField(t, TIFFTAG_IMAGELENGTH, side);
      TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 1);
      TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 8);
      TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
      TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
      TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, 64);
      std::vector<std::uint8_t> row(side, side == 4 ? 9 : 0);
      for (std::uint32_t y = 0; y < side; ++y) ASSERT_EQ(TIFFWriteScanline(t, row.data(), y, 0), 1);
      ASSERT_TRUE(TIFFWriteDirectory(t));
    }
    TIFFClose(t);
  };
  write_pages("few.tif", 8);
  const Image first = io::load(path("few.tif"));
  EXPECT_EQ(first.rows(), 4);
  EXPECT_EQ(first.at(3, 3, 0), 9);
  write_pages("many.tif", 8300);  // 68.9 MB: more than 2 x 16 bytes + 64 MiB
  const std::string m = refusal("many.tif");
  EXPECT_NE(m.find("more than a 4x4 TIFF image can need (67108896): it holds more pages, and only the first "
                   "page of a TIFF is read (save that page alone); not read"),
            std::string::npos)
      << m;
}

}  // namespace
}  // namespace rl
