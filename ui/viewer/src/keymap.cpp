// The keymap table. Following tev and the image viewers people know: a number shows that image
// alone (the same key or Esc goes back), a modified number makes it the reference, [ and ] step
// through the images, F fits, 0 is 1:1 and V zooms to where the pixel values are written.
#include "rl/ui/keymap.hpp"

#include <stdexcept>

namespace rl::ui {

namespace {

QList<KeyBinding> make_keymap() {
  using K = QKeySequence;
  QList<KeyBinding> m = {
      {"open", {K::Open}, "Open an image (or drop a file on the window)"},
      {"add_pane",
       {K("Ctrl+Shift+O")},
       "Add an image file as a pane, compared with the reference (or drop a file on a pane)"},
      {"load_reference", {K("Ctrl+R")}, "Load a reference image to compare against"},
      {"export", {K("Ctrl+E")}, "Export a figure (when available)"},
      {"quit", {K::Quit}, "Quit"},
      {"zoom_in", {K("+"), K("="), K::ZoomIn}, "Zoom in (all panes together)"},
      {"zoom_out", {K("-"), K::ZoomOut}, "Zoom out (all panes together)"},
      {"fit", {K("F")}, "Fit the whole image"},
      {"one_to_one", {K("0")}, "1:1, one output pixel per screen pixel"},
      {"zoom_values", {K("V")}, "Zoom to where the pixel values are written, about the centre"},
      {"pan_left", {K(Qt::Key_Left)}, "Pan left"},
      {"pan_right", {K(Qt::Key_Right)}, "Pan right"},
      {"pan_up", {K(Qt::Key_Up)}, "Pan up"},
      {"pan_down", {K(Qt::Key_Down)}, "Pan down"},
  };
  for (int n = 1; n <= kNumberedPanes; ++n)
    m.append({QString("solo_%1").arg(n),
              {K(QString::number(n))},
              QString("Show pane %1 alone at full size (after the panes: the HR in SR mode); the same key or "
                      "Esc shows all panes again")
                  .arg(n)});
  m.append({"next_pane", {K("]")}, "Show the next pane (or the HR) alone (from all panes: the first)"});
  m.append(
      {"previous_pane", {K("[")}, "Show the previous pane (or the HR) alone (from all panes: the last)"});
  for (int n = 1; n <= kNumberedPanes; ++n)
    m.append({QString("reference_%1").arg(n),
              {K(QString("Alt+%1").arg(n))},
              QString("Make pane %1 the reference: it moves to the first place and the others are compared "
                      "with it")
                  .arg(n)});
  m += QList<KeyBinding>{
      {"grid", {K("G")}, "Pixel grid and values at high zoom"},
      {"differences", {K("D")}, "Show difference maps instead of results"},
      {"wipe", {K("W")}, "Wipe: compare two panes in one view"},
      {"line_tool", {K("L")}, "Line profile: drag on a pane draws the line (Shift+drag always does)"},
      {"exposure_up", {K("E")}, "Exposure up half a stop: every pane and map brighter (the display control)"},
      {"exposure_down", {K("Shift+E")}, "Exposure down half a stop"},
      {"offset_up",
       {K("O")},
       "Offset up a tenth of the image's black-to-white range (25.5 levels of an 8-bit image, 0.1 of a "
       "floating-point one at 0..1)"},
      {"offset_down", {K("Shift+O")}, "Offset down a tenth of the image's black-to-white range"},
      {"reset_tone", {K("R")}, "Exposure and offset back to 0 (the black and white points stay)"},
      {"hold_reference",
       {K(Qt::Key_Space)},
       "Hold: every pane shows the image it is compared with until the key is released"},
      {"timed_flicker",
       {K("T")},
       "Timed flicker: each pane and its reference in turn (View > Flicker Interval)"},
      {"nudge_left", {K("Ctrl+Left")}, "Nudge the pane under the mouse one pixel left before it is compared"},
      {"nudge_right",
       {K("Ctrl+Right")},
       "Nudge the pane under the mouse one pixel right before it is compared"},
      {"nudge_up", {K("Ctrl+Up")}, "Nudge the pane under the mouse one pixel up before it is compared"},
      {"nudge_down", {K("Ctrl+Down")}, "Nudge the pane under the mouse one pixel down before it is compared"},
      {"reset_nudge", {K("Ctrl+0")}, "Undo the nudge of the pane under the mouse"},
      {"escape",
       {K(Qt::Key_Escape)},
       "Show all panes again (from a pane shown alone); else clear the statistics region (Ctrl+drag on a "
       "pane draws one)"},
      {"shortcuts", {K::HelpContents}, "This list"},
  };
  return m;
}

}  // namespace

const QList<KeyBinding>& keymap() {
  static const QList<KeyBinding> m = make_keymap();
  return m;
}

const KeyBinding& key_binding(const QString& id) {
  for (const KeyBinding& b : keymap())
    if (b.id == id) return b;
  throw std::logic_error("no key binding named " + id.toStdString());
}

}  // namespace rl::ui
