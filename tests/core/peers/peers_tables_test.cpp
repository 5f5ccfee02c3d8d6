// Peer specs, size rules and weight tables against hand-worked values and the libraries' documented
// behaviour (Pillow a = -0.5 with 22-bit weights, OpenCV a = -0.75 with 11-bit weights, torch maps).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "rl/peers.hpp"
#include "rl/resize.hpp"
#include "rl/worked_example.hpp"

namespace rl::peers {
namespace {

std::vector<double> weights(const PeerAxis& a, int o) {
  return {a.table.weights_of(o), a.table.weights_of(o) + a.used[o]};
}
std::vector<int> indices(const PeerAxis& a, int o) {
  return {a.table.index_of(o), a.table.index_of(o) + a.used[o]};
}

TEST(PeerSpecTest, ParsesTheNamesTheLibrariesUse) {
  EXPECT_EQ(parse_peer_spec("opencv-cubic"), (PeerSpec{Library::OpenCV, PeerMethod::Bicubic, false, false}));
  EXPECT_EQ(parse_peer_spec("pillow-bicubic"),
            (PeerSpec{Library::Pillow, PeerMethod::Bicubic, false, false}));
  EXPECT_EQ(parse_peer_spec("torch-bicubic-aa"),
            (PeerSpec{Library::Torch, PeerMethod::Bicubic, true, false}));
  EXPECT_EQ(parse_peer_spec("torch-bilinear-aa-ac"),
            (PeerSpec{Library::Torch, PeerMethod::Bilinear, true, true}));
  EXPECT_EQ(parse_peer_spec("OpenCV-Nearest-Exact"), (PeerSpec{Library::OpenCV, PeerMethod::NearestExact}));
  EXPECT_EQ(parse_peer_spec("cv2-linear-exact").method, PeerMethod::LinearExact);
  EXPECT_EQ(parse_peer_spec("torch-nearest-exact").method, PeerMethod::NearestExact);
}

TEST(PeerSpecTest, RejectsWhatTheLibraryLacksWithOneLine) {
  for (const char* bad :
       {"pillow-cubic", "opencv-bicubic", "torch-lanczos", "opencv-linear-aa", "pillow-bicubic-ac",
        "torch-nearest-aa", "torch-nearest-ac", "matlab-bicubic", "bicubic", "opencv-"}) {
    try {
      parse_peer_spec(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(make_peer_spec(Library::OpenCV, "cubic", true), std::invalid_argument);
  EXPECT_THROW(make_peer_spec(Library::Pillow, "bilinear", false), std::invalid_argument);
  EXPECT_NO_THROW(make_peer_spec(Library::Pillow, "bilinear", true));  // what Pillow always does
  EXPECT_NO_THROW(make_peer_spec(Library::OpenCV, "cubic", false));
}

TEST(PeerSpecTest, EverySpecRoundTripsThroughItsName) {
  const auto all = all_peer_specs();
  EXPECT_EQ(all.size(), 6u + 7u + 3u + 2u * 4u);  // torch: nearest, nearest-exact, area, 2 x 4 filtered
  for (const PeerSpec& s : all) {
    EXPECT_EQ(parse_peer_spec(to_string(s)), s) << to_string(s);
    EXPECT_FALSE(display_name(s).empty());
  }
  EXPECT_EQ(display_name(parse_peer_spec("opencv-cubic")), "OpenCV INTER_CUBIC");
  EXPECT_EQ(display_name(parse_peer_spec("pillow-lanczos")), "Pillow LANCZOS");
}

TEST(PeerSizeTest, EachLibraryHasItsOwnRuleFromAScale) {
  const auto pil = parse_peer_spec("pillow-bicubic"), cv = parse_peer_spec("opencv-cubic"),
             th = parse_peer_spec("torch-bicubic");
  // 5 * 0.5 = 2.5 and 7 * 0.5 = 3.5: Pillow (Python round) and OpenCV (cvRound) go to the even
  // neighbour, torch truncates; 9 * 0.3 = 2.7 rounds up except in torch.
  EXPECT_EQ(output_size(pil, 5, 7, PeerTarget::with_scale(0.5)), std::pair(2, 4));
  EXPECT_EQ(output_size(cv, 5, 7, PeerTarget::with_scale(0.5)), std::pair(2, 4));
  EXPECT_EQ(output_size(th, 5, 7, PeerTarget::with_scale(0.5)), std::pair(2, 3));
  EXPECT_EQ(output_size(pil, 9, 9, PeerTarget::with_scale(0.3)), std::pair(3, 3));
  EXPECT_EQ(output_size(th, 9, 9, PeerTarget::with_scale(0.3)), std::pair(2, 2));
  // A given size is used as is by all of them.
  for (const auto& s : {pil, cv, th})
    EXPECT_EQ(output_size(s, 5, 7, PeerTarget::with_size(11, 3)), std::pair(11, 3));
  EXPECT_THROW(output_size(th, 3, 3, PeerTarget::with_scale(0.2)), std::invalid_argument);  // floor(0.6) = 0
  EXPECT_THROW(output_size(cv, 3, 3, PeerTarget::with_scale(-1)), std::invalid_argument);
  EXPECT_THROW(output_size(cv, 0, 3, PeerTarget::with_scale(1)), std::invalid_argument);
}

TEST(PillowTablesTest, BicubicEnlargingIsKeysMinusHalfNormalisedOverTheTapsInside) {
  // 4 -> 8: output 0 sits at 0.25 (pixel units); taps 0 and 1 at distances 0.25 and 1.25.
  // k(0.25) = 0.8671875, k(1.25) = -0.0703125 with a = -0.5, normalised by their sum 0.796875.
  const PeerTables t =
      peer_tables(parse_peer_spec("pillow-bicubic"), 1, 4, PeerTarget::with_size(1, 8), ElemType::U8);
  EXPECT_TRUE(t.rows.identity);
  EXPECT_EQ(indices(t.cols, 0), (std::vector<int>{0, 1}));
  const auto w = weights(t.cols, 0);
  EXPECT_DOUBLE_EQ(w[0], 0.8671875 / 0.796875);
  EXPECT_DOUBLE_EQ(w[1], -0.0703125 / 0.796875);
  EXPECT_EQ(t.cols.fixed_bits, 22);
  EXPECT_EQ(t.cols.fixed[0], static_cast<int>(0.5 + w[0] * (1 << 22)));
  EXPECT_EQ(t.cols.fixed[1], static_cast<int>(-0.5 + w[1] * (1 << 22)));
}

TEST(PillowTablesTest, ShrinkingWidensTheKernelByTheFactor) {
  // 6 -> 2 bilinear: support 3, output 0 centred at 1.5; hat((x - 1) / 3) on pixels 0..4 gives
  // 2/3, 1, 2/3, 1/3, 0, normalised by 8/3.
  const PeerTables t =
      peer_tables(parse_peer_spec("pillow-bilinear"), 6, 1, PeerTarget::with_size(2, 1), ElemType::F32);
  EXPECT_TRUE(t.rows.table.antialiased);
  EXPECT_EQ(indices(t.rows, 0), (std::vector<int>{0, 1, 2, 3, 4}));
  const std::vector<double> want{0.25, 0.375, 0.25, 0.125, 0.0};
  const auto w = weights(t.rows, 0);
  for (int k = 0; k < 5; ++k) EXPECT_DOUBLE_EQ(w[k], want[k]) << k;
  EXPECT_TRUE(t.rows.fixed.empty());  // mode F keeps double weights
}

TEST(PillowTablesTest, EveryFilterSumsToOneAndItsIntegersToTwoToThe22) {
  for (const char* m :
       {"pillow-box", "pillow-bilinear", "pillow-hamming", "pillow-bicubic", "pillow-lanczos"})
    for (auto [in, out] : {std::pair{7, 3}, {3, 7}, {10, 10 - 1}, {1, 5}, {13, 1}, {64, 17}}) {
      const PeerTables t =
          peer_tables(parse_peer_spec(m), in, 1, PeerTarget::with_size(out, 1), ElemType::U8);
      for (int o = 0; o < out; ++o) {
        const auto w = weights(t.rows, o);
        EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-12) << m << " " << in << "->" << out;
        long long fixed = 0;
        for (int k = 0; k < t.rows.used[o]; ++k)
          fixed += t.rows.fixed[static_cast<std::size_t>(o) * t.rows.table.taps + k];
        // each weight rounds by at most 1/2
        EXPECT_LE(std::llabs(fixed - (1LL << 22)), (t.rows.used[o] + 1) / 2) << m << " " << in << "->" << out;
      }
    }
}

TEST(PillowResizeTest, EightBitRoundsHalfUpThroughTheFixedPointSum) {
  Image im(1, 4, 1, ElemType::U8);
  const double v[] = {0, 100, 200, 255};
  for (int c = 0; c < 4; ++c) im.set(0, c, 0, v[c]);
  const Image out = resize(im, parse_peer_spec("pillow-box"), PeerTarget::with_size(1, 2));
  EXPECT_EQ(out.at(0, 0), 50);   // (0 + 100) / 2
  EXPECT_EQ(out.at(0, 1), 228);  // 227.5 rounds up
}

TEST(PillowResizeTest, RgbaIsPremultipliedByAlphaAndDividedAfter) {
  // Pillow resizes RGBA as RGBa: 200 * 128 / 255 -> 100, and back 255 * 100 / 128 -> 199.
  Image im(2, 2, 4, ElemType::U8);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      for (int ch = 0; ch < 4; ++ch) im.set(r, c, ch, std::vector<double>{200, 100, 50, 128}[ch]);
  const Image out = resize(im, parse_peer_spec("pillow-box"), PeerTarget::with_size(1, 1));
  EXPECT_EQ(out.at(0, 0, 0), 199);
  EXPECT_EQ(out.at(0, 0, 1), 99);
  EXPECT_EQ(out.at(0, 0, 2), 49);
  EXPECT_EQ(out.at(0, 0, 3), 128);
}

TEST(PillowTablesTest, NearestTakesTheInputUnderEachOutputCentre) {
  const PeerTables t =
      peer_tables(parse_peer_spec("pillow-nearest"), 1, 3, PeerTarget::with_size(1, 5), ElemType::U8);
  // centres (o + 0.5) * 3/5 = 0.3, 0.9, 1.5, 2.1, 2.7
  for (int o = 0; o < 5; ++o) EXPECT_EQ(t.cols.table.index[o], std::vector<int>({0, 0, 1, 2, 2})[o]) << o;
}

TEST(OpenCVTablesTest, CubicIsKeysMinusThreeQuartersWithElevenBitWeights) {
  // 4 -> 8, output 1: (1 + 0.5) * 0.5 - 0.5 = 0.25 past pixel 0.
  const PeerTables t =
      peer_tables(parse_peer_spec("opencv-cubic"), 1, 4, PeerTarget::with_size(1, 8), ElemType::U8);
  EXPECT_EQ(indices(t.cols, 1), (std::vector<int>{0, 0, 1, 2}));  // pixel -1 clamped to 0
  const std::vector<double> want{-0.10546875, 0.87890625, 0.26171875, -0.03515625};
  const auto w = weights(t.cols, 1);
  for (int k = 0; k < 4; ++k) EXPECT_DOUBLE_EQ(w[k], want[k]) << k;
  EXPECT_EQ(t.cols.fixed_bits, 11);
  const std::vector<int> fixed(t.cols.fixed.begin() + 4, t.cols.fixed.begin() + 8);
  EXPECT_EQ(fixed, (std::vector<int>{-216, 1800, 536, -72}));
  // float32 images use the float weights, without integers
  EXPECT_TRUE(peer_tables(parse_peer_spec("opencv-cubic"), 1, 4, PeerTarget::with_size(1, 8), ElemType::F32)
                  .cols.fixed.empty());
}

TEST(OpenCVTablesTest, ShrinkingDoesNotWidenTheKernel) {
  for (const char* m : {"opencv-linear", "opencv-cubic", "opencv-lanczos4"}) {
    const PeerTables t = peer_tables(parse_peer_spec(m), 40, 1, PeerTarget::with_size(5, 1), ElemType::F32);
    for (int o = 0; o < 5; ++o) {
      const auto w = weights(t.rows, o);
      EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-6) << m;
      EXPECT_LE(static_cast<int>(w.size()), 8) << m;  // 2, 4 or 8 taps whatever the factor
    }
  }
}

TEST(OpenCVTablesTest, AreaShrinkIsTheCoveredFractionOfEachCell) {
  // 5 -> 2: cells [0, 2.5) and [2.5, 5): pixels 0,1 fully (0.4), pixel 2 half (0.2), and mirrored.
  const PeerTables t =
      peer_tables(parse_peer_spec("opencv-area"), 5, 1, PeerTarget::with_size(2, 1), ElemType::U8);
  EXPECT_EQ(indices(t.rows, 0), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(indices(t.rows, 1), (std::vector<int>{2, 3, 4}));
  const std::vector<float> w0{0.4f, 0.4f, 0.2f}, w1{0.2f, 0.4f, 0.4f};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(weights(t.rows, 0)[k], w0[k]);
    EXPECT_EQ(weights(t.rows, 1)[k], w1[k]);
  }
  // An integer factor is the plain mean of each cell.
  const PeerTables f =
      peer_tables(parse_peer_spec("opencv-area"), 6, 1, PeerTarget::with_size(2, 1), ElemType::U8);
  EXPECT_EQ(weights(f.rows, 1), (std::vector<double>{1.0 / 3, 1.0 / 3, 1.0 / 3}));
  // Enlarging is no area average: two taps, and the note says so.
  const PeerTables e =
      peer_tables(parse_peer_spec("opencv-area"), 3, 1, PeerTarget::with_size(7, 1), ElemType::U8);
  EXPECT_EQ(e.rows.table.taps, 2);
  EXPECT_NE(e.note.find("not an area average"), std::string::npos);
}

TEST(OpenCVTablesTest, NearestMapsAreTopLeftOrCentred) {
  const auto nn =
      peer_tables(parse_peer_spec("opencv-nearest"), 1, 3, PeerTarget::with_size(1, 5), ElemType::U8);
  const auto ne =
      peer_tables(parse_peer_spec("opencv-nearest-exact"), 1, 3, PeerTarget::with_size(1, 5), ElemType::U8);
  for (int o = 0; o < 5; ++o) {
    EXPECT_EQ(nn.cols.table.index[o], std::vector<int>({0, 0, 1, 1, 2})[o]) << o;  // floor(o * 0.6)
    EXPECT_EQ(ne.cols.table.index[o], std::vector<int>({0, 0, 1, 2, 2})[o]) << o;  // floor((o + 0.5) * 0.6)
  }
}

TEST(TorchTablesTest, NearestAndNearestExact) {
  const auto n =
      peer_tables(parse_peer_spec("torch-nearest"), 1, 3, PeerTarget::with_size(1, 5), ElemType::F32);
  const auto e =
      peer_tables(parse_peer_spec("torch-nearest-exact"), 1, 3, PeerTarget::with_size(1, 5), ElemType::F32);
  for (int o = 0; o < 5; ++o) {
    EXPECT_EQ(n.cols.table.index[o], std::vector<int>({0, 0, 1, 1, 2})[o]) << o;
    EXPECT_EQ(e.cols.table.index[o], std::vector<int>({0, 0, 1, 2, 2})[o]) << o;
  }
}

TEST(TorchTablesTest, BicubicClampsTapsAndUsesMinusThreeQuarters) {
  const auto t =
      peer_tables(parse_peer_spec("torch-bicubic"), 1, 4, PeerTarget::with_size(1, 8), ElemType::F32);
  EXPECT_EQ(indices(t.cols, 1), (std::vector<int>{0, 0, 1, 2}));
  const std::vector<double> want{-0.10546875, 0.87890625, 0.26171875, -0.03515625};  // as OpenCV's
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(weights(t.cols, 1)[k], want[k], 1e-7) << k;
  // align_corners: output o samples o * (in - 1) / (out - 1); the ends land on the end pixels.
  const auto ac =
      peer_tables(parse_peer_spec("torch-bicubic-ac"), 1, 4, PeerTarget::with_size(1, 7), ElemType::F32);
  EXPECT_EQ(weights(ac.cols, 0)[1], 1.0);
  EXPECT_EQ(ac.cols.table.index_of(6)[1], 3);
  EXPECT_EQ(weights(ac.cols, 6)[1], 1.0);
}

TEST(TorchTablesTest, AntialiasWidensLikePillowAndSumsToOne) {
  for (const char* m : {"torch-bilinear-aa", "torch-bicubic-aa"}) {
    const auto t = peer_tables(parse_peer_spec(m), 30, 1, PeerTarget::with_size(7, 1), ElemType::F32);
    const auto p =
        peer_tables(parse_peer_spec(std::string(m).find("cubic") != std::string::npos ? "pillow-bicubic"
                                                                                      : "pillow-bilinear"),
                    30, 1, PeerTarget::with_size(7, 1), ElemType::F32);
    for (int o = 0; o < 7; ++o) {
      const auto w = weights(t.rows, o), pw = weights(p.rows, o);
      EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-6) << m;
      ASSERT_EQ(indices(t.rows, o), indices(p.rows, o)) << m << " " << o;
      for (std::size_t k = 0; k < w.size(); ++k) EXPECT_NEAR(w[k], pw[k], 1e-6) << m;  // float vs double
    }
  }
}

// adaptive_avg_pool2d's windows floor(o*in/out) .. ceil((o+1)*in/out) - 1, worked by hand: 5 -> 2 gives
// {0,1,2} and {2,3,4} (they overlap when out does not divide in); 2 -> 5 gives {0} {0} {0,1} {1} {1}.
TEST(TorchTablesTest, AreaWindowsOverlapWhereTheSizeDoesNotDivide) {
  const PeerSpec area = parse_peer_spec("torch-area");
  const auto shrink = peer_tables(area, 1, 5, PeerTarget::with_size(1, 2), ElemType::F32);
  EXPECT_EQ(indices(shrink.cols, 0), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(indices(shrink.cols, 1), (std::vector<int>{2, 3, 4}));
  for (const double w : weights(shrink.cols, 1)) EXPECT_EQ(w, 1.0 / 3.0);
  const auto grow = peer_tables(area, 1, 2, PeerTarget::with_size(1, 5), ElemType::F32);
  const std::vector<std::vector<int>> want{{0}, {0}, {0, 1}, {1}, {1}};
  for (int o = 0; o < 5; ++o) EXPECT_EQ(indices(grow.cols, o), want[o]) << o;
  // Values: (1 + 2 + 3) / 3 = 2 and (3 + 4 + 6) / 3 = 13/3 in float; enlarging 1, 3 gives 1 1 2 3 3.
  Image row(1, 5, 1, ElemType::F32);
  const float v[5] = {1, 2, 3, 4, 6};
  std::copy(v, v + 5, row.data<float>());
  const Image small = resize(row, area, PeerTarget::with_size(1, 2));
  EXPECT_EQ(small.data<float>()[0], 2.0f);
  EXPECT_EQ(small.data<float>()[1], 13.0f / 3.0f);
  Image two(1, 2, 1, ElemType::F32);
  two.data<float>()[0] = 1;
  two.data<float>()[1] = 3;
  const Image big = resize(two, area, PeerTarget::with_scale(1.0, 2.5));  // floor(2 * 2.5) = 5
  ASSERT_EQ(big.cols(), 5);
  for (int o = 0; o < 5; ++o) EXPECT_EQ(big.data<float>()[o], (std::vector<float>{1, 1, 2, 3, 3})[o]) << o;
}

TEST(PeerResizeTest, RefusesTypesTheLibraryLacks) {
  const Image u16(3, 3, 1, ElemType::U16), u8(3, 3, 1, ElemType::U8), f5(3, 3, 5, ElemType::U8);
  EXPECT_THROW(resize(u16, parse_peer_spec("pillow-bicubic"), PeerTarget::with_size(2, 2)),
               std::invalid_argument);
  EXPECT_THROW(resize(u8, parse_peer_spec("torch-bicubic"), PeerTarget::with_size(2, 2)),
               std::invalid_argument);
  EXPECT_THROW(resize(f5, parse_peer_spec("pillow-bicubic"), PeerTarget::with_size(2, 2)),
               std::invalid_argument);
  EXPECT_THROW(resize(u8, parse_peer_spec("opencv-cubic"), PeerTarget::with_size(2, 2)),
               std::invalid_argument);
}

}  // namespace
}  // namespace rl::peers

namespace rl::peers {
namespace {

TEST(PeerPlanTest, PillowFloatTablesRunThroughTheCoreResizerAndTheWorkedExample) {
  // Pillow's mode F sums each pass in double and stores float32, which is what the core does for
  // single images, so its tables wrapped as a Plan give Pillow's pixels through rl::run too.
  Image im(9, 13, 1, ElemType::F32);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 13; ++c) im.set(r, c, 0, std::sin(r * 1.7 + c * 0.9) * 100);
  for (const char* m : {"pillow-bicubic", "pillow-lanczos", "pillow-box", "pillow-hamming"})
    for (auto [orow, ocol] : {std::pair{4, 21}, {9, 5}, {17, 13}}) {
      const auto target = PeerTarget::with_size(orow, ocol);
      const PeerTables t = peer_tables(parse_peer_spec(m), 9, 13, target, ElemType::F32);
      const Plan plan = as_plan(t);
      const Image want = resize(im, parse_peer_spec(m), target);
      EXPECT_TRUE(identical(run(plan, im), want)) << m << " " << orow << "x" << ocol;
      const WorkedExample w = make_worked_example(plan, im, orow - 1, ocol / 2);
      EXPECT_EQ(static_cast<float>(w.value), want.at(orow - 1, ocol / 2)) << m;
    }
}

TEST(PeerPlanTest, KernelsHaveTheLibrariesConstants) {
  // Keys' kernel at 1.5 is -0.0625 for a = -0.5 and -0.09375 for a = -0.75.
  EXPECT_DOUBLE_EQ(peer_kernel(parse_peer_spec("pillow-bicubic")).fn(1.5), -0.0625);
  EXPECT_DOUBLE_EQ(peer_kernel(parse_peer_spec("torch-bicubic-aa")).fn(1.5), -0.0625);
  EXPECT_DOUBLE_EQ(peer_kernel(parse_peer_spec("opencv-cubic")).fn(1.5), -0.09375);
  EXPECT_DOUBLE_EQ(peer_kernel(parse_peer_spec("torch-bicubic")).fn(1.5), -0.09375);
  EXPECT_EQ(peer_kernel(parse_peer_spec("opencv-lanczos4")).width, 8.0);
  EXPECT_EQ(peer_kernel(parse_peer_spec("pillow-lanczos")).width, 6.0);
  EXPECT_DOUBLE_EQ(peer_kernel(parse_peer_spec("pillow-lanczos")).fn(0.0), 1.0);
}

}  // namespace
}  // namespace rl::peers
