// `imresize score`: pairs SR and HR images by name, scores each pair under one protocol or all of
// them, prints a table and the mean, and writes CSV/JSON atomically only when every image scored.
#include "score.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "degrade_options.hpp"
#include "exit_codes.hpp"
#include "options.hpp"
#include "rl/atomic_file.hpp"
#include "rl/convert.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"
#include "rl/sr_protocol.hpp"
#include "score_niqe.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;

struct ScoreUsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ScoreOptions {
  std::string sr_dir, hr_dir;
  bool bicubic = false;
  int scale = 0;
  std::vector<SrProtocol> protocols;
  Boundary boundary = Boundary::Modern;
  DegradeArgs degradation;  // --bicubic only: how the LR is made from the HR (bi by default)
  std::string csv, json;
  std::optional<std::uint64_t> max_pixels;  // --max-pixels; unset: RL_MAX_PIXELS or the default limit
};

std::optional<ScoreOptions> parse(const std::vector<std::string>& args) {
  ScoreOptions o;
  std::vector<std::string> positional;
  bool have_protocol = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw ScoreUsageError(a + " needs a value");
      return args[++i];
    };
    if (a == "-h" || a == "--help") return std::nullopt;
    try {
      if (take_degrade_option(args, i, o.degradation)) continue;
    } catch (const UsageError& e) {
      throw ScoreUsageError(e.what());
    }
    if (a == "--bicubic") {
      o.bicubic = true;
    } else if (a == "--scale") {
      const std::string& v = value();
      char* end = nullptr;
      const long s = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || s < 1 || s > 64)
        throw ScoreUsageError("--scale takes a whole number from 1 to 64, got '" + v + "'");
      o.scale = static_cast<int>(s);
    } else if (a == "--protocol") {
      const std::string& v = value();
      have_protocol = true;
      if (v == "all") {
        for (const SrProtocolInfo& p : sr_protocols()) o.protocols.push_back(p.id);
      } else if (const auto p = parse_sr_protocol(v)) {
        o.protocols = {*p};
      } else {
        throw ScoreUsageError("--protocol takes " + sr_protocol_names() + " or all, got '" + v + "'");
      }
    } else if (a == "--boundary") {
      const std::string& v = value();
      const auto b = parse_boundary(v);
      if (!b) throw ScoreUsageError("--boundary takes legacy or modern, got '" + v + "'");
      o.boundary = *b;
    } else if (a == "--max-pixels") {
      try {
        o.max_pixels = parse_count(value(), "--max-pixels", std::uint64_t{1} << 62);
      } catch (const UsageError& e) {
        throw ScoreUsageError(e.what());
      }
    } else if (a == "--csv") {
      o.csv = value();
    } else if (a == "--json") {
      o.json = value();
    } else if (!a.empty() && a[0] == '-') {
      throw ScoreUsageError("unknown option " + a + " (imresize score --help)");
    } else {
      positional.push_back(a);
    }
  }
  if (o.scale == 0) throw ScoreUsageError("--scale is required");
  if (!have_protocol) throw ScoreUsageError("--protocol is required (" + sr_protocol_names() + " or all)");
  const DegradeArgs& d = o.degradation;
  if (!o.bicubic && (d.model || d.sigma || d.noise || d.seed))
    throw ScoreUsageError(
        "--degradation, --sigma, --noise and --seed go with --bicubic (how its LR is made)");
  if (o.bicubic) {
    try {
      degrade_options(d, o.scale, o.boundary);
    } catch (const UsageError& e) {
      throw ScoreUsageError(e.what());
    }
    if (positional.size() != 1) throw ScoreUsageError("--bicubic takes one folder, HR_DIR");
    o.hr_dir = positional[0];
  } else {
    if (positional.size() != 2) throw ScoreUsageError("give SR_DIR and HR_DIR (or --bicubic HR_DIR)");
    o.sr_dir = positional[0];
    o.hr_dir = positional[1];
  }
  return o;
}

}  // namespace

// Image files directly in `dir` (not its subfolders), sorted by name; throws with one line.
std::vector<fs::path> score_images_in(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw std::runtime_error(dir + " is not a folder");
  std::vector<fs::path> out;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file(ec) && name[0] != '.' && io::is_supported_extension(name)) out.push_back(e.path());
  }
  if (ec) throw std::runtime_error("cannot list " + dir + ": " + ec.message());
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// An 8-bit image for the protocols: uint16 through im2uint8 (said on stdout), others refused.
Image load_for_scoring(const fs::path& p, const ScoreOptions& o) {
  io::LoadOptions lo;
  lo.capture_decoder_messages = true;
  lo.max_pixels = o.max_pixels;
  Image img = io::load(p.string(), lo);
  if (img.type() == ElemType::U16) {
    std::printf("imresize score: %s is 16-bit: scored as im2uint8 of it (the protocols score 8-bit images)\n",
                p.filename().string().c_str());
    return im2uint8(img);
  }
  if (img.type() != ElemType::U8)
    throw std::runtime_error("a " + to_string(img.type()) +
                             " image: the protocols score 8-bit (or 16-bit) images");
  if (img.channels() != 1 && img.channels() != 3)
    throw std::runtime_error(std::to_string(img.channels()) +
                             " channels: the protocols score grey or RGB images");
  return img;
}

