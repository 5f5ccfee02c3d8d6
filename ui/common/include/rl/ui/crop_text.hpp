// How the command line and the Export dialog spell a region or crop ("--crop x,y,w,h", "x,y,w,h; ...").
#pragma once

#include <QList>
#include <QRect>
#include <QRectF>
#include <QString>
#include <optional>

namespace rl::ui {

// "--crop x,y,w,h": how the command line spells a region or crop.
QString crop_argument(const QRect& r);
// --crop x,y,w,h in source pixels: four finite numbers (decimals allowed, as the window takes a
// region between pixel edges), w and h positive. nullopt for anything else.
std::optional<QRectF> parse_crop(const QString& s);
// Several crops as the Export dialog takes them: "x,y,w,h" groups separated by ';' or spaces, each
// optionally after "--crop" (so what View > Copy Region as --crop copied pastes as is), rounded out to
// whole source pixels as the export's --crop is. nullopt when any group is not a crop; empty for "".
std::optional<QList<QRect>> parse_crop_list(const QString& text);
// The inverse: "x,y,w,h; x,y,w,h".
QString crop_list_text(const QList<QRect>& crops);

}  // namespace rl::ui
