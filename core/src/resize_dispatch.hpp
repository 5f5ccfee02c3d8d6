// The per-instruction-set pass kernels of the CPU resizer and how one is picked at run time
// (resize_cpu_level.cpp).
// Plain pointers and a local element code only, so the AVX2 file includes nothing it could compile
// differently from the rest of the library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rl::detail {

// rl::ElemType's numeric classes, same order (logical is resized as uint8 by rl::run_into).
enum class ElemCode { U8, U16, F32, F64, I8, I16, I32, U32 };

// The widest kernel set's lanes (rows per horizontal block), for fixed-size pointer arrays: the
// 16-lane certified AVX-512 kernels.
constexpr int kMaxLanes = 16;

// One axis table as the loops read it: out_size x taps weights and 0-based input indices.
struct TableView {
  const double* w;
  const std::int32_t* ix;
  int taps;
  int out_size;
};

// A transposed table as the adjoint's horizontal pass reads it (rl::TransposedTable): output i sums
// entries [offsets[i], offsets[i + 1]) of w and ix, a list of any length (none for an input no
// forward output reads).
struct GatherView {
  const double* w;
  const std::int32_t* ix;
  const std::int32_t* offsets;  // out_size + 1
  int out_size;
};

// Everything a horizontal pass needs besides the pixels. tb, the block of input rows transposed to
// float64 (in_len * lanes doubles), and ob, the tile of results before they are transposed back
// (tile_cols * channels * lanes doubles), are the calling thread's scratch (resize_schedule.hpp).
template <class Table>
struct ColsArgsOf {
  Table table;
  int channels;
  std::size_t in_len;  // elements per input row (cols * channels)
  int tile_cols;
  double* tb;
  double* ob;
};
using ColsArgs = ColsArgsOf<TableView>;     // the forward pass: taps per output fixed
using GatherArgs = ColsArgsOf<GatherView>;  // the adjoint's: a transposed table's lists

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
  // The same over a transposed table (the adjoint's horizontal pass; float32 and float64).
  void (*cols_gather)(ElemCode, const GatherArgs&, const void* const* in_rows, void* const* out_rows,
                      std::size_t nr);
  int lanes;
};

// Certified float32 kernels for the 8-bit classes (resize_cert_avx2.cpp): float32 sums whose
// rounding is proven equal to the float64 one, with the float64 arithmetic for every lane that the
// bound cannot certify. `limit` is 0.5 - M for the table's bound M
// (resize_certification.hpp).
struct CertRow {  // one output of a vertical table
  const float* wf;
  const double* w;
  int taps;
  float limit;
  bool exact;  // F == D for this output (limit 0.5): ties are rounded in the vector code
  // uint8 only: the weights times 2^shift as integers whose sums fit int16 (int_weights,
  // resize_certification.hpp), summed exactly in 16-bit lanes; null where they do not.
  const std::int16_t* wi;
  int shift;
};
// A horizontal uint8 table whose every output has integer weights (int_weights, resize_certification.hpp)
// with one shift, each an int8, as byte-pair gathers (cert_gather_table), for the kernels that gather
// bytes from a window (CertKernels::gather_window > 0): output elements run in groups of LW (the int16
// lanes) along the output row, with no transposes; group q reads the window of `window` input bytes at
// start[q], and tap pair p of lane i takes window bytes idx[(q * pairs + p) * 2 LW + 2i, + 2i + 1]
// times the int8 weights w at the same places, summed exactly in int16 (vpmaddubsw). Lanes past the
// row's end have weight 0. groups == 0: not built.
struct CertGather {
  const std::int32_t* start;
  const std::uint8_t* idx;
  const std::int8_t* w;
  int groups;
  int pairs;
  int shift;
  std::size_t out_len;  // elements per output row
};
struct CertCols {  // a horizontal table and the calling thread's scratch
  const float* wf;
  const double* w;
  const std::int32_t* ix;
  int taps;
  int out_size;
  float limit;
  bool exact;                     // F == D for every output (limit 0.5)
  const std::uint8_t* exact_out;  // per output, F == D for that output alone (its limit 0.5); may be null
  int channels;
  std::size_t in_len;  // elements per input row
  int tile_cols;
  float* tb;          // in_len x lanes
  std::int32_t* ob;   // tile_cols x channels x lanes
  CertGather gather;  // groups == 0: the transposed block above instead
};
struct CertKernels {
  // uint8 or int8 only.
  void (*rows)(ElemCode, const CertRow&, const void* const* rows, void* dst, std::size_t len);
  void (*cols)(ElemCode, const CertCols&, const void* const* in_rows, void* const* out_rows, std::size_t nr);
  int lanes;          // rows per horizontal block
  int gather_window;  // input bytes one byte gather reads (CertGather), or 0: uint8 rows are transposed
};
const CertKernels* avx2_cert_kernels();    // nullptr when not built for x86-64
const CertKernels* avx512_cert_kernels();  // 16 lanes (resize_cert_avx512.cpp); nullptr when not built
// The same with VBMI's byte gathers for uint8's horizontal pass (resize_cert_avx512.cpp built again);
// nullptr when not built.
const CertKernels* avx512vbmi_cert_kernels();
// Lanes the certified kernels found uncertified (their vectors were recomputed in float64), counted for
// the tests and the benchmarks, once per row or block.
void count_cert_redone(unsigned long long lanes);
unsigned long long cert_redone();

