// Parsing of user-facing values: scales ("0.5", "1/3"), sizes ("123,NaN"), names. Shared by the
// command line and the viewer; every failure is std::invalid_argument with a one-line message.
#pragma once

#include <string_view>
#include <utility>

#include "rl/spec.hpp"

namespace rl {

// A positive finite number: decimal or p/q (the double p/q).
double parse_scale_value(std::string_view s);
// "S" or "S1,S2".
std::pair<double, double> parse_scale(std::string_view s);
// "R,C" with positive integers, either (not both) may be NaN.
std::pair<double, double> parse_size(std::string_view s);
bool parse_on_off(std::string_view s);

}  // namespace rl
