// resizelab._core on numpy arrays in host memory: Plan.__call__ (into a new array or the caller's
// out=), imresize, and imresize_backward; the GIL is released around every resize.
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"

namespace rlpy {

// The caller's output array of Plan.__call__(image, out=...): the plan's output shape and the image's
// dtype, C-contiguous, writeable and not overlapping the image, so the resize writes straight into it.
namespace {

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

}  // namespace

py::object run_plan(const PyPlan& p, const py::object& image_obj, const py::object& out_obj,
                    const py::object& device_obj) {
  const py::array image = arg_array(image_obj, "image");
  const std::string device = arg_str(device_obj, "device");
  check_image_elements(image, "image");  // before input_image's copy of a strided view
  const Shape2 s = shape_of(image);
  if (s.rows != p.plan->in_rows || s.cols != p.plan->in_cols)
    throw std::invalid_argument("the image is " + size_text(s.rows, s.cols) + ", the plan was made for " +
                                size_text(p.plan->in_rows, p.plan->in_cols));
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
py::array imresize(const py::object& image_obj, const py::object& scale, const py::object& size,
                   const py::object& method, const py::object& antialiasing, const py::object& boundary,
                   const py::object& device) {
  const py::array image = arg_array(image_obj, "image");
  (void)elem_type_of(image.dtype());  // a dtype error before any argument error, as the command does
  const PyPlan p = make_py_plan(std::vector<py::ssize_t>(image.shape(), image.shape() + image.ndim()), scale,
                                size, method, antialiasing, boundary);
  return py::reinterpret_borrow<py::array>(run_plan(p, image, py::none(), device));
}

py::array imresize_backward(const py::object& grad_obj, const py::object& plan_obj,
                            const py::object& device_obj) {
  const py::array grad = arg_array(grad_obj, "grad_output");
  const PyPlan& p = arg_plan(plan_obj);
  const std::string device = arg_str(device_obj, "device");
  check_image_elements(grad, "grad_output");
  const Shape2 s = shape_of(grad);
  const rl::ElemType t = elem_type_of(grad.dtype());
  require_float(t, dtype_name(grad.dtype()));
  if (s.rows != p.plan->out_rows || s.cols != p.plan->out_cols)
    throw std::invalid_argument("the gradient is " + size_text(s.rows, s.cols) + ", the plan's output is " +
                                size_text(p.plan->out_rows, p.plan->out_cols));
  rl::DeviceRunner runner = runner_for(device);
  rl::Image out;
  {
    py::gil_scoped_release nogil;
    const rl::Image in = input_image(grad, s, t);
    out = runner.run_with([&](rl::Image& o) { return thread_resizer().backward(*p.plan, in, o); },
                          [&] {
                            // The plan's transposed tables, made once; the intermediate and the result
                            // allocated here (the result is handed to numpy).
                            const rl::AdjointTables& tables = p.adjoint_tables();
                            const auto [mr, mc] = tables.mid_shape();
                            rl::Image mid = rl::Image::uninitialized(mr, mc, s.channels, t);
                            rl::Image r =
                                rl::Image::uninitialized(p.plan->in_rows, p.plan->in_cols, s.channels, t);
                            rl::resize_backward_into(in, tables, mid, r);
                            return r;
                          });
  }
  return to_array(std::move(out), out_shape(p.plan->in_rows, p.plan->in_cols, s));
}

}  // namespace rlpy
