// The inspector's HTML: values of the source and of each pane at one point, 0-based (row, col).
#include "rl/ui/inspector.hpp"

#include <QStringList>
#include <cmath>

#include "rl/ui/colormap.hpp"

namespace rl::ui {

namespace {

QString format_number(double v, ElemType t) {
  if (!std::isfinite(v)) return non_finite_name(v);
  return is_integer(t) ? QString::number(v, 'f', 0) : QString::number(v, 'g', 6);
}

QString values(const Image& img, int r, int c) {
  if (r < 0 || c < 0 || r >= img.rows() || c >= img.cols()) return QString("outside");
  QStringList v;
  for (int k = 0; k < img.channels(); ++k) v << format_number(img.at(r, c, k), img.type());
  return v.join(" ");
}

}  // namespace

QString inspector_html(const Document& doc, QPointF src, const std::function<QPoint(int)>& output_pixel,
                       const std::function<bool(int)>& pending) {
  const auto& source = doc.source();
  if (!source) return {};
  const QString waiting = QStringLiteral("waiting\u2026");
  const int sxp = static_cast<int>(std::floor(src.x())), syp = static_cast<int>(std::floor(src.y()));
  QString html = QString("<b>source</b><br>&nbsp;(%1, %2): %3")
                     .arg(syp)
                     .arg(sxp)
                     .arg(pending(-1) ? waiting : values(*source, syp, sxp));
  for (int i = 0; i < doc.pane_count(); ++i) {
    const PaneResult& r = doc.result(i);
    if (pending(i)) {  // its shown result and pixel grid are the old request's
      html += QString("<br><b>%1</b> %2<br>&nbsp;%3")
                  .arg(i + 1)
                  .arg(pane_label(doc.pane(i)).toHtmlEscaped(), waiting);
      continue;
    }
    if (!r.image) continue;
    const QPoint op = output_pixel(i);
    // A nudged pane's values where it is shown and compared (0 in the uncovered strip).
    const PaneDiff& d = doc.diff(i);
    const Image& shown = d.nudged ? *d.nudged : *r.image;
    html += QString("<br><b>%1</b> %2<br>&nbsp;(%3, %4): %5")
                .arg(i + 1)
                .arg(pane_label(doc.pane(i)).toHtmlEscaped())
                .arg(op.y())
                .arg(op.x())
                .arg(values(shown, op.y(), op.x()));
    // The map's value there, read from the kept map or made for that pixel alone (map_part).
    if (d.has_map() && doc.pane_step(i) == PaneStep::Comparing) {
      html += QString(" · Δ %1").arg(waiting);
    } else if (d.has_map()) {
      const Image delta = map_part(d, QRect(op, QSize(1, 1)));
      html += QString(" · Δ %1").arg(delta.empty() ? QString("outside") : values(delta, 0, 0));
    }
  }
  html += "<br><br><small>(row, col), 0-based, in each pane's own pixels</small>";
  return html;
}

Inspector::Inspector(QWidget* parent)
    : QLabel("Hover over a pane to read every pane's value at that point.", parent) {
  setWordWrap(true);
  setAlignment(Qt::AlignTop | Qt::AlignLeft);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setMinimumWidth(240);
}

}  // namespace rl::ui
