// Temporary-file-and-rename output, so a failure never leaves a partial file (rules: atomic_file.hpp).
#include "rl/atomic_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

#include "rl/fnv1a.hpp"

namespace rl {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kTag = ".rl-tmp-";
constexpr std::size_t kSpaceDigits = 16;
constexpr std::size_t kNameMax = NAME_MAX;  // bytes in one file name (255 on Linux)

// 16 hex digits from the system's random source: a temporary name nobody can guess (as mkstemp's).
std::string random_hex() {
  std::uint64_t v = 0;
  if (::getrandom(&v, sizeof v, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof v)) {
    std::random_device rd;
    v = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  std::string s(16, '0');
  for (std::size_t i = 16; i-- > 0; v >>= 4) s[i] = "0123456789abcdef"[v & 15];
  return s;
}

std::string compute_process_space_tag() {
  // The boot id changes with every boot of every machine; the pid namespace's inode tells the
  // containers of one kernel apart. Where /proc is missing, the host name is the best there is.
  std::string id;
  std::getline(std::ifstream("/proc/sys/kernel/random/boot_id"), id);
  std::error_code ec;
  const fs::path ns = fs::read_symlink("/proc/self/ns/pid", ec);
  if (id.empty() || ec) {
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    id = std::string("host:") + host;
  } else {
    id += '|';
    id += ns.string();
  }
  std::uint64_t h = fnv1a64(id);
  std::string tag(kSpaceDigits, '0');
  for (std::size_t i = kSpaceDigits; i-- > 0; h >>= 4) tag[i] = "0123456789abcdef"[h & 15];
  return tag;
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

}  // namespace

const std::string& process_space_tag() {
  static const std::string tag = compute_process_space_tag();
  return tag;
}

std::string temp_path_for(const std::string& path) {
  const fs::path p(path);
  const std::string ext = p.extension().string();
  std::string tail(kTag);
  tail.append(std::to_string(::getpid())).append(1, '-').append(random_hex());
  tail.append(1, '-').append(process_space_tag()).append(ext);
  // The stem is cut (at a UTF-8 character's start) so that the name stays within NAME_MAX; the
  // extension and the tag, which later runs read, are kept whole.
  std::string stem = p.stem().string();
  const std::size_t room = kNameMax > tail.size() + 1 ? kNameMax - tail.size() - 1 : 0;
  if (stem.size() > room) {
    std::size_t cut = room;
    while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;
    stem.resize(cut);
  }
  return (p.parent_path() / ("." + stem + tail)).string();
}

TempFileMaker temp_file_maker(std::string_view name) {
  const std::optional<long> pid = temp_file_owner(name);
  if (!pid) return TempFileMaker::NotTemporary;
  // After "PID-": RANDOM (a decimal counter in older names), then "-SPACE" unless the name predates the space
  // tag.
  std::size_t k = name.find(kTag) + kTag.size();
  while (name[k] != '-') ++k;
  ++k;
  while (k < name.size() && is_hex(name[k])) ++k;  // the counter of older names, or RANDOM
  if (k + 1 + kSpaceDigits <= name.size() && name[k] == '-') {
    const std::string_view space = name.substr(k + 1, kSpaceDigits);
    const bool tagged = std::all_of(space.begin(), space.end(), is_hex) &&
                        (k + 1 + kSpaceDigits == name.size() || name[k + 1 + kSpaceDigits] == '.');
    if (tagged && space != process_space_tag()) return TempFileMaker::Elsewhere;
  }
  if (*pid == static_cast<long>(::getpid())) return TempFileMaker::ThisProcess;
  if (::kill(static_cast<pid_t>(*pid), 0) != 0 && errno == ESRCH) return TempFileMaker::Gone;
  return TempFileMaker::Running;
}

std::optional<long> temp_file_owner(std::string_view name) {
  const std::size_t tag = name.find(kTag);
  if (name.empty() || name[0] != '.' || tag == std::string_view::npos) return std::nullopt;
  long pid = 0;
  std::size_t k = tag + kTag.size();
  const std::size_t digits = k;
  while (k < name.size() && name[k] >= '0' && name[k] <= '9' && pid < 100000000L)
    pid = pid * 10 + (name[k++] - '0');
  if (k == digits || k >= name.size() || name[k] != '-' || pid <= 0) return std::nullopt;
  return pid;
}

namespace {

std::string errno_text(int e) { return std::strerror(e); }

// Why the caller may not replace `path`, or empty when it may (see the rules in atomic_file.hpp).
std::string replace_refusal(const std::string& path, const fs::path& dir, const struct stat& st) {
  if (S_ISLNK(st.st_mode))
    return "output '" + path +
           "' is a symbolic link: outputs are never written through or over a link (give the file it "
           "points to, or remove the link)";
  if (S_ISDIR(st.st_mode)) return "output '" + path + "' is a folder";
  if (!S_ISREG(st.st_mode)) return "output '" + path + "' exists and is not a regular file";
  if (::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0)
    return "output '" + path + "' exists and is not writable by you (" + errno_text(errno) +
           "); it is left as it is";
  struct stat ds {};
  const uid_t me = ::geteuid();
  if (me != 0 && ::stat(dir.c_str(), &ds) == 0 && (ds.st_mode & S_ISVTX) && st.st_uid != me &&
      ds.st_uid != me)
    return "output '" + path +
           "' belongs to another user in a folder with the sticky bit: it cannot be replaced";
  return {};
}

// The live temporaries. A writer claims a slot (kClaimed) before it creates the file, with the
// termination signals blocked in its thread; once the file exists and its path is in the slot, the
// slot is kLive until the writer takes it back (kFree) or a signal handler takes it (kTaken) to remove
// the file. A handler (in another thread: the writer's blocks the signals) waits for claimed slots to
// settle, so a file being created is never missed and a name that was not ours is never removed.
constexpr int kSlots = 256;
constexpr int kFree = 0, kClaimed = 1, kLive = 2, kTaken = 3;
struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};
Slot g_slots[kSlots];
static_assert(std::atomic<int>::is_always_lock_free, "the registry must be usable from a signal handler");

// A slot for a temporary about to be created, or -1 when all are taken (more than kSlots outputs at
// once: that one is not removed by a signal, as none is by kill -9).
int claim_slot() {
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (g_slots[i].state.compare_exchange_strong(expected, kClaimed)) return i;
  }
  return -1;
}

// The claimed slot now names a file that exists (kLive): the slot is returned. Or it is given back
// (none was created, or its path is too long to keep): -1.
int settle_slot(int slot, const std::string* created) {
  if (slot < 0) return -1;
  if (created && created->size() < PATH_MAX) {
    std::memcpy(g_slots[slot].path, created->c_str(), created->size() + 1);
    g_slots[slot].state.store(kLive);
    return slot;
  }
  g_slots[slot].state.store(kFree);
  return -1;
}

void unregister_temporary(int slot) {
  if (slot < 0) return;
  int expected = kLive;
  // kTaken: a handler removes it and ends the process.
  g_slots[slot].state.compare_exchange_strong(expected, kFree);
}

extern "C" void remove_temporaries_and_end(int sig) {
  remove_live_temporaries();
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);  // delivered when the handler returns: blocked until then
}

