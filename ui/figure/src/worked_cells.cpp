// The worked example drawn as cells (see teaching_plots.hpp): each tap's source index after the
// boundary rule, value, weight (the Plan's number, over a bar) and product, wrapped to the width,
// then the sum and the cast.
#include <QFontMetricsF>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "plot_axes.hpp"
#include "rl/ui/plan_coordinates.hpp"
#include "rl/ui/teaching_plots.hpp"

namespace rl::ui {

namespace {

// The texts of tap k's cell, top to bottom: source index (after the boundary rule), value, weight
// (the Plan's number, 6 significant digits: the one a slide reads) and product. Printed whole.
QString index_text(const rl::WorkedStep& s, std::size_t k) {
  return s.unmapped_index[k] == s.input_index[k]
             ? QString::number(s.input_index[k])
             : QStringLiteral("%1\u2192%2").arg(s.unmapped_index[k]).arg(s.input_index[k]);
}
QString number_text(double v) { return QString::number(v, 'g', 6); }

// One layout for every step of an output: cells as wide as its widest number (so none is cut), the
// most that fit in a strip, and each step's taps dealt into strips of equal length (one more in the
// first ones at most), so no strip holds a lone tap while another is full.
struct CellLayout {
  double cell_w = 0;
  int max_per_row = 1;
  // Taps per strip for a step that shows `taps`: as few strips as max_per_row allows, balanced.
  int per_row(int taps) const {
    const int strips = std::max(1, (taps + max_per_row - 1) / max_per_row);
    return std::max(1, (taps + strips - 1) / strips);
  }
};

constexpr int kMaxStrips = 3;  // strips of cells per step

CellLayout cell_layout(const QFontMetricsF& fm, double width,
                       const std::vector<const rl::WorkedStep*>& steps) {
  double widest = fm.horizontalAdvance(QStringLiteral("-0.00000"));
  int most = 1;
  for (const rl::WorkedStep* s : steps) {
    const std::size_t n = s->weight.size();
    most = std::max(most, static_cast<int>(n));
    for (std::size_t k = 0; k < n; ++k)
      for (const QString& t : {index_text(*s, k), number_text(s->value[k]), number_text(s->weight[k]),
                               number_text(s->product[k])})
        widest = std::max(widest, fm.horizontalAdvance(t));
  }
  const double min_w = widest + 4 + fm.height() * 0.6;
  const double room = std::max(min_w, width - fm.horizontalAdvance(QStringLiteral("weight ")) - fm.height());
  CellLayout c;
  c.max_per_row = std::max(1, static_cast<int>(room / min_w));
  // The cells as wide as the widest step's balanced strips make them (a widened kernel shows
  // kMaxStrips full strips), the same for every step.
  c.cell_w = room / c.per_row(std::min(most, kMaxStrips * c.max_per_row));
  return c;
}

constexpr int kMaxFirstSteps = 8;  // first-pass steps drawn (the ones pass 2 weighs most)

// The `count` contiguous taps (first, count) centred on the step's largest weight.
std::pair<int, int> shown_taps(const rl::WorkedStep& s, int count) {
  const int n = static_cast<int>(s.weight.size());
  if (n <= count) return {0, n};
  int centre = 0;
  for (int k = 1; k < n; ++k)
    if (std::abs(s.weight[static_cast<std::size_t>(k)]) >
        std::abs(s.weight[static_cast<std::size_t>(centre)]))
      centre = k;
  return {std::clamp(centre - count / 2, 0, n - count), count};
}

// One 1-D step: a heading, its taps as strips of cells (wrapped to the width), the sum and the
// cast. Returns the height used; draws only when `p` is given.
double worked_step(QPainter* p, const QFontMetricsF& fm, const QRectF& rect, double y,
                   const rl::WorkedStep& s, rl::ElemType type, const QString& heading, const CellLayout& L) {
  const double lh = fm.height() * 1.15;
  const double label_w = fm.horizontalAdvance(QStringLiteral("weight ")) + fm.height() * 0.5;
  const int all_taps = static_cast<int>(s.weight.size());
  const double strip_h = lh * 5.2;
  // A widened kernel (1/128 reads about 514 taps) shows its middle kMaxStrips strips, centred on the
  // largest weight, and says how many taps it hides; the sum is still of every tap.
  const auto [first_tap, taps] = shown_taps(s, kMaxStrips * L.max_per_row);
  const int hidden = all_taps - taps;
  const int per_row = L.per_row(taps);
  const int strips = (taps + per_row - 1) / per_row;
  const double y_start = y;
  if (p) {
    p->setPen(Qt::black);
    p->drawText(QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(heading, Qt::ElideRight, rect.width()));
  }
  y += lh * 1.1;
  double wmax = 0;
  for (double w : s.weight) wmax = std::max(wmax, std::abs(w));
  for (int strip = 0; strip < strips; ++strip) {
    if (p) {
      const char* labels[] = {"index", "value", "weight", "", "product"};
      p->setPen(QColor(90, 90, 90));
      for (int l = 0; l < 5; ++l)
        if (*labels[l])
          p->drawText(QRectF(rect.left(), y + lh * l, label_w, lh), Qt::AlignLeft | Qt::AlignVCenter,
                      QString::fromLatin1(labels[l]));
    }
    for (int j = 0; j < per_row; ++j) {
      const int k = first_tap + strip * per_row + j;
      if (k >= first_tap + taps || !p) continue;
      const QRectF cell(rect.left() + label_w + j * L.cell_w, y, L.cell_w, lh * 5);
      p->setPen(QPen(QColor(200, 200, 200), 0));
      p->setBrush(k % 2 ? QColor(248, 248, 252) : QColor(255, 255, 255));
      p->drawRect(cell);
      p->setPen(Qt::black);
      const auto ku = static_cast<std::size_t>(k);
      // Whole: the cells are as wide as the widest text (cell_layout).
      const auto text = [&](int line, const QString& t) {
        p->drawText(QRectF(cell.left() + 2, y + lh * line, cell.width() - 4, lh), Qt::AlignCenter, t);
      };
      text(0, index_text(s, ku));
      text(1, number_text(s.value[ku]));
      // The weight as the Plan holds it, over a bar about a zero line (negative lobes go down, in red).
      text(2, number_text(s.weight[ku]));
      const QRectF bar_area(cell.left() + cell.width() * 0.2, y + lh * 3.1, cell.width() * 0.6, lh * 0.8);
      const double mid = bar_area.center().y();
      const double h = wmax > 0 ? s.weight[ku] / wmax * bar_area.height() / 2 : 0;
      p->fillRect(QRectF(bar_area.left(), std::min(mid, mid - h), bar_area.width(), std::abs(h)),
                  s.weight[ku] >= 0 ? QColor(31, 119, 180) : QColor(214, 39, 40));
      p->setPen(QPen(QColor(120, 120, 120), 0));
      p->drawLine(QPointF(bar_area.left(), mid), QPointF(bar_area.right(), mid));
      p->setPen(Qt::black);
      text(4, number_text(s.product[ku]));
    }
    y += strip_h;
  }
  if (hidden > 0) {
    double shown = 0, total = 0;
    for (int k = 0; k < all_taps; ++k) {
      total += s.weight[static_cast<std::size_t>(k)];
      if (k >= first_tap && k < first_tap + taps) shown += s.weight[static_cast<std::size_t>(k)];
    }
    if (p) {
      p->setPen(QColor(60, 60, 60));
      p->drawText(
          QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
          fm.elidedText(QStringLiteral("taps %1 to %2 of %3 shown; %4 hidden (their weights sum to %5)")
                            .arg(first_tap + 1)
                            .arg(first_tap + taps)
                            .arg(all_taps)
                            .arg(hidden)
                            .arg(total - shown, 0, 'g', 4),
                        Qt::ElideRight, rect.width()));
    }
    y += lh * 1.2;
  }
  // The sum of the products and what the pass keeps of it, on two lines where one would be cut.
  const bool integer = rl::is_integer(type);
  const QString sum = QStringLiteral("sum = %1").arg(s.sum, 0, 'g', 12);
  const QString kept = integer ? QStringLiteral("\u2192 rounded and saturated: %1").arg(s.result, 0, 'g', 12)
                               : QStringLiteral("\u2192 %1").arg(s.result, 0, 'g', 12);
  const QString one_line = sum + QStringLiteral("  ") + kept;
  const QStringList lines =
      fm.horizontalAdvance(one_line) <= rect.width() ? QStringList{one_line} : QStringList{sum, kept};
  for (const QString& line : lines) {
    if (p) {
      p->setPen(Qt::black);
      p->drawText(QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
                  fm.elidedText(line, Qt::ElideRight, rect.width()));
    }
    y += lh;
  }
  y -= lh;
  y += lh * 1.5;
  return y - y_start;
}

double worked_all(QPainter* p, const QFontMetricsF& fm, const QRectF& rect, const rl::WorkedExample& w,
                  const QString& title) {
  const double lh = fm.height() * 1.15;
  double y = rect.top();
  if (p) {
    p->setPen(Qt::black);
    QFont bold = p->font();
    bold.setBold(true);
    p->save();
    p->setFont(bold);
    p->drawText(QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
                QFontMetricsF(bold).elidedText(title, Qt::ElideRight, rect.width()));
    p->restore();
  }
  y += lh * 1.4;
  const auto word = [](rl::Axis a) {
    return a == rl::Axis::Rows ? QStringLiteral("vertical") : QStringLiteral("horizontal");
  };
  // Each first-pass step feeds one tap of pass 2: with more than kMaxFirstSteps, those of pass 2's
  // largest weights are drawn and the rest counted.
  std::size_t first_step = 0, first_count = w.first.size();
  if (first_count > static_cast<std::size_t>(kMaxFirstSteps) && w.first.size() == w.second.weight.size()) {
    const auto [f, c] = shown_taps(w.second, kMaxFirstSteps);
    first_step = static_cast<std::size_t>(f);
    first_count = static_cast<std::size_t>(c);
  }
  if (first_count < w.first.size()) {
    if (p) {
      p->setPen(QColor(60, 60, 60));
      p->drawText(
          QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
          fm.elidedText(QStringLiteral("Pass 1 makes %1 intermediate values, one per tap of pass 2; %2 "
                                       "of them are shown, computed the same way as the rest")
                            .arg(w.first.size())
                            .arg(first_count),
                        Qt::ElideRight, rect.width()));
    }
    y += lh * 1.2;
  }
  std::vector<const rl::WorkedStep*> drawn{&w.second};
  for (std::size_t k = first_step; k < first_step + first_count; ++k) drawn.push_back(&w.first[k]);
  const CellLayout layout = cell_layout(fm, rect.width(), drawn);
  for (std::size_t k = first_step; k < first_step + first_count; ++k) {
    const rl::WorkedStep& s = w.first[k];
    y += worked_step(p, fm, rect, y, s, w.type,
                     QStringLiteral("Pass 1 (%1) at %2 %3: intermediate %4 %5, u = %6")
                         .arg(word(s.axis))
                         .arg(s.axis == rl::Axis::Rows ? QStringLiteral("column") : QStringLiteral("row"))
                         .arg(s.fixed_index)
                         .arg(s.axis == rl::Axis::Rows ? QStringLiteral("row") : QStringLiteral("column"))
                         .arg(s.out_index)
                         .arg(centre_from_plan_u(s.u), 0, 'g', 8),
                     layout);
  }
  y += worked_step(p, fm, rect, y, w.second, w.type,
                   QStringLiteral("Pass 2 (%1): output (%2, %3), u = %4")
                       .arg(word(w.second.axis))
                       .arg(w.out_row)
                       .arg(w.out_col)
                       .arg(centre_from_plan_u(w.second.u), 0, 'g', 8),
                   layout);
  if (p) {
    QFont bold = p->font();
    bold.setBold(true);
    p->save();
    p->setFont(bold);
    p->drawText(QRectF(rect.left(), y, rect.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
                QStringLiteral("Output pixel (%1, %2), channel %3 = %4")
                    .arg(w.out_row)
                    .arg(w.out_col)
                    .arg(w.channel + 1)
                    .arg(w.value, 0, 'g', 12));
    p->restore();
  }
  y += lh * 1.4;
  return y - rect.top();
}

}  // namespace

double worked_cells_height(const QFontMetricsF& fm, const rl::WorkedExample& w, double width) {
  return worked_all(nullptr, fm, QRectF(0, 0, width, 1), w, QString());
}

double paint_worked_cells(QPainter& p, const QRectF& rect, const rl::WorkedExample& w, const rl::Plan& plan,
                          const QString& title) {
  (void)plan;
  p.save();
  const QFontMetricsF fm(p.font());
  const double h = worked_all(&p, fm, rect, w, title);
  p.restore();
  return h;
}

}  // namespace rl::ui
