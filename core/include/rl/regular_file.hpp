// Reading a file a user or another process named: a regular file only, never more than a limit. Every
// file the programs read (images, NIQE models, --list files, batch settings records) is read here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

// What stat(2) says of a file, as far as "has it changed" goes; the one rule for that (the viewer's
// --watch, and the panes that keep a file's image while its bytes are the same). Two stats are equal
// when they name the same file (device and inode: a file replaced by a rename is another one), of the
// same kind (a regular file or not) and size, modified and changed at the same times to the
// nanosecond. The change time (ctime) moves with every write, rename and chmod and cannot be set back,
// so a file rewritten with its size and modification time restored (cp -p, rsync -t) still differs.
struct FileStat {
  std::uint64_t dev = 0, ino = 0, size = 0;
  std::int64_t mtime_ns = 0, ctime_ns = 0;
  bool regular = false;
  bool operator==(const FileStat& o) const = default;
};

// The FileStat of `path`, symbolic links followed; nullopt when there is none to take (missing, a
// dangling link, a folder that cannot be searched). Opens nothing: a FIFO is stat'ed, never waited for.
std::optional<FileStat> stat_file(const std::string& path);

// A regular file opened for reading at offsets. Opening uses O_NONBLOCK (a FIFO without a writer does
// not wait for one) and follows symbolic links, then fstat decides: anything but a regular file (a
// FIFO, a device such as /dev/zero, a socket, a folder, a link to one of them) throws one line,
// "PATH: is a FIFO; WHAT are read from regular files only", before a byte is read. `what` names the
// kind of file in the plural ("images", "NIQE model files").
class RegularFile {
 public:
  RegularFile(const std::string& path, std::string_view what);
  ~RegularFile();
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t size() const { return stat_.size; }  // fstat's size when opened
  const FileStat& stat() const { return stat_; }     // fstat's, when opened
  // Up to n bytes from `offset`; fewer only at the end of the file.
  std::size_t read_at(std::uint64_t offset, void* buf, std::size_t n) const;
  // The first min(n, what there is) bytes.
  std::vector<std::uint8_t> read_first(std::uint64_t n) const;

 private:
  std::string path_;
  int fd_ = -1;
  FileStat stat_;
};

// Throws RegularFile's one line unless the open descriptor `fd` (of `path`) is a regular file, else
// returns its size; for files opened otherwise (for writing, for a lock).
std::uint64_t require_regular_file(int fd, const std::string& path, std::string_view what);

// The whole of the regular file `path`, or one line naming it and why not: not a regular file (as
// RegularFile), or "PATH: larger than the MAX-byte limit for WHAT" when it holds more than max_bytes
// (counted as read, so a file that grows, or one whose size fstat does not know, is bounded too).
std::string read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string_view what);

// Up to max_bytes of the open descriptor `fd` (standard input: a pipe is fine there, the user gave it),
// or "NAME: larger than the MAX-byte limit for WHAT" when it has more.
std::string read_stream(int fd, const std::string& name, std::uint64_t max_bytes, std::string_view what);

}  // namespace rl
