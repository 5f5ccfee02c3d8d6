// Peer resizers: the resize of Pillow (Image.resize, 9.x), OpenCV (cv::resize, 4.x) and PyTorch
// (F.interpolate, 1.13+) with each library's own size rule and weight tables (see docs/PEERS.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::peers {

enum class Library { Pillow, OpenCV, Torch };

// The union of the libraries' methods; each library accepts only its own (see method_names).
enum class PeerMethod {
  Nearest,       // Pillow NEAREST, OpenCV INTER_NEAREST, torch "nearest"
  NearestExact,  // OpenCV INTER_NEAREST_EXACT, torch "nearest-exact"
  Box,           // Pillow BOX
  Bilinear,      // Pillow BILINEAR, OpenCV INTER_LINEAR, torch "bilinear"
  LinearExact,   // OpenCV INTER_LINEAR_EXACT
  Hamming,       // Pillow HAMMING
  Bicubic,       // Pillow BICUBIC (a = -0.5), OpenCV INTER_CUBIC (a = -0.75), torch "bicubic" (a = -0.75)
  Lanczos,       // Pillow LANCZOS (3 lobes)
  Lanczos4,      // OpenCV INTER_LANCZOS4
  Area,          // OpenCV INTER_AREA, torch "area" (adaptive_avg_pool2d)
};

struct PeerSpec {
  Library library = Library::Pillow;
  PeerMethod method = PeerMethod::Bicubic;
  bool antialias = false;      // torch bilinear/bicubic only (Pillow always filters, OpenCV never)
  bool align_corners = false;  // torch bilinear/bicubic only
  // Pillow only: Image.resize(..., reducing_gap=g) first block-averages by Image.reduce when LR is at
  // least g times smaller (0: None, the default). Ignored for NEAREST and LA/RGBA, as Pillow does.
  double reducing_gap = 0.0;

  bool operator==(const PeerSpec&) const = default;
};

std::string to_string(Library l);                          // "pillow", "opencv", "torch"
std::optional<Library> parse_library(std::string_view s);  // any case; "cv2"/"pil"/"pytorch" too
// The library's own name for the method: "bicubic" (Pillow, torch), "cubic" (OpenCV), ...
std::string method_name(Library l, PeerMethod m);
// Every method a library has, in its own names, in menu order.
const std::vector<std::string>& method_names(Library l);

// Builds a spec from a library, one of its method names and the torch options; throws
// std::invalid_argument with one line for a method the library lacks or an option it has no use for
// (antialias / align_corners outside torch bilinear/bicubic). antialias unset means the library's
// default (off for torch).
PeerSpec make_peer_spec(Library l, std::string_view method, std::optional<bool> antialias = std::nullopt,
                        bool align_corners = false);
// "opencv-cubic", "pillow-bicubic", "torch-bicubic-aa", "torch-bilinear-ac", "torch-bilinear-aa-ac",
// "opencv-nearest-exact". Throws std::invalid_argument with one line.
PeerSpec parse_peer_spec(std::string_view s);
std::string to_string(const PeerSpec& s);  // the inverse of parse_peer_spec
// Short label for menus and figure titles, e.g. "OpenCV INTER_CUBIC", "torch bicubic (antialias)".
std::string display_name(const PeerSpec& s);
// Every spec a menu should offer, grouped by library (torch with and without antialias / align_corners).
std::vector<PeerSpec> all_peer_specs();
// Whether the library implements the method for this element type: Pillow U8 (1-4 channels: L, LA,
// RGB, RGBA) and F32 (mode F, per channel); OpenCV U8 and F32 (1-4 channels; LINEAR_EXACT on F32 is
// OpenCV's LINEAR); torch F32 (any channel count).
bool supports(const PeerSpec& s, ElemType t, int channels);

