// The files `imresize batch` reads besides images (--list, DST_DIR's settings record and its lock) are
// regular files within a size limit; a FIFO, a device or a link to one is refused at once, under an
// address-space cap and a timeout, with exit 2 and one line naming the file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>

#include "batch_support.hpp"
#include "rl/image_io.hpp"

namespace rl {
namespace {

constexpr std::uint64_t kCap = std::uint64_t{512} << 20;  // the address-space cap: 512 MiB

void save_input(const fs::path& src) {
  fs::create_directories(src);
  io::save((src / "im10.png").string(), noise_image(8, 8, 3, ElemType::U8, 3));
}

// A refusal of a file batch reads: exit 2 within seconds (not killed by the alarm), one stderr line
// holding `part`, and nothing written.
void expect_refused_at_once(const std::vector<std::string>& args, const fs::path& logs,
                            const std::string& part, const fs::path& dst) {
  const auto t0 = std::chrono::steady_clock::now();
  const Result r = run_batch_capped(args, logs, kCap, 20);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10)) << part;
  EXPECT_EQ(r.code, 2) << part << "\n" << r.out << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(part), std::string::npos) << "stderr: " << r.err << "expected: " << part;
  EXPECT_TRUE(files_under(dst).empty());
}

TEST(BatchHostileReads, ListThatIsAFifoOrADeviceIsRefusedAtOnce) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst", fifo = t.path() / "list.fifo",
                 link = t.path() / "list.txt";
  save_input(src);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", link);
  for (const auto& [list, why] : std::vector<std::pair<std::string, std::string>>{
           {fifo.string(), ": is a FIFO; image lists are read from regular files only"},
           {"/dev/zero", ": is a character device; image lists are read from regular files only"},
           {link.string(), ": is a character device; image lists are read from regular files only"}})
    expect_refused_at_once({src.string(), dst.string(), "--scales", "2", "--list", list}, t.path(),
                           "imresize batch: --list " + list + why, dst);
}

TEST(BatchHostileReads, ListOverItsSizeLimitIsRefusedUnread) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst", big = t.path() / "big.txt";
  save_input(src);
  // A sparse file of 257 MiB: its size alone refuses it.
  { std::ofstream(big) << "im10.png\n"; }
  fs::resize_file(big, std::uintmax_t{257} << 20);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2", "--list", big.string()}, t.path(),
                         big.string() + ": larger than the 268435456-byte limit for image lists", dst);
}

TEST(BatchHostileReads, RecordOrLockThatIsAFifoALinkToADeviceOrTooLargeIsRefusedAtOnce) {
  TempDir t;
  const fs::path src = t.path() / "src";
  save_input(src);
  int n = 0;
  const auto plant = [&](const char* name, bool fifo) {
    const fs::path dst = t.path() / ("dst" + std::to_string(n++));
    fs::create_directories(dst);
    if (fifo)
      EXPECT_EQ(::mkfifo((dst / name).c_str(), 0600), 0);
    else
      fs::create_symlink("/dev/zero", dst / name);
    return dst;
  };
  fs::path dst = plant(".imresize-batch-settings", true);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2"}, t.path(),
                         (dst / ".imresize-batch-settings").string() +
                             ": is a FIFO; batch settings records are read from regular files only",
                         dst);
  dst = plant(".imresize-batch-settings", false);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2"}, t.path(),
                         (dst / ".imresize-batch-settings").string() + ": is a character device", dst);
  dst = plant(".imresize-batch-lock", true);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2"}, t.path(),
                         (dst / ".imresize-batch-lock").string() + ": is a FIFO", dst);
  dst = plant(".imresize-batch-lock", false);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2"}, t.path(),
                         (dst / ".imresize-batch-lock").string() + ": is a symbolic link", dst);
  // A record of 1 GiB (sparse): refused from its size, unread.
  dst = t.path() / "big";
  fs::create_directories(dst);
  { std::ofstream(dst / ".imresize-batch-settings") << "--method bicubic\n"; }
  fs::resize_file(dst / ".imresize-batch-settings", std::uintmax_t{1} << 30);
  expect_refused_at_once({src.string(), dst.string(), "--scales", "2"}, t.path(),
                         (dst / ".imresize-batch-settings").string() +
                             ": larger than the 65536-byte limit for batch settings records",
                         dst);
}

}  // namespace
}  // namespace rl
