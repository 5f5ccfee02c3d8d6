// libFuzzer target: the image headers read before decoding (PNG, JPEG, TIFF through libtiff, BMP, PNM)
// and the TIFF reader of the layouts OpenCV cannot read. Anything must either give a header or throw
// std::runtime_error; a header has a size and channels, and a TIFF small enough to decode must decode
// to that size or throw std::runtime_error.
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "fuzz_input.hpp"
#include "rl/image_header.hpp"
#include "tiff_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const rl::io::ReadAt read = [&](std::uint64_t off, void* buf, std::size_t n) -> std::size_t {
    if (off >= size) return 0;
    const std::size_t k = n < size - off ? n : static_cast<std::size_t>(size - off);
    std::memcpy(buf, data + off, k);
    return k;
  };
  rl::io::ImageHeader h;
  try {
    h = rl::io::read_header(read, size);
  } catch (const std::runtime_error&) {
    return 0;
  }
  RL_FUZZ_CHECK(h.rows > 0 && h.cols > 0 && h.channels > 0 && h.sample_bytes > 0);
  RL_FUZZ_CHECK(h.max_file_bytes > 0);
  if (h.format == rl::io::ImageFormat::Tiff && h.bytes() <= (std::uint64_t{1} << 22) &&
      rl::io::detail::tiff_reads_itself(h)) {
    try {
      const rl::Image img = rl::io::detail::tiff_decode(data, size, h.bytes() + (std::uint64_t{16} << 20));
      RL_FUZZ_CHECK(static_cast<std::uint64_t>(img.rows()) == h.rows &&
                    static_cast<std::uint64_t>(img.cols()) == h.cols && img.channels() == h.channels);
    } catch (const std::runtime_error&) {
    }
  }
  return 0;
}
