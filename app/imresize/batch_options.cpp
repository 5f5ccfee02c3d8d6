// `imresize batch` options: SRC_DIR DST_DIR and batch's own flags, with --method, --boundary and
// --device read by the single-image command's parser so both spell and check them alike.
#include "batch_options.hpp"

#include <algorithm>
#include <charconv>

#include "rl/image_io.hpp"
#include "rl/kernels.hpp"

namespace rl::app {

namespace {

constexpr int kMaxScale = 1000;

std::vector<int> parse_scales(std::string_view s) {
  std::vector<int> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = s.find(',', start);
    const std::string_view item =
        s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const int v = static_cast<int>(parse_count(item, "--scales", kMaxScale));
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

Shard parse_shard(std::string_view s) {
  constexpr std::uint64_t kMaxShards = 1000000000;
  const auto bad = [&] {
    return UsageError(
        "--shard must be I/N with 0 <= I < N, I counted from 0 (as JOB_COMPLETION_INDEX and "
        "SLURM_ARRAY_TASK_ID are), got '" +
        std::string(s) + "'");
  };
  const auto number = [&](std::string_view t) {
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    // from_chars takes no sign or space, so "+1", "-1" and " 1" are refused along with "1x".
    if (t.empty() || ec != std::errc() || p != t.data() + t.size() || v > kMaxShards) throw bad();
    return v;
  };
  const std::size_t slash = s.find('/');
  if (slash == std::string_view::npos) throw bad();
  Shard out;
  out.index = number(s.substr(0, slash));
  out.count = number(s.substr(slash + 1));
  if (out.count < 1 || out.index >= out.count) throw bad();
  return out;
}

std::optional<BatchOptions> parse_batch_options(const std::vector<std::string>& args) {
  BatchOptions o;
  ResizeOptions shared;  // --method, --boundary and --device, through the command's parser
  std::vector<std::string> positional;
  bool have_scales = false;
  const auto take = [&](std::size_t& i) {
    if (take_degrade_option(args, i, o.degradation)) return true;
    const Arg a = split_arg(args[i]);
    if (a.name == "--method" || a.name == "--boundary" || a.name == "--device")
      return take_resize_option(args, i, shared);
    if (a.name == "--scales") {
      if (have_scales) throw UsageError("--scales given more than once");
      o.scales = parse_scales(take_value(args, i, a));
      have_scales = true;
    } else if (a.name == "--shard") {
      if (o.shard) throw UsageError("--shard given more than once");
      o.shard = parse_shard(take_value(args, i, a));
    } else if (a.name == "--list") {
      if (o.list) throw UsageError("--list given more than once");
      o.list = take_value(args, i, a);
      if (o.list->empty()) throw UsageError("--list needs a file name (or - for standard input)");
    } else if (a.name == "--jobs") {
      o.jobs = static_cast<int>(parse_count(take_value(args, i, a), "--jobs", 1024));
    } else if (a.name == "--max-pixels") {
      o.max_pixels = parse_count(take_value(args, i, a), "--max-pixels", std::uint64_t{1} << 62);
    } else if (a.name == "--modcrop" || a.name == "--save-hr" || a.name == "--overwrite" ||
               a.name == "--mixed-settings") {
      take_no_value(a);
      (a.name == "--modcrop"     ? o.modcrop
       : a.name == "--save-hr"   ? o.save_hr
       : a.name == "--overwrite" ? o.overwrite
                                 : o.mixed_settings) = true;
    } else {
      return false;
    }
    return true;
  };
  if (walk_command_line(args, take, positional, "imresize batch --help")) return std::nullopt;
  if (positional.size() != 2)
    throw UsageError(positional.size() < 2
                         ? "expected SRC_DIR and DST_DIR (see imresize batch --help)"
                         : "unexpected argument '" + positional[2] + "' (expected only SRC_DIR and DST_DIR)");
  if (!have_scales) throw UsageError("--scales is required, e.g. --scales 2,3,4");
  o.src = positional[0];
  o.dst = positional[1];
  resolve_method(shared);
  o.method = shared.spec.method;
  o.boundary = shared.spec.boundary;
  o.device = shared.device;
  for (const int s : o.scales) degrade_options(o.degradation, s, o.boundary);  // UsageError, exit 2
  if (o.degradation_at(o.scales.front()) && o.method != Method::Bicubic)
    throw UsageError("--method does not apply to --degradation " +
                     std::string(degradation_info(*o.degradation.model).name) +
                     " (its script fixes the resize)");
  return o;
}

std::optional<DegradeOptions> BatchOptions::degradation_at(int scale) const {
  if (degradation.model.value_or(Degradation::Bi) == Degradation::Bi) return std::nullopt;
  DegradeOptions d = degrade_options(degradation, scale, boundary);
  d.modcrop = false;  // --modcrop crops first, as for bi
  return d;
}

std::string batch_usage_text() {
  return "usage: imresize batch SRC_DIR DST_DIR --scales S[,S...] [--modcrop] [--boundary modern|legacy]\n"
         "                      [--method M] [--device auto|cpu|cuda] [--jobs N] [--overwrite] [--save-hr]\n"
         "                      [--shard I/N] [--list FILE] [--degradation bi|bd|bd-vsr|dn [--sigma S]\n"
         "                      [--noise N] [--seed K]] [--max-pixels N] [--mixed-settings]\n"
         "\n"
         "Resizes every image under SRC_DIR (recursively; " +
         io::supported_extensions_text() +
         ") by 1/S for each\n"
         "scale S, as MATLAB's imresize(hr, 1/S, method), keeping the input's type (uint8 stays uint8), and\n"
         "writes DST_DIR/X{S}/{subfolders}/{name}x{S}.png (the DIV2K/EDSR naming).\n"
         "\n"
         "  --scales S[,S...]  whole numbers from 1 to 1000, e.g. 2,3,4 (required)\n"
         "  --modcrop          first crop the bottom and right edges to a multiple of S (MATLAB's modcrop)\n"
         "  --save-hr          also write the (cropped) high-resolution image to "
         "DST_DIR/HR/X{S}/.../{name}.png\n"
         "  --boundary B       modern (R2015b and later, default) or legacy (older MATLAB, the classic Set5 "
         "LR "
         "sets)\n"
         "  --method M         " +
         method_names(" ") +
         " (default bicubic)\n"
         "  --device D         auto (CUDA when usable, else the CPU; default), cpu, cuda (or gpu)\n"
         "  --jobs N           images processed at once (default: the number of hardware threads)\n"
         "  --overwrite        redo outputs that already exist (default: skip them, so a run can be "
         "resumed)\n"
         "  --mixed-settings   resume although DST_DIR/.imresize-batch-settings names other settings (a "
         "resume\n"
         "                     with another --method, --boundary, --modcrop or degradation is refused "
         "without\n"
         "                     it or --overwrite: the folder would mix two kinds of output)\n"
         "  --max-pixels N     refuse inputs over N pixels, read from their headers (default: RL_MAX_PIXELS\n"
         "                     when set, 0 there meaning none; else 178956970, Pillow's limit)\n"
         "  --shard I/N        do only shard I of N (I from 0 to N-1, e.g. $SLURM_ARRAY_TASK_ID or\n"
         "                     $JOB_COMPLETION_INDEX): an image belongs to shard FNV-1a-64(its path under\n"
         "                     SRC_DIR, '/'-separated) mod N, so N tasks started anywhere, in any order, "
         "write\n"
         "                     disjoint outputs whose union is the whole run (see docs/SCALE.md)\n"
         "  --list FILE        the inputs are the lines of FILE (- reads standard input), each a path "
         "relative\n"
         "                     to SRC_DIR, instead of every image under it; blank lines and lines starting\n"
         "                     with # are skipped (write ./#name for a name starting with #); absolute\n"
         "                     paths, '..', other extensions and missing files are reported as failed;\n"
         "                     FILE is a regular file of at most 256 MiB (a FIFO or device is refused)\n" +
         degrade_help_text() +
         "                     (bd, bd-vsr and dn run on the CPU; with --modcrop the HR is cropped first,\n"
         "                     as Prepare_TestData_HR_LR.m does)\n"
         "\n"
         "Outputs are written to a temporary file and renamed, so an interrupted run (Ctrl-C, SIGTERM, "
         "SIGHUP:\n"
         "the files in progress are finished; a second signal stops at once and removes them) leaves only\n"
         "complete files; run the same command again to continue. Two sources whose names differ only "
         "in\n"
         "their extension (a.png, a.jpg) would write the same output: the first in sorted order is used and\n"
         "the other is reported as failed. Float images are written to PNG as im2uint8 would convert "
         "them.\n" +
         kExitStatusHelp;
}

}  // namespace rl::app
