// Temporary-file-and-rename output, so a failure never leaves a partial file.
#include "rl/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace rl {

namespace fs = std::filesystem;

std::string temp_path_for(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  const fs::path p(path);
  std::string name(1, '.');
  name.append(p.stem().string()).append(".rl-tmp-").append(std::to_string(::getpid()));
  name.append(1, '-').append(std::to_string(counter++)).append(p.extension().string());
  return (p.parent_path() / name).string();
}

std::optional<long> temp_file_owner(std::string_view name) {
  constexpr std::string_view kTag = ".rl-tmp-";
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
