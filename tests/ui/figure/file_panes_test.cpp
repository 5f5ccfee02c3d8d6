// File panes in the comparison model: an image file registered to the reference by size (as it is,
// or an LR file upscaled by MATLAB's imresize), compared across element types, and refused in one
// line when it cannot be registered. Expected values are worked by hand or are real MATLAB outputs
// (tests/data/golden/modern-baboon, see its README).
#include <gtest/gtest.h>

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <random>

#include "golden.hpp"
#include "random_image.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/metrics.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"

namespace {

using rl::ElemType;
using rl::Image;
using rl::ui::Comparison;
using rl::ui::PaneConfig;

class FilePanes : public ::testing::Test {
 protected:
  QTemporaryDir dir_;
  std::mt19937 rng_{25};

  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
  QString save(const char* name, const Image& img) const {
    rl::io::save(path(name).toStdString(), img);
    return path(name);
  }
  // MATLAB's default pane (bicubic, antialiased) at 1/2 on a 40x60 RGB uint8 source, then `files`.
  Comparison half_of(const Image& src, const std::vector<PaneConfig>& files) const {
    Comparison c;
    c.source = std::make_shared<const Image>(src);
    c.base.scale = {{0.5, 0.5}};
    c.panes = {PaneConfig{rl::Method::Bicubic, true}};
    c.panes.insert(c.panes.end(), files.begin(), files.end());
    rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
    return c;
  }
  Image source() { return rl::test::random_image(40, 60, 3, ElemType::U8, rng_); }
};

// The reference pane's own pixels saved as a PNG: 0 px differ, PSNR ∞; one element off by 7: max 7,
// mean 7 / (20 x 30 x 3 elements), 1 px differs.
TEST_F(FilePanes, SameSizeUint8PngIsComparedDirectly) {
  const Image src = source();
  rl::ResizeSpec half;
  half.scale = {{0.5, 0.5}};
  const Image out = rl::resize(src, half);
  ASSERT_EQ(out.rows(), 20);
  Image off = out;
  off.set(3, 4, 1, out.at(3, 4, 1) >= 128 ? out.at(3, 4, 1) - 7 : out.at(3, 4, 1) + 7);
  const Comparison c =
      half_of(src, {rl::ui::file_pane(save("same.png", out)), rl::ui::file_pane(save("off.png", off))});
  ASSERT_TRUE(c.results[1].image) << c.results[1].error.toStdString();
  EXPECT_EQ(c.results[1].image->type(), ElemType::U8);
  ASSERT_TRUE(c.diffs[1].stats && c.diffs[2].stats);
  EXPECT_EQ(c.diffs[1].stats->differing, 0u);
  EXPECT_EQ(c.diffs[1].stats->max_abs, 0.0);
  EXPECT_TRUE(std::isinf(c.diffs[1].stats->psnr));
  EXPECT_EQ(c.diffs[2].stats->differing, 1u);
  EXPECT_EQ(c.diffs[2].stats->max_abs, 7.0);
  EXPECT_DOUBLE_EQ(c.diffs[2].stats->mean_abs, 7.0 / (20 * 30 * 3));
  EXPECT_EQ(rl::ui::pane_label(c.panes[1]), QStringLiteral("same.png"));
  EXPECT_FALSE(c.results[1].plan);  // nothing was resized: the kernel views skip it
}

// A float32 .npy against the uint8 reference pane: the reference is taken through im2single, so the
// file holding im2single(reference) differs nowhere, and one value 0.25 higher gives max |Δ| 0.25.
// The other way round: a uint8 PNG against a loaded float reference goes through im2uint8 (0.5 ->
// round(127.5) = 128).
TEST_F(FilePanes, MixedElementTypesCompareInTheFilesType) {
  const Image src = source();
  rl::ResizeSpec half;
  half.scale = {{0.5, 0.5}};
  const Image out = rl::resize(src, half);
  Image f = rl::im2single(out);
  const QString same = save("same.npy", f);
  f.set(0, 0, 0, out.at(0, 0, 0) / 255.0 + 0.25);
  const Comparison c = half_of(src, {rl::ui::file_pane(same), rl::ui::file_pane(save("off.npy", f))});
  ASSERT_TRUE(c.results[1].image) << c.results[1].error.toStdString();
  EXPECT_EQ(c.results[1].image->type(), ElemType::F32);
  EXPECT_EQ(c.diffs[1].stats->differing, 0u);
  EXPECT_EQ(c.diffs[2].stats->differing, 1u);
  EXPECT_NEAR(c.diffs[2].stats->max_abs, 0.25, 1e-7);  // both sides rounded to float32

  Comparison g;
  g.source = std::make_shared<const Image>(src);
  g.base.scale = {{0.5, 0.5}};
  Image ref(20, 30, 3, ElemType::F64);
  Image png(20, 30, 3, ElemType::U8);
  for (std::size_t i = 0; i < ref.elements(); ++i) {
    ref.data<double>()[i] = 0.5;
    png.data<std::uint8_t>()[i] = 128;
  }
  png.data<std::uint8_t>()[5] = 130;
  g.reference_image = std::make_shared<const Image>(ref);
  g.diff.against = rl::ui::DiffAgainst::ReferenceImage;
  g.panes = {rl::ui::file_pane(save("grey.png", png))};
  rl::ui::compute_comparison(g, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_TRUE(g.diffs[0].stats) << g.results[0].error.toStdString() << g.diffs[0].error.toStdString();
  EXPECT_EQ(g.diffs[0].stats->max_abs, 2.0);  // 130 - 128, in uint8 units
  EXPECT_EQ(g.diffs[0].stats->differing, 1u);
}

// 16-bit files are read as uint16 and compared with im2uint16 of a uint8 reference (x * 257); shown
// divided by 257 (a uint8 source's display range is not theirs).
TEST_F(FilePanes, SixteenBitPngAgainstAUint8Reference) {
  const Image src = source();
  rl::ResizeSpec half;
  half.scale = {{0.5, 0.5}};
  Image u16 = rl::im2uint16(rl::resize(src, half));
  const QString same = save("same16.png", u16);
  u16.set(2, 2, 2, u16.at(2, 2, 2) >= 1 ? u16.at(2, 2, 2) - 1 : 1);
  const Comparison c = half_of(src, {rl::ui::file_pane(same), rl::ui::file_pane(save("off16.png", u16))});
  ASSERT_TRUE(c.results[1].image) << c.results[1].error.toStdString();
  EXPECT_EQ(c.results[1].image->type(), ElemType::U16);
  EXPECT_EQ(c.diffs[1].stats->differing, 0u);
  EXPECT_EQ(c.diffs[2].stats->max_abs, 1.0);
  const Image& ref = *c.results[0].image;
  const QRgb shown = c.results[1].display->pixel(7, 9);
  EXPECT_EQ(qRed(shown), static_cast<int>(ref.at(9, 7, 0)));
  EXPECT_EQ(qBlue(shown), static_cast<int>(ref.at(9, 7, 2)));
}

// An LR file 1/2 and 1/3 of the reference's size, upscaled by bicubic: MATLAB's own
// imwrite(imresize(im2double(baboon), s)) for s = 2, 3 (tests/data/golden/modern-baboon) is what the
// pane holds through im2uint8, every value; the file is im2double(baboon) as a float64 .npy.
TEST_F(FilePanes, LrFileUpscaledIsMatlabsImresize) {
  const Image baboon = rl::io::load(rl::test::golden_path("modern-baboon/baboon.png"));
  const QString lr = save("baboon_lr.npy", rl::im2double(baboon));
  for (const int s : {2, 3}) {
    const std::string name = "modern-baboon/baboon_up_x" + std::to_string(s) + "_matlab.png";
    const Image matlab = rl::io::load(rl::test::golden_path(name));
    Comparison c;
    c.source = std::make_shared<const Image>(baboon);
    c.base.scale = {{1.0, 1.0}};
    c.reference_image = std::make_shared<const Image>(matlab);
    c.diff.against = rl::ui::DiffAgainst::ReferenceImage;
    c.panes = {rl::ui::file_pane(lr, rl::Method::Bicubic)};
    rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
    const rl::ui::PaneResult& r = c.results[0];
    ASSERT_TRUE(r.image) << r.error.toStdString();
    EXPECT_EQ(r.upscaled_by, s);
    EXPECT_EQ(rl::ui::pane_label(c.panes[0], r), QString("baboon_lr.npy, bicubic x%1").arg(s));
    EXPECT_EQ(r.image->type(), ElemType::F64);
    EXPECT_TRUE(rl::identical(rl::im2uint8(*r.image), matlab)) << name;
    // Against the uint8 reference through im2double: within MATLAB's rounding to 8 bits wherever the
    // pane lies in [0, 1] (bicubic overshoots there, which im2uint8 clamps).
    ASSERT_TRUE(c.diffs[0].stats);
    EXPECT_GT(c.diffs[0].stats->max_abs, 0.0);
    const double* v = r.image->data<double>();
    std::size_t checked = 0;
    for (std::size_t i = 0; i < r.image->elements(); ++i)
      if (v[i] >= 0.0 && v[i] <= 1.0) {
        ASSERT_LE(std::abs(v[i] - matlab.data<std::uint8_t>()[i] / 255.0), 0.5 / 255 + 1e-12) << i;
        ++checked;
      }
    EXPECT_GT(checked, r.image->elements() * 9 / 10);
  }
}

// A uint8 LR file at 1/3 of the panes' output, upscaled by lanczos3: imresize of that file at 3 with
// lanczos3, the core's MATLAB-exact resizer (checked against MATLAB in tests/core).
TEST_F(FilePanes, Uint8LrFileUpscaledByTheChosenMethod) {
  const Image src = rl::test::random_image(60, 90, 3, ElemType::U8, rng_);
  const Image lr = rl::test::random_image(10, 15, 3, ElemType::U8, rng_);
  const Comparison c = half_of(src, {rl::ui::file_pane(save("lr.png", lr), rl::Method::Lanczos3)});
  ASSERT_TRUE(c.results[1].image) << c.results[1].error.toStdString();
  rl::ResizeSpec x3;
  x3.scale = {{3.0, 3.0}};
  x3.method = rl::Method::Lanczos3;
  EXPECT_EQ(c.results[1].upscaled_by, 3);
  EXPECT_TRUE(rl::identical(*c.results[1].image, rl::resize(lr, x3)));
  EXPECT_TRUE(c.diffs[1].stats);
}

// Files that cannot be registered: one line each in that pane's error; the other panes keep theirs.
TEST_F(FilePanes, BadFilesAreOneLineAndTheOtherPanesStay) {
  const Image src = source();
  QFile corrupt(path("corrupt.png"));
  ASSERT_TRUE(corrupt.open(QIODevice::WriteOnly));
  corrupt.write("\x89PNG\r\n\x1a\nthis is not a PNG");
  corrupt.close();
  const std::vector<PaneConfig> files = {
      rl::ui::file_pane(path("corrupt.png")),
      rl::ui::file_pane(path("missing.png")),
      rl::ui::file_pane(save("wrong.png", rl::test::random_image(21, 30, 3, ElemType::U8, rng_))),
      rl::ui::file_pane(save("seven.npy", rl::test::random_image(20, 30, 7, ElemType::U8, rng_))),
      rl::ui::file_pane(save("lr.png", rl::test::random_image(10, 15, 3, ElemType::U8, rng_))),
      rl::ui::file_pane(save("big.png", rl::test::random_image(40, 60, 3, ElemType::U8, rng_)))};
  const Comparison c = half_of(src, files);
  const char* expected[] = {
      "cannot read corrupt.png: ",
      "cannot read missing.png: ",
      "wrong.png is 30\u00d721, the reference 30\u00d720: neither the same size nor 1/n of it",
      "seven.npy has 7 channel(s), the reference 3",
      "lr.png is 15\u00d710, the reference 30\u00d720 (an LR image at 1/2): choose an upscaling method",
      "big.png is 60\u00d740, the reference 30\u00d720: neither the same size nor 1/n of it"};
  for (std::size_t i = 0; i < files.size(); ++i) {
    const rl::ui::PaneResult& r = c.results[i + 1];
    EXPECT_FALSE(r.image) << i;
    EXPECT_TRUE(r.error.startsWith(QString::fromUtf8(expected[i]))) << r.error.toStdString();
    EXPECT_FALSE(r.error.contains(QLatin1Char('\n'))) << r.error.toStdString();
  }
  ASSERT_TRUE(c.results[0].image);
  ASSERT_TRUE(c.diffs[0].stats);
  EXPECT_EQ(c.diffs[0].stats->differing, 0u);  // the reference pane against itself
}

// A recompute keeps a file pane while the file's bytes are the same (the same image object, no
// decode), and reads it again when they change on disk, though to the same size and at once (a
// modification time, of millisecond granularity, could not tell).
TEST_F(FilePanes, KeptWhileTheFileIsTheSameReadAgainWhenItChanges) {
  const Image src = source();
  rl::ResizeSpec half;
  half.scale = {{0.5, 0.5}};
  const Image out = rl::resize(src, half);
  Comparison c = half_of(src, {rl::ui::file_pane(save("f.npy", out))});
  ASSERT_TRUE(c.results[1].image);
  const auto first = c.results[1].image;
  EXPECT_EQ(c.diffs[1].stats->differing, 0u);
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.results[1].image, first);  // kept
  Image off = out;
  off.set(0, 0, 0, out.at(0, 0, 0) >= 128 ? 0 : 255);
  save("f.npy", off);
  ASSERT_EQ(QFileInfo(path("f.npy")).size(), static_cast<qint64>(128 + off.bytes()));  // the same size
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_TRUE(c.results[1].image);
  EXPECT_NE(c.results[1].image, first);
  EXPECT_EQ(c.results[1].image->at(0, 0, 0), off.at(0, 0, 0));
  EXPECT_EQ(c.diffs[1].stats->differing, 1u);
  // A file that is gone: read again, and its error shown.
  QFile::remove(path("f.npy"));
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_FALSE(c.results[1].image);
  EXPECT_FALSE(c.results[1].error.isEmpty());
}

// A file whose fstat (device, inode, size, times) is unchanged is not read again: a stamp whose hash is
// not the file's, but whose fstat fields are, keeps the pane. A touched file (new times, the same
// bytes) is hashed again and kept; a file replaced by other bytes is read again.
TEST_F(FilePanes, AnUnchangedFileIsNotHashedAgain) {
  const Image src = source();
  rl::ResizeSpec half;
  half.scale = {{0.5, 0.5}};
  const Image out = rl::resize(src, half);
  Comparison c = half_of(src, {rl::ui::file_pane(save("f.npy", out))});
  ASSERT_TRUE(c.results[1].image && c.results[1].made_from && c.results[1].made_from->file);
  const auto first = c.results[1].image;
  c.results[1].made_from->file->hash ^= 1;  // not the bytes' hash: only a read of the file would tell
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.results[1].image, first);
  c.results[1].made_from->file->hash ^= 1;
  QFile f(path("f.npy"));
  ASSERT_TRUE(f.open(QIODevice::ReadWrite));
  ASSERT_TRUE(f.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
  f.close();
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.results[1].image, first);  // the same bytes
  Image off = out;
  off.set(0, 0, 0, out.at(0, 0, 0) >= 128 ? 0 : 255);
  save("f.npy", off);
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_TRUE(c.results[1].image);
  EXPECT_EQ(c.results[1].image->at(0, 0, 0), off.at(0, 0, 0));
}

