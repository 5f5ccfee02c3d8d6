// The comparison the viewer's panes and docks and the figures draw: the pane sources, what each made,
// the differences against the reference with their colour scale, and the statistics. Both build it
// with compute_comparison, so a window and a figure of the same settings show the same numbers.
#pragma once

#include <QBrush>
#include <QImage>
#include <QList>
#include <QPoint>
#include <QRect>
#include <QRectF>
#include <QString>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "rl/degrade.hpp"
#include "rl/image.hpp"
#include "rl/metrics.hpp"
#include "rl/peers.hpp"
#include "rl/plan.hpp"
#include "rl/regular_file.hpp"
#include "rl/spec.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/crop_text.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/mipmap.hpp"
#include "rl/ui/niqe_choice.hpp"
#include "rl/ui/picture.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {

// The LR an SR round trip starts from (docs/DEGRADATIONS.md): BI, MATLAB bicubic (the default), or
// BD, BD-VSR or DN as rl::degrade makes them for `imresize degrade` and Python's resizelab.degrade,
// with the model's parameters (unset: its default, sigma 1.6 or noise 30; seed: DN's generator).
struct SrDegradation {
  Degradation model = Degradation::Bi;
  std::optional<double> sigma, noise;
  std::uint64_t seed = 0;
  static SrDegradation of(Degradation m) {  // the model with its default parameters
    SrDegradation d;
    d.model = m;
    return d;
  }
  bool operator==(const SrDegradation&) const = default;
};
// The core's options for it at factor s with `boundary` (BI's and DN's bicubic), checked by
// rl::check_degrade_options: std::invalid_argument with one line where they do not go together (BD-VSR
// at an odd factor, a sigma of 60).
DegradeOptions degrade_options(const SrDegradation& d, int s, Boundary boundary);
// "BI", "BD", "BD-VSR", "DN": the model as SR tables name it.
QString degradation_label(Degradation d);

// The class MATLAB's resizer panes resize in (`imresize --as`): the image's own (Keep), or MATLAB's
// im2double / im2single of it, the result then brought back to the image's class by im2uint8 /
// im2uint16 (convert_to), as `imresize --as double` writes a PNG: im2uint8(imresize(im2double(A))).
// Library panes, SR round trips and file panes keep their own rules.
enum class ResizeClass { Keep, Double, Single };
// "keep", "double", "single" (the command's words); nullopt for anything else.
QString to_qstring(ResizeClass c);
std::optional<ResizeClass> parse_resize_class(const QString& s);

// A pane's source: what makes its image. MATLAB's resizer (method and antialiasing) of the loaded
// image or, when `peer` is set, a library's resize (Pillow, OpenCV, torch); with `sr_round_trip`,
// either of them as the up step of an SR round trip; when `file` is set, an image file (see
// compute_pane for how it is registered to the reference). Another kind of source is another field
// here plus a case in compute_pane and pane_label: views draw
// PaneResult and PaneDiff and never look at the source.
struct PaneConfig {
  Method method = Method::Bicubic;
  bool antialiasing = true;
  std::optional<peers::PeerSpec> peer = std::nullopt;
  // An image file shown as it is (the output of a network, a MATLAB run); read again at each compute.
  QString file = {};
  // A file smaller than the reference by an integer factor (an LR image) is upscaled by MATLAB's
  // imresize with this method; without one such a file is refused.
  std::optional<Method> file_upscale = std::nullopt;
  bool is_file() const { return !file.isEmpty(); }
  // An SR round trip at this integer factor s >= 2 (0: a resize of the loaded image at the base
  // spec). The loaded image is the HR, mod-cropped to a multiple of s (as SR protocols do); the pane
  // is up(LR, s, method or peer) at the HR's size, the LR being down(HR, 1/s, MATLAB bicubic
  // antialiased) under BI, else rl::degrade(HR) under sr_degradation: the "Bicubic" row of an SR
  // table (BI, BD or DN) made visible. Compare it with DiffAgainst::Source.
  int sr_round_trip = 0;
  SrDegradation sr_degradation = {};  // used with sr_round_trip only
  // An image pushed into the window over its socket (docs/VIEWER.md), shown exactly as sent and named
  // `pushed`; sending that name again replaces the image (a new pointer: the pane is recomputed).
  QString pushed = {};
  std::shared_ptr<const Image> pushed_image = nullptr;
  bool is_pushed() const { return pushed_image != nullptr; }
  // MATLAB's imresize of the loaded image at the base spec with `method` and `antialiasing`: not a
  // file, a pushed image, a round trip or a peer (a pushed pane keeps the default method, unused).
  bool is_matlab_resize() const { return !is_file() && !is_pushed() && sr_round_trip == 0 && !peer; }
  bool operator==(const PaneConfig&) const = default;
};
// A pane showing an image file, upscaled by `upscale` when it is an LR image.
PaneConfig file_pane(const QString& path, std::optional<Method> upscale = std::nullopt);
// The comparison a new document shows: MATLAB's default (bicubic, antialiased) as the reference,
// then nearest, bilinear and bicubic without antialiasing. (const, not constexpr: a file pane's path
// is a QString.)
inline const std::array<PaneConfig, 4> kDefaultPanes{
    {{Method::Bicubic, true}, {Method::Nearest, false}, {Method::Bilinear, false}, {Method::Bicubic, false}}};
