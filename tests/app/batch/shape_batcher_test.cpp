// ShapeBatcher (the CUDA batching of `imresize batch`) with a CPU backend: images of one plan share a
// call, different plans never do, every worker gets its own result back, and errors reach everyone.
#include "shape_batcher.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "rl/resize.hpp"

namespace rl::app {
namespace {

Image ramp(int rows, int cols, int channels, int seed) {
  Image img(rows, cols, channels, ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int ch = 0; ch < channels; ++ch) img.set(r, c, ch, (r * 7 + c * 13 + ch * 29 + seed * 31) % 256);
  return img;
}

// Runs each image on the CPU core, checking that a group never mixes shapes, types or channels.
ShapeBatcher::Backend cpu_backend(std::atomic<int>& mixed) {
  return [&mixed](const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) {
    out.clear();
    for (const Image& im : in) {
      if (im.rows() != plan.in_rows || im.cols() != plan.in_cols || im.type() != in.front().type() ||
          im.channels() != in.front().channels())
        ++mixed;
      out.push_back(run(plan, im));
    }
    return std::string();
  };
}

// Holds the backend's first call until `count` more requests are queued, so that the queue's
// contents (and so the grouping) are known exactly when the batcher next looks at it.
struct FirstCallGate {
  std::atomic<int> calls{0};
  ShapeBatcher* batcher = nullptr;
  std::size_t count = 0;
  void hold() {
    if (calls++ != 0) return;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (batcher->pending() < count && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  void wait_first_call() const {
    while (calls.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

TEST(ShapeBatcher, GroupsByPlanAndReturnsEachWorkersResult) {
  const auto plan_a = std::make_shared<const Plan>(make_plan(ResizeSpec::with_scale(0.5), 40, 30));
  const auto plan_b = std::make_shared<const Plan>(make_plan(ResizeSpec::with_scale(1.0 / 3), 27, 33));
  std::atomic<int> mixed{0};
  auto inner = cpu_backend(mixed);
  constexpr int kWorkers = 7;  // worker 0 alone first, then 3 of each plan
  FirstCallGate gate;
  gate.count = kWorkers - 1;
  ShapeBatcher batcher(
      [&](const Plan& p, const std::vector<Image>& in, std::vector<Image>& out) {
        gate.hold();
        return inner(p, in, out);
      },
      8, std::chrono::milliseconds(0));
  gate.batcher = &batcher;

  std::vector<Image> inputs, results(kWorkers);
  for (int w = 0; w < kWorkers; ++w) inputs.push_back(w % 2 ? ramp(27, 33, 1, w) : ramp(40, 30, 3, w));
  std::vector<std::string> errors(kWorkers);
  std::vector<std::thread> pool;
  const auto submit = [&](int w) {
    const auto i = static_cast<std::size_t>(w);
    errors[i] = batcher.resize(w % 2 ? plan_b : plan_a, inputs[i], results[i]);
  };
  pool.emplace_back(submit, 0);
  gate.wait_first_call();
  for (int w = 1; w < kWorkers; ++w) pool.emplace_back(submit, w);
  for (auto& t : pool) t.join();

  for (int w = 0; w < kWorkers; ++w) {
    const auto i = static_cast<std::size_t>(w);
    EXPECT_EQ(errors[i], "");
    EXPECT_TRUE(identical(results[i], run(w % 2 ? *plan_b : *plan_a, inputs[i]))) << "worker " << w;
  }
  EXPECT_EQ(mixed.load(), 0);
  EXPECT_EQ(batcher.batch_sizes(), (std::vector<std::size_t>{1, 3, 3}));
}

TEST(ShapeBatcher, SplitsGroupsLargerThanTheMaximum) {
  const auto plan = std::make_shared<const Plan>(make_plan(ResizeSpec::with_scale(0.25), 16, 16));
  std::atomic<int> mixed{0};
  auto inner = cpu_backend(mixed);
  FirstCallGate gate;
  gate.count = 7;
  ShapeBatcher batcher(
      [&](const Plan& p, const std::vector<Image>& in, std::vector<Image>& out) {
        gate.hold();
        return inner(p, in, out);
      },
      3, std::chrono::milliseconds(0));
  gate.batcher = &batcher;
  std::vector<std::thread> pool;
  std::vector<Image> out(8);
  const auto submit = [&](int w) {
    batcher.resize(plan, ramp(16, 16, 2, w), out[static_cast<std::size_t>(w)]);
  };
  pool.emplace_back(submit, 0);
  gate.wait_first_call();
  for (int w = 1; w < 8; ++w) pool.emplace_back(submit, w);
  for (auto& t : pool) t.join();
  // The lone first request, then the 7 queued ones in calls of at most 3.
  EXPECT_EQ(batcher.batch_sizes(), (std::vector<std::size_t>{1, 3, 3, 1}));
  EXPECT_EQ(mixed.load(), 0);
  for (const Image& im : out) EXPECT_EQ(im.rows(), 4);
}

TEST(ShapeBatcher, BackendErrorReachesEveryImageOfTheCall) {
  const auto plan = std::make_shared<const Plan>(make_plan(ResizeSpec::with_scale(0.5), 8, 8));
  ShapeBatcher batcher(
      [](const Plan&, const std::vector<Image>&, std::vector<Image>&) { return std::string("device lost"); },
      4);
  Image out;
  EXPECT_EQ(batcher.resize(plan, ramp(8, 8, 1, 0), out), "device lost");
  EXPECT_TRUE(out.empty());
  ShapeBatcher throwing(
      [](const Plan&, const std::vector<Image>&, std::vector<Image>&) -> std::string {
        throw std::runtime_error("out of device memory");
      },
      4);
  EXPECT_EQ(throwing.resize(plan, ramp(8, 8, 1, 0), out), "out of device memory");
  ShapeBatcher short_answer(
      [](const Plan&, const std::vector<Image>&, std::vector<Image>& o) {
        o.clear();
        return std::string();
      },
      4);
  EXPECT_EQ(short_answer.resize(plan, ramp(8, 8, 1, 0), out),
            "the resizer returned the wrong number of images");
}

}  // namespace
}  // namespace rl::app
