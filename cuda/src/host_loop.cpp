// The CUDA pass bodies in a host loop over the full index space (n, line, j): the same function each
// GPU thread runs, so tests check the device code's indexing and arithmetic without a GPU.
#include <array>
#include <stdexcept>
#include <type_traits>

#include "pass_steps.hpp"
#include "rl/cuda_host_loop.hpp"
#include "rl/cuda_pass_tuned.hpp"

namespace rl::cuda::host_loop {

namespace {

// The index spaces and the choice of body mirror launch_pass in resizer.cu.
template <class T>
void run_pass(const PassShape& s, const TableView& t, const TapMajorView& tm, Kernels k, const T* src,
              T* dst) {
  if (k == Kernels::Plain || t.offsets) {
    for (int n = 0; n < s.batch; ++n)
      for (int line = 0; line < s.lines(); ++line)
        for (int j = 0; j < s.line_length(); ++j) pass_element<T>(s, t, src, dst, n, line, j);
  } else if (s.axis == Axis::Cols) {
    for (int n = 0; n < s.batch; ++n)
      for (int g = 0; g < cols_groups(s); ++g)
        for (int o = 0; o < s.out_size; ++o) cols_tuned<T>(s, tm, src, dst, n, g, o);
  } else {
    const bool vector = rows_vectorizable<T>(s, src, dst);
    for (int n = 0; n < s.batch; ++n)
      for (int line = 0; line < s.lines(); ++line)
        for (int q = 0; q < rows_groups<T>(s); ++q)
          if (vector)
            rows_tuned<T, true>(s, t, src, dst, n, line, q);
          else
            rows_tuned<T, false>(s, t, src, dst, n, line, q);
  }
}

template <class T>
void run_typed(const std::vector<PassStep>& steps, const std::array<TableView, 2>& views,
               const std::array<TapMajorView, 2>& tm, Kernels k, const void* in, void* out) {
  std::vector<T> mid(static_cast<std::size_t>(steps[0].shape.out_elements()));
  run_pass<T>(steps[0].shape, views[0], tm[0], k, static_cast<const T*>(in), mid.data());
  run_pass<T>(steps[1].shape, views[1], tm[1], k, mid.data(), static_cast<T*>(out));
}

std::vector<Image> run_all(const Plan& plan, const std::vector<const Image*>& in, bool backward,
                           Kernels k = Kernels::Plain) {
  if (!backward && detail::is_logical(in)) {
    const std::vector<Image> u8 = detail::as_uint8(in);
    std::vector<const Image*> ptrs;
    for (const Image& im : u8) ptrs.push_back(&im);
    std::vector<Image> out = run_all(plan, ptrs, false, k);
    detail::to_logical(out);
    return out;
  }
  const std::string err = detail::check_batch(plan, in, backward);
  if (!err.empty()) throw std::invalid_argument(err);
  if (in.empty()) return {};
  const ElemType type = in.front()->type();
  const int ch = in.front()->channels();
  const int batch = static_cast<int>(in.size());
  const auto steps = plan_steps(plan, ch, batch, backward);

  std::array<TransposedTable, 2> transposed;
  std::array<TapMajorTable, 2> tap_majors;
  std::array<TableView, 2> views;
  std::array<TapMajorView, 2> tm;
  for (std::size_t s = 0; s < 2; ++s) {
    if (backward) {
      transposed[s] = transpose_table(plan.table(steps[s].axis));
      views[s] = detail::transposed_view(transposed[s]);
    } else {
      views[s] = detail::forward_view(plan.table(steps[s].axis));
      tap_majors[s] = tap_major(plan.table(steps[s].axis));
      tm[s] = tap_major_view(tap_majors[s]);
    }
  }

  const PassShape& last = steps[1].shape;
  std::vector<unsigned char> packed_in(static_cast<std::size_t>(steps[0].shape.in_elements()) *
                                       elem_size(type));
  std::vector<unsigned char> packed_out(static_cast<std::size_t>(last.out_elements()) * elem_size(type));
  detail::pack(in, packed_in.data());
  visit_elem_type(type, [&](auto x) {
    using T = decltype(x);
    if constexpr (!std::is_same_v<T, bool>)  // logical was converted above
      run_typed<T>(steps, views, tm, k, packed_in.data(), packed_out.data());
  });
  std::vector<Image> out;
  std::vector<Image*> ptrs;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i)
    out.push_back(Image::uninitialized(last.out_rows(), last.out_cols(), ch, type));
  for (auto& im : out) ptrs.push_back(&im);
  detail::unpack(packed_out.data(), ptrs);
  return out;
}

}  // namespace

Image run(const Plan& plan, const Image& in, Kernels kernels) {
  return std::move(run_all(plan, {&in}, false, kernels).front());
}

std::vector<Image> run_batch(const Plan& plan, const std::vector<Image>& in, Kernels kernels) {
  std::vector<const Image*> ptrs;
  for (const auto& im : in) ptrs.push_back(&im);
  return run_all(plan, ptrs, false, kernels);
}

Image backward(const Plan& plan, const Image& grad_out) {
  return std::move(run_all(plan, {&grad_out}, true).front());
}

}  // namespace rl::cuda::host_loop
