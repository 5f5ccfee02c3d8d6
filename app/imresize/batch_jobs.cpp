// Job collection and stale temporary files of `imresize batch` (see batch_jobs.hpp).
#include "batch_jobs.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <map>

#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"

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

// (relative generic path, full path) of every input file, sorted.
std::vector<std::pair<std::string, fs::path>> list_sources(const BatchOptions& o) {
  const fs::path src(o.src);
  const OutputFolders outputs(src, fs::path(o.dst));
  std::vector<std::pair<std::string, fs::path>> files;
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
    files.emplace_back(fs::relative(e.path(), src, e2).generic_string(), e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

bool Job::needs_work() const {
  return std::any_of(outputs.begin(), outputs.end(),
                     [](const JobOutput& o) { return o.need_lr || o.need_hr; });
}

std::vector<Job> collect_jobs(const BatchOptions& o) {
  const fs::path dst(o.dst);
  std::vector<Job> jobs;
  std::map<std::string, std::string> owner;  // output key (folder/stem) -> the source that claimed it
  for (auto& [rel, full] : list_sources(o)) {
    Job j;
    j.src = full;
    j.rel = rel;
    const fs::path relp(rel);
    const fs::path sub = relp.parent_path();
    const std::string stem = relp.stem().string();
    if (auto [pos, fresh] = owner.emplace((sub / stem).generic_string(), rel); !fresh) {
      j.error =
          "its outputs would have the same names as those of '" + pos->second + "' (rename one of them)";
      jobs.push_back(std::move(j));
      continue;
    }
    for (int s : o.scales) {
      JobOutput out;
      out.scale = s;
      const std::string xs = scale_folder(s);
      out.lr = dst / xs / sub / (stem + "x" + std::to_string(s) + ".png");
      out.need_lr = o.overwrite || !exists_file(out.lr);
      if (o.save_hr) {
        out.hr = dst / "HR" / xs / sub / (stem + ".png");
        out.need_hr = o.overwrite || !exists_file(out.hr);
      }
      j.outputs.push_back(std::move(out));
    }
    jobs.push_back(std::move(j));
  }
  return jobs;
}

void remove_stale_temps(const BatchOptions& o) {
  const fs::path dst(o.dst);
  const long self = static_cast<long>(::getpid());
  std::vector<fs::path> roots;
  for (int s : o.scales) {
    roots.push_back(dst / scale_folder(s));
    roots.push_back(dst / "HR" / scale_folder(s));
  }
  for (const fs::path& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      const std::optional<long> pid = temp_file_owner(it->path().filename().string());
      if (!pid) continue;
      const bool dead = *pid != self && ::kill(static_cast<pid_t>(*pid), 0) != 0 && errno == ESRCH;
      if (*pid == self || dead) {
        std::error_code rm;
        fs::remove(it->path(), rm);
      }
    }
  }
}

}  // namespace rl::app
