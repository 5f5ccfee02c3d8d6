// identify(): runs every candidate against LR. MATLAB candidates first run on a few probe rows (from just
// the input rows those read), so the many that cannot match cost a few rows each; the rest is ranked.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <tuple>

#include "compare.hpp"
#include "rl/convert.hpp"
#include "rl/identify.hpp"
#include "rl/image_ops.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl::identify {

namespace {

// docs/PEERS.md: our torch float32 pixels are within 1e-5 of ATen's on [0, 1]; after `* 255` a value that
// close to a rounding step may round either way in torch itself.
constexpr double kTorchTolerance = 255 * 1e-5;

// Output rows the probe computes: both borders (where the boundary rules differ) and the middle.
std::vector<int> probe_rows(int rows) {
  std::vector<int> p{0, 1, rows / 2, rows - 1};
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  p.erase(std::remove_if(p.begin(), p.end(), [&](int r) { return r < 0 || r >= rows; }), p.end());
  return p;
}

Image gather_rows(const Image& src, const std::vector<int>& rows) {
  Image out = Image::uninitialized(static_cast<int>(rows.size()), src.cols(), src.channels(), src.type());
  const std::size_t row_bytes = src.row_stride() * elem_size(src.type());
  const auto* in = static_cast<const unsigned char*>(src.raw());
  auto* o = static_cast<unsigned char*>(out.raw());
  for (std::size_t i = 0; i < rows.size(); ++i)
    std::memcpy(o + i * row_bytes, in + static_cast<std::size_t>(rows[i]) * row_bytes, row_bytes);
  return out;
}

// A MATLAB plan and the same plan cut down to the probe rows: its rows table keeps just those outputs and
// reads a compact input made of the rows they touch (`gather`), so each probe output is summed exactly as
// in the full run.
struct PlanEntry {
  Plan full, probe;
  std::vector<int> gather;
};

PlanEntry make_plan_entry(const ResizeSpec& spec, int rows, int cols, const std::vector<int>& outs) {
  PlanEntry e{make_plan(spec, rows, cols), {}, {}};
  const AxisTable& t = e.full.rows;
  for (const int o : outs) e.gather.insert(e.gather.end(), t.index_of(o), t.index_of(o) + t.taps);
  std::sort(e.gather.begin(), e.gather.end());
  e.gather.erase(std::unique(e.gather.begin(), e.gather.end()), e.gather.end());
  AxisTable p = t;
  p.in_size = static_cast<int>(e.gather.size());
  p.out_size = static_cast<int>(outs.size());
  p.u.clear();
  p.left.clear();
  p.weights.clear();
  p.index.clear();
  for (const int o : outs) {
    p.u.push_back(t.u[o]);
    p.left.push_back(t.left[o]);
    p.weights.insert(p.weights.end(), t.weights_of(o), t.weights_of(o) + t.taps);
    for (int k = 0; k < t.taps; ++k)
      p.index.push_back(static_cast<std::int32_t>(
          std::lower_bound(e.gather.begin(), e.gather.end(), t.index_of(o)[k]) - e.gather.begin()));
  }
  e.probe = e.full;
  e.probe.rows = std::move(p);
  e.probe.in_rows = e.probe.rows.in_size;
  e.probe.out_rows = e.probe.rows.out_size;
  return e;
}

ResizeSpec matlab_spec(const Candidate& c) {
  ResizeSpec s = c.scale_given ? ResizeSpec::with_scale(c.scale(), c.method)
                               : ResizeSpec::with_size(c.out_rows, c.out_cols, c.method);
  s.antialiasing = c.antialiasing;
  s.boundary = c.boundary;
  return s;
}

peers::PeerTarget peer_target(const Candidate& c) {
  return c.scale_given ? peers::PeerTarget::with_scale(c.scale())
                       : peers::PeerTarget::with_size(c.out_rows, c.out_cols);
}

// torch's pipeline after F.interpolate on [0, 1]: z = y * 255 in float32, then rounded or truncated into
// 0..255; lo and hi are what z -+ the tolerance give.
Pixels torch_pixels(const Image& y, Rounding rounding) {
  Pixels p{Image::uninitialized(y.rows(), y.cols(), y.channels(), ElemType::U8),
           Image::uninitialized(y.rows(), y.cols(), y.channels(), ElemType::U8)};
  const float* in = y.data<float>();
  auto* lo = p.lo.data<std::uint8_t>();
  auto* hi = p.hi.data<std::uint8_t>();
  const auto to_u8 = [rounding](double z) {
    z = rounding == Rounding::HalfEven ? std::nearbyint(z) : z;
    z = std::clamp(z, 0.0, 255.0);
    return static_cast<std::uint8_t>(z);  // truncates, as .to(torch.uint8) does on 0..255
  };
  for (std::size_t i = 0; i < y.elements(); ++i) {
    const double z = static_cast<double>(in[i] * 255.0f);
    lo[i] = to_u8(z - kTorchTolerance);
    hi[i] = to_u8(z + kTorchTolerance);
  }
  return p;
}

// The images a candidate reads: the source (HR or a mod-crop) and its im2double / im2single forms, made
// once per source.
class Sources {
 public:
  explicit Sources(const Image& hr) : hr_(hr) {}
  const Image& u(const Candidate& c) { return entry(c).u; }
  const Image& dbl(const Candidate& c) {
    Entry& e = entry(c);
    if (!e.dbl) e.dbl = im2double(e.u);
    return *e.dbl;
  }
  const Image& single(const Candidate& c) {
    Entry& e = entry(c);
    if (!e.single) e.single = im2single(e.u);
    return *e.single;
  }

