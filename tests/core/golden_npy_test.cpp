// The float64 rows of the golden manifest (real MATLAB R2019b outputs), through the core API only.
#include <gtest/gtest.h>

#include <cmath>

#include "golden.hpp"
#include "rl/npy.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

TEST(GoldenNpy, EveryF64RowMatchesMatlab) {
  int checked = 0;
  for (const auto& row : test::golden_rows()) {
    if (row.compare != "f64") continue;
    SCOPED_TRACE(row.expected);
    const Image in = read_npy(test::golden_path(row.input));
    const Image want = read_npy(test::golden_path(row.expected));
    const Image got = resize(in, test::golden_spec(row));
    ASSERT_EQ(got.type(), ElemType::F64);
    ASSERT_EQ(got.rows(), want.rows());
    ASSERT_EQ(got.cols(), want.cols());
    ASSERT_EQ(got.channels(), want.channels());
    const double* g = got.data<double>();
    const double* w = want.data<double>();
    for (std::size_t i = 0; i < want.elements(); ++i)
      ASSERT_LE(std::abs(g[i] - w[i]), 1e-12 * std::max(1.0, std::abs(w[i]))) << "element " << i;
    ++checked;
  }
  EXPECT_EQ(checked, 16);
}

}  // namespace
}  // namespace rl
