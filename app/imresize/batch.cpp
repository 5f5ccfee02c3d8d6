// `imresize batch`: turns a folder of high-resolution images into super-resolution datasets
// (X{s}/{name}x{s}.png, optionally HR/X{s}/{name}.png) exactly as MATLAB's imresize(modcrop(hr, s), 1/s).
#include "batch.hpp"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include "batch_batcher.hpp"
#include "options.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image.hpp"
#include "rl/image_io.hpp"
#include "rl/kernels.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/spec.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Exit codes as `imresize` (options.hpp): kExitFailure (1) when an image failed, kExitUsage (2) for a
// bad option, missing folder or nothing to do (nothing was written), kExitDevice (3) for --device cuda
// without a usable device; and one of batch's own, within 1..125 like the others:
constexpr int kExitInterrupted = 4;  // SIGINT/SIGTERM: stopped cleanly, run again to continue

constexpr int kMaxScale = 1000;
constexpr std::size_t kPlanCacheSize = 64;  // DIV2K shapes all differ: keep memory bounded
constexpr auto kPlainLineInterval = std::chrono::seconds(5);

const char* const kUsage =
    "usage: imresize batch SRC_DIR DST_DIR --scales S[,S...] [--modcrop] [--boundary modern|legacy]\n"
    "                      [--method M] [--device auto|cpu|cuda] [--jobs N] [--overwrite] [--save-hr]\n"
    "\n"
    "Resizes every image under SRC_DIR (recursively; png bmp tif jpg ppm pgm pnm npy) by 1/S for each\n"
    "scale S, as MATLAB's imresize(hr, 1/S, method), keeping the input's type (uint8 stays uint8), and\n"
    "writes DST_DIR/X{S}/{subfolders}/{name}x{S}.png (the DIV2K/EDSR naming).\n"
    "\n"
    "  --scales S[,S...]  whole numbers >= 1, e.g. 2,3,4 (required)\n"
    "  --modcrop          first crop the bottom and right edges to a multiple of S (MATLAB's modcrop)\n"
    "  --save-hr          also write the (cropped) high-resolution image to DST_DIR/HR/X{S}/.../{name}.png\n"
    "  --boundary B       modern (R2015b and later, default) or legacy (older MATLAB, the classic Set5 LR "
    "sets)\n"
    "  --method M         nearest bilinear bicubic box triangle lanczos2 lanczos3 (default bicubic)\n"
    "  --device D         auto (CUDA when usable, else the CPU; default), cpu, cuda\n"
    "  --jobs N           images processed at once (default: the number of hardware threads)\n"
    "  --overwrite        redo outputs that already exist (default: skip them, so a run can be resumed)\n"
    "\n"
    "Outputs are written to a temporary file and renamed, so an interrupted run (Ctrl-C, SIGTERM) leaves\n"
    "only complete files; run the same command again to continue. Two sources whose names differ only in\n"
    "their extension (a.png, a.jpg) would write the same output: the first in sorted order is used and\n"
    "the other is reported as failed. Float images are written to PNG as im2uint8 would convert them.\n"
    "Exit status: 0 all done or skipped, 1 some images failed, 2 bad options (nothing done),\n"
    "3 --device cuda without a usable CUDA device, 4 interrupted.\n";

// A problem found before any work: one stderr line and this exit code.
struct BatchUsageError : std::runtime_error {
  explicit BatchUsageError(const std::string& m, int exit_code = kExitUsage)
      : std::runtime_error(m), code(exit_code) {}
  int code;
};

struct BatchOptions {
  std::string src, dst;
  std::vector<int> scales;
  bool modcrop = false;
  bool overwrite = false;
  bool save_hr = false;
  Boundary boundary = Boundary::Modern;
  Method method = Method::Bicubic;
  Device device = Device::Auto;
  int jobs = 0;  // 0: hardware threads
};

// ---------------------------------------------------------------------------------------------
// Options

