// Frequency response against closed forms, the sampling explainer against resize_pass and hand-worked
// values, line profiles against hand-worked pixels, and the boundary map.
#include "rl/teaching.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

#include "rl/resize.hpp"

namespace {

double sinc(double f) {
  if (f == 0) return 1.0;
  const double a = std::numbers::pi * f;
  return std::sin(a) / a;
}

rl::Plan plan_for(rl::Method m, double scale, bool aa, rl::Boundary b, int rows, int cols) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_scale(scale, m);
  spec.antialiasing = aa;
  spec.boundary = b;
  return rl::make_plan(spec, rows, cols);
}

TEST(FrequencyResponse, BoxIsAbsSinc) {
  const rl::Kernel box = rl::kernel_for(rl::Method::Box);
  for (double f = 0; f <= 3.0; f += 0.0625)
    EXPECT_NEAR(rl::frequency_response(box, f), std::abs(sinc(f)), 1e-12) << f;
}

TEST(FrequencyResponse, TriangleIsSincSquared) {
  const rl::Kernel tri = rl::kernel_for(rl::Method::Triangle);
  for (double f = 0; f <= 3.0; f += 0.0625)
    EXPECT_NEAR(rl::frequency_response(tri, f), sinc(f) * sinc(f), 1e-12) << f;
}

TEST(FrequencyResponse, WidenedBoxIsNarrowerSinc) {
  // Antialiased shrink by s = 1/4: h(x) = s box(s x), width 4, H(f) = sinc(4 f).
  const rl::Plan plan = plan_for(rl::Method::Box, 0.25, true, rl::Boundary::Modern, 16, 16);
  const std::vector<double> f = {0.0, 0.1, 0.125, 0.2, 0.3, 0.5, 0.77};
  const std::vector<double> h = rl::frequency_response(plan, rl::Axis::Cols, f);
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_NEAR(h[i], std::abs(sinc(4 * f[i])), 1e-12) << f[i];
  EXPECT_NEAR(h[2], 0.6366197723675814, 1e-12);  // f = 1/8: sinc(1/2) = sin(pi/2) / (pi/2) = 2/pi
}

TEST(FrequencyResponse, CubicMatchesAnIndependentSum) {
  // Keys' cubic integrates to 1; its transform by a fine midpoint sum written here.
  const rl::Kernel k = rl::kernel_for(rl::Method::Bicubic);
  for (const double f : {0.1, 0.37, 0.5, 0.9, 1.6}) {
    constexpr int n = 400000;
    double re = 0;
    for (int i = 0; i < n; ++i) {
      const double x = -2 + (i + 0.5) * 4.0 / n;
      re += k.fn(x) * std::cos(2 * std::numbers::pi * f * x) * 4.0 / n;
    }
    EXPECT_NEAR(rl::frequency_response(k, f), std::abs(re), 1e-9) << f;
  }
}

TEST(FrequencyResponse, GainAtZeroIsOneForEveryMethod) {
  for (const rl::Method m : rl::builtin_methods())
    for (const double s : {0.3, 1.0, 2.5}) {
      const rl::Plan plan = plan_for(m, s, true, rl::Boundary::Modern, 20, 20);
      EXPECT_NEAR(rl::frequency_response(plan, rl::Axis::Rows, {0.0})[0], 1.0, 1e-12)
          << rl::to_string(m) << s;
    }
}

TEST(MapBoundary, MirrorAndClamp) {
  const int modern[] = {2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0};  // i = -4 .. 6, n = 3
  for (int i = -4; i <= 6; ++i) EXPECT_EQ(rl::map_boundary(i, 3, rl::Boundary::Modern), modern[i + 4]) << i;
  EXPECT_EQ(rl::map_boundary(-5, 3, rl::Boundary::Legacy), 0);
  EXPECT_EQ(rl::map_boundary(1, 3, rl::Boundary::Legacy), 1);
  EXPECT_EQ(rl::map_boundary(7, 3, rl::Boundary::Legacy), 2);
}

