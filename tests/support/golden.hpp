// Reading tests/data/golden/manifest.tsv: one struct per row, and the spec each row asks for.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "rl/parse.hpp"
#include "rl/spec.hpp"

namespace rl::test {

struct GoldenRow {
  std::string input, expected, mode, value, method, antialiasing, boundary, compare;
  std::string name() const {
    std::string n = expected;
    for (char& c : n)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
  }
};

inline void PrintTo(const GoldenRow& r, std::ostream* os) { *os << r.expected; }

inline std::string golden_dir() { return RL_GOLDEN_DIR; }
inline std::string golden_path(const std::string& rel) { return golden_dir() + "/" + rel; }

inline std::vector<GoldenRow> golden_rows() {
  std::ifstream f(golden_path("manifest.tsv"));
  if (!f) throw std::runtime_error("cannot open " + golden_path("manifest.tsv"));
  std::vector<GoldenRow> rows;
  std::string line;
  std::getline(f, line);  // header
  while (std::getline(f, line)) {
    if (line.empty()) continue;
    std::istringstream s(line);
    GoldenRow r;
    std::getline(s, r.input, '\t');
    std::getline(s, r.expected, '\t');
    std::getline(s, r.mode, '\t');
    std::getline(s, r.value, '\t');
    std::getline(s, r.method, '\t');
    std::getline(s, r.antialiasing, '\t');
    std::getline(s, r.boundary, '\t');
    std::getline(s, r.compare, '\t');
    rows.push_back(r);
  }
  return rows;
}

inline ResizeSpec golden_spec(const GoldenRow& r) {
  ResizeSpec spec;
  if (r.mode == "scale")
    spec.scale = parse_scale(r.value);
  else
    spec.out_size = parse_size(r.value);
  spec.method = *parse_method(r.method);
  spec.antialiasing = parse_on_off(r.antialiasing);
  spec.boundary = *parse_boundary(r.boundary);
  return spec;
}

}  // namespace rl::test
