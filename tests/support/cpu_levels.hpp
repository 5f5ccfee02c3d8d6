// Tests run once per CPU level of the resizer's kernels (resize_dispatch.hpp): a level this machine
// or build cannot run is skipped, with the reason, and the others count as run.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "resize_dispatch.hpp"

namespace rl::test {

class PerCpuLevel : public ::testing::TestWithParam<detail::CpuLevel> {
 protected:
  void SetUp() override {
    const char* why = nullptr;
    if (!detail::level_available(GetParam(), &why))
      GTEST_SKIP() << "level " << detail::level_name(GetParam()) << " skipped: " << why;
  }
};

// The instantiation's test names: the level's ("generic", "avx2", "avx2x8", "avx512").
inline std::string level_test_name(const ::testing::TestParamInfo<detail::CpuLevel>& info) {
  return detail::level_name(info.param);
}

}  // namespace rl::test
