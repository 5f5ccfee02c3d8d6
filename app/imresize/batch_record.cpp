// The settings record of `imresize batch` (batch_record.hpp).
#include "batch_record.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "options.hpp"
#include "rl/atomic_file.hpp"
#include "rl/degrade.hpp"
#include "rl/kernels.hpp"
#include "rl/regular_file.hpp"
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

// How long a run waits for another to finish checking and writing the record (milliseconds for a
// real run) before it gives up: a process that holds that lock for longer is not a batch run.
constexpr std::chrono::seconds kCheckWait{60};

// Takes (F_WRLCK, F_RDLCK) or releases (F_UNLCK) byte `byte` of the lock file without waiting; 0 when
// done, else errno (EAGAIN or EACCES: another run holds it).
int lock_byte(int fd, short type, off_t byte) {
  struct flock fl {};
  fl.l_type = type;
  fl.l_whence = SEEK_SET;
  fl.l_start = byte;
  fl.l_len = 1;
  return ::fcntl(fd, F_OFD_SETLK, &fl) == 0 ? 0 : errno;
}

bool held_by_another(int error) { return error == EAGAIN || error == EACCES; }

void say_unlocked(const std::string& path, int error) {
  std::fprintf(stderr,
               "imresize batch: warning: cannot lock '%s' (%s); the settings record is checked, but runs "
               "started at the same moment with other settings are not stopped\n",
               path.c_str(), std::strerror(error));
  std::fflush(stderr);
}

// DST_DIR's lock file, opened (created when missing) with byte 0 taken: the right to check and write
// the record. An invalid FolderLock where the file system cannot lock (said once on stderr).
FolderLock lock_for_check(const BatchOptions& opt) {
  const std::string path = (fs::path(opt.dst) / kLockFileName).string();
  const int fd =
      ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) {
    if (errno == ELOOP)
      throw UsageError(path + ": is a symbolic link; batch lock files must be regular files");
    say_unlocked(path, errno);  // another user's file we may not write, a read-only mount
    return FolderLock();
  }
  FolderLock lock(fd);
  try {
    require_regular_file(fd, path, "batch lock files");
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  const auto deadline = std::chrono::steady_clock::now() + kCheckWait;
  for (;;) {
    const int e = lock_byte(fd, F_WRLCK, 0);
    if (e == 0) return lock;
    if (!held_by_another(e)) {
      say_unlocked(path, e);  // ENOLCK, EOPNOTSUPP: an NFS mount without a lock service, some FUSE
      return FolderLock();
    }
    if (std::chrono::steady_clock::now() > deadline)
      throw UsageError("'" + opt.dst + "': another process has held " + path + " for over " +
                       std::to_string(kCheckWait.count()) + " s; not started");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// The record's text, or nullopt when there is none; UsageError when it is not a regular file or over
// kMaxRecordBytes.
std::optional<std::string> read_record(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return std::nullopt;
  try {
    return read_regular_file(path.string(), kMaxRecordBytes, "batch settings records");
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // releases both locks
}

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

FolderLock check_and_record_settings(const BatchOptions& opt) {
  const fs::path path = fs::path(opt.dst) / kSettingsRecordName;
  FolderLock lock = lock_for_check(opt);
  // Byte 1 free: no other run writes into DST_DIR now (and none can start while byte 0 is ours).
  const bool others = lock.held() && held_by_another(lock_byte(lock.fd(), F_WRLCK, 1));
  const auto now = recorded_settings(opt);
  std::ostringstream text;
  text << kHeader;
  for (const auto& [k, v] : now) text << k << ' ' << v << '\n';
  const std::optional<std::string> old = read_record(path);
  std::map<std::string, std::string> before;
  if (old) {
    std::istringstream f(*old);
    for (std::string line; std::getline(f, line);) {
      if (line.empty() || line[0] == '#') continue;
      const std::size_t sp = line.find(' ');
      before[line.substr(0, sp)] = sp == std::string::npos ? "" : line.substr(sp + 1);
    }
  }
  std::string diff;
  for (const auto& [k, v] : now) {
    const auto it = before.find(k);
    // A key the record lacks took its default then (an older record, or a model without it).
    const std::string was = it == before.end() ? (k == "--modcrop" ? "no" : "default") : it->second;
    if (!old || was == v || (k == "--method" && now.front().second != "bi")) continue;
    if (!diff.empty()) diff += ", ";
    diff += k + " " + was + " (this run: " + v + ")";
  }
  // Neither --overwrite nor --mixed-settings may change the settings under a run that is using them.
  if (others && !diff.empty())
    throw UsageError("'" + opt.dst + "' is being written by another imresize batch with " + diff +
                     ": wait for it to finish, or write to another folder");
  if (!diff.empty() && !opt.overwrite && !opt.mixed_settings)
    throw UsageError("'" + opt.dst + "' holds outputs made with " + diff +
                     ": resuming would mix them; give the same settings, --overwrite to redo every output, "
                     "or --mixed-settings to keep the existing outputs anyway");
  const std::string t = text.str();
  if (!old || *old != t) write_file_atomically(path.string(), t.data(), t.size());
  if (lock.held()) {
    // Shared for the rest of the run (a conversion in place when byte 1 was ours alone), then the
    // next run may check.
    lock_byte(lock.fd(), F_RDLCK, 1);
    lock_byte(lock.fd(), F_UNLCK, 0);
  }
  return lock;
}

}  // namespace rl::app
