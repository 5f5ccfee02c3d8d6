// The candidates of `identify`: every source (HR, its mod-crops), size form (scale or size) and library
// option that maps HR's size to LR's, and the call that reproduces each, written in its library's language.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "rl/identify.hpp"
#include "rl/plan.hpp"

namespace rl::identify {

namespace {

constexpr int kMaxFactor = 8;  // mod-crop factors tried (SR uses 2, 3, 4, 8)

std::string size_text(int rows, int cols, const char* open, const char* sep, const char* close,
                      bool cols_first) {
  std::ostringstream s;
  s << open << (cols_first ? cols : rows) << sep << (cols_first ? rows : cols) << close;
  return s.str();
}

// As a script writes it: 1/4 and 2 as such, a fraction with a short decimal as the decimal (1.5, 0.35),
// the rest as p/q (122/81), which MATLAB and Python both evaluate to the double the candidate uses.
std::string scale_text(const Candidate& c) {
  if (c.scale_den == 1) return std::to_string(c.scale_num);
  if (c.scale_num == 1) return "1/" + std::to_string(c.scale_den);
  int d = c.scale_den;
  for (const int f : {2, 5})
    while (d % f == 0) d /= f;
  if (d != 1 || c.scale_den > 100) return std::to_string(c.scale_num) + "/" + std::to_string(c.scale_den);
  for (int digits = 1;; ++digits) {  // the shortest decimal that reads back as the same double
    std::ostringstream o;
    o.precision(digits);
    o << c.scale();
    if (std::stod(o.str()) == c.scale() || digits >= 17) return o.str();
  }
}

// A Python float literal for a gap: 2.0, 2.5.
std::string gap_text(double g) {
  std::ostringstream o;
  o << g;
  return o.str().find('.') == std::string::npos ? o.str() + ".0" : o.str();
}

std::string matlab_quote(Method m) { return std::string("'").append(to_string(m)).append("'"); }

std::string pillow_filter(peers::PeerMethod m) {
  std::string n = peers::method_name(peers::Library::Pillow, m);
  std::transform(n.begin(), n.end(), n.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return "Image.Resampling." + n;
}

// The source as MATLAB or numpy names it.
std::string matlab_source(const Candidate& c) {
  return c.modcrop ? "modcrop(hr, " + std::to_string(c.modcrop) + ")" : "hr";
}
std::string numpy_source(const Candidate& c) {
  return c.modcrop ? "hr[:" + std::to_string(c.src_rows) + ", :" + std::to_string(c.src_cols) + "]" : "hr";
}

std::string matlab_call(const Candidate& c, ElemType type) {
  std::string src = matlab_source(c);
  if (c.via_double) src = "im2double(" + src + ")";
  std::string call =
      "imresize(" + src + ", " +
      (c.scale_given ? scale_text(c) : size_text(c.out_rows, c.out_cols, "[", " ", "]", false)) + ", " +
      matlab_quote(c.method);
  if (c.antialiasing != (c.method != Method::Nearest))
    call += std::string(", 'Antialiasing', ") + (c.antialiasing ? "true" : "false");
  call += ")";
  if (c.via_double) call = (type == ElemType::U16 ? "im2uint16(" : "im2uint8(") + call + ")";
  return call;
}

std::string torch_call(const Candidate& c, bool grey) {
  const std::string tensor = "torch.from_numpy(" + numpy_source(c) + ")" +
                             (grey ? "[None, None]" : ".permute(2, 0, 1).contiguous()[None]") +
                             ".float() / 255";
  std::string args = c.scale_given ? "scale_factor=" + scale_text(c)
                                   : size_text(c.out_rows, c.out_cols, "size=(", ", ", ")", false);
  args += ", mode='" + peers::method_name(peers::Library::Torch, c.peer.method) + "'";
  const bool filtered =
      c.peer.method == peers::PeerMethod::Bilinear || c.peer.method == peers::PeerMethod::Bicubic;
  if (filtered) args += std::string(", align_corners=") + (c.peer.align_corners ? "True" : "False");
  if (c.peer.antialias) args += ", antialias=True";
  const std::string rounded = c.rounding == Rounding::HalfEven ? ".round().clamp(0, 255)" : ".clamp(0, 255)";
  return "(F.interpolate(" + tensor + ", " + args + ") * 255)" + rounded + ".to(torch.uint8)" +
         (grey ? "[0, 0]" : "[0].permute(1, 2, 0)") + ".numpy()";
}

struct Fraction {
  int num, den;
};

// The scales a script would write that give sizes within a pixel of LR's: every p/q in lowest terms with a
// small or decimal denominator in that range (1/4, 3, 1.5, 0.35), and the two sides' own ratios
// (rows/in_rows, cols/in_cols), each value once.
std::vector<Fraction> scale_fractions(int in_rows, int in_cols, int rows, int cols) {
  const double lo = std::max((rows - 1.0) / in_rows, (cols - 1.0) / in_cols);
  const double hi = std::min((rows + 1.0) / in_rows, (cols + 1.0) / in_cols);
  std::vector<Fraction> f;
  // Small images leave a wide range: the simplest fractions (smallest denominators) are kept.
  constexpr std::size_t kMaxSimple = 12;
  for (const int q : {1, 2, 3, 4, 5, 6, 7, 8, 10, 16, 20, 25, 50, 100})
    for (long long p = std::max(1LL, static_cast<long long>(std::ceil(lo * q)));
         p <= hi * q && f.size() < kMaxSimple; ++p)
      if (std::gcd(p, static_cast<long long>(q)) == 1) f.push_back({static_cast<int>(p), q});
  const auto reduced = [](int p, int q) {
    const int g = std::gcd(p, q);
    return Fraction{p / g, q / g};
  };
  f.push_back(reduced(rows, in_rows));
  f.push_back(reduced(cols, in_cols));
  std::vector<Fraction> unique;
  for (const Fraction& x : f) {
    const double v = static_cast<double>(x.num) / x.den;
    if (std::none_of(unique.begin(), unique.end(),
                     [&](const Fraction& u) { return static_cast<double>(u.num) / u.den == v; }))
      unique.push_back(x);
  }
  return unique;
}

void add_matlab(std::vector<Candidate>& out, const Candidate& base, const std::vector<Fraction>& scales) {
  // Each distinct plan once: two forms with the same per-axis scales, or antialiasing that widens no axis,
  // make the same tables.
  std::set<std::tuple<double, double, int, bool, bool, int>> seen;
  const auto add = [&](Candidate c, double sr, double sc) {
    const bool widen_r = widens(sr, c.antialiasing), widen_c = widens(sc, c.antialiasing);
    if (!seen.insert({sr, sc, static_cast<int>(c.method), widen_r, widen_c, static_cast<int>(c.boundary)})
             .second)
      return;
    for (const bool dbl : {false, true}) {
      c.via_double = dbl;
      out.push_back(c);
    }
  };
  for (const Method m : builtin_methods())
    for (const bool aa : {m != Method::Nearest, m == Method::Nearest})
      for (const Boundary b : {Boundary::Modern, Boundary::Legacy}) {
        Candidate c = base;
        c.family = Family::Matlab;
        c.method = m;
        c.antialiasing = aa;
        c.boundary = b;
        for (const Fraction& f : scales) {
          c.scale_given = true;
          c.scale_num = f.num;
          c.scale_den = f.den;
          const SizeAndScale d =
              derive_size_and_scale(ResizeSpec::with_scale(c.scale()), base.src_rows, base.src_cols);
          if (d.out_rows == base.out_rows && d.out_cols == base.out_cols) add(c, d.scale_rows, d.scale_cols);
        }
        c.scale_given = false;
        c.scale_num = c.scale_den = 1;
        const SizeAndScale d = derive_size_and_scale(ResizeSpec::with_size(base.out_rows, base.out_cols),
                                                     base.src_rows, base.src_cols);
        add(c, d.scale_rows, d.scale_cols);
      }
}

bool same_axis(const peers::PeerAxis& a, const peers::PeerAxis& b) {
  return a.table.weights == b.table.weights && a.table.index == b.table.index && a.fixed == b.fixed &&
         a.used == b.used && a.identity == b.identity;
}

// A library's pixels follow from its tables: a scale form whose tables equal another form's (e.g.
// scale_factor=1/4 where in/out is 4 too) makes the same pixels, and is left out.
bool same_tables(const Candidate& a, const Candidate& b, ElemType run_type) {
  const auto tables = [&](const Candidate& c) {
    const auto target = c.scale_given ? peers::PeerTarget::with_scale(c.scale())
                                      : peers::PeerTarget::with_size(c.out_rows, c.out_cols);
    return peers::peer_tables(c.peer, c.src_rows, c.src_cols, target, run_type);
  };
  const peers::PeerTables ta = tables(a), tb = tables(b);
  return same_axis(ta.rows, tb.rows) && same_axis(ta.cols, tb.cols);
}

// Pillow's resize with the reducing_gap values scripts use (1.0: the most reduction; 2.0: Image.thumbnail's;
// 3.0), each only where it reduces by factors no smaller gap already gave: otherwise its pixels are the
// plain resize's or the smaller gap's. LA/RGBA and NEAREST ignore reducing_gap.
void add_reducing_gaps(std::vector<Candidate>& out, const Candidate& plain, int channels) {
  if (plain.peer.method == peers::PeerMethod::Nearest || channels == 2 || channels == 4) return;
  std::vector<std::pair<int, int>> seen{{1, 1}};
  for (const double g : {1.0, 2.0, 3.0}) {
    const auto f =
        peers::pillow_reduce_factors(plain.src_rows, plain.src_cols, plain.out_rows, plain.out_cols, g);
    if (std::find(seen.begin(), seen.end(), f) != seen.end()) continue;
    seen.push_back(f);
    Candidate c = plain;
    c.peer.reducing_gap = g;
    out.push_back(c);
  }
}

void add_peers(std::vector<Candidate>& out, const Candidate& base, const std::vector<Fraction>& scales,
               int channels, bool with_opencv) {
  for (const peers::PeerSpec& s : peers::all_peer_specs()) {
    if (s.library == peers::Library::OpenCV && !with_opencv) continue;
    const ElemType run_type = s.library == peers::Library::Torch ? ElemType::F32 : ElemType::U8;
    if (!peers::supports(s, run_type, channels)) continue;
    Candidate c = base;
    c.family = s.library == peers::Library::OpenCV   ? Family::OpenCV
               : s.library == peers::Library::Pillow ? Family::Pillow
                                                     : Family::Torch;
    c.peer = s;
    std::vector<Candidate> forms;
    // Pillow's resize takes a size only (ImageOps.scale rounds s*n first and makes the same pixels).
    if (s.library != peers::Library::Pillow)
      for (const Fraction& f : scales) {
        c.scale_given = true;
        c.scale_num = f.num;
        c.scale_den = f.den;
        const auto [r, col] =
            peers::output_size(s, base.src_rows, base.src_cols, peers::PeerTarget::with_scale(c.scale()));
        if (r == base.out_rows && col == base.out_cols) forms.push_back(c);
      }
    c.scale_given = false;
    c.scale_num = c.scale_den = 1;
    forms.insert(forms.begin(), c);
    std::vector<Candidate> distinct;
    for (const Candidate& f : forms)
      if (std::none_of(distinct.begin(), distinct.end(),
                       [&](const Candidate& d) { return same_tables(d, f, run_type); }))
        distinct.push_back(f);
    for (Candidate& f : distinct) {
      if (f.family == Family::Pillow) {
        out.push_back(f);
        add_reducing_gaps(out, f, channels);
        continue;
      }
      if (f.family != Family::Torch) {
        out.push_back(f);
        continue;
      }
      for (const Rounding r : {Rounding::HalfEven, Rounding::Truncate}) {
        f.rounding = r;
        out.push_back(f);
      }
    }
  }
}

}  // namespace

bool one_factor_fits(int in_rows, int in_cols, int rows, int cols) {
  const double lo = std::max((rows - 1.0) / in_rows, (cols - 1.0) / in_cols);
  const double hi = std::min((rows + 1.0) / in_rows, (cols + 1.0) / in_cols);
  return lo < hi;
}

std::string opencv_constant(peers::PeerMethod m) {
  switch (m) {
    case peers::PeerMethod::Nearest: return "INTER_NEAREST";
    case peers::PeerMethod::NearestExact: return "INTER_NEAREST_EXACT";
    case peers::PeerMethod::Bilinear: return "INTER_LINEAR";
    case peers::PeerMethod::LinearExact: return "INTER_LINEAR_EXACT";
    case peers::PeerMethod::Bicubic: return "INTER_CUBIC";
    case peers::PeerMethod::Area: return "INTER_AREA";
    case peers::PeerMethod::Lanczos4: return "INTER_LANCZOS4";
    default: break;
  }
  throw std::invalid_argument("not an OpenCV method");
}

std::string to_string(Family f) {
  switch (f) {
    case Family::Matlab: return "matlab";
    case Family::OpenCV: return "opencv";
    case Family::Pillow: return "pillow";
    case Family::Torch: return "torch";
  }
  return "?";
}

std::string Candidate::call(ElemType type, int channels) const {
  switch (family) {
    case Family::Matlab: return matlab_call(*this, type);
    case Family::OpenCV:
      return "cv2.resize(" + numpy_source(*this) + ", " +
             (scale_given ? "None, fx=" + scale_text(*this) + ", fy=" + scale_text(*this)
                          : size_text(out_rows, out_cols, "(", ", ", ")", true)) +
             ", interpolation=cv2." + opencv_constant(peer.method) + ")";
    case Family::Pillow:
      return "np.asarray(Image.fromarray(" + numpy_source(*this) + ").resize(" +
             size_text(out_rows, out_cols, "(", ", ", ")", true) + ", " + pillow_filter(peer.method) +
             (peer.reducing_gap > 0.0 ? ", reducing_gap=" + gap_text(peer.reducing_gap) : "") + "))";
    case Family::Torch: return torch_call(*this, channels == 1);
  }
  return "?";
}

std::string Candidate::remark() const {
  switch (family) {
    case Family::Matlab:
      return boundary == Boundary::Legacy ? "legacy boundary: MATLAB before R2015b"
                                          : "modern boundary: MATLAB R2015b and later";
    case Family::Torch:
      return rounding == Rounding::HalfEven ? "rounded half to even" : "truncated by .to(torch.uint8)";
    case Family::Pillow:
      return peer.reducing_gap == 2.0 && peer.method == peers::PeerMethod::Bicubic
                 ? "what Image.thumbnail makes when its size is LR's (not from a JPEG draft)"
                 : "";
    default: return "";
  }
}

int non_default_arguments(const Candidate& c) {
  int n = c.modcrop ? 1 : 0;
  switch (c.family) {
    case Family::Matlab:
      n += (c.method != Method::Bicubic) + (c.antialiasing != (c.method != Method::Nearest)) +
           (c.boundary != Boundary::Modern) + c.via_double;
      break;
    case Family::OpenCV: n += (c.peer.method != peers::PeerMethod::Bilinear) + c.scale_given; break;
    case Family::Pillow:
      n += (c.peer.method != peers::PeerMethod::Bicubic) + (c.peer.reducing_gap > 0.0);
      break;
    case Family::Torch:
      n += (c.peer.method != peers::PeerMethod::Nearest) + c.peer.align_corners + c.peer.antialias;
      break;
  }
  return n;
}

std::vector<std::string> Candidate::imresize_args() const {
  std::vector<std::string> a;
  if (family == Family::Torch) return a;  // no imresize form: torch runs float32, the pipeline rounds
  if (scale_given)
    a = {"--scale", scale_text(*this)};
  else
    a = {"--size", std::to_string(out_rows) + "," + std::to_string(out_cols)};
  if (family == Family::Matlab) {
    a.insert(a.end(), {"--method", to_string(method), "--antialiasing", antialiasing ? "on" : "off",
                       "--boundary", to_string(boundary)});
    if (via_double) a.insert(a.end(), {"--as", "double"});
  } else {
    a.insert(a.end(), {"--like", identify::to_string(family), "--method",
                       peers::method_name(peer.library, peer.method)});
    if (peer.reducing_gap > 0.0) a.insert(a.end(), {"--reducing-gap", gap_text(peer.reducing_gap)});
  }
  return a;
}

std::vector<Candidate> candidates(int hr_rows, int hr_cols, int lr_rows, int lr_cols, ElemType type,
                                  int channels, bool with_opencv) {
  if (type != ElemType::U8 && type != ElemType::U16)
    throw Refusal("identify compares uint8 or uint16 images, not " + to_string(type));
  std::vector<Candidate> sources;
  Candidate hr;
  hr.src_rows = hr_rows;
  hr.src_cols = hr_cols;
  hr.out_rows = lr_rows;
  hr.out_cols = lr_cols;
  sources.push_back(hr);
  for (int k = 2; k <= kMaxFactor; ++k) {
    const bool changes = hr_rows % k != 0 || hr_cols % k != 0;
    if (changes && hr_rows / k == lr_rows && hr_cols / k == lr_cols) {
      Candidate m = hr;
      m.modcrop = k;
      m.src_rows = hr_rows - hr_rows % k;
      m.src_cols = hr_cols - hr_cols % k;
      sources.push_back(m);
    }
  }
  std::vector<Candidate> out;
  for (const Candidate& s : sources) {
    // A squash (e.g. imresize(hr, [123 234]) on a square image) comes only from calls given the size.
    const std::vector<Fraction> scales = one_factor_fits(s.src_rows, s.src_cols, lr_rows, lr_cols)
                                             ? scale_fractions(s.src_rows, s.src_cols, lr_rows, lr_cols)
                                             : std::vector<Fraction>{};
    add_matlab(out, s, scales);
    if (type == ElemType::U8) add_peers(out, s, scales, channels, with_opencv);
  }
  return out;
}

}  // namespace rl::identify
