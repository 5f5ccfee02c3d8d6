// Peer specs: the libraries' method names, parsing of "library-method[-aa][-ac]", each library's
// output-size rule, and the dispatch of tables and resizes to the per-library files.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "peers_internal.hpp"

namespace rl::peers {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return r;
}

std::string join(const std::vector<std::string>& v) {
  std::string r;
  for (const auto& s : v) r += (r.empty() ? "" : ", ") + s;
  return r;
}

std::string num(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

struct NameRow {
  Library lib;
  PeerMethod method;
  const char* name;
};

// Menu order per library, with each library's own names.
constexpr NameRow kNames[] = {
    {Library::Pillow, PeerMethod::Nearest, "nearest"},
    {Library::Pillow, PeerMethod::Box, "box"},
    {Library::Pillow, PeerMethod::Bilinear, "bilinear"},
    {Library::Pillow, PeerMethod::Hamming, "hamming"},
    {Library::Pillow, PeerMethod::Bicubic, "bicubic"},
    {Library::Pillow, PeerMethod::Lanczos, "lanczos"},
    {Library::OpenCV, PeerMethod::Nearest, "nearest"},
    {Library::OpenCV, PeerMethod::NearestExact, "nearest-exact"},
    {Library::OpenCV, PeerMethod::Bilinear, "linear"},
    {Library::OpenCV, PeerMethod::LinearExact, "linear-exact"},
    {Library::OpenCV, PeerMethod::Bicubic, "cubic"},
    {Library::OpenCV, PeerMethod::Area, "area"},
    {Library::OpenCV, PeerMethod::Lanczos4, "lanczos4"},
    {Library::Torch, PeerMethod::Nearest, "nearest"},
    {Library::Torch, PeerMethod::NearestExact, "nearest-exact"},
    {Library::Torch, PeerMethod::Bilinear, "bilinear"},
    {Library::Torch, PeerMethod::Bicubic, "bicubic"},
    {Library::Torch, PeerMethod::Area, "area"},
};

bool torch_filtered(const PeerSpec& s) {
  return s.library == Library::Torch && (s.method == PeerMethod::Bilinear || s.method == PeerMethod::Bicubic);
}

int size_from(double v, const char* what) {
  if (!(v >= 1))
    throw std::invalid_argument(std::string("the result would be empty (") + what + " = " + num(v) + ")");
  if (v > 2147483647.0)
    throw std::invalid_argument(std::string("the result is too large (") + what + " = " + num(v) + ")");
  return static_cast<int>(v);
}

}  // namespace

std::string to_string(Library l) {
  switch (l) {
    case Library::Pillow: return "pillow";
    case Library::OpenCV: return "opencv";
    case Library::Torch: return "torch";
  }
  return "?";
}

std::optional<Library> parse_library(std::string_view s) {
  const std::string l = lower(s);
  if (l == "pillow" || l == "pil") return Library::Pillow;
  if (l == "opencv" || l == "cv2") return Library::OpenCV;
  if (l == "torch" || l == "pytorch") return Library::Torch;
  return std::nullopt;
}

std::string method_name(Library l, PeerMethod m) {
  for (const auto& r : kNames)
    if (r.lib == l && r.method == m) return r.name;
  throw std::invalid_argument(to_string(l) + " has no such method");
}

const std::vector<std::string>& method_names(Library l) {
  static const auto make = [](Library lib) {
    std::vector<std::string> v;
    for (const auto& r : kNames)
      if (r.lib == lib) v.emplace_back(r.name);
    return v;
  };
  static const std::vector<std::string> pillow = make(Library::Pillow), opencv = make(Library::OpenCV),
                                        torch = make(Library::Torch);
  return l == Library::Pillow ? pillow : l == Library::OpenCV ? opencv : torch;
}

