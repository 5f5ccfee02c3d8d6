// Image (shape, zero fill, element access, copies, identical, reuse of large blocks) and atomic_file
// (temporary names, commit, rollback, the writability check).
#include "rl/image.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

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

// Large images (4 MiB and more) take the memory of one freed before when it has about their size: the
// same block comes back for the same size, a zero-filled image is still all zeros on a block that held
// other bytes, and a request under half a kept block's size gets memory of its own.
TEST(Image, LargeBlocksAreReusedAndStillZeroFilled) {
  const void* first = nullptr;
  {
    Image a = Image::uninitialized(1200, 1500, 3, ElemType::U8);  // 5.4 MB
    std::memset(a.raw(), 0xFF, a.bytes());
    first = a.raw();
  }
  const Image b(1200, 1500, 3, ElemType::U8);
  EXPECT_EQ(b.raw(), first);
  const auto* p = static_cast<const unsigned char*>(b.raw());
  EXPECT_TRUE(std::all_of(p, p + b.bytes(), [](unsigned char v) { return v == 0; }));
  Image big = Image::uninitialized(2400, 3000, 3, ElemType::U8);  // 21.6 MB: a fresh block
  std::memset(big.raw(), 1, big.bytes());
  const void* big_block = big.raw();
  big = Image();  // kept
  // 4.5 MB: not the 21.6 MB block
  const Image small = Image::uninitialized(1000, 1500, 3, ElemType::U8);
  EXPECT_NE(small.raw(), big_block);
  EXPECT_NE(small.raw(), b.raw());
  const Image again = Image::uninitialized(2400, 3000, 3, ElemType::U8);
  EXPECT_EQ(again.raw(), big_block);
  const Image copy(b);
  EXPECT_TRUE(identical(copy, b));
}

// Images made and freed on several threads at once, large and small, keep their own bytes.
TEST(Image, LargeBlocksFromSeveralThreadsStayTheirOwn) {
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 40; ++i) {
        const int rows = 700 + 300 * ((t + i) % 3);
        Image im = Image::uninitialized(rows, 2000, 3, ElemType::U8);
        std::memset(im.raw(), t + 1, im.bytes());
        std::this_thread::yield();
        const auto* p = static_cast<const unsigned char*>(im.raw());
        if (!std::all_of(p, p + im.bytes(), [&](unsigned char v) { return v == t + 1; })) ++bad;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0);
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
  // RANDOM (hex, letters included) in place of the counter: the SPACE after it is still read.
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-4194305-abcdef0123456789-" + there + ".png"),
            TempFileMaker::Elsewhere);
  EXPECT_EQ(temp_file_maker(".a.rl-tmp-4194305-abcdef0123456789-" + here + ".png"), TempFileMaker::Gone);
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
    o.write("new", 3);
    EXPECT_EQ(o.destination(), out.string());
  }  // destroyed without commit
  EXPECT_EQ(read_all(out), "old");
  EXPECT_EQ(dir.files(), 1u);
  {
    AtomicOutput o(out.string());
    o.write("new", 3);
    o.commit();
  }
  EXPECT_EQ(read_all(out), "new");
  EXPECT_EQ(dir.files(), 1u);
}

TEST(AtomicFile, TempNamesAreRandomAndStayWithinNameMax) {
  const std::string a = fs::path(temp_path_for("/d/photo.png")).filename().string();
  const std::string b = fs::path(temp_path_for("/d/photo.png")).filename().string();
  // .photo.rl-tmp-PID-RANDOM-SPACE.png: RANDOM is 16 hex digits, different each time.
  const std::string prefix = ".photo.rl-tmp-" + std::to_string(::getpid()) + "-";
  ASSERT_EQ(a.rfind(prefix, 0), 0u) << a;
  const std::string ra = a.substr(prefix.size(), 16), rb = b.substr(prefix.size(), 16);
  EXPECT_EQ(ra.find_first_not_of("0123456789abcdef"), std::string::npos) << a;
  EXPECT_EQ(a[prefix.size() + 16], '-') << a;
  EXPECT_NE(ra, rb);
  EXPECT_EQ(temp_file_maker(a), TempFileMaker::ThisProcess);

  const std::string long_stem(250, 's');
  const std::string t = fs::path(temp_path_for("/d/" + long_stem + ".tiff")).filename().string();
  EXPECT_LE(t.size(), 255u);
  EXPECT_EQ(fs::path(t).extension(), ".tiff");
  EXPECT_EQ(temp_file_owner(t), static_cast<long>(::getpid()));
  EXPECT_EQ(temp_file_maker(t), TempFileMaker::ThisProcess);
  // A stem of two-byte characters is cut between characters, never inside one.
  std::string wide;
  for (int i = 0; i < 125; ++i) wide += "\xc3\xa9";
  const std::string w = fs::path(temp_path_for("/d/" + wide + ".png")).filename().string();
  EXPECT_LE(w.size(), 255u);
  const std::size_t cut = w.find(".rl-tmp-");
  ASSERT_NE(cut, std::string::npos);
  EXPECT_EQ((cut - 1) % 2, 0u) << "cut inside a character: " << w;
}

