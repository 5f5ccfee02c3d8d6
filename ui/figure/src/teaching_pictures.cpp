// What the 2-D teaching pictures share: how their numbers and labels are printed, and the windows
// and surfaces they draw, gathered from core for a list of panes or the reference pane.
#include "rl/ui/teaching_pictures.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "rl/ui/plan_coordinates.hpp"

namespace rl::ui {

QString picture_number(double v) {
  if (std::abs(v) < 5e-5) return QStringLiteral("0");
  QString s = QString::number(v, 'f', 4);
  while (s.endsWith(QLatin1Char('0'))) s.chop(1);
  if (s.endsWith(QLatin1Char('.'))) s.chop(1);
  return s;
}

namespace detail {
void logged_text(QPainter& p, const QRectF& r, int flags, const QString& text, TextLog* log) {
  QRectF covered;
  p.drawText(r, flags, text, &covered);
  if (log) log->push_back({text, p.transform().mapRect(covered), p.transform().mapRect(r)});
}
}  // namespace detail

QList<NamedWindow> tap_windows(const QList<NamedPlan>& plans, const rl::Image& source, QPoint pixel,
                               int channel) {
  QList<NamedWindow> out;
  for (const NamedPlan& np : plans) {
    if (!np.second || out.size() >= 4) continue;
    const rl::Plan& plan = *np.second;
    if (pixel.y() < 0 || pixel.x() < 0 || pixel.y() >= plan.out_rows || pixel.x() >= plan.out_cols) continue;
    try {
      out.append({np.first, rl::tap_window(plan, source, pixel.y(), pixel.x(), channel)});
    } catch (const std::exception&) {
      // A pane whose plan was made for another image (a stale result) has no window to show.
    }
  }
  return out;
}

std::vector<rl::Surface> teaching_surfaces(const rl::Image& source, const rl::Plan& plan, QPoint pixel,
                                           int channel, int per_pixel) {
  std::vector<rl::Surface> out;
  if (source.empty() || plan.in_rows != source.rows() || plan.in_cols != source.cols()) return out;
  const int r = std::clamp(pixel.y(), 0, plan.out_rows - 1), c = std::clamp(pixel.x(), 0, plan.out_cols - 1);
  const double u_row = plan_centre(plan.rows, r), u_col = plan_centre(plan.cols, c);
  for (const rl::Method m : {rl::Method::Nearest, rl::Method::Bilinear, rl::Method::Bicubic})
    out.push_back(rl::surface_grid(source, m, plan.boundary, std::clamp(channel, 0, source.channels() - 1),
                                   u_row, u_col, 12, per_pixel));
  return out;
}

}  // namespace rl::ui
