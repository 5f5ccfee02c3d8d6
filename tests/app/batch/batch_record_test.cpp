// `imresize batch` keeps DST_DIR/.imresize-batch-settings and refuses a resume with other settings;
// its inputs are read within bounds and its failures are one line each.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "batch_support.hpp"
#include "image_bytes.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

bool identical_images(const Image& a, const Image& b) {
  return a.same_shape(b) && a.type() == b.type() && std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

// Twelve noise images, slow enough to encode that a run can be killed in its middle.
std::vector<Image> make_inputs(const fs::path& src) {
  fs::create_directories(src);
  std::vector<Image> in;
  for (int i = 0; i < 12; ++i) {
    in.push_back(noise_image(480, 640, 3, ElemType::U8, 700u + static_cast<unsigned>(i)));
    io::save((src / ("img" + std::to_string(10 + i) + ".png")).string(), in.back());
  }
  return in;
}

TEST(BatchRecord, ResumeOfAKilledRunWithOtherSettingsIsRefused) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  const std::vector<Image> inputs = make_inputs(src);
  const std::vector<std::string> bicubic{src.string(), dst.string(), "--scales", "2,4",
                                         "--jobs",     "1",          "--method", "bicubic"};
  const Child c = start_batch(bicubic, t.path());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  const auto outputs = [&] {
    std::size_t n = 0;
    for (const auto& p : files_under(dst)) n += p.extension() == ".png" && p.filename().string()[0] != '.';
    return n;
  };
  while (outputs() == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_GT(outputs(), 0u) << "no output appeared within 120 s";
  ASSERT_EQ(::kill(c.pid, SIGKILL), 0);
  ASSERT_EQ(wait_child(c), -SIGKILL);
  const std::string record = read_text(dst / ".imresize-batch-settings");
  EXPECT_NE(record.find("\n--method bicubic\n"), std::string::npos) << record;
  EXPECT_NE(record.find("\n--boundary modern\n"), std::string::npos) << record;
  const std::vector<fs::path> before = files_under(dst);
  ASSERT_LT(before.size(), 24u) << "the run finished before it was killed";

  // Other settings: refused (exit 2), one line naming each difference and the overrides, nothing written.
  std::vector<std::string> nearest{src.string(), dst.string(), "--scales", "2,4",        "--jobs",
                                   "1",          "--method",   "nearest",  "--boundary", "legacy"};
  const Result refused = run_batch(nearest, t.path());
  EXPECT_EQ(refused.code, 2) << refused.out << refused.err;
  EXPECT_EQ(count_lines(refused.err), 1) << refused.err;
  for (const char* part : {"--method bicubic (this run: nearest)", "--boundary modern (this run: legacy)",
                           "--overwrite", "--mixed-settings"})
    EXPECT_NE(refused.err.find(part), std::string::npos) << refused.err;
  EXPECT_EQ(files_under(dst), before);
  EXPECT_EQ(read_text(dst / ".imresize-batch-settings"), record);

  // The same settings resume and complete the set.
  const Result resumed = run_batch(bicubic, t.path());
  ASSERT_EQ(resumed.code, 0) << resumed.out << resumed.err;
  EXPECT_EQ(files_under(dst).size(), 24u);
  EXPECT_FALSE(has_temp_files(dst));

  // --overwrite redoes every output with the new settings and records them.
  nearest.push_back("--overwrite");
  const Result redone = run_batch(nearest, t.path());
  ASSERT_EQ(redone.code, 0) << redone.out << redone.err;
  EXPECT_NE(read_text(dst / ".imresize-batch-settings").find("\n--method nearest\n"), std::string::npos);
  ResizeSpec spec = ResizeSpec::with_scale(0.5);
  spec.method = Method::Nearest;
  spec.boundary = Boundary::Legacy;
  for (int i : {0, 11})
    EXPECT_TRUE(
        identical_images(io::load((dst / xdir(2) / ("img" + std::to_string(10 + i) + "x2.png")).string()),
                         resize(inputs[static_cast<std::size_t>(i)], spec)))
        << i;
}

TEST(BatchRecord, MixedSettingsResumesAnywayAndADegradationChangeIsNamed) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  io::save((src / "a.png").string(), noise_image(24, 36, 1, ElemType::U8, 5));
  ASSERT_EQ(run_batch({src.string(), dst.string(), "--scales", "2"}, t.path()).code, 0);
  const Result bd = run_batch({src.string(), dst.string(), "--scales", "2", "--degradation", "bd"}, t.path());
  EXPECT_EQ(bd.code, 2);
  EXPECT_NE(bd.err.find("--degradation bi (this run: bd)"), std::string::npos) << bd.err;
  const Result mixed =
      run_batch({src.string(), dst.string(), "--scales", "2", "--modcrop", "--mixed-settings"}, t.path());
  EXPECT_EQ(mixed.code, 0) << mixed.err;
  EXPECT_NE(read_text(dst / ".imresize-batch-settings").find("\n--modcrop yes\n"), std::string::npos);
}

