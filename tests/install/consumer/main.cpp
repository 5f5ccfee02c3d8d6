// Links the installed ResizeLab::core and resizes hand-worked examples; exit 0 when every value matches.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "rl/image.hpp"
#include "rl/resize.hpp"
#include "rl/spec.hpp"
#include "rl/version.hpp"

namespace {

int failures = 0;

void expect_near(double got, double want, const char* what) {
  if (std::fabs(got - want) > 1e-12) {
    std::printf("FAIL %s: got %.17g, want %.17g\n", what, got, want);
    ++failures;
  }
}

}  // namespace

int main(int argc, char** argv) {
  // MATLAB: imresize([0 1], [1 4], 'bilinear') = [0 0.25 0.75 1] (sample points 0.75, 1.25, 1.75,
  // 2.25; the outer ones mirror back onto the edge pixels).
  rl::Image row(1, 2, 1, rl::ElemType::F64);
  row.data<double>()[0] = 0.0;
  row.data<double>()[1] = 1.0;
  const rl::Image up = rl::resize(row, rl::ResizeSpec::with_size(1, 4, rl::Method::Bilinear));
  if (up.rows() != 1 || up.cols() != 4 || up.channels() != 1 || up.type() != rl::ElemType::F64) {
    std::printf("FAIL: shape %dx%dx%d\n", up.rows(), up.cols(), up.channels());
    return 1;
  }
  const double want[4] = {0.0, 0.25, 0.75, 1.0};
  for (int i = 0; i < 4; ++i) expect_near(up.data<double>()[i], want[i], "bilinear [0 1] -> 1x4");

  // Weights sum to one, so a constant uint8 image stays constant under antialiased bicubic shrinking.
  rl::Image flat(9, 7, 3, rl::ElemType::U8);
  std::memset(flat.raw(), 200, flat.bytes());
  const rl::Image down = rl::resize(flat, rl::ResizeSpec::with_scale(1.0 / 3));
  if (down.rows() != 3 || down.cols() != 3 || down.channels() != 3) {
    std::printf("FAIL: 1/3 of 9x7 gave %dx%d, want 3x3\n", down.rows(), down.cols());
    return 1;
  }
  for (std::size_t i = 0; i < down.elements(); ++i)
    if (down.data<unsigned char>()[i] != 200) {
      std::printf("FAIL: constant image changed to %d at %zu\n", down.data<unsigned char>()[i], i);
      return 1;
    }

  if (argc > 1 && std::string_view(argv[1]) != rl::kVersion) {
    std::printf("FAIL: rl::kVersion is %s, want %s\n", RL_VERSION_STRING, argv[1]);
    ++failures;
  }
  if (failures) return 1;
  std::printf("ok: ResizeLab %s, bilinear [0 1] -> [%g %g %g %g]\n", RL_VERSION_STRING, up.data<double>()[0],
              up.data<double>()[1], up.data<double>()[2], up.data<double>()[3]);
  return 0;
}
