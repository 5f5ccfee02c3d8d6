// The report of `identify`: a ranked table for a terminal and the same records as JSON.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "rl/identify.hpp"

namespace rl::identify {

namespace {

std::string number(double v, int digits) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
    } else {
      o += c;
    }
  }
  return o + "\"";
}

std::string shape(int rows, int cols, int channels, ElemType t) {
  return std::to_string(rows) + "x" + std::to_string(cols) + "x" + std::to_string(channels) + " " +
         to_string(t);
}

void json_match(std::ostringstream& o, const Match& m, int rank, const Report& r) {
  const Candidate& c = m.candidate;
  o << "{\"rank\": " << rank << ", \"verdict\": " << json_string(m.exact ? "exact" : "close")
    << ", \"call\": " << json_string(c.call(r.type, r.channels))
    << ", \"remark\": " << json_string(match_remark(m))
    << ", \"library\": " << json_string(to_string(c.family));
  if (c.family == Family::Matlab) {
    o << ", \"method\": " << json_string(to_string(c.method))
      << ", \"antialiasing\": " << (c.antialiasing ? "true" : "false")
      << ", \"boundary\": " << json_string(to_string(c.boundary))
      << ", \"either_boundary\": " << (m.either_boundary ? "true" : "false")
      << ", \"pipeline\": " << json_string(c.via_double ? "im2double" : "own class");
  } else {
    o << ", \"method\": " << json_string(peers::method_name(c.peer.library, c.peer.method))
      << ", \"antialias\": " << (c.peer.antialias ? "true" : "false")
      << ", \"align_corners\": " << (c.peer.align_corners ? "true" : "false");
    if (c.family == Family::Pillow)
      o << ", \"reducing_gap\": " << (c.peer.reducing_gap > 0.0 ? number(c.peer.reducing_gap, 1) : "null");
    if (c.family == Family::Torch)
      o << ", \"rounding\": " << json_string(c.rounding == Rounding::HalfEven ? "half-even" : "truncate");
  }
  o << ", \"source\": [" << c.src_rows << ", " << c.src_cols << "], \"modcrop\": " << c.modcrop;
  if (c.scale_given)
    o << ", \"scale\": " << json_string(std::to_string(c.scale_num) + "/" + std::to_string(c.scale_den));
  else
    o << ", \"size\": [" << c.out_rows << ", " << c.out_cols << "]";
  o << ", \"imresize_args\": [";
  const std::vector<std::string> args = c.imresize_args();
  for (std::size_t i = 0; i < args.size(); ++i) o << (i ? ", " : "") << json_string(args[i]);
  o << "], \"bgr\": " << (m.bgr ? "true" : "false") << ", \"equal\": " << m.equal
    << ", \"total\": " << m.total << ", \"tolerated\": " << m.tolerated << ", \"max_abs\": " << m.max_abs
    << ", \"psnr\": " << (std::isinf(m.psnr) ? std::string("null") : number(m.psnr, 4))
    << ", \"evidence\": " << json_string(m.evidence) << "}";
}

}  // namespace

std::string call_remark(const Match& m) {
  return m.either_boundary
             ? "the same pixels with the modern and the legacy boundary: MATLAB before and after R2015b"
             : m.candidate.remark();
}

std::string match_remark(const Match& m) {
  std::string r = call_remark(m);
  const auto add = [&r](const std::string& s) { r += (r.empty() ? "" : "; ") + s; };
  if (m.bgr) add("LR's channels in BGR order");
  if (m.tolerated) add(std::to_string(m.tolerated) + " pixel(s) within torch's float rounding of a step");
  return r;
}

std::string format_report(const Report& r) {
  std::ostringstream o;
  o << "HR " << shape(r.hr_rows, r.hr_cols, r.channels, r.type) << " -> LR "
    << shape(r.lr_rows, r.lr_cols, r.channels, r.type) << ": " << r.candidates << " candidates ("
    << r.rejected_by_probe << " set aside after their probe rows)\n";
  const std::vector<Match>& rows = r.exact.empty() ? r.closest : r.exact;
  char head[128];
  std::snprintf(head, sizeof head, "%3s  %-6s %-21s %7s %8s  %s\n", "#", "match", "equal/total", "max|d|",
                "PSNR dB", "call");
  o << head;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Match& m = rows[i];
    const std::string counts = std::to_string(m.equal) + "/" + std::to_string(m.total);
    char line[160];
    std::snprintf(line, sizeof line, "%3zu  %-6s %-21s %7s %8s  ", i + 1, m.exact ? "exact" : "close",
                  counts.c_str(), number(m.max_abs, 0).c_str(), number(m.psnr, 2).c_str());
    o << line << m.candidate.call(r.type, r.channels);
    const std::string rem = match_remark(m);
    if (!rem.empty()) o << "   [" << rem << "]";
    o << "\n";
    if (!m.exact && !m.evidence.empty()) o << "       " << m.evidence << "\n";
  }
  for (const std::string& n : r.notes) o << "note: " << n << "\n";
  if (!r.exact.empty())
    o << "exact: " << r.exact.size() << (r.exact.size() == 1 ? " call makes" : " calls make")
      << " LR's pixels\n";
  else
    o << "no exact match: the closest " << r.closest.size() << " of " << r.candidates
      << " candidates are listed\n";
  return o.str();
}

std::string report_json(const Report& r) {
  std::ostringstream o;
  o << "{\"hr\": [" << r.hr_rows << ", " << r.hr_cols << ", " << r.channels << "], \"lr\": [" << r.lr_rows
    << ", " << r.lr_cols << ", " << r.channels << "], \"type\": " << json_string(to_string(r.type))
    << ", \"exact\": " << (r.exact.empty() ? "false" : "true") << ", \"candidates\": " << r.candidates
    << ", \"rejected_by_probe\": " << r.rejected_by_probe << ", \"matches\": [";
  const std::vector<Match>& rows = r.exact.empty() ? r.closest : r.exact;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    o << (i ? ",\n  " : "\n  ");
    json_match(o, rows[i], static_cast<int>(i + 1), r);
  }
  o << "], \"notes\": [";
  for (std::size_t i = 0; i < r.notes.size(); ++i) o << (i ? ", " : "") << json_string(r.notes[i]);
  o << "]}\n";
  return o.str();
}

}  // namespace rl::identify
