// `imresize score --metric niqe DIR`: one line per image and the mean; CSV/JSON written atomically
// only when every image was scored.
#include "score_niqe.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "exit_codes.hpp"
#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"
#include "rl/niqe.hpp"
#include "score_run.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;

struct NiqeOptions {
  std::string dir, model_mean, model_cov, csv, json;
  NiqeProtocol protocol = NiqeProtocol::Release;
  Boundary boundary = Boundary::Modern;
};

std::optional<NiqeOptions> parse(const std::vector<std::string>& args) {
  NiqeOptions o;
  ScoreFolders outputs;
  const auto take = [&](const std::string& a, std::size_t&,
                        const std::function<const std::string&()>& value) {
    if (a == "--metric") {
      if (const std::string& v = value(); v != "niqe")
        throw ScoreUsageError("--metric takes niqe, got '" + v + "'");
    } else if (a == "--protocol") {
      const std::string& v = value();
      const auto p = parse_niqe_protocol(v);
      if (!p)
        throw ScoreUsageError("--protocol takes " + niqe_protocol_names() + " with --metric niqe, got '" + v +
                              "'");
      o.protocol = *p;
    } else if (a == "--boundary") {
      const std::string& v = value();
      const auto b = parse_boundary(v);
      if (!b) throw ScoreUsageError("--boundary takes modern or legacy, got '" + v + "'");
      o.boundary = *b;
    } else if (a == "--model-mean") {
      o.model_mean = value();
    } else if (a == "--model-cov") {
      o.model_cov = value();
    } else {
      return false;
    }
    return true;
  };
  const auto positional =
      walk_score_args(args, outputs, take, " with --metric niqe (see imresize score --metric niqe --help)");
  if (!positional) return std::nullopt;
  o.csv = outputs.csv;
  o.json = outputs.json;
  if (positional->size() != 1) throw ScoreUsageError("--metric niqe takes one folder, DIR");
  if (o.model_mean.empty() != o.model_cov.empty())
    throw ScoreUsageError("--model-mean and --model-cov go together");
  o.dir = (*positional)[0];
  return o;
}

struct Row {
  std::string name, file;
  NiqeScore score;
};

void write_outputs(const NiqeOptions& o, const std::vector<Row>& rows, double mean) {
  const std::string protocol = niqe_protocol_info(o.protocol).name;
  if (!o.csv.empty()) {
    std::string t = "image,file,niqe\n";
    for (const Row& r : rows) t += r.name + "," + r.file + "," + csv_number(r.score.niqe) + "\n";
    t += "mean,," + csv_number(mean) + "\n";
    write_file_atomically(o.csv, t.data(), t.size());
  }
  if (!o.json.empty()) {
    std::string t = "{\n  \"metric\": \"niqe\",\n  \"protocol\": " + json_string(protocol) +
                    ",\n  \"boundary\": " + json_string(to_string(o.boundary)) + ",\n  \"model\": " +
                    (o.model_mean.empty() ? std::string("\"pristine\"") : json_string(o.model_mean)) +
                    ",\n  \"images\": [";
    for (std::size_t i = 0; i < rows.size(); ++i)
      t += std::string(i ? "," : "") + "\n    {\"image\": " + json_string(rows[i].name) +
           ", \"file\": " + json_string(rows[i].file) + ", \"niqe\": " + json_number(rows[i].score.niqe) +
           "}";
    t += "\n  ],\n  \"mean\": " + json_number(mean) + "\n}\n";
    write_file_atomically(o.json, t.data(), t.size());
  }
}

