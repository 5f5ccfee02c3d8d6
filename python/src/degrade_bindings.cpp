// resizelab._core.degrade: the SR degradation models of rl/degrade.hpp (BI, BD, BD-VSR, DN) on numpy
// arrays, the same core call `imresize degrade` and `imresize batch --degradation` make.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstring>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "rl/degrade.hpp"

namespace py = pybind11;

namespace {

// The numpy dtypes the models take (every numeric class imfilter takes; DN then refuses all but uint8).
rl::ElemType elem_type_for(const py::dtype& d) {
  const char k = d.kind();
  const auto n = d.itemsize();
  if (k == 'u' && n == 1) return rl::ElemType::U8;
  if (k == 'u' && n == 2) return rl::ElemType::U16;
  if (k == 'u' && n == 4) return rl::ElemType::U32;
  if (k == 'i' && n == 1) return rl::ElemType::I8;
  if (k == 'i' && n == 2) return rl::ElemType::I16;
  if (k == 'i' && n == 4) return rl::ElemType::I32;
  if (k == 'f' && n == 4) return rl::ElemType::F32;
  if (k == 'f' && n == 8) return rl::ElemType::F64;
  throw py::type_error(
      "degrade takes uint8, uint16, uint32, int8, int16, int32, float32 or float64 arrays, got " +
      py::str(py::handle(d)).cast<std::string>());
}

int whole_scale(const py::object& s) {
  if (py::isinstance<py::bool_>(s) || !(py::isinstance<py::int_>(s) || py::isinstance<py::float_>(s)))
    throw py::type_error("scale must be a whole number");
  const double v = s.cast<double>();
  if (!std::isfinite(v) || v != std::floor(v) || v < 1 || v > 1000)
    throw std::invalid_argument(
        "scale must be a whole number from 1 to 1000 (the models down-sample by whole "
        "factors), got " +
        py::str(s).cast<std::string>());
  return static_cast<int>(v);
}

py::array degrade(const py::object& hr_obj, const py::object& scale, const std::string& model,
                  const std::optional<double>& sigma, const std::optional<double>& noise,
                  const std::optional<std::uint64_t>& seed, const std::string& boundary, bool modcrop) {
  py::array a = py::array::ensure(hr_obj);
  if (!a) throw py::type_error("hr must be a numpy array");
  const rl::ElemType t = elem_type_for(a.dtype());
  if (a.ndim() != 2 && a.ndim() != 3)
    throw std::invalid_argument("hr must be H x W or H x W x C, got " + std::to_string(a.ndim()) + " axes");
  rl::DegradeOptions o;
  const auto m = rl::parse_degradation(model);
  if (!m) throw std::invalid_argument("model takes " + rl::degradation_names() + ", got '" + model + "'");
  o.model = *m;
  o.scale = whole_scale(scale);
  o.sigma = sigma;
  o.noise = noise;
  if (seed) {
    if (o.model != rl::Degradation::Dn) throw std::invalid_argument("seed applies to model 'dn' only");
    o.seed = *seed;
  }
  const auto b = rl::parse_boundary(boundary);
  if (!b) throw std::invalid_argument("boundary takes modern or legacy, got '" + boundary + "'");
  o.boundary = *b;
  o.modcrop = modcrop;
  rl::check_degrade_options(o);
  rlpy::check_image_elements(a, "hr");  // before the C-contiguous copy of a strided view
  const py::array keep = rlpy::c_contiguous(a);
  const int channels = a.ndim() == 3 ? static_cast<int>(a.shape(2)) : 1;
  const rl::Image hr = rl::Image::borrow(const_cast<void*>(keep.data()), static_cast<int>(a.shape(0)),
                                         static_cast<int>(a.shape(1)), channels, t);
  rl::Image lr;
  {
    py::gil_scoped_release nogil;
    lr = rl::degrade(hr, o);
  }
  std::vector<py::ssize_t> shape{lr.rows(), lr.cols()};
  if (a.ndim() == 3) shape.push_back(lr.channels());
  py::array out(a.dtype(), shape);
  std::memcpy(out.mutable_data(), lr.raw(), lr.bytes());
  return out;
}

}  // namespace

// degrade(hr, scale, model, sigma, noise, seed, boundary, modcrop) -> the LR array. Bad options are a
// ValueError with the core's line (std::invalid_argument), an unsupported dtype a TypeError.
void bind_degrade(py::module_& m) {
  m.def("degrade", &degrade, py::arg("hr"), py::arg("scale"), py::arg("model") = "bd", py::kw_only(),
        py::arg("sigma") = py::none(), py::arg("noise") = py::none(), py::arg("seed") = py::none(),
        py::arg("boundary") = "modern", py::arg("modcrop") = true);
}
