// resizelab._core: the pybind11 module over the core (and the CUDA resizer when built): the
// registrations only. Argument checking, element-type dispatch and array views live in the files
// bindings.hpp lists; every number comes from the core.
#include <string>
#include <vector>

#include "bindings.hpp"
#include "rl/parallel.hpp"
#include "rl/push_protocol.hpp"

using namespace rlpy;

PYBIND11_MODULE(_core, m) {
  m.doc() = "MATLAB-exact imresize: the C++ core of resizelab";
  bind_metrics(m);
  bind_identify(m);
  bind_degrade(m);
  bind_niqe(m);

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
  // The core's thread count for every resize and metric (resizelab.set_num_threads checks the value).
  // The viewer's rule for a pushed image's name (resizelab.show checks it before sending): "" or why not.
  m.def("_push_name_error", [](const py::bytes& name) { return rl::push::name_error(std::string(name)); });
  m.def("_set_num_threads", [](int n) { rl::set_default_threads(n); });
  m.def("_get_num_threads", [] { return rl::default_threads(); });
  m.def("supported_dtypes", [] {
    py::list l;
    for (const DtypeEntry& e : kDtypes) l.append(py::dtype(e.descr));
    return l;
  });
  m.def(
      "check_dtype", [](const py::dtype& d) { (void)elem_type_of(d); }, "TypeError unless d is supported");
  // The element limit, for the Python layers that copy or convert an input before the module sees it
  // (resizelab.torch's .contiguous(), the drop-ins' dtype conversions).
  m.def("_check_image_elements", [](const py::object& shape, const std::string& what) {
    check_image_elements(arg_shape(shape), what.c_str());
  });
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
