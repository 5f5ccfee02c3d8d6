// The 2-D teaching pictures' numbers: output centres against hand-worked values and each library's
// documented rule, the tap window against the plan's tables and rl::run, the surfaces against the
// pixels they interpolate.
#include "rl/teaching_pictures.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "rl/resize.hpp"

namespace {

rl::Plan plan_for_size(rl::Method m, bool aa, rl::Boundary b, int in_r, int in_c, int out_r, int out_c) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_size(out_r, out_c, m);
  spec.antialiasing = aa;
  spec.boundary = b;
  return rl::make_plan(spec, in_r, in_c);
}

rl::Image ramp_image(int rows, int cols, rl::ElemType t) {
  rl::Image img(rows, cols, 2, t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      img.set(r, c, 0, ((r * 37 + c * 91) % 251));
      img.set(r, c, 1, ((r * 11 + c * 5) % 7) * 30);
    }
  return img;
}

// Half-even rounding (Python's round, which Pillow's ImageOps.scale uses; cvRound under the default
// FE_TONEAREST mode too).
int round_half_even(double v) { return static_cast<int>(std::nearbyint(v)); }

// Hand-worked: 3 -> 4 gives s = 4/3 and output 0 at (0 + 0.5) * 3/4 - 0.5 = -0.125 (the picture that
// explains the half-pixel offset); output 3 at 3.5 * 0.75 - 0.5 = 2.125.
TEST(CentreMapping, MatlabThreeToFourStartsAtMinusAnEighth) {
  const rl::Plan plan = plan_for_size(rl::Method::Bilinear, true, rl::Boundary::Modern, 3, 3, 4, 4);
  const rl::CentreMapping m = rl::centre_mapping(plan, rl::MappingConvention::Matlab);
  ASSERT_EQ(m.rows.size(), 4u);
  ASSERT_EQ(m.cols.size(), 4u);
  EXPECT_DOUBLE_EQ(m.rows[0], -0.125);
  EXPECT_DOUBLE_EQ(m.cols[0], -0.125);
  EXPECT_DOUBLE_EQ(m.cols[1], 0.625);
  EXPECT_DOUBLE_EQ(m.cols[3], 2.125);
  // 5 -> 3: (o + 0.5) * 5/3 - 0.5 = 1/3, 2, 11/3.
  const rl::Plan down = plan_for_size(rl::Method::Bicubic, true, rl::Boundary::Modern, 5, 5, 3, 3);
  const rl::CentreMapping d = rl::centre_mapping(down, rl::MappingConvention::Matlab);
  EXPECT_NEAR(d.cols[0], 1.0 / 3, 1e-12);
  EXPECT_NEAR(d.cols[1], 2.0, 1e-12);
  EXPECT_NEAR(d.cols[2], 11.0 / 3, 1e-12);
}

// Each library's rule as its documentation and source state it (docs/PEERS.md cites them):
// OpenCV resize docs / resize.cpp: dsize = (cvRound(n fx)), src x = (x' + 0.5) / fx - 0.5 for
// INTER_LINEAR and floor(x' / fx) for INTER_NEAREST; Pillow ImageOps.scale: round(n s), Resample.c
// centre (x' + 0.5) n / N; torch interpolate align_corners=True: floor(n s) outputs and
// x' (n - 1) / (N - 1).
TEST(CentreMapping, PeersFollowTheirOwnSizeRuleAndOffset) {
  for (const int n : {3, 5, 10, 17})
    for (const double s : {4.0 / 3, 0.35, 0.6, 1.5, 2.0, 0.5}) {
      rl::ResizeSpec spec = rl::ResizeSpec::with_scale(s, rl::Method::Bilinear);
      const rl::Plan plan = rl::make_plan(spec, n, n + 1);
      for (const rl::MappingConvention c : rl::mapping_conventions()) {
        if (c == rl::MappingConvention::Matlab) continue;
        const rl::CentreMapping m = rl::centre_mapping(plan, c);
        const std::string what = rl::to_string(c) + " n=" + std::to_string(n) + " s=" + std::to_string(s);
        const auto check_axis = [&](int in, const std::vector<double>& centres, int out_size) {
          int expected_size = 0;
          if (c == rl::MappingConvention::AlignCorners)
            expected_size = static_cast<int>(std::floor(in * s));
          else
            expected_size = round_half_even(in * s);
          ASSERT_EQ(out_size, expected_size) << what;
          ASSERT_EQ(static_cast<int>(centres.size()), out_size) << what;
          for (int o = 0; o < out_size; ++o) {
            double x = 0;
            switch (c) {
              case rl::MappingConvention::AlignCorners:
                x = out_size > 1 ? o * (in - 1.0) / (out_size - 1.0) : 0.0;
                break;
              case rl::MappingConvention::OpenCV: x = (o + 0.5) / s - 0.5; break;
              case rl::MappingConvention::OpenCVNearest: x = o / s; break;
              case rl::MappingConvention::Pillow: x = (o + 0.5) * in / out_size - 0.5; break;
              case rl::MappingConvention::Matlab: break;
            }
            EXPECT_NEAR(centres[o], x, 2e-6) << what << " o=" << o;  // torch works in float32
          }
        };
        check_axis(n, m.rows, m.out_rows);
        check_axis(n + 1, m.cols, m.out_cols);
      }
    }
}

