// resizelab._core's NIQE (rl/niqe.hpp): the call `imresize score --metric niqe` makes, on an H x W or
// H x W x 3 array, with the pristine model or one given as two arrays.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "rl/niqe.hpp"

namespace py = pybind11;

namespace {

rl::ElemType niqe_dtype(const py::array& arr) {
  const py::dtype d = arr.dtype();
  if (d.attr("isnative").cast<bool>()) {
    if (d.kind() == 'u' && d.itemsize() == 1) return rl::ElemType::U8;
    if (d.kind() == 'u' && d.itemsize() == 2) return rl::ElemType::U16;
    if (d.kind() == 'f' && d.itemsize() == 4) return rl::ElemType::F32;
    if (d.kind() == 'f' && d.itemsize() == 8) return rl::ElemType::F64;
  }
  throw py::type_error("niqe takes uint8, uint16, float32 or float64 arrays, got " +
                       py::str(py::handle(d)).cast<std::string>());
}

py::array raw_values(const py::object& o, const char* what) {
  const py::array a = py::array::ensure(o);  // no copy of an array
  if (!a) throw py::type_error(std::string("niqe's ") + what + " must be an array of numbers");
  return a;
}

// The values as float64, converted only once their number is the model's (a broadcast view may be huge).
std::vector<double> values_of(const py::array& raw, const char* what) {
  const py::array_t<double, py::array::c_style | py::array::forcecast> a =
      py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(raw);
  if (!a) throw py::type_error(std::string("niqe's ") + what + " must be an array of numbers");
  return std::vector<double>(a.data(), a.data() + a.size());
}

}  // namespace

void bind_niqe(py::module_& m) {
  m.def("_niqe", [](const py::array& in, const std::string& protocol, const std::string& boundary,
                    const py::object& mean, const py::object& cov) {
    const auto p = rl::parse_niqe_protocol(protocol);
    if (!p)
      throw std::invalid_argument("protocol takes " + rl::niqe_protocol_names() + ", got '" + protocol + "'");
    const auto b = rl::parse_boundary(boundary);
    if (!b) throw std::invalid_argument("boundary takes modern or legacy, got '" + boundary + "'");
    if (mean.is_none() != cov.is_none())
      throw std::invalid_argument("give the model's mean and cov together");
    std::optional<rl::NiqeModel> model;
    if (!mean.is_none()) {
      const py::array m = raw_values(mean, "mean"), c = raw_values(cov, "cov");
      rl::check_niqe_model_sizes(static_cast<std::size_t>(m.size()), static_cast<std::size_t>(c.size()));
      model = rl::make_niqe_model(values_of(m, "mean"), values_of(c, "cov"));
    }
    rlpy::check_image_elements(in, "img");  // before the C-contiguous copy of a strided view
    const py::array arr = rlpy::c_contiguous(in);
    if (arr.ndim() != 2 && arr.ndim() != 3)
      throw std::invalid_argument("niqe takes H x W or H x W x 3 arrays, got " + std::to_string(arr.ndim()) +
                                  " dimensions");
    const rl::ElemType t = niqe_dtype(arr);
    const rl::Image img = rl::Image::borrow(const_cast<void*>(arr.data()), static_cast<int>(arr.shape(0)),
                                            static_cast<int>(arr.shape(1)),
                                            arr.ndim() == 3 ? static_cast<int>(arr.shape(2)) : 1, t);
    rl::NiqeScore s;
    std::string warning;
    {
      py::gil_scoped_release release;
      s = rl::niqe_score(img, *p, model ? &*model : nullptr, *b);
      warning = rl::niqe_range_warning(img);
    }
    return py::make_tuple(s.niqe, s.flat_pixels, warning);
  });
  m.def("_niqe_protocols", [] {
    std::vector<std::string> names;
    for (const rl::NiqeProtocolInfo& p : rl::niqe_protocols()) names.emplace_back(p.name);
    return names;
  });
}
