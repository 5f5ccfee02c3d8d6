// The one reader of files named from outside (rl/regular_file.hpp): a FIFO, a device, a link to one or
// a folder is refused before a byte is read, and nothing past the size limit is ever kept.
#include "rl/regular_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

namespace rl {
namespace {

namespace fs = std::filesystem;

class RegularFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rl_regular_file_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char* name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

// The message read_regular_file throws for `path`, or "" when it reads it.
std::string refusal(const std::string& path, std::uint64_t max_bytes) {
  try {
    read_regular_file(path, max_bytes, "lists");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST_F(RegularFileTest, AnythingButARegularFileIsRefusedAtOnce) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", path("zero"));
  fs::create_directory(path("folder"));
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(refusal(path("fifo"), 100), path("fifo") + ": is a FIFO; lists are read from regular files only");
  EXPECT_EQ(refusal("/dev/zero", 100),
            "/dev/zero: is a character device; lists are read from regular files only");
  EXPECT_EQ(refusal(path("zero"), 100),
            path("zero") + ": is a character device; lists are read from regular files only");
  EXPECT_EQ(refusal(path("folder"), 100),
            path("folder") + ": is a folder; lists are read from regular files only");
  EXPECT_EQ(refusal(path("none"), 100),
            path("none") + ": cannot open for reading (No such file or directory)");
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));  // no FIFO writer awaited
}

TEST_F(RegularFileTest, ReadsUpToTheLimitAndRefusesOneByteMore) {
  std::ofstream(path("a")) << std::string(100, 'x');
  EXPECT_EQ(read_regular_file(path("a"), 100, "lists"), std::string(100, 'x'));
  EXPECT_EQ(refusal(path("a"), 99), path("a") + ": larger than the 99-byte limit for lists");
  // A sparse 1 TiB file is refused from its size, not read.
  std::ofstream(path("huge")).close();
  fs::resize_file(path("huge"), std::uintmax_t{1} << 40);
  EXPECT_EQ(refusal(path("huge"), 1 << 20), path("huge") + ": larger than the 1048576-byte limit for lists");
  // A link to a regular file is read as the file.
  fs::create_symlink(path("a"), path("link"));
  EXPECT_EQ(read_regular_file(path("link"), 100, "lists").size(), 100u);
}

TEST_F(RegularFileTest, AStreamIsReadToItsEndOrRefusedPastTheLimit) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  std::thread writer([&] {
    const std::string chunk(1 << 16, 'y');
    // 256 KiB offered; the reader stops at its first 64 KiB read that passes 200 000 bytes.
    for (int i = 0; i < 4; ++i)
      if (::write(p[1], chunk.data(), chunk.size()) < 0) break;
    ::close(p[1]);
  });
  EXPECT_THROW(
      {
        try {
          read_stream(p[0], "standard input", 200000, "lists");
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "standard input: larger than the 200000-byte limit for lists");
          throw;
        }
      },
      std::runtime_error);
  writer.join();
  ::close(p[0]);
  int q[2];
  ASSERT_EQ(::pipe(q), 0);
  ASSERT_EQ(::write(q[1], "a.png\n", 6), 6);
  ::close(q[1]);
  EXPECT_EQ(read_stream(q[0], "standard input", 6, "lists"), "a.png\n");
  ::close(q[0]);
}

// stat_file and RegularFile::stat give the same FileStat, and it differs for a file replaced by one of
// the same size and modification time (another inode), and for one rewritten in place with its
// modification time set back (a later change time); a FIFO is stat'ed, not waited for.
TEST_F(RegularFileTest, FileStatTellsAReplacementOfTheSameSizeAndTime) {
  std::ofstream(path("a")) << "first";
  const std::optional<FileStat> first = stat_file(path("a"));
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->regular);
  EXPECT_EQ(first->size, 5u);
  EXPECT_EQ(RegularFile(path("a"), "lists").stat(), *first);
  EXPECT_EQ(stat_file(path("a")), first);
  EXPECT_FALSE(stat_file(path("none")));
  const auto set_mtime = [&](const std::string& p, std::int64_t ns) {
    const timespec times[2] = {{0, UTIME_OMIT}, {ns / 1000000000, ns % 1000000000}};
    ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, 0), 0);
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // past a coarse clock's tick
  std::ofstream(path("b")) << "other";
  set_mtime(path("b"), first->mtime_ns);
  fs::rename(path("b"), path("a"));
  const std::optional<FileStat> replaced = stat_file(path("a"));
  ASSERT_TRUE(replaced);
  EXPECT_EQ(replaced->size, first->size);
  EXPECT_EQ(replaced->mtime_ns, first->mtime_ns);
  EXPECT_NE(replaced->ino, first->ino);
  EXPECT_NE(*replaced, *first);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::ofstream(path("a"), std::ios::trunc) << "third";
  set_mtime(path("a"), first->mtime_ns);
  const std::optional<FileStat> rewritten = stat_file(path("a"));
  ASSERT_TRUE(rewritten);
  EXPECT_EQ(rewritten->ino, replaced->ino);
  EXPECT_EQ(rewritten->mtime_ns, first->mtime_ns);
  EXPECT_NE(*rewritten, *replaced);  // the change time moved
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  const std::optional<FileStat> fifo = stat_file(path("fifo"));
  ASSERT_TRUE(fifo);
  EXPECT_FALSE(fifo->regular);
}

}  // namespace
}  // namespace rl
