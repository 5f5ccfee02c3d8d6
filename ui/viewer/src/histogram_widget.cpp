// HistogramWidget: each channel's histogram of an image or a part of it, made on a worker thread
// (QtConcurrent) and drawn as one curve per channel, or the channel chosen.
#include "rl/ui/histogram_widget.hpp"

#include <QComboBox>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

#include "rl/parallel.hpp"

namespace rl::ui {

QStringList channel_names(int channels) {
  switch (channels) {
    case 1: return {QStringLiteral("grey")};
    case 2: return {QStringLiteral("grey"), QStringLiteral("alpha")};
    case 3: return {QStringLiteral("R"), QStringLiteral("G"), QStringLiteral("B")};
    case 4: return {QStringLiteral("R"), QStringLiteral("G"), QStringLiteral("B"), QStringLiteral("alpha")};
    default: {
      QStringList out;
      for (int c = 0; c < channels; ++c) out << QStringLiteral("channel %1").arg(c + 1);
      return out;
    }
  }
}

int histogram_bin(double v, double lo, double hi, int bins) {
  // In halves: hi - lo overflows to infinity for a range over DBL_MAX (float64 near -1.7e308..1.7e308),
  // and their halves' difference does not. An empty range (hi == lo, as for lo + 1 == lo at 1e300) and
  // a value that is not finite fall in the first bin: nothing not finite reaches the conversion to int.
  const double span = hi / 2 - lo / 2;
  const double t = span > 0 ? (v / 2 - lo / 2) / span * bins : 0.0;
  if (!(t >= 0)) return 0;
  return t < bins ? static_cast<int>(t) : bins - 1;
}

Histogram histogram_of(const Image& img, const QRect& part, int bins) {
  const QRect whole(0, 0, img.cols(), img.rows());
  const QRect r = part.isEmpty() ? whole : part.intersected(whole);
  Histogram h;
  const int ch = img.channels();
  h.names = channel_names(ch);
  h.counts.assign(static_cast<std::size_t>(ch),
                  std::vector<std::uint64_t>(static_cast<std::size_t>(bins), 0));
  if (r.isEmpty()) return h;
  std::vector<double> row(static_cast<std::size_t>(r.width()) * ch);
  const auto read_row = [&](int y) {
    read_as_double(img, static_cast<std::size_t>(y) * img.row_stride() + static_cast<std::size_t>(r.x()) * ch,
                   row.size(), row.data());
  };
  if (img.type() == ElemType::U8) {
    h.hi = 255;
  } else if (img.type() == ElemType::U16) {
    h.hi = 65535;
  } else {  // the finite range of the part
    double lo = INFINITY, hi = -INFINITY;
    for (int y = r.top(); y <= r.bottom(); ++y) {
      read_row(y);
      for (const double v : row)
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
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!std::isfinite(row[i])) {
        ++h.non_finite;
        continue;
      }
      ++h.counts[i % static_cast<std::size_t>(ch)]
                [static_cast<std::size_t>(histogram_bin(row[i], h.lo, h.hi, bins))];
    }
  }
  h.pixels = static_cast<std::uint64_t>(r.width()) * static_cast<std::uint64_t>(r.height());
  return h;
}

HistogramWidget::HistogramWidget(QWidget* parent) : QWidget(parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(4, 2, 4, 2);
  channel_ = new QComboBox;
  channel_->setObjectName(QStringLiteral("histogramChannel"));
  channel_->addItem(QStringLiteral("every channel"), -1);
  channel_->setToolTip(QStringLiteral("The channel whose histogram is drawn"));
  connect(channel_, &QComboBox::currentIndexChanged, this, [this]() { update(); });
  v->addWidget(channel_);
  v->addStretch(1);
}

void HistogramWidget::set_channel(int channel) {
  channel_->setCurrentIndex(std::max(0, channel_->findData(channel)));
}

void HistogramWidget::set_image(std::shared_ptr<const Image> img, const QRect& part, const QString& label) {
  if (img == image_ && part == part_) return;
  image_ = std::move(img);
  part_ = part;
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
    const int chosen = channel_->currentData().toInt();
    const QSignalBlocker block(channel_);
    channel_->clear();
    channel_->addItem(QStringLiteral("every channel"), -1);
    for (int c = 0; c < histogram_->names.size(); ++c) channel_->addItem(histogram_->names[c], c);
    channel_->setCurrentIndex(std::max(0, channel_->findData(chosen)));
    update();
  });
  watcher->setFuture(QtConcurrent::run([img = image_, part]() { return histogram_of(*img, part); }));
}

void HistogramWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::white);
  const QFontMetrics fm(font());
  const QRectF area =
      QRectF(rect()).adjusted(6, channel_->geometry().bottom() + 6 + fm.height(), -6, -6 - fm.height());
  p.setPen(Qt::black);
  const QRectF head(6, channel_->geometry().bottom() + 3, width() - 12, fm.height());
  if (!histogram_ || computing_) {
    p.drawText(
        head, Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(computing_ ? QStringLiteral("computing the histogram of %1…").arg(label_)
                                 : QStringLiteral("Hover over a pane: its histogram (or its region's)"),
                      Qt::ElideRight, static_cast<int>(head.width())));
    return;
  }
  const Histogram& h = *histogram_;
  p.drawText(
      head, Qt::AlignLeft | Qt::AlignVCenter,
      fm.elidedText(
          QStringLiteral("%1: %2 px%3")
              .arg(label_)
              .arg(h.pixels)
              .arg(h.non_finite ? QStringLiteral(", %1 non-finite left out").arg(h.non_finite) : QString()),
          Qt::ElideRight, static_cast<int>(head.width())));
  const int chosen = channel_->currentData().toInt();
  std::uint64_t top = 1;
  for (int c = 0; c < static_cast<int>(h.counts.size()); ++c)
    if (chosen < 0 || chosen == c)
      for (const std::uint64_t n : h.counts[static_cast<std::size_t>(c)]) top = std::max(top, n);
  p.setPen(QColor(200, 200, 200));
  p.drawRect(area);
  const auto colour = [&](int c) {
    const QString& n = h.names.value(c);
    return n == QLatin1String("R")       ? QColor(214, 39, 40)
           : n == QLatin1String("G")     ? QColor(44, 160, 44)
           : n == QLatin1String("B")     ? QColor(31, 119, 180)
           : n == QLatin1String("alpha") ? QColor(150, 150, 150)
                                         : QColor(0, 0, 0);
  };
  p.setRenderHint(QPainter::Antialiasing);
  for (int c = 0; c < static_cast<int>(h.counts.size()); ++c) {
    if (chosen >= 0 && chosen != c) continue;
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