// The window is the outer product of the plan's two tables; its cells read the plan's indices; the
// plan's result at that pixel is rl::run's, for every method, antialiasing and boundary, including
// the corner pixels whose taps fall outside the image and are mirrored or clamped.
TEST(TapWindow, OuterProductOfThePlansTablesAndEqualsRun) {
  const rl::Boundary boundaries[] = {rl::Boundary::Modern, rl::Boundary::Legacy};
  for (const rl::ElemType t : {rl::ElemType::U8, rl::ElemType::F64}) {
    const rl::Image src = ramp_image(9, 11, t);
    for (const rl::Method m : rl::builtin_methods())
      for (const bool aa : {true, false})
        for (const rl::Boundary b : boundaries)
          for (const auto& [orows, ocols] : {std::pair{4, 5}, std::pair{14, 17}}) {
            const rl::Plan plan = plan_for_size(m, aa, b, 9, 11, orows, ocols);
            const rl::Image out = rl::run(plan, src);
            bool saw_mapped = false;
            for (const auto& [r, c] :
                 {std::pair{0, 0}, std::pair{orows / 2, ocols / 3}, std::pair{orows - 1, ocols - 1}})
              for (const int ch : {0, 1}) {
                const rl::TapWindow w = rl::tap_window(plan, src, r, c, ch);
                const std::string what = rl::to_string(m) + (aa ? " aa " : " noaa ") + rl::to_string(b) +
                                         " out " + std::to_string(r) + "," + std::to_string(c);
                ASSERT_EQ(static_cast<int>(w.rows.size()), plan.rows.taps) << what;
                ASSERT_EQ(static_cast<int>(w.cols.size()), plan.cols.taps) << what;
                EXPECT_EQ(w.u_row, plan.rows.u[r] - 1.0);
                EXPECT_EQ(w.u_col, plan.cols.u[c] - 1.0);
                double total = 0;
                for (std::size_t i = 0; i < w.rows.size(); ++i) {
                  EXPECT_EQ(w.src_rows[i], plan.rows.index_of(r)[i]);
                  EXPECT_EQ(w.src_rows[i], rl::map_boundary(w.rows[i], 9, b)) << what;
                  saw_mapped = saw_mapped || w.row_mapped(i);
                  for (std::size_t j = 0; j < w.cols.size(); ++j) {
                    EXPECT_EQ(w.at(i, j), plan.rows.weights_of(r)[i] * plan.cols.weights_of(c)[j]);
                    EXPECT_EQ(w.value[i * w.cols.size() + j], src.at(w.src_rows[i], w.src_cols[j], ch));
                    total += w.at(i, j);
                  }
                }
                for (std::size_t j = 0; j < w.cols.size(); ++j)
                  EXPECT_EQ(w.src_cols[j], rl::map_boundary(w.cols[j], 11, b)) << what;
                EXPECT_NEAR(total, 1.0, 1e-12) << what;
                EXPECT_EQ(w.result, out.at(r, c, ch)) << what;
                // The unrounded 2-D sum equals the float result up to rounding (for uint8 the plan also
                // rounds and saturates after the first pass, so only the two-pass result is comparable).
                if (t == rl::ElemType::F64) {
                  EXPECT_NEAR(w.sum, out.at(r, c, ch), 1e-9) << what;
                }
              }
            // Kernels 4 or more pixels wide reach outside the image at the corner: the window says so.
            if (rl::kernel_for(m).width >= 4) {
              EXPECT_TRUE(saw_mapped) << rl::to_string(m) << (aa ? " aa " : " noaa ") << orows;
            }
          }
  }
}

