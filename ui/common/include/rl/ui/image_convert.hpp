// Conversions between rl::Image and QImage for display: any element type and channel count in,
// 8-bit RGB(A) out, through a display range for floating-point (and, when asked, 16-bit) data.
#pragma once

#include <QImage>
#include <QStringList>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>

#include "rl/image.hpp"

namespace rl::ui {

// Which channel a picture shows: all of them, or one as grey (opaque). Y is the luma of the shown R, G
// and B bytes (luma below). A grey image shows its grey for R, G, B and Y; an image with no alpha
// shows white for Alpha.
enum class ViewChannel { All, R, G, B, Y, Alpha };

// Y of R, G and B with MATLAB's rgb2gray weights (0.298936021293775, 0.587043074451121,
// 0.114020904255103; rgb2ycbcr's Y without its 16..235 offset): the one rule the channel view and the
// histogram's Y use.
inline double luma(double r, double g, double b) {
  return 0.298936021293775 * r + 0.587043074451121 * g + 0.114020904255103 * b;
}

// tev's exposure and offset: a value v is shown as v * 2^exposure + offset, then through the black and
// white points (and clipped). The offset is in the image's own values (levels of a uint8 image).
struct Tone {
  double exposure = 0.0, offset = 0.0;
  bool neutral() const { return exposure == 0.0 && offset == 0.0; }
  bool operator==(const Tone&) const = default;
};
// The exposure and offset (in magnitude) the control, the keys, the command line and the saved settings
// accept.
inline constexpr double kMaxExposure = 20.0;
inline constexpr double kMaxOffset = 1e9;
// The values shown as black and white under `tone`: v * 2^e + o = black at v = (black - o) / 2^e, so
// t = (v - black') / (white' - black') is the rule above. The one display conversion: the panes' pixels
// (to_qimage, DisplayConverter) and the difference maps' colour scale both read it.
std::pair<double, double> toned_range(double black, double white, const Tone& tone);

// The index of the channel `v` shows of an image of `channels` channels, for what follows the view (the
// difference maps): R, G, B -> 0, 1, 2 (a grey image's 0), alpha -> the last channel of 2 or 4; -1 for
// All, Y, and alpha where there is none.
int view_channel_index(ViewChannel v, int channels);
// The one number `v` shows of a pixel (`px`: its `channels` values, in the image's own values): the
// channel R, G, B or alpha picks (view_channel_index), or Y, the luma of R, G and B (a grey pixel's
// grey) rounded halves up for an integer class as the pictures round it. nullopt where the view shows
// every channel (All, and alpha where there is none). The Histogram dock and the panes' written values
// both read it.
inline std::optional<double> view_value(const double* px, int channels, ViewChannel v, bool integer_class) {
  if (v == ViewChannel::Y) {
    const double y = channels >= 3 ? luma(px[0], px[1], px[2]) : px[0];
    return integer_class ? std::floor(y + 0.5) : y;
  }
  const int k = view_channel_index(v, channels);
  if (k < 0) return std::nullopt;
  return px[k];
}
// The channels' names: grey; grey, alpha; R, G, B; R, G, B, alpha; else "channel N".
QStringList channel_names(int channels);

// Values shown through a range map lo -> 0 and hi -> 255, clamped; uint16 follows it only when `u16` is
// set (the viewer's display range control), else it is divided by 257; uint8 follows it only when `u8`
// is set, else it is shown as it is. `tone` applies to every element type (a uint8, uint16 or logical
// image that does not follow the range takes its class's 0..255, 0..65535 or 0..1 as black..white
// then), and so does `channel`.
struct DisplayRange {
  double lo = 0, hi = 1;
  bool u16 = false;
  bool u8 = false;
  ViewChannel channel = ViewChannel::All;
  Tone tone = {};
  bool operator==(const DisplayRange&) const = default;
};

// The values an image of type `t` shows as black and white before the tone: uint8's own 0..255 unless
// `r.u8`, logical's 0..1, uint16's 0..65535 unless `r.u16`, else r.lo..r.hi. `own` says the class's own
// range was taken (with a neutral tone its own rule then shows the data as it is). The pixels
// (to_qimage, DisplayConverter) and the offset keys' step both read it.
struct ShownRange {
  double black, white;
  bool own;
};
ShownRange shown_range(ElemType t, const DisplayRange& r);
// Whether type `t` under `r` shows its values as they are (its class's own range and a neutral tone):
// a uint8 image's levels as they are, the rule to_qimage and the 8-bit halvings (Picture) both follow.
inline bool shown_as_is(ElemType t, const DisplayRange& r) {
  return shown_range(t, r).own && r.tone.neutral();
}

// Whether an element type is shown through a DisplayRange (in the viewer): float, uint16 and the integer
// types with no natural 8-bit view (int8, int16, int32, uint32). uint8 is shown as is, logical as 0 / 255.
bool uses_display_range(ElemType t);

// uint8 as is, logical 0 / 255, uint16 divided by 257 unless `range.u16`, the others through `range`.
// 1 channel: grey; 2: grey + alpha; 3: RGB; 4: RGBA; more than 4: the first three as RGB. An empty
// image gives a null QImage.
QImage to_qimage(const rl::Image& img, DisplayRange range = {});

// to_qimage's conversion of any part of one image, its rules (and the table of every value of an 8-
// or 16-bit type) made once: for a picture whose full-resolution pixels are made on demand.
class DisplayConverter {
 public:
  DisplayConverter(const rl::Image& img, DisplayRange range);
  // Format_ARGB32 for 2 and 4 channels, else Format_RGB32: what to_qimage makes.
  QImage::Format format() const { return format_; }
  // Row r, columns [c0, c0 + n), as to_qimage's pixels.
  void row(int r, int c0, int n, QRgb* out) const;
  struct Rule;

 private:
  std::shared_ptr<const Rule> rule_;
  QImage::Format format_;
};

// RGB (3 channels) or RGBA (4 channels, when the QImage has alpha) uint8.
rl::Image from_qimage(const QImage& img);

}  // namespace rl::ui
