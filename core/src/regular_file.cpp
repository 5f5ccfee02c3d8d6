// The bounded, regular-file-only reader (rl/regular_file.hpp).
#include "rl/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace rl {

namespace {

std::string kind_of(mode_t mode) {
  return S_ISDIR(mode)    ? "a folder"
         : S_ISFIFO(mode) ? "a FIFO"
         : S_ISCHR(mode)  ? "a character device"
         : S_ISBLK(mode)  ? "a block device"
         : S_ISSOCK(mode) ? "a socket"
                          : "not a regular file";
}

std::string too_large(const std::string& name, std::uint64_t max_bytes, std::string_view what) {
  return name + ": larger than the " + std::to_string(max_bytes) + "-byte limit for " + std::string(what);
}

// Reads from `fd` (at `offset`, or where it stands when offset < 0) until n bytes or the end.
std::size_t read_fully(int fd, const std::string& name, std::int64_t offset, char* buf, std::size_t n) {
  std::size_t done = 0;
  while (done < n) {
    const ssize_t k = offset < 0 ? ::read(fd, buf + done, n - done)
                                 : ::pread(fd, buf + done, n - done,
                                           static_cast<off_t>(offset + static_cast<std::int64_t>(done)));
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (k < 0) throw std::runtime_error(name + ": read error (" + std::strerror(errno) + ")");
    if (k == 0) break;
    done += static_cast<std::size_t>(k);
  }
  return done;
}

// Reads through `read(at, buf, n)` (n bytes, fewer only at the end) until the end or past max_bytes,
// whichever comes first: memory grows with what is there, never with what a size claims.
template <class Read>
std::string read_bounded(const Read& read, const std::string& name, std::uint64_t max_bytes,
                         std::string_view what) {
  std::string out;
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  for (;;) {
    const std::size_t at = out.size();
    out.resize(at + kChunk);
    const std::size_t k = read(at, out.data() + at, kChunk);
    out.resize(at + k);
    if (out.size() > max_bytes) throw std::runtime_error(too_large(name, max_bytes, what));
    if (k < kChunk) return out;
  }
}

FileStat file_stat_of(const struct stat& st) {
  FileStat f;
  f.dev = static_cast<std::uint64_t>(st.st_dev);
  f.ino = static_cast<std::uint64_t>(st.st_ino);
  f.size = static_cast<std::uint64_t>(st.st_size);
  f.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  f.ctime_ns = static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
  f.regular = S_ISREG(st.st_mode);
  return f;
}

// fstat of `fd`, or RegularFile's one line unless it is a regular file.
FileStat fstat_regular(int fd, const std::string& path, std::string_view what) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw std::runtime_error(path + ": cannot read (" + std::strerror(errno) + ")");
  if (!S_ISREG(st.st_mode))
    throw std::runtime_error(path + ": is " + kind_of(st.st_mode) + "; " + std::string(what) +
                             " are read from regular files only");
  return file_stat_of(st);
}

}  // namespace

std::optional<FileStat> stat_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return file_stat_of(st);
}

std::uint64_t require_regular_file(int fd, const std::string& path, std::string_view what) {
  return fstat_regular(fd, path, what).size;
}

RegularFile::RegularFile(const std::string& path, std::string_view what) : path_(path) {
  // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one.
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) throw std::runtime_error(path + ": cannot open for reading (" + std::strerror(errno) + ")");
  try {
    stat_ = fstat_regular(fd_, path, what);
  } catch (...) {
    ::close(fd_);  // the destructor does not run when the constructor throws
    throw;
  }
}

RegularFile::~RegularFile() { ::close(fd_); }

std::size_t RegularFile::read_at(std::uint64_t offset, void* buf, std::size_t n) const {
  return read_fully(fd_, path_, static_cast<std::int64_t>(offset), static_cast<char*>(buf), n);
}

std::vector<std::uint8_t> RegularFile::read_first(std::uint64_t n) const {
  std::vector<std::uint8_t> buf(static_cast<std::size_t>(n));
  buf.resize(read_at(0, buf.data(), buf.size()));
  return buf;
}

std::string read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string_view what) {
  const RegularFile file(path, what);
  if (file.size() > max_bytes) throw std::runtime_error(too_large(path, max_bytes, what));
  return read_bounded([&](std::size_t at, char* buf, std::size_t n) { return file.read_at(at, buf, n); },
                      path, max_bytes, what);
}

std::string read_stream(int fd, const std::string& name, std::uint64_t max_bytes, std::string_view what) {
  return read_bounded([&](std::size_t, char* buf, std::size_t n) { return read_fully(fd, name, -1, buf, n); },
                      name, max_bytes, what);
}

}  // namespace rl
