// The certification bound of the certified 8-bit kernels (the reasoning is in
// resize_certification.hpp): one pass over each axis table, run once per resize.
#include "resize_certification.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

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

namespace {

// output_exact's exponent: the least e with every w * 2^e an integer when the output meets the exact
// condition, else -1. One pass over the weights, shared by output_exact and int_weights.
int output_exponent(const double* w, int taps, double xmax) {
  double a = 0;
  int e = 0;
  for (int k = 0; k < taps; ++k) {
    if (!std::isfinite(w[k])) return -1;
    a += std::fabs(w[k]);
    e = std::max(e, dyadic_exponent(w[k]));
  }
  return e <= 24 && a * xmax * static_cast<double>(1 << e) < 0x1p24 ? e : -1;  // 2^e exactly, no libm call
}

// int_weights for an output whose output_exponent at xmax 255 is e.
int int_weights_of(const double* w, int taps, int e, std::int16_t* wi) {
  if (e < 0 || e > 14) return -1;
  const double scale = static_cast<double>(1 << e);  // e in [0, 14]
  long long sum = 0;
  for (int k = 0; k < taps; ++k) {
    const double s = w[k] * scale;            // an integer, exactly: w is a multiple of 2^-e
    if (!(std::fabs(s) < 0x1p15)) return -1;  // int16 holds |s| < 2^15 (and -2^15, never needed)
    wi[k] = static_cast<std::int16_t>(s);
    sum += std::llabs(static_cast<long long>(s));
  }
  return sum * 255 + (e > 0 ? 1LL << (e - 1) : 0) < 0x8000 ? e : -1;
}

}  // namespace

bool output_exact(const double* w, int taps, double xmax) { return output_exponent(w, taps, xmax) >= 0; }

int int_weights(const double* w, int taps, std::int16_t* wi) {
  return int_weights_of(w, taps, output_exponent(w, taps, 255.0), wi);
}

CertAxis cert_axis(const AxisTable& t, const CertCheck& check, double xmax) {
  CertAxis c;
  c.exact = check.exact;
  c.limit = check.limit;
  c.wf.assign(t.weights.begin(), t.weights.end());
  const bool u8 = xmax == cert_xmax(ElemType::U8);
  if (!c.exact) c.exact_out.resize(static_cast<std::size_t>(t.out_size));
  if (u8) {
    c.wi.resize(t.weights.size());
    c.shift.resize(static_cast<std::size_t>(t.out_size));
  }
  for (int o = 0; c.exact_out.size() + c.shift.size() > 0 && o < t.out_size; ++o) {
    const int e = output_exponent(t.weights_of(o), t.taps, xmax);  // at xmax 255 for uint8, as int_weights
    if (!c.exact) c.exact_out[static_cast<std::size_t>(o)] = e >= 0;
    if (u8)
      c.shift[static_cast<std::size_t>(o)] = static_cast<std::int8_t>(
          int_weights_of(t.weights_of(o), t.taps, e, c.wi.data() + static_cast<std::size_t>(o) * t.taps));
  }
  return c;
}

namespace {

// Where group q's window starts, or -1 where its bytes do not fit one window.
long long gather_start(const AxisTable& t, int ch, int lanes, int window, int q) {
  const long long in_len = static_cast<long long>(t.in_size) * ch,
                  out_len = static_cast<long long>(t.out_size) * ch;
  long long lo = in_len, hi = -1;
  const long long e0 = static_cast<long long>(q) * lanes, e1 = std::min(out_len, e0 + lanes);
  // Per output, its taps' lowest and highest input times ch, plus the group's first and last channel
  // of that output: one pass over each output's taps, not one per channel.
  for (long long e = e0; e < e1;) {
    const int o = static_cast<int>(e / ch);
    const long long first = std::max(e0, static_cast<long long>(o) * ch),
                    last = std::min(e1, static_cast<long long>(o + 1) * ch) - 1;
    const std::int32_t* ix = t.index_of(o);
    const auto [mn, mx] = std::minmax_element(ix, ix + t.taps);
    lo = std::min(lo, static_cast<long long>(*mn) * ch + (first - static_cast<long long>(o) * ch));
    hi = std::max(hi, static_cast<long long>(*mx) * ch + (last - static_cast<long long>(o) * ch));
    e = last + 1;
  }
  const long long start = std::min(lo, in_len - window);
  return hi - start < window ? start : -1;
}

}  // namespace