// The pane the others are compared with unless a reference image is loaded.
inline constexpr int kReferencePane = 0;
// "MATLAB vs the libraries": MATLAB bicubic (antialiased), OpenCV INTER_CUBIC, Pillow BICUBIC and
// torch bicubic without antialiasing.
std::array<PaneConfig, 4> libraries_preset();
// Presets > Super-Resolution Baselines: the SR round trip at factor s from the LR of `d` (BI: MATLAB
// bicubic), up by MATLAB bicubic, nearest, bilinear and lanczos3.
std::array<PaneConfig, 4> sr_baselines_preset(int s, const SrDegradation& d = {});
// A round trip's degradation and factor, "SR BD \u00d73" (with `parameters`, those that are not the
// defaults: "SR BD \u00d73 (sigma 2)"); empty for any other pane.
QString sr_round_trip_name(const PaneConfig& c, bool parameters = true);
// How a round trip's LR is made, after "the HR down to 1/s": "by MATLAB bicubic (antialiased)", "by
// BD: a 7x7 Gaussian blur of sigma 1.6 (imfilter, replicate), then one pixel in 3 along each axis".
QString sr_lr_text(const PaneConfig& c);
// e.g. "bicubic (antialiased)", "OpenCV INTER_CUBIC", "lanczos3 (SR BI \u00d74 round trip)"; a file
// pane: its file name ("edsr_x4.png").
QString pane_label(const PaneConfig& c);
struct PaneResult;
// The label with what the result adds: an LR file's upscaling ("lr.png, bicubic x3").
QString pane_label(const PaneConfig& c, const PaneResult& r);

struct PaneResult {
  std::shared_ptr<const Image> image;  // in the source's element type
  std::shared_ptr<const Plan> plan;    // how it was made (a library's tables as a Plan)
  // What a pane draws of it: its halvings, and its pixels through the display range, made on demand
  // for a large image (see Picture).
  std::shared_ptr<const Picture> display;
  double ms = 0.0;  // time of the resize alone
  QString device;   // "CPU" or "CUDA"
  QString error;    // set instead of image when this pane failed
  QString note;  // library panes: how its tables combine, any size or type adaptation; round trips: the steps
  int upscaled_by = 0;  // a file pane: the integer factor its LR file was upscaled by
  // What it was made from (set by compute_comparison): a recompute keeps a result whose pane, source,
  // base and display range are unchanged, so changing one pane resizes that pane only. A file pane is
  // kept while its file's bytes (their count and FNV-1a hash) and the image it is registered to are the
  // same too; a file changed on disk is decoded again. The bytes are hashed again only when the
  // file's rl::FileStat (device, inode, size, modification or change time in ns) differs from the
  // stamp's: a touched file whose bytes are the same is kept.
  struct FileStamp {
    std::uint64_t size = 0, hash = 0;  // the bytes read
    FileStat stat;                     // fstat's, when they were read
    bool operator==(const FileStamp& o) const { return size == o.size && hash == o.hash; }  // the bytes
  };
  struct MadeFrom {
    std::weak_ptr<const Image> source;
    ResizeSpec base;
    PaneConfig pane;
    ResizeClass resize_class = ResizeClass::Keep;
    DisplayRange display;
    std::optional<FileStamp> file;             // a file pane's file when it was read
    std::weak_ptr<const Image> registered_to;  // a file pane's registration target, if any
  };
  std::optional<MadeFrom> made_from;
};

