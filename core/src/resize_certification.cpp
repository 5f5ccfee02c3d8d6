// The certification bound of the certified 8-bit kernels (the reasoning is in
// resize_certification.hpp): one pass over each axis table, run once per resize.
#include "resize_certification.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace rl::detail {

double cert_xmax(ElemType t) { return t == ElemType::U8 ? 255.0 : 128.0; }

// The least e >= 0 for which w * 2^e is an integer (w finite), from the bits: w = m 2^E with m the
// integer significand, so e = -(E + trailing zeros of m), or 0.
int dyadic_exponent(double w) {
  if (w == 0) return 0;
  std::uint64_t b;
  std::memcpy(&b, &w, sizeof b);
  const int biased = static_cast<int>((b >> 52) & 0x7ff);
  std::uint64_t m = b & ((std::uint64_t{1} << 52) - 1);
  int exp2 = -1074;  // subnormal
  if (biased != 0) {
    m |= std::uint64_t{1} << 52;
    exp2 = biased - 1075;
  }
  return std::max(0, -(exp2 + std::countr_zero(m)));
}

CertCheck cert_check(const AxisTable& t, double xmax) {
  double a = 0;
  int e = 0;
  for (int o = 0; o < t.out_size; ++o) {
    double sum = 0;
    for (int k = 0; k < t.taps; ++k) {
      const double w = t.weights_of(o)[k];
      if (!std::isfinite(w)) return {};
      sum += std::fabs(w);
      e = std::max(e, dyadic_exponent(w));
    }
    a = std::max(a, sum);
  }
  if (!(a <= 1e4)) return {};
  if (e <= 24 && a * xmax * std::ldexp(1.0, e) < 0x1p24) return {true, 0.5f};
  if (a * xmax >= 0x1p20) return {};
  const double n = t.taps + 2.0, us = 0x1p-24, ud = 0x1p-53;
  const double gs = n * us / (1 - n * us), gd = 2 * n * ud / (1 - 2 * n * ud);
  const double m = 2 * ((gs * (1 + us) + us + gd) * a * xmax + 2 * n * 0x1p-149 * xmax);
  if (!(m < 1.0 / 16)) return {};
  float limit = static_cast<float>(0.5 - m);
  while (static_cast<double>(limit) > 0.5 - m) limit = std::nextafter(limit, 0.0f);
  return {false, limit};
}

const CertKernels* cert_for(const Plan& p, ElemType type, CertCheck& rows, CertCheck& cols) {
  if (type != ElemType::U8 && type != ElemType::I8) return nullptr;
  const CertKernels* c = active_cert_kernels();
  if (!c) return nullptr;
  rows = cert_check(p.rows, cert_xmax(type));
  cols = cert_check(p.cols, cert_xmax(type));
  return rows.limit > 0 && cols.limit > 0 ? c : nullptr;
}

bool output_exact(const double* w, int taps, double xmax) {
  double a = 0;
  int e = 0;
  for (int k = 0; k < taps; ++k) {
    if (!std::isfinite(w[k])) return false;
    a += std::fabs(w[k]);
    e = std::max(e, dyadic_exponent(w[k]));
  }
  return e <= 24 && a * xmax * std::ldexp(1.0, e) < 0x1p24;
}

int int_weights(const double* w, int taps, std::int16_t* wi) {
  if (!output_exact(w, taps, 255.0)) return -1;
  int e = 0;
  for (int k = 0; k < taps; ++k) e = std::max(e, dyadic_exponent(w[k]));
  if (e > 14) return -1;
  long long sum = 0;
  for (int k = 0; k < taps; ++k) {
    const double s = std::ldexp(w[k], e);     // an integer: w is a multiple of 2^-e
    if (!(std::fabs(s) < 0x1p15)) return -1;  // int16 holds |s| < 2^15 (and -2^15, never needed)
    wi[k] = static_cast<std::int16_t>(s);
    sum += std::llabs(static_cast<long long>(s));
  }
  return sum * 255 + (e > 0 ? 1LL << (e - 1) : 0) < 0x8000 ? e : -1;
}

CertAxis cert_axis(const AxisTable& t, const CertCheck& check, double xmax) {
  CertAxis c;
  c.exact = check.exact;
  c.limit = check.limit;
  c.wf.assign(t.weights.begin(), t.weights.end());
  if (!c.exact) {
    c.exact_out.resize(static_cast<std::size_t>(t.out_size));
    for (int o = 0; o < t.out_size; ++o)
      c.exact_out[static_cast<std::size_t>(o)] = output_exact(t.weights_of(o), t.taps, xmax);
  }
  if (xmax == cert_xmax(ElemType::U8)) {
    c.wi.resize(t.weights.size());
    c.shift.resize(static_cast<std::size_t>(t.out_size));
    for (int o = 0; o < t.out_size; ++o)
      c.shift[static_cast<std::size_t>(o)] = static_cast<std::int8_t>(
          int_weights(t.weights_of(o), t.taps, c.wi.data() + static_cast<std::size_t>(o) * t.taps));
  }
  return c;
}

std::size_t cert_bytes(const Plan& p, ElemType type) {
  std::size_t flags = 0;  // cert_axis's per-output flags, kept for the tables that are not exact
  for (const AxisTable* t : {&p.rows, &p.cols})
    if (!cert_check(*t, cert_xmax(type)).exact) flags += static_cast<std::size_t>(t->out_size);
  std::size_t ints = 0;  // cert_axis's integer weights and shifts, for uint8
  if (type == ElemType::U8)
    for (const AxisTable* t : {&p.rows, &p.cols})
      ints += t->weights.size() * sizeof(std::int16_t) + static_cast<std::size_t>(t->out_size);
  return (p.rows.weights.size() + p.cols.weights.size()) * sizeof(float) + flags * sizeof(std::uint8_t) +
         ints;
}

}  // namespace rl::detail
