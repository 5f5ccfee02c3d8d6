// resizelab._core: the pybind11 module over the core (and the CUDA resizer when built). Argument
// checking, element-type dispatch and array views live here; every number comes from the core.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rl/adjoint.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/device_policy.hpp"
#include "rl/device_runner.hpp"
#include "rl/parse.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace py = pybind11;

void bind_metrics(py::module_& m);   // metrics_bindings.cpp
void bind_identify(py::module_& m);  // identify_bindings.cpp
void bind_degrade(py::module_& m);   // degrade_bindings.cpp

namespace {

// pybind11 turns std::invalid_argument into ValueError, py::type_error into TypeError and
// std::runtime_error into RuntimeError (used when the device cannot do what was asked).
using TypeMismatch = py::type_error;
using DeviceError = std::runtime_error;

// ---------------------------------------------------------------------------------------------
// Element types: the one table that maps numpy dtypes to the core's. A new core type is one line.
struct DtypeEntry {
  char kind;     // numpy dtype.kind
  int itemsize;  // bytes
  rl::ElemType type;
  const char* descr;  // numpy type string for the output (native byte order)
};
constexpr DtypeEntry kDtypes[] = {
    {'u', 1, rl::ElemType::U8, "uint8"},     {'u', 2, rl::ElemType::U16, "uint16"},
    {'f', 4, rl::ElemType::F32, "float32"},  {'f', 8, rl::ElemType::F64, "float64"},
    {'i', 1, rl::ElemType::I8, "int8"},      {'i', 2, rl::ElemType::I16, "int16"},
    {'i', 4, rl::ElemType::I32, "int32"},    {'u', 4, rl::ElemType::U32, "uint32"},
    {'b', 1, rl::ElemType::Logical, "bool"},
};

std::string supported_dtypes() {
  std::string s;
  for (const DtypeEntry& e : kDtypes) s += (s.empty() ? "" : ", ") + std::string(e.descr);
  return s;
}

const DtypeEntry& entry_of(rl::ElemType t) {
  for (const DtypeEntry& e : kDtypes)
    if (e.type == t) return e;
  throw std::logic_error("element type without a numpy dtype: " + rl::to_string(t));
}

py::dtype dtype_of(rl::ElemType t) { return py::dtype(entry_of(t).descr); }

std::string dtype_name(const py::dtype& d) { return py::str(py::handle(d)).cast<std::string>(); }

rl::ElemType elem_type_of(const py::dtype& d) {
  const char kind = d.kind();
  const auto size = static_cast<int>(d.itemsize());
  const bool native = d.attr("isnative").cast<bool>();
  if (native)
    for (const DtypeEntry& e : kDtypes)
      if (e.kind == kind && e.itemsize == size) return e.type;
  throw TypeMismatch("unsupported dtype " + dtype_name(d) + (native ? "" : " (non-native byte order)") +
                     "; supported: " + supported_dtypes());
}

// ---------------------------------------------------------------------------------------------
// Device choice: "cpu", "cuda" or "auto" (a usable CUDA device, else the CPU), by the shared device
// policy (rl/device_policy.hpp): the same spellings ("gpu" = cuda), the same auto fallback and the
// same refusal message as `imresize --device`.
rl::Device device_of(const std::string& device) {
  const std::optional<rl::Device> d = rl::parse_device(device);
  if (!d)
    throw std::invalid_argument("device must be " + std::string(rl::kDeviceSpellings) + ", got '" + device +
                                "'");
  return *d;
}

// Whether `device` runs on CUDA now (resizelab.torch asks before it hands over device memory).
bool choose_cuda(const std::string& device) {
  const rl::DeviceChoice c = rl::choose_device(device_of(device));
  if (c.refused) throw DeviceError(c.refusal());
  return c.cuda;
}

// One Resizer per thread (it is not thread-safe), created on first use.
rl::cuda::Resizer& thread_resizer() {
  thread_local rl::cuda::Resizer r;
  return r;
}

// The runner of one call: the policy's choice, this thread's Resizer, and after a CUDA failure
// auto's fallback to the CPU; a refused cuda is rl::DeviceRefused, a RuntimeError.
rl::DeviceRunner runner_for(const std::string& device) {
  return rl::DeviceRunner(device_of(device), rl::DeviceRunner::OnRefusal::Throw,
                          [](const rl::Plan& plan, const rl::Image& in, rl::Image& out) {
                            return thread_resizer().run(plan, in, out);
                          });
}

void check_cuda(const rl::cuda::Status& st, const char* what) {
  if (!st) throw DeviceError(std::string(what) + ": " + st.message);
}

// ---------------------------------------------------------------------------------------------
// Python arguments, each checked with a one-line TypeError (pybind11's own overload errors are
// several lines long, so every public entry point takes plain objects).
std::string type_name(const py::handle& o) {
  return py::str(py::type::of(o).attr("__name__")).cast<std::string>();
}

py::array arg_array(const py::object& o, const char* what) {
  if (py::isinstance<py::array>(o)) return py::reinterpret_borrow<py::array>(o);
  py::array a = py::array::ensure(o);  // objects with __array__, nested lists; the dtype is theirs
  if (!a) throw TypeMismatch(std::string(what) + " must be a numpy array, got " + type_name(o));
  return a;
}

std::string arg_str(const py::object& o, const char* what) {
  if (!py::isinstance<py::str>(o))
    throw TypeMismatch(std::string(what) + " must be a string, got " + type_name(o));
  return o.cast<std::string>();
}

std::optional<bool> arg_antialiasing(const py::object& o) {
  if (o.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(o) || type_name(o) == "bool_") return py::bool_(o).cast<bool>();
  throw TypeMismatch("antialiasing must be True, False or None, got " + type_name(o));
}

std::vector<py::ssize_t> arg_shape(const py::object& o) {
  if (!py::isinstance<py::sequence>(o) || py::isinstance<py::str>(o))
    throw TypeMismatch("input_shape must be a tuple of ints, got " + type_name(o));
  std::vector<py::ssize_t> v;
  for (const py::handle h : py::reinterpret_borrow<py::sequence>(o)) {
    if (py::isinstance<py::bool_>(h) || !py::hasattr(h, "__index__"))
      throw TypeMismatch("input_shape entries must be ints, got " + type_name(h));
    const auto n = py::reinterpret_borrow<py::object>(h).attr("__index__")().cast<long long>();
    if (n < 0)
      throw std::invalid_argument("input_shape entries must not be negative, got " + std::to_string(n));
    v.push_back(static_cast<py::ssize_t>(n));
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Arguments to a ResizeSpec, with the core's parsers and messages.
std::pair<double, double> number_pair(const py::handle& v, const char* what, bool allow_none) {
  auto one = [&](const py::handle& x) -> double {
    if (allow_none && x.is_none()) return rl::kNaN;
    if (py::isinstance<py::bool_>(x) ||
        !(py::isinstance<py::float_>(x) || py::isinstance<py::int_>(x) || py::hasattr(x, "__float__")))
      throw TypeMismatch(std::string(what) + " entries must be numbers, got " +
                         py::str(py::type::of(x).attr("__name__")).cast<std::string>());
    return py::float_(py::reinterpret_borrow<py::object>(x)).cast<double>();
  };
  if (py::isinstance<py::sequence>(v) && !py::isinstance<py::str>(v)) {
    const auto seq = py::reinterpret_borrow<py::sequence>(v);
    if (seq.size() != 2)
      throw std::invalid_argument(std::string(what) + " takes one value or two (rows, cols), got " +
                                  std::to_string(seq.size()));
    return {one(seq[0]), one(seq[1])};
  }
  const double d = one(v);
  return {d, d};
}

rl::ResizeSpec make_spec(const py::object& scale, const py::object& size, const py::object& method_obj,
                         const py::object& aa_obj, const py::object& boundary_obj) {
  const std::string method = arg_str(method_obj, "method");
  const std::optional<bool> antialiasing = arg_antialiasing(aa_obj);
  const std::string boundary = arg_str(boundary_obj, "boundary");
  rl::ResizeSpec spec;
  if (!scale.is_none() && !size.is_none())
    throw std::invalid_argument("give either a scale or an output size, not both and not neither");
  if (!scale.is_none()) {
    if (py::isinstance<py::str>(scale))
      spec.scale = rl::parse_scale(scale.cast<std::string>());
    else
      spec.scale = number_pair(scale, "scale", false);
  }
  if (!size.is_none()) {
    if (py::isinstance<py::str>(size)) {
      spec.out_size = rl::parse_size(size.cast<std::string>());
    } else {
      if (!py::isinstance<py::sequence>(size))
        throw TypeMismatch("size must be a (rows, cols) pair, one side may be None or NaN");
      spec.out_size = number_pair(size, "size", true);
    }
  }
  const auto m = rl::parse_method(method);
  if (!m)
    throw std::invalid_argument("unknown method '" + method +
                                "' (use nearest, bilinear, bicubic, box, triangle, lanczos2 or lanczos3)");
  spec.method = *m;
  spec.antialiasing = antialiasing;
  const auto b = rl::parse_boundary(boundary);
  if (!b) throw std::invalid_argument("unknown boundary '" + boundary + "' (use modern or legacy)");
  spec.boundary = *b;
  return spec;
}

// ---------------------------------------------------------------------------------------------
// Shapes: numpy arrays are H x W x (trailing axes, resized as interleaved channels).
struct Shape2 {
  int rows = 0, cols = 0, channels = 1;
  std::vector<py::ssize_t> trailing;
};

int to_int(py::ssize_t v, const char* what) {
  if (v < 0 || v > 0x7fffffff) throw std::invalid_argument(std::string(what) + " is too large for an image");
  return static_cast<int>(v);
}

Shape2 shape_of(const std::vector<py::ssize_t>& dims) {
  if (dims.size() < 2)
    throw std::invalid_argument("an image needs at least two axes (rows, cols), got " +
                                std::to_string(dims.size()));
  Shape2 s;
  s.rows = to_int(dims[0], "the number of rows");
  s.cols = to_int(dims[1], "the number of columns");
  long long ch = 1;
  for (std::size_t i = 2; i < dims.size(); ++i) {
    s.trailing.push_back(dims[i]);
    ch *= dims[i];
    if (ch > 0x7fffffff) throw std::invalid_argument("too many channels");
  }
  if (ch < 1) throw std::invalid_argument("the image has no channels (a trailing axis of length 0)");
  s.channels = static_cast<int>(ch);
  return s;
}

Shape2 shape_of(const py::array& a) {
  return shape_of(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()));
}

rl::PlanLimits limits_for(int channels) {
  rl::PlanLimits l;
  l.channels = channels;
  return l;
}

// The input as an Image: the array's own memory when it is C-contiguous, else one strided copy (the
// type never changes). `holder` keeps a copy alive.
rl::Image input_image(const py::array& a, const Shape2& s, rl::ElemType t) {
  if (a.flags() & py::array::c_style)
    return rl::Image::borrow(const_cast<void*>(a.data()), s.rows, s.cols, s.channels, t);
  rl::Image im = rl::Image::uninitialized(s.rows, s.cols, s.channels, t);
  const auto nd = static_cast<std::size_t>(a.ndim());
  const std::size_t es = rl::elem_size(t);
  std::vector<py::ssize_t> shape(a.shape(), a.shape() + nd), strides(a.strides(), a.strides() + nd);
  std::vector<py::ssize_t> idx(nd, 0);
  auto* dst = static_cast<unsigned char*>(im.raw());
  const auto* base = static_cast<const unsigned char*>(a.data());
  const std::size_t n = im.elements();
  for (std::size_t k = 0; k < n; ++k) {
    py::ssize_t off = 0;
    for (std::size_t d = 0; d < nd; ++d) off += idx[d] * strides[d];
    std::memcpy(dst + k * es, base + off, es);
    for (std::size_t d = nd; d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return im;
}

// An Image handed to numpy without a copy: the array owns it through a capsule.
py::array to_array(rl::Image&& im, std::vector<py::ssize_t> shape) {
  auto* owner = new rl::Image(std::move(im));
  py::capsule cap(owner, [](void* p) { delete static_cast<rl::Image*>(p); });
  return py::array(dtype_of(owner->type()), std::move(shape), {}, owner->raw(), cap);
}

std::vector<py::ssize_t> out_shape(int rows, int cols, const Shape2& s) {
  std::vector<py::ssize_t> v{rows, cols};
  v.insert(v.end(), s.trailing.begin(), s.trailing.end());
  return v;
}

// ---------------------------------------------------------------------------------------------
// Plan: a core plan plus the input shape it was made for (trailing axes included) and the spec it was
// made from, which is what a pickle holds (the tables are rebuilt on load, the same bits).
struct PyPlan {
  std::shared_ptr<const rl::Plan> plan;
  std::vector<py::ssize_t> input_shape;
  rl::ResizeSpec spec;
};

struct PyTable {
  std::shared_ptr<const rl::Plan> plan;  // keeps the table alive
  const rl::AxisTable* t = nullptr;
};

template <class T>
py::array table_array(const py::object& owner, const std::vector<T>& v, std::vector<py::ssize_t> shape) {
  py::array a(py::dtype::of<T>(), std::move(shape), {}, v.data(), owner);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

// The caller's output array of Plan.__call__(image, out=...): the plan's output shape and the image's
// dtype, C-contiguous, writeable and not overlapping the image, so the resize writes straight into it.
rl::Image output_into(const py::object& out_obj, const py::array& image,
                      const std::vector<py::ssize_t>& shape, rl::ElemType t) {
  if (!py::isinstance<py::array>(out_obj))
    throw TypeMismatch("out must be a numpy array, got " + type_name(out_obj));
  py::array out = py::reinterpret_borrow<py::array>(out_obj);
  if (!out.dtype().equal(image.dtype()))
    throw TypeMismatch("out has dtype " + dtype_name(out.dtype()) + ", the image " +
                       dtype_name(image.dtype()));
  if (std::vector<py::ssize_t>(out.shape(), out.shape() + out.ndim()) != shape) {
    std::string want, got;
    for (py::ssize_t v : shape) want += (want.empty() ? "" : ", ") + std::to_string(v);
    for (py::ssize_t i = 0; i < out.ndim(); ++i) got += (i ? ", " : "") + std::to_string(out.shape(i));
    throw std::invalid_argument("out has shape (" + got + "), the plan's output is (" + want + ")");
  }
  if (!(out.flags() & py::array::c_style)) throw std::invalid_argument("out must be C-contiguous");
  if (!out.writeable()) throw std::invalid_argument("out is read-only");
  // Byte ranges of the two arrays' memory (the image's from its extreme strides: it may be a view).
  const auto* ob = static_cast<const unsigned char*>(out.data());
  const auto* ib = static_cast<const unsigned char*>(image.data());
  std::ptrdiff_t lo = 0, hi = static_cast<std::ptrdiff_t>(image.itemsize());
  for (py::ssize_t d = 0; d < image.ndim(); ++d) {
    const std::ptrdiff_t span = (image.shape(d) - 1) * image.strides(d);
    (span < 0 ? lo : hi) += span;
  }
  if (image.size() > 0 && out.nbytes() > 0 && ob < ib + hi && ib + lo < ob + out.nbytes())
    throw std::invalid_argument("out overlaps the image (a resize cannot run in place)");
  const Shape2 s = shape_of(shape);
  return rl::Image::borrow(out.mutable_data(), s.rows, s.cols, s.channels, t);
}

py::object run_plan(const PyPlan& p, const py::object& image_obj, const py::object& out_obj,
                    const py::object& device_obj) {
  const py::array image = arg_array(image_obj, "image");
  const std::string device = arg_str(device_obj, "device");
  const Shape2 s = shape_of(image);
  if (s.rows != p.plan->in_rows || s.cols != p.plan->in_cols)
    throw std::invalid_argument("the image is " + std::to_string(s.rows) + "x" + std::to_string(s.cols) +
                                ", the plan was made for " + std::to_string(p.plan->in_rows) + "x" +
                                std::to_string(p.plan->in_cols));
  const rl::ElemType t = elem_type_of(image.dtype());
  const std::vector<py::ssize_t> shape = out_shape(p.plan->out_rows, p.plan->out_cols, s);
  rl::DeviceRunner runner = runner_for(device);
  if (!out_obj.is_none()) {
    rl::Image dst = output_into(out_obj, image, shape, t);
    {
      py::gil_scoped_release nogil;
      const rl::Image in = input_image(image, s, t);
      if (runner.using_cuda()) {  // the device's result comes back to the host: one copy into out
        const rl::Image r = runner.run(*p.plan, in);
        if (r.bytes()) std::memcpy(dst.raw(), r.raw(), r.bytes());
      } else {
        rl::run_into(*p.plan, in, dst);  // no allocation: the resize writes into out
      }
    }
    return out_obj;
  }
  rl::Image out;
  {
    py::gil_scoped_release nogil;
    const rl::Image in = input_image(image, s, t);
    out = runner.run(*p.plan, in);
  }
  return to_array(std::move(out), shape);
}

// The plans made last, by what they were made from: imresize() in a loop over images of one shape (a
// dataset, a training batch) makes each plan once, as a reused Plan would (making one costs as much
// as resizing a small image: 30 us to 0.2 ms for 2040x1356). Plans are immutable, so sharing one is
// safe.
class PlanCache {
 public:
  std::shared_ptr<const rl::Plan> get(const rl::ResizeSpec& spec, const Shape2& s) {
    const std::string key = key_of(spec, s);
    {
      std::lock_guard lock(m_);
      const auto it =
          std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; });
      if (it != entries_.end()) {
        std::rotate(entries_.begin(), it, it + 1);  // most recently used first
        return entries_.front().second;
      }
    }
    std::shared_ptr<const rl::Plan> plan;
    {
      py::gil_scoped_release nogil;
      plan = std::make_shared<const rl::Plan>(rl::make_plan(spec, s.rows, s.cols, limits_for(s.channels)));
    }
    std::lock_guard lock(m_);
    entries_.insert(entries_.begin(), {key, plan});
    if (entries_.size() > kEntries) entries_.pop_back();
    return plan;
  }

 private:
  static constexpr std::size_t kEntries = 8;
  // Every field a plan depends on, doubles by their bits (a NaN side of a size is one key).
  static std::string key_of(const rl::ResizeSpec& sp, const Shape2& s) {
    std::string k;
    const auto put = [&](const auto& v) { k.append(reinterpret_cast<const char*>(&v), sizeof v); };
    const auto put_pair = [&](const std::optional<std::pair<double, double>>& v) {
      put(v.has_value());
      if (v) put(v->first), put(v->second);
    };
    put(s.rows), put(s.cols), put(s.channels);
    put_pair(sp.scale);
    put_pair(sp.out_size);
    put(sp.method), put(sp.antialiasing.has_value()), put(sp.antialiasing.value_or(false)), put(sp.boundary);
    return k;
  }
  std::mutex m_;
  std::vector<std::pair<std::string, std::shared_ptr<const rl::Plan>>> entries_;
};

PyPlan make_py_plan(const std::vector<py::ssize_t>& input_shape, const py::object& scale,
                    const py::object& size, const py::object& method, const py::object& antialiasing,
                    const py::object& boundary) {
  static PlanCache cache;
  const Shape2 s = shape_of(input_shape);
  PyPlan p;
  p.input_shape = input_shape;
  p.spec = make_spec(scale, size, method, antialiasing, boundary);
  p.plan = cache.get(p.spec, s);
  return p;
}

py::array imresize(const py::object& image_obj, const py::object& scale, const py::object& size,
                   const py::object& method, const py::object& antialiasing, const py::object& boundary,
                   const py::object& device) {
  const py::array image = arg_array(image_obj, "image");
  (void)elem_type_of(image.dtype());  // a dtype error before any argument error, as the command does
  const PyPlan p = make_py_plan(std::vector<py::ssize_t>(image.shape(), image.shape() + image.ndim()), scale,
                                size, method, antialiasing, boundary);
  return py::reinterpret_borrow<py::array>(run_plan(p, image, py::none(), device));
}

// Pickling: the arguments Plan(...) would be called with, read back through the same checks.
py::tuple plan_state(const PyPlan& p) {
  auto pair = [](const std::optional<std::pair<double, double>>& v) -> py::object {
    if (!v) return py::none();
    auto side = [](double d) -> py::object { return std::isnan(d) ? py::object(py::none()) : py::float_(d); };
    return py::make_tuple(side(v->first), side(v->second));
  };
  const rl::ResizeSpec& sp = p.spec;
  return py::make_tuple(py::tuple(py::cast(p.input_shape)), pair(sp.scale), pair(sp.out_size),
                        rl::to_string(sp.method), sp.antialiasing ? py::cast(*sp.antialiasing) : py::none(),
                        rl::to_string(sp.boundary));
}

PyPlan plan_from_state(const py::tuple& st) {
  if (st.size() != 6) throw std::invalid_argument("not a pickled resizelab.Plan");
  return make_py_plan(arg_shape(st[0]), st[1], st[2], st[3], st[4], st[5]);
}

const PyPlan& arg_plan(const py::object& o) {
  if (!py::isinstance<PyPlan>(o)) throw TypeMismatch("plan must be a resizelab.Plan, got " + type_name(o));
  return o.cast<const PyPlan&>();
}

py::array imresize_backward(const py::object& grad_obj, const py::object& plan_obj,
                            const py::object& device_obj) {
  const py::array grad = arg_array(grad_obj, "grad_output");
  const PyPlan& p = arg_plan(plan_obj);
  const std::string device = arg_str(device_obj, "device");
  const Shape2 s = shape_of(grad);
  const rl::ElemType t = elem_type_of(grad.dtype());
  if (t != rl::ElemType::F32 && t != rl::ElemType::F64)
    throw TypeMismatch("the backward pass is defined for float32 and float64, got " +
                       dtype_name(grad.dtype()) + " (integer rounding is not differentiable)");
  if (s.rows != p.plan->out_rows || s.cols != p.plan->out_cols)
    throw std::invalid_argument("the gradient is " + std::to_string(s.rows) + "x" + std::to_string(s.cols) +
                                ", the plan's output is " + std::to_string(p.plan->out_rows) + "x" +
                                std::to_string(p.plan->out_cols));
  rl::DeviceRunner runner = runner_for(device);
  rl::Image out;
  {
    py::gil_scoped_release nogil;
    const rl::Image in = input_image(grad, s, t);
    out = runner.run_with([&](rl::Image& o) { return thread_resizer().backward(*p.plan, in, o); },
                          [&] { return rl::resize_backward(in, *p.plan); });
  }
  return to_array(std::move(out), out_shape(p.plan->in_rows, p.plan->in_cols, s));
}

// ---------------------------------------------------------------------------------------------
// Batches for resizelab.torch: `src` and `dst` are C-contiguous (B, H, W) arrays, B one-channel
// images, or (B, H, W, C) arrays, B images of C interleaved channels (a channels_last tensor's own
// memory); numpy views of torch tensors, no copy. Each image is resized into its place in `dst`.
int check_planar(const py::array& a, int rows, int cols, const char* what) {
  if ((a.ndim() != 3 && a.ndim() != 4) || !(a.flags() & py::array::c_style))
    throw std::invalid_argument(std::string(what) +
                                " must be a C-contiguous (batch, rows, cols[, channels]) array");
  if (a.shape(1) != rows || a.shape(2) != cols)
    throw std::invalid_argument(std::string(what) + " is " + std::to_string(a.shape(1)) + "x" +
                                std::to_string(a.shape(2)) + ", expected " + std::to_string(rows) + "x" +
                                std::to_string(cols));
  return a.ndim() == 4 ? to_int(a.shape(3), "the number of channels") : 1;
}

struct PlanarBatch {
  rl::ElemType type{};
  int batch = 0, channels = 1;
  std::size_t in_step = 0, out_step = 0;  // bytes per image
};

PlanarBatch planar_pair(const PyPlan& p, const py::array& src, py::array& dst, bool backward) {
  const rl::Plan& pl = *p.plan;
  PlanarBatch b;
  b.type = elem_type_of(src.dtype());
  if (elem_type_of(dst.dtype()) != b.type) throw TypeMismatch("the output's dtype differs from the input's");
  if (!dst.writeable()) throw std::invalid_argument("the output array is read-only");
  const int ir = backward ? pl.out_rows : pl.in_rows, ic = backward ? pl.out_cols : pl.in_cols;
  const int or_ = backward ? pl.in_rows : pl.out_rows, oc = backward ? pl.in_cols : pl.out_cols;
  b.channels = check_planar(src, ir, ic, "the input");
  if (check_planar(dst, or_, oc, "the output") != b.channels || src.ndim() != dst.ndim())
    throw std::invalid_argument("input and output channels differ");
  if (src.shape(0) != dst.shape(0)) throw std::invalid_argument("input and output batch sizes differ");
  b.batch = to_int(src.shape(0), "the batch size");
  // The plan's element limit, per image with its channels (the plan was made for one channel).
  const auto [mr, mc] = pl.intermediate_shape();
  const double biggest =
      std::max({static_cast<double>(pl.in_rows) * pl.in_cols, static_cast<double>(pl.out_rows) * pl.out_cols,
                static_cast<double>(mr) * mc});
  if (biggest * b.channels > static_cast<double>(rl::PlanLimits{}.max_elements))
    throw std::invalid_argument("an image of " + std::to_string(b.channels) +
                                " interleaved channels is over the element limit; use a contiguous tensor");
  const std::size_t px = static_cast<std::size_t>(b.channels) * rl::elem_size(b.type);
  b.in_step = static_cast<std::size_t>(ir) * ic * px;
  b.out_step = static_cast<std::size_t>(or_) * oc * px;
  return b;
}

void run_planar(const PyPlan& p, const py::array& src, py::array& dst) {
  const PlanarBatch b = planar_pair(p, src, dst, false);
  const rl::Plan& pl = *p.plan;
  const auto* in_base = static_cast<const unsigned char*>(src.data());
  auto* out_base = static_cast<unsigned char*>(dst.mutable_data());
  py::gil_scoped_release nogil;
  // torch.empty's fresh memory: on huge pages before the first write (a 133 MB result took 50 ms of
  // page faults on 4 KiB pages, 8.5 ms on huge pages).
  rl::advise_huge_pages(out_base, b.out_step * static_cast<std::size_t>(b.batch));
  for (int k = 0; k < b.batch; ++k) {
    const rl::Image in = rl::Image::borrow(const_cast<unsigned char*>(in_base + k * b.in_step), pl.in_rows,
                                           pl.in_cols, b.channels, b.type);
    rl::Image out =
        rl::Image::borrow(out_base + k * b.out_step, pl.out_rows, pl.out_cols, b.channels, b.type);
    rl::run_into(pl, in, out);
  }
}

void backward_planar(const PyPlan& p, const py::array& src, py::array& dst) {
  const PlanarBatch b = planar_pair(p, src, dst, true);
  if (b.type != rl::ElemType::F32 && b.type != rl::ElemType::F64)
    throw TypeMismatch("the backward pass is defined for float32 and float64, got " +
                       dtype_name(src.dtype()) + " (integer rounding is not differentiable)");
  const rl::Plan& pl = *p.plan;
  const auto* in_base = static_cast<const unsigned char*>(src.data());
  auto* out_base = static_cast<unsigned char*>(dst.mutable_data());
  py::gil_scoped_release nogil;
  // The transposed tables once for the whole batch; the passes exactly as rl::resize_backward runs them.
  const rl::Axis first = pl.order[0], second = pl.order[1];
  const rl::TransposedTable t2 = rl::transpose_table(pl.table(second));
  const rl::TransposedTable t1 = rl::transpose_table(pl.table(first));
  for (int k = 0; k < b.batch; ++k) {
    const rl::Image g = rl::Image::borrow(const_cast<unsigned char*>(in_base + k * b.in_step), pl.out_rows,
                                          pl.out_cols, b.channels, b.type);
    const rl::Image mid = rl::resize_pass_backward(t2, second, g);
    const rl::Image res = rl::resize_pass_backward(t1, first, mid);
    std::memcpy(out_base + k * b.out_step, res.raw(), b.out_step);
  }
}

// CUDA device memory, batches as above: pointers from torch (data_ptr) or __cuda_array_interface__, work
// queued on the caller's stream without waiting for it (a stream-ordered call, as torch's own ops are).
void device_planar(const PyPlan& p, const std::string& dtype, int batch, std::uintptr_t src,
                   std::uintptr_t dst, std::uintptr_t stream, bool backward, int channels) {
  const rl::ElemType t = elem_type_of(py::dtype(dtype));
  if (backward && t != rl::ElemType::F32 && t != rl::ElemType::F64)
    throw TypeMismatch("the backward pass is defined for float32 and float64, got " + dtype);
  if (batch < 0) throw std::invalid_argument("the batch size must not be negative");
  if (channels < 1) throw std::invalid_argument("the number of channels must be positive");
  if (!rl::cuda::built_with_cuda())
    throw DeviceError("this resizelab was built without CUDA support; CUDA tensors cannot be resized");
  const rl::cuda::Status st = rl::cuda::device_status();
  if (!st) throw DeviceError("no usable CUDA device: " + st.message);
  py::gil_scoped_release nogil;
  rl::cuda::Resizer& r = thread_resizer();
  // torch reports its legacy default stream as 0; the Resizer's null means its own non-blocking stream,
  // which would not be ordered after torch's work, so 0 becomes cudaStreamLegacy (0x1).
  constexpr std::uintptr_t kCudaStreamLegacy = 1;
  void* const want = reinterpret_cast<void*>(stream == 0 ? kCudaStreamLegacy : stream);
  // set_stream waits for work queued on the previous stream: only call it when the stream changes.
  if (r.stream() != want) check_cuda(r.set_stream(want), "CUDA stream");
  const auto* in = reinterpret_cast<const void*>(src);
  auto* out = reinterpret_cast<void*>(dst);
  check_cuda(backward ? r.backward_device(*p.plan, t, channels, batch, in, out)
                      : r.run_device(*p.plan, t, channels, batch, in, out),
             backward ? "CUDA backward failed" : "CUDA resize failed");
}

// Device memory owned by the module, exposed through __cuda_array_interface__ so that tests can run the
// device-pointer path without torch.
struct PyDeviceArray {
  std::shared_ptr<rl::cuda::DeviceMemory> mem = std::make_shared<rl::cuda::DeviceMemory>();
  std::vector<py::ssize_t> shape;
  rl::ElemType type{};
};

PyDeviceArray device_upload(const py::array& a) {
  const rl::ElemType t = elem_type_of(a.dtype());
  if (!(a.flags() & py::array::c_style))
    throw std::invalid_argument("device_upload needs a C-contiguous array");
  PyDeviceArray d;
  d.type = t;
  d.shape.assign(a.shape(), a.shape() + a.ndim());
  const auto bytes = static_cast<std::size_t>(a.nbytes());
  check_cuda(d.mem->allocate(bytes), "CUDA allocation failed");
  check_cuda(d.mem->upload(a.data(), bytes), "CUDA upload failed");
  return d;
}

PyDeviceArray device_empty(std::vector<py::ssize_t> shape, const std::string& dtype) {
  PyDeviceArray d;
  d.type = elem_type_of(py::dtype(dtype));
  d.shape = std::move(shape);
  std::size_t n = rl::elem_size(d.type);
  for (py::ssize_t v : d.shape) n *= static_cast<std::size_t>(v);
  check_cuda(d.mem->allocate(n), "CUDA allocation failed");
  return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "MATLAB-exact imresize: the C++ core of resizelab";
  bind_metrics(m);
  bind_identify(m);
  bind_degrade(m);

  py::class_<PyTable>(m, "AxisTable", "One axis' contribution table (read-only views of the plan's arrays).")
      .def_property_readonly("in_size", [](const PyTable& t) { return t.t->in_size; })
      .def_property_readonly("out_size", [](const PyTable& t) { return t.t->out_size; })
      .def_property_readonly("scale", [](const PyTable& t) { return t.t->scale; })
      .def_property_readonly("kernel_width", [](const PyTable& t) { return t.t->kernel_width; })
      .def_property_readonly("antialiased", [](const PyTable& t) { return t.t->antialiased; })
      .def_property_readonly("taps_full", [](const PyTable& t) { return t.t->taps_full; })
      .def_property_readonly("taps", [](const PyTable& t) { return t.t->taps; })
      .def_property_readonly("u",
                             [](py::object self) {
                               const PyTable& t = self.cast<const PyTable&>();
                               return table_array(self, t.t->u, {t.t->out_size});
                             })
      .def_property_readonly("left",
                             [](py::object self) {
                               const PyTable& t = self.cast<const PyTable&>();
                               return table_array(self, t.t->left, {t.t->out_size});
                             })
      .def_property_readonly("kept",
                             [](py::object self) {
                               const PyTable& t = self.cast<const PyTable&>();
                               return table_array(self, t.t->kept,
                                                  {static_cast<py::ssize_t>(t.t->kept.size())});
                             })
      .def_property_readonly("weights",
                             [](py::object self) {
                               const PyTable& t = self.cast<const PyTable&>();
                               return table_array(self, t.t->weights, {t.t->out_size, t.t->taps});
                             })
      .def_property_readonly("indices",
                             [](py::object self) {
                               const PyTable& t = self.cast<const PyTable&>();
                               return table_array(self, t.t->index, {t.t->out_size, t.t->taps});
                             })
      .def("__repr__", [](const PyTable& t) {
        return "AxisTable(in_size=" + std::to_string(t.t->in_size) +
               ", out_size=" + std::to_string(t.t->out_size) + ", taps=" + std::to_string(t.t->taps) + ")";
      });

  py::class_<PyPlan>(m, "Plan")
      .def(py::init([](const py::object& shape, const py::object& scale, const py::object& size,
                       const py::object& method, const py::object& aa, const py::object& boundary) {
             return make_py_plan(arg_shape(shape), scale, size, method, aa, boundary);
           }),
           py::arg("input_shape"), py::arg("scale") = py::none(), py::kw_only(), py::arg("size") = py::none(),
           py::arg("method") = "bicubic", py::arg("antialiasing") = py::none(),
           py::arg("boundary") = "modern")
      .def_property_readonly("input_shape",
                             [](const PyPlan& p) { return py::tuple(py::cast(p.input_shape)); })
      .def_property_readonly("output_shape",
                             [](const PyPlan& p) {
                               std::vector<py::ssize_t> v{p.plan->out_rows, p.plan->out_cols};
                               v.insert(v.end(), p.input_shape.begin() + 2, p.input_shape.end());
                               return py::tuple(py::cast(v));
                             })
      .def_property_readonly("order",
                             [](const PyPlan& p) {
                               auto name = [](rl::Axis a) { return a == rl::Axis::Rows ? "rows" : "cols"; };
                               return py::make_tuple(name(p.plan->order[0]), name(p.plan->order[1]));
                             })
      .def_property_readonly("method", [](const PyPlan& p) { return rl::to_string(p.plan->method); })
      .def_property_readonly("antialiasing", [](const PyPlan& p) { return p.plan->antialiasing; })
      .def_property_readonly("boundary", [](const PyPlan& p) { return rl::to_string(p.plan->boundary); })
      .def_property_readonly("rows",
                             [](const PyPlan& p) {
                               return PyTable{p.plan, &p.plan->rows};
                             })
      .def_property_readonly("cols",
                             [](const PyPlan& p) {
                               return PyTable{p.plan, &p.plan->cols};
                             })
      .def("__call__", &run_plan, py::arg("image"), py::kw_only(), py::arg("out") = py::none(),
           py::arg("device") = "cpu")
      .def(py::pickle(&plan_state, &plan_from_state))
      // Protocols 0 and 1 would build the instance through object.__new__, which pybind11 refuses
      // (terminating the process); every protocol goes the way protocol 2 does instead.
      .def("__reduce__",
           [](const py::object& self) {
             return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"),
                                   py::make_tuple(py::type::of(self)), self.attr("__getstate__")());
           })
      .def("__repr__", [](const PyPlan& p) {
        return "Plan(" + std::to_string(p.plan->in_rows) + "x" + std::to_string(p.plan->in_cols) + " -> " +
               std::to_string(p.plan->out_rows) + "x" + std::to_string(p.plan->out_cols) + ", " +
               rl::to_string(p.plan->method) + ", antialiasing=" + (p.plan->antialiasing ? "True" : "False") +
               ", boundary=" + rl::to_string(p.plan->boundary) + ")";
      });

  m.def("imresize", &imresize, py::arg("image"), py::arg("scale") = py::none(), py::kw_only(),
        py::arg("size") = py::none(), py::arg("method") = "bicubic", py::arg("antialiasing") = py::none(),
        py::arg("boundary") = "modern", py::arg("device") = "cpu");
  m.def("imresize_backward", &imresize_backward, py::arg("grad_output"), py::arg("plan"), py::kw_only(),
        py::arg("device") = "cpu");
  m.def("supported_dtypes", [] {
    py::list l;
    for (const DtypeEntry& e : kDtypes) l.append(py::dtype(e.descr));
    return l;
  });
  m.def(
      "check_dtype", [](const py::dtype& d) { (void)elem_type_of(d); }, "TypeError unless d is supported");
  m.def("_use_cuda", &choose_cuda, py::arg("device"));
  m.def("cuda_built", &rl::cuda::built_with_cuda);
  m.def("cuda_status", [] {
    const rl::cuda::Status st = rl::cuda::device_status();
    return py::make_tuple(st.ok, st.message);
  });
  m.def("_run_planar", &run_planar);
  m.def("_backward_planar", &backward_planar);
  m.def("_device_planar", &device_planar, py::arg("plan"), py::arg("dtype"), py::arg("batch"), py::arg("src"),
        py::arg("dst"), py::arg("stream"), py::arg("backward"), py::arg("channels") = 1);

  py::class_<PyDeviceArray>(m, "_DeviceArray")
      .def_property_readonly("shape", [](const PyDeviceArray& d) { return py::tuple(py::cast(d.shape)); })
      .def_property_readonly("dtype", [](const PyDeviceArray& d) { return dtype_of(d.type); })
      .def_property_readonly("__cuda_array_interface__",
                             [](const PyDeviceArray& d) {
                               py::dict i;
                               i["shape"] = py::tuple(py::cast(d.shape));
                               i["typestr"] = dtype_of(d.type).attr("str");
                               i["data"] =
                                   py::make_tuple(reinterpret_cast<std::uintptr_t>(d.mem->data()), false);
                               i["version"] = 3;
                               i["strides"] = py::none();
                               return i;
                             })
      .def("download", [](const PyDeviceArray& d) {
        py::array a(dtype_of(d.type), d.shape);
        check_cuda(d.mem->download(a.mutable_data(), static_cast<std::size_t>(a.nbytes())),
                   "CUDA download failed");
        return a;
      });
  m.def("_cuda_synchronize", [] {
    py::gil_scoped_release nogil;
    check_cuda(thread_resizer().synchronize(), "CUDA synchronize");
  });
  m.def("_device_upload", &device_upload);
  m.def("_device_empty", &device_empty);
}