// What the panes are compared with: the reference pane's result, a loaded reference image, or the
// loaded image itself (an SR round trip's HR, mod-cropped at the comparison's sr_scale()).
enum class DiffAgainst { ReferencePane, ReferenceImage, Source };
struct DiffSettings {
  DiffAgainst against = DiffAgainst::ReferencePane;
  DiffMode mode = DiffMode::AbsMaxChannel;
  // For AbsChannel and Signed (clamped to the pane's channels); -1 with Signed: the channel of
  // largest magnitude per pixel (rl::diff_map's rule).
  int channel = 0;
  bool fixed_range = false;  // otherwise: 0..max (signed: -max..max) over all panes
  double fixed_max = 8.0;
  // The map is 1 - SSIM (see ssim_dissimilarity_map) instead of the difference; mode is then unused.
  bool ssim_map = false;
  // The SR scoring protocol whose PSNR and SSIM join the statistics ("PSNR (srcnn)"); none by
  // default: the default comparison is of resizing methods at any scale, where a protocol's Y
  // channel and shave are not what is asked, and its SSIM costs more than every other statistic.
  std::optional<SrProtocol> protocol = std::nullopt;
  // Which NIQE of each compared image (no reference: the whole image, as `imresize score --metric
  // niqe` scores a file with that protocol and model) joins the statistics (niqe_name); none by default.
  std::optional<NiqeChoice> niqe = std::nullopt;
  // Per pane (missing: none), its nudge (nomacs' per-pane offset for a misregistered output): pane pixel
  // (x, y) is shown at, and compared with, the reference's (x + dx, y + dy). Only the overlap is
  // compared; the strip it uncovers is drawn checkered grey (uncovered_brush) and left out of the statistics,
  // which say so ("nudged +1,0"). A pane that is the reference is never nudged.
  std::vector<QPoint> nudges;
  // The region the statistics are of, in source pixels (x = column, y = row: `--crop`'s convention);
  // each compared image takes it scaled by its size over the source's (result_crop). The maps stay
  // whole; the statistics start with "region x,y,w,h" and add the pane's values there.
  std::optional<QRect> region = std::nullopt;
  // The display's exposure and offset, which the maps' colour scale takes as the panes do (set from the
  // display by shown_diff_settings; a window's own settings keep it neutral).
  Tone tone = {};
  bool operator==(const DiffSettings&) const = default;
  QPoint nudge(int pane) const {
    return pane >= 0 && pane < static_cast<int>(nudges.size()) ? nudges[static_cast<std::size_t>(pane)]
                                                               : QPoint();
  }
};
// What the strip a nudge uncovers is drawn with (in results and maps): a grey checkerboard on the panes'
// dark background, a colour neither colormap nor the non-finite colours use.
QBrush uncovered_brush();

// The part of an image of out_rows x out_cols that shows source_crop (in source pixels), scaled by
// the image's size over the source's with rounded edges, at least one pixel: the figure's crops and
// the region statistics use it.
QRect result_crop(const QRect& source_crop, int src_rows, int src_cols, int out_rows, int out_cols);