// A unit horizontal table (nearest's columns) as byte shuffles, so that a row is gathered a vector at
// a time instead of a pixel at a time (resize_shortcuts.cpp builds it from the table, the SIMD files
// run it). Output chunk k is the chunk_bytes bytes (whole pixels) at k * chunk_bytes; its byte j is byte
// idx[k * vec_bytes + j] of the window of the input row that starts at byte start[k] (the window lies
// inside the row). Float types get x + 0 after the move, exact_copy's -0.0 -> +0.0.
struct ShuffleRow {
  const std::int32_t* start;
  const std::uint8_t* idx;
  int chunks;
  int chunk_bytes;
  int last_bytes;   // bytes of the last chunk (whole pixels, at most chunk_bytes)
  int whole;        // chunks 0..whole-1 may be stored as a whole vector: it ends inside the row
  int float_bytes;  // 4 (float32) or 8 (float64): the element size for x + 0; 0 for integer classes
};
struct ShuffleKernels {
  // Writes chunks [first, last) of the gathered row (at their places in the row dst) to `copies`
  // output rows, dst, dst + dst_step, ...: an enlargement's repeated rows are stored from the same
  // registers instead of read back and copied.
  void (*row)(const ShuffleRow&, const unsigned char* src, unsigned char* dst, std::size_t dst_step,
              int copies, int first, int last);
  int vec_bytes;  // output bytes one shuffle makes
  int window;     // input bytes one shuffle reads from
};
const ShuffleKernels* avx2_shuffle_kernels();    // vpshufb; nullptr when not built for x86-64
const ShuffleKernels* avx512_shuffle_kernels();  // AVX-512 VBMI vpermt2b; nullptr when not built
// The shuffle kernels of the active level: none at generic, VBMI at avx512 on CPUs that have it,
// otherwise the AVX2 ones.
const ShuffleKernels* active_shuffle_kernels();

// The instruction-set levels, slowest first. Avx2x8 is the 8-lane policy of resize_vec8.cpp compiled
// for AVX2 (8 lanes emulated on 256-bit registers): the same source as Avx512, so that its
// element-wise meaning is tested bit for bit on CPUs without AVX-512.
enum class CpuLevel { Generic, Avx2, Avx2x8, Avx512 };
constexpr CpuLevel kCpuLevels[] = {CpuLevel::Generic, CpuLevel::Avx2, CpuLevel::Avx2x8, CpuLevel::Avx512};

const PassKernels& generic_kernels();  // plain C++ (the compiler may vectorise it for the baseline ISA)
const PassKernels* avx2_kernels();     // nullptr when not built for x86-64
const PassKernels* avx2x8_kernels();   // nullptr when not built for x86-64
const PassKernels* avx512_kernels();   // nullptr when not built for x86-64

const char* level_name(CpuLevel l);  // "generic", "avx2", "avx2x8", "avx512"
bool level_from_name(const char* s, CpuLevel& l);
const PassKernels* level_kernels(CpuLevel l);  // nullptr when this build lacks it
// Whether the level is built and this CPU can run it; otherwise *why (when given) says why not.
bool level_available(CpuLevel l, const char** why = nullptr);
// The fastest available level: avx512 on CPUs with AVX-512 F, BW, DQ and VL, else avx2, else generic.
CpuLevel best_level();

// The kernels resize() uses: the forced level when one is set (force_level, or the environment
// variable RL_CPU_LEVEL read once), otherwise best_level(). A forced level this CPU cannot run is an
// error (std::runtime_error), never a silent fallback.
const PassKernels& active_kernels();
CpuLevel active_level();
// Test hook: forces a level (it must be available), or back to the default with nullptr.
void force_level(const CpuLevel* l);
// Test hook: off makes run() skip the exact shortcuts (copies for single weight-1 taps), so the
// tests can compare them against the general arithmetic.
void set_shortcuts_enabled(bool on);
bool shortcuts_enabled();
// The certified kernels run() uses for 8-bit images, or nullptr: at the avx2 and avx512 levels on
// CPUs with FMA, unless turned off (test hook, or RL_CERTIFIED=0 read once).
const CertKernels* active_cert_kernels();
void set_certified_enabled(bool on);
// Test hook: off makes the avx512 level use the certified kernels without VBMI's byte gathers (uint8
// rows transposed in blocks), so the tests can compare the two horizontal passes on one CPU; so does
// the environment variable RL_CERT_GATHER=0 (read once), for the benchmarks.
void set_cert_gather_enabled(bool on);

}  // namespace rl::detail