// Hand-worked: bilinear 3 -> 4 at output (0, 0): u = -0.125 on both axes; the triangle gives tap
// i = -1 the weight 1 - 0.875 = 0.125 and tap i = 0 the weight 1 - 0.125 = 0.875, and i = -1 mirrors
// to pixel 0 under the modern rule.
TEST(TapWindow, BilinearCornerMirrorsHandWorked) {
  const rl::Plan plan = plan_for_size(rl::Method::Bilinear, false, rl::Boundary::Modern, 3, 3, 4, 4);
  rl::Image src(3, 3, 1, rl::ElemType::F64);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) src.set(r, c, 0, 10.0 * r + c);
  const rl::TapWindow w = rl::tap_window(plan, src, 0, 0);
  double w_minus1 = 0, w_0 = 0;
  for (std::size_t j = 0; j < w.cols.size(); ++j) {
    if (w.cols[j] == -1) {
      w_minus1 = w.col_weight[j];
      EXPECT_EQ(w.src_cols[j], 0);
      EXPECT_TRUE(w.col_mapped(j));
    }
    if (w.cols[j] == 0) w_0 = w.col_weight[j];
  }
  EXPECT_DOUBLE_EQ(w_minus1, 0.125);
  EXPECT_DOUBLE_EQ(w_0, 0.875);
  // Both taps read pixel (0, 0) = 0, so the result is 0: MATLAB's own 3x3 -> 4x4 corner.
  EXPECT_DOUBLE_EQ(w.result, 0.0);
}

TEST(Surface, InterpolantsPassThroughThePixels) {
  const rl::Image src = ramp_image(7, 8, rl::ElemType::U8);
  for (const rl::Method m : {rl::Method::Bilinear, rl::Method::Bicubic})
    for (const rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy})
      for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 8; ++c)
          EXPECT_EQ(rl::surface_at(src, m, b, 0, r, c), src.at(r, c, 0)) << rl::to_string(m) << r << "," << c;
  // The grid puts a point on every pixel centre (per_pixel even: centres at half steps).
  const rl::Surface s = rl::surface_grid(src, rl::Method::Bicubic, rl::Boundary::Modern, 0, 3, 4, 12, 8);
  EXPECT_EQ(s.row0, -0.5);
  EXPECT_EQ(s.row1, 6.5);
  EXPECT_EQ(s.col0, -0.5);
  EXPECT_EQ(s.col1, 7.5);
  for (int iy = 4; iy < s.ny; iy += 8)
    for (int ix = 4; ix < s.nx; ix += 8)
      EXPECT_EQ(s.at(iy, ix), src.at(static_cast<int>(s.y[iy]), static_cast<int>(s.x[ix]), 0));
}

TEST(Surface, NearestIsFlatOnEachPixelsSquare) {
  const rl::Image src = ramp_image(5, 6, rl::ElemType::U8);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 6; ++c)
      for (const double dy : {-0.5, -0.3, 0.0, 0.2, 0.49})
        for (const double dx : {-0.5, -0.1, 0.0, 0.35, 0.49})
          EXPECT_EQ(rl::surface_at(src, rl::Method::Nearest, rl::Boundary::Modern, 1, r + dy, c + dx),
                    src.at(r, c, 1))
              << r << "," << c << " +" << dy << "," << dx;
}

TEST(Surface, BilinearIsLinearAlongEachCellEdge) {
  const rl::Image src = ramp_image(5, 6, rl::ElemType::U8);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c + 1 < 6; ++c)
      for (const double t : {0.1, 0.25, 0.5, 0.8}) {
        // Along a row of centres: (1 - t) p(r, c) + t p(r, c + 1); along a column likewise.
        EXPECT_NEAR(rl::surface_at(src, rl::Method::Bilinear, rl::Boundary::Modern, 0, r, c + t),
                    (1 - t) * src.at(r, c, 0) + t * src.at(r, c + 1, 0), 1e-9);
        if (r + 1 < 5) {
          EXPECT_NEAR(rl::surface_at(src, rl::Method::Bilinear, rl::Boundary::Modern, 0, r + t, c),
                      (1 - t) * src.at(r, c, 0) + t * src.at(r + 1, c, 0), 1e-9);
        }
      }
}

TEST(Surface, BadArgumentsThrow) {
  const rl::Image src = ramp_image(5, 6, rl::ElemType::U8);
  EXPECT_THROW(rl::surface_grid(src, rl::Method::Bicubic, rl::Boundary::Modern, 2, 0, 0),
               std::invalid_argument);
  EXPECT_THROW(rl::surface_grid(src, rl::Method::Custom, rl::Boundary::Modern, 0, 0, 0),
               std::invalid_argument);
  EXPECT_THROW(rl::surface_grid(rl::Image(), rl::Method::Bicubic, rl::Boundary::Modern, 0, 0, 0),
               std::invalid_argument);
}

}  // namespace
