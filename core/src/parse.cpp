// Strict parsing of scales and sizes: the whole string must be consumed, no locale surprises.
#include "rl/parse.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rl {

namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// A plain decimal number (also "nan"/"inf", which callers reject with a clear message).
bool parse_number(const std::string& s, double& out) {
  if (s.empty()) return false;
  const std::string l = lower(s);
  if (l == "nan") {
    out = std::nan("");
    return true;
  }
  if (l == "inf" || l == "+inf") {
    out = INFINITY;
    return true;
  }
  if (l == "-inf") {
    out = -INFINITY;
    return true;
  }
  const char* b = s.data();
  const char* e = s.data() + s.size();
  if (*b == '+') ++b;
  auto [p, ec] = std::from_chars(b, e, out);
  if (ec == std::errc::result_out_of_range) {
    out = INFINITY;
    return p == e;
  }
  return ec == std::errc() && p == e;
}

}  // namespace

double parse_scale_value(std::string_view text) {
  const std::string s = trim(text);
  double v = 0.0;
  const auto slash = s.find('/');
  if (slash != std::string::npos) {
    double p = 0.0, q = 0.0;
    if (!parse_number(trim(s.substr(0, slash)), p) || !parse_number(trim(s.substr(slash + 1)), q))
      throw std::invalid_argument("scale '" + s + "' is not a number or a fraction p/q");
    if (q == 0) throw std::invalid_argument("scale '" + s + "' divides by zero");
    v = p / q;
  } else if (!parse_number(s, v)) {
    throw std::invalid_argument("scale '" + s + "' is not a number or a fraction p/q");
  }
  if (!(std::isfinite(v) && v > 0))
    throw std::invalid_argument("scale must be a positive finite number, got '" + s + "'");
  return v;
}

std::pair<double, double> parse_scale(std::string_view text) {
  const std::string s(text);
  const auto comma = s.find(',');
  if (comma == std::string::npos) {
    const double v = parse_scale_value(s);
    return {v, v};
  }
  if (s.find(',', comma + 1) != std::string::npos)
    throw std::invalid_argument("scale takes one value or two (rows,cols), got '" + s + "'");
  return {parse_scale_value(s.substr(0, comma)), parse_scale_value(s.substr(comma + 1))};
}

std::pair<double, double> parse_size(std::string_view text) {
  const std::string s(text);
  const auto comma = s.find(',');
  if (comma == std::string::npos || s.find(',', comma + 1) != std::string::npos)
    throw std::invalid_argument("size must be ROWS,COLS (one may be NaN), got '" + s + "'");
  double v[2];
  const std::string parts[2] = {trim(s.substr(0, comma)), trim(s.substr(comma + 1))};
  for (int i = 0; i < 2; ++i) {
    if (lower(parts[i]) == "nan") {
      v[i] = std::nan("");
      continue;
    }
    if (!parse_number(parts[i], v[i]) || !std::isfinite(v[i]) || v[i] < 1 || v[i] != std::floor(v[i]) ||
        v[i] > 2147483647.0)
      throw std::invalid_argument("size entries must be positive integers or NaN, got '" + parts[i] + "'");
  }
  if (std::isnan(v[0]) && std::isnan(v[1]))
    throw std::invalid_argument("size: rows and columns cannot both be NaN");
  return {v[0], v[1]};
}

bool parse_on_off(std::string_view text) {
  const std::string s = lower(trim(text));
  if (s == "on" || s == "true" || s == "1") return true;
  if (s == "off" || s == "false" || s == "0") return false;
  throw std::invalid_argument("expected on or off, got '" + std::string(text) + "'");
}

}  // namespace rl