// What the caller asks for: an output size (rows, cols), or a scale per axis, from which each
// library's own rule gives the size. For OpenCV and torch the scale also drives the coordinate
// mapping (they use 1/scale, not in/out), exactly as cv2.resize(fx=, fy=) and
// F.interpolate(scale_factor=) do.
struct PeerTarget {
  std::optional<std::pair<int, int>> size;
  std::optional<std::pair<double, double>> scale;
  static PeerTarget with_size(int rows, int cols) { return {std::pair{rows, cols}, std::nullopt}; }
  static PeerTarget with_scale(double s) { return {std::nullopt, std::pair{s, s}}; }
  static PeerTarget with_scale(double sr, double sc) { return {std::nullopt, std::pair{sr, sc}}; }
};

// Output (rows, cols) under the library's rule: a given size is used as is; from a scale s,
// Pillow (ImageOps.scale) round-half-even(s * n), OpenCV cvRound(n * s) (half even), torch
// floor(n * s). Throws std::invalid_argument (empty result, bad scale, bad input size).
std::pair<int, int> output_size(const PeerSpec& s, int in_rows, int in_cols, const PeerTarget& target);

// One axis of a peer resize: the library's own weights for each output, as a Plan-style table
// (so the kernel, tap and worked-example views read it as they read MATLAB's). Every output has
// `taps` entries; entries past an output's real support have weight 0 and repeat a valid index.
struct PeerAxis {
  AxisTable table;  // u: sample position, 1-based like MATLAB's; left: first tap, 1-based
  // When the library applies integer weights (Pillow 8-bit: 22 fractional bits; OpenCV uint8:
  // INTER_RESIZE_COEF_BITS = 11), those integers, out_size x taps; empty otherwise.
  std::vector<std::int32_t> fixed;
  int fixed_bits = 0;
  std::vector<int> used;  // per output: taps that carry weight in the library (the rest is padding)
  bool identity = false;  // the library skips this pass (same size): table is the identity
};

struct PeerTables {
  PeerSpec spec;
  ElemType type = ElemType::U8;
  int in_rows = 0, in_cols = 0, out_rows = 0, out_cols = 0;
  std::array<Axis, 2> order{Axis::Cols, Axis::Rows};  // the pass order (all three go columns first)
  PeerAxis rows, cols;
  // What the tables mean, in a sentence or two (how the library combines them, rounding, special
  // paths such as OpenCV's INTER_AREA).
  std::string note;

  const PeerAxis& axis(Axis a) const { return a == Axis::Rows ? rows : cols; }
};

// The tables the library uses for this input shape, target and element type. Throws
// std::invalid_argument as output_size does, or when the library lacks the type.
PeerTables peer_tables(const PeerSpec& s, int in_rows, int in_cols, const PeerTarget& target, ElemType type);
// Image.resize's reduce factors (rows, cols) for reducing_gap g: int(in / out / g), at least 1.
std::pair<int, int> pillow_reduce_factors(int in_rows, int in_cols, int out_rows, int out_cols, double g);

// The library's continuous kernel for the kernel plot (Pillow bicubic and torch antialiased bicubic
// a = -0.5, OpenCV and torch bicubic a = -0.75, OpenCV Lanczos-4 window, box for nearest and area),
// with its unwidened width; the tables, not this function, hold the weights the library applies.
Kernel peer_kernel(const PeerSpec& s);

// The tables as a Plan (method Custom, kernel = peer_kernel, boundary Legacy since all three clamp or
// drop border taps), so the views written for MATLAB's plan (tap plot, worked example) read a peer.
// The worked example then shows the library's weights and indices, summed with MATLAB's arithmetic;
// the library's own rounding is described by PeerTables::note.
Plan as_plan(const PeerTables& t);

// Pillow and torch resizes, reimplemented here (standard library only): Pillow bit for bit (U8 with
// 1-4 channels, F32 per channel), torch float32. OpenCV lives in rl_io (rl::io::peer_resize calls
// cv::resize); asking this function for it throws std::invalid_argument.
Image resize(const Image& in, const PeerSpec& s, const PeerTarget& target);

}  // namespace rl::peers
