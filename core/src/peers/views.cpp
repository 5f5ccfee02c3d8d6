// Peer tables seen as the views see MATLAB's: the library's continuous kernel and a Plan wrapper.
#include <cmath>
#include <numbers>

#include "peers_internal.hpp"

namespace rl::peers {

namespace {

double sinc(double x) { return x == 0.0 ? 1.0 : std::sin(std::numbers::pi * x) / (std::numbers::pi * x); }

double keys(double x, double a) {
  x = std::abs(x);
  if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
  if (x < 2.0) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
  return 0.0;
}

double hat(double x) { return std::abs(x) < 1.0 ? 1.0 - std::abs(x) : 0.0; }
double box(double x) { return (x > -0.5 && x <= 0.5) ? 1.0 : 0.0; }

}  // namespace

Kernel peer_kernel(const PeerSpec& s) {
  const std::string name = display_name(s);
  switch (s.method) {
    case PeerMethod::Nearest:
    case PeerMethod::NearestExact:
    case PeerMethod::Box:
    case PeerMethod::Area: return {name, box, 1.0};
    case PeerMethod::Bilinear:
    case PeerMethod::LinearExact: return {name, hat, 2.0};
    case PeerMethod::Hamming:
      return {name,
              [](double x) {
                x = std::abs(x);
                if (x >= 1.0) return 0.0;
                return sinc(x) * (0.54 + 0.46 * std::cos(std::numbers::pi * x));
              },
              2.0};
    case PeerMethod::Bicubic: {
      const double a =
          (s.library == Library::Pillow || (s.library == Library::Torch && s.antialias)) ? -0.5 : -0.75;
      return {name, [a](double x) { return keys(x, a); }, 4.0};
    }
    case PeerMethod::Lanczos:
      return {name, [](double x) { return std::abs(x) < 3.0 ? sinc(x) * sinc(x / 3) : 0.0; }, 6.0};
    case PeerMethod::Lanczos4:
      return {name, [](double x) { return std::abs(x) < 4.0 ? sinc(x) * sinc(x / 4) : 0.0; }, 8.0};
  }
  return {name, box, 1.0};
}

Plan as_plan(const PeerTables& t) {
  Plan p;
  p.in_rows = t.in_rows;
  p.in_cols = t.in_cols;
  p.out_rows = t.out_rows;
  p.out_cols = t.out_cols;
  p.method = Method::Custom;
  p.kernel = peer_kernel(t.spec);
  p.antialiasing = t.rows.table.antialiased || t.cols.table.antialiased;
  p.boundary = Boundary::Legacy;
  p.order = t.order;
  p.rows = t.rows.table;
  p.cols = t.cols.table;
  return p;
}

}  // namespace rl::peers