// What a change recomputes: a map kind keeps every pane's statistics (the same numbers, not made
// again) and makes its maps anew; a changed pane gets new statistics and map, and the other panes
// keep theirs, which are equal to what a fresh comparison of the same inputs gives.
TEST_F(FilePanes, AChangeRecomputesOnlyWhatDependsOnIt) {
  const Image src = source();
  Comparison c;
  c.source = std::make_shared<const Image>(src);
  c.base.scale = {{0.5, 0.5}};
  c.panes = {PaneConfig{rl::Method::Bicubic, true}, PaneConfig{rl::Method::Nearest, false},
             PaneConfig{rl::Method::Bilinear, false}};
  c.diff.protocol = rl::SrProtocol::Basicsr;
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_EQ(c.diffs.size(), 3u);
  const auto map1 = c.diffs[1].map, map2 = c.diffs[2].map;
  const QString psnr2 = c.diffs[2].statistics[2].value;
  c.diff.mode = rl::DiffMode::Signed;
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_NE(c.diffs[1].map, map1);  // a signed map now
  EXPECT_EQ(c.diffs[2].statistics[2].value, psnr2);
  ASSERT_TRUE(c.diffs[2].made_from);
  EXPECT_EQ(c.diffs[2].made_from->mode, rl::DiffMode::Signed);
  const auto signed1 = c.diffs[1].map, signed2 = c.diffs[2].map;
  const auto result1 = c.results[1].image;
  c.panes[2] = PaneConfig{rl::Method::Lanczos3, false};
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.results[1].image, result1);  // pane 2 kept
  EXPECT_EQ(c.diffs[1].map, signed1);      // and its map
  EXPECT_NE(c.diffs[2].map, signed2);
  // The kept and the new numbers are what a comparison made from nothing gives.
  Comparison fresh;
  fresh.source = c.source;
  fresh.base = c.base;
  fresh.panes = c.panes;
  fresh.diff = c.diff;
  rl::ui::compute_comparison(fresh, rl::ui::run_on_cpu, [] { return false; });
  for (std::size_t i = 0; i < 3; ++i) {
    ASSERT_EQ(fresh.diffs[i].statistics.size(), c.diffs[i].statistics.size());
    for (std::size_t k = 0; k < c.diffs[i].statistics.size(); ++k)
      EXPECT_EQ(fresh.diffs[i].statistics[k].value, c.diffs[i].statistics[k].value) << i << " " << k;
    EXPECT_TRUE(rl::identical(*fresh.diffs[i].map, *c.diffs[i].map)) << i;
    // The protocol's scores bit for bit, the changed pane's made with the reference's shared part.
    ASSERT_TRUE(fresh.diffs[i].sr && c.diffs[i].sr) << i;
    EXPECT_EQ(fresh.diffs[i].sr->psnr, c.diffs[i].sr->psnr) << i;
    EXPECT_EQ(fresh.diffs[i].sr->ssim, c.diffs[i].sr->ssim) << i;
  }
  // The reference was scored before: its part was made for the changed pane, and is kept for the next.
  EXPECT_FALSE(fresh.diffs[2].sr_reference);  // a reference scored once makes none
  ASSERT_TRUE(c.diffs[2].sr_reference);
  const auto shared = c.diffs[2].sr_reference;
  c.panes[2] = PaneConfig{rl::Method::Box, false};
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.diffs[2].sr_reference, shared);
  fresh.panes = c.panes;
  fresh.diffs.clear();
  fresh.results.clear();
  rl::ui::compute_comparison(fresh, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(fresh.diffs[2].sr->ssim, c.diffs[2].sr->ssim);
  EXPECT_EQ(fresh.diffs[2].sr->psnr, c.diffs[2].sr->psnr);
}

