// Parsing of the `imresize` command line. Strict: every value is checked here, with one message a
// user can act on, before any file is opened.
#include "options.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "rl/kernels.hpp"
#include "rl/parse.hpp"

namespace rl::app {

namespace {

// ResizeOptions::given: one bit per option that may appear once.
enum : unsigned {
  kScale = 1,
  kSize = 2,
  kMethod = 4,
  kAa = 8,
  kBoundary = 16,
  kAs = 32,
  kDevice = 64,
  kMax = 128,
  kLike = 256,
  kAlignCorners = 512,
  kReducingGap = 1024,
};

// Image.resize's reducing_gap: a number of at least 1 (Pillow raises ValueError below 1).
double parse_reducing_gap(const std::string& v) {
  char* end = nullptr;
  const double g = std::strtod(v.c_str(), &end);
  if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(g) || g < 1.0)
    throw UsageError("--reducing-gap must be a number of at least 1 (as Pillow's reducing_gap), got '" + v +
                     "'");
  return g;
}

// "a, b or c", for the messages that list a library's methods.
std::string join_names(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t k = 0; k < v.size(); ++k) s += (k == 0 ? "" : k + 1 == v.size() ? " or " : ", ") + v[k];
  return s;
}

}  // namespace

Arg split_arg(const std::string& a) {
  const auto eq = a.find('=');
  if (a.rfind("--", 0) == 0 && eq != std::string::npos) return {a.substr(0, eq), a.substr(eq + 1)};
  return {a, std::nullopt};
}

std::string take_value(const std::vector<std::string>& args, std::size_t& i, const Arg& a) {
  if (a.value) return *a.value;
  if (i + 1 >= args.size()) throw UsageError(a.name + " needs a value (see --help)");
  return args[++i];
}

void take_no_value(const Arg& a) {
  if (a.value) throw UsageError(a.name + " takes no value");
}

std::uint64_t parse_count(std::string_view s, const std::string& what, std::uint64_t max) {
  std::uint64_t v = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  const auto [p, ec] = std::from_chars(b, e, v);
  if (s.empty() || ec != std::errc() || p != e || v < 1 || v > max)
    throw UsageError(what + " must be a whole number from 1 to " + std::to_string(max) + ", got '" +
                     std::string(s) + "'");
  return v;
}

Device parse_device_option(std::string_view s) {
  if (const auto d = parse_device(s)) return *d;
  throw UsageError("--device must be " + std::string(kDeviceSpellings) + ", got '" + std::string(s) + "'");
}

AsType parse_as(std::string_view s) {
  if (s == "keep") return AsType::Keep;
  if (s == "double") return AsType::Double;
  if (s == "single") return AsType::Single;
  throw UsageError("--as must be keep, double or single, got '" + std::string(s) + "'");
}

bool walk_command_line(const std::vector<std::string>& args,
                       const std::function<bool(std::size_t& i)>& take_option,
                       std::vector<std::string>& positional, std::string_view help_hint) {
  // --help wins over everything else, even over mistakes elsewhere on the line.
  for (const auto& a : args) {
    if (a == "--") break;
    if (a == "--help" || a == "-h") return true;
  }
  bool only_positional = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (only_positional || s.empty() || s[0] != '-' || s == "-") {
      positional.push_back(s);
    } else if (s == "--") {
      only_positional = true;
    } else if (!take_option(i)) {
      throw UsageError("unknown option '" + split_arg(s).name + "' (see " + std::string(help_hint) + ")");
    }
  }
  return false;
}

bool take_resize_option(const std::vector<std::string>& args, std::size_t& i, ResizeOptions& out) {
  const Arg a = split_arg(args[i]);
  // A repeated option is an error rather than "last one wins", so a script with a typo never
  // silently runs a different resize.
  const auto once = [&](unsigned bit) {
    if (out.given & bit) throw UsageError(a.name + " given more than once");
    out.given |= bit;
  };
  try {
    if (a.name == "--scale") {
      once(kScale);
      if (out.given & kSize) throw UsageError("give either --scale or --size, not both");
      out.spec.scale = parse_scale(take_value(args, i, a));
    } else if (a.name == "--size") {
      once(kSize);
      if (out.given & kScale) throw UsageError("give either --scale or --size, not both");
      out.spec.out_size = parse_size(take_value(args, i, a));
    } else if (a.name == "--method") {
      once(kMethod);
      out.method_arg = take_value(args, i, a);
      if (out.method_arg.empty()) throw UsageError("--method needs a method name (see --help)");
    } else if (a.name == "--antialiasing") {
      once(kAa);
      const std::string v = take_value(args, i, a);
      if (v != "on" && v != "off") throw UsageError("--antialiasing must be on or off, got '" + v + "'");
      out.spec.antialiasing = v == "on";
    } else if (a.name == "--boundary") {
      once(kBoundary);
      const std::string v = take_value(args, i, a);
      if (v != "modern" && v != "legacy")
        throw UsageError("unknown boundary '" + v + "' (use modern or legacy)");
      out.spec.boundary = *parse_boundary(v);
    } else if (a.name == "--as") {
      once(kAs);
      out.as = parse_as(take_value(args, i, a));
    } else if (a.name == "--device") {
      once(kDevice);
      out.device = parse_device_option(take_value(args, i, a));
    } else if (a.name == "--verbose") {
      take_no_value(a);
      out.verbose = true;
    } else if (a.name == "--like") {
      once(kLike);
      const std::string v = take_value(args, i, a);
      const bool matlab = v == "matlab" || v == "MATLAB";
      out.like = matlab ? std::nullopt : peers::parse_library(v);
      if (!matlab && !out.like)
        throw UsageError("--like must be matlab, pillow, opencv or torch, got '" + v + "'");
    } else if (a.name == "--align-corners") {
      once(kAlignCorners);
      take_no_value(a);
      out.align_corners = true;
    } else if (a.name == "--reducing-gap") {
      once(kReducingGap);
      const std::string v = take_value(args, i, a);
      out.reducing_gap = parse_reducing_gap(v);
    } else if (a.name == "--max-pixels") {
      once(kMax);
      out.max_pixels = parse_count(take_value(args, i, a), "--max-pixels", std::uint64_t{1} << 62);
    } else {
      return false;
    }
  } catch (const UsageError&) {
    throw;
  } catch (const std::invalid_argument& e) {  // from rl::parse_*: already one line naming the value
    throw UsageError(e.what());
  }
  return true;
}

