// Equivalence checks of the CUDA passes (host loop or device) against the CPU core and MATLAB's files.
#include "cuda_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>
#include <sstream>

#include "golden.hpp"
#include "random_image.hpp"
#include "rl/adjoint.hpp"
#include "rl/convert.hpp"
#include "rl/cuda_host_loop.hpp"
#include "rl/npy.hpp"
#include "rl/resize.hpp"

namespace rl::cuda::check {

namespace {

template <class F>
Status host_status(F&& f) {
  try {
    f();
    return Status::success();
  } catch (const std::exception& e) {
    return Status::error(e.what());
  }
}

std::string suffix(Kernels k) {
  std::string s;
  if (k != Kernels::Plain) s.append(" ").append(to_string(k));
  return s;
}

class HostLoopRunner : public Runner {
 public:
  explicit HostLoopRunner(Kernels k) : k_(k) {}
  std::string name() const override { return "host loop" + suffix(k_); }
  Status run(const Plan& plan, const Image& in, Image& out) override {
    return host_status([&] { out = host_loop::run(plan, in, k_); });
  }
  Status run_batch(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) override {
    return host_status([&] { out = host_loop::run_batch(plan, in, k_); });
  }
  Status backward(const Plan& plan, const Image& g, Image& gi) override {
    return host_status([&] { gi = host_loop::backward(plan, g); });
  }

 private:
  Kernels k_;
};

class DeviceRunner : public Runner {
 public:
  explicit DeviceRunner(Kernels k) { r_.set_kernels(k); }
  std::string name() const override { return "device" + suffix(r_.kernels()); }
  Status run(const Plan& plan, const Image& in, Image& out) override { return r_.run(plan, in, out); }
  Status run_batch(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) override {
    return r_.run_batch(plan, in, out);
  }
  Status backward(const Plan& plan, const Image& g, Image& gi) override { return r_.backward(plan, g, gi); }

