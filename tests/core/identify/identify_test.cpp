// identify: which candidates exist for a pair of sizes, how each is written, and what a comparison says,
// against values worked out by hand (MATLAB's box at 1/2 and Pillow's BOX on a 4x4 image).
#include "rl/identify.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "identify/compare.hpp"
#include "rl/resize.hpp"

namespace {

using rl::ElemType;
using rl::Image;
namespace id = rl::identify;

bool has_call(const std::vector<id::Candidate>& cs, const std::string& call, const std::string& remark = "",
              int channels = 3) {
  return std::any_of(cs.begin(), cs.end(), [&](const id::Candidate& c) {
    return c.call(ElemType::U8, channels) == call && (remark.empty() || c.remark() == remark);
  });
}

Image from_rows(const std::vector<std::vector<int>>& v) {
  Image im(static_cast<int>(v.size()), static_cast<int>(v[0].size()), 1, ElemType::U8);
  for (int r = 0; r < im.rows(); ++r)
    for (int c = 0; c < im.cols(); ++c) im.set(r, c, 0, v[r][c]);
  return im;
}

TEST(IdentifyCandidates, TwoKPairNamesTheUsualCalls) {
  const auto cs = id::candidates(1356, 2040, 339, 510, ElemType::U8, 3, true);
  EXPECT_TRUE(has_call(cs, "imresize(hr, 1/4, 'bicubic')", "legacy boundary: MATLAB before R2015b"));
  EXPECT_TRUE(has_call(cs, "im2uint8(imresize(im2double(hr), 1/4, 'bicubic'))"));
  EXPECT_TRUE(has_call(cs, "imresize(hr, 1/4, 'bicubic', 'Antialiasing', false)"));
  EXPECT_TRUE(has_call(cs, "cv2.resize(hr, (510, 339), interpolation=cv2.INTER_AREA)"));
  EXPECT_TRUE(has_call(cs, "np.asarray(Image.fromarray(hr).resize((510, 339), Image.Resampling.LANCZOS))"));
  // 1356/339 = 2040/510 = 4 exactly: the size form [339 510] makes MATLAB's plan for 1/4 and is left out.
  EXPECT_FALSE(has_call(cs, "imresize(hr, [339 510], 'bicubic')"));
  // The same plan twice is never run: 7 methods x 2 antialiasing x 2 boundaries x 2 pipelines.
  EXPECT_EQ(std::count_if(cs.begin(), cs.end(),
                          [](const id::Candidate& c) { return c.family == id::Family::Matlab; }),
            56);
  EXPECT_FALSE(std::any_of(cs.begin(), cs.end(), [](const id::Candidate& c) { return c.modcrop != 0; }));
}

TEST(IdentifyCandidates, ModcropAndOddSizes) {
  // Set5's head is 280x280; x3 LR is 93x93 from modcrop(hr, 3) = 279x279 (ceil(280/3) would be 94).
  const auto cs = id::candidates(280, 280, 93, 93, ElemType::U8, 3, false);
  EXPECT_TRUE(has_call(cs, "imresize(modcrop(hr, 3), 1/3, 'bicubic')"));
  EXPECT_TRUE(
      has_call(cs, "np.asarray(Image.fromarray(hr[:279, :279]).resize((93, 93), Image.Resampling.BICUBIC))"));
  EXPECT_FALSE(std::any_of(cs.begin(), cs.end(),
                           [](const id::Candidate& c) { return c.family == id::Family::OpenCV; }));
  // 81 -> 122 by cv2's cvRound(1.5 * 81) = cvRound(121.5) = 122 (half to even): fx=1.5 is a candidate.
  const auto up = id::candidates(81, 79, 122, 118, ElemType::U8, 1, true);
  EXPECT_TRUE(has_call(up, "cv2.resize(hr, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_LINEAR)"));
  EXPECT_TRUE(
      has_call(up,
               "(F.interpolate(torch.from_numpy(hr)[None, None].float() / 255, size=(122, 118), "
               "mode='bilinear', align_corners=False) * 255).clamp(0, 255).to(torch.uint8)[0, 0].numpy()",
               "truncated by .to(torch.uint8)", 1));
}

TEST(IdentifyCandidates, SquashesComeFromSizeFormsOnly) {
  // 512 -> 100 rows (0.195) and 512 -> 50 columns (0.0977): no one factor gives both within a pixel, but
  // every library takes the size itself.
  EXPECT_FALSE(id::one_factor_fits(512, 512, 100, 50));
  EXPECT_TRUE(id::one_factor_fits(1356, 2040, 339, 510));
  const auto cs = id::candidates(512, 512, 100, 50, ElemType::U8, 3, true);
  EXPECT_TRUE(has_call(cs, "imresize(hr, [100 50], 'bicubic')"));
  EXPECT_TRUE(has_call(cs, "cv2.resize(hr, (50, 100), interpolation=cv2.INTER_AREA)"));
  EXPECT_FALSE(std::any_of(cs.begin(), cs.end(), [](const id::Candidate& c) { return c.scale_given; }));
}

TEST(IdentifyCandidates, Refusals) {
  EXPECT_THROW(id::candidates(64, 64, 32, 32, ElemType::F32, 1, true), id::Refusal);
  EXPECT_THROW(id::identify(Image(8, 8, 3, ElemType::U8), Image(4, 4, 1, ElemType::U8)), id::Refusal);
  EXPECT_THROW(id::identify(Image(8, 8, 1, ElemType::U8), Image(4, 4, 1, ElemType::U16)), id::Refusal);
}

TEST(Identify, HandWorkedBoxHalf) {
  // MATLAB imresize(A, 1/2, 'box'): the widened box puts 0.5 on pixels 2o-1 and 2o (1-based), rows first
  // (equal scales), uint8 rounding half away from zero after each pass: rows give [11 21 31 42; 51 61 71 82],
  // columns (31+42)/2 = 36.5 -> 37 and (71+82)/2 = 76.5 -> 77. Pillow's BOX (columns first, 22-bit weights of
  // 0.5, +2^21 then >> 22) gives 35.5 -> 36, 37.5 -> 38, then (36+38)/2 = 37: the same four values.
  const Image hr = from_rows({{10, 20, 30, 41}, {12, 22, 32, 43}, {50, 60, 70, 80}, {52, 62, 72, 84}});
  const Image lr = from_rows({{16, 37}, {56, 77}});
  const id::Report r = id::identify(hr, lr);
  std::vector<std::string> calls;
  for (const id::Match& m : r.exact) calls.push_back(m.candidate.call(ElemType::U8, 1));
  const auto listed = [&](const std::string& c) {
    return std::find(calls.begin(), calls.end(), c) != calls.end();
  };
  EXPECT_TRUE(listed("imresize(hr, 1/2, 'box')"));
  EXPECT_TRUE(listed("np.asarray(Image.fromarray(hr).resize((2, 2), Image.Resampling.BOX))"));
  EXPECT_FALSE(listed("imresize(hr, 1/2, 'bicubic')"));
  for (const id::Match& m : r.exact) EXPECT_EQ(m.equal, 4u);

  Image edited = lr;
  edited.set(1, 1, 0, 78);  // one value off by one: no exact match, box still first
  id::Options top3;
  top3.top = 3;
  const id::Report e = id::identify(hr, edited, top3);
  ASSERT_TRUE(e.exact.empty());
  ASSERT_EQ(e.closest.size(), 3u);
  EXPECT_EQ(e.closest[0].equal, 3u);
  EXPECT_EQ(e.closest[0].max_abs, 1.0);
  EXPECT_EQ(e.closest[0].evidence.rfind("differs in one pixel only (row 2, column 2, by 1)", 0), 0u)
      << e.closest[0].evidence;
}

TEST(IdentifyCandidates, NonDefaultArgumentsCountWhatAScriptWrites) {
  // MATLAB's imresize defaults: 'bicubic', 'Antialiasing' true except for 'nearest', the modern boundary.
  id::Candidate c;
  c.src_rows = c.src_cols = 64;
  c.out_rows = c.out_cols = 16;
  c.scale_given = true;
  c.scale_den = 4;
  EXPECT_EQ(id::non_default_arguments(c), 0);  // imresize(hr, 1/4)
  c.method = rl::Method::Box;
  EXPECT_EQ(id::non_default_arguments(c), 1);  // imresize(hr, 1/4, 'box')
  c.method = rl::Method::Nearest;
  c.antialiasing = false;
  EXPECT_EQ(id::non_default_arguments(c), 1);  // imresize(hr, 1/4, 'nearest')
  c.antialiasing = true;
  EXPECT_EQ(id::non_default_arguments(c), 2);  // imresize(hr, 1/4, 'nearest', 'Antialiasing', true)
  c.boundary = rl::Boundary::Legacy;
  c.via_double = true;
  c.modcrop = 4;
  EXPECT_EQ(id::non_default_arguments(c), 5);
  // cv2.resize's default interpolation is INTER_LINEAR; fx/fy is written in place of the size.
  id::Candidate cv;
  cv.family = id::Family::OpenCV;
  cv.peer.method = rl::peers::PeerMethod::Bilinear;
  EXPECT_EQ(id::non_default_arguments(cv), 0);
  cv.peer.method = rl::peers::PeerMethod::Area;
  cv.scale_given = true;
  EXPECT_EQ(id::non_default_arguments(cv), 2);
  // F.interpolate: mode='nearest', align_corners and antialias False by default.
  id::Candidate t;
  t.family = id::Family::Torch;
  t.peer.method = rl::peers::PeerMethod::Bicubic;
  t.peer.antialias = true;
  EXPECT_EQ(id::non_default_arguments(t), 2);
}

// A colour test card with no flat areas, so different calls give different pixels.
Image textured(int rows, int cols) {
  Image im(rows, cols, 3, ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < 3; ++k) im.set(r, c, k, (r * 37 + c * 91 + k * 53 + (r * c) % 17 * 11) % 256);
  return im;
}

TEST(Identify, PlainestExactCallFirstAndOneLineForBothBoundaries) {
  // imresize(hr, 1/4, 'box') and imresize(hr, 1/4, 'nearest', 'Antialiasing', true) are the same plan
  // (MATLAB's box and nearest kernels are both 1 on [-0.5, 0.5), widened 4x); at an integer factor no tap
  // leaves the image, so the modern and the legacy boundary make the same pixels too.
  const Image hr = textured(32, 40);
  const Image lr = rl::resize(hr, rl::ResizeSpec::with_scale(0.25, rl::Method::Box));
  const id::Report r = id::identify(hr, lr);
  ASSERT_FALSE(r.exact.empty());
  EXPECT_EQ(r.exact[0].candidate.call(ElemType::U8, 3), "imresize(hr, 1/4, 'box')");
  EXPECT_TRUE(r.exact[0].either_boundary);
  EXPECT_EQ(id::call_remark(r.exact[0]),
            "the same pixels with the modern and the legacy boundary: MATLAB before and after R2015b");
  std::vector<std::string> calls;
  for (std::size_t i = 0; i < r.exact.size(); ++i) {
    calls.push_back(r.exact[i].candidate.call(ElemType::U8, 3));
    if (i > 0) {
      EXPECT_LE(id::non_default_arguments(r.exact[i - 1].candidate),
                id::non_default_arguments(r.exact[i].candidate))
          << calls.back();
    }
  }
  const auto rank = [&](const std::string& c) {
    return std::find(calls.begin(), calls.end(), c) - calls.begin();
  };
  const auto nearest = rank("imresize(hr, 1/4, 'nearest', 'Antialiasing', true)");
  EXPECT_LT(nearest, static_cast<std::ptrdiff_t>(calls.size()));
  EXPECT_GT(nearest, 0);
  // Each call once: its boundary twin is not a second rank.
  for (const std::string& c : calls) EXPECT_EQ(std::count(calls.begin(), calls.end(), c), 1) << c;
  for (const id::Match& m : r.exact)
    if (m.candidate.family == id::Family::Matlab) {
      EXPECT_TRUE(m.either_boundary) << m.candidate.call();
      EXPECT_EQ(m.candidate.boundary, rl::Boundary::Modern);
    }
  const std::string table = id::format_report(r);
  EXPECT_NE(table.find("1  exact"), std::string::npos) << table;
  EXPECT_NE(table.find("imresize(hr, 1/4, 'box')   [the same pixels with the modern and the legacy boundary"),
            std::string::npos)
      << table;
  EXPECT_EQ(table.find("legacy boundary: MATLAB before R2015b"), std::string::npos) << table;
  const std::string json = id::report_json(r);
  EXPECT_NE(json.find("{\"rank\": 1, \"verdict\": \"exact\", \"call\": \"imresize(hr, 1/4, 'box')\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"either_boundary\": true"), std::string::npos);
}

TEST(Identify, OneBoundaryOnlyWhereTheyDiffer) {
  // Bicubic at 1/2 reads past the edge: mirrored (modern) and clamped (legacy) taps give other border
  // pixels, so only the modern call is exact and says which MATLAB it is.
  const Image hr = textured(24, 24);
  const Image lr = rl::resize(hr, rl::ResizeSpec::with_scale(0.5));
  const id::Report r = id::identify(hr, lr);
  ASSERT_FALSE(r.exact.empty());
  EXPECT_EQ(r.exact[0].candidate.call(ElemType::U8, 3), "imresize(hr, 1/2, 'bicubic')");
  EXPECT_FALSE(r.exact[0].either_boundary);
  EXPECT_EQ(id::match_remark(r.exact[0]), "modern boundary: MATLAB R2015b and later");
}

TEST(IdentifyCompare, BorderEvidenceAndBgr) {
  Image zeros(12, 12, 3, ElemType::U8), lr(12, 12, 3, ElemType::U8);
  for (int r = 0; r < 12; ++r)
    for (const int c : {0, 11}) lr.set(r, c, 1, 3);
  const id::Stats s = id::compare(id::Pixels{zeros, {}}, lr, {}, false, false);
  EXPECT_EQ(s.total, 144u);
  EXPECT_EQ(s.equal, 120u);
  EXPECT_EQ(s.max_abs, 3.0);
  EXPECT_NEAR(id::psnr(s, 255.0), 10 * std::log10(255.0 * 255.0 / (24 * 9.0 / 432)), 1e-12);
  EXPECT_EQ(id::evidence(s, 12, 12), "differs only in the first and last 1 column: a border rule");

  Image rgb(2, 2, 3, ElemType::U8), bgr(2, 2, 3, ElemType::U8);
  for (int k = 0; k < 3; ++k) {
    rgb.set(0, 0, k, 10 * (k + 1));
    bgr.set(0, 0, 2 - k, 10 * (k + 1));
  }
  EXPECT_EQ(id::compare(id::Pixels{rgb, {}}, bgr, {}, false, false).equal, 3u);
  EXPECT_EQ(id::compare(id::Pixels{rgb, {}}, bgr, {}, false, true).equal, 4u);
}

TEST(IdentifyCompare, TorchToleranceBand) {
  // lo/hi are the two roundings of a value at a step: LR may hold either.
  Image lo(1, 2, 1, ElemType::U8), hi(1, 2, 1, ElemType::U8), lr(1, 2, 1, ElemType::U8);
  lo.set(0, 0, 0, 4);
  hi.set(0, 0, 0, 5);
  lr.set(0, 0, 0, 5);
  const id::Stats s = id::compare(id::Pixels{lo, hi}, lr, {}, false, false);
  EXPECT_EQ(s.equal, 2u);
  EXPECT_EQ(s.tolerated, 1u);
  lr.set(0, 1, 0, 2);
  EXPECT_EQ(id::compare(id::Pixels{lo, hi}, lr, {}, false, false).max_abs, 2.0);
}

}  // namespace