void resolve_method(ResizeOptions& o) {
  if ((o.given & kReducingGap) && (!o.like || *o.like != peers::Library::Pillow))
    throw UsageError("--reducing-gap is an option of --like pillow (Image.resize's reducing_gap)");
  if (!o.like) {
    if (o.align_corners)
      throw UsageError(
          "--align-corners is an option of --like torch (bilinear, bicubic), not of MATLAB's resize");
    if (o.method_arg.empty()) return;  // MATLAB's default, bicubic
    const auto m = parse_method(o.method_arg);
    if (!m) throw UsageError("unknown method '" + o.method_arg + "' (use " + method_names() + ")");
    o.spec.method = *m;
    return;
  }
  const std::string lib = peers::to_string(*o.like);
  if (o.method_arg.empty())
    throw UsageError("--like " + lib + " needs --method (" + join_names(peers::method_names(*o.like)) + ")");
  if (o.given & kBoundary)
    throw UsageError("--boundary is MATLAB's border rule; --like " + lib + " uses the library's own");
  if (o.given & kAs)
    throw UsageError("--as converts for MATLAB's resize; --like " + lib + " resizes the input's own type");
  if (o.device == Device::Cuda) throw UsageError("--device cuda: --like " + lib + " runs on the CPU only");
  if (o.spec.out_size && (std::isnan(o.spec.out_size->first) || std::isnan(o.spec.out_size->second)))
    throw UsageError("--size with NaN is MATLAB's aspect-ratio rule; give both sizes with --like " + lib);
  const std::optional<bool> aa =
      (o.given & kAa) != 0 ? std::optional<bool>(o.spec.antialiasing) : std::optional<bool>();
  try {
    o.peer = peers::make_peer_spec(*o.like, o.method_arg, aa, o.align_corners);
    o.peer->reducing_gap = o.reducing_gap;
  } catch (const std::invalid_argument& e) {  // one line naming the method or option
    throw UsageError(e.what());
  }
}

void require_scale_or_size(const ResizeOptions& o) {
  if (o.spec.scale && o.spec.out_size) throw UsageError("give either --scale or --size, not both");
  if (!o.spec.scale && !o.spec.out_size) throw UsageError("give --scale S[,S2] or --size R,C (see --help)");
}

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> positional;
  bool seen_benchmark = false;
  const auto take = [&](std::size_t& i) {
    if (take_resize_option(args, i, o.resize)) return true;
    const Arg a = split_arg(args[i]);
    if (a.name != "--benchmark") return false;
    if (seen_benchmark) throw UsageError("--benchmark given more than once");
    seen_benchmark = true;
    o.benchmark = static_cast<int>(parse_count(take_value(args, i, a), "--benchmark", 1000000));
    return true;
  };
  if (walk_command_line(args, take, positional, "--help")) {
    o.help = true;
    return o;
  }
  if (positional.empty()) throw UsageError("missing INPUT and OUTPUT (see --help)");
  if (positional.size() > 2)
    throw UsageError("too many arguments: expected INPUT OUTPUT, got '" + positional[2] + "' as well");
  // An empty name would otherwise read as "no OUTPUT" and silently write nothing.
  if (positional[0].empty()) throw UsageError("INPUT is an empty file name");
  if (positional.size() == 2 && positional[1].empty()) throw UsageError("OUTPUT is an empty file name");
  o.input = positional[0];
  if (positional.size() == 2)
    o.output = positional[1];
  else if (o.benchmark == 0)
    throw UsageError("missing OUTPUT (see --help)");
  require_scale_or_size(o.resize);
  resolve_method(o.resize);
  return o;
}

}  // namespace rl::app
