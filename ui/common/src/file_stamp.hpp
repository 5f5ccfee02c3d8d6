// A file pane's stamp: what says whether its file's bytes changed since the pane was made.
#pragma once

#include <QString>
#include <optional>

#include "rl/ui/comparison.hpp"

namespace rl::ui {

// A file's bytes now, as their count and FNV-1a hash; nullopt when it cannot be read or is not a
// regular file (the pane is then read again, and fails with the reader's message). Opened as
// rl::RegularFile, and read no further than the size it had when opened: a FIFO or a device is never
// read (it could block or never end). `previous` is returned as it is, without reading the file, when
// the file's rl::FileStat (rl/regular_file.hpp: device, inode, size, modification and change times in
// ns) is still its own: the rule the viewer's --watch tells a changed file by.
std::optional<PaneResult::FileStamp> file_stamp(const QString& path,
                                                const PaneResult::FileStamp* previous = nullptr);

}  // namespace rl::ui