TEST(SamplingRow, HandWorkedBilinearUpscale) {
  // Triangle at scale 2 on p = {0, 10}: u = -0.25, 0.25, 0.75, 1.25; mirrored edges give 0 and 10.
  const rl::Plan plan = plan_for(rl::Method::Bilinear, 2.0, true, rl::Boundary::Modern, 1, 2);
  const std::vector<double> p = {0.0, 10.0};
  const rl::SamplingRow r = rl::sampling_row(plan, rl::Axis::Cols, p, rl::ElemType::F64, -1, 2, 13);
  ASSERT_EQ(r.u.size(), 4u);
  const double u[] = {-0.25, 0.25, 0.75, 1.25}, v[] = {0.0, 2.5, 7.5, 10.0};
  for (int o = 0; o < 4; ++o) {
    EXPECT_DOUBLE_EQ(r.u[o], u[o]);
    EXPECT_NEAR(r.value[o], v[o], 1e-12);
  }
  EXPECT_NEAR(rl::reconstruct_at(plan, rl::Axis::Cols, p, 0.5), 5.0, 1e-12);
  EXPECT_DOUBLE_EQ(r.x.front(), -1.0);
  EXPECT_DOUBLE_EQ(r.x.back(), 2.0);
  EXPECT_NEAR(r.curve[6], 5.0, 1e-12);  // x = 0.5
  EXPECT_THROW(rl::sampling_row(plan, rl::Axis::Cols, {1.0}, rl::ElemType::F64, 0, 1, 5),
               std::invalid_argument);
}

TEST(SamplingRow, DotsEqualResizePassAndLieOnTheCurve) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> d(0, 255);
  const int rows = 5, cols = 23, ch = 3;
  rl::Image img(rows, cols, ch, rl::ElemType::U8);
  auto* px = img.data<std::uint8_t>();
  for (std::size_t i = 0; i < img.elements(); ++i) px[i] = static_cast<std::uint8_t>(d(rng));
  for (const rl::Method m : rl::builtin_methods())
    for (const bool aa : {true, false})
      for (const rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy})
        for (const double s : {0.37, 1.6}) {
          const rl::Plan plan = plan_for(m, s, aa, b, rows, cols);
          const rl::Image pass = rl::resize_pass(plan.cols, rl::Axis::Cols, img);
          for (int r = 0; r < rows; ++r)
            for (int c = 0; c < ch; ++c) {
              std::vector<double> p;
              for (int k = 0; k < cols; ++k) p.push_back(img.at(r, k, c));
              const rl::SamplingRow sr =
                  rl::sampling_row(plan, rl::Axis::Cols, p, rl::ElemType::U8, 0, cols - 1, 50);
              ASSERT_EQ(static_cast<int>(sr.value.size()), pass.cols());
              for (int o = 0; o < pass.cols(); ++o) {
                EXPECT_EQ(sr.value[o], pass.at(r, o, c)) << rl::to_string(m) << " aa " << aa << " s " << s;
                EXPECT_NEAR(rl::reconstruct_at(plan, rl::Axis::Cols, p, sr.u[o]), sr.sum[o], 1e-9)
                    << rl::to_string(m) << " aa " << aa << " s " << s << " o " << o;
              }
            }
        }
}

TEST(SamplingRow, ColumnAxisMatchesResizePassOnFloat) {
  rl::Image img(17, 3, 1, rl::ElemType::F64);
  for (int r = 0; r < 17; ++r)
    for (int c = 0; c < 3; ++c) img.data<double>()[r * 3 + c] = std::sin(r * 0.9 + c);
  const rl::Plan plan = plan_for(rl::Method::Lanczos3, 0.45, true, rl::Boundary::Modern, 17, 3);
  const rl::Image pass = rl::resize_pass(plan.rows, rl::Axis::Rows, img);
  std::vector<double> p;
  for (int r = 0; r < 17; ++r) p.push_back(img.at(r, 1));
  const rl::SamplingRow sr = rl::sampling_row(plan, rl::Axis::Rows, p, rl::ElemType::F64, 0, 16, 10);
  for (int o = 0; o < pass.rows(); ++o) EXPECT_EQ(sr.value[o], pass.at(o, 1));
}

