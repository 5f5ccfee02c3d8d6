// 1 - SSIM per pixel, the worst channel: the viewer's and the figures' SSIM difference map.
#include <stdexcept>

#include "rl/image_ops.hpp"
#include "rl/parallel.hpp"
#include "rl/ssim.hpp"

namespace rl {

Image ssim_dissimilarity_map(const Image& a, const Image& b) {
  if (!a.same_shape(b)) throw std::invalid_argument("SSIM map: the images differ in shape");
  const ElemInfo& t = info(a.type());
  const double range = t.is_integer ? t.max - t.min : 1.0;  // MATLAB ssim's DynamicRange default
  Image out = Image::uninitialized(a.rows(), a.cols(), 1, ElemType::F64);
  double* worst = out.data<double>();
  const std::size_t n = static_cast<std::size_t>(a.rows()) * a.cols();
  for (int k = 0; k < a.channels(); ++k) {
    Image ak = Image::uninitialized(a.rows(), a.cols(), 1, ElemType::F64),
          bk = Image::uninitialized(a.rows(), a.cols(), 1, ElemType::F64);
    read_as_double(extract_channel(a, k), 0, n, ak.data<double>());
    read_as_double(extract_channel(b, k), 0, n, bk.data<double>());
    const Image map = ssim_matlab(ak, bk, range).map;
    const double* m = map.data<double>();
    for (std::size_t i = 0; i < n; ++i) {
      const double v = 1.0 - m[i];
      // NaN outranks every value, as in the difference maps, so a NaN is shown and counted.
      if (k == 0 || v != v || v > worst[i]) worst[i] = v;
    }
  }
  return out;
}

}  // namespace rl
