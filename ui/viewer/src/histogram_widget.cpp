// HistogramWidget: the histogram of each channel the view shows of an image or a part of it, made on a
// worker thread (QtConcurrent) and drawn as one curve per channel.
#include "rl/ui/histogram_widget.hpp"

#include <QPainter>
#include <QPainterPath>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

#include "rl/parallel.hpp"

namespace rl::ui {

int histogram_bin(double v, double lo, double hi, int bins) {
  // In halves: hi - lo overflows to infinity for a range over DBL_MAX (float64 near -1.7e308..1.7e308),
  // and their halves' difference does not. An empty range (hi == lo, as for lo + 1 == lo at 1e300) and
  // a value that is not finite fall in the first bin: nothing not finite reaches the conversion to int.
  const double span = hi / 2 - lo / 2;
  const double t = span > 0 ? (v / 2 - lo / 2) / span * bins : 0.0;
  if (!(t >= 0)) return 0;
  return t < bins ? static_cast<int>(t) : bins - 1;
}

Histogram histogram_of(const Image& img, const QRect& part, int bins, ViewChannel view) {
  const QRect whole(0, 0, img.cols(), img.rows());
  const QRect r = part.isEmpty() ? whole : part.intersected(whole);
  Histogram h;
  const int ch = img.channels();
  const int picked = view_channel_index(view, ch);  // R, G, B, alpha: the channel shown
  if (view == ViewChannel::All)
    h.names = channel_names(ch);
  else if (view == ViewChannel::Y)
    h.names = {QStringLiteral("Y")};
  else if (picked >= 0)
    h.names = {channel_names(ch).value(picked)};
  const int n = static_cast<int>(h.names.size());  // the channels counted
  h.counts.assign(static_cast<std::size_t>(n), std::vector<std::uint64_t>(static_cast<std::size_t>(bins), 0));
  if (r.isEmpty() || n == 0) return h;
  const bool integer = !is_floating(img.type());
  std::vector<double> row(static_cast<std::size_t>(r.width()) * ch);
  std::vector<double> vals(static_cast<std::size_t>(r.width()) * n);
  // Row y's counted values, pixel by pixel.
  const auto read_row = [&](int y) {
    read_as_double(img, static_cast<std::size_t>(y) * img.row_stride() + static_cast<std::size_t>(r.x()) * ch,
                   row.size(), row.data());
    if (view == ViewChannel::All) {
      vals = row;
      return;
    }
    for (std::size_t x = 0; x < static_cast<std::size_t>(r.width()); ++x)
      vals[x] = *view_value(row.data() + x * ch, ch, view, integer);
  };
  if (img.type() == ElemType::U8) {
    h.hi = 255;
  } else if (img.type() == ElemType::U16) {
    h.hi = 65535;
  } else {  // the finite range of the part
    double lo = INFINITY, hi = -INFINITY;
    for (int y = r.top(); y <= r.bottom(); ++y) {
      read_row(y);
      for (const double v : vals)
        if (std::isfinite(v)) {
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
    }
    h.lo = std::isfinite(lo) ? lo : 0.0;
    h.hi = std::isfinite(hi) && hi > h.lo ? hi : h.lo + 1.0;
  }
  for (int y = r.top(); y <= r.bottom(); ++y) {
    read_row(y);
    for (std::size_t i = 0; i < vals.size(); ++i) {
      if (!std::isfinite(vals[i])) {
        ++h.non_finite;
        continue;
      }
      ++h.counts[i % static_cast<std::size_t>(n)]
                [static_cast<std::size_t>(histogram_bin(vals[i], h.lo, h.hi, bins))];
    }
  }
  h.pixels = static_cast<std::uint64_t>(r.width()) * static_cast<std::uint64_t>(r.height());
  return h;
}

HistogramWidget::HistogramWidget(QWidget* parent) : QWidget(parent) {
  setToolTip(QStringLiteral("The channels the view shows (Display > Channel), of the pane under the mouse"));
}

void HistogramWidget::set_image(std::shared_ptr<const Image> img, const QRect& part, const QString& label,
                                ViewChannel view) {
  if (img == image_ && part == part_ && view == view_ && !waiting_) {
    if (label != label_) {  // the same counts, named anew (a pane moved to another place)
      label_ = label;
      update();
    }
    return;
  }
  waiting_ = false;
  image_ = std::move(img);
  part_ = part;
  view_ = view;
  label_ = label;
  const std::uint64_t generation = ++generation_;
  if (!image_) {
    histogram_.reset();
    computing_ = false;
    update();
    return;
  }
  computing_ = true;
  update();
  // A watcher per run: the latest one's result is kept, an earlier one's dropped. The run holds its
  // own reference to the image.
  auto* watcher = new QFutureWatcher<Histogram>(this);
  connect(watcher, &QFutureWatcher<Histogram>::finished, this, [this, watcher, generation]() {
    watcher->deleteLater();
    if (generation != generation_) return;
    histogram_ = watcher->result();
    computing_ = false;
    update();
  });
  watcher->setFuture(
      QtConcurrent::run([img = image_, part, view]() { return histogram_of(*img, part, 256, view); }));
}

void HistogramWidget::set_waiting(const QString& label) {
  if (waiting_ && label == label_) return;
  waiting_ = true;
  label_ = label;
  image_.reset();  // the result that comes is counted, even when it is the same image
  histogram_.reset();
  computing_ = false;
  ++generation_;  // a count on its way is of the values being replaced
  update();
}

void HistogramWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::white);
  const QFontMetrics fm(font());
  // Two lines over the plot: what is counted, then the curves' names in their colours.
  const QRectF head(6, 3, width() - 12, fm.height());
  const QRectF legend = head.translated(0, fm.height());
  const QRectF area = QRectF(rect()).adjusted(6, legend.bottom() + 3, -6, -6 - fm.height());
  p.setPen(Qt::black);
  const auto line = [&](const QRectF& at, const QString& text) {
    p.drawText(at, Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(text, Qt::ElideRight, static_cast<int>(at.width())));
  };
  if (!histogram_ || computing_) {
    line(head, waiting_     ? QStringLiteral("%1: waiting\u2026 (its new result is being made)").arg(label_)
               : computing_ ? QStringLiteral("computing the histogram of %1…").arg(label_)
                            : QStringLiteral("Hover over a pane: its histogram (or its region's)"));
    return;
  }
  const Histogram& h = *histogram_;
  line(head,
       QStringLiteral("%1: %2 px%3")
           .arg(label_)
           .arg(h.pixels)
           .arg(h.non_finite ? QStringLiteral(", %1 non-finite left out").arg(h.non_finite) : QString()));
  if (h.names.isEmpty()) {
    line(legend, QStringLiteral("The view shows alpha: this image has none"));
    return;
  }
  const auto colour = [&](int c) {
    const QString& n = h.names.value(c);
    return n == QLatin1String("R")       ? QColor(214, 39, 40)
           : n == QLatin1String("G")     ? QColor(44, 160, 44)
           : n == QLatin1String("B")     ? QColor(31, 119, 180)
           : n == QLatin1String("alpha") ? QColor(150, 150, 150)
                                         : QColor(0, 0, 0);
  };
  const QString shown = QStringLiteral("channels the view shows:");
  line(legend, shown);
  qreal x = legend.left() + fm.horizontalAdvance(shown);
  for (int c = 0; c < h.names.size(); ++c) {
    p.setPen(colour(c));
    const QString name = QStringLiteral(" ") + h.names[c];
    p.drawText(QRectF(x, legend.top(), legend.right() - x, legend.height()), Qt::AlignLeft | Qt::AlignVCenter,
               name);
    x += fm.horizontalAdvance(name);
  }
  std::uint64_t top = 1;
  for (const auto& counts : h.counts)
    for (const std::uint64_t n : counts) top = std::max(top, n);
  p.setPen(QColor(200, 200, 200));
  p.drawRect(area);
  p.setRenderHint(QPainter::Antialiasing);
  for (int c = 0; c < static_cast<int>(h.counts.size()); ++c) {
    const auto& counts = h.counts[static_cast<std::size_t>(c)];
    QPainterPath path;
    for (std::size_t b = 0; b < counts.size(); ++b) {
      const QPointF pt(area.left() + area.width() * (b + 0.5) / counts.size(),
                       area.bottom() - area.height() * static_cast<double>(counts[b]) / top);
      b == 0 ? path.moveTo(pt) : path.lineTo(pt);
    }
    p.setPen(QPen(colour(c), 1.2));
    p.drawPath(path);
  }
  p.setPen(Qt::black);
  const QRectF foot(area.left(), area.bottom() + 2, area.width(), fm.height());
  p.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter, QString::number(h.lo, 'g', 6));
  p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter, QString::number(h.hi, 'g', 6));
  p.drawText(foot, Qt::AlignHCenter | Qt::AlignVCenter, QStringLiteral("peak %1 px").arg(top));
}

}  // namespace rl::ui