struct PaneDiff {
  // The difference map, rows x cols x 1 (float32 for 8- and 16-bit images, else float64), kept whole
  // where something draws it whole: while the maps are shown (compare_images' `colour`), for a nudged
  // pane, and for an SSIM map. Otherwise only what it is made from is kept (map_inputs), and
  // map_part makes the part a view reads (a figure's crop, the inspector's pixel): a 48 MP pane's map
  // is 192 MB that nothing reads while the maps are hidden. Its scale is known either way.
  std::shared_ptr<const Image> map;
  struct MapInputs {
    std::shared_ptr<const Image> image, ref;  // the pane's result and the reference, as compared
    QPoint nudge;
    DiffMode mode = DiffMode::AbsMaxChannel;
    int channel = -1;
  };
  std::optional<MapInputs> map_inputs;  // every map but an SSIM map, kept whole or not
  double map_max = 0.0;                 // the whole map's largest finite |value|
  NonFiniteCount map_non_finite;        // and its NaN and ±inf values
  bool has_map() const { return map || map_inputs; }
  QImage colored;                                  // map through the comparison's DiffScale
  std::shared_ptr<const Picture> colored_picture;  // it with its halvings, what a pane draws
  std::optional<DiffStats> stats;
  std::optional<SrScore> sr;  // under DiffSettings::protocol, when the pair can be scored
  // The reference's part of those scores, shared by the panes scored against all of it and kept for
  // the next comparison of the same reference (see detail::PaneScorer).
  std::shared_ptr<const SrReference> sr_reference;
  // The pane's NIQE statistic while DiffSettings::niqe is on, of the whole image or, with a region
  // drawn, of the region's part (niqe_part) as the other statistics: kept while the pane's image, the
  // part and the choice are the same, whatever else changes (a protocol, the map).
  std::optional<Statistic> niqe;
  std::optional<NiqeChoice> niqe_choice;  // what `niqe` was made with
  std::optional<QRect> niqe_part;         // the part of the pane's image it is of; none: the whole
  std::vector<Statistic> statistics;      // stats (then sr, then niqe) as shown
  QString error;
  // A nudged pane as it is shown and compared: its result moved by the nudge, the uncovered strip
  // checkered (values 0 there). Null when the pane is not nudged: the result is shown as it is.
  std::shared_ptr<const Image> nudged;
  QImage nudged_display;
  std::shared_ptr<const Picture> nudged_picture;  // it with its halvings (a window's)
  // What the statistics and the map were made from: a later compare_images given this PaneDiff as
  // `earlier` keeps the statistics (stats, sr, statistics) when the image, the reference, the nudge,
  // the region, the protocol and its factor are the same objects and values, and the map (with
  // `nudged`) when its kind is the same too; the colours, when the scale they were made on is too.
  struct Colours {
    double lo = 0.0, hi = 0.0;
    Colormap colormap = Colormap::Inferno;
    bool operator==(const Colours&) const = default;
  };
  struct MadeFrom {
    std::weak_ptr<const Image> image, ref;
    QPoint nudge;
    std::optional<QRect> region, region_source;  // in the compared images' pixels, and as drawn
    std::optional<SrProtocol> protocol;
    int sr_scale = 0;
    DiffMode mode = DiffMode::AbsMaxChannel;
    int channel = -1;
    bool ssim_map = false;
    std::optional<Colours> colours;  // the scale `colored` was made on, when it was made
  };
  std::optional<MadeFrom> made_from;
};

// Part `rect` (x = column, in the map's pixels; clipped to the map) of pane diff d's map: of the kept
// map, or made now from its inputs, the same values. Empty where d has no map or rect misses it.
Image map_part(const PaneDiff& d, const QRect& rect);

// The map settings the maps are made with when the pictures are shown through `shown` with a `channels`-
// channel reference: its channel R, G, B or alpha makes |a-b| (or signed) in that channel (All and Y keep
// `d`'s kind), and its exposure and offset tone the maps' colour scale.
DiffSettings shown_diff_settings(DiffSettings d, const DisplayRange& shown, int channels);