TEST(BatchInputs, OversizedAndBrokenImagesFailOneLineEachUnderAMemoryCap) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  // Two gigapixel TIFF headers side by side (--jobs 2), a BMP claiming 30000 x 30000, a cut BMP, a
  // float64 RGB TIFF (read) and a good image.
  const std::vector<std::uint8_t> lie =
      test::make_tiff(32768, 32768, 1, 8, 1, std::vector<std::uint8_t>(8u << 20));
  for (const char* n : {"lie1.tif", "lie2.tif"}) {
    std::ofstream f(src / n, std::ios::binary);
    f.write(reinterpret_cast<const char*>(lie.data()), static_cast<std::streamsize>(lie.size()));
  }
  const auto write = [&](const char* name, const std::vector<std::uint8_t>& b) {
    std::ofstream f(src / name, std::ios::binary);
    f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
  };
  write("big.bmp", test::make_bmp(30000, 30000, 1u << 20));
  write("cut.bmp", test::make_bmp(40, 30, 40 * 30 * 3 / 2));
  write("f64.tif", test::make_tiff(8, 6, 3, 64, 3, std::vector<std::uint8_t>(8 * 6 * 3 * 8, 0)));
  io::save((src / "good.png").string(), noise_image(24, 36, 3, ElemType::U8, 9));
  // A JPEG whose entropy-coded data is zeroed in the middle: libjpeg decodes it with a warning and
  // grey where the data was; the batch wrote that as a good output.
  io::save((t.path() / "j.jpg").string(), noise_image(64, 64, 3, ElemType::U8, 11));
  std::vector<std::uint8_t> jpg;
  {
    std::ifstream f(t.path() / "j.jpg", std::ios::binary);
    jpg.assign(std::istreambuf_iterator<char>(f), {});
  }
  for (std::size_t i = jpg.size() / 2; i < jpg.size() / 2 + 200; ++i)
    if (jpg[i] != 0xFF) jpg[i] = 0;
  write("bad.jpg", jpg);
  const Result r = run_batch_capped({src.string(), dst.string(), "--scales", "2", "--jobs", "2"}, t.path(),
                                    std::uint64_t{512} << 20);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  // Stderr holds the five failures, one line each, and nothing else (no library text).
  EXPECT_EQ(count_lines(r.err), 5) << r.err;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);)
    EXPECT_EQ(line.rfind("imresize batch: failed ", 0), 0u) << line;
  for (const char* part :
       {"failed lie1.tif: the image is 32768x32768", "failed lie2.tif: the image is 32768x32768",
        "failed big.bmp: truncated BMP file", "failed cut.bmp: truncated BMP file",
        "failed bad.jpg: the image data is corrupt (Corrupt JPEG data"})
    EXPECT_NE(r.out.find(part), std::string::npos) << part << "\n" << r.out;
  EXPECT_NE(r.out.find("2 done"), std::string::npos) << r.out;  // good.png, and f64.tif (to im2uint8 PNG)
  EXPECT_EQ(r.out.find("\n\n"), std::string::npos) << "a blank line in:\n" << r.out;
}

}  // namespace
}  // namespace rl