TEST(AtomicFile, TheTemporaryIsCreatedPrivateAndRemovedOnRequest) {
  const TempFolder dir;
  const fs::path out = dir.path() / "x.bin";
  write_file_atomically(out.string(), "old", 3);
  fs::permissions(out, fs::perms(0640));
  {
    AtomicOutput o(out.string());
    struct stat st {};
    ASSERT_EQ(::lstat(o.temp_path().c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_EQ(st.st_mode & 0777, 0600u);  // private until it takes the old file's mode
    o.write("new", 3);
    o.commit();
  }
  EXPECT_EQ(read_all(out), "new");
  EXPECT_EQ(static_cast<unsigned>(fs::status(out).permissions()), 0640u);
  {
    AtomicOutput o((dir.path() / "y.bin").string());
    ASSERT_TRUE(fs::exists(o.temp_path()));
    remove_live_temporaries();  // as a signal handler does
    EXPECT_FALSE(fs::exists(o.temp_path()));
  }
  EXPECT_EQ(dir.files(), 1u);
}

TEST(AtomicFile, LinksAndOtherFilesAreNeverReplacedOrWrittenThrough) {
  const TempFolder dir;
  const fs::path target = dir.path() / "target.txt";
  write_file_atomically(target.string(), "keep", 4);
  const fs::path link = dir.path() / "link.txt";
  fs::create_symlink(target, link);
  EXPECT_THROW(check_output_writable(link.string()), std::runtime_error);
  EXPECT_THROW(write_file_atomically(link.string(), "x", 1), std::runtime_error);
  EXPECT_EQ(read_all(target), "keep");
  EXPECT_TRUE(fs::is_symlink(link));
  const fs::path fifo = dir.path() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  EXPECT_THROW(write_file_atomically(fifo.string(), "x", 1), std::runtime_error);
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(AtomicFile, WritabilityIsCheckedBeforeAnyWork) {
  const TempFolder dir;
  EXPECT_NO_THROW(check_output_writable((dir.path() / "new.png").string()));
  EXPECT_THROW(check_output_writable((dir.path() / "missing" / "new.png").string()), std::runtime_error);
  EXPECT_THROW(check_output_writable(dir.path().string()), std::runtime_error);  // a folder
  EXPECT_THROW(write_file_atomically((dir.path() / "missing" / "f").string(), "x", 1), std::runtime_error);
}

// The folder's writability is asked with the effective ids, as the file's is: a program whose real
// uid may write there but whose effective one may not (set-uid, or root acting as another user) is
// refused before any work, not at the rename. Needs root, to take another effective uid.
TEST(AtomicFile, WritabilityIsAskedWithTheEffectiveIds) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to take another effective uid";
  const TempFolder dir;
  const fs::path ro = dir.path() / "root-only";
  fs::create_directories(ro);
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  fs::permissions(ro, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                          fs::perms::others_read | fs::perms::others_exec);
  write_file_atomically((ro / "old.txt").string(), "keep", 4);
  ::chmod((ro / "old.txt").c_str(), 0666);  // the file itself is writable by anyone
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // real uid 0, effective uid nobody
    if (::seteuid(65534) != 0) ::_exit(3);
    int code = 0;
    for (const char* name : {"new.txt", "old.txt"}) {
      try {
        check_output_writable((ro / name).string());
        code |= 1;
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()).find("is not writable") == std::string::npos) code |= 2;
      }
    }
    ::_exit(code);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: accepted; 2: refused for another reason; 3: no seteuid";
  EXPECT_EQ(read_all(ro / "old.txt"), "keep");
}

}  // namespace
}  // namespace rl