int cert_igather_groups(const AxisTable& t, const CertAxis& c, int ch, int lanes, int window, int* shift,
                        std::vector<std::int8_t>* wi, std::vector<std::int32_t>* starts) {
  const int lw = 2 * lanes;
  const long long in_len = static_cast<long long>(t.in_size) * ch,
                  out_len = static_cast<long long>(t.out_size) * ch;
  if (c.shift.empty() || t.taps < 2 || window <= 0 || lanes <= 0 || lw > 64 || window > 256 ||
      in_len < window || out_len <= 0 || out_len / lw >= (1LL << 30))
    return 0;
  int s = 0;
  for (const std::int8_t e : c.shift) {
    if (e < 0) return 0;
    s = std::max(s, static_cast<int>(e));
  }
  if (wi) wi->assign(t.weights.size(), 0);
  for (int o = 0; o < t.out_size; ++o) {
    const int e = c.shift[static_cast<std::size_t>(o)];
    long long sum = 0;
    for (int k = 0; k < t.taps; ++k) {
      const std::size_t at = static_cast<std::size_t>(o) * t.taps + k;
      const long long v = static_cast<long long>(c.wi[at]) * (1LL << (s - e));  // D = v x / 2^s exactly
      if (v < -127 || v > 127) return 0;
      sum += std::llabs(v);
      if (wi) (*wi)[at] = static_cast<std::int8_t>(v);
    }
    if (sum * 255 + (s > 0 ? 1LL << (s - 1) : 0) >= 0x8000) return 0;
  }
  const int groups = static_cast<int>((out_len + lw - 1) / lw);
  if (starts) starts->assign(static_cast<std::size_t>(groups), 0);
  for (int q = 0; q < groups; ++q) {
    const long long start = gather_start(t, ch, lw, window, q);
    if (start < 0) return 0;
    if (starts) (*starts)[static_cast<std::size_t>(q)] = static_cast<std::int32_t>(start);
  }
  if (shift) *shift = s;
  return groups;
}

void cert_gather_table(CertAxis& c, const AxisTable& t, int ch, int lanes, int window) {
  std::vector<std::int8_t> wi;
  int shift = 0;
  std::vector<std::int32_t> starts;
  if (const int groups = cert_igather_groups(t, c, ch, lanes, window, &shift, &wi, &starts); groups > 0) {
    const int lw = 2 * lanes, pairs = (t.taps + 1) / 2;
    const long long out_len = static_cast<long long>(t.out_size) * ch;
    const std::size_t n = static_cast<std::size_t>(groups) * static_cast<std::size_t>(pairs) * 2 * lw;
    c.gather_groups = groups;
    c.gather_pairs = pairs;
    c.gather_shift = shift;
    c.gather_out_len = static_cast<std::size_t>(out_len);
    c.gather_start = std::move(starts);
    c.gather_idx.assign(n, 0);
    c.gather_w.assign(n, 0);
    // Locals: a byte store may alias anything, so members read in the loop would be read again.
    const int taps = t.taps;
    const std::int32_t* index = t.index.data();
    std::uint8_t* idx = c.gather_idx.data();
    std::int8_t* gw = c.gather_w.data();
    int o = 0, ci = 0;  // output and channel of element q * lw + i, stepped along (no division)
    for (int q = 0; q < groups; ++q) {
      const long long start = c.gather_start[static_cast<std::size_t>(q)];
      for (int i = 0; i < lw; ++i) {
        const long long e = static_cast<long long>(q) * lw + i;
        if (e >= out_len) continue;  // past the row's end: weights 0, window byte 0
        const std::int32_t* ix = index + static_cast<std::size_t>(o) * taps;
        const std::int8_t* w = wi.data() + static_cast<std::size_t>(o) * taps;
        for (int k = 0; k < taps; ++k) {
          const std::size_t at = ((static_cast<std::size_t>(q) * pairs + k / 2) * lw + i) * 2 + k % 2;
          idx[at] = static_cast<std::uint8_t>(static_cast<long long>(ix[k]) * ch + ci - start);
          gw[at] = w[k];
        }
        if (++ci == ch) {
          ci = 0;
          ++o;
        }
      }
    }
  }
}

std::size_t cert_gather_bytes(const AxisTable& t, const CertAxis& c, int ch, int lanes, int window) {
  const auto groups = static_cast<std::size_t>(cert_igather_groups(t, c, ch, lanes, window));
  // start, then idx and w: pairs x 2 bytes x 2 lanes per group each
  return groups * (sizeof(std::int32_t) + static_cast<std::size_t>((t.taps + 1) / 2) * 2 * 2 * lanes * 2);
}

namespace {

// The bytes of a table cert_axis built.
std::size_t cert_axis_bytes(const CertAxis& c) {
  return c.wf.size() * sizeof(float) + c.exact_out.size() + c.wi.size() * sizeof(std::int16_t) +
         c.shift.size();
}

std::size_t cert_table_bytes(const Plan& p, ElemType type, const CertAxis* rows, const CertAxis* cols) {
  if (rows && cols)
    return cert_axis_bytes(*rows) + cert_axis_bytes(*cols);  // no second pass over the weights
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

}  // namespace

std::size_t cert_gather_run_bytes(const Plan& p, ElemType type, int ch, const CertKernels& k,
                                  const CertAxis* cols) {
  if (type != ElemType::U8 || k.gather_window <= 0) return 0;
  if (cols)
    return cols->gather_start.size() * sizeof(std::int32_t) + cols->gather_idx.size() + cols->gather_w.size();
  const double xmax = cert_xmax(type);
  const CertAxis c = cert_axis(p.cols, cert_check(p.cols, xmax), xmax);
  return cert_gather_bytes(p.cols, c, ch, k.lanes, k.gather_window);
}

std::size_t cert_bytes(const Plan& p, ElemType type, int ch, const CertKernels& k, const CertAxis* cols,
                       const CertAxis* rows) {
  return cert_gather_run_bytes(p, type, ch, k, cols) + cert_table_bytes(p, type, rows, cols);
}

}  // namespace rl::detail
