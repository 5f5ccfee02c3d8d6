// Job collection and stale temporary files of `imresize batch` (see batch_jobs.hpp).
#include "batch_jobs.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "batch_record.hpp"
#include "rl/atomic_file.hpp"
#include "rl/fnv1a.hpp"
#include "rl/image_io.hpp"
#include "rl/regular_file.hpp"

namespace rl::app {

namespace fs = std::filesystem;

namespace {

// "X4" for scale 4 (appended rather than "X" + ..., which GCC 12 misreports under -Wrestrict).
std::string scale_folder(int scale) {
  std::string name(1, 'X');
  name += std::to_string(scale);
  return name;
}

bool exists_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Output folders inside the source folder must not be read back as input: DST itself, or when DST
// is SRC (or above it), DST's X{digits} and HR folders, whatever scales earlier runs used.
class OutputFolders {
 public:
  OutputFolders(const fs::path& src, const fs::path& dst) {
    std::error_code ec;
    dst_ = fs::weakly_canonical(dst, ec);
    src_ = fs::weakly_canonical(src, ec);
  }
  bool contains(const fs::path& dir) const {
    std::error_code ec;
    const fs::path c = fs::weakly_canonical(dir, ec);
    if (ec || dst_.empty()) return false;
    if (c == dst_) return c != src_;
    if (c.parent_path() != dst_) return false;
    const std::string n = c.filename().string();
    return n == "HR" ||
           (n.size() > 1 && n[0] == 'X' &&
            std::all_of(n.begin() + 1, n.end(), [](unsigned char ch) { return std::isdigit(ch); }));
  }

 private:
  fs::path dst_, src_;
};

// One input as listed: its path relative to SRC_DIR ('/'-separated) and full path, or, for a bad
// line of a --list file, the line as written and why it was refused.
struct Source {
  std::string rel;
  fs::path full;
  std::string error;
  bool listed = false;  // from --list: not yet known to exist
};

bool by_rel(const Source& a, const Source& b) { return a.rel < b.rel; }

// Every input file under SRC_DIR, sorted by relative path.
std::vector<Source> walk_sources(const BatchOptions& o) {
  const fs::path src(o.src);
  const OutputFolders outputs(src, fs::path(o.dst));
  std::vector<Source> files;
  std::error_code ec;
  fs::recursive_directory_iterator it(src, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) throw UsageError("cannot list '" + o.src + "': " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw UsageError("cannot list '" + o.src + "': " + ec.message());
    const fs::directory_entry& e = *it;
    std::error_code e2;
    if (e.is_directory(e2)) {
      if (outputs.contains(e.path())) it.disable_recursion_pending();
      continue;
    }
    const std::string name = e.path().filename().string();
    if (temp_file_owner(name) || !e.is_regular_file(e2) || !io::is_supported_extension(name)) continue;
    // Lexical, not fs::relative: a symbolic link keeps its own name (and shard), not its target's.
    files.push_back({e.path().lexically_relative(src).generic_string(), e.path(), {}, false});
  }
  std::sort(files.begin(), files.end(), by_rel);
  return files;
}

// Why a --list line cannot name an input, or "" when it can; `rel` gets its normal form.
std::string check_list_entry(const std::string& line, std::string& rel) {
  const fs::path p(line);
  if (p.is_absolute()) return "an absolute path (list paths relative to SRC_DIR)";
  for (const fs::path& part : p)
    if (part == "..") return "'..' would leave SRC_DIR (list paths relative to SRC_DIR)";
  const fs::path n = p.lexically_normal();
  const std::string name = n.filename().string();
  if (name.empty() || name == ".") return "not a file name";
  if (temp_file_owner(name)) return "a temporary file of an earlier run";
  if (!io::is_supported_extension(name)) return "not an image file (" + io::supported_extensions_text() + ")";
  rel = n.generic_string();
  return {};
}

// The lines of a --list file: blank ones and those starting with '#' skipped, a trailing CR dropped,
// each path normalised ("./a//b.png" is "a/b.png"), repeats dropped, sorted as a walk would be;
// refused lines come last, in file order, with their reason.
std::vector<Source> listed_sources(const BatchOptions& o) {
  const bool from_stdin = *o.list == "-";
  const std::string shown = from_stdin ? std::string("standard input") : *o.list;
  std::string text;
  if (!from_stdin) {
    std::error_code ec;
    if (fs::is_directory(*o.list, ec)) throw UsageError("--list '" + *o.list + "' is a folder, not a file");
  }
  try {
    text = from_stdin ? read_stream(STDIN_FILENO, shown, kMaxListBytes, "image lists")
                      : read_regular_file(*o.list, kMaxListBytes, "image lists");
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("--list ") + e.what());
  }
  std::istringstream in(text);
  const fs::path src(o.src);
  std::vector<Source> good, bad;
  std::set<std::string> seen;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#' ||
        std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c) != 0; }))
      continue;
    std::string rel;
    const std::string why = check_list_entry(line, rel);
    if (!why.empty())
      bad.push_back({line, {}, "line " + std::to_string(number) + " of " + shown + ": " + why, true});
    else if (seen.insert(rel).second)
      good.push_back({rel, src / fs::path(rel), {}, true});
  }
  std::sort(good.begin(), good.end(), by_rel);
  good.insert(good.end(), std::make_move_iterator(bad.begin()), std::make_move_iterator(bad.end()));
  return good;
}

}  // namespace