 private:
  struct Entry {
    Image u;
    std::optional<Image> dbl, single;
  };
  Entry& entry(const Candidate& c) {
    const auto key = std::pair{c.src_rows, c.src_cols};
    auto it = entries_.find(key);
    if (it == entries_.end()) {
      Image u = c.modcrop ? crop(hr_, 0, 0, c.src_rows, c.src_cols) : hr_;
      it = entries_.emplace(key, Entry{std::move(u), std::nullopt, std::nullopt}).first;
    }
    return it->second;
  }
  const Image& hr_;
  std::map<std::pair<int, int>, Entry> entries_;
};

class Runner {
 public:
  Runner(const Image& hr, const Image& lr, const Options& opt) : lr_(lr), opt_(opt), sources_(hr) {
    probe_ = probe_rows(lr.rows());
  }

  // The candidate's probe rows and, where they decide it, every row. MATLAB candidates compute just the
  // probe rows; the libraries' whole images are compared only when their probe rows match.
  Match first_pass(const Candidate& c) {
    Match m;
    m.candidate = c;
    const bool matlab = c.family == Family::Matlab;
    const Pixels px = matlab ? matlab_pixels(c, true) : peer_pixels(c);
    const Stats s = best_orientation(px, probe_, matlab);
    set(m, s, false);
    if (s.equal == s.total)
      set(m, compare(matlab ? matlab_pixels(c, false) : px, lr_, {}, false, m.bgr), true);
    return m;
  }

  // Replaces the probe statistics by the whole image's (running the candidate again).
  void full_pass(Match& m) {
    if (m.full) return;
    const Candidate& c = m.candidate;
    set(m,
        compare(c.family == Family::Matlab ? matlab_pixels(c, false) : peer_pixels(c), lr_, {}, false, m.bgr),
        true);
  }
  const std::vector<int>& probe() const { return probe_; }

 private:
  Stats best_orientation(const Pixels& px, const std::vector<int>& rows, bool compact) {
    Stats s = compare(px, lr_, rows, compact, false);
    if (lr_.channels() >= 3 && s.equal != s.total) {
      Stats b = compare(px, lr_, rows, compact, true);
      if (b.equal > s.equal) s = b;
    }
    return s;
  }

  void set(Match& m, const Stats& s, bool full) {
    m.equal = s.equal;
    m.total = s.total;
    m.tolerated = s.tolerated;
    m.max_abs = s.max_abs;
    m.psnr = psnr(s, peak_for(lr_.type()));
    m.bgr = s.bgr;
    m.full = full;
    m.exact = full && s.equal == s.total;
    m.evidence = full ? evidence(s, lr_.rows(), lr_.cols()) : "";
    m.pixels_hash = s.hash;
  }

