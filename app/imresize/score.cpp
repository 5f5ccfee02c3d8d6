// `imresize score`: pairs SR and HR images by name, scores each pair under one protocol or all of
// them, prints a table and the mean, and writes CSV/JSON atomically only when every image scored.
#include "score.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

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
  bool have_protocol = false;
  ScoreFolders outputs;
  const auto take = [&](const std::string& a, std::size_t& i,
                        const std::function<const std::string&()>& value) {
    try {
      if (take_degrade_option(args, i, o.degradation)) return true;
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
    } else {
      return false;
    }
    return true;
  };
  const auto positional = walk_score_args(args, outputs, take, " (imresize score --help)");
  if (!positional) return std::nullopt;
  o.csv = outputs.csv;
  o.json = outputs.json;
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
    if (positional->size() != 1) throw ScoreUsageError("--bicubic takes one folder, HR_DIR");
    o.hr_dir = (*positional)[0];
  } else {
    if (positional->size() != 2) throw ScoreUsageError("give SR_DIR and HR_DIR (or --bicubic HR_DIR)");
    o.sr_dir = (*positional)[0];
    o.hr_dir = (*positional)[1];
  }
  return o;
}

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

// PSNR and SSIM of each pair under the chosen protocols.
class ProtocolMetric final : public ScoreMetric {
 public:
  explicit ProtocolMetric(const ScoreOptions& o) : o_(o) {}
  void prepare() override {
    if (o_.bicubic) degradation_ = degrade_options(o_.degradation, o_.scale, o_.boundary);
  }
  void score(const ScorePair& pair) override {
    Row row{pair.hr.stem().string(), pair.sr.filename().string(), pair.hr.filename().string(), {}};
    const Image hr = load_for_scoring(pair.hr, o_);
    std::optional<Image> sr;
    if (!o_.bicubic) sr = load_for_scoring(pair.sr, o_);
    for (const SrProtocol p : o_.protocols)
      row.scores.push_back(!o_.bicubic ? score_sr(*sr, hr, o_.scale, p)
                           : degradation_.model == Degradation::Bi
                               ? score_bicubic(hr, o_.scale, p, o_.boundary)
                               : score_degraded_bicubic(hr, degradation_, p));
    rows_.push_back(std::move(row));
  }
  bool has_rows() const override { return !rows_.empty(); }
  void print_table() const override { rl::app::print_table(o_, rows_); }
  void write_outputs() const override { rl::app::write_outputs(o_, rows_); }

 private:
  const ScoreOptions& o_;
  DegradeOptions degradation_;
  std::vector<Row> rows_;
};

}  // namespace

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
  return score_command([&] {
    const auto o = parse(args);
    if (!o) {
      std::fputs(score_usage_text().c_str(), stdout);
      return kExitOk;
    }
    ProtocolMetric metric(*o);
    return run_score_metric(metric,
                            {o->bicubic ? std::string() : o->sr_dir, o->hr_dir, o->scale, o->csv, o->json});
  });
}

}  // namespace rl::app