PeerSpec make_peer_spec(Library l, std::string_view method, std::optional<bool> antialias,
                        bool align_corners) {
  const std::string m = lower(method);
  PeerSpec s;
  s.library = l;
  bool found = false;
  for (const auto& r : kNames)
    if (r.lib == l && m == r.name) {
      s.method = r.method;
      found = true;
    }
  if (!found)
    throw std::invalid_argument(to_string(l) + " has no method '" + std::string(method) + "' (" +
                                join(method_names(l)) + ")");
  const std::string what = to_string(l) + " " + m;
  if (torch_filtered(s)) {
    s.antialias = antialias.value_or(false);
    s.align_corners = align_corners;
    return s;
  }
  // Elsewhere the behaviour is fixed: Pillow always filters (except NEAREST), OpenCV and torch nearest never.
  const bool fixed_aa = l == Library::Pillow && s.method != PeerMethod::Nearest;
  if (antialias && *antialias != fixed_aa)
    throw std::invalid_argument(what + (fixed_aa ? " always antialiases" : " has no antialiasing") +
                                "; antialiasing " + (*antialias ? "on" : "off") + " is not available");
  if (align_corners)
    throw std::invalid_argument(what + " has no align_corners (only torch bilinear and bicubic)");
  return s;
}

PeerSpec parse_peer_spec(std::string_view text) {
  const std::string t = lower(text);
  const auto dash = t.find('-');
  if (dash == std::string::npos)
    throw std::invalid_argument(
        "peer method '" + std::string(text) +
        "' must read library-method, e.g. opencv-cubic, pillow-bicubic, torch-bicubic-aa");
  const auto lib = parse_library(t.substr(0, dash));
  if (!lib)
    throw std::invalid_argument("unknown library '" + t.substr(0, dash) + "' in '" + std::string(text) +
                                "' (pillow, opencv, torch)");
  std::string rest = t.substr(dash + 1);
  bool aa = false, ac = false;
  for (bool again = true; again;) {
    again = false;
    for (const char* suf : {"-aa", "-ac"}) {
      if (rest.size() > 3 && rest.compare(rest.size() - 3, 3, suf) == 0) {
        (suf[2] == 'a' ? aa : ac) = true;
        rest.resize(rest.size() - 3);
        again = true;
      }
    }
  }
  return make_peer_spec(*lib, rest, aa ? std::optional<bool>(true) : std::nullopt, ac);
}

std::string to_string(const PeerSpec& s) {
  std::string r = to_string(s.library) + "-" + method_name(s.library, s.method);
  if (torch_filtered(s)) {
    if (s.antialias) r += "-aa";
    if (s.align_corners) r += "-ac";
  }
  return r;
}

