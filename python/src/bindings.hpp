// What the files of resizelab._core share: the dtype table, the argument checks, image views of numpy
// arrays, the Plan object and the device choice. Each file binds or serves one job (args.cpp,
// plan_cache.cpp, host.cpp, planar.cpp, device.cpp; module.cpp registers them all).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>  // in every file: type casters must agree across them

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rl/adjoint.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/device_runner.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/spec.hpp"

namespace py = pybind11;

namespace rlpy {

// pybind11 turns std::invalid_argument into ValueError, py::type_error into TypeError and
// std::runtime_error into RuntimeError (used when the device cannot do what was asked).
using TypeMismatch = py::type_error;
using DeviceError = std::runtime_error;

// ---------------------------------------------------------------------------------------------
// Element types (args.cpp): the one table that maps numpy dtypes to the core's. A new core type is
// one line.
struct DtypeEntry {
  char kind;     // numpy dtype.kind
  int itemsize;  // bytes
  rl::ElemType type;
  const char* descr;  // numpy type string for the output (native byte order)
};
inline constexpr DtypeEntry kDtypes[] = {
    {'u', 1, rl::ElemType::U8, "uint8"},     {'u', 2, rl::ElemType::U16, "uint16"},
    {'f', 4, rl::ElemType::F32, "float32"},  {'f', 8, rl::ElemType::F64, "float64"},
    {'i', 1, rl::ElemType::I8, "int8"},      {'i', 2, rl::ElemType::I16, "int16"},
    {'i', 4, rl::ElemType::I32, "int32"},    {'u', 4, rl::ElemType::U32, "uint32"},
    {'b', 1, rl::ElemType::Logical, "bool"},
};
std::string supported_dtypes();
py::dtype dtype_of(rl::ElemType t);
std::string dtype_name(const py::dtype& d);
rl::ElemType elem_type_of(const py::dtype& d);  // TypeError for an unsupported dtype
// TypeError unless t is float32 or float64 (the backward pass), naming the array's dtype.
void require_float(rl::ElemType t, const std::string& dtype);

// ---------------------------------------------------------------------------------------------
// Python arguments (args.cpp), each checked with a one-line TypeError (pybind11's own overload
// errors are several lines long, so every public entry point takes plain objects).
std::string type_name(const py::handle& o);
py::array arg_array(const py::object& o, const char* what);
std::string arg_str(const py::object& o, const char* what);
std::vector<py::ssize_t> arg_shape(const py::object& o);
// Arguments to a ResizeSpec, with the core's parsers and messages.
rl::ResizeSpec make_spec(const py::object& scale, const py::object& size, const py::object& method_obj,
                         const py::object& aa_obj, const py::object& boundary_obj);

// The element limit of an input image (rows x cols x every trailing axis), checked from its shape
// before anything copies or converts it: a numpy view can be far larger than its memory
// (np.broadcast_to, zero strides). The limit is the file readers' (rl::kMaxImageElements, 2^31). A
// ValueError names the shape: "image is 100000x100000 (10000000000 elements), over the limit of ...".
void check_image_elements(const std::vector<py::ssize_t>& dims, const char* what);
void check_image_elements(const py::array& a, const char* what);
// a itself when it is C-contiguous, else numpy.ascontiguousarray's copy (same dtype); a copy that cannot
// be made raises numpy's MemoryError (py::array::ensure would clear it and return null).
py::array c_contiguous(const py::array& a);

// Shapes: numpy arrays are H x W x (trailing axes, resized as interleaved channels).
struct Shape2 {
  int rows = 0, cols = 0, channels = 1;
  std::vector<py::ssize_t> trailing;
};
int to_int(py::ssize_t v, const char* what);
Shape2 shape_of(const std::vector<py::ssize_t>& dims);
Shape2 shape_of(const py::array& a);
std::vector<py::ssize_t> out_shape(int rows, int cols, const Shape2& s);
// "RxC" (rows by columns), as every message spells a size.
std::string size_text(long long rows, long long cols);

// The input as an Image: the array's own memory when it is C-contiguous, else one strided copy (the
// type never changes).
rl::Image input_image(const py::array& a, const Shape2& s, rl::ElemType t);
// An Image handed to numpy without a copy: the array owns it through a capsule.
py::array to_array(rl::Image&& im, std::vector<py::ssize_t> shape);

// ---------------------------------------------------------------------------------------------
// Plan (plan_cache.cpp): a core plan plus the input shape it was made for (trailing axes included)
// and the spec it was made from, which is what a pickle holds (the tables are rebuilt on load, the
// same bits); and the plan's transposed tables, made on the first backward pass and shared by every
// Plan object of the same cached plan.
class AdjointSlot {
 public:
  const rl::AdjointTables& get(const rl::Plan& plan) {
    std::call_once(once_, [&] { tables_ = std::make_unique<const rl::AdjointTables>(plan); });
    return *tables_;
  }

