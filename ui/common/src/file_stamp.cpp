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

std::optional<PaneResult::FileStamp> file_stamp(const QString& path) {
  const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat s {};
  PaneResult::FileStamp st{0, kFnv1a64Offset};
  std::vector<char> buf(1 << 20);
  bool ok = ::fstat(fd, &s) == 0 && S_ISREG(s.st_mode);
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
