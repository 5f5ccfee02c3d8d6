// resizelab._core's batches for resizelab.torch: `src` and `dst` are C-contiguous (B, H, W) arrays, B
// one-channel images, or (B, H, W, C) arrays, B images of C interleaved channels (a channels_last
// tensor's own memory); numpy views of torch tensors, no copy. Each image is resized into its place
// in `dst`.
#include <algorithm>
#include <string>

#include "bindings.hpp"
#include "rl/parallel.hpp"

namespace rlpy {

// Batches for resizelab.torch: `src` and `dst` are C-contiguous (B, H, W) arrays, B one-channel
// images, or (B, H, W, C) arrays, B images of C interleaved channels (a channels_last tensor's own
// memory); numpy views of torch tensors, no copy. Each image is resized into its place in `dst`.
namespace {

int check_planar(const py::array& a, int rows, int cols, const char* what) {
  if ((a.ndim() != 3 && a.ndim() != 4) || !(a.flags() & py::array::c_style))
    throw std::invalid_argument(std::string(what) +
                                " must be a C-contiguous (batch, rows, cols[, channels]) array");
  if (a.shape(1) != rows || a.shape(2) != cols)
    throw std::invalid_argument(std::string(what) + " is " + size_text(a.shape(1), a.shape(2)) +
                                ", expected " + size_text(rows, cols));
  return a.ndim() == 4 ? to_int(a.shape(3), "the number of channels") : 1;
}

struct PlanarBatch {
  rl::ElemType type{};
  int batch = 0, channels = 1;
  std::size_t in_step = 0, out_step = 0;  // bytes per image
};

PlanarBatch planar_pair(const PyPlan& p, const py::array& src, py::array& dst, bool backward) {
  const rl::Plan& pl = *p.plan;
  PlanarBatch b;
  b.type = elem_type_of(src.dtype());
  if (elem_type_of(dst.dtype()) != b.type) throw TypeMismatch("the output's dtype differs from the input's");
  if (!dst.writeable()) throw std::invalid_argument("the output array is read-only");
  const int ir = backward ? pl.out_rows : pl.in_rows, ic = backward ? pl.out_cols : pl.in_cols;
  const int or_ = backward ? pl.in_rows : pl.out_rows, oc = backward ? pl.in_cols : pl.out_cols;
  b.channels = check_planar(src, ir, ic, "the input");
  if (check_planar(dst, or_, oc, "the output") != b.channels || src.ndim() != dst.ndim())
    throw std::invalid_argument("input and output channels differ");
  if (src.shape(0) != dst.shape(0)) throw std::invalid_argument("input and output batch sizes differ");
  b.batch = to_int(src.shape(0), "the batch size");
  // The plan's element limit, per image with its channels (the plan was made for one channel).
  const auto [mr, mc] = pl.intermediate_shape();
  const double biggest =
      std::max({static_cast<double>(pl.in_rows) * pl.in_cols, static_cast<double>(pl.out_rows) * pl.out_cols,
                static_cast<double>(mr) * mc});
  if (biggest * b.channels > static_cast<double>(rl::PlanLimits{}.max_elements))
    throw std::invalid_argument("an image of " + std::to_string(b.channels) +
                                " interleaved channels is over the element limit; use a contiguous tensor");
  const std::size_t px = static_cast<std::size_t>(b.channels) * rl::elem_size(b.type);
  b.in_step = static_cast<std::size_t>(ir) * ic * px;
  b.out_step = static_cast<std::size_t>(or_) * oc * px;
  return b;
}

// Whole images per thread when the batch has at least two per thread: each image's passes then run
// without the per-plane wake-ups and waits of splitting one small plane over every thread (the bits
// do not depend on the threads). Smaller batches split each image, as a single resize does.
bool split_by_image(int batch) {
  const int threads = rl::default_threads();
  return threads > 1 && batch >= 2 * threads;
}

}  // namespace

void run_planar(const PyPlan& p, const py::array& src, py::array& dst) {
  const PlanarBatch b = planar_pair(p, src, dst, false);
  const rl::Plan& pl = *p.plan;
  const auto* in_base = static_cast<const unsigned char*>(src.data());
  auto* out_base = static_cast<unsigned char*>(dst.mutable_data());
  py::gil_scoped_release nogil;
  // torch.empty's fresh memory: on huge pages before the first write (a 133 MB result took 50 ms of
  // page faults on 4 KiB pages, 8.5 ms on huge pages).
  rl::advise_huge_pages(out_base, b.out_step * static_cast<std::size_t>(b.batch));
  const auto one = [&](int k, const rl::RunOptions& opt) {
    const rl::Image in = rl::Image::borrow(const_cast<unsigned char*>(in_base + k * b.in_step), pl.in_rows,
                                           pl.in_cols, b.channels, b.type);
    rl::Image out =
        rl::Image::borrow(out_base + k * b.out_step, pl.out_rows, pl.out_cols, b.channels, b.type);
    rl::run_into(pl, in, out, opt);
  };
  if (split_by_image(b.batch)) {
    rl::parallel_for(b.batch, 1, [&](long long k0, long long k1) {
      for (long long k = k0; k < k1; ++k) one(static_cast<int>(k), {1});
    });
    return;
  }
  for (int k = 0; k < b.batch; ++k) one(k, {});
}

void backward_planar(const PyPlan& p, const py::array& src, py::array& dst) {
  const PlanarBatch b = planar_pair(p, src, dst, true);
  require_float(b.type, dtype_name(src.dtype()));
  const rl::Plan& pl = *p.plan;
  const auto* in_base = static_cast<const unsigned char*>(src.data());
  auto* out_base = static_cast<unsigned char*>(dst.mutable_data());
  py::gil_scoped_release nogil;
  rl::advise_huge_pages(out_base, b.out_step * static_cast<std::size_t>(b.batch));
  // The transposed tables once per plan, the intermediate once per batch; each image's gradient
  // written straight into its place in dst, the passes exactly as rl::resize_backward runs them.
  // With images to spare, each thread takes whole images with its own intermediate.
  const rl::AdjointTables& tables = p.adjoint_tables();
  const auto [mr, mc] = tables.mid_shape();
  const auto images = [&](long long k0, long long k1, const rl::RunOptions& opt) {
    rl::Image mid = rl::Image::uninitialized(mr, mc, b.channels, b.type);
    for (long long k = k0; k < k1; ++k) {
      const rl::Image g = rl::Image::borrow(const_cast<unsigned char*>(in_base + k * b.in_step), pl.out_rows,
                                            pl.out_cols, b.channels, b.type);
      rl::Image res =
          rl::Image::borrow(out_base + k * b.out_step, pl.in_rows, pl.in_cols, b.channels, b.type);
      rl::resize_backward_into(g, tables, mid, res, opt);
    }
  };
  if (split_by_image(b.batch))
    rl::parallel_for(b.batch, 1, [&](long long k0, long long k1) { images(k0, k1, {1}); });
  else
    images(0, b.batch, {});
}

}  // namespace rlpy