// NIQE of each image alone, with the release's pristine model or the one given.
class NiqeMetric final : public ScoreMetric {
 public:
  explicit NiqeMetric(const NiqeOptions& o) : o_(o) {}
  // A model that cannot be read (missing, a FIFO, a device, over its size limit, malformed) is a bad
  // value of --model-mean or --model-cov, refused before anything is scored.
  void prepare() override {
    try {
      model_ = o_.model_mean.empty() ? niqe_pristine_model() : read_niqe_model(o_.model_mean, o_.model_cov);
    } catch (const std::invalid_argument& e) {
      throw ScoreUsageError(e.what());
    }
  }
  void score(const ScorePair& pair) override {
    io::LoadOptions lo;
    lo.capture_decoder_messages = true;
    const Image img = io::load(pair.hr.string(), lo);
    rows_.push_back({pair.hr.stem().string(), pair.hr.filename().string(),
                     niqe_score(img, o_.protocol, &model_, o_.boundary)});
  }
  bool has_rows() const override { return !rows_.empty(); }
  void print_table() const override {
    std::size_t width = 5;
    for (const Row& r : rows_) width = std::max(width, r.name.size());
    std::printf("%-*s  %10s\n", static_cast<int>(width), "image", "NIQE");
    for (const Row& r : rows_)
      std::printf("%-*s  %10.4f\n", static_cast<int>(width), r.name.c_str(), r.score.niqe);
    std::printf("%-*s  %10.4f\n", static_cast<int>(width), "mean", mean());
    for (const Row& r : rows_)
      if (r.score.flat_pixels)
        std::printf(
            "imresize score: %s: %zu pixels in flat 7x7 windows, where MATLAB's NIQE depends on the last "
            "bits "
            "of its filter (docs/METRICS.md)\n",
            r.file.c_str(), r.score.flat_pixels);
  }
  void write_outputs() const override { rl::app::write_outputs(o_, rows_, mean()); }

 private:
  double mean() const {
    double sum = 0.0;
    for (const Row& r : rows_) sum += r.score.niqe;
    return sum / static_cast<double>(rows_.size());
  }

  const NiqeOptions& o_;
  NiqeModel model_;
  std::vector<Row> rows_;
};

}  // namespace

std::string score_niqe_usage_text() {
  std::string t =
      R"(Usage: imresize score --metric niqe DIR [--protocol release|pirm] [--boundary modern|legacy]
                      [--model-mean MEAN.npy --model-cov COV.npy] [--csv FILE] [--json FILE]

NIQE (Mittal, Soundararajan and Bovik 2013) of every image file directly in DIR, no reference: one
line per image (4 decimals) and the mean; CSV and JSON hold every digit.

Options:
  --protocol P        which image the release's computequality.m is given (default release):
)";
  for (const NiqeProtocolInfo& p : niqe_protocols()) {
    t += "                        " + std::string(p.name) + ": " + p.source + "\n";
    for (const std::string& s : p.steps) t += "                          - " + s + "\n";
  }
  t += R"(  --boundary B        imresize(im, 0.5)'s boundary: modern (default, MATLAB R2015b and later) or
                      legacy (older MATLAB)
  --model-mean, --model-cov
                      a model of your own in place of the release's pristine one: 36 means and a
                      36x36 symmetric covariance, float32 or float64 .npy files (regular files
                      of at most 1 MiB; anything else is refused, exit 2)
  --csv FILE, --json FILE
                      every image's NIQE and the mean, full precision (atomic write)

Images: grey or RGB. release scores 8- and 16-bit files as MATLAB's imread gives them (a 16-bit
image on its 0..65535 values, as computequality.m would); pirm takes 8-bit files only. Images smaller
than two 96x96 blocks (after the pirm shave) are refused, as are images whose blocks are so flat that
fewer than two have every feature finite: MATLAB's result there is not a NIQE. Where 7x7 windows are
flat, MATLAB's score depends on its filter's rounding noise: such images get one line saying so.

)";
  return t + kExitStatusHelp;
}

int score_niqe_main(const std::vector<std::string>& args) {
  return score_command([&] {
    const auto o = parse(args);
    if (!o) {
      std::fputs(score_niqe_usage_text().c_str(), stdout);
      return kExitOk;
    }
    NiqeMetric metric(*o);
    return run_score_metric(metric, {std::string(), o->dir, 0, o->csv, o->json});
  });
}

}  // namespace rl::app
