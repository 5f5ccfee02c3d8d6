// Temporary-file-and-rename output, so a failure never leaves a partial file.
#include "rl/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "rl/fnv1a.hpp"

namespace rl {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kTag = ".rl-tmp-";
constexpr std::size_t kSpaceDigits = 16;

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
  static std::atomic<unsigned> counter{0};
  const fs::path p(path);
  std::string name(1, '.');
  name.append(p.stem().string()).append(kTag).append(std::to_string(::getpid()));
  name.append(1, '-').append(std::to_string(counter++));
  name.append(1, '-').append(process_space_tag()).append(p.extension().string());
  return (p.parent_path() / name).string();
}

TempFileMaker temp_file_maker(std::string_view name) {
  const std::optional<long> pid = temp_file_owner(name);
  if (!pid) return TempFileMaker::NotTemporary;
  // After "PID-": the counter, then "-SPACE" unless the name predates the space tag.
  std::size_t k = name.find(kTag) + kTag.size();
  while (name[k] != '-') ++k;
  ++k;
  while (k < name.size() && name[k] >= '0' && name[k] <= '9') ++k;
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

void check_output_writable(const std::string& path) {
  const fs::path p(path);
  fs::path dir = p.parent_path();
  if (dir.empty()) dir = ".";
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw std::runtime_error("output folder '" + dir.string() + "' does not exist");
  if (fs::is_directory(p, ec)) throw std::runtime_error("output '" + path + "' is a folder");
  if (::access(dir.c_str(), W_OK) != 0)
    throw std::runtime_error("output folder '" + dir.string() + "' is not writable");
}

AtomicOutput::AtomicOutput(std::string destination)
    : dest_(std::move(destination)), temp_(temp_path_for(dest_)) {
  check_output_writable(dest_);
}

AtomicOutput::~AtomicOutput() {
  if (!committed_) std::remove(temp_.c_str());
}

void AtomicOutput::commit() {
  if (std::rename(temp_.c_str(), dest_.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temp_.c_str());
    throw std::runtime_error("cannot write '" + dest_ + "': " + why);
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, const void* data, std::size_t size) {
  AtomicOutput out(path);
  const int fd = ::open(out.temp_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  const auto* p = static_cast<const char*>(data);
  std::size_t left = size;
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw std::runtime_error("cannot write '" + path + "': " + why);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0)
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  out.commit();
}

}  // namespace rl