std::string display_name(const PeerSpec& s) {
  const std::string m = method_name(s.library, s.method);
  switch (s.library) {
    case Library::Pillow: {
      std::string u = m;
      for (auto& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return "Pillow " + u;
    }
    case Library::OpenCV: {
      std::string u = "INTER_" + m;
      for (auto& c : u) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return "OpenCV " + u;
    }
    case Library::Torch: {
      std::string r = "torch " + m;
      if (s.antialias && s.align_corners) return r + " (antialias, align_corners)";
      if (s.antialias) return r + " (antialias)";
      if (s.align_corners) return r + " (align_corners)";
      return r;
    }
  }
  return m;
}

std::vector<PeerSpec> all_peer_specs() {
  std::vector<PeerSpec> v;
  for (const auto& r : kNames) {
    PeerSpec s{r.lib, r.method, false, false};
    v.push_back(s);
    if (torch_filtered(s)) {
      v.push_back({r.lib, r.method, true, false});
      v.push_back({r.lib, r.method, false, true});
      v.push_back({r.lib, r.method, true, true});
    }
  }
  return v;
}

bool supports(const PeerSpec& s, ElemType t, int channels) {
  if (channels < 1) return false;
  switch (s.library) {
    case Library::Pillow: return (t == ElemType::U8 && channels <= 4) || t == ElemType::F32;
    case Library::OpenCV:
      if (channels > 4) return false;  // cv::resize takes more, but our Image <-> Mat bridge stops at 4
      return t == ElemType::U8 || t == ElemType::F32;
    case Library::Torch: return t == ElemType::F32;
  }
  return false;
}

std::pair<int, int> output_size(const PeerSpec& s, int in_rows, int in_cols, const PeerTarget& target) {
  if (in_rows < 1 || in_cols < 1)
    throw std::invalid_argument("the input image is empty (" + std::to_string(in_rows) + "x" +
                                std::to_string(in_cols) + ")");
  if (target.size.has_value() == target.scale.has_value())
    throw std::invalid_argument("give either a scale or an output size, not both and not neither");
  if (target.size) {
    const auto [r, c] = *target.size;
    if (r < 1 || c < 1)
      throw std::invalid_argument("output size must be positive, got " + std::to_string(r) + "," +
                                  std::to_string(c));
    return {r, c};
  }
  const auto [sr, sc] = *target.scale;
  for (double v : {sr, sc})
    if (!(std::isfinite(v) && v > 0))
      throw std::invalid_argument("scale must be a positive finite number, got " + num(v));
  auto rule = [&](double n, double f) {
    switch (s.library) {
      case Library::Pillow: return std::nearbyint(f * n);  // ImageOps.scale: Python round (half even)
      case Library::OpenCV: return std::nearbyint(n * f);  // saturate_cast<int>: cvRound (half even)
      case Library::Torch: return std::floor(n * f);       // int64(input_size * scale_factor)
    }
    return 0.0;
  };
  return {size_from(rule(in_rows, sr), "rows"), size_from(rule(in_cols, sc), "columns")};
}

PeerTables peer_tables(const PeerSpec& s, int in_rows, int in_cols, const PeerTarget& target, ElemType type) {
  const auto [orow, ocol] = output_size(s, in_rows, in_cols, target);
  if (!supports(s, type, 1))
    throw std::invalid_argument(display_name(s) + " does not take " + to_string(type) + " images");
  switch (s.library) {
    case Library::Pillow: return detail::pillow_tables(s, in_rows, in_cols, orow, ocol, type);
    case Library::OpenCV: return detail::opencv_tables(s, in_rows, in_cols, orow, ocol, target, type);
    case Library::Torch: return detail::torch_tables(s, in_rows, in_cols, orow, ocol, target);
  }
  throw std::invalid_argument("unknown library");
}

Image resize(const Image& in, const PeerSpec& s, const PeerTarget& target) {
  const auto [orow, ocol] = output_size(s, in.rows(), in.cols(), target);
  detail::require_supported(s, in.type(), in.channels());
  switch (s.library) {
    case Library::Pillow: return detail::pillow_resize(in, s, orow, ocol);
    case Library::Torch: return detail::torch_resize(in, s, orow, ocol, target);
    case Library::OpenCV:
      throw std::invalid_argument(
          "OpenCV resizes run through cv::resize (rl::io::peer_resize), not the core");
  }
  throw std::invalid_argument("unknown library");
}

namespace detail {

PeerAxis make_axis(int in_size, int out_size, int taps) {
  PeerAxis a;
  auto& t = a.table;
  t.in_size = in_size;
  t.out_size = out_size;
  t.scale = static_cast<double>(out_size) / in_size;
  t.taps_full = taps;
  t.taps = taps;
  t.u.assign(out_size, 0.0);
  t.left.assign(out_size, 1);
  t.kept.resize(taps);
  for (int k = 0; k < taps; ++k) t.kept[k] = k;
  t.weights.assign(static_cast<std::size_t>(out_size) * taps, 0.0);
  t.index.assign(static_cast<std::size_t>(out_size) * taps, 0);
  a.used.assign(out_size, taps);
  return a;
}

PeerTables start_tables(const PeerSpec& s, ElemType type, int in_rows, int in_cols, int out_rows,
                        int out_cols) {
  PeerTables r;
  r.spec = s;
  r.type = type;
  r.in_rows = in_rows;
  r.in_cols = in_cols;
  r.out_rows = out_rows;
  r.out_cols = out_cols;
  r.order = {Axis::Cols, Axis::Rows};
  return r;
}

PeerAxis identity_axis(int n) {
  PeerAxis a = make_axis(n, n, 1);
  for (int i = 0; i < n; ++i) {
    a.table.index[i] = i;
    a.table.weights[i] = 1.0;
    a.table.u[i] = a.table.left[i] = i + 1;
  }
  a.identity = true;
  return a;
}

void pad_output(PeerAxis& a, int o, int used) {
  auto& t = a.table;
  const std::size_t base = static_cast<std::size_t>(o) * t.taps;
  const std::int32_t last = used > 0 ? t.index[base + used - 1] : 0;
  a.used[o] = used;
  for (int k = used; k < t.taps; ++k) {
    t.weights[base + k] = 0.0;
    t.index[base + k] = last;
    if (!a.fixed.empty()) a.fixed[base + k] = 0;
  }
}

void require_supported(const PeerSpec& s, ElemType t, int channels) {
  if (!supports(s, t, channels))
    throw std::invalid_argument(display_name(s) + " does not take " + to_string(t) + " images with " +
                                std::to_string(channels) + " channel(s)");
}

}  // namespace detail

}  // namespace rl::peers
