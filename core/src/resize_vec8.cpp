// The pass kernels with 8 float64 lanes, written with GCC/Clang vector extensions whose meaning is
// defined element by element. This one source is compiled twice (core/CMakeLists.txt):
//   RL_VEC8_ENTRY=avx512_kernels  with -mavx512f -mavx512bw -mavx512dq -mavx512vl: chosen at run time
//                                 only on CPUs that report all four;
//   RL_VEC8_ENTRY=avx2x8_kernels  with -mavx2: the same 8 lanes emulated on 256-bit registers.
// Both builds use -ffp-contract=off (rl_fp_strict), so even where AVX-512 has fused multiply-add
// instructions a multiply and the following add are never fused. Because every operation below
// (+, *, comparisons, bit selects, __builtin_convertvector, __builtin_shufflevector) is defined per
// element independently of the target, the two builds compute the same bits; the AVX2 build is
// tested bit for bit against the generic kernels on every machine with AVX2, which is how the
// AVX-512 build is verified where no AVX-512 CPU is at hand (docs/PERFORMANCE.md).
#include <cstring>
#include <limits>
#include <type_traits>

#include "resize_kernels.hpp"

#ifndef RL_VEC8_ENTRY
#error "compile resize_vec8.cpp with RL_VEC8_ENTRY set to the entry point's name"
#endif

namespace rl::detail {

namespace {

using D8 = double __attribute__((vector_size(64)));
using I32x8 = std::int32_t __attribute__((vector_size(32)));
using U32x8 = std::uint32_t __attribute__((vector_size(32)));
using I16x8 = std::int16_t __attribute__((vector_size(16)));
using U16x8 = std::uint16_t __attribute__((vector_size(16)));
using I8x8 = std::int8_t __attribute__((vector_size(8)));
using U8x8 = std::uint8_t __attribute__((vector_size(8)));
using F32x8 = float __attribute__((vector_size(32)));
using I64x8 = decltype(D8{} == D8{});  // what a comparison of two D8 gives: 0 or all ones

// The vector type holding 8 elements of T.
template <class T>
struct Vec8Of;
template <>
struct Vec8Of<std::uint8_t> {
  using type = U8x8;
};
template <>
struct Vec8Of<std::int8_t> {
  using type = I8x8;
};
template <>
struct Vec8Of<std::uint16_t> {
  using type = U16x8;
};
template <>
struct Vec8Of<std::int16_t> {
  using type = I16x8;
};
template <>
struct Vec8Of<std::int32_t> {
  using type = I32x8;
};
template <>
struct Vec8Of<std::uint32_t> {
  using type = U32x8;
};
template <>
struct Vec8Of<float> {
  using type = F32x8;
};
template <>
struct Vec8Of<double> {
  using type = D8;
};

struct Vec8 {
  static constexpr std::size_t W = 8;
  using D = D8;
  static D zero() { return D{}; }
  static D set1(double x) { return D{} + x; }
  static D add(D a, D b) { return a + b; }
  static D mul(D a, D b) { return a * b; }
  static D loadd(const double* p) {
    D v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static void stored(double* p, D v) { std::memcpy(p, &v, sizeof v); }

  // Every element type converts to float64 exactly (element-wise static_cast<double>).
  template <class T>
  static D load(const T* p) {
    typename Vec8Of<T>::type v;
    std::memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, D8);
  }

  // where m (all ones or all zeros per element, from a comparison) then a else b.
  static D select(I64x8 m, D a, D b) {
    return reinterpret_cast<D>((m & reinterpret_cast<I64x8>(a)) | (~m & reinterpret_cast<I64x8>(b)));
  }
  // rl::from_double for the integer classes, element-wise: NaN -> 0, saturate at [lo, hi], round half
  // away from zero. On the clamped t, trunc(t + copysign(0.49999999999999994, t)) is that rounding
  // (t + 0.5 would round 0.49999999999999994 up); the truncating conversion is then exact in range.
  static D clamp_round(D v, double lo, double hi) {
    D t = select(v == v, v, zero());
    t = select(t < zero() + lo, zero() + lo, t);
    t = select(t > zero() + hi, zero() + hi, t);
    return t + select(t < zero(), zero() - 0.49999999999999994, zero() + 0.49999999999999994);
  }
  template <class T>
  static void store(T* p, D v) {
    typename Vec8Of<T>::type r;
    if constexpr (std::is_same_v<T, double>) {
      r = v;
    } else if constexpr (std::is_same_v<T, float>) {
      r = __builtin_convertvector(v, F32x8);  // round to nearest, as static_cast<float>
    } else if constexpr (std::is_same_v<T, std::uint32_t>) {
      r = __builtin_convertvector(clamp_round(v, 0.0, 4294967295.0), U32x8);
    } else {
      constexpr double lo = static_cast<double>(std::numeric_limits<T>::min()),
                       hi = static_cast<double>(std::numeric_limits<T>::max());
      r = __builtin_convertvector(__builtin_convertvector(clamp_round(v, lo, hi), I32x8),
                                  typename Vec8Of<T>::type);
    }
    std::memcpy(p, &r, sizeof r);
  }

  // 8x8 transpose in three rounds of two-source shuffles.
  static void transpose(D* v) {
    D a[8], b[8];
    for (int i = 0; i < 8; i += 2) {
      a[i] = __builtin_shufflevector(v[i], v[i + 1], 0, 8, 2, 10, 4, 12, 6, 14);
      a[i + 1] = __builtin_shufflevector(v[i], v[i + 1], 1, 9, 3, 11, 5, 13, 7, 15);
    }
    for (int i = 0; i < 8; i += 4)
      for (int j = 0; j < 2; ++j) {
        b[i + j] = __builtin_shufflevector(a[i + j], a[i + j + 2], 0, 1, 8, 9, 4, 5, 12, 13);
        b[i + j + 2] = __builtin_shufflevector(a[i + j], a[i + j + 2], 2, 3, 10, 11, 6, 7, 14, 15);
      }
    for (int j = 0; j < 4; ++j) {
      v[j] = __builtin_shufflevector(b[j], b[j + 4], 0, 1, 2, 3, 8, 9, 10, 11);
      v[j + 4] = __builtin_shufflevector(b[j], b[j + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
  }
};

}  // namespace

const PassKernels* RL_VEC8_ENTRY() {
  static constexpr PassKernels k = KernelSet<Vec8>::table;
  return &k;
}

}  // namespace rl::detail