int parse_int(std::string_view opt, std::string_view s, int lo, int hi, const char* what) {
  std::string str(s);
  std::size_t used = 0;
  long long v = 0;
  bool ok =
      !str.empty() && std::all_of(str.begin(), str.end(), [](unsigned char c) { return std::isdigit(c); });
  if (ok) {
    try {
      v = std::stoll(str, &used);
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok || used != str.size() || v < lo || v > hi)
    throw BatchUsageError(std::string(opt) + ": '" + str + "' is not " + what);
  return static_cast<int>(v);
}

std::vector<int> parse_scales(std::string_view s) {
  std::vector<int> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = s.find(',', start);
    const std::string_view item =
        s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const int v =
        parse_int("--scales", item, 1, kMaxScale, "a whole number from 1 to 1000 (e.g. --scales 2,3,4)");
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

// Returns nullopt when --help was asked for.
std::optional<BatchOptions> parse_options(int argc, char** argv) {
  BatchOptions o;
  std::vector<std::string> positional;
  bool have_scales = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") return std::nullopt;
    if (arg.size() < 2 || arg.compare(0, 2, "--") != 0 || arg == "--") {
      if (arg == "--") {
        for (++i; i < argc; ++i) positional.emplace_back(argv[i]);
        break;
      }
      positional.push_back(arg);
      continue;
    }
    std::string name = arg, value;
    bool inline_value = false;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      inline_value = true;
    }
    const auto take_value = [&]() -> std::string {
      if (inline_value) return value;
      if (i + 1 >= argc) throw BatchUsageError(name + " needs a value");
      return argv[++i];
    };
    const auto no_value = [&] {
      if (inline_value) throw BatchUsageError(name + " takes no value");
    };
    if (name == "--scales") {
      o.scales = parse_scales(take_value());
      have_scales = true;
    } else if (name == "--modcrop") {
      no_value();
      o.modcrop = true;
    } else if (name == "--save-hr") {
      no_value();
      o.save_hr = true;
    } else if (name == "--overwrite") {
      no_value();
      o.overwrite = true;
    } else if (name == "--boundary") {
      const std::string v = take_value();
      const auto b = parse_boundary(v);
      if (!b) throw BatchUsageError("--boundary: '" + v + "' is not modern or legacy");
      o.boundary = *b;
    } else if (name == "--method") {
      const std::string v = take_value();
      const auto m = parse_method(v);
      if (!m || *m == Method::Custom)
        throw BatchUsageError("--method: '" + v +
                              "' is not one of nearest bilinear bicubic box triangle lanczos2 lanczos3");
      o.method = *m;
    } else if (name == "--device") {
      try {
        o.device = parse_device(take_value());  // the same choice and wording as single-image imresize
      } catch (const std::invalid_argument& e) {
        throw BatchUsageError(e.what());
      }
    } else if (name == "--jobs") {
      o.jobs = parse_int("--jobs", take_value(), 1, 1024, "a whole number from 1 to 1024");
    } else {
      throw BatchUsageError("unknown option '" + name + "' (see imresize batch --help)");
    }
  }
  if (positional.size() != 2)
    throw BatchUsageError(positional.size() < 2 ? "expected SRC_DIR and DST_DIR (see imresize batch --help)"
                                                : "unexpected argument '" + positional[2] +
                                                      "' (expected only SRC_DIR and DST_DIR)");
  if (!have_scales) throw BatchUsageError("--scales is required, e.g. --scales 2,3,4");
  o.src = positional[0];
  o.dst = positional[1];
  return o;
}

// ---------------------------------------------------------------------------------------------
// Interruption: the handler only sets a flag; workers look at it between steps, so every output
// is either complete (renamed into place) or never appears.

std::atomic<int> g_stop{0};
static_assert(std::atomic<int>::is_always_lock_free, "the stop flag must be usable from a signal handler");

extern "C" void on_stop_signal(int sig) { g_stop.store(sig); }

bool stop_requested() { return g_stop.load(std::memory_order_relaxed) != 0; }

