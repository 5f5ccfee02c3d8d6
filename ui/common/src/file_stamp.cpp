// A file pane's stamp (file_stamp.hpp).
#include "file_stamp.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QFile>
#include <algorithm>
#include <cerrno>
#include <string_view>
#include <vector>

#include "rl/fnv1a.hpp"

namespace rl::ui {

std::optional<PaneResult::FileStamp> file_stamp(const QString& path, const PaneResult::FileStamp* previous) {
  const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat s {};
  bool ok = ::fstat(fd, &s) == 0 && S_ISREG(s.st_mode);
  PaneResult::FileStamp st;
  st.hash = kFnv1a64Offset;
  st.dev = static_cast<std::uint64_t>(s.st_dev);
  st.ino = static_cast<std::uint64_t>(s.st_ino);
  st.mtime_ns = static_cast<std::int64_t>(s.st_mtim.tv_sec) * 1000000000 + s.st_mtim.tv_nsec;
  st.ctime_ns = static_cast<std::int64_t>(s.st_ctim.tv_sec) * 1000000000 + s.st_ctim.tv_nsec;
  if (ok && previous && previous->dev == st.dev && previous->ino == st.ino &&
      previous->size == static_cast<std::uint64_t>(s.st_size) && previous->mtime_ns == st.mtime_ns &&
      previous->ctime_ns == st.ctime_ns) {
    ::close(fd);
    return *previous;
  }
  std::vector<char> buf(ok ? 1 << 20 : 0);
  while (ok && st.size < static_cast<std::uint64_t>(s.st_size)) {
    const ssize_t n = ::read(
        fd, buf.data(), std::min<std::uint64_t>(buf.size(), static_cast<std::uint64_t>(s.st_size) - st.size));
    if (n < 0 && errno == EINTR) continue;
    ok = n >= 0;
    if (n <= 0) break;  // an error, or the file shrank meanwhile
    st.hash = fnv1a64(std::string_view(buf.data(), static_cast<std::size_t>(n)), st.hash);
    st.size += static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  return ok ? std::optional(st) : std::nullopt;
}

}  // namespace rl::ui