// Holds SIGINT, SIGTERM and SIGHUP back in this thread for its lifetime (they are delivered after).
class BlockTerminationSignals {
 public:
  BlockTerminationSignals() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, sig);
    ::pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~BlockTerminationSignals() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  BlockTerminationSignals(const BlockTerminationSignals&) = delete;
  BlockTerminationSignals& operator=(const BlockTerminationSignals&) = delete;

 private:
  sigset_t old_;
};

void fsync_folder(const fs::path& dir, const std::string& dest) {
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return;  // a folder we may write but not read: the rename is done, only its durability is not
  const int rc = ::fsync(dfd);
  const int e = errno;
  ::close(dfd);
  // Some file systems cannot sync a folder (EINVAL); the rename is then as durable as they make it.
  if (rc != 0 && e != EINVAL && e != EROFS && e != ENOTSUP)
    throw std::runtime_error("'" + dest +
                             "' was written but its folder could not be synced: " + errno_text(e));
}

}  // namespace

void remove_live_temporaries() noexcept {
  for (Slot& s : g_slots) {
    // A writer between claiming and settling runs in another thread: wait for it (a few system calls;
    // bounded, in case it cannot run).
    for (int wait = 0; wait < 2000 && s.state.load() == kClaimed; ++wait) {
      timespec t{0, 100000};  // 0.1 ms
      ::nanosleep(&t, nullptr);
    }
    int expected = kLive;
    if (s.state.compare_exchange_strong(expected, kTaken)) ::unlink(s.path);
  }
}

