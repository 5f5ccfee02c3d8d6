// Runs `imresize batch` as a child process for the batch tests: temporary folders, spawning with
// captured output, listing output files, deterministic noise images.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "image_bytes.hpp"
#include "rl/image.hpp"

extern char** environ;

namespace rl {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "rl-batch-test-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

struct Child {
  pid_t pid = -1;
  fs::path out, err;
};

// Starts `imresize batch ARGS...` with stdout and stderr redirected to files in `logs` (and standard
// input read from `input` when given), `env` ("NAME=value") added to its environment.
Child start_batch(const std::vector<std::string>& args, const fs::path& logs, const fs::path& input = {},
                  const std::vector<std::string>& env = {}) {
  static int serial = 0;
  Child c;
  c.out = logs / ("stdout-" + std::to_string(serial) + ".txt");
  c.err = logs / ("stderr-" + std::to_string(serial++) + ".txt");
  std::vector<std::string> all{RL_BATCH_EXE, "batch"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, c.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, c.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!input.empty()) posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, input.c_str(), O_RDONLY, 0);
  std::vector<std::string> env_copy = env;
  std::vector<char*> envp;
  for (char** e = environ; *e; ++e) envp.push_back(*e);
  for (auto& e : env_copy) envp.push_back(e.data());
  envp.push_back(nullptr);
  const int rc = posix_spawn(&c.pid, argv[0], &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0)
    throw std::runtime_error(std::string("cannot start ") + RL_BATCH_EXE + ": " + std::strerror(rc));
  return c;
}

// Exit code, or -signal when the child was killed by a signal.
int wait_child(const Child& c) {
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0)
    if (errno != EINTR) return -1000;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return -WTERMSIG(status);
}

struct Result {
  int code = 0;
  std::string out, err;
};

inline Result run_batch(const std::vector<std::string>& args, const fs::path& logs,
                        const fs::path& input = {}) {
  const Child c = start_batch(args, logs, input);
  Result r;
  r.code = wait_child(c);
  r.out = read_text(c.out);
  r.err = read_text(c.err);
  return r;
}

// `imresize batch ARGS` with its address space capped (as prlimit --as does), killed by SIGALRM after
// `seconds` (code -SIGALRM).
inline Result run_batch_capped(const std::vector<std::string>& args, const fs::path& logs,
                               std::uint64_t as_bytes, unsigned seconds = 120) {
  const fs::path out = logs / "capped-out.txt", err = logs / "capped-err.txt";
  std::vector<std::string> all{RL_BATCH_EXE, "batch"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) ::_exit(126);
    ::dup2(o, 1);
    ::dup2(e, 2);
    const rlimit lim{as_bytes, as_bytes};
    if (test::kAddressSpaceCapApplies && ::setrlimit(RLIMIT_AS, &lim) != 0) ::_exit(125);
    ::alarm(seconds);  // kept across exec: a hang ends as SIGALRM
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Result r;
  Child c;
  c.pid = pid;
  r.code = wait_child(c);
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// The files under root but the settings record and its lock (DST_DIR/.imresize-batch-settings and
// .imresize-batch-lock), which are no outputs.
std::vector<fs::path> files_under(const fs::path& root) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
    if (std::error_code e2; it->is_regular_file(e2) && it->path() != root / ".imresize-batch-settings" &&
                            it->path() != root / ".imresize-batch-lock")
      out.push_back(it->path());  // files come and go mid-run
  std::sort(out.begin(), out.end());
  return out;
}

inline bool has_temp_files(const fs::path& root) {
  for (const auto& p : files_under(root))
    if (p.filename().string().find(".rl-tmp-") != std::string::npos) return true;
  return false;
}

// Folder X{s}. (Built with append: GCC 12 warns falsely on "X" + std::to_string(s) at -O3.)
inline std::string xdir(int s) { return std::string("X").append(std::to_string(s)); }

// Deterministic noise: incompressible, so encoding takes long enough to interrupt mid-run.
Image noise_image(int rows, int cols, int channels, ElemType type, unsigned seed) {
  Image img(rows, cols, channels, type);
  std::mt19937 rng(seed);
  const double top = type == ElemType::U16 ? 65535.0 : type == ElemType::U8 ? 255.0 : 1.0;
  std::uniform_real_distribution<double> d(0.0, top);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int ch = 0; ch < channels; ++ch) {
        const double v = d(rng);
        img.set(r, c, ch, type == ElemType::U8 || type == ElemType::U16 ? std::floor(v) : v);
      }
  return img;
}

}  // namespace
}  // namespace rl