std::uint64_t shard_of(std::string_view rel, std::uint64_t count) { return fnv1a64(rel) % count; }

bool Job::needs_work() const {
  return std::any_of(outputs.begin(), outputs.end(),
                     [](const JobOutput& o) { return o.need_lr || o.need_hr; });
}

CollectedJobs collect_jobs(const BatchOptions& o) {
  const fs::path dst(o.dst);
  std::vector<Source> sources = o.list ? listed_sources(o) : walk_sources(o);
  CollectedJobs out;
  out.listed = sources.size();
  std::map<std::string, std::string> owner;  // output key (folder/stem) -> the source that claimed it
  for (Source& source : sources) {
    // Name clashes are decided over every listed source, before sharding, so that each shard
    // refuses exactly the ones the whole run would.
    std::string error = std::move(source.error);
    const fs::path relp(source.rel);
    const fs::path sub = relp.parent_path();
    const std::string stem = relp.stem().string();
    if (error.empty())
      if (auto [pos, fresh] = owner.emplace((sub / stem).generic_string(), source.rel); !fresh)
        error =
            "its outputs would have the same names as those of '" + pos->second + "' (rename one of them)";
    if (o.shard && shard_of(source.rel, o.shard->count) != o.shard->index) continue;
    Job j;
    j.src = source.full;
    j.rel = source.rel;
    j.error = std::move(error);
    if (j.error.empty() && source.listed) {  // only this shard's files are looked at
      std::error_code ec;
      const fs::file_status st = fs::status(j.src, ec);
      if (!fs::exists(st))
        j.error = "listed, but there is no such file in '" + o.src + "'";
      else if (!fs::is_regular_file(st))
        j.error = "listed, but it is not a file";
    }
    if (!j.error.empty()) {
      out.jobs.push_back(std::move(j));
      continue;
    }
    for (int s : o.scales) {
      JobOutput jo;
      jo.scale = s;
      const std::string xs = scale_folder(s);
      jo.lr = dst / xs / sub / (stem + "x" + std::to_string(s) + ".png");
      jo.need_lr = o.overwrite || !exists_file(jo.lr);
      if (o.save_hr) {
        jo.hr = dst / "HR" / xs / sub / (stem + ".png");
        jo.need_hr = o.overwrite || !exists_file(jo.hr);
      }
      j.outputs.push_back(std::move(jo));
    }
    out.jobs.push_back(std::move(j));
  }
  return out;
}

void remove_stale_temps(const BatchOptions& o) {
  const fs::path dst(o.dst);
  std::vector<fs::path> roots;
  for (int s : o.scales) {
    roots.push_back(dst / scale_folder(s));
    roots.push_back(dst / "HR" / scale_folder(s));
  }
  const auto now = fs::file_time_type::clock::now();
  const auto remove_if_stale = [&](const fs::path& p) {
    bool stale = false;
    switch (temp_file_maker(p.filename().string())) {
      case TempFileMaker::ThisProcess:  // called once the workers are done, or before they start
      case TempFileMaker::Gone: stale = true; break;
      case TempFileMaker::Elsewhere: {
        // A task on another machine or in another container: its pid says nothing here. A temporary
        // lives only while one encoded file is written, so one untouched for long is abandoned.
        std::error_code e2;
        const auto written = fs::last_write_time(p, e2);
        stale = !e2 && now - written > kAbandonedTempAge;
        break;
      }
      case TempFileMaker::Running:
      case TempFileMaker::NotTemporary: break;
    }
    if (stale) {
      std::error_code rm;
      fs::remove(p, rm);
    }
  };
  for (const fs::path& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) remove_if_stale(it->path());
  }
  // The settings record's own temporary, in DST_DIR itself (batch_record.hpp).
  std::error_code ec;
  for (fs::directory_iterator it(dst, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename().string().find(kSettingsRecordName) != std::string::npos)
      remove_if_stale(it->path());
}

}  // namespace rl::app
