// A file pane's stamp (file_stamp.hpp).
#include "file_stamp.hpp"

#include <QFile>
#include <algorithm>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "rl/fnv1a.hpp"

namespace rl::ui {

std::optional<PaneResult::FileStamp> file_stamp(const QString& path, const PaneResult::FileStamp* previous) {
  try {
    const RegularFile file(QFile::encodeName(path).toStdString(), "images");
    PaneResult::FileStamp st;
    st.stat = file.stat();
    if (previous && previous->stat == st.stat) return *previous;
    st.hash = kFnv1a64Offset;
    std::vector<char> buf(std::size_t{1} << 20);
    while (st.size < file.size()) {
      const std::size_t n =
          file.read_at(st.size, buf.data(), std::min<std::uint64_t>(buf.size(), file.size() - st.size));
      if (n == 0) break;  // the file shrank meanwhile
      st.hash = fnv1a64(std::string_view(buf.data(), n), st.hash);
      st.size += n;
    }
    return st;
  } catch (const std::runtime_error&) {
    return std::nullopt;  // missing, unreadable, or not a regular file
  }
}

}  // namespace rl::ui
