// The worker threads of `imresize batch` (see batch_workers.hpp).
#include "batch_workers.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "batch_plans.hpp"
#include "batch_stop.hpp"
#include "pipeline.hpp"
#include "rl/degrade.hpp"
#include "rl/device_runner.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"
#include "rl/size_text.hpp"
#include "shape_batcher.hpp"

namespace rl::app {

namespace {

namespace fs = std::filesystem;

enum class Outcome { Done, Failed, Interrupted };

struct Run {
  const BatchOptions& opt;
  std::vector<Job>& jobs;
  const std::vector<std::size_t>& todo;
  Progress& progress;
  PlanCache plans;
  std::atomic<std::size_t> next{0};
  DeviceRunner* device = nullptr;
  int resize_threads = 1;
  std::mutex mutex;
  BatchTally tally;

  Run(const BatchOptions& o, std::vector<Job>& j, const std::vector<std::size_t>& t, Progress& p,
      ResizeSpec spec)
      : opt(o), jobs(j), todo(t), progress(p), plans(std::move(spec)) {}
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

// MATLAB's modcrop: the bottom and right edges cut to a multiple of the scale.
Image modcrop_hr(const Image& hr, int scale) {
  const int rows = hr.rows() - hr.rows() % scale, cols = hr.cols() - hr.cols() % scale;
  if (rows == 0 || cols == 0)
    throw std::runtime_error("the image is " + size_text(hr.rows(), hr.cols()) + ", smaller than the scale " +
                             std::to_string(scale));
  return crop_top_left(hr, rows, cols);
}

void write_output(const fs::path& path, const Image& img) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec)
    throw std::runtime_error("cannot create folder '" + path.parent_path().string() + "': " + ec.message());
  io::save(path.string(), img);
}

// A CUDA failure under --device cuda fails this image with the policy's line (DeviceRefused);
// under auto the runner goes on on the CPU and the progress says so once (run_workers).
Image resize_one(Run& run, const Image& in, int scale) {
  const auto plan = run.plans.get(in.rows(), in.cols(), in.channels(), scale);
  RunOptions ro;
  ro.threads = run.resize_threads;
  return run.device->run(*plan, in, ro);
}

Outcome process(Run& run, Job& job, std::string& why, std::size_t& files) {
  Image hr;
  try {
    io::LoadOptions lo;
    lo.max_pixels = run.opt.max_pixels;
    // libpng's and libjpeg's messages become the failure's reason, and a JPEG they call corrupt fails
    // instead of being written with grey where its data was. This serialises decoding only.
    lo.capture_decoder_messages = true;
    hr = io::load(job.src.string(), lo);
    // Every output's format must hold the image's type before any resize is done.
    for (const JobOutput& o : job.outputs) {
      if (o.need_lr) io::check_can_save(o.lr.string(), hr.type(), hr.channels());
      if (o.need_hr) io::check_can_save(o.hr.string(), hr.type(), hr.channels());
    }
  } catch (const std::bad_alloc&) {
    why = "not enough memory to read the image";
    return Outcome::Failed;
  } catch (const std::exception& e) {
    // The loader's message starts with the full path; the report already names the file.
    why = one_line(e.what());
    const std::string prefix = job.src.string() + ": ";
    if (why.compare(0, prefix.size(), prefix) == 0) why.erase(0, prefix.size());
    return Outcome::Failed;
  }
  for (const JobOutput& o : job.outputs) {
    if (!o.need_lr && !o.need_hr) continue;
    if (stop_requested()) return Outcome::Interrupted;
    try {
      const bool crop = run.opt.modcrop && (hr.rows() % o.scale != 0 || hr.cols() % o.scale != 0);
      const Image cropped = crop ? modcrop_hr(hr, o.scale) : Image{};
      const Image& base = crop ? cropped : hr;
      if (o.need_hr) {
        write_output(o.hr, base);
        ++files;
      }
      if (o.need_lr) {
        const auto model = run.opt.degradation_at(o.scale);
        write_output(o.lr, model ? degrade(base, *model) : resize_one(run, base, o.scale));
        ++files;
      }
    } catch (const std::bad_alloc&) {
      why = "x" + std::to_string(o.scale) + ": not enough memory";
      return Outcome::Failed;
    } catch (const std::exception& e) {
      why = "x" + std::to_string(o.scale) + ": " + one_line(e.what());
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
      run.tally.files += files;
      if (out == Outcome::Done) {
        ++run.tally.done;
      } else if (out == Outcome::Failed) {
        ++run.tally.failed;
        run.tally.failures.emplace_back(job.rel, why);
      } else {
        ++run.tally.interrupted;
      }
    }
    if (out == Outcome::Failed) run.progress.failure(job.rel, why);
    if (out != Outcome::Interrupted) run.progress.image_finished();
  }
}

}  // namespace

BatchTally run_workers(const BatchOptions& opt, std::vector<Job>& jobs, const std::vector<std::size_t>& todo,
                       const DeviceChoice& device, int threads, Progress& progress) {
  ResizeSpec spec;
  spec.method = opt.method;
  spec.boundary = opt.boundary;
  Run run(opt, jobs, todo, progress, spec);
  const int workers = static_cast<int>(
      std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(1, todo.size())));
  // Few images and many threads: let each resize use the threads no worker needs.
  run.resize_threads = device.cuda ? 1 : std::max(1, threads / workers);

  // On CUDA, the workers' images go through one Resizer, grouped by plan into one launch each.
  std::unique_ptr<cuda::Resizer> resizer;
  std::unique_ptr<ShapeBatcher> batcher;
  DeviceRunner::CudaResize through_batcher;
  if (device.cuda) {
    resizer = std::make_unique<cuda::Resizer>();
    cuda::Resizer* r = resizer.get();
    batcher = std::make_unique<ShapeBatcher>(
        [r](const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) -> std::string {
          const cuda::Status st = r->run_batch(plan, in, out);
          return st ? std::string() : st.message;
        },
        static_cast<std::size_t>(threads));
    through_batcher = [b = batcher.get()](const Plan& plan, const Image& in, Image& out) {
      // The plan is PlanCache's and outlives the call, which blocks until the result is back; the
      // batcher groups requests by its address.
      const std::string why =
          b->resize(std::shared_ptr<const Plan>(std::shared_ptr<const Plan>(), &plan), in, out);
      return why.empty() ? cuda::Status::success() : cuda::Status::error(why);
    };
  }
  DeviceRunner runner(opt.device, device, DeviceRunner::OnRefusal::Throw, std::move(through_batcher));
  runner.on_fall_back(
      [&progress](const DeviceChoice& now) { progress.note(now.describe() + " from now on"); });
  run.device = &runner;
  std::vector<std::thread> pool;
  for (int i = 0; i < workers; ++i) pool.emplace_back([&run] { worker(run); });
  for (auto& t : pool) t.join();
  return std::move(run.tally);
}

}  // namespace rl::app
