// The pass kernels in plain C++ with one lane (rl::tap_sum's arithmetic written out); the fallback
// on CPUs without AVX2 and the reference the AVX2 kernels are tested against.
#include "resize_kernels.hpp"
#include "rl/tap.hpp"

namespace rl::detail {

namespace {

struct Scalar {
  static constexpr std::size_t W = 1;
  using D = double;
  static D zero() { return 0.0; }
  static D set1(double x) { return x; }
  static D add(D a, D b) { return a + b; }
  static D mul(D a, D b) { return a * b; }
  static D loadd(const double* p) { return *p; }
  static void stored(double* p, D v) { *p = v; }
  template <class T>
  static D load(const T* p) {
    return static_cast<double>(*p);
  }
  template <class T>
  static void store(T* p, D v) {
    *p = from_double<T>(v);
  }
  static void transpose(D*) {}
};

}  // namespace

const PassKernels& generic_kernels() {
  static constexpr PassKernels k = KernelSet<Scalar>::table;
  return k;
}

}  // namespace rl::detail