// At scale 1 a MATLAB pane whose plan is the identity shares the source instead of copying it (the
// same bytes either way); a Lanczos pane, whose weights are not exactly 0 and 1, is resized.
TEST_F(FilePanes, AnIdentityPaneIsTheSourceItself) {
  const Image src = source();
  Comparison c;
  c.source = std::make_shared<const Image>(src);
  c.base.scale = {{1.0, 1.0}};
  c.panes = {PaneConfig{rl::Method::Bicubic, true}, PaneConfig{rl::Method::Nearest, false},
             PaneConfig{rl::Method::Lanczos3, false}};
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  EXPECT_EQ(c.results[0].image, c.source);
  EXPECT_EQ(c.results[1].image, c.source);
  ASSERT_TRUE(c.results[2].image);
  EXPECT_NE(c.results[2].image, c.source);
  rl::ResizeSpec lanczos = rl::ResizeSpec::with_scale(1.0, rl::Method::Lanczos3);
  lanczos.antialiasing = false;
  EXPECT_TRUE(rl::identical(*c.results[2].image, rl::resize(src, lanczos)));
  EXPECT_EQ(c.diffs[1].stats->differing, 0u);
  EXPECT_TRUE(c.results[0].plan && c.results[0].plan->is_identity());
}

// Enlarging, antialiasing widens nothing: bicubic with and without it has the same tables, so the
// second pane shares the first's result (the window's default four at x2), with the same bits as its
// own resize and 0 px differing. Shrinking, the tables differ and each pane is resized.
TEST_F(FilePanes, APaneWithTheSameTablesSharesTheEarlierResult) {
  const Image src = source();
  for (const double scale : {2.0, 0.5}) {
    SCOPED_TRACE(scale);
    Comparison c;
    c.source = std::make_shared<const Image>(src);
    c.base.scale = {{scale, scale}};
    c.panes = {PaneConfig{rl::Method::Bicubic, true}, PaneConfig{rl::Method::Bilinear, false},
               PaneConfig{rl::Method::Bicubic, false}};
    rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
    for (const auto& r : c.results) ASSERT_TRUE(r.image) << r.error.toStdString();
    rl::ResizeSpec plain = rl::ResizeSpec::with_scale(scale, rl::Method::Bicubic);
    plain.antialiasing = false;
    EXPECT_TRUE(rl::identical(*c.results[2].image, rl::resize(src, plain)));
    EXPECT_NE(c.results[1].image, c.results[0].image);
    if (scale > 1.0) {
      EXPECT_EQ(c.results[2].image, c.results[0].image);
      EXPECT_EQ(c.results[2].display, c.results[0].display);
      EXPECT_EQ(c.diffs[2].stats->differing, 0u);
      EXPECT_EQ(c.diffs[2].stats->max_abs, 0.0);
      EXPECT_TRUE(c.results[2].note.contains(QStringLiteral("pane 1")));
    } else {
      EXPECT_NE(c.results[2].image, c.results[0].image);
      EXPECT_GT(c.diffs[2].stats->differing, 0u);
    }
  }
}

// Two statistics regions drawn differently that cover the same pixels of the half-size results
// (source 10x10 and 9x9 from the corner: both 5x5 at 1/2): the statistics are not kept from the
// first, since they name the region as drawn.
TEST_F(FilePanes, ARegionDrawnDifferentlyIsNamedAnew) {
  const Image src = source();
  Comparison c = half_of(src, {});
  c.panes.push_back(PaneConfig{rl::Method::Nearest, false});
  c.diff.region = QRect(0, 0, 10, 10);
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_EQ(c.reference_region(), QRect(0, 0, 5, 5));
  EXPECT_EQ(c.diffs[1].statistics.front().value, QString("0,0 10\u00d710"));
  c.diff.region = QRect(0, 0, 9, 9);
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  ASSERT_EQ(c.reference_region(), QRect(0, 0, 5, 5));
  EXPECT_EQ(c.diffs[1].statistics.front().value, QString("0,0 9\u00d79"));
}

}  // namespace
