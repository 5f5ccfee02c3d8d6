// The OpenCV tables (rl/peers.hpp) are the ones cv::resize multiplies by: applying them column pass
// then row pass reproduces cv::resize on float32 (to float rounding) and uint8 (to one level).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "rl/peer_resize.hpp"

namespace rl {
namespace {

// Separable application of the tables in double: columns, then rows.
std::vector<double> apply(const peers::PeerTables& t, const Image& im) {
  std::vector<double> mid(static_cast<std::size_t>(im.rows()) * t.out_cols),
      out(static_cast<std::size_t>(t.out_rows) * t.out_cols);
  auto w = [](const peers::PeerAxis& a, int o, int k) {
    return a.fixed.empty()
               ? a.table.weights_of(o)[k]
               : a.fixed[static_cast<std::size_t>(o) * a.table.taps + k] / double(1 << a.fixed_bits);
  };
  for (int r = 0; r < im.rows(); ++r)
    for (int c = 0; c < t.out_cols; ++c) {
      double s = 0;
      for (int k = 0; k < t.cols.table.taps; ++k)
        s += w(t.cols, c, k) * im.at(r, t.cols.table.index_of(c)[k]);
      mid[static_cast<std::size_t>(r) * t.out_cols + c] = s;
    }
  for (int r = 0; r < t.out_rows; ++r)
    for (int c = 0; c < t.out_cols; ++c) {
      double s = 0;
      for (int k = 0; k < t.rows.table.taps; ++k)
        s += w(t.rows, r, k) * mid[static_cast<std::size_t>(t.rows.table.index_of(r)[k]) * t.out_cols + c];
      out[static_cast<std::size_t>(r) * t.out_cols + c] = s;
    }
  return out;
}

TEST(OpenCVTablesVsResizeTest, TablesReproduceCvResize) {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> side(1, 40);
  int checked = 0;
  for (const char* m : {"opencv-nearest", "opencv-nearest-exact", "opencv-linear", "opencv-linear-exact",
                        "opencv-cubic", "opencv-area", "opencv-lanczos4"}) {
    const peers::PeerSpec spec = peers::parse_peer_spec(m);
    for (ElemType type : {ElemType::U8, ElemType::F32}) {
      for (int trial = 0; trial < 25; ++trial) {
        const int r = side(rng), c = side(rng), orow = side(rng), ocol = side(rng);
        Image im(r, c, 1, type);
        for (int y = 0; y < r; ++y)
          for (int x = 0; x < c; ++x)
            im.set(y, x, 0, type == ElemType::U8 ? rng() % 256 : (rng() % 10000) / 10000.0);
        const auto target = peers::PeerTarget::with_size(orow, ocol);
        const Image got = io::peer_resize(im, spec, target);
        const peers::PeerTables t = peers::peer_tables(spec, r, c, target, type);
        const auto want = apply(t, im);
        for (int y = 0; y < orow; ++y)
          for (int x = 0; x < ocol; ++x) {
            const double v = want[static_cast<std::size_t>(y) * ocol + x];
            if (type == ElemType::U8)
              ASSERT_LE(std::abs(got.at(y, x) - std::clamp(v, 0.0, 255.0)), 1.0)
                  << m << " u8 " << r << "x" << c << "->" << orow << "x" << ocol << " at " << y << "," << x;
            else
              ASSERT_NEAR(got.at(y, x), v, 1e-5)
                  << m << " f32 " << r << "x" << c << "->" << orow << "x" << ocol << " at " << y << "," << x;
          }
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 7 * 2 * 25);
}

}  // namespace
}  // namespace rl
