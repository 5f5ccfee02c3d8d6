// Image (shape, zero fill, element access, copies, identical) and atomic_file (temporary names,
// commit, rollback, the writability check).
#include "rl/image.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>

#include "rl/atomic_file.hpp"

namespace rl {
namespace {

namespace fs = std::filesystem;

TEST(Image, ShapeSizesAndZeroFill) {
  const Image im(3, 4, 2, ElemType::U16);
  EXPECT_EQ(im.elements(), 24u);
  EXPECT_EQ(im.bytes(), 48u);
  EXPECT_EQ(im.row_stride(), 8u);
  EXPECT_FALSE(im.empty());
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 2; ++k) EXPECT_EQ(im.at(r, c, k), 0.0);
  EXPECT_TRUE(Image(0, 5, 1, ElemType::U8).empty());
  EXPECT_THROW(Image(-1, 2, 1, ElemType::U8), std::invalid_argument);
  EXPECT_THROW(Image(2, 2, 0, ElemType::U8), std::invalid_argument);
}

TEST(Image, InterleavedLayoutAndTypedAccess) {
  Image im(2, 3, 3, ElemType::U8);
  im.set(1, 2, 1, 200);
  // Row-major, channels interleaved: (r, c, k) at (r*cols + c)*channels + k = (1*3+2)*3+1 = 16.
  EXPECT_EQ(im.data<std::uint8_t>()[16], 200);
  EXPECT_THROW(im.data<float>(), std::exception);
  EXPECT_EQ(elem_size(ElemType::F64), 8u);
  EXPECT_TRUE(is_integer(ElemType::U16));
  EXPECT_FALSE(is_integer(ElemType::F32));
}

TEST(Image, CopiesAreDeepAndIdenticalComparesBits) {
  Image a(2, 2, 1, ElemType::F64);
  a.set(0, 1, 0, std::numeric_limits<double>::quiet_NaN());
  Image b = a;
  EXPECT_TRUE(identical(a, b));  // NaN == NaN bitwise
  b.set(1, 1, 0, 0.5);
  EXPECT_EQ(a.at(1, 1), 0.0);
  EXPECT_FALSE(identical(a, b));
  EXPECT_FALSE(identical(Image(2, 2, 1, ElemType::F32), Image(2, 2, 1, ElemType::F64)));
  EXPECT_FALSE(identical(Image(2, 2, 1, ElemType::U8), Image(2, 2, 2, ElemType::U8)));
}

class TempFolder {
 public:
  TempFolder() {
    path_ = fs::temp_directory_path() / ("rl-image-test-" + std::to_string(::getpid()));
    fs::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  std::size_t files() const {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(path_)) ++n;
    return n;
  }

 private:
  fs::path path_;
};

std::string read_all(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

TEST(AtomicFile, TempNamesKeepTheExtensionAndNameTheirProcess) {
  const std::string t = temp_path_for("/some/dir/photo.png");
  const fs::path p(t);
  EXPECT_EQ(p.parent_path(), fs::path("/some/dir"));
  EXPECT_EQ(p.extension(), ".png");
  EXPECT_EQ(p.filename().string().rfind(".photo.rl-tmp-", 0), 0u) << t;
  EXPECT_EQ(temp_file_owner(p.filename().string()), static_cast<long>(::getpid()));
  EXPECT_NE(temp_path_for("/some/dir/photo.png"), t);  // two outputs at once never share a temporary
}

TEST(AtomicFile, OwnerIsReadOnlyFromOurNames) {
  EXPECT_EQ(temp_file_owner(".a.rl-tmp-1234-0.png"), 1234L);
  EXPECT_EQ(temp_file_owner(".a.b.rl-tmp-7-12"), 7L);
  EXPECT_EQ(temp_file_owner("a.rl-tmp-1234-0.png"), std::nullopt);  // not hidden
  EXPECT_EQ(temp_file_owner(".a.rl-tmp--0.png"), std::nullopt);     // no pid
  EXPECT_EQ(temp_file_owner(".a.rl-tmp-12x-0.png"), std::nullopt);
  EXPECT_EQ(temp_file_owner(".a.rl-tmp-0-0.png"), std::nullopt);
  EXPECT_EQ(temp_file_owner(".a.png"), std::nullopt);
  EXPECT_EQ(temp_file_owner(""), std::nullopt);
}

TEST(AtomicFile, MakerTellsWhetherThePidCanBeAskedHere) {
  const std::string here = process_space_tag();
  ASSERT_EQ(here.size(), 16u);
  EXPECT_EQ(here.find_first_not_of("0123456789abcdef"), std::string::npos) << here;
  const std::string there = here == "0123456789abcdef" ? "fedcba9876543210" : "0123456789abcdef";
  const std::string self = std::to_string(::getpid());
  EXPECT_EQ(temp_file_maker(fs::path(temp_path_for("/d/photo.png")).filename().string()),
            TempFileMaker::ThisProcess);
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-" + self + "-3-" + here + ".png"), TempFileMaker::ThisProcess);
  // pid 2^22 + 1 is above Linux's pid_max: no such process here.
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-4194305-0-" + here + ".png"), TempFileMaker::Gone);
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-4194305-0.png"), TempFileMaker::Gone);  // written before the tag
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-1-0-" + here + ".png"), TempFileMaker::Running);  // init
  // The same pids elsewhere say nothing about processes here.
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-4194305-0-" + there + ".png"), TempFileMaker::Elsewhere);
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-" + self + "-0-" + there + ".png"), TempFileMaker::Elsewhere);
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-" + self + "-0-" + there), TempFileMaker::Elsewhere);
  EXPECT_EQ(temp_file_maker("a.png"), TempFileMaker::NotTemporary);
  EXPECT_EQ(temp_file_owner(".a.rl-tmp-77-0-" + there + ".png"), 77L);
}

TEST(AtomicFile, WritesWholeFilesAndReplacesAtomically) {
  const TempFolder dir;
  const fs::path out = dir.path() / "x.bin";
  write_file_atomically(out.string(), "hello", 5);
  EXPECT_EQ(read_all(out), "hello");
  write_file_atomically(out.string(), "ab", 2);
  EXPECT_EQ(read_all(out), "ab");
  EXPECT_EQ(dir.files(), 1u);  // no temporary left behind
}

TEST(AtomicFile, UncommittedOutputLeavesNothingAndKeepsTheOldFile) {
  const TempFolder dir;
  const fs::path out = dir.path() / "keep.txt";
  write_file_atomically(out.string(), "old", 3);
  {
    AtomicOutput o(out.string());
    std::ofstream(o.temp_path()) << "new";
    EXPECT_EQ(o.destination(), out.string());
  }  // destroyed without commit
  EXPECT_EQ(read_all(out), "old");
  EXPECT_EQ(dir.files(), 1u);
  {
    AtomicOutput o(out.string());
    std::ofstream(o.temp_path()) << "new";
    o.commit();
  }
  EXPECT_EQ(read_all(out), "new");
  EXPECT_EQ(dir.files(), 1u);
}

TEST(AtomicFile, WritabilityIsCheckedBeforeAnyWork) {
  const TempFolder dir;
  EXPECT_NO_THROW(check_output_writable((dir.path() / "new.png").string()));
  EXPECT_THROW(check_output_writable((dir.path() / "missing" / "new.png").string()), std::runtime_error);
  EXPECT_THROW(check_output_writable(dir.path().string()), std::runtime_error);  // a folder
  EXPECT_THROW(write_file_atomically((dir.path() / "missing" / "f").string(), "x", 1), std::runtime_error);
}

}  // namespace
}  // namespace rl
