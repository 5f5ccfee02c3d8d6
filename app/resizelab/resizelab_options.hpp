// What resizelab's window and its --export read from the command line in the same way: the crop
// rectangle, and the lists in the help (methods from core, library methods from peers, image files
// from io), so no help text copies a list that lives in the code.
#pragma once

#include <QRectF>
#include <QString>
#include <optional>

namespace rl::ui {

// --crop x,y,w,h in source pixels: four finite numbers (decimals allowed, as the window takes a
// region between pixel edges), w and h positive. nullopt for anything else.
std::optional<QRectF> parse_crop(const QString& s);
// The one-line message for a bad --crop.
QString crop_error(const QString& given);

// "nearest bilinear bicubic box triangle lanczos2 lanczos3": MATLAB's methods (rl::builtin_methods).
QString matlab_method_list();
// The library panes' names, one library per line: "  opencv-nearest opencv-linear ...", indented.
QString library_pane_list(const QString& indent);
// The image files the window opens and the export reads, by extension (rl::io).
QString image_extension_list();

}  // namespace rl::ui
