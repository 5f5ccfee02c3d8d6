// The error bound that lets the certified float32 kernels (resize_cert_avx2.cpp) stand in for
// MATLAB's float64 sums on 8-bit images: per axis table, exact, certified with a limit, or neither.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "resize_dispatch.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::detail {

// Per table, a bound M with |F - D| < M for every output, F the float32 sum (weights rounded to
// float, fused multiply-adds, any order) and D MATLAB's float64 sum: with S the exact sum of the
// float64 weights times the inputs and A = max over outputs of sum_k |w[k]|, |D - S| <=
// gamma_{2n}(2^-53) A xmax and |F - S| <= (gamma_n(2^-24) (1 + 2^-24) + 2^-24) A xmax (Higham,
// Accuracy and Stability, 3.1), n = taps + 2 to spare, plus float32 underflow; then doubled. A lane
// whose F is within 0.5 - M of an integer r certainly rounds to r; the others take the float64 path.
// Tables whose bound is not small (huge or non-finite weights) are not certified at all.
//
// Exact: every weight is a multiple of 2^-e for one e with A xmax 2^e < 2^24; then each float32 and
// float64 product and partial sum of 8-bit inputs is an exact multiple of 2^-e below 2^24 units, so
// F == D exactly (bilinear or bicubic enlarging by 2, bilinear halving, box ...).
struct CertCheck {
  bool exact = false;
  float limit = 0;  // 0.5 - M rounded down, 0.5 when exact, 0 when not certified
};

// The largest |x| of an 8-bit class: 255 for uint8, 128 for int8.
double cert_xmax(ElemType t);
// The least e >= 0 for which w * 2^e is an integer (w finite).
int dyadic_exponent(double w);
// One pass over a table: whether it is exact, else its limit, else neither (not certified).
CertCheck cert_check(const AxisTable& t, double xmax);

// Whether one output's weights alone meet the exact condition above (every weight a multiple of 2^-e,
// sum |w| xmax 2^e < 2^24): then F == D for that output, whatever the rest of the table. Bilinear
// and triangle at 0.75 or 1.5, bicubic at 1.5, put every third output on weights such as (0.5, 0.5)
// or (-1/16, 9/16, 9/16, -1/16) between outputs that are not dyadic (1/11, 7/11, 3/11): half of those
// sums are exact ties, which the bound cannot certify and the vector code rounds itself.
bool output_exact(const double* w, int taps, double xmax);

// Whether one output's weights, times 2^e for its least e (dyadic_exponent), are integers wi whose
// uint8 sum and rounding term fit int16: sum |wi| * 255 + 2^(e-1) < 2^15. Then every partial sum of
// wi[k] x[k] is an exact int16, D = S / 2^e exactly, and MATLAB's round-half-away of D >= 0 is
// (S + 2^(e-1)) >> e (a negative D rounds to 0 or below, which uint8 saturates to 0). Writes wi[0..taps)
// and returns e, or -1.
int int_weights(const double* w, int taps, std::int16_t* wi);

// A certified table as the kernels read it.
struct CertAxis {
  std::vector<float> wf;  // the weights rounded to float32
  float limit = 0;        // 0.5 - M, rounded down; 0.5 for an exact table
  bool exact = false;
  // Per output, output_exact (empty for an exact table, where every output is).
  std::vector<std::uint8_t> exact_out;
  // Per output, its weights as 16-bit integers times 2^shift[o] when the uint8 sum fits int16
  // (int_weights); shift[o] < 0 where not. Empty when the class is not uint8.
  std::vector<std::int16_t> wi;
  std::vector<std::int8_t> shift;
  const std::int16_t* int_at(int o, int taps) const {
    return shift.empty() || shift[static_cast<std::size_t>(o)] < 0
               ? nullptr
               : wi.data() + static_cast<std::size_t>(o) * static_cast<std::size_t>(taps);
  }
  bool exact_at(int o) const { return exact || exact_out[static_cast<std::size_t>(o)] != 0; }
  float limit_at(int o) const { return exact_at(o) ? 0.5f : limit; }
  // The horizontal table as byte-pair gathers (CertGather, resize_dispatch.hpp); gather_groups == 0
  // where not built (not uint8, kernels without gathers, weights that do not allow it, a window too
  // narrow).
  std::vector<std::int32_t> gather_start;
  std::vector<std::uint8_t> gather_idx;
  std::vector<std::int8_t> gather_w;
  int gather_groups = 0, gather_pairs = 0, gather_shift = 0;
  std::size_t gather_out_len = 0;
};
CertAxis cert_axis(const AxisTable& t, const CertCheck& check, double xmax);

// A table whose every output has integer weights (int_weights, uint8) has them rescaled to one shift
// S, the largest; when each is then an int8 and sum |wi| x 255 + 2^(S-1) < 2^15 still holds, its
// byte-pair gathers run in groups of 2 x lanes int16 lanes, each group's bytes inside one window of
// `window` bytes of the row: their count, or 0. Writes S, the rescaled weights (out_size x taps) and
// the groups' window starts when given.
int cert_igather_groups(const AxisTable& t, const CertAxis& c, int ch, int lanes, int window,
                        int* shift = nullptr, std::vector<std::int8_t>* wi = nullptr,
                        std::vector<std::int32_t>* starts = nullptr);
// Fills c's gather table where cert_igather_groups allows (a no-op where it is 0).
void cert_gather_table(CertAxis& c, const AxisTable& t, int ch, int lanes, int window);
// Its bytes, as allocated by cert_gather_table (c: cert_axis's table for uint8).
std::size_t cert_gather_bytes(const AxisTable& t, const CertAxis& c, int ch, int lanes, int window);

// Whether this run is certified: an 8-bit class, certified kernels active, both tables certified
// (their checks are left in rows and cols).
const CertKernels* cert_for(const Plan& p, ElemType type, CertCheck& rows, CertCheck& cols);
// Bytes the certified tables of a certified run with `ch` channels and kernels k take (allocated once
// per run). cols, rows: the run's tables when already built (then counted, not derived again).
std::size_t cert_bytes(const Plan& p, ElemType type, int ch, const CertKernels& k,
                       const CertAxis* cols = nullptr, const CertAxis* rows = nullptr);
// The part of it that the horizontal byte gathers take: 0 where the run transposes blocks of rows.
std::size_t cert_gather_run_bytes(const Plan& p, ElemType type, int ch, const CertKernels& k,
                                  const CertAxis* cols = nullptr);

}  // namespace rl::detail
