// Which CPU kernels a resize runs: the instruction-set level (best for this CPU, or forced by
// RL_CPU_LEVEL or the test hook), whether the certified 8-bit kernels are on, and the test hooks.
// The levels change the speed and never a bit (resize_kernels.hpp, resize_cert_avx2.cpp).
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "resize_dispatch.hpp"
#include "rl/resize.hpp"

namespace rl {

namespace detail {

#ifndef RL_HAVE_AVX2_KERNELS
const PassKernels* avx2_kernels() { return nullptr; }
const CertKernels* avx2_cert_kernels() { return nullptr; }
const ShuffleKernels* avx2_shuffle_kernels() { return nullptr; }
#endif
#ifndef RL_HAVE_VEC8_KERNELS
const PassKernels* avx2x8_kernels() { return nullptr; }
const PassKernels* avx512_kernels() { return nullptr; }
const CertKernels* avx512_cert_kernels() { return nullptr; }
const CertKernels* avx512vbmi_cert_kernels() { return nullptr; }
const ShuffleKernels* avx512_shuffle_kernels() { return nullptr; }
#endif

namespace {
constexpr int kDefaultLevel = -1;
std::atomic<int> g_forced{kDefaultLevel};  // a CpuLevel, or kDefaultLevel
std::atomic<bool> g_shortcuts{true};
std::atomic<bool> g_certified{true};
std::atomic<bool> g_cert_gather{true};

bool cpu_has_vbmi() {
  static const bool vbmi = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("avx512vbmi") != 0;
#else
    return false;
#endif
  }();
  return vbmi;
}

bool cpu_supports(CpuLevel l) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  switch (l) {
    case CpuLevel::Generic: return true;
    case CpuLevel::Avx2:
    case CpuLevel::Avx2x8: return __builtin_cpu_supports("avx2");
    case CpuLevel::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  }
  return false;
#else
  return l == CpuLevel::Generic;
#endif
}

// RL_CPU_LEVEL, read once: a level name forces that level (an unknown name or one this CPU cannot
// run is an error at the first resize, never a silent fallback).
int level_from_environment() {
  static const int level = [] {
    const char* s = std::getenv("RL_CPU_LEVEL");
    if (!s || !*s) return kDefaultLevel;
    CpuLevel l;
    if (!level_from_name(s, l))
      throw std::runtime_error(std::string("RL_CPU_LEVEL=") + s +
                               " is not a CPU level (generic, avx2, avx2x8 or avx512)");
    const char* why = nullptr;
    if (!level_available(l, &why))
      throw std::runtime_error(std::string("RL_CPU_LEVEL=") + s + " cannot run here: " + why);
    return static_cast<int>(l);
  }();
  return level;
}
}  // namespace

const char* level_name(CpuLevel l) {
  switch (l) {
    case CpuLevel::Generic: return "generic";
    case CpuLevel::Avx2: return "avx2";
    case CpuLevel::Avx2x8: return "avx2x8";
    case CpuLevel::Avx512: return "avx512";
  }
  return "?";
}

bool level_from_name(const char* s, CpuLevel& l) {
  for (CpuLevel c : kCpuLevels)
    if (std::strcmp(s, level_name(c)) == 0) {
      l = c;
      return true;
    }
  return false;
}

const PassKernels* level_kernels(CpuLevel l) {
  switch (l) {
    case CpuLevel::Generic: return &generic_kernels();
    case CpuLevel::Avx2: return avx2_kernels();
    case CpuLevel::Avx2x8: return avx2x8_kernels();
    case CpuLevel::Avx512: return avx512_kernels();
  }
  return nullptr;
}

bool level_available(CpuLevel l, const char** why) {
  if (!level_kernels(l)) {
    if (why)
      *why = "this build has no kernels for it (not x86-64, or a compiler without the vector extensions)";
    return false;
  }
  if (!cpu_supports(l)) {
    if (why)
      *why = l == CpuLevel::Avx512 ? "this CPU lacks AVX-512 (F, BW, DQ and VL are all required)"
                                   : "this CPU lacks AVX2";
    return false;
  }
  return true;
}

CpuLevel best_level() {
  static const CpuLevel best = [] {
    for (CpuLevel l : {CpuLevel::Avx512, CpuLevel::Avx2})
      if (level_available(l)) return l;
    return CpuLevel::Generic;
  }();
  return best;
}

CpuLevel active_level() {
  int f = g_forced.load(std::memory_order_relaxed);
  if (f == kDefaultLevel) f = level_from_environment();
  return f == kDefaultLevel ? best_level() : static_cast<CpuLevel>(f);
}

const PassKernels& active_kernels() { return *level_kernels(active_level()); }

void force_level(const CpuLevel* l) {
  if (l && !level_available(*l))
    throw std::invalid_argument(std::string("CPU level ") + level_name(*l) + " is not available here");
  g_forced.store(l ? static_cast<int>(*l) : kDefaultLevel);
}

void set_shortcuts_enabled(bool on) { g_shortcuts.store(on); }
bool shortcuts_enabled() { return g_shortcuts.load(std::memory_order_relaxed); }

void set_certified_enabled(bool on) { g_certified.store(on); }

namespace {
std::atomic<unsigned long long> g_cert_redone{0};
}
void count_cert_redone(unsigned long long lanes) {
  g_cert_redone.fetch_add(lanes, std::memory_order_relaxed);
}
unsigned long long cert_redone() { return g_cert_redone.load(); }

void set_cert_gather_enabled(bool on) { g_cert_gather.store(on, std::memory_order_relaxed); }

const CertKernels* active_cert_kernels() {
  static const bool cpu_ok = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
  }();
  static const bool env_on = [] {
    const char* s = std::getenv("RL_CERTIFIED");
    return !(s && std::strcmp(s, "0") == 0);
  }();
  const CpuLevel l = active_level();
  if (!cpu_ok || !env_on || !g_certified.load(std::memory_order_relaxed) ||
      (l != CpuLevel::Avx2 && l != CpuLevel::Avx512))
    return nullptr;
  // 16 float32 lanes at the avx512 level (the level needs AVX-512 F, BW, DQ and VL, all they use),
  // with VBMI's byte gathers for uint8 rows on CPUs that have it.
  static const bool gather_env_on = [] {
    const char* s = std::getenv("RL_CERT_GATHER");
    return !(s && std::strcmp(s, "0") == 0);
  }();
  if (l == CpuLevel::Avx512 && cpu_has_vbmi() && gather_env_on &&
      g_cert_gather.load(std::memory_order_relaxed) && avx512vbmi_cert_kernels())
    return avx512vbmi_cert_kernels();
  if (l == CpuLevel::Avx512 && avx512_cert_kernels()) return avx512_cert_kernels();
  return avx2_cert_kernels();
}

const ShuffleKernels* active_shuffle_kernels() {
  const CpuLevel l = active_level();
  if (l == CpuLevel::Generic) return nullptr;  // the reference loop of resize_shortcuts.cpp
  if (l == CpuLevel::Avx512 && cpu_has_vbmi() && avx512_shuffle_kernels()) return avx512_shuffle_kernels();
  return avx2_shuffle_kernels();
}

}  // namespace detail

const char* cpu_level() { return detail::level_name(detail::active_level()); }

bool cpu_certified_8bit() { return detail::active_cert_kernels() != nullptr; }

}  // namespace rl
