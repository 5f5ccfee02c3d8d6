// libFuzzer target: the imresize command line and the scale/size parsers. The input is split into
// arguments at '\n'. Parsing must either succeed with a consistent result or throw UsageError (the
// value parsers: std::invalid_argument); a successful parse must then plan (or refuse with
// std::invalid_argument) for a small image without undefined behaviour.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_input.hpp"
#include "options.hpp"
#include "rl/parse.hpp"
#include "rl/plan.hpp"

namespace {

void check_scale_pair(std::pair<double, double> s) {
  RL_FUZZ_CHECK(std::isfinite(s.first) && s.first > 0);
  RL_FUZZ_CHECK(std::isfinite(s.second) && s.second > 0);
}

void check_size_pair(std::pair<double, double> s) {
  RL_FUZZ_CHECK(!(std::isnan(s.first) && std::isnan(s.second)));
  for (double v : {s.first, s.second})
    RL_FUZZ_CHECK(std::isnan(v) || (v >= 1 && v == std::floor(v) && v <= 2147483647.0));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  // The value parsers on the whole input.
  try {
    check_scale_pair(rl::parse_scale(text));
  } catch (const std::invalid_argument&) {
  }
  try {
    check_size_pair(rl::parse_size(text));
  } catch (const std::invalid_argument&) {
  }
  try {
    (void)rl::parse_on_off(text);
  } catch (const std::invalid_argument&) {
  }

  std::vector<std::string> args;
  std::size_t start = 0;
  while (start <= text.size() && args.size() < 64) {
    const std::size_t nl = text.find('\n', start);
    args.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  rl::app::Options o;
  try {
    o = rl::app::parse_options(args);
  } catch (const rl::app::UsageError&) {
    return 0;
  }
  if (o.help) return 0;
  const rl::ResizeSpec& spec = o.resize.spec;
  RL_FUZZ_CHECK(spec.scale.has_value() != spec.out_size.has_value());
  RL_FUZZ_CHECK(!o.input.empty());
  RL_FUZZ_CHECK(!o.output.empty() || o.benchmark > 0);
  if (spec.scale) check_scale_pair(*spec.scale);
  if (spec.out_size) check_size_pair(*spec.out_size);

  // Plan for a small image; limits keep a single run within tens of MB.
  rl::PlanLimits lim;
  lim.max_elements = std::size_t{1} << 20;
  lim.max_table_entries = std::size_t{1} << 21;
  try {
    const rl::Plan plan = rl::make_plan(spec, 37, 53, lim);
    RL_FUZZ_CHECK(plan.out_rows >= 1 && plan.out_cols >= 1);
    RL_FUZZ_CHECK(static_cast<double>(plan.out_rows) * plan.out_cols <=
                  static_cast<double>(lim.max_elements));
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
