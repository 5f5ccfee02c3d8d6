// The viewer's settings file, read through the bounded reader first: QSettings opens and reads its file
// as soon as it is made, with no limit, and waits for ever on a FIFO planted there.
#pragma once

#include <QSettings>
#include <QString>
#include <cstdint>
#include <memory>

namespace rl::ui {

// The settings hold a few hundred short values; a larger file is refused unread.
inline constexpr std::uint64_t kMaxSettingsBytes = std::uint64_t{1} << 20;

// The file QSettings() uses for this application's organisation and name (user scope:
// $XDG_CONFIG_HOME/ORG/APP.conf, ~/.config when unset), found without opening it.
QString settings_file_path();

// The settings store on settings_file_path() when the file is absent or a regular file of at most
// kMaxSettingsBytes (rl/regular_file.hpp; a link to one is followed); otherwise nullptr, with
// `refusal` (when given) set to one line naming the file and why, and the file left as it is.
std::unique_ptr<QSettings> open_settings(QString* refusal = nullptr);

}  // namespace rl::ui
