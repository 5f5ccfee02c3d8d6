// Which resizer made this LR image from this HR image? Enumerates every MATLAB, OpenCV, Pillow and torch
// call that maps HR's size to LR's (with mod-crop and the libraries' size rules), runs each, and ranks them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/spec.hpp"

namespace rl::identify {

enum class Family { Matlab, OpenCV, Pillow, Torch };
std::string to_string(Family f);  // "matlab", "opencv", "pillow", "torch"
// cv2's name for an OpenCV method: "INTER_AREA", "INTER_LINEAR_EXACT", ... (std::invalid_argument otherwise).
std::string opencv_constant(peers::PeerMethod m);

// How a torch pipeline turns its float result (in [0, 1]) back into 8-bit: `(y * 255).round()` (half to
// even) or `.to(torch.uint8)` alone (truncation), both after `.clamp(0, 255)`.
enum class Rounding { HalfEven, Truncate };

// One way of making LR: the source (HR or its top-left mod-crop), how the size is given, and the call.
struct Candidate {
  Family family = Family::Matlab;
  int src_rows = 0, src_cols = 0;  // HR cropped to its top-left src_rows x src_cols
  int modcrop = 0;                 // k when the source is modcrop(hr, k), 0 when it is HR itself
  bool scale_given = false;        // scale p/q (the library's own size rule) or the size itself
  int scale_num = 1, scale_den = 1;
  int out_rows = 0, out_cols = 0;
  // MATLAB
  Method method = Method::Bicubic;
  bool antialiasing = true;
  Boundary boundary = Boundary::Modern;
  bool via_double = false;  // im2double -> imresize -> im2uint8 (im2uint16) instead of the image's own class
  // OpenCV, Pillow, torch
  peers::PeerSpec peer;
  Rounding rounding = Rounding::HalfEven;  // torch only

