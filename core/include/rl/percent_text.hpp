// The one spelling of a share in messages and tables: a percentage that reads 100% or 0% only when
// the share is all or none.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace rl {

// `part` of `whole` in percent with `decimals` decimals ("50.00%"), more where fewer would round a
// share strictly between none and all to 100 or 0 ("99.997%", "0.0003%"); "100.00%" and "0.00%"
// only when exact. A count below 2^53 needs at most 16 more.
inline std::string percent_text(std::size_t part, std::size_t whole, int decimals = 2) {
  const double p = whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
  const bool between = part > 0 && part < whole;
  char buf[64];
  for (int d = decimals;; ++d) {
    std::snprintf(buf, sizeof buf, "%.*f", d, p);
    const double shown = std::strtod(buf, nullptr);
    if (!between || d >= 17 || (shown > 0.0 && shown < 100.0)) break;
  }
  return std::string(buf) + "%";
}

}  // namespace rl
