// The per-output arithmetic of a 1-D pass, shared by the CPU core and the CUDA kernels so both
// produce the same bits: float64 accumulation over the taps in ascending order (no FMA: compile
// with -ffp-contract=off / -fmad=false), then MATLAB's conversion to the element type.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define RL_HD __host__ __device__
#else
#define RL_HD
#endif

namespace rl {

// sum_k w[k] * src[idx[k] * stride], k ascending.
template <class T>
RL_HD inline double tap_sum(const double* w, const std::int32_t* idx, int taps, const T* src,
                            std::ptrdiff_t stride) {
  double acc = 0.0;
  for (int k = 0; k < taps; ++k) acc += w[k] * static_cast<double>(src[idx[k] * stride]);
  return acc;
}

// MATLAB's cast of a double to the element type: integers round half away from zero and saturate,
// NaN becomes 0; single is a plain float conversion; double is unchanged.
template <class T>
RL_HD inline T from_double(double v);
template <>
RL_HD inline double from_double<double>(double v) {
  return v;
}
template <>
RL_HD inline float from_double<float>(double v) {
  return static_cast<float>(v);
}
// The signed and 32-bit integer classes: NaN -> 0, saturate at [lo, hi], otherwise round half away
// from zero (round() does exactly that; -2.5 -> -3). Both limits of every class are exact in double,
// and round(v) of a v strictly inside (lo, hi) stays inside [lo, hi], so the cast is exact.
template <class T>
RL_HD inline T saturate_round(double v, double lo, double hi) {
  if (v != v) return 0;
  if (v <= lo) return static_cast<T>(lo);
  if (v >= hi) return static_cast<T>(hi);
  return static_cast<T>(round(v));
}
template <>
RL_HD inline std::int8_t from_double<std::int8_t>(double v) {
  return saturate_round<std::int8_t>(v, -128.0, 127.0);
}
template <>
RL_HD inline std::int16_t from_double<std::int16_t>(double v) {
  return saturate_round<std::int16_t>(v, -32768.0, 32767.0);
}
template <>
RL_HD inline std::int32_t from_double<std::int32_t>(double v) {
  return saturate_round<std::int32_t>(v, -2147483648.0, 2147483647.0);
}
template <>
RL_HD inline std::uint32_t from_double<std::uint32_t>(double v) {
  return saturate_round<std::uint32_t>(v, 0.0, 4294967295.0);
}
template <>
RL_HD inline std::uint8_t from_double<std::uint8_t>(double v) {
  if (!(v > 0.0)) return 0;  // also NaN
  if (v >= 255.0) return 255;
  return static_cast<std::uint8_t>(round(v));
}
template <>
RL_HD inline std::uint16_t from_double<std::uint16_t>(double v) {
  if (!(v > 0.0)) return 0;
  if (v >= 65535.0) return 65535;
  return static_cast<std::uint16_t>(round(v));
}

}  // namespace rl
