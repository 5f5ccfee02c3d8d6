// The pass steps of a plan (order, shapes) and what the host loop and the device resizer share around
// them: argument checks, the kernels setting, table views and keys, logical as uint8, packing.
#include "pass_steps.hpp"

#include <cstring>

#include "rl/convert.hpp"
#include "rl/cuda_pass_tuned.hpp"

namespace rl::cuda {

std::string to_string(Kernels k) { return k == Kernels::Tuned ? "tuned" : "plain"; }

Status parse_kernels(const std::string& text, Kernels& k) {
  if (text == "plain") {
    k = Kernels::Plain;
  } else if (text == "tuned") {
    k = Kernels::Tuned;
  } else {
    return Status::error("the CUDA kernels must be plain or tuned, got '" + text + "'");
  }
  return Status::success();
}

TapMajorTable tap_major(const AxisTable& t) {
  TapMajorTable m;
  m.taps = t.taps;
  m.out_size = t.out_size;
  m.weights.resize(t.weights.size());
  m.index.resize(t.index.size());
  for (int o = 0; o < t.out_size; ++o)
    for (int k = 0; k < t.taps; ++k) {
      const std::size_t row = static_cast<std::size_t>(o) * t.taps + k;
      const std::size_t col = static_cast<std::size_t>(k) * t.out_size + o;
      m.weights[col] = t.weights[row];
      m.index[col] = t.index[row];
    }
  return m;
}

TapMajorView tap_major_view(const TapMajorTable& t) {
  TapMajorView v;
  v.weights = t.weights.data();
  v.index = t.index.data();
  v.taps = t.taps;
  v.out_size = t.out_size;
  return v;
}

std::vector<PassStep> plan_steps(const Plan& plan, int channels, int batch, bool backward) {
  std::vector<PassStep> steps;
  int rows = backward ? plan.out_rows : plan.in_rows;
  int cols = backward ? plan.out_cols : plan.in_cols;
  for (int s = 0; s < 2; ++s) {
    // The adjoint undoes the second pass first.
    const Axis axis =
        backward ? plan.order[static_cast<std::size_t>(1 - s)] : plan.order[static_cast<std::size_t>(s)];
    const AxisTable& t = plan.table(axis);
    PassShape shape;
    shape.axis = axis;
    shape.batch = batch;
    shape.in_rows = rows;
    shape.in_cols = cols;
    shape.channels = channels;
    shape.out_size = backward ? t.in_size : t.out_size;
    steps.push_back({axis, shape});
    rows = shape.out_rows();
    cols = shape.out_cols();
  }
  return steps;
}

namespace detail {

std::string check_type_and_shape(ElemType type, int channels, int batch, bool backward) {
  if (channels < 1) return "the image has no channels";
  if (batch < 0) return "the batch size is negative";
  if (backward && !is_floating(type))
    return "the backward pass is defined for float32 and float64 images, got " + to_string(type) +
           (type == ElemType::Logical ? " (thresholding is not differentiable)"
                                      : " (integer rounding is not differentiable)");
  if (type == ElemType::Logical)
    return "logical device buffers are not resized directly: resize im2uint8 of them (0 / 255) as uint8 "
           "and threshold the result at > 128, as run() does for logical host images";
  return {};
}

bool is_logical(const std::vector<const Image*>& images) {
  return !images.empty() && images.front()->type() == ElemType::Logical;
}

std::vector<Image> as_uint8(const std::vector<const Image*>& images) {
  std::vector<Image> out;
  out.reserve(images.size());
  for (const Image* im : images) out.push_back(im->type() == ElemType::Logical ? im2uint8(*im) : *im);
  return out;
}

void to_logical(std::vector<Image>& results) {
  for (Image& im : results) im = logical_from_resized_uint8(im);
}

std::string check_batch(const Plan& plan, const std::vector<const Image*>& images, bool backward) {
  if (images.empty()) return {};
  const Image& first = *images.front();
  const int want_r = backward ? plan.out_rows : plan.in_rows;
  const int want_c = backward ? plan.out_cols : plan.in_cols;
  for (std::size_t i = 0; i < images.size(); ++i) {
    const Image& im = *images[i];
    const std::string which = images.size() > 1 ? "image " + std::to_string(i) + " " : "the image ";
    if (im.rows() != want_r || im.cols() != want_c)
      return which + "is " + std::to_string(im.rows()) + "x" + std::to_string(im.cols()) +
             ", the plan expects " + std::to_string(want_r) + "x" + std::to_string(want_c);
    if (im.type() != first.type() || im.channels() != first.channels())
      return which + "differs from image 0 in type or channel count (a batch shares one type and shape)";
  }
  return check_type_and_shape(first.type(), first.channels(), static_cast<int>(images.size()), backward);
}

TableView forward_view(const AxisTable& t) {
  TableView v;
  v.weights = t.weights.data();
  v.index = t.index.data();
  v.taps = t.taps;
  return v;
}

TableView transposed_view(const TransposedTable& t) {
  TableView v;
  v.weights = t.weights.data();
  v.index = t.out_index.data();
  v.offsets = t.offsets.data();
  return v;
}

bool TableKey::matches(const AxisTable& t, bool tr) const {
  return transposed == tr && in_size == t.in_size && out_size == t.out_size && taps == t.taps &&
         weights.size() == t.weights.size() && index.size() == t.index.size() &&
         std::memcmp(weights.data(), t.weights.data(), t.weights.size() * sizeof(double)) == 0 &&
         std::memcmp(index.data(), t.index.data(), t.index.size() * sizeof(std::int32_t)) == 0;
}

TableKey TableKey::of(const AxisTable& t, bool transposed) {
  TableKey k;
  k.transposed = transposed;
  k.in_size = t.in_size;
  k.out_size = t.out_size;
  k.taps = t.taps;
  k.weights = t.weights;
  k.index = t.index;
  return k;
}

void pack(const std::vector<const Image*>& images, void* dst) {
  auto* d = static_cast<unsigned char*>(dst);
  for (const Image* im : images) {
    if (im->bytes()) std::memcpy(d, im->raw(), im->bytes());
    d += im->bytes();
  }
}

void unpack(const void* src, std::vector<Image*>& images) {
  const auto* s = static_cast<const unsigned char*>(src);
  for (Image* im : images) {
    if (im->bytes()) std::memcpy(im->raw(), s, im->bytes());
    s += im->bytes();
  }
}

}  // namespace detail
}  // namespace rl::cuda
