// Colormaps: viridis and inferno (matplotlib's perceptual maps, from their full 256-entry tables,
// linearly interpolated between entries) and a blue-white-red diverging map; plus the colour bar painter.
#include "rl/ui/colormap.hpp"

#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "colormap_tables.hpp"
#include "rl/parallel.hpp"
#include "rl/ui/axis_ticks.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {
namespace {

using colormap_tables::kInferno;
using colormap_tables::kViridis;
// Blue - white - red (ColorBrewer RdBu ends), symmetric about t = 0.5.
constexpr std::array<QRgb, 5> kDiverging = {0x2166AC, 0x92C5DE, 0xF7F7F7, 0xF4A582, 0xB2182B};

// x >= 0 to the nearest integer, halves up: std::lround's value there, without its call.
inline int round_half_up(double x) {
  const int i = static_cast<int>(x);
  return i + (x - i >= 0.5);
}

template <std::size_t N>
inline QRgb interpolate(const std::array<QRgb, N>& table, double t) {
  const double x = t * (N - 1);
  const int i = std::min(static_cast<int>(x), static_cast<int>(N) - 2);  // x >= 0: floor
  const double f = x - i;
  // a + (b - a) * f lies between a and b, so it is never negative.
  auto mix = [f](int a, int b) { return round_half_up(a + (b - a) * f); };
  const QRgb a = table[i], b = table[i + 1];
  return qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
}

inline QRgb lookup(Colormap map, double t) {
  if (t != t) t = 0.0;
  t = std::clamp(t, 0.0, 1.0);
  switch (map) {
    case Colormap::Viridis: return interpolate(kViridis, t) | 0xFF000000u;
    case Colormap::Inferno: return interpolate(kInferno, t) | 0xFF000000u;
    case Colormap::Diverging: return interpolate(kDiverging, t) | 0xFF000000u;
  }
  return qRgb(0, 0, 0);
}

}  // namespace

std::optional<QRgb> non_finite_color(double v) {
  if (std::isnan(v)) return kNanColor;
  if (std::isinf(v)) return v > 0 ? kPosInfColor : kNegInfColor;
  return std::nullopt;
}

QString non_finite_name(double v) {
  if (std::isnan(v)) return QStringLiteral("NaN");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("\u2212Inf");
  return {};
}

QString non_finite_text(const rl::DiffStats& s) {
  return s.non_finite ? QStringLiteral("%1 non-finite").arg(static_cast<qulonglong>(s.non_finite))
                      : QString();
}

QRgb colormap_lookup(Colormap map, double t) { return lookup(map, t); }

QImage colorize(const rl::Image& map, Colormap cmap, double lo, double hi) {
  if (map.empty()) return {};
  constexpr double kInf = std::numeric_limits<double>::infinity();
  QImage out = make_display_image(map.cols(), map.rows(), QImage::Format_RGB32);
  if (out.isNull()) return out;
  const double span = hi - lo;
  const double flat = cmap == Colormap::Diverging ? 0.5 : 0.0;
  const auto colour = [&](double v) { return lookup(cmap, span > 0 ? (v - lo) / span : flat); };
  // The maps of 8- and 16-bit images hold integers: their colours for the integers on the scale are
  // made once, by the same formula (what falls outside, or is not an integer, is looked up as it comes).
  constexpr double kWidest = 131071.0;  // -65535..65535
  const double first = std::ceil(std::max(lo, -kWidest)), last_int = std::floor(std::min(hi, kWidest));
  std::vector<QRgb> integers;
  // Only where the table is smaller than the map (a figure's small crop of a 16-bit map is not).
  if (last_int >= first && last_int - first < kWidest &&
      last_int - first < static_cast<double>(map.elements()))
    for (double v = first; v <= last_int; v += 1.0) integers.push_back(colour(v));
  const double table_size = static_cast<double>(integers.size());
  rl::parallel_for(map.rows(), 8, [&](long long r0, long long r1) {
    std::vector<double> row(map.row_stride());
    for (long long r = r0; r < r1; ++r) {
      rl::read_as_double(map, static_cast<std::size_t>(r) * row.size(), row.size(), row.data());
      auto* line = reinterpret_cast<QRgb*>(out.scanLine(static_cast<int>(r)));
      // A map repeats values (most of a difference map is 0): the last colour is reused for them.
      double last = 0.0;
      QRgb last_rgb = colour(0.0);
      for (int c = 0; c < map.cols(); ++c) {
        const double v = row[static_cast<std::size_t>(c) * map.channels()];
        if (v == last) {
          line[c] = last_rgb;
          continue;
        }
        // The index of an integer on the scale (a conversion, not std::floor: that is a call where
        // the baseline instruction set has no rounding instruction).
        const double k = v - first;
        const bool on_scale = k >= 0.0 && k < table_size;
        const std::size_t ki = on_scale ? static_cast<std::size_t>(k) : 0;
        line[c] = on_scale && static_cast<double>(ki) == k ? integers[ki]
                  : v != v                                 ? kNanColor
                  : !(std::abs(v) < kInf)                  ? (v > 0 ? kPosInfColor : kNegInfColor)
                                                           : colour(v);
        if (v == v) {
          last = v;
          last_rgb = line[c];
        }
      }
    }
  });
  return out;
}

