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

// A certified table as the kernels read it.
struct CertAxis {
  std::vector<float> wf;  // the weights rounded to float32
  float limit = 0;        // 0.5 - M, rounded down; 0.5 for an exact table
  bool exact = false;
  // Per output, output_exact (empty for an exact table, where every output is).
  std::vector<std::uint8_t> exact_out;
  bool exact_at(int o) const { return exact || exact_out[static_cast<std::size_t>(o)] != 0; }
  float limit_at(int o) const { return exact_at(o) ? 0.5f : limit; }
};
CertAxis cert_axis(const AxisTable& t, const CertCheck& check, double xmax);

// Whether this run is certified: an 8-bit class, certified kernels active, both tables certified
// (their checks are left in rows and cols).
const CertKernels* cert_for(const Plan& p, ElemType type, CertCheck& rows, CertCheck& cols);
// Bytes the certified tables of a certified run take (allocated once per run).
std::size_t cert_bytes(const Plan& p, ElemType type);

}  // namespace rl::detail
