// resizelab._core's arguments: the dtype table's lookups, the checks of every Python argument (one-line
// TypeError or ValueError each), the ResizeSpec they make, and image views of numpy arrays.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "rl/limits.hpp"
#include "rl/parse.hpp"

namespace rlpy {

namespace {

const DtypeEntry& entry_of(rl::ElemType t) {
  for (const DtypeEntry& e : kDtypes)
    if (e.type == t) return e;
  throw std::logic_error("element type without a numpy dtype: " + rl::to_string(t));
}

}  // namespace

std::string supported_dtypes() {
  std::string s;
  for (const DtypeEntry& e : kDtypes) s += (s.empty() ? "" : ", ") + std::string(e.descr);
  return s;
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

void require_float(rl::ElemType t, const std::string& dtype) {
  if (t != rl::ElemType::F32 && t != rl::ElemType::F64)
    throw TypeMismatch("the backward pass is defined for float32 and float64, got " + dtype +
                       " (integer rounding is not differentiable)");
}

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

namespace {

std::optional<bool> arg_antialiasing(const py::object& o) {
  if (o.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(o) || type_name(o) == "bool_") return py::bool_(o).cast<bool>();
  throw TypeMismatch("antialiasing must be True, False or None, got " + type_name(o));
}

}  // namespace

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

namespace {

// One number or a (rows, cols) pair of them.
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

}  // namespace

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
  if (!m) throw std::invalid_argument("unknown method '" + method + "' (use " + rl::method_names() + ")");
  spec.method = *m;
  spec.antialiasing = antialiasing;
  const auto b = rl::parse_boundary(boundary);
  if (!b) throw std::invalid_argument("unknown boundary '" + boundary + "' (use modern or legacy)");
  spec.boundary = *b;
  return spec;
}

// ---------------------------------------------------------------------------------------------
void check_image_elements(const std::vector<py::ssize_t>& dims, const char* what) {
  double n = 1.0;
  std::string shape;
  for (const py::ssize_t d : dims) {
    n *= static_cast<double>(d);
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(d);
  }
  if (n <= static_cast<double>(rl::kMaxImageElements)) return;
  std::ostringstream m;
  m.precision(15);
  m << what << " is " << shape << " (" << n << " elements), over the limit of " << rl::kMaxImageElements
    << " elements per image (2^31, as for image files)";
  throw std::invalid_argument(m.str());
}

void check_image_elements(const py::array& a, const char* what) {
  check_image_elements(std::vector<py::ssize_t>(a.shape(), a.shape() + a.ndim()), what);
}

py::array c_contiguous(const py::array& a) {
  if (a.flags() & py::array::c_style) return a;
  return py::module_::import("numpy").attr("ascontiguousarray")(a);
}

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

py::array to_array(rl::Image&& im, std::vector<py::ssize_t> shape) {
  auto* owner = new rl::Image(std::move(im));
  py::capsule cap(owner, [](void* p) { delete static_cast<rl::Image*>(p); });
  return py::array(dtype_of(owner->type()), std::move(shape), {}, owner->raw(), cap);
}

std::string size_text(long long rows, long long cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

std::vector<py::ssize_t> out_shape(int rows, int cols, const Shape2& s) {
  std::vector<py::ssize_t> v{rows, cols};
  v.insert(v.end(), s.trailing.begin(), s.trailing.end());
  return v;
}

}  // namespace rlpy