 private:
  Resizer r_;
};

std::string shape_of(const Image& im) {
  return std::to_string(im.rows()) + "x" + std::to_string(im.cols()) + "x" + std::to_string(im.channels()) +
         " " + to_string(im.type());
}

std::string describe(const Plan& p, const Image& in) {
  std::ostringstream s;
  s << to_string(p.method) << " " << to_string(p.boundary) << " aa=" << (p.antialiasing ? "on" : "off") << " "
    << shape_of(in) << " -> " << p.out_rows << "x" << p.out_cols;
  return s.str();
}

Image random_image(int rows, int cols, int ch, ElemType type, std::mt19937& rng) {
  return rl::test::random_image(rows, cols, ch, type, rng, {.float_lo = -0.25, .float_hi = 1.25});
}

// A random spec for (method, boundary): sizes 1..24 (1-pixel axes often), one draw in eight shrinks
// a 40..150-pixel axis to 1..4 (beyond 10x); output given as a size or as a scale.
Plan random_plan(Method m, Boundary b, std::mt19937& rng, int& in_r, int& in_c) {
  std::uniform_int_distribution<int> small(1, 24), big(40, 150), tiny(1, 4), coin(0, 7);
  std::uniform_real_distribution<double> scale(0.05, 3.5);
  in_r = coin(rng) == 0 ? 1 : small(rng);
  in_c = coin(rng) == 0 ? 1 : small(rng);
  ResizeSpec spec;
  const int pick = coin(rng);
  if (pick == 0) {
    in_r = big(rng);
    spec = ResizeSpec::with_size(tiny(rng), small(rng), m);
  } else if (pick < 4) {
    spec = ResizeSpec::with_scale(scale(rng), scale(rng), m);
  } else {
    spec = ResizeSpec::with_size(small(rng) + 6, small(rng), m);
  }
  spec.boundary = b;
  spec.antialiasing = coin(rng) < 4;
  return make_plan(spec, in_r, in_c);
}

const std::vector<ElemType>& all_types() {
  static const std::vector<ElemType> t{ElemType::U8,  ElemType::U16, ElemType::F32,
                                       ElemType::F64, ElemType::I8,  ElemType::I16,
                                       ElemType::I32, ElemType::U32, ElemType::Logical};
  return t;
}

void expect_exact(Outcome& o, const std::string& what, const Image& got, const Image& want) {
  const std::string d = compare_exact(got, want);
  if (!d.empty()) o.failures.push_back(what + ": " + d);
}

bool expect_ok(Outcome& o, const std::string& what, const Status& s) {
  if (!s) o.failures.push_back(what + ": " + s.message);
  return s.ok;
}

// A batch through the runner: one result per image, each equal to the CPU core's.
void expect_batch_exact(Outcome& o, Runner& runner, const Plan& plan, const std::vector<Image>& in) {
  const std::string what =
      runner.name() + " batch of " + std::to_string(in.size()) + " " + describe(plan, in.front());
  std::vector<Image> got;
  if (!expect_ok(o, what, runner.run_batch(plan, in, got))) return;
  if (got.size() != in.size()) {
    o.failures.push_back(what + ": " + std::to_string(got.size()) + " results");
    return;
  }
  for (std::size_t i = 0; i < in.size(); ++i)
    expect_exact(o, what + " image " + std::to_string(i), got[i], run(plan, in[i]));
}

}  // namespace

std::unique_ptr<Runner> host_loop_runner(Kernels k) { return std::make_unique<HostLoopRunner>(k); }
std::unique_ptr<Runner> device_runner(Kernels k) { return std::make_unique<DeviceRunner>(k); }

bool golden_available() { return std::filesystem::is_regular_file(test::golden_path("manifest.tsv")); }

std::string Outcome::summary(std::size_t max_lines) const {
  std::ostringstream s;
  s << failures.size() << " of " << cases << " cases failed";
  for (std::size_t i = 0; i < failures.size() && i < max_lines; ++i) s << "\n  " << failures[i];
  if (failures.size() > max_lines) s << "\n  ...";
  return s.str();
}

std::string compare_exact(const Image& got, const Image& want) {
  if (!got.same_shape(want) || got.type() != want.type())
    return "got " + shape_of(got) + ", want " + shape_of(want);
  const std::size_t es = elem_size(want.type());
  const auto* g = static_cast<const unsigned char*>(got.raw());
  const auto* w = static_cast<const unsigned char*>(want.raw());
  std::size_t first = want.elements(), count = 0;
  for (std::size_t i = 0; i < want.elements(); ++i)
    if (std::memcmp(g + i * es, w + i * es, es) != 0) {
      if (first == want.elements()) first = i;
      ++count;
    }
  if (count == 0) return {};
  const int ch = want.channels(), cols = want.cols();
  const int r = static_cast<int>(first / (static_cast<std::size_t>(cols) * ch));
  const int c = static_cast<int>(first / ch % cols), k = static_cast<int>(first % ch);
  std::ostringstream s;
  s.precision(17);
  s << count << " elements differ; first at (" << r << "," << c << "," << k << "): " << got.at(r, c, k)
    << " vs " << want.at(r, c, k);
  return s.str();
}

Outcome golden_rows(Runner& runner, const Loader& load_png) {
  Outcome o;
  const Image butterfly = read_npy(test::golden_path("r2019b-cases/in_butterfly_double.npy"));
  for (const auto& row : test::golden_rows()) {
    ++o.cases;
    const std::string what = runner.name() + " " + row.expected;
    const ResizeSpec spec = test::golden_spec(row);
    if (row.compare == "f64") {
      const Image in = read_npy(test::golden_path(row.input));
      const Image want = read_npy(test::golden_path(row.expected));
      const Plan plan = make_plan(spec, in.rows(), in.cols());
      Image got;
      if (!expect_ok(o, what, runner.run(plan, in, got))) continue;
      expect_exact(o, what + " vs CPU", got, run(plan, in));
      if (!got.same_shape(want)) continue;  // reported just above
      for (std::size_t i = 0; i < want.elements(); ++i) {
        const double g = got.data<double>()[i], w = want.data<double>()[i];
        if (!(std::abs(g - w) <= 1e-12 * std::max(1.0, std::abs(w)))) {
          o.failures.push_back(what + " vs MATLAB: element " + std::to_string(i) + " differs");
          break;
        }
      }
      continue;
    }
    const bool exact = row.compare == "exact";
    if (load_png) {
      const Image in = load_png(test::golden_path(row.input));
      const Image want = load_png(test::golden_path(row.expected));
      const Image src = exact ? in : im2double(in);
      const Plan plan = make_plan(spec, src.rows(), src.cols());
      Image got;
      if (!expect_ok(o, what, runner.run(plan, src, got))) continue;
      expect_exact(o, what + " vs CPU", got, run(plan, src));
      expect_exact(o, what + " vs MATLAB", exact ? got : im2uint8(got), want);
    } else {
      const Image src = exact ? im2uint8(butterfly) : butterfly;
      const Plan plan = make_plan(spec, src.rows(), src.cols());
      Image got;
      if (!expect_ok(o, what + " (spec on the butterfly .npy)", runner.run(plan, src, got))) continue;
      expect_exact(o, what + " (spec on the butterfly .npy) vs CPU", got, run(plan, src));
    }
  }
  return o;
}

Outcome random_forward(Runner& runner, unsigned seed) {
  Outcome o;
  std::mt19937 rng(seed);
  for (Method m : builtin_methods())
    for (ElemType t : all_types())
      for (int ch = 1; ch <= 5; ++ch)
        for (Boundary b : {Boundary::Modern, Boundary::Legacy}) {
          ++o.cases;
          int in_r = 0, in_c = 0;
          const Plan plan = random_plan(m, b, rng, in_r, in_c);
          const Image in = random_image(in_r, in_c, ch, t, rng);
          const std::string what = runner.name() + " " + describe(plan, in);
          Image got;
          if (!expect_ok(o, what, runner.run(plan, in, got))) continue;
          expect_exact(o, what, got, run(plan, in));
        }
  return o;
}

Outcome batch(Runner& runner, unsigned seed) {
  Outcome o;
  std::mt19937 rng(seed);
  int k = 0;
  for (ElemType t : all_types())
    for (int n : {1, 4}) {
      ++o.cases;
      const Method m = builtin_methods()[static_cast<std::size_t>(k++) % builtin_methods().size()];
      int in_r = 0, in_c = 0;
      const Plan plan = random_plan(m, k % 2 ? Boundary::Legacy : Boundary::Modern, rng, in_r, in_c);
      std::vector<Image> in;
      for (int i = 0; i < n; ++i) in.push_back(random_image(in_r, in_c, 1 + (k % 5), t, rng));
      expect_batch_exact(o, runner, plan, in);
    }
  // An empty batch is no work and no error.
  ++o.cases;
  std::vector<Image> none, got{Image(1, 1, 1, ElemType::U8)};
  if (expect_ok(o, runner.name() + " empty batch",
                runner.run_batch(make_plan(ResizeSpec::with_scale(2), 3, 3), none, got)) &&
      !got.empty())
    o.failures.push_back(runner.name() + " empty batch: results were returned");
  return o;
}

Outcome backward(Runner& runner, unsigned seed) {
  Outcome o;
  std::mt19937 rng(seed);
  for (Method m : builtin_methods())
    for (Boundary b : {Boundary::Modern, Boundary::Legacy})
      for (ElemType t : {ElemType::F32, ElemType::F64}) {
        ++o.cases;
        int in_r = 0, in_c = 0;
        const Plan plan = random_plan(m, b, rng, in_r, in_c);
        const Image g = random_image(plan.out_rows, plan.out_cols, 1 + o.cases % 4, t, rng);
        const std::string what = runner.name() + " backward " + describe(plan, g);
        Image got;
        if (!expect_ok(o, what, runner.backward(plan, g, got))) continue;
        const Image want = resize_backward(g, plan);
        if (t == ElemType::F64) {
          expect_exact(o, what, got, want);
        } else if (!got.same_shape(want) || got.type() != want.type()) {
          o.failures.push_back(what + ": got " + shape_of(got) + ", want " + shape_of(want));
        } else {
          for (std::size_t i = 0; i < want.elements(); ++i) {
            const double gv = got.data<float>()[i], wv = want.data<float>()[i];
            if (!(std::abs(gv - wv) <= 1e-6 * std::max(1.0, std::abs(wv)))) {
              o.failures.push_back(what + ": element " + std::to_string(i) +
                                   " differs by more than 1e-6 relative");
              break;
            }
          }
        }
      }
  ++o.cases;
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 8);
  Image gi;
  const Status s = runner.backward(plan, Image(4, 4, 1, ElemType::U8), gi);
  if (s.ok || s.message.empty())
    o.failures.push_back(runner.name() + " backward of a uint8 image: expected a refusal with a message");
  return o;
}