void paint_colorbar(QPainter& p, const QRectF& rect, Colormap cmap, double lo, double hi,
                    const QString& label, const rl::NonFiniteCount& shown) {
  p.save();
  const QFontMetricsF fm(p.font());
  const double label_h = label.isEmpty() ? 0.0 : fm.height() * 1.3;
  const double bar_w = std::clamp(rect.width() * 0.3, 8.0, 28.0);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  struct Swatch {
    bool present;
    double value;
  };
  const Swatch swatches[] = {{shown.nan > 0, std::numeric_limits<double>::quiet_NaN()},
                             {shown.pos_inf > 0, kInf},
                             {shown.neg_inf > 0, -kInf}};
  const double swatch_h = fm.height() * 1.3;
  const auto legend_rows =
      std::count_if(std::begin(swatches), std::end(swatches), [](const Swatch& w) { return w.present; });
  const double legend_h = static_cast<double>(legend_rows) * swatch_h;
  const QRectF bar(rect.left(), rect.top() + label_h + fm.height() * 0.5, bar_w,
                   std::max(1.0, rect.height() - label_h - fm.height() - legend_h));
  double legend_y = bar.bottom() + fm.height() * 0.5 + (swatch_h - fm.height()) / 2;
  for (const Swatch& w : swatches) {
    if (!w.present) continue;
    const QRectF box(bar.left(), legend_y + fm.height() * 0.1, bar_w, fm.height() * 0.8);
    p.fillRect(box, QColor::fromRgb(*non_finite_color(w.value)));
    p.setPen(QPen(Qt::black, 0));
    p.drawRect(box);
    p.drawText(QRectF(bar.right() + 6, legend_y, rect.right() - bar.right() - 6, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, non_finite_name(w.value));
    legend_y += swatch_h;
  }
  if (!label.isEmpty()) {
    p.setPen(Qt::black);
    p.drawText(QRectF(rect.left(), rect.top(), std::max(rect.width(), fm.horizontalAdvance(label)), label_h),
               Qt::AlignLeft | Qt::AlignVCenter, label);
  }
  // The gradient as thin bands so it stays sharp in vector output too.
  const int bands = 128;
  for (int i = 0; i < bands; ++i) {
    const double t0 = static_cast<double>(i) / bands;
    const QRectF band(bar.left(), bar.bottom() - bar.height() * (t0 + 1.0 / bands), bar.width(),
                      bar.height() / bands + 0.5);
    p.fillRect(band, QColor::fromRgb(colormap_lookup(cmap, t0 + 0.5 / bands)));
  }
  p.setPen(QPen(Qt::black, 0));
  p.setBrush(Qt::NoBrush);
  p.drawRect(bar);

  double a = lo, b = hi;
  if (!(b > a)) b = a + 1.0;  // a flat map still gets a readable scale
  const int wanted = std::max(2, static_cast<int>(bar.height() / (fm.height() * 2.0)));
  const double step = nice_step(b - a, std::min(wanted, 6));
  const int decimals = tick_decimals(step);
  auto y_of = [&](double v) { return bar.bottom() - (v - a) / (b - a) * bar.height(); };
  for (const double v : ticks(a, b, step)) {
    const double y = y_of(v);
    p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
    p.drawText(QRectF(bar.right() + 6, y - fm.height() / 2, rect.right() - bar.right() - 6, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, QString::number(v, 'f', decimals));
  }
  p.restore();
}

}  // namespace rl::ui
