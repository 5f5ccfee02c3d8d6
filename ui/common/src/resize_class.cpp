// The class MATLAB's panes resize in (imresize --as) by name, and the hint a one-level difference
// from a reference gives.
#include <QStringList>

#include "rl/ui/comparison.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {

QString to_qstring(ResizeClass c) {
  return c == ResizeClass::Double   ? QStringLiteral("double")
         : c == ResizeClass::Single ? QStringLiteral("single")
                                    : QStringLiteral("keep");
}

std::optional<ResizeClass> parse_resize_class(const QString& s) {
  for (const ResizeClass c : {ResizeClass::Keep, ResizeClass::Double, ResizeClass::Single})
    if (s.trimmed().compare(to_qstring(c), Qt::CaseInsensitive) == 0) return c;
  return std::nullopt;
}

QString class_hint(const Comparison& c, int i) {
  const auto k = static_cast<std::size_t>(i);
  if (!c.against_image() || k >= c.diffs.size() || k >= c.results.size() || !c.results[k].image) return {};
  const std::optional<DiffStats>& s = c.diffs[k].stats;
  if (!s || rl::is_floating(c.results[k].image->type()) || s->max_abs > 1.0 ||
      s->differing_percent() < kClassHintPercent)
    return {};
  return QStringLiteral(
             "Pane %1 differs from the reference by one level in %2 of its pixels: a class difference is "
             "the likely cause (one of them resized in double, e.g. MATLAB's im2double, and rounded back). "
             "Try Class: double (--as double).")
      .arg(i + 1)
      .arg(percent_text(s->differing, s->pixels, 1));
}

}  // namespace rl::ui
