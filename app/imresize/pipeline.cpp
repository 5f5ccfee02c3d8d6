// One `imresize` run: check OUTPUT, choose the device, load, plan under the memory limit, resize,
// save atomically. Errors become one stderr line and an exit code in 1..125.
#include "pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <new>
#include <optional>
#include <vector>

#include "rl/atomic_file.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/peer_resize.hpp"
#include "rl/resize.hpp"
#include "rl/size_text.hpp"

namespace rl::app {

namespace {

constexpr std::size_t kDefaultMaxElements = std::size_t{1} << 31;

// Reads "Key:  123 kB" from /proc/meminfo; 0 when absent.
std::size_t meminfo_bytes(const char* key) {
  std::ifstream f("/proc/meminfo");
  std::string k;
  unsigned long long v = 0;
  std::string unit;
  while (f >> k >> v) {
    std::getline(f, unit);
    if (k == key) return static_cast<std::size_t>(v) * 1024;
  }
  return 0;
}

// cgroup v2: what is left of memory.max; 0 when unlimited or unknown.
std::size_t cgroup_left_bytes() {
  std::ifstream fmax("/sys/fs/cgroup/memory.max"), fcur("/sys/fs/cgroup/memory.current");
  std::string max_s;
  unsigned long long cur = 0;
  if (!(fmax >> max_s) || max_s == "max" || !(fcur >> cur)) return 0;
  unsigned long long max = 0;
  try {
    max = std::stoull(max_s);
  } catch (const std::exception&) {
    return 0;
  }
  return max > cur ? static_cast<std::size_t>(max - cur) : 1;
}

std::string describe(const Image& im) {
  return size_text(im.rows(), im.cols(), im.channels()) + " " + to_string(im.type());
}

}  // namespace

std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::size_t available_memory_bytes() {
  std::size_t avail = meminfo_bytes("MemAvailable:");
  const std::size_t cg = cgroup_left_bytes();
  if (cg > 0 && (avail == 0 || cg < avail)) avail = cg;
  return avail;
}

PlanLimits memory_limit(const ResizeOptions& o, ElemType type, int channels) {
  PlanLimits lim;
  lim.channels = channels;
  lim.type_name = to_string(type);
  const std::size_t avail = available_memory_bytes();
  // Tables take about 16 bytes per entry while they are built; keep them within available memory.
  if (avail > 0)
    lim.max_table_entries = std::min(lim.max_table_entries, std::max<std::size_t>(avail / 32, 1));
  const std::size_t ch = static_cast<std::size_t>(std::max(1, channels));
  if (o.max_pixels) {
    const std::uint64_t n = *o.max_pixels;
    lim.max_elements = n > SIZE_MAX / ch ? SIZE_MAX : static_cast<std::size_t>(n) * ch;
    lim.description = std::to_string(n) + " pixels (--max-pixels)";
    return lim;
  }
  lim.max_elements = kDefaultMaxElements;
  lim.description = std::to_string(kDefaultMaxElements) + " elements (2^31 per image)";
  if (avail > 0 && avail / elem_size(type) < lim.max_elements) {
    // At least one element: 0 would mean no limit to make_plan.
    lim.max_elements = std::max<std::size_t>(avail / elem_size(type), 1);
    lim.description = std::to_string(lim.max_elements) + " elements of " + to_string(type) + " (" +
                      std::to_string(avail >> 20) + " MiB of memory available)";
  }
  return lim;
}

DeviceChoice choose_device_or_fail(Device requested) {
  DeviceChoice c = choose_device(requested);
  if (c.refused) throw Failure(kExitDevice, c.refusal());
  return c;
}

void check_output(const std::string& path) {
  if (!io::is_supported_extension(path)) {
    const std::string ext = io::lower_extension(path);
    throw Failure(kExitUsage,
                  "OUTPUT '" + path + "': " +
                      (ext.empty() ? std::string("no file extension") : "unsupported format '" + ext + "'") +
                      " (use " + io::supported_extensions_text() + ")");
  }
  try {
    check_output_writable(path);
  } catch (const std::exception& e) {
    throw Failure(kExitFailure, e.what());
  }
}

Image load_input(const std::string& path, const ResizeOptions& o, bool capture_decoder_messages) {
  io::LoadOptions lo;
  lo.capture_decoder_messages = capture_decoder_messages;
  if (o.max_pixels) {
    lo.max_pixels = static_cast<std::size_t>(std::min<std::uint64_t>(*o.max_pixels, SIZE_MAX));
    lo.max_elements = 0;
  }
  Image in;
  try {
    in = io::load(path, lo);
  } catch (const std::bad_alloc&) {
    throw Failure(kExitFailure, path + ": not enough memory to read the image");
  } catch (const std::exception& e) {
    throw Failure(kExitFailure, e.what());
  }
  if (in.empty())
    throw Failure(kExitFailure, path + ": the image is empty (" + size_text(in.rows(), in.cols()) + ")");
  try {
    if (o.as == AsType::Double && in.type() != ElemType::F64) in = im2double(in);
    if (o.as == AsType::Single && in.type() != ElemType::F32) in = im2single(in);
  } catch (const std::invalid_argument& e) {  // int8, int32, uint32: MATLAB's im2* refuse them too
    throw Failure(kExitFailure, path + ": --as: " + e.what());
  }
  return in;
}

Plan plan_for(const ResizeOptions& o, const Image& in) {
  try {  // make_plan checks the limits before it allocates a table
    return make_plan(o.spec, in.rows(), in.cols(), memory_limit(o, in.type(), in.channels()));
  } catch (const std::bad_alloc&) {
    throw Failure(kExitFailure, "not enough memory for the contribution tables");
  } catch (const std::exception& e) {
    throw Failure(kExitFailure, e.what());
  }
}

void check_peer_takes(const ResizeOptions& o, const Image& in) {
  const peers::PeerSpec& spec = *o.peer;
  if (!peers::supports(spec, in.type(), in.channels()))
    throw Failure(
        kExitUsage,
        peers::display_name(spec) + " does not take " + describe(in) + " images" +
            (spec.library == peers::Library::Torch ? " (torch resizes float32 only: give a .npy)" : ""));
}

peers::PeerTarget peer_target_for(const ResizeOptions& o, const Image& in) {
  const peers::PeerSpec& spec = *o.peer;
  check_peer_takes(o, in);
  peers::PeerTarget target;
  if (o.spec.scale)
    target = peers::PeerTarget::with_scale(o.spec.scale->first, o.spec.scale->second);
  else if (o.spec.out_size)  // whole numbers: parse_size checked them, and NaN was refused with --like
    target = peers::PeerTarget::with_size(static_cast<int>(o.spec.out_size->first),
                                          static_cast<int>(o.spec.out_size->second));
  std::pair<int, int> out_size;
  try {
    out_size = peers::output_size(spec, in.rows(), in.cols(), target);
  } catch (const std::invalid_argument& e) {
    // A side of 2^31 or more is over the element limit, as MATLAB's path says of it (exit 1); an empty
    // result stays a bad value (exit 2).
    const bool too_large = target.scale && std::max(target.scale->first * in.rows(),
                                                    target.scale->second * in.cols()) >= 2147483647.0;
    throw Failure(too_large ? kExitFailure : kExitUsage, peers::to_string(spec.library) + ": " + e.what());
  }
  // A library's resize has no intermediate of its own to name: the output shape stands for both.
  const std::string excess = element_limit_excess(out_size.first, out_size.second, out_size.first,
                                                  out_size.second, memory_limit(o, in.type(), in.channels()));
  if (!excess.empty()) throw Failure(kExitFailure, excess);
  return target;
}

void run_on_device(DeviceRunner& runner, const Plan& plan, const Image& in, Image& out) {
  try {
    const bool reusable = !runner.using_cuda() && out.rows() == plan.out_rows &&
                          out.cols() == plan.out_cols && out.channels() == in.channels() &&
                          out.type() == in.type();
    if (reusable)
      rl::run_into(plan, in, out);
    else
      out = runner.run(plan, in);
  } catch (const DeviceRefused& e) {
    throw Failure(kExitDevice, e.what());
  } catch (const std::bad_alloc&) {
    throw Failure(kExitFailure,
                  "not enough memory for the " + size_text(plan.out_rows, plan.out_cols) + " result");
  }
}

void save_output(const std::string& path, const Image& img) {
  try {
    io::save(path, img);
  } catch (const std::bad_alloc&) {
    throw Failure(kExitFailure, path + ": not enough memory to encode the image");
  } catch (const std::exception& e) {
    throw Failure(kExitFailure, e.what());
  }
}

int run_imresize(const Options& opt) {
  if (opt.help) {
    std::cout << usage_text();
    return 0;
  }
  const ResizeOptions& o = opt.resize;
  if (!opt.output.empty()) check_output(opt.output);
  // MATLAB's resize may run on CUDA; a library's runs on the CPU (parsing refused --device cuda).
  std::optional<DeviceRunner> runner;
  if (!o.peer) runner.emplace(o.device, choose_device_or_fail(o.device), DeviceRunner::OnRefusal::Throw);
  const Image in = load_input(opt.input, o);
  if (o.verbose) std::cout << "input: " << opt.input << " " << describe(in) << "\n";
  // The result has the input's type and channels: a format that cannot hold them is refused before
  // any resize work (after what --like refuses as a usage error).
  const auto check_format = [&] {
    if (opt.output.empty()) return;
    try {
      io::check_can_save(opt.output, in.type(), in.channels());
    } catch (const std::exception& e) {
      throw Failure(kExitFailure, e.what());
    }
  };
  std::function<void(Image&)> resize;  // writes the result into its argument
  Plan plan;
  peers::PeerTarget target;
  if (o.peer) {
    check_peer_takes(o, in);
    check_format();
    target = peer_target_for(o, in);
    if (o.verbose) {
      const auto [r, c] = peers::output_size(*o.peer, in.rows(), in.cols(), target);
      std::cout << "like: " << peers::to_string(o.peer->library) << ", method "
                << peers::method_name(o.peer->library, o.peer->method) << " (" << peers::display_name(*o.peer)
                << ", " << peers::to_string(*o.peer);
      if (o.peer->reducing_gap > 0.0) std::cout << ", reducing_gap " << o.peer->reducing_gap;
      std::cout << "): " << size_text(in.rows(), in.cols()) << " -> " << size_text(r, c) << "\n";
    }
    resize = [&](Image& out) {
      try {
        out = io::peer_resize(in, *o.peer, target);
      } catch (const std::bad_alloc&) {
        throw Failure(kExitFailure, "not enough memory for the result");
      }
    };
  } else {
    check_format();
    plan = plan_for(o, in);
    if (o.verbose) {
      std::cout << "plan: " << size_text(plan.in_rows, plan.in_cols) << " -> "
                << size_text(plan.out_rows, plan.out_cols) << ", scale " << plan.rows.scale << ","
                << plan.cols.scale << ", " << to_string(plan.method) << ", antialiasing "
                << (plan.antialiasing ? "on" : "off") << ", boundary " << to_string(plan.boundary) << ", "
                << (plan.order[0] == Axis::Rows ? "rows" : "columns") << " first, taps " << plan.rows.taps
                << " (rows) " << plan.cols.taps << " (columns)\n";
    }
    resize = [&](Image& out) { run_on_device(*runner, plan, in, out); };
  }
  Image out;
  if (opt.benchmark > 0) {
    resize(out);  // warm-up: first-touch allocation, CUDA context and table upload
    std::vector<double> ms;
    ms.reserve(opt.benchmark);
    for (int i = 0; i < opt.benchmark; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      resize(out);  // into the warm-up's output on the CPU (no allocation, no page faults)
      const auto t1 = std::chrono::steady_clock::now();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    const std::size_t n = ms.size();
    const double median = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    char buf[64];
    std::snprintf(buf, sizeof buf, "median_ms=%.6f", median);
    std::cout << buf << "\n";
  } else {
    resize(out);
  }
  if (o.verbose) std::cout << "device: " << (runner ? runner->describe() : std::string("cpu")) << "\n";
  if (o.verbose && (!runner || !runner->using_cuda()))
    std::cout << "cpu kernels: " << rl::cpu_level()
              << (rl::cpu_certified_8bit() ? " (8-bit classes: certified float32)" : "") << "\n";
  if (!opt.output.empty()) {
    save_output(opt.output, out);
    if (o.verbose) std::cout << "output: " << opt.output << " " << describe(out) << "\n";
  }
  std::cout.flush();
  return 0;
}

int report_errors(const char* program, const std::function<int()>& body) {
  const auto report = [program](const std::string& msg, int code) {
    std::cout.flush();
    std::fflush(stdout);
    std::cerr << program << ": " << one_line(msg) << "\n";
    std::cerr.flush();
    return code >= 1 && code <= 125 ? code : kExitFailure;
  };
  try {
    return body();
  } catch (const UsageError& e) {
    return report(e.what(), kExitUsage);
  } catch (const Failure& e) {
    return report(e.what(), e.code);
  } catch (const std::bad_alloc&) {
    return report("not enough memory", kExitFailure);
  } catch (const std::exception& e) {
    return report(e.what(), kExitFailure);
  } catch (...) {
    return report("unexpected error", kExitFailure);
  }
}

int imresize_main(int argc, char** argv) {
  return report_errors("imresize", [&] {
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + std::max(argc, 1));
    return run_imresize(parse_options(args));
  });
}

}  // namespace rl::app