  double scale() const { return static_cast<double>(scale_num) / scale_den; }
  // The call that reproduces it, in the library's own language: `imresize(modcrop(hr, 4), 1/4, 'bicubic')`,
  // `cv2.resize(hr, (510, 339), interpolation=cv2.INTER_AREA)`,
  // `np.asarray(Image.fromarray(hr).resize(...))`,
  // `(F.interpolate(...) * 255).round().clamp(0, 255).to(torch.uint8)...`. The image's type picks im2uint8 or
  // im2uint16; one channel drops torch's channel axis.
  std::string call(ElemType type = ElemType::U8, int channels = 3) const;
  // What the call's options mean where the code alone does not say (e.g. "legacy boundary: MATLAB before
  // R2015b"); empty when nothing needs saying.
  std::string remark() const;
  // The `imresize` options that make the same pixels from the source (MATLAB, OpenCV, Pillow; empty for
  // torch, whose pipeline rounds outside the library), e.g. {"--scale", "1/4", "--boundary", "legacy"}.
  std::vector<std::string> imresize_args() const;
};

// How plain a call is: the options it sets away from its library's defaults, plus the steps a script
// adds around it. A report lists the plainest exact call first (ties keep the enumeration order: MATLAB,
// OpenCV, Pillow, torch; HR before its mod-crops; a scale before a size). Counted, one each:
// - MATLAB (imresize's defaults: 'bicubic', 'Antialiasing' true except for 'nearest', the modern
//   boundary of R2015b and later): a method other than bicubic, an antialiasing other than the
//   method's default, the legacy boundary, the im2double / im2uint8 round trip;
// - OpenCV (cv2.resize's defaults: a dsize, INTER_LINEAR): a method other than INTER_LINEAR, fx/fy
//   instead of a size;
// - Pillow (Image.resize's defaults: BICUBIC, no reducing_gap): another filter, a reducing_gap;
// - torch (F.interpolate's defaults: mode='nearest', align_corners False, antialias False): another
//   mode, align_corners=True, antialias=True;
// - every library: a mod-crop of HR.
// So imresize(hr, 1/4, 'box') (1) comes before imresize(hr, 1/4, 'nearest', 'Antialiasing', true) (2),
// which makes the same pixels.
int non_default_arguments(const Candidate& c);

// How close one candidate's pixels are to LR.
struct Match {
  Candidate candidate;
  bool exact = false;
  bool bgr = false;               // compared with LR's first and third channels swapped
  std::size_t equal = 0;          // pixels where every channel equals LR's
  std::size_t total = 0;          // pixels compared
  std::size_t tolerated = 0;      // torch: pixels counted equal because they sit at a rounding step
  double max_abs = 0.0;           // largest |candidate - LR| over every channel
  double psnr = 0.0;              // dB (peak 255 or 65535); +inf when equal everywhere
  bool full = true;               // statistics over the whole image (false: the probe rows only)
  std::string evidence;           // one sentence on where and how it differs (closest candidates)
  std::uint64_t pixels_hash = 0;  // FNV-1a of the candidate's pixels (whole image): equal for equal images
  // MATLAB: the same call with the other boundary rule makes the same pixels, and is not listed again.
  bool either_boundary = false;
};

// What the call's options mean: the candidate's remark or, when either boundary makes its pixels, that.
std::string call_remark(const Match& m);
// All a listed match needs said beside its call: call_remark, LR's channel order, torch's tolerated
// pixels; "; " between them.
std::string match_remark(const Match& m);

// cv::resize behind an Image interface (rl::io::opencv_resize in the command; cv2.resize from Python).
using OpenCVResize = std::function<Image(const Image&, const peers::PeerSpec&, const peers::PeerTarget&)>;

struct Options {
  int top = 5;          // closest candidates listed when none is exact
  OpenCVResize opencv;  // unset: the OpenCV candidates are not run (said in Report::notes)
  int threads = 0;      // MATLAB resizes: the core's thread pool (0: every core)
  // Called after each candidate with (done, total), e.g. for a progress bar.
  std::function<void(int, int)> progress;
};

struct Report {
  int hr_rows = 0, hr_cols = 0, lr_rows = 0, lr_cols = 0, channels = 0;
  ElemType type = ElemType::U8;
  // Every candidate that reproduces LR, the plainest first (non_default_arguments); a MATLAB call whose
  // two boundary rules both reproduce it is listed once (Match::either_boundary).
  std::vector<Match> exact;
  // When none is exact: the closest `top`, best first; candidates with the same pixels listed once, the
  // plainest of them.
  std::vector<Match> closest;
  int candidates = 0;              // candidates run
  int rejected_by_probe = 0;       // candidates set aside after the probe rows
  std::vector<std::string> notes;  // what was not tried, and why (one sentence each)
};

// A pair identify cannot compare (channels, types): one line for the user (exit 2).
struct Refusal : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Whether one scale factor, rounded by some rule (floor, ceil, round), gives both of LR's sides from HR's:
// the aspect ratios agree within a pixel. When not, only calls given the output size are candidates.
bool one_factor_fits(int hr_rows, int hr_cols, int lr_rows, int lr_cols);

// Every candidate for this pair (sizes, types and channels as given): every library takes any output size,
// so there is always one for uint8 (and for uint16, MATLAB's); other types throw Refusal.
std::vector<Candidate> candidates(int hr_rows, int hr_cols, int lr_rows, int lr_cols, ElemType type,
                                  int channels, bool with_opencv);

// Runs the candidates. Each is first compared on a few output rows (both borders and the middle; a MATLAB
// candidate computes just those, from just the input rows they read) and in full only when those rows
// equal LR's. Without an exact match the candidates are ranked by those rows, and the best few
// (max(2 top, top + 6)) are run again in full and ranked by the whole image.
// Throws Refusal for types or channel counts it cannot compare (one line).
Report identify(const Image& hr, const Image& lr, const Options& options = {});

// The ranked table for a terminal, ending with one line on the verdict.
std::string format_report(const Report& r);
// The same as a JSON object: {"hr": [rows, cols], "lr": ..., "exact": bool, "matches": [...], "notes":
// [...]}.
std::string report_json(const Report& r);

}  // namespace rl::identify
