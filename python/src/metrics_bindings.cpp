// resizelab._core's metrics: rgb2ycbcr/ycbcr2rgb, PSNR, the SSIM variants and the SR protocols,
// thin over core (the same calls `imresize score` makes); arrays are H x W or H x W x C.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "rl/color.hpp"
#include "rl/metrics.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ssim.hpp"

namespace py = pybind11;

namespace {

struct MetricDtype {
  char kind;
  int itemsize;
  rl::ElemType type;
};
constexpr MetricDtype kMetricDtypes[] = {{'u', 1, rl::ElemType::U8},
                                         {'u', 2, rl::ElemType::U16},
                                         {'f', 4, rl::ElemType::F32},
                                         {'f', 8, rl::ElemType::F64}};

// A C-contiguous view of arr as an Image (no conversion of values: uint8 stays uint8).
struct ArrayImage {
  py::array arr;
  rl::Image img;
};
ArrayImage as_image(const py::array& in, const char* what) {
  rlpy::check_image_elements(in, what);  // before the C-contiguous copy of a strided view
  py::array arr = rlpy::c_contiguous(in);
  if (arr.ndim() != 2 && arr.ndim() != 3)
    throw std::invalid_argument(std::string(what) + " must be H x W or H x W x C, got " +
                                std::to_string(arr.ndim()) + " dimensions");
  const py::dtype d = arr.dtype();
  for (const MetricDtype& e : kMetricDtypes)
    if (d.kind() == e.kind && static_cast<int>(d.itemsize()) == e.itemsize &&
        d.attr("isnative").cast<bool>()) {
      const int ch = arr.ndim() == 3 ? static_cast<int>(arr.shape(2)) : 1;
      // The metrics only read: a read-only array (np.asarray of a PIL image) is borrowed as it is.
      rl::Image img = rl::Image::borrow(const_cast<void*>(arr.data()), static_cast<int>(arr.shape(0)),
                                        static_cast<int>(arr.shape(1)), ch, e.type);
      return {arr, std::move(img)};
    }
  throw py::type_error(std::string(what) + ": the metrics take uint8, uint16, float32 or float64, got " +
                       py::str(py::handle(d)).cast<std::string>());
}

py::array to_array(const rl::Image& img, bool keep_channel_axis) {
  const char* descr = img.type() == rl::ElemType::U8    ? "uint8"
                      : img.type() == rl::ElemType::U16 ? "uint16"
                      : img.type() == rl::ElemType::F32 ? "float32"
                                                        : "float64";
  std::vector<py::ssize_t> shape = {img.rows(), img.cols()};
  if (keep_channel_axis || img.channels() != 1) shape.push_back(img.channels());
  py::array out(py::dtype(descr), shape);
  std::memcpy(out.mutable_data(), img.raw(), img.bytes());
  return out;
}

rl::SrProtocol protocol_of(const std::string& name) {
  const auto p = rl::parse_sr_protocol(name);
  if (!p)
    throw std::invalid_argument("protocol must be one of " + rl::sr_protocol_names() + ", got '" + name +
                                "'");
  return *p;
}

rl::SsimVariant variant_of(const std::string& name) {
  for (rl::SsimVariant v : {rl::SsimVariant::SsimIndex, rl::SsimVariant::Wang2009, rl::SsimVariant::Matlab,
                            rl::SsimVariant::Basicsr})
    if (rl::to_string(v) == name) return v;
  throw std::invalid_argument(
      "SSIM variant must be ssim_index, ssim_wang2009, matlab_ssim or basicsr_ssim, got '" + name + "'");
}

}  // namespace

void bind_metrics(py::module_& m) {
  m.def("_rgb2ycbcr", [](const py::array& a) {
    const ArrayImage in = as_image(a, "image");
    py::gil_scoped_release release;
    const rl::Image out = rl::rgb2ycbcr(in.img);
    py::gil_scoped_acquire acquire;
    return to_array(out, true);
  });
  m.def("_ycbcr2rgb", [](const py::array& a) {
    const ArrayImage in = as_image(a, "image");
    return to_array(rl::ycbcr2rgb(in.img), true);
  });
  m.def("_bgr2ycbcr", [](const py::array& a, bool y_only) {
    const ArrayImage in = as_image(a, "img");
    return to_array(rl::basicsr_bgr2ycbcr(in.img, y_only), !y_only);
  });
  m.def("_psnr", [](const py::array& a, const py::array& b, double peak) {
    const ArrayImage x = as_image(a, "img"), y = as_image(b, "img2");
    return rl::psnr_from_mse(rl::mean_squared_error(x.img, y.img), peak);
  });
  m.def("_ssim",
        [](const py::array& a, const py::array& b, const std::string& variant, double dynamic_range) {
          const ArrayImage x = as_image(a, "img"), y = as_image(b, "img2");
          const rl::SsimVariant v = variant_of(variant);
          rl::SsimResult r;
          {
            py::gil_scoped_release release;
            r = rl::ssim(v, x.img, y.img, dynamic_range);
          }
          return py::make_tuple(r.mssim, to_array(r.map, false));
        });
  m.def("_score", [](const py::array& sr, const py::array& hr, int scale, const std::string& protocol) {
    const ArrayImage x = as_image(sr, "sr"), y = as_image(hr, "hr");
    const rl::SrProtocol p = protocol_of(protocol);
    py::gil_scoped_release release;
    const rl::SrScore s = rl::score_sr(x.img, y.img, scale, p);
    py::gil_scoped_acquire acquire;
    return py::make_tuple(s.psnr, s.ssim);
  });
  m.def("_score_shaved", [](const py::array& sr, const py::array& hr, int border, const std::string& protocol,
                            bool with_ssim) {
    const ArrayImage x = as_image(sr, "img"), y = as_image(hr, "img2");
    const rl::SrProtocol p = protocol_of(protocol);
    py::gil_scoped_release release;
    const rl::SrScore s = rl::score_sr_shaved(x.img, y.img, border, p, with_ssim);
    py::gil_scoped_acquire acquire;
    return py::make_tuple(s.psnr, s.ssim);
  });
  m.def("_sr_protocols", [] {
    py::list out;
    for (const rl::SrProtocolInfo& p : rl::sr_protocols()) out.append(p.name);
    return out;
  });
}