struct Row {
  std::string name, sr_file, hr_file;
  std::vector<SrScore> scores;  // one per protocol
};

}  // namespace

std::string json_number(double v) {
  if (std::isnan(v)) return "\"nan\"";
  if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// inf, -inf and nan unquoted, as Python's float() and pandas read them.
std::string csv_number(double v) {
  const std::string n = json_number(v);
  return n[0] == '"' ? n.substr(1, n.size() - 2) : n;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

namespace {

// Means over the finite values; how many were left out (identical pairs have PSNR +inf).
std::pair<double, int> finite_mean(const std::vector<Row>& rows, std::size_t k, bool psnr) {
  double sum = 0.0;
  int n = 0, left = 0;
  for (const Row& r : rows) {
    const double v = psnr ? r.scores[k].psnr : r.scores[k].ssim;
    if (std::isfinite(v)) {
      sum += v;
      ++n;
    } else {
      ++left;
    }
  }
  return {n ? sum / n : std::nan(""), left};
}

void write_outputs(const ScoreOptions& o, const std::vector<Row>& rows) {
  const auto names = [&](std::size_t k) { return std::string(sr_protocol_info(o.protocols[k]).name); };
  if (!o.csv.empty()) {
    std::string t = "image,sr,hr";
    for (std::size_t k = 0; k < o.protocols.size(); ++k)
      t.append(",").append(names(k)).append("_psnr,").append(names(k)).append("_ssim");
    t += "\n";
    for (const Row& r : rows) {
      t += r.name + "," + r.sr_file + "," + r.hr_file;
      for (const SrScore& s : r.scores)
        t.append(",").append(csv_number(s.psnr)).append(",").append(csv_number(s.ssim));
      t += "\n";
    }
    t += "mean,,";
    for (std::size_t k = 0; k < o.protocols.size(); ++k)
      t.append(",")
          .append(csv_number(finite_mean(rows, k, true).first))
          .append(",")
          .append(csv_number(finite_mean(rows, k, false).first));
    t += "\n";
    write_file_atomically(o.csv, t.data(), t.size());
  }
  if (!o.json.empty()) {
    std::string t = "{\n  \"scale\": " + std::to_string(o.scale) +
                    ",\n  \"bicubic\": " + (o.bicubic ? "true" : "false") +
                    ",\n  \"boundary\": " + json_string(to_string(o.boundary)) + ",\n  \"degradation\": " +
                    json_string(degradation_info(o.degradation.model.value_or(Degradation::Bi)).name) +
                    ",\n  \"images\": [";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      t += std::string(i ? "," : "") + "\n    {\"image\": " + json_string(r.name) +
           ", \"sr\": " + json_string(r.sr_file) + ", \"hr\": " + json_string(r.hr_file);
      for (std::size_t k = 0; k < o.protocols.size(); ++k)
        t += ", " + json_string(names(k)) + ": {\"psnr\": " + json_number(r.scores[k].psnr) +
             ", \"ssim\": " + json_number(r.scores[k].ssim) + "}";
      t += "}";
    }
    t += "\n  ],\n  \"mean\": {";
    for (std::size_t k = 0; k < o.protocols.size(); ++k)
      t += std::string(k ? ", " : "") + json_string(names(k)) +
           ": {\"psnr\": " + json_number(finite_mean(rows, k, true).first) +
           ", \"ssim\": " + json_number(finite_mean(rows, k, false).first) + "}";
    t += "}\n}\n";
    write_file_atomically(o.json, t.data(), t.size());
  }
}

void print_table(const ScoreOptions& o, const std::vector<Row>& rows) {
  std::size_t width = 5;
  for (const Row& r : rows) width = std::max(width, r.name.size());
  std::vector<int> col;  // each protocol's column width
  std::printf("%-*s", static_cast<int>(width), "image");
  for (const SrProtocol p : o.protocols) {
    const std::string n = sr_protocol_info(p).name;
    col.push_back(static_cast<int>(std::max<std::size_t>(10, n.size() + 5)));
    std::printf("  %*s  %*s", col.back(), (n + " PSNR").c_str(), col.back(), (n + " SSIM").c_str());
  }
  std::printf("\n");
  for (const Row& r : rows) {
    std::printf("%-*s", static_cast<int>(width), r.name.c_str());
    for (std::size_t k = 0; k < r.scores.size(); ++k)
      std::printf("  %*.2f  %*.4f", col[k], r.scores[k].psnr, col[k], r.scores[k].ssim);
    std::printf("\n");
  }
  std::printf("%-*s", static_cast<int>(width), "mean");
  int left_out = 0;
  for (std::size_t k = 0; k < o.protocols.size(); ++k) {
    const auto [psnr, left] = finite_mean(rows, k, true);
    std::printf("  %*.2f  %*.4f", col[k], psnr, col[k], finite_mean(rows, k, false).first);
    left_out = std::max(left_out, left);
  }
  std::printf("\n");
  if (left_out)
    std::printf("imresize score: %d pair(s) with infinite PSNR (identical images) left out of the mean\n",
                left_out);
}

int run(const ScoreOptions& o) {
  if (!o.csv.empty()) check_output_writable(o.csv);
  if (!o.json.empty()) check_output_writable(o.json);
  const std::vector<fs::path> hr_files = score_images_in(o.hr_dir);
  if (hr_files.empty())
    throw ScoreUsageError("no images in " + o.hr_dir + " (" + io::supported_extensions_text() + ")");
  // (SR file, HR file) pairs in HR order.
  std::vector<std::pair<fs::path, fs::path>> pairs;
  int failed = 0;
  if (o.bicubic) {
    for (const fs::path& h : hr_files) pairs.emplace_back(fs::path(), h);
  } else {
    const std::vector<fs::path> sr_files = score_images_in(o.sr_dir);
    if (sr_files.empty())
      throw ScoreUsageError("no images in " + o.sr_dir + " (" + io::supported_extensions_text() + ")");
    std::vector<std::string> stems;
    for (const fs::path& h : hr_files) stems.push_back(h.stem().string());
    std::vector<std::vector<fs::path>> matched(hr_files.size());
    for (const fs::path& s : sr_files) {
      const auto k = pair_sr_name(s.stem().string(), stems, o.scale);
      if (!k) {
        std::fprintf(stderr, "imresize score: skipped %s: no HR image in %s pairs with its name\n",
                     s.filename().string().c_str(), o.hr_dir.c_str());
        ++failed;
      } else {
        matched[*k].push_back(s);
      }
    }
    for (std::size_t k = 0; k < hr_files.size(); ++k) {
      if (matched[k].size() == 1) {
        pairs.emplace_back(matched[k][0], hr_files[k]);
      } else {
        std::fprintf(stderr, "imresize score: skipped %s: %s SR image pairs with it\n",
                     hr_files[k].filename().string().c_str(), matched[k].empty() ? "no" : "more than one");
        ++failed;
      }
    }
    if (pairs.empty())
      throw ScoreUsageError("no SR image in " + o.sr_dir + " pairs with an HR image in " + o.hr_dir);
  }
  const bool progress = pairs.size() >= 20 && isatty(STDERR_FILENO);
  std::vector<Row> rows;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [sr_path, hr_path] = pairs[i];
    if (progress)
      std::fprintf(stderr, "\rimresize score: %zu/%zu %s\033[K", i + 1, pairs.size(),
                   hr_path.filename().string().c_str());
    Row row{hr_path.stem().string(), sr_path.filename().string(), hr_path.filename().string(), {}};
    try {
      const Image hr = load_for_scoring(hr_path, o);
      std::optional<Image> sr;
      if (!o.bicubic) sr = load_for_scoring(sr_path, o);
      const DegradeOptions d = degrade_options(o.degradation, o.scale, o.boundary);
      for (const SrProtocol p : o.protocols)
        row.scores.push_back(!o.bicubic                   ? score_sr(*sr, hr, o.scale, p)
                             : d.model == Degradation::Bi ? score_bicubic(hr, o.scale, p, o.boundary)
                                                          : score_degraded_bicubic(hr, d, p));
      rows.push_back(std::move(row));
    } catch (const std::exception& e) {
      if (progress) std::fprintf(stderr, "\r\033[K");
      std::fprintf(stderr, "imresize score: failed %s: %s\n",
                   (o.bicubic ? row.hr_file : row.sr_file + " vs " + row.hr_file).c_str(), e.what());
      ++failed;
    }
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (rows.empty()) {
    std::fprintf(stderr, "imresize score: no image could be scored\n");
    return kExitFailure;
  }
  print_table(o, rows);
  if (failed) {
    if (!o.csv.empty() || !o.json.empty())
      std::fprintf(stderr,
                   "imresize score: %d image(s) not scored: no CSV/JSON written (existing files untouched)\n",
                   failed);
    return kExitFailure;
  }
  write_outputs(o, rows);
  return kExitOk;
}

}  // namespace

std::optional<std::size_t> pair_sr_name(const std::string& sr_stem, const std::vector<std::string>& hr_stems,
                                        int scale) {
  std::optional<std::size_t> best;
  const std::string scale_text = std::to_string(scale);
  for (std::size_t k = 0; k < hr_stems.size(); ++k) {
    const std::string& h = hr_stems[k];
    if (sr_stem.compare(0, h.size(), h) != 0 || h.size() > sr_stem.size()) continue;
    const std::string_view rest = std::string_view(sr_stem).substr(h.size());
    const bool ok = rest.empty() || rest == "x" + scale_text || rest == "X" + scale_text || rest[0] == '_' ||
                    rest[0] == '-' || rest[0] == '.';
    if (ok && (!best || h.size() > hr_stems[*best].size())) best = k;
  }
  return best;
}

std::string score_usage_text() {
  std::string t = R"(Usage: imresize score SR_DIR HR_DIR --scale S --protocol P|all [--csv FILE] [--json FILE]
       imresize score --bicubic HR_DIR --scale S --protocol P|all [--boundary legacy|modern] [...]
       imresize score --bicubic HR_DIR --scale S --protocol P --degradation bd|bd-vsr|dn [...]
       imresize score --metric niqe DIR [--protocol release|pirm] [...]   (no reference; --metric niqe --help)

Scores super-resolved images against their HR images as a paper's evaluation script does (PSNR and
SSIM on the script's Y, rounding and border), or with --bicubic computes the plain-bicubic row of an
SR table from the HR images alone: mod-crop, MATLAB bicubic by 1/S and back by S, score. With
--degradation the LR is made by that model instead (BD, BD-VSR or DN, as the papers' scripts make
them) and brought back by MATLAB bicubic by S: the Bicubic row of a BD or DN table.

Options:
  --scale S           the integer SR scale (the shave and the mod-crop depend on it)
  --protocol P|all    one protocol, or all of them side by side:
)";
  for (const SrProtocolInfo& p : sr_protocols()) {
    t += "                        " + std::string(p.name) + ": " + p.source + "\n";
    for (const std::string& s : p.steps) t += "                          - " + s + "\n";
  }
  t += R"(  --boundary B        --bicubic only: modern (default, MATLAB R2015b and later) or legacy (older
                      MATLAB, with which the classic Set5/Set14 LR images and tables were made)
  --degradation, --sigma, --noise, --seed: --bicubic only:
)" + degrade_help_text() +
       R"(  --csv FILE          every image's scores and the mean, full precision (atomic write)
  --json FILE         the same as JSON (+inf PSNR of identical images as the string "inf")
  --max-pixels N      refuse images over N pixels, read from their headers (default: RL_MAX_PIXELS
                      when set, 0 there meaning none; else 178956970, Pillow's limit)
  -h, --help          this text

Pairing: image files directly in each folder (.png .bmp .tif .jpg .ppm ...). An SR file pairs with
the HR file whose name without extension is the longest prefix of its own such that the rest is
empty, is x or X followed by the scale, or starts with _ - or . ; so 0001.png pairs with
0001.png or 0001x4.png, and baby.bmp with baby_SRx4.png or baby-edsr.png. An SR file with no HR,
or an HR file with none or several SR files, is one line on stderr and not scored.

Images: 8-bit grey or RGB. 16-bit images are scored as im2uint8 of them (said in one line). Grey
against RGB is scored on Y by the Y protocols and refused by basicsr-rgb and ntire. Sizes must
agree after the mod-crop to S. The table prints PSNR to 2 decimals and SSIM to 4, as the papers do;
CSV and JSON hold every digit. The mean leaves out (and says so) infinite PSNR of identical pairs.
CSV and JSON are written only when every image was scored; otherwise existing files are untouched.

)";
  return t + kExitStatusHelp;
}

int score_main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (std::find(args.begin(), args.end(), "--metric") != args.end()) return score_niqe_main(args);
  try {
    const auto o = parse(args);
    if (!o) {
      std::fputs(score_usage_text().c_str(), stdout);
      return kExitOk;
    }
    return run(*o);
  } catch (const ScoreUsageError& e) {
    std::fprintf(stderr, "imresize score: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "imresize score: %s\n", e.what());
    return kExitFailure;
  }
}

}  // namespace rl::app