  Pixels matlab_pixels(const Candidate& c, bool probe) {
    const auto key = std::tuple{c.src_rows,     c.src_cols,
                                c.scale_given,  c.scale_num,
                                c.scale_den,    static_cast<int>(c.method),
                                c.antialiasing, static_cast<int>(c.boundary)};
    auto it = plans_.find(key);
    if (it == plans_.end())
      it = plans_.emplace(key, make_plan_entry(matlab_spec(c), c.src_rows, c.src_cols, probe_)).first;
    const PlanEntry& e = it->second;
    const Image& src = c.via_double ? sources_.dbl(c) : sources_.u(c);
    const RunOptions ro{opt_.threads};
    Image out = probe ? run(e.probe, gather_rows(src, e.gather), ro) : run(e.full, src, ro);
    if (c.via_double) out = convert_to(out, lr_.type());
    return Pixels{std::move(out), {}};
  }

  Pixels peer_pixels(const Candidate& c) {
    const peers::PeerTarget target = peer_target(c);
    switch (c.family) {
      case Family::Pillow: return Pixels{peers::resize(sources_.u(c), c.peer, target), {}};
      case Family::OpenCV: return Pixels{opt_.opencv(sources_.u(c), c.peer, target), {}};
      case Family::Torch: {
        // The two roundings of one torch call are adjacent candidates: its float result is kept for both.
        const auto key = std::tuple{c.src_rows,       c.src_cols,          c.scale_given,
                                    c.scale_num,      c.scale_den,         static_cast<int>(c.peer.method),
                                    c.peer.antialias, c.peer.align_corners};
        if (!torch_key_ || *torch_key_ != key) {
          torch_y_ = peers::resize(sources_.single(c), c.peer, target);
          torch_key_ = key;
        }
        return torch_pixels(torch_y_, c.rounding);
      }
      case Family::Matlab: break;
    }
    throw std::logic_error("peer_pixels: a MATLAB candidate");
  }

  const Image& lr_;
  const Options& opt_;
  Sources sources_;
  std::vector<int> probe_;
  std::map<std::tuple<int, int, bool, int, int, int, bool, int>, PlanEntry> plans_;
  std::optional<std::tuple<int, int, bool, int, int, int, bool, bool>> torch_key_;
  Image torch_y_;
};

// Closer first: more pixels equal, then a higher PSNR.
bool closer(const Match& a, const Match& b) {
  const double fa = a.total ? static_cast<double>(a.equal) / a.total : 0.0;
  const double fb = b.total ? static_cast<double>(b.equal) / b.total : 0.0;
  if (fa != fb) return fa > fb;
  return a.psnr > b.psnr;
}

// The same MATLAB call but for its boundary rule.
bool boundary_twins(const Candidate& a, const Candidate& b) {
  return a.family == Family::Matlab && b.family == Family::Matlab && a.boundary != b.boundary &&
         a.src_rows == b.src_rows && a.src_cols == b.src_cols && a.modcrop == b.modcrop &&
         a.scale_given == b.scale_given && a.scale_num == b.scale_num && a.scale_den == b.scale_den &&
         a.out_rows == b.out_rows && a.out_cols == b.out_cols && a.method == b.method &&
         a.antialiasing == b.antialiasing && a.via_double == b.via_double;
}

// Lists each MATLAB call once when its two boundary rules make the same pixels (the modern one, marked),
// and keeps the rest as they come.
std::vector<Match> merge_boundary_twins(std::vector<Match> in) {
  std::vector<Match> out;
  std::vector<bool> taken(in.size(), false);
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (taken[i]) continue;
    for (std::size_t j = i + 1; j < in.size(); ++j)
      if (!taken[j] && in[j].pixels_hash == in[i].pixels_hash &&
          boundary_twins(in[i].candidate, in[j].candidate)) {
        taken[j] = true;
        if (in[j].candidate.boundary == Boundary::Modern) in[i] = in[j];
        in[i].either_boundary = true;
        break;
      }
    out.push_back(std::move(in[i]));
  }
  return out;
}

