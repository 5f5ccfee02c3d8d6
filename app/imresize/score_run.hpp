// What every metric of `imresize score` shares: the walk over the folders, the pairing of SR and HR
// files, scoring file by file with one line per failure, the refusal to write CSV/JSON unless every
// image scored, the numbers as CSV and JSON spell them, and the exit codes. A metric (PSNR/SSIM under
// the SR protocols, NIQE) only scores one pair, prints its table and writes its files.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rl::app {

// A bad command line or folder: one line on stderr, exit 2.
struct ScoreUsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The pairing rule: an SR file pairs with the HR file whose name without extension is the longest
// prefix of its own name without extension such that the rest is empty, or is `x` or `X` followed
// by the scale, or starts with `_`, `-` or `.` (0001.png <- 0001.png, 0001x4.png; baby.bmp <-
// baby_SRx4.png, baby-edsr.png). Returns the index into hr_stems, or nullopt.
std::optional<std::size_t> pair_sr_name(const std::string& sr_stem, const std::vector<std::string>& hr_stems,
                                        int scale);

// Image files directly in `dir` (not its subfolders), sorted by name; throws with one line.
std::vector<std::filesystem::path> score_images_in(const std::string& dir);

// Every digit (%.17g); inf and nan quoted in JSON, bare in CSV (as Python's float() reads them).
std::string json_number(double v);
std::string csv_number(double v);
std::string json_string(const std::string& s);

// One image to score: `hr` (the reference, or the image itself for a metric with no reference, then
// `sr` is empty) and the SR image paired with it.
struct ScorePair {
  std::filesystem::path sr, hr;
};

// The folders a metric scores: sr_dir empty for one folder of images scored alone.
struct ScoreFolders {
  std::string sr_dir, hr_dir;
  int scale = 0;          // the pairing rule's scale
  std::string csv, json;  // empty: not asked for
};

class ScoreMetric {
 public:
  virtual ~ScoreMetric() = default;
  // Called once the CSV/JSON targets are known writable, before the folders are read.
  virtual void prepare() {}
  // Scores one pair and keeps its row, or throws: that image is not scored.
  virtual void score(const ScorePair& pair) = 0;
  virtual bool has_rows() const = 0;
  virtual void print_table() const = 0;    // on stdout, with at least one row kept
  virtual void write_outputs() const = 0;  // CSV/JSON, atomically, only when every image scored
};

// The command-line walk every metric's parser shares. `take(a, i, value)` takes the option a = args[i]
// (value() takes the next argument, refusing a missing one; i may be moved past what it read) and
// says whether it knew it; --csv and --json go to `folders`; any other option is refused as
// "unknown option A" + unknown_tail. Returns the other arguments in order, or nullopt for -h/--help.
using ScoreOptionTaker = std::function<bool(const std::string& a, std::size_t& i,
                                            const std::function<const std::string&()>& value)>;
std::optional<std::vector<std::string>> walk_score_args(const std::vector<std::string>& args,
                                                        ScoreFolders& folders, const ScoreOptionTaker& take,
                                                        const std::string& unknown_tail);

// Pairs the folders, scores every pair (a progress line on a terminal for 20 or more), prints the
// table and writes the files: exit 0, or 1 when any image was not scored (files untouched).
int run_score_metric(ScoreMetric& metric, const ScoreFolders& folders);

// Runs one `imresize score` command: its errors as one line, ScoreUsageError exit 2, others exit 1.
int score_command(const std::function<int()>& command);

}  // namespace rl::app
