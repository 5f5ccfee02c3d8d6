// `imresize batch`: turns a folder of high-resolution images into super-resolution datasets
// (X{s}/{name}x{s}.png, optionally HR/X{s}/{name}.png) exactly as MATLAB's imresize(modcrop(hr, s), 1/s).
#include "batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "batch_jobs.hpp"
#include "batch_options.hpp"
#include "batch_progress.hpp"
#include "batch_record.hpp"
#include "batch_stop.hpp"
#include "batch_workers.hpp"
#include "exit_codes.hpp"
#include "pipeline.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;

std::string join_scales(const std::vector<int>& s) {
  std::string out;
  for (int v : s) {
    if (!out.empty()) out += ',';
    out += std::to_string(v);
  }
  return out;
}

// Calls progress.tick() a few times a second, and says once that a stop was asked for.
class Ticker {
 public:
  explicit Ticker(Progress& progress)
      : thread_([this, &progress] {
          bool said_stop = false;
          std::unique_lock<std::mutex> lock(mutex_);
          while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [&] { return done_; })) {
            if (stop_requested() && !said_stop) {
              said_stop = true;
              progress.note("interrupted: finishing the files in progress, then stopping");
            }
            progress.tick();
          }
        }) {}
  ~Ticker() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Ticker(const Ticker&) = delete;
  Ticker& operator=(const Ticker&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;  // last: started after the members it uses
};

// Creates DST only now, so that a run refused before leaves nothing behind. Returns DST's lock, held
// while this run writes there.
FolderLock prepare_output_folder(const BatchOptions& opt) {
  std::error_code ec;
  fs::create_directories(opt.dst, ec);
  // Exit 1 (output not writable), as for one image: the options are right, the file system refuses.
  if (ec || !fs::is_directory(opt.dst, ec))
    throw Failure(kExitFailure,
                  "cannot create output folder '" + opt.dst + "'" + (ec ? ": " + ec.message() : ""));
  if (::access(opt.dst.c_str(), W_OK) != 0)
    throw Failure(kExitFailure, "output folder '" + opt.dst + "' is not writable");
  FolderLock lock = check_and_record_settings(opt);
  remove_stale_temps(opt);
  return lock;
}

int run_batch(const BatchOptions& opt) {
  const StopSignalGuard signals;
  std::error_code ec;
  if (!fs::is_directory(opt.src, ec))
    throw UsageError("source folder '" + opt.src + "' does not exist or is not a folder");
  // Decided once, before any work, and said once.
  const DeviceChoice device = choose_device(opt.device);
  if (device.refused) throw Failure(kExitDevice, device.refusal());

  CollectedJobs collected = collect_jobs(opt);
  std::vector<Job>& jobs = collected.jobs;
  if (collected.listed == 0)
    throw UsageError(opt.list ? "no images listed in " +
                                    (*opt.list == "-" ? std::string("standard input") : "'" + *opt.list + "'")
                              : "no images (" + io::supported_extensions_text() + ") found under '" +
                                    opt.src + "'");
  const FolderLock lock = prepare_output_folder(opt);

  const int threads =
      opt.jobs > 0 ? opt.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::size_t skipped = 0;
  std::vector<std::size_t> todo;
  std::vector<std::pair<std::string, std::string>> clashes;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (!jobs[i].error.empty())
      clashes.emplace_back(jobs[i].rel, jobs[i].error);
    else if (jobs[i].needs_work())
      todo.push_back(i);
    else
      ++skipped;
  }
  // With --shard, every line names the shard: the logs of N tasks end up side by side.
  const std::string shard =
      opt.shard ? "shard " + std::to_string(opt.shard->index) + "/" + std::to_string(opt.shard->count) : "";
  std::string owned = std::to_string(jobs.size()) + " images";
  if (opt.shard)
    owned = shard + " owns " + std::to_string(jobs.size()) + " of " + std::to_string(collected.listed) +
            " images";
  if (opt.list) owned += *opt.list == "-" ? " from standard input" : " from '" + *opt.list + "'";
  std::printf("imresize batch: %s under '%s', scales %s, %s, %s boundary%s, %d jobs, %s\n", owned.c_str(),
              opt.src.c_str(), join_scales(opt.scales).c_str(),
              opt.degradation_at(opt.scales.front())
                  ? ("degradation " + std::string(degradation_info(*opt.degradation.model).name)).c_str()
                  : to_string(opt.method).c_str(),
              to_string(opt.boundary).c_str(), opt.modcrop ? ", modcrop" : "", threads,
              device.describe().c_str());
  if (skipped)
    std::printf("imresize batch: %zu images already have every output (skipped; --overwrite redoes them)\n",
                skipped);
  std::fflush(stdout);

  Progress progress(todo.size(), ::isatty(STDOUT_FILENO) == 1);
  for (const auto& [rel, why] : clashes) progress.failure(rel, why);
  BatchTally tally;
  {
    const Ticker ticker(progress);
    tally = run_workers(opt, jobs, todo, device, threads, progress);
  }
  progress.finish();
  remove_stale_temps(opt);
  tally.failures.insert(tally.failures.begin(), clashes.begin(), clashes.end());
  const std::size_t failed = tally.failed + clashes.size();

  const std::size_t not_started = todo.size() - std::min(todo.size(), tally.done + tally.failed);
  // A signal that came after the last image changed nothing: the run is complete.
  const bool interrupted = stop_requested() && not_started > 0;
  const double secs = progress.elapsed();
  std::printf("imresize batch: %s%s%s in %s: %zu done, %zu skipped (outputs exist), %zu failed",
              shard.c_str(), opt.shard ? " " : "", interrupted ? "interrupted" : "finished",
              format_duration(secs).c_str(), tally.done, skipped, failed);
  if (interrupted) std::printf(", %zu not done (run the same command again to continue)", not_started);
  std::printf("; %zu files written, %.2f images/s\n", tally.files,
              secs > 0 ? static_cast<double>(tally.done) / secs : 0.0);
  for (const auto& [rel, why] : tally.failures) std::printf("  failed %s: %s\n", rel.c_str(), why.c_str());
  std::fflush(stdout);
  if (interrupted) return kExitInterrupted;
  return failed ? kExitFailure : kExitOk;
}

}  // namespace

int batch_main(int argc, char** argv) {
  return report_errors("imresize batch", [&] {
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + std::max(argc, 1));
    const std::optional<BatchOptions> opt = parse_batch_options(args);
    if (!opt) {
      std::fputs(batch_usage_text().c_str(), stdout);
      return kExitOk;
    }
    return run_batch(*opt);
  });
}

}  // namespace rl::app