Outcome shapes(Runner& runner, unsigned seed) {
  Outcome o;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> side(1, 13), pick(0, 6), batch_size(1, 3);
  const std::vector<Method>& methods = builtin_methods();
  int k = 0;
  for (ElemType t : all_types())
    for (int ch = 1; ch <= 9; ++ch)
      for (int shape = 0; shape < 4; ++shape) {
        ++o.cases;
        // 1 x 1, 1 x N, N x 1, then free: lines of every length modulo the vector width.
        const int in_r = shape == 0 || shape == 1 ? 1 : side(rng);
        const int in_c = shape == 0 || shape == 2 ? 1 : side(rng);
        ResizeSpec spec = pick(rng) < 3
                              ? ResizeSpec::with_scale(0.5 + 0.25 * pick(rng), 0.3 + 0.4 * pick(rng),
                                                       methods[static_cast<std::size_t>(k) % methods.size()])
                              : ResizeSpec::with_size(side(rng), side(rng) + 3,
                                                      methods[static_cast<std::size_t>(k) % methods.size()]);
        spec.boundary = k % 2 ? Boundary::Legacy : Boundary::Modern;
        spec.antialiasing = k % 3 != 0;
        ++k;
        const Plan plan = make_plan(spec, in_r, in_c);
        std::vector<Image> in;
        const int n = batch_size(rng);
        for (int i = 0; i < n; ++i) in.push_back(random_image(in_r, in_c, ch, t, rng));
        expect_batch_exact(o, runner, plan, in);
      }
  return o;
}