// How difference maps are coloured: the one rule that a signed map takes the diverging colormap.
struct DiffScale {
  double lo = 0.0, hi = 1.0;
  Colormap colormap = Colormap::Inferno;
  QString label = QStringLiteral("|a \u2212 ref|");  // for the colour bar
  NonFiniteCount non_finite;  // NaN / ±inf values in the maps: the kinds the colour bar's legend lists
};

// The scale an SR protocol's mod-crop and shave use for a comparison made with `base`: its scale
// when that is one integer factor >= 1 for both axes (an SR upscaling), else 0 (no mod-crop and
// shave 0: a protocol's shave is defined by the SR factor only).
int sr_scale_of(const ResizeSpec& base);

// The statistics as one line, or "difference: ERROR"; empty when there are none.
QString diff_summary(const PaneDiff& d);

// Runs one plan on the chosen device and names it in `device` ("CPU" or "CUDA").
using RunPlan = std::function<Image(const Plan& plan, const Image& src, QString& device)>;
// Plain CPU resizing, for callers without a device choice (the export, tests).
Image run_on_cpu(const Plan& plan, const Image& src, QString& device);

// One pane's result, or its error (never throws). Library panes run at MATLAB's output size; file panes
// are registered to `reference` when it is given (the loaded reference image), else to that size.
// With `display` false the result's display image and its halvings are not made (a figure converts
// the crops it draws itself). `shared_src`: src itself as the caller holds it, if it does; a MATLAB
// pane whose plan is the identity (Plan::is_identity, e.g. bicubic at scale 1) then returns it as
// its result instead of a copy of the same bytes.
// `cls`: the class a MATLAB pane resizes in (ResizeClass).
PaneResult compute_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane, DisplayRange range,
                        const RunPlan& run, const Image* reference = nullptr, bool display = true,
                        const std::shared_ptr<const Image>& shared_src = nullptr,
                        ResizeClass cls = ResizeClass::Keep);
// Every pane's result; stops early (the rest left empty) once `superseded` says a newer request
// made the work pointless.
std::vector<PaneResult> compute_panes(const Image& src, const ResizeSpec& base,
                                      const std::vector<PaneConfig>& panes, DisplayRange range,
                                      const RunPlan& run, const std::function<bool()>& superseded,
                                      const Image* reference = nullptr);

struct PaneDiffs {
  std::vector<PaneDiff> diffs;
  DiffScale scale;
};
// The statistics region as drawn (source pixels, as --crop spells it) and in the compared images'.
struct StatsRegion {
  QRect source, image;
};
// Each image's map and statistics against `ref` (each moved by settings.nudge(i); inside
// region->image when given) (converted to the image's element type, so a PNG
// reference matches a uint8 result), coloured on one scale: 0..max (signed: -max..max) of the
// largest finite |difference|, or the fixed maximum. A null image gets an empty PaneDiff.
// With settings.protocol, the protocol's scores at `sr_scale` (see sr_scale_of) join the statistics.
// With `colour` false the maps' colours (PaneDiff::colored and its halvings) are made for nudged
// panes only, which a figure draws whole, and only the maps those panes and SSIM maps need are kept
// whole (see PaneDiff::map); the scale is set either way. `earlier`: the PaneDiffs of a
// previous call, whose statistics and maps are kept where they were made from the same inputs (see
// PaneDiff::MadeFrom): a changed pane, or a changed map kind, does not recompute the others'.
PaneDiffs compare_images(const std::vector<std::shared_ptr<const Image>>& images,
                         const std::shared_ptr<const Image>& ref, const DiffSettings& settings,
                         int sr_scale = 0, const std::optional<StatsRegion>& region = std::nullopt,
                         bool colour = true, const std::vector<PaneDiff>& earlier = {});