void remove_temporaries_on_termination_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL || (old.sa_flags & SA_SIGINFO))
      continue;  // ignored (nohup) or handled by the program: left as it is
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries_and_end;
    sigemptyset(&sa.sa_mask);  // the other two wait while one is handled
    for (int other : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&sa.sa_mask, other);
    ::sigaction(sig, &sa, nullptr);
  }
}

namespace {

// check_output_writable's checks; true when `path` exists, with its one lstat in `st` (the struct the
// checks passed, so that a writer keeps the mode and owner of the very file it was allowed to replace).
bool check_output(const std::string& path, struct stat& st) {
  const fs::path p(path);
  fs::path dir = p.parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw std::runtime_error("output folder '" + dir.string() + "' does not exist");
  const bool exists = ::lstat(path.c_str(), &st) == 0;
  if (exists) {
    if (const std::string why = replace_refusal(path, dir, st); !why.empty()) throw std::runtime_error(why);
  }
  // The effective ids, as for the file itself (replace_refusal): those the rename is done with.
  if (::faccessat(AT_FDCWD, dir.c_str(), W_OK, AT_EACCESS) != 0)
    throw std::runtime_error("output folder '" + dir.string() + "' is not writable");
  return exists;
}

}  // namespace

void check_output_writable(const std::string& path) {
  struct stat st {};
  check_output(path, st);
}

AtomicOutput::AtomicOutput(std::string destination) : dest_(std::move(destination)) {
  struct stat st {};
  if (check_output(dest_, st)) {
    replaces_ = true;
    old_mode_ = st.st_mode & 0777;
    old_uid_ = st.st_uid;
    old_gid_ = st.st_gid;
  }
  // Exclusive creation under a fresh random name: a name another user made first (a file or a link to
  // anywhere) is never opened; a replaced file's contents are private (0600) until commit() sets its mode.
  // The termination signals wait in this thread until the file is in the registry (see the registry).
  int e = 0;
  {
    const BlockTerminationSignals blocked;
    slot_ = claim_slot();
    for (int attempt = 0; attempt < 100; ++attempt) {
      temp_ = temp_path_for(dest_);
      fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                   replaces_ ? 0600 : 0666);
      e = errno;
      if (fd_ >= 0 || e != EEXIST) break;
    }
    slot_ = settle_slot(slot_, fd_ >= 0 ? &temp_ : nullptr);
  }
  if (fd_ < 0) throw std::runtime_error("cannot write '" + dest_ + "': " + errno_text(e));
}

AtomicOutput::~AtomicOutput() {
  if (!committed_) discard();
}

void AtomicOutput::discard() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  unregister_temporary(slot_);
  slot_ = -1;
}

void AtomicOutput::write(const void* data, std::size_t size) {
  if (fd_ < 0) throw std::runtime_error("cannot write '" + dest_ + "': the output is closed");
  const auto* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, p, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("cannot write '" + dest_ + "': " + errno_text(errno));
    }
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void AtomicOutput::commit() {
  if (fd_ < 0) throw std::runtime_error("cannot write '" + dest_ + "': the output is closed");
  const auto fail = [this](const std::string& why) {
    discard();
    throw std::runtime_error("cannot write '" + dest_ + "': " + why);
  };
  if (replaces_) {
    // The owner first (chown clears set-id bits), as far as the caller may: root any, others their
    // own groups; then the mode. Neither is an error: the file is the caller's then, as a new one is.
    if (old_uid_ != ::geteuid() || old_gid_ != ::getegid())
      if (::fchown(fd_, old_uid_, old_gid_) != 0) (void)!::fchown(fd_, static_cast<uid_t>(-1), old_gid_);
    (void)!::fchmod(fd_, old_mode_);
  }
  if (::fsync(fd_) != 0) fail(errno_text(errno));
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) fail(errno_text(errno));
  if (::rename(temp_.c_str(), dest_.c_str()) != 0) fail(errno_text(errno));
  committed_ = true;
  unregister_temporary(slot_);
  slot_ = -1;
  fs::path dir = fs::path(dest_).parent_path();
  fsync_folder(dir.empty() ? fs::path(".") : dir, dest_);
}

void write_file_atomically(const std::string& path, const void* data, std::size_t size) {
  AtomicOutput out(path);
  out.write(data, size);
  out.commit();
}

}  // namespace rl
