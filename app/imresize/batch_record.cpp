// The settings record of `imresize batch` (batch_record.hpp).
#include "batch_record.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "options.hpp"
#include "rl/atomic_file.hpp"
#include "rl/degrade.hpp"
#include "rl/kernels.hpp"
#include "rl/spec.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;

std::string number_text(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

const char kHeader[] =
    "# The settings imresize batch made the outputs in this folder with. A run that resumes here must\n"
    "# give the same ones; --overwrite redoes every output with new settings (docs/CLI.md).\n";

}  // namespace

std::vector<std::pair<std::string, std::string>> recorded_settings(const BatchOptions& opt) {
  const DegradeArgs& d = opt.degradation;
  const Degradation model = d.model.value_or(Degradation::Bi);
  std::vector<std::pair<std::string, std::string>> out{
      {"--degradation", degradation_info(model).name},
      {"--method", to_string(opt.method)},
      {"--boundary", to_string(opt.boundary)},
      {"--modcrop", opt.modcrop ? "yes" : "no"},
  };
  if (model != Degradation::Bi) {
    out.emplace_back("--sigma", d.sigma ? number_text(*d.sigma) : "default");
    out.emplace_back("--noise", d.noise ? number_text(*d.noise) : "default");
    out.emplace_back("--seed", d.seed ? std::to_string(*d.seed) : "default");
  }
  return out;
}

void check_and_record_settings(const BatchOptions& opt) {
  const fs::path path = fs::path(opt.dst) / kSettingsRecordName;
  const auto now = recorded_settings(opt);
  std::ostringstream text;
  text << kHeader;
  for (const auto& [k, v] : now) text << k << ' ' << v << '\n';
  std::map<std::string, std::string> before;
  bool have_record = false;
  {
    std::ifstream f(path);
    std::string line;
    have_record = static_cast<bool>(f);
    while (std::getline(f, line)) {
      if (line.empty() || line[0] == '#') continue;
      const std::size_t sp = line.find(' ');
      before[line.substr(0, sp)] = sp == std::string::npos ? "" : line.substr(sp + 1);
    }
  }
  if (have_record && !opt.overwrite && !opt.mixed_settings) {
    std::string diff;
    for (const auto& [k, v] : now) {
      const auto it = before.find(k);
      // A key the record lacks took its default then (an older record, or a model without it).
      const std::string was = it == before.end() ? (k == "--modcrop" ? "no" : "default") : it->second;
      if (was == v || (k == "--method" && now.front().second != "bi")) continue;
      if (!diff.empty()) diff += ", ";
      diff += k + " " + was + " (this run: " + v + ")";
    }
    if (!diff.empty())
      throw UsageError("'" + opt.dst + "' holds outputs made with " + diff +
                       ": resuming would mix them; give the same settings, --overwrite to redo every output, "
                       "or --mixed-settings to keep the existing outputs anyway");
  }
  const std::string t = text.str();
  if (have_record) {
    std::ifstream f(path, std::ios::binary);
    const std::string old((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (old == t) return;
  }
  write_file_atomically(path.string(), t.data(), t.size());
}

}  // namespace rl::app