// The whole model: what is compared and what it gives.
struct Comparison {
  std::shared_ptr<const Image> source;
  ResizeSpec base;  // scale or size and boundary; the method and antialiasing come from each pane
  ResizeClass resize_class = ResizeClass::Keep;  // the class MATLAB's panes resize in
  std::vector<PaneConfig> panes;
  DisplayRange display;
  DiffSettings diff;
  std::shared_ptr<const Image> reference_image;  // used when diff.against is ReferenceImage
  // Whether the whole images a window draws at any zoom are made: each pane's display image, each
  // map's colours and the reference's display, with their halvings. A figure, which converts only
  // the crops it draws, turns it off: then only what a nudged pane shows whole is made.
  bool screen = true;
  // Whether the maps are shown (the window's Show Differences): they are kept whole and coloured, with
  // their halvings, only then (a nudged pane's always: it is shown moved either way). The statistics,
  // the maps' scale and any part of a map (map_part) are there either way.
  bool maps_shown = true;

  std::vector<PaneResult> results;
  std::vector<PaneDiff> diffs;  // empty until compared, or when there is no reference
  DiffScale scale;
  // The NIQE of the image the panes are compared with when that is not a pane's (a loaded reference,
  // the HR) and DiffSettings::niqe is on; kept while it is the same image (reference_niqe_of).
  // What it was made of: the image, its part (the region's; none: the whole) and the choice.
  struct NiqeMadeOf {
    std::weak_ptr<const Image> image;
    std::optional<QRect> part;
    NiqeChoice choice;
  };
  std::optional<Statistic> reference_niqe;
  NiqeMadeOf reference_niqe_of;
  // The image the panes are compared with, through the display range: what the A/B flicker shows in
  // each pane's place (null when there is no reference).
  std::shared_ptr<const Picture> reference_display;

  // The image the panes are compared with: the loaded reference when asked for and loaded; the
  // source (mod-cropped to a multiple of sr_scale(), as the round-trip panes' HR is) when asked
  // for; else the reference pane's result. Null when there is none.
  std::shared_ptr<const Image> reference() const;
  bool against_image() const { return diff.against == DiffAgainst::ReferenceImage && reference_image; }
  bool against_source() const { return diff.against == DiffAgainst::Source && source; }
  // Whether pane kReferencePane is the reference (then compared with itself).
  bool reference_is_pane() const { return !against_image() && !against_source(); }
  // The SR factor the protocol's mod-crop and shave use: the round-trip panes' factor when there is
  // one (the first such pane's), else sr_scale_of(base).
  int sr_scale() const;
  // Whether base (the toolbar's scale or size) makes any pane: false when each is an SR round trip or
  // a file compared with the image itself, which set their own sizes.
  bool uses_base() const;
  // Whether pane i is what the others are compared with (and so is never nudged).
  bool is_reference(int i) const { return reference_is_pane() && i == kReferencePane; }
  // diff.region in the reference's pixels (see result_crop); nullopt without a region or a reference.
  std::optional<QRect> reference_region() const;
};
// Why pane i may differ from a loaded reference image: when it differs by at most one level of an
// integer class in at least kClassHintPercent of its pixels, the likely cause is a class difference
// (one of them resized in double, e.g. MATLAB's im2double, and rounded back): a line saying so and
// what to try; else empty.
inline constexpr double kClassHintPercent = 1.0;
QString class_hint(const Comparison& c, int i);

// Where a pane is in a compute_comparison call, reported as each step starts: waiting for its turn,
// being resized (or read, for a file pane), kept (its result was made from the same inputs), or
// being compared (maps and statistics, which come for every pane together).
enum class PaneStep { Queued, Resizing, Kept, Comparing };
using PaneProgress = std::function<void(int pane, PaneStep step)>;
// Fills diffs and scale from results and the settings (the step a settings change repeats).
void compare(Comparison& c);
// Resizes every pane whose result in c.results was not made from the same inputs (see
// PaneResult::MadeFrom), then compares: what the viewer's job and the export both call. A caller that
// changes what the panes run on (the device) clears c.results first.
void compute_comparison(Comparison& c, const RunPlan& run, const std::function<bool()>& superseded,
                        const PaneProgress& progress = {});

}  // namespace rl::ui
