// Names of boundary rules.
#include "rl/spec.hpp"

#include <algorithm>
#include <cctype>

namespace rl {

std::string to_string(Boundary b) { return b == Boundary::Modern ? "modern" : "legacy"; }

std::optional<Boundary> parse_boundary(std::string_view s) {
  std::string l(s);
  std::transform(l.begin(), l.end(), l.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (l == "modern") return Boundary::Modern;
  if (l == "legacy") return Boundary::Legacy;
  return std::nullopt;
}

}  // namespace rl