class SignalGuard {
 public:
  SignalGuard() {
    g_stop.store(0);
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// ---------------------------------------------------------------------------------------------
// Jobs: one per source image, with its outputs per scale.

struct Output {
  int scale = 0;
  fs::path lr, hr;
  bool need_lr = false, need_hr = false;
};

struct Job {
  fs::path src;
  std::string rel;    // path under SRC_DIR, as shown in messages
  std::string error;  // set when the image cannot be processed at all (name clash)
  std::vector<Output> outputs;
  bool needs_work() const {
    return std::any_of(outputs.begin(), outputs.end(),
                       [](const Output& o) { return o.need_lr || o.need_hr; });
  }
};

bool is_our_temp(const std::string& name) {
  return !name.empty() && name[0] == '.' && name.find(".rl-tmp-") != std::string::npos;
}

bool exists_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::vector<Job> collect_jobs(const BatchOptions& o) {
  const fs::path src(o.src), dst(o.dst);
  std::error_code ec;
  // Output folders inside the source folder must not be read back as input: DST itself, or when
  // DST is SRC (or above it), DST's X{digits} and HR folders, whatever scales earlier runs used.
  const fs::path dst_canon = fs::weakly_canonical(dst, ec);
  const fs::path src_canon = fs::weakly_canonical(src, ec);
  const auto is_output_folder = [&](const fs::path& dir) {
    std::error_code e2;
    const fs::path c = fs::weakly_canonical(dir, e2);
    if (e2 || dst_canon.empty()) return false;
    if (c == dst_canon) return c != src_canon;
    if (c.parent_path() != dst_canon) return false;
    const std::string n = c.filename().string();
    return n == "HR" ||
           (n.size() > 1 && n[0] == 'X' &&
            std::all_of(n.begin() + 1, n.end(), [](unsigned char ch) { return std::isdigit(ch); }));
  };
  std::vector<std::pair<std::string, fs::path>> files;  // (relative generic path, full path)
  fs::recursive_directory_iterator it(src, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) throw BatchUsageError("cannot list '" + o.src + "': " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw BatchUsageError("cannot list '" + o.src + "': " + ec.message());
    const fs::directory_entry& e = *it;
    std::error_code e2;
    if (e.is_directory(e2)) {
      if (is_output_folder(e.path())) it.disable_recursion_pending();
      continue;
    }
    const std::string name = e.path().filename().string();
    if (is_our_temp(name) || !e.is_regular_file(e2) || !io::is_supported_extension(name)) continue;
    files.emplace_back(fs::relative(e.path(), src, e2).generic_string(), e.path());
  }
  std::sort(files.begin(), files.end());

  std::vector<Job> jobs;
  std::map<std::string, std::string> owner;  // output key (folder/stem) -> the source that claimed it
  for (auto& [rel, full] : files) {
    Job j;
    j.src = full;
    j.rel = rel;
    const fs::path relp(rel);
    const fs::path sub = relp.parent_path();
    const std::string stem = relp.stem().string();
    const std::string key = (sub / stem).generic_string();
    if (auto [pos, fresh] = owner.emplace(key, rel); !fresh) {
      j.error =
          "its outputs would have the same names as those of '" + pos->second + "' (rename one of them)";
      jobs.push_back(std::move(j));
      continue;
    }
    for (int s : o.scales) {
      Output out;
      out.scale = s;
      const std::string xs = "X" + std::to_string(s);
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

// Temporary files are named .{stem}.rl-tmp-{pid}-{n}{ext}. Removes those of this process and of
// processes that no longer exist (a run killed with SIGKILL), under the folders this run writes.
void remove_stale_temps(const BatchOptions& o) {
  const fs::path dst(o.dst);
  const long self = static_cast<long>(::getpid());
  std::vector<fs::path> roots;
  for (int s : o.scales) {
    roots.push_back(dst / ("X" + std::to_string(s)));
    roots.push_back(dst / "HR" / ("X" + std::to_string(s)));
  }
  for (const fs::path& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (!is_our_temp(name)) continue;
      const std::size_t at = name.find(".rl-tmp-") + 8;
      long pid = 0;
      std::size_t k = at;
      while (k < name.size() && std::isdigit(static_cast<unsigned char>(name[k])))
        pid = pid * 10 + (name[k++] - '0');
      if (k == at || pid <= 0) continue;
      const bool dead = pid != self && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
      if (pid == self || dead) {
        std::error_code rm;
        fs::remove(it->path(), rm);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Plans, reused for every image of one (shape, channels, scale); bounded, least recently used out.

class PlanCache {
 public:
  explicit PlanCache(ResizeSpec base) : base_(std::move(base)) {}

  std::shared_ptr<const Plan> get(int rows, int cols, int channels, int scale) {
    const Key key{rows, cols, channels, scale};
    std::lock_guard<std::mutex> lock(mutex_);
    ++clock_;
    for (Entry& e : entries_)
      if (e.key == key) {
        e.used = clock_;
        return e.plan;
      }
    ResizeSpec spec = base_;
    // 1/s as a double, exactly as `imresize --scale 1/s` and MATLAB's imresize(hr, 1/s).
    spec.scale = {{1.0 / scale, 1.0 / scale}};
    PlanLimits limits;
    limits.channels = channels;
    auto plan = std::make_shared<const Plan>(make_plan(spec, rows, cols, limits));
    if (entries_.size() >= kPlanCacheSize) {
      auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                     [](const Entry& a, const Entry& b) { return a.used < b.used; });
      entries_.erase(oldest);
    }
    entries_.push_back({key, plan, clock_});
    return plan;
  }

 private:
  using Key = std::tuple<int, int, int, int>;
  struct Entry {
    Key key;
    std::shared_ptr<const Plan> plan;
    std::uint64_t used;
  };
  ResizeSpec base_;
  std::mutex mutex_;
  std::vector<Entry> entries_;
  std::uint64_t clock_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Progress: a redrawn bar on a terminal, plain periodic lines otherwise; failures on stderr.

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 360000) return "--:--";
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

class Progress {
 public:
  Progress(std::size_t total, bool tty)
      : total_(total), tty_(tty), start_(Clock::now()), last_line_(start_) {}

  void image_finished() {
    std::lock_guard<std::mutex> lock(mutex_);
    ++finished_;
  }

  void failure(const std::string& rel, const std::string& why) {
    std::lock_guard<std::mutex> lock(mutex_);
    clear_bar();
    std::fprintf(stderr, "imresize batch: failed %s: %s\n", rel.c_str(), why.c_str());
    std::fflush(stderr);
    drawn_ = false;
  }

  void note(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    clear_bar();
    std::fprintf(stdout, "imresize batch: %s\n", line.c_str());
    std::fflush(stdout);
    drawn_ = false;
  }

  // Called a few times a second by the progress thread.
  void tick() {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto now = Clock::now();
    if (tty_) {
      draw_bar(now);
    } else if (now - last_line_ >= kPlainLineInterval) {
      last_line_ = now;
      std::fprintf(stdout, "imresize batch: %s\n", status_text(now).c_str());
      std::fflush(stdout);
    }
  }

  // Final state of the bar, then a newline so the summary starts on its own line.
  void finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (tty_ && total_ > 0) {
      draw_bar(Clock::now());
      std::fputc('\n', stdout);
      std::fflush(stdout);
    }
    drawn_ = false;
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  std::string status_text(Clock::time_point now) const {
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? static_cast<double>(finished_) / secs : 0.0;
    const double eta = rate > 0 ? static_cast<double>(total_ - finished_) / rate : -1.0;
    char buf[160];
    std::snprintf(
        buf, sizeof buf, "%zu/%zu images (%d%%), %.2f images/s, elapsed %s, ETA %s", finished_, total_,
        total_ ? static_cast<int>(100.0 * static_cast<double>(finished_) / static_cast<double>(total_)) : 100,
        rate, format_duration(secs).c_str(), finished_ ? format_duration(eta).c_str() : "--:--");
    return buf;
  }

  // One line that fits the terminal: a wrapped line could not be redrawn with a carriage return.
  void draw_bar(Clock::time_point now) {
    std::string text = status_text(now);
    int columns = 80;
    struct winsize ws {};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) columns = ws.ws_col;
    const int room = columns - 1 - static_cast<int>(text.size()) - 3;  // "[" "] " and the cursor
    const int width = std::min(30, room);
    if (width >= 8) {
      const int filled =
          total_ ? static_cast<int>(width * static_cast<double>(finished_) / static_cast<double>(total_))
                 : width;
      std::string bar(static_cast<std::size_t>(width), ' ');
      for (int i = 0; i < filled && i < width; ++i) bar[static_cast<std::size_t>(i)] = '#';
      text = "[" + bar + "] " + text;
    } else if (static_cast<int>(text.size()) > columns - 1) {
      text.resize(static_cast<std::size_t>(std::max(0, columns - 1)));
    }
    std::fprintf(stdout, "\r\033[K%s", text.c_str());
    std::fflush(stdout);
    drawn_ = true;
  }

  void clear_bar() {
    if (tty_ && drawn_) {
      std::fputs("\r\033[K", stdout);
      std::fflush(stdout);
    }
  }

  std::mutex mutex_;
  const std::size_t total_;
  const bool tty_;
  const Clock::time_point start_;
  Clock::time_point last_line_;
  std::size_t finished_ = 0;
  bool drawn_ = false;
};

// ---------------------------------------------------------------------------------------------
// Workers: each takes the next image and decodes, crops, resizes and encodes it; N of them overlap
// decoding, resizing and encoding of different images. On CUDA the resizes go through one batcher.

enum class Outcome { Done, Failed, Interrupted };

struct Run {
  const BatchOptions& opt;
  std::vector<Job>& jobs;
  std::vector<std::size_t> todo;  // indices into jobs
  std::atomic<std::size_t> next{0};
  PlanCache plans;
  Progress& progress;
  ShapeBatcher* gpu = nullptr;
  std::atomic<bool> gpu_broken{false};
  int resize_threads = 1;

  std::mutex mutex;
  std::size_t done = 0, failed = 0, interrupted = 0, files = 0;
  std::vector<std::pair<std::string, std::string>> failures;

  Run(const BatchOptions& o, std::vector<Job>& j, ResizeSpec spec, Progress& p)
      : opt(o), jobs(j), plans(std::move(spec)), progress(p) {}
};

Image crop_top_left(const Image& in, int rows, int cols) {
  Image out = Image::uninitialized(rows, cols, in.channels(), in.type());
  const std::size_t row_bytes = static_cast<std::size_t>(cols) * in.channels() * elem_size(in.type());
  const std::size_t in_row_bytes = in.row_stride() * elem_size(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  for (int r = 0; r < rows; ++r)
    std::memcpy(dst + static_cast<std::size_t>(r) * row_bytes,
                src + static_cast<std::size_t>(r) * in_row_bytes, row_bytes);
  return out;
}

void write_output(const fs::path& path, const Image& img) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec)
    throw std::runtime_error("cannot create folder '" + path.parent_path().string() + "': " + ec.message());
  io::save(path.string(), img);
}

Image resize_one(Run& run, const Image& in, int scale) {
  const auto plan = run.plans.get(in.rows(), in.cols(), in.channels(), scale);
  if (run.gpu && !run.gpu_broken.load()) {
    Image out;
    const std::string why = run.gpu->resize(plan, in, out);
    if (why.empty()) return out;
    if (run.opt.device == Device::Cuda) throw std::runtime_error("CUDA resize failed: " + why);
    if (!run.gpu_broken.exchange(true))
      run.progress.note("CUDA resize failed (" + why + "); using the CPU from now on");
  }
  RunOptions ro;
  ro.threads = run.resize_threads;
  return rl::run(*plan, in, ro);
}

Outcome process(Run& run, Job& job, std::string& why, std::size_t& files) {
  Image hr;
  try {
    hr = io::load(job.src.string());
  } catch (const std::exception& e) {
    // The loader's message starts with the full path; the report already names the file.
    why = e.what();
    const std::string prefix = job.src.string() + ": ";
    if (why.compare(0, prefix.size(), prefix) == 0) why.erase(0, prefix.size());
    return Outcome::Failed;
  }
  for (const Output& o : job.outputs) {
    if (!o.need_lr && !o.need_hr) continue;
    if (stop_requested()) return Outcome::Interrupted;
    const std::string at = "x" + std::to_string(o.scale) + ": ";
    try {
      const Image* base = &hr;
      Image cropped;
      if (run.opt.modcrop) {
        const int rows = hr.rows() - hr.rows() % o.scale, cols = hr.cols() - hr.cols() % o.scale;
        if (rows == 0 || cols == 0)
          throw std::runtime_error("the image is " + std::to_string(hr.rows()) + "x" +
                                   std::to_string(hr.cols()) + ", smaller than the scale " +
                                   std::to_string(o.scale));
        if (rows != hr.rows() || cols != hr.cols()) {
          cropped = crop_top_left(hr, rows, cols);
          base = &cropped;
        }
      }
      if (o.need_hr) {
        write_output(o.hr, *base);
        ++files;
      }
      if (o.need_lr) {
        const Image lr = resize_one(run, *base, o.scale);
        write_output(o.lr, lr);
        ++files;
      }
    } catch (const std::exception& e) {
      why = at + e.what();
      return Outcome::Failed;
    }
  }
  return Outcome::Done;
}

void worker(Run& run) {
  for (;;) {
    if (stop_requested()) return;
    const std::size_t k = run.next.fetch_add(1);
    if (k >= run.todo.size()) return;
    Job& job = run.jobs[run.todo[k]];
    std::string why;
    std::size_t files = 0;
    const Outcome out = process(run, job, why, files);
    {
      std::lock_guard<std::mutex> lock(run.mutex);
      run.files += files;
      if (out == Outcome::Done)
        ++run.done;
      else if (out == Outcome::Failed) {
        ++run.failed;
        run.failures.emplace_back(job.rel, why);
      } else {
        ++run.interrupted;
      }
    }
    if (out == Outcome::Failed) run.progress.failure(job.rel, why);
    if (out != Outcome::Interrupted) run.progress.image_finished();
  }
}

std::string join_scales(const std::vector<int>& s) {
  std::string out;
  for (int v : s) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

int run_batch(const BatchOptions& opt) {
  const SignalGuard signals;
  std::error_code ec;
  if (!fs::is_directory(opt.src, ec))
    throw BatchUsageError("source folder '" + opt.src + "' does not exist or is not a folder");

  // Device: decided once, before any work, and said once.
  bool use_cuda = false;
  std::string device_line = "CPU";
  if (opt.device != Device::Cpu) {
    const cuda::Status st = cuda::device_status();
    if (st) {
      use_cuda = true;
      const std::string name = cuda::device_name();
      device_line = "CUDA" + (name.empty() ? std::string() : " (" + name + ")");
    } else if (opt.device == Device::Cuda) {
      throw BatchUsageError("--device cuda: " + st.message, kExitDevice);
    } else {
      device_line = "CPU (CUDA is not available: " + st.message + ")";
    }
  }

  std::vector<Job> jobs = collect_jobs(opt);
  if (jobs.empty())
    throw BatchUsageError("no images (png bmp tif jpg ppm pgm pnm npy) found under '" + opt.src + "'");
  // Created only now, so that a run refused above leaves nothing behind.
  fs::create_directories(opt.dst, ec);
  if (ec || !fs::is_directory(opt.dst, ec))
    throw BatchUsageError("cannot create output folder '" + opt.dst + "'" + (ec ? ": " + ec.message() : ""));
  if (::access(opt.dst.c_str(), W_OK) != 0)
    throw BatchUsageError("output folder '" + opt.dst + "' is not writable");
  remove_stale_temps(opt);

  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const int jobs_n = opt.jobs > 0 ? opt.jobs : static_cast<int>(hw);
  const bool tty = ::isatty(STDOUT_FILENO) == 1;

  std::size_t skipped = 0, clashes = 0;
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!jobs[i].error.empty())
      ++clashes;
    else if (jobs[i].needs_work())
      todo.push_back(i);
    else
      ++skipped;
  }

  std::printf("imresize batch: %zu images under '%s', scales %s, %s, %s boundary%s, %d jobs, %s\n",
              jobs.size(), opt.src.c_str(), join_scales(opt.scales).c_str(), to_string(opt.method).c_str(),
              to_string(opt.boundary).c_str(), opt.modcrop ? ", modcrop" : "", jobs_n, device_line.c_str());
  if (skipped)
    std::printf("imresize batch: %zu images already have every output (skipped; --overwrite redoes them)\n",
                skipped);
  std::fflush(stdout);

  ResizeSpec spec;
  spec.method = opt.method;
  spec.boundary = opt.boundary;
  Progress progress(todo.size(), tty);
  Run run(opt, jobs, spec, progress);
  run.todo = std::move(todo);
  for (const Job& j : jobs)
    if (!j.error.empty()) {
      run.failures.emplace_back(j.rel, j.error);
      progress.failure(j.rel, j.error);
    }
  run.failed = clashes;

  const int workers = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(jobs_n), std::max<std::size_t>(1, run.todo.size())));
  // Few images and many threads: let each resize use the threads no worker needs.
  run.resize_threads = use_cuda ? 1 : std::max(1, jobs_n / workers);

  std::unique_ptr<cuda::Resizer> resizer;
  std::unique_ptr<ShapeBatcher> batcher;
  if (use_cuda) {
    resizer = std::make_unique<cuda::Resizer>();
    cuda::Resizer* r = resizer.get();
    batcher = std::make_unique<ShapeBatcher>(
        [r](const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) -> std::string {
          const cuda::Status st = r->run_batch(plan, in, out);
          return st ? std::string() : st.message;
        },
        static_cast<std::size_t>(jobs_n));
    run.gpu = batcher.get();
  }

  std::mutex done_mutex;
  std::condition_variable done_cv;
  bool all_done = false;
  std::thread ticker([&] {
    bool said_stop = false;
    std::unique_lock<std::mutex> lock(done_mutex);
    while (!done_cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return all_done; })) {
      if (stop_requested() && !said_stop) {
        said_stop = true;
        progress.note("interrupted: finishing the files in progress, then stopping");
      }
      progress.tick();
    }
  });
  {
    std::vector<std::thread> pool;
    for (int i = 0; i < workers; ++i) pool.emplace_back([&run] { worker(run); });
    for (auto& t : pool) t.join();
  }
  batcher.reset();
  resizer.reset();
  {
    std::lock_guard<std::mutex> lock(done_mutex);
    all_done = true;
  }
  done_cv.notify_all();
  ticker.join();
  progress.finish();
  remove_stale_temps(opt);