bool plainer(const Match& a, const Match& b) {
  return non_default_arguments(a.candidate) < non_default_arguments(b.candidate);
}

}  // namespace

Report identify(const Image& hr, const Image& lr, const Options& opt) {
  if (hr.empty() || lr.empty()) throw Refusal("identify needs two non-empty images");
  if (hr.channels() != lr.channels())
    throw Refusal("HR has " + std::to_string(hr.channels()) + " channel(s) and LR has " +
                  std::to_string(lr.channels()) +
                  ": identify compares images with the same channels (grey vs colour is not identified)");
  if (hr.type() != lr.type())
    throw Refusal("HR is " + to_string(hr.type()) + " and LR is " + to_string(lr.type()) +
                  ": identify compares images of one type");
  const std::vector<Candidate> cands = candidates(hr.rows(), hr.cols(), lr.rows(), lr.cols(), hr.type(),
                                                  hr.channels(), static_cast<bool>(opt.opencv));
  Report r;
  r.hr_rows = hr.rows();
  r.hr_cols = hr.cols();
  r.lr_rows = lr.rows();
  r.lr_cols = lr.cols();
  r.channels = hr.channels();
  r.type = hr.type();
  r.candidates = static_cast<int>(cands.size());
  if (!opt.opencv) r.notes.push_back("OpenCV candidates not run: no cv::resize is available here");
  if (!one_factor_fits(hr.rows(), hr.cols(), lr.rows(), lr.cols())) {
    std::ostringstream n;
    n.precision(4);
    n << "the rows are scaled by " << static_cast<double>(lr.rows()) / hr.rows() << " and the columns by "
      << static_cast<double>(lr.cols()) / hr.cols() << ": only calls given the output size can make LR";
    r.notes.push_back(n.str());
  }
  if (hr.type() == ElemType::U16)
    r.notes.push_back(
        "16-bit images: MATLAB's candidates only (the Pillow, OpenCV and torch ones take 8-bit images)");
  r.notes.push_back("not among the candidates: torch's mode='area'");

  Runner runner(hr, lr, opt);
  std::vector<Match> all;
  all.reserve(cands.size());
  for (std::size_t i = 0; i < cands.size(); ++i) {
    all.push_back(runner.first_pass(cands[i]));
    if (!all.back().full) ++r.rejected_by_probe;
    if (opt.progress) opt.progress(static_cast<int>(i + 1), static_cast<int>(cands.size()));
  }
  for (const Match& m : all)
    if (m.exact) r.exact.push_back(m);
  r.exact = merge_boundary_twins(std::move(r.exact));
  std::stable_sort(r.exact.begin(), r.exact.end(), plainer);
  if (!r.exact.empty()) return r;

  // No exact match: rank by the probe rows (the only statistics every candidate has), then run the best
  // MATLAB ones in full, and rank those and the peers (already in full) by the whole image.
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Among equally close ones (the same pixels among them), the plainest first.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return closer(all[a], all[b]) || (!closer(all[b], all[a]) && plainer(all[a], all[b]));
  });
  const std::size_t in_full = static_cast<std::size_t>(std::max(2 * opt.top, opt.top + 6));
  // Candidates that make the same pixels are listed once (the plainest); a boundary twin among them is
  // said on the one listed.
  std::vector<Match*> pool;
  for (std::size_t k = 0; k < order.size() && pool.size() < in_full; ++k) {
    Match& m = all[order[k]];
    runner.full_pass(m);
    const auto same = std::find_if(pool.begin(), pool.end(),
                                   [&](const Match* p) { return p->pixels_hash == m.pixels_hash; });
    if (same == pool.end()) {
      pool.push_back(&m);
      continue;
    }
    for (Match* p : pool)
      if (p->pixels_hash == m.pixels_hash && boundary_twins(p->candidate, m.candidate))
        p->either_boundary = true;
  }
  std::stable_sort(pool.begin(), pool.end(), [](const Match* a, const Match* b) { return closer(*a, *b); });
  for (std::size_t k = 0; k < pool.size() && static_cast<int>(k) < opt.top; ++k)
    r.closest.push_back(*pool[k]);
  return r;
}

}  // namespace rl::identify
