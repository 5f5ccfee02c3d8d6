// The `imresize` call that made a pane: one rule for File > Copy Pane Command (the call, as a shell
// line) and File > Save Pane As (the pane's result, written as that call writes it, byte for byte).
#pragma once

#include <QString>
#include <QStringList>

#include "rl/ui/comparison.hpp"

namespace rl::app {

struct PaneCommand {
  // imresize's options after INPUT and OUTPUT ("--scale", "0.25", "--method", "bicubic", ...), read
  // from what made the result (PaneResult::made_from), not from the settings shown now.
  QStringList options;
  // Why no single imresize call makes this pane (then `options` is empty): an SR round trip (two
  // calls), a file pane (the file itself), a library pane resized through float32, no result yet.
  QString error;
};

// Pane `pane` (0-based) of the comparison.
PaneCommand pane_command(const ui::Comparison& c, int pane);

// The whole call as arguments: {"imresize", INPUT, OUTPUT, options...}, or the options before "--"
// when a path starts with '-'.
QStringList imresize_args(const PaneCommand& command, const QString& input, const QString& output);

// Throws std::runtime_error with one line where the pane's result is not what its call writes to
// `path`: no single call makes the pane, or that call would write another file (a pane resized
// through double or single and brought back to its class is what imresize --as writes only to an
// 8-bit format from a uint8 image).
void check_save_pane(const ui::Comparison& c, int pane, const QString& path);
// Writes the pane's result to `path` through the core's atomic writer (rl::io::save), the bytes
// `imresize INPUT path options` writes, after check_save_pane (nothing written when it throws).
void save_pane(const ui::Comparison& c, int pane, const QString& path);

}  // namespace rl::app
