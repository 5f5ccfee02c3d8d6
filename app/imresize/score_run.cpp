// The walk over the folders, the pairing and the reporting that every `imresize score` metric shares.
#include "score_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "exit_codes.hpp"
#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"

namespace rl::app {

namespace fs = std::filesystem;

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

// The image files of `dir`; none is a usage error.
std::vector<fs::path> images_required(const std::string& dir) {
  std::vector<fs::path> files = score_images_in(dir);
  if (files.empty())
    throw ScoreUsageError("no images in " + dir + " (" + io::supported_extensions_text() + ")");
  return files;
}

// (SR file, HR file) pairs in HR order; each file left unpaired is one line on stderr, counted in
// `skipped`.
std::vector<ScorePair> pairs_of(const ScoreFolders& f, int& skipped) {
  const std::vector<fs::path> hr_files = images_required(f.hr_dir);
  std::vector<ScorePair> pairs;
  if (f.sr_dir.empty()) {
    for (const fs::path& h : hr_files) pairs.push_back({fs::path(), h});
    return pairs;
  }
  const std::vector<fs::path> sr_files = images_required(f.sr_dir);
  std::vector<std::string> stems;
  for (const fs::path& h : hr_files) stems.push_back(h.stem().string());
  std::vector<std::vector<fs::path>> matched(hr_files.size());
  for (const fs::path& s : sr_files) {
    const auto k = pair_sr_name(s.stem().string(), stems, f.scale);
    if (!k) {
      std::fprintf(stderr, "imresize score: skipped %s: no HR image in %s pairs with its name\n",
                   s.filename().string().c_str(), f.hr_dir.c_str());
      ++skipped;
    } else {
      matched[*k].push_back(s);
    }
  }
  for (std::size_t k = 0; k < hr_files.size(); ++k) {
    if (matched[k].size() == 1) {
      pairs.push_back({matched[k][0], hr_files[k]});
    } else {
      std::fprintf(stderr, "imresize score: skipped %s: %s SR image pairs with it\n",
                   hr_files[k].filename().string().c_str(), matched[k].empty() ? "no" : "more than one");
      ++skipped;
    }
  }
  if (pairs.empty())
    throw ScoreUsageError("no SR image in " + f.sr_dir + " pairs with an HR image in " + f.hr_dir);
  return pairs;
}

}  // namespace

std::optional<std::vector<std::string>> walk_score_args(const std::vector<std::string>& args,
                                                        ScoreFolders& folders, const ScoreOptionTaker& take,
                                                        const std::string& unknown_tail) {
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const std::function<const std::string&()> value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw ScoreUsageError(a + " needs a value");
      return args[++i];
    };
    if (a == "-h" || a == "--help") return std::nullopt;
    if (take(a, i, value)) continue;
    if (a == "--csv") {
      folders.csv = value();
    } else if (a == "--json") {
      folders.json = value();
    } else if (!a.empty() && a[0] == '-') {
      throw ScoreUsageError("unknown option " + a + unknown_tail);
    } else {
      positional.push_back(a);
    }
  }
  return positional;
}

int run_score_metric(ScoreMetric& metric, const ScoreFolders& folders) {
  if (!folders.csv.empty()) check_output_writable(folders.csv);
  if (!folders.json.empty()) check_output_writable(folders.json);
  metric.prepare();
  int failed = 0;
  const std::vector<ScorePair> pairs = pairs_of(folders, failed);
  const bool progress = pairs.size() >= 20 && isatty(STDERR_FILENO);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const ScorePair& p = pairs[i];
    const std::string hr_file = p.hr.filename().string();
    if (progress)
      std::fprintf(stderr, "\rimresize score: %zu/%zu %s\033[K", i + 1, pairs.size(), hr_file.c_str());
    try {
      metric.score(p);
    } catch (const std::exception& e) {
      if (progress) std::fprintf(stderr, "\r\033[K");
      std::fprintf(stderr, "imresize score: failed %s: %s\n",
                   (p.sr.empty() ? hr_file : p.sr.filename().string() + " vs " + hr_file).c_str(), e.what());
      ++failed;
    }
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (!metric.has_rows()) {
    std::fprintf(stderr, "imresize score: no image could be scored\n");
    return kExitFailure;
  }
  metric.print_table();
  if (failed) {
    if (!folders.csv.empty() || !folders.json.empty())
      std::fprintf(stderr,
                   "imresize score: %d image(s) not scored: no CSV/JSON written (existing files untouched)\n",
                   failed);
    return kExitFailure;
  }
  metric.write_outputs();
  return kExitOk;
}

int score_command(const std::function<int()>& command) {
  try {
    return command();
  } catch (const ScoreUsageError& e) {
    std::fprintf(stderr, "imresize score: %s\n", e.what());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "imresize score: %s\n", e.what());
    return kExitFailure;
  }
}

}  // namespace rl::app