 private:
  std::once_flag once_;
  std::unique_ptr<const rl::AdjointTables> tables_;
};

struct PyPlan {
  std::shared_ptr<const rl::Plan> plan;
  std::shared_ptr<AdjointSlot> adjoint;
  std::vector<py::ssize_t> input_shape;
  rl::ResizeSpec spec;
  const rl::AdjointTables& adjoint_tables() const { return adjoint->get(*plan); }
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

PyPlan make_py_plan(const std::vector<py::ssize_t>& input_shape, const py::object& scale,
                    const py::object& size, const py::object& method, const py::object& antialiasing,
                    const py::object& boundary);
const PyPlan& arg_plan(const py::object& o);
py::tuple plan_state(const PyPlan& p);
PyPlan plan_from_state(const py::tuple& st);

// ---------------------------------------------------------------------------------------------
// numpy arrays on the host (host.cpp): Plan.__call__, imresize, imresize_backward.
py::object run_plan(const PyPlan& p, const py::object& image_obj, const py::object& out_obj,
                    const py::object& device_obj);
py::array imresize(const py::object& image_obj, const py::object& scale, const py::object& size,
                   const py::object& method, const py::object& antialiasing, const py::object& boundary,
                   const py::object& device);
py::array imresize_backward(const py::object& grad_obj, const py::object& plan_obj,
                            const py::object& device_obj);

// Batches for resizelab.torch (planar.cpp): C-contiguous (B, H, W[, C]) arrays, numpy views of torch
// tensors, each image resized into its place in dst.
void run_planar(const PyPlan& p, const py::array& src, py::array& dst);
void backward_planar(const PyPlan& p, const py::array& src, py::array& dst);

// ---------------------------------------------------------------------------------------------
// Devices (device.cpp): "cpu", "cuda" or "auto" by the shared device policy, this thread's CUDA
// Resizer, CUDA batches on torch's stream, and device arrays for the tests.
bool choose_cuda(const std::string& device);
rl::cuda::Resizer& thread_resizer();
rl::DeviceRunner runner_for(const std::string& device);
void check_cuda(const rl::cuda::Status& st, const char* what);
void device_planar(const PyPlan& p, const std::string& dtype, int batch, std::uintptr_t src,
                   std::uintptr_t dst, std::uintptr_t stream, bool backward, int channels);

// Device memory owned by the module, exposed through __cuda_array_interface__ so that tests can run the
// device-pointer path without torch.
struct PyDeviceArray {
  std::shared_ptr<rl::cuda::DeviceMemory> mem = std::make_shared<rl::cuda::DeviceMemory>();
  std::vector<py::ssize_t> shape;
  rl::ElemType type{};
};
PyDeviceArray device_upload(const py::array& a);
PyDeviceArray device_empty(std::vector<py::ssize_t> shape, const std::string& dtype);

}  // namespace rlpy

void bind_metrics(py::module_& m);   // metrics_bindings.cpp
void bind_identify(py::module_& m);  // identify_bindings.cpp
void bind_degrade(py::module_& m);   // degrade_bindings.cpp
void bind_niqe(py::module_& m);      // niqe_bindings.cpp