  const std::size_t not_started =
      run.todo.size() - std::min(run.todo.size(), run.done + run.failed - clashes);
  // A signal that came after the last image changed nothing: the run is complete.
  const bool interrupted = stop_requested() && not_started > 0;
  const double secs = progress.elapsed();
  std::printf("imresize batch: %s in %s: %zu done, %zu skipped (outputs exist), %zu failed",
              interrupted ? "interrupted" : "finished", format_duration(secs).c_str(), run.done, skipped,
              run.failed);
  if (interrupted) std::printf(", %zu not done (run the same command again to continue)", not_started);
  std::printf("; %zu files written, %.2f images/s\n", run.files,
              secs > 0 ? static_cast<double>(run.done) / secs : 0.0);
  for (const auto& [rel, why] : run.failures) std::printf("  failed %s: %s\n", rel.c_str(), why.c_str());
  std::fflush(stdout);
  if (interrupted) return kExitInterrupted;
  return run.failed ? kExitFailure : 0;
}

}  // namespace

int batch_main(int argc, char** argv) {
  try {
    const std::optional<BatchOptions> opt = parse_options(argc, argv);
    if (!opt) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    return run_batch(*opt);
  } catch (const BatchUsageError& e) {
    std::fprintf(stderr, "imresize batch: %s\n", e.what());
    return e.code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "imresize batch: %s\n", e.what());
    return kExitUsage;
  }
}

}  // namespace rl::app
