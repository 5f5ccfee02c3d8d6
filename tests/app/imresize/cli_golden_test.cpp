// Every row of the golden manifest through the `imresize` executable: uint8 rows bit-exact, float64
// rows within the manifest's tolerance and bit-identical to the core API.
#include <gtest/gtest.h>

#include <cmath>

#include "cli_support.hpp"
#include "golden.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

class CliGolden : public ::testing::TestWithParam<test::GoldenRow> {};

TEST_P(CliGolden, MatchesMatlab) {
  const auto& row = GetParam();
  test::ScratchDir dir;
  const bool f64 = row.compare == "f64";
  const std::string out = dir / (f64 ? "out.npy" : "out.png");
  std::vector<std::string> args{test::golden_path(row.input),
                                out,
                                row.mode == "scale" ? "--scale" : "--size",
                                row.value,
                                "--method",
                                row.method,
                                "--antialiasing",
                                row.antialiasing,
                                "--boundary",
                                row.boundary};
  if (row.compare == "imwrite") args.insert(args.end(), {"--as", "double"});
  const auto r = test::run_imresize(args, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const Image got = io::load(out);
  const Image want = io::load(test::golden_path(row.expected));
  ASSERT_TRUE(got.same_shape(want)) << got.rows() << "x" << got.cols() << "x" << got.channels();
  ASSERT_EQ(got.type(), want.type());
  if (!f64) {
    EXPECT_TRUE(identical(got, want)) << "uint8 result differs from MATLAB";
    return;
  }
  const double* g = got.data<double>();
  const double* w = want.data<double>();
  for (std::size_t i = 0; i < want.elements(); ++i)
    ASSERT_LE(std::abs(g[i] - w[i]), 1e-12 * std::max(1.0, std::abs(w[i]))) << "element " << i;
  // The command must not differ from the library at all.
  EXPECT_TRUE(identical(got, resize(read_npy(test::golden_path(row.input)), test::golden_spec(row))));
}

INSTANTIATE_TEST_SUITE_P(Manifest, CliGolden, ::testing::ValuesIn(test::golden_rows()),
                         [](const auto& info) { return info.param.name(); });

TEST(CliGoldenManifest, HasAllRows) { EXPECT_EQ(test::golden_rows().size(), 38u); }

}  // namespace
}  // namespace rl