TEST(LineProfile, HandWorkedPixels) {
  rl::Image img(4, 5, 1, rl::ElemType::F64);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) img.data<double>()[r * 5 + c] = 10 * r + c;
  const rl::LineProfile h = rl::line_profile(img, 1, 0, 1, 4);
  ASSERT_EQ(h.distance.size(), 5u);
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(h.at(k, 0), 10 + k);
    EXPECT_DOUBLE_EQ(h.distance[k], k);
  }
  const rl::LineProfile d = rl::line_profile(img, 0, 0, 3, 3);
  ASSERT_EQ(d.distance.size(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(d.luma[k], 11 * k);
  EXPECT_NEAR(d.distance[3], 3 * std::sqrt(2.0), 1e-12);
  // (0,0) -> (1,3): t = 0, 1/3, 2/3, 1 at rows 0, 1/3, 2/3, 1 -> nearest rows 0, 0, 1, 1.
  const rl::LineProfile s = rl::line_profile(img, 0, 0, 1, 3);
  const double want[] = {0, 1, 12, 13};
  ASSERT_EQ(s.distance.size(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(s.at(k, 0), want[k]);
  // Outside points read the nearest edge pixel; one point when start == end.
  const rl::LineProfile e = rl::line_profile(img, -3, 0, -3, 2);
  EXPECT_EQ(e.at(0, 0), 0);
  EXPECT_EQ(e.at(2, 0), 2);
  EXPECT_EQ(rl::line_profile(img, 2, 2, 2, 2).distance.size(), 1u);
  EXPECT_THROW(rl::line_profile(img, NAN, 0, 1, 1), std::invalid_argument);
}

TEST(LineProfile, LumaUsesRgb2grayWeights) {
  rl::Image img(1, 1, 3, rl::ElemType::U8);
  img.data<std::uint8_t>()[0] = 100;
  img.data<std::uint8_t>()[1] = 50;
  img.data<std::uint8_t>()[2] = 10;
  const rl::LineProfile p = rl::line_profile(img, 0, 0, 0, 0);
  EXPECT_NEAR(p.luma[0], 60.38596489448458, 1e-9);
  EXPECT_EQ(p.at(0, 1), 50);
}

TEST(OutputPosition, InvertsThePlansU) {
  const rl::Plan plan = plan_for(rl::Method::Bicubic, 0.3, true, rl::Boundary::Modern, 30, 40);
  for (int o = 0; o < plan.cols.out_size; ++o)
    EXPECT_NEAR(rl::output_position(plan.cols, plan.cols.u[o] - 1.0), o, 1e-9);
  EXPECT_DOUBLE_EQ(rl::output_position(plan.cols, -0.5), -0.5);
}

}  // namespace

namespace {

TEST(TestSignal, HandWorkedSamples) {
  const std::vector<double> step = rl::test_signal(rl::TestSignal::Step, 5);
  EXPECT_EQ(step, (std::vector<double>{0, 0, 1, 1, 1}));
  EXPECT_EQ(rl::test_signal(rl::TestSignal::Impulse, 4), (std::vector<double>{0, 0, 1, 0}));
  // Chirp, n = 101: phase(i) = 0.02 i + 0.73 i^2 / 200; its local frequency 0.02 + 0.73 i / 100.
  const std::vector<double> c = rl::test_signal(rl::TestSignal::Chirp, 101);
  EXPECT_DOUBLE_EQ(c[0], 1.0);
  const double ph = 0.02 * 10 + 0.73 * 100 / 200.0;  // 0.565
  EXPECT_NEAR(c[10], 0.5 + 0.5 * std::cos(2 * std::numbers::pi * ph), 1e-12);
  EXPECT_THROW(rl::test_signal(rl::TestSignal::Step, 1), std::invalid_argument);
}

TEST(TestSignal, PlanForSignalKeepsTheOtherAxisAndMatchesResizePass) {
  const rl::Plan like = plan_for(rl::Method::Lanczos2, 0.4, true, rl::Boundary::Legacy, 30, 40);
  const rl::Plan p = rl::plan_for_signal(like, rl::Axis::Cols, 64);
  EXPECT_EQ(p.cols.in_size, 64);
  EXPECT_EQ(p.cols.out_size, 26);  // ceil(64 * 0.4) = ceil(25.6)
  EXPECT_EQ(p.rows.out_size, like.rows.out_size);
  EXPECT_DOUBLE_EQ(p.cols.scale, 0.4);
  const std::vector<double> sig = rl::test_signal(rl::TestSignal::Chirp, 64);
  rl::Image img(1, 64, 1, rl::ElemType::F64);
  for (int i = 0; i < 64; ++i) img.data<double>()[i] = sig[i];
  const rl::Image pass = rl::resize_pass(p.cols, rl::Axis::Cols, img);
  const rl::SamplingRow r = rl::sampling_row(p, rl::Axis::Cols, sig, rl::ElemType::F64, 0, 63, 100);
  for (int o = 0; o < 26; ++o) EXPECT_EQ(r.value[o], pass.at(0, o));
}

}  // namespace
