// The per-instruction-set pass kernels of the CPU resizer and how resize.cpp picks one at run time.
// Plain pointers and a local element code only, so the AVX2 file includes nothing it could compile
// differently from the rest of the library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rl::detail {

// rl::ElemType's numeric classes, same order (logical is resized as uint8 by resize.cpp).
enum class ElemCode { U8, U16, F32, F64, I8, I16, I32, U32 };

// The widest kernel set's lanes (rows per horizontal block), for fixed-size pointer arrays.
constexpr int kMaxLanes = 8;

// One axis table as the loops read it: out_size x taps weights and 0-based input indices.
struct TableView {
  const double* w;
  const std::int32_t* ix;
  int taps;
  int out_size;
};

// Everything a horizontal pass needs besides the pixels. tb (in_len * lanes doubles) and ob
// (tile_cols * channels * lanes doubles) are the calling thread's scratch.
struct ColsArgs {
  TableView table;
  int channels;
  std::size_t in_len;  // elements per input row (cols * channels)
  int tile_cols;
  double* tb;
  double* ob;
};

struct PassKernels {
  // One output row of a vertical pass: dst[j] = sum over k of w[k] * rows[k][j], j < len.
  void (*rows)(ElemCode, const double* w, const void* const* rows, int taps, void* dst, std::size_t len);
  // The same from rows already widened to float64 (by `widen`), writing the element type.
  void (*rows_from_double)(ElemCode, const double* w, const double* const* rows, int taps, void* dst,
                           std::size_t len);
  // dst[j] = double(src[j]), j < n.
  void (*widen)(ElemCode, const void* src, double* dst, std::size_t n);
  // A horizontal pass over a block of `lanes` rows; only out_rows[0..nr) are written.
  void (*cols)(ElemCode, const ColsArgs&, const void* const* in_rows, void* const* out_rows, std::size_t nr);
  int lanes;
};

const PassKernels& generic_kernels();  // plain C++ (the compiler may vectorise it for the baseline ISA)
const PassKernels* avx2_kernels();     // nullptr when not built for x86-64

// The kernels resize() uses: AVX2 when the CPU has it, unless forced to the generic ones (tests
// compare the two on the same machine).
const PassKernels& active_kernels();
void force_generic_kernels(bool on);

}  // namespace rl::detail
