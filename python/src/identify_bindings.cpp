// resizelab._core.identify: `imresize identify` on numpy arrays. The candidates, runs and ranking are the
// core's (rl/identify.hpp); OpenCV's candidates run through cv2.resize itself when cv2 can be imported.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "rl/identify.hpp"

namespace py = pybind11;

namespace {

// A uint8 or uint16 H x W or H x W x C array as an Image over its memory (a C-contiguous copy of the same
// dtype when it is strided; `keep` holds whichever array the Image reads). Any other dtype is a TypeError:
// identify never converts pixels.
rl::Image image_arg(const py::object& o, const char* what, py::array& keep) {
  py::array a = py::array::ensure(o);
  if (!a) throw py::type_error(std::string(what) + " must be a numpy array");
  const py::dtype d = a.dtype();
  if (d.kind() != 'u' || (d.itemsize() != 1 && d.itemsize() != 2))
    throw py::type_error(std::string(what) + " must be uint8 or uint16, got " +
                         py::str(py::handle(d)).cast<std::string>());
  if (a.ndim() != 2 && a.ndim() != 3)
    throw std::invalid_argument(std::string(what) + " must be H x W or H x W x C, got " +
                                std::to_string(a.ndim()) + " axes");
  rlpy::check_image_elements(a, what);  // before the C-contiguous copy of a strided view
  keep = rlpy::c_contiguous(a);
  const int channels = a.ndim() == 3 ? static_cast<int>(a.shape(2)) : 1;
  return rl::Image::borrow(const_cast<void*>(keep.data()), static_cast<int>(a.shape(0)),
                           static_cast<int>(a.shape(1)), channels,
                           d.itemsize() == 1 ? rl::ElemType::U8 : rl::ElemType::U16);
}

// cv2.resize behind the core's interface (called with the GIL released around identify, so it takes it).
rl::identify::OpenCVResize cv2_resize(py::object cv2) {
  return [cv2](const rl::Image& in, const rl::peers::PeerSpec& spec, const rl::peers::PeerTarget& target) {
    py::gil_scoped_acquire gil;
    try {
      std::vector<py::ssize_t> shape{in.rows(), in.cols()};
      if (in.channels() > 1) shape.push_back(in.channels());
      const py::array src(py::dtype("uint8"), shape, {}, in.raw());
      const py::object flag = cv2.attr(rl::identify::opencv_constant(spec.method).c_str());
      py::object out;
      if (target.scale)
        out = cv2.attr("resize")(src, py::none(), py::arg("fx") = target.scale->second,
                                 py::arg("fy") = target.scale->first, py::arg("interpolation") = flag);
      else
        out = cv2.attr("resize")(src, py::make_tuple(target.size->second, target.size->first),
                                 py::arg("interpolation") = flag);
      const auto res = py::array_t<std::uint8_t, py::array::c_style>::ensure(out);
      rl::Image img = rl::Image::uninitialized(static_cast<int>(res.shape(0)), static_cast<int>(res.shape(1)),
                                               in.channels(), rl::ElemType::U8);
      if (static_cast<std::size_t>(res.nbytes()) != img.bytes())
        throw std::runtime_error("cv2.resize returned an array of another shape");
      std::memcpy(img.raw(), res.data(), img.bytes());
      return img;
    } catch (py::error_already_set& e) {
      throw std::runtime_error(std::string("cv2.resize: ") + e.what());
    }
  };
}

py::object identify(const py::object& hr_obj, const py::object& lr_obj, int top) {
  if (top < 1) throw std::invalid_argument("top must be at least 1, got " + std::to_string(top));
  py::array hr_keep, lr_keep;
  const rl::Image hr = image_arg(hr_obj, "hr", hr_keep), lr = image_arg(lr_obj, "lr", lr_keep);
  rl::identify::Options opt;
  opt.top = top;
  try {
    opt.opencv = cv2_resize(py::module_::import("cv2"));
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_ImportError)) throw;  // without cv2, the OpenCV candidates are left out (notes)
  }
  std::string json;
  {
    py::gil_scoped_release nogil;
    json = rl::identify::report_json(rl::identify::identify(hr, lr, opt));
  }
  // The records of `imresize identify --json`, so the command and Python can never disagree.
  return py::module_::import("json").attr("loads")(json);
}

}  // namespace

// identify(hr, lr, top=5) -> the report of `imresize identify --json` as a dict. A pair identify cannot
// compare (rl::identify::Refusal, a std::invalid_argument) is a ValueError, a dtype it does not take a
// TypeError.
void bind_identify(py::module_& m) {
  m.def("identify", &identify, py::arg("hr"), py::arg("lr"), py::arg("top") = 5);
}
