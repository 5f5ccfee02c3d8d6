// A comparison's numbers in the words every view prints: the window's docks, the export's captions and
// the SR figure's table read these, so a number is spelled one way everywhere.
#pragma once

#include <QString>
#include <cstddef>

namespace rl::ui {

// Which number a Statistic is, for a view that picks one (the SR figure's table takes the protocol's PSNR).
enum class StatisticKind {
  Region,
  Nudge,
  MaxAbs,
  MeanAbs,
  Psnr,
  Differ,
  NonFinite,
  Values,
  ProtocolPsnr,
  ProtocolSsim,
  Niqe
};
// One number of a pane's comparison, in the words every view prints.
struct Statistic {
  QString name;    // a table header: "max |Δ|", "PSNR"
  QString value;   // its cell: "3", "∞ dB"
  QString phrase;  // in a sentence: "max |Δ| 3", "2 px differ (50.00%)"
  StatisticKind kind = StatisticKind::Values;
  QString note;  // why the value is not a number, or what to know about it (a cell's tooltip)
};
// A PSNR in dB as every view prints it: "∞" for identical images, else two decimals ("33.90").
QString psnr_text(double db);
// A share `part` of `whole` in percent, as every view prints one ("50.00%"): rl::percent_text, which
// never rounds a share that is not all to 100% or one that is not none to 0% ("99.997%").
QString percent_text(std::size_t part, std::size_t whole, int decimals = 2);
// An image's size in every message the viewer and its figures print, in the pane headers' order:
// width × height ("8000×6000"), with the channels after them where they matter ("8000×6000×3").
QString size_text(int width, int height);
QString size_text(int width, int height, int channels);

}  // namespace rl::ui
