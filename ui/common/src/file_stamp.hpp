// A file pane's stamp: what says whether its file's bytes changed since the pane was made.
#pragma once

#include <QString>
#include <optional>

#include "rl/ui/comparison.hpp"

namespace rl::ui {

// A file's bytes now, as their count and FNV-1a hash; nullopt when it cannot be read or is not a
// regular file (the pane is then read again, and fails with the reader's message). Reads no more than
// the size the file had when opened: a FIFO or a device is never read (it could block or never end).
// `previous` is returned as it is, without reading the file, when fstat's device, inode, size and
// modification and change times (ns) are still its own.
std::optional<PaneResult::FileStamp> file_stamp(const QString& path,
                                                const PaneResult::FileStamp* previous = nullptr);

}  // namespace rl::ui