Outcome device_reuse(unsigned seed) {
  Outcome o;
  std::mt19937 rng(seed);
  Resizer r;
  const ResizeSpec spec = ResizeSpec::with_scale(0.37, Method::Bicubic);
  const Plan p1 = make_plan(spec, 50, 61);
  const Image a = random_image(50, 61, 3, ElemType::U8, rng);
  Image got;

  ++o.cases;
  if (!expect_ok(o, "first run", r.run(p1, a, got))) return o;
  expect_exact(o, "first run", got, run(p1, a));
  const std::size_t first = r.tables_uploaded();
  if (first != 2) o.failures.push_back("first run uploaded " + std::to_string(first) + " tables, want 2");

  ++o.cases;
  const Plan p1_again = make_plan(spec, 50, 61);  // a new Plan object with the same tables
  if (expect_ok(o, "same tables, new plan", r.run(p1_again, a, got)))
    expect_exact(o, "same tables, new plan", got, run(p1, a));
  if (expect_ok(o, "same plan again", r.run(p1, a, got))) expect_exact(o, "same plan again", got, run(p1, a));
  if (r.tables_uploaded() != first)
    o.failures.push_back("equal tables were uploaded again (" + std::to_string(r.tables_uploaded()) +
                         " uploads)");

  ++o.cases;
  const Plan p2 = make_plan(ResizeSpec::with_size(77, 20, Method::Lanczos3), 50, 61);
  if (expect_ok(o, "second plan", r.run(p2, a, got))) expect_exact(o, "second plan", got, run(p2, a));
  if (r.tables_uploaded() != first + 2)
    o.failures.push_back("a new plan gave " + std::to_string(r.tables_uploaded() - first) +
                         " uploads, want 2");

  ++o.cases;  // device pointers in and out, a batch of two
  {
    const Image b = random_image(50, 61, 3, ElemType::U8, rng);
    DeviceMemory din, dout;
    const std::size_t out_bytes = static_cast<std::size_t>(p2.out_rows) * p2.out_cols * 3;
    std::vector<unsigned char> packed(a.bytes() * 2), result(out_bytes * 2);
    std::memcpy(packed.data(), a.raw(), a.bytes());
    std::memcpy(packed.data() + a.bytes(), b.raw(), b.bytes());
    if (expect_ok(o, "device memory", din.allocate(packed.size())) &&
        expect_ok(o, "device memory", dout.allocate(result.size())) &&
        expect_ok(o, "upload", din.upload(packed.data(), packed.size())) &&
        expect_ok(o, "run_device", r.run_device(p2, ElemType::U8, 3, 2, din.data(), dout.data())) &&
        expect_ok(o, "synchronize", r.synchronize()) &&
        expect_ok(o, "download", dout.download(result.data(), result.size()))) {
      Image ga = Image::uninitialized(p2.out_rows, p2.out_cols, 3, ElemType::U8), gb = ga;
      std::memcpy(ga.raw(), result.data(), out_bytes);
      std::memcpy(gb.raw(), result.data() + out_bytes, out_bytes);
      expect_exact(o, "run_device image 0", ga, run(p2, a));
      expect_exact(o, "run_device image 1", gb, run(p2, b));
    }
  }

  ++o.cases;  // backward through device pointers
  {
    const Image g = random_image(p1.out_rows, p1.out_cols, 2, ElemType::F64, rng);
    DeviceMemory dg, dgi;
    Image gi = Image::uninitialized(p1.in_rows, p1.in_cols, 2, ElemType::F64);
    if (expect_ok(o, "device memory", dg.allocate(g.bytes())) &&
        expect_ok(o, "device memory", dgi.allocate(gi.bytes())) &&
        expect_ok(o, "upload", dg.upload(g.raw(), g.bytes())) &&
        expect_ok(o, "backward_device", r.backward_device(p1, ElemType::F64, 2, 1, dg.data(), dgi.data())) &&
        expect_ok(o, "synchronize", r.synchronize()) &&
        expect_ok(o, "download", dgi.download(gi.raw(), gi.bytes())))
      expect_exact(o, "backward_device", gi, resize_backward(g, p1));
  }

  ++o.cases;  // the tuned kernels reuse the cached tables (their tap-major copies came with them)
  {
    const Kernels before = r.kernels();
    const std::size_t uploaded = r.tables_uploaded();
    r.set_kernels(Kernels::Tuned);
    if (expect_ok(o, "tuned kernels", r.run(p1, a, got))) expect_exact(o, "tuned kernels", got, run(p1, a));
    if (r.tables_uploaded() != uploaded) o.failures.push_back("switching kernels uploaded the tables again");
    r.set_kernels(before);
  }

  ++o.cases;  // buffers grown and freed while work is still queued: the queued work must finish first
  {
    const Image big = random_image(120, 90, 3, ElemType::U8, rng);
    const Plan pb = make_plan(ResizeSpec::with_scale(1.7), 120, 90);
    DeviceMemory din, dout_small, dout_big;
    const std::size_t small_out = static_cast<std::size_t>(p1.out_rows) * p1.out_cols * 3;
    const std::size_t big_out = static_cast<std::size_t>(pb.out_rows) * pb.out_cols * 3;
    std::vector<unsigned char> res_small(small_out), res_big(big_out);
    if (expect_ok(o, "device memory", din.allocate(a.bytes())) &&
        expect_ok(o, "device memory", dout_small.allocate(small_out)) &&
        expect_ok(o, "device memory", dout_big.allocate(big_out)) &&
        expect_ok(o, "upload", din.upload(a.raw(), a.bytes())) &&
        expect_ok(o, "run_device", r.run_device(p1, ElemType::U8, 3, 1, din.data(), dout_small.data())) &&
        // No synchronize: the intermediate buffer grows and din is reallocated under queued work.
        expect_ok(o, "device memory", din.allocate(big.bytes())) &&
        expect_ok(o, "upload", din.upload(big.raw(), big.bytes())) &&
        expect_ok(o, "run_device", r.run_device(pb, ElemType::U8, 3, 1, din.data(), dout_big.data())) &&
        expect_ok(o, "synchronize", r.synchronize()) &&
        expect_ok(o, "download", dout_small.download(res_small.data(), small_out)) &&
        expect_ok(o, "download", dout_big.download(res_big.data(), big_out))) {
      Image gs = Image::uninitialized(p1.out_rows, p1.out_cols, 3, ElemType::U8);
      Image gb = Image::uninitialized(pb.out_rows, pb.out_cols, 3, ElemType::U8);
      std::memcpy(gs.raw(), res_small.data(), small_out);
      std::memcpy(gb.raw(), res_big.data(), big_out);
      expect_exact(o, "run_device before the buffers grew", gs, run(p1, a));
      expect_exact(o, "run_device after the buffers grew", gb, run(pb, big));
    }
  }

  ++o.cases;  // device pointers not aligned to the element size are refused with a message
  {
    DeviceMemory din, dout;
    if (expect_ok(o, "device memory", din.allocate(64 * 64 * 4 + 8)) &&
        expect_ok(o, "device memory", dout.allocate(32 * 32 * 4 + 8))) {
      const Plan ph = make_plan(ResizeSpec::with_scale(0.5), 64, 64);
      const Status s = r.run_device(ph, ElemType::F32, 1, 1, static_cast<char*>(din.data()) + 2, dout.data());
      if (s.ok || s.message.find("aligned") == std::string::npos)
        o.failures.push_back("a float32 input at an odd address was not refused: " + s.message);
      const Status t = r.run_device(ph, ElemType::F32, 1, 1, din.data(), static_cast<char*>(dout.data()) + 1);
      if (t.ok || t.message.find("aligned") == std::string::npos)
        o.failures.push_back("a float32 output at an odd address was not refused: " + t.message);
    }
  }

  ++o.cases;  // work queued on a caller's stream (here another Resizer's), then back on its own
  {
    Resizer other;
    if (expect_ok(o, "another stream", other.synchronize()) &&
        expect_ok(o, "set_stream", r.set_stream(other.stream()))) {
      if (r.stream() != other.stream()) o.failures.push_back("set_stream did not switch the stream");
      if (expect_ok(o, "run on a caller's stream", r.run(p2, a, got)))
        expect_exact(o, "run on a caller's stream", got, run(p2, a));
      if (expect_ok(o, "set_stream(nullptr)", r.set_stream(nullptr)) && r.stream() == other.stream())
        o.failures.push_back("set_stream(nullptr) did not go back to the Resizer's own stream");
      if (expect_ok(o, "run on its own stream again", r.run(p1, a, got)))
        expect_exact(o, "run on its own stream again", got, run(p1, a));
    }
  }

  ++o.cases;  // wrong shape: a clear refusal, and the Resizer still works afterwards
  {
    const Status s = r.run(p1, Image(49, 61, 3, ElemType::U8), got);
    if (s.ok || s.message.empty()) o.failures.push_back("a 49x61 image through a 50x61 plan was not refused");
    if (expect_ok(o, "run after a refusal", r.run(p1, a, got)))
      expect_exact(o, "run after a refusal", got, run(p1, a));
  }
  return o;
}

}  // namespace rl::cuda::check
