// Drawing of one comparison pane (nearest-neighbour magnification, grid, values, wipe) and the
// mouse gestures that drive the shared view.
#include "rl/ui/pane_view.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <vector>

#include "rl/ui/colormap.hpp"
#include "rl/ui/view_state.hpp"

namespace rl::ui {

namespace {
constexpr double kGridFrom = 8.0;  // screen px per output pixel before the grid appears
constexpr double kSplitGrab = 6.0;

QString format_value(double v, ElemType t) {
  if (is_integer(t)) return QString::number(static_cast<long long>(v));
  if (!std::isfinite(v)) return non_finite_name(v);
  return QString::number(v, 'f', 3);
}
}  // namespace

PaneView::PaneView(ViewState* view, QWidget* parent) : QWidget(parent), view_(view) {
  setMouseTracking(true);
  setMinimumSize(120, 90);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setFocusPolicy(Qt::ClickFocus);
  connect(view_, &ViewState::changed, this, qOverload<>(&QWidget::update));
}

void PaneView::set_image(std::shared_ptr<const Picture> picture, std::shared_ptr<const Image> values) {
  display_ = std::move(picture);
  values_ = std::move(values);
  update();
}

void PaneView::set_second(std::shared_ptr<const Picture> picture2, std::shared_ptr<const Image> values2,
                          const QString& label_a, const QString& label_b) {
  display2_ = std::move(picture2);
  values2_ = std::move(values2);
  label_a_ = label_a;
  label_b_ = label_b;
  update();
}

void PaneView::set_message(const QString& m) {
  message_ = m;
  update();
}

void PaneView::set_grid(bool on) {
  grid_ = on;
  update();
}

void PaneView::set_value_channel(ViewChannel v) {
  if (v == value_channel_) return;
  value_channel_ = v;
  update();
}

void PaneView::set_hover(std::optional<QPointF> src) {
  hover_ = src;
  update();
}

void PaneView::set_split(double fraction) {
  split_ = std::clamp(fraction, 0.0, 1.0);
  update();
}

double PaneView::sx() const {
  const double w = view_->source_size().width();
  return !display_ || w <= 0 ? 1.0 : display_->width() / w;
}

double PaneView::sy() const {
  const double h = view_->source_size().height();
  return !display_ || h <= 0 ? 1.0 : display_->height() / h;
}

double PaneView::pixel_size() const { return view_->zoom() / sx(); }

QPointF PaneView::to_source(QPointF p) const {
  return view_->center() + (p - QPointF(width() / 2.0, height() / 2.0)) / view_->zoom();
}

QPointF PaneView::to_widget(QPointF src) const {
  return (src - view_->center()) * view_->zoom() + QPointF(width() / 2.0, height() / 2.0);
}

QPoint PaneView::output_pixel(QPointF src) const {
  return {static_cast<int>(std::floor(src.x() * sx())), static_cast<int>(std::floor(src.y() * sy()))};
}

void PaneView::draw_layer(QPainter& p, const Picture& pic, const Image* values) {
  const double fx = pic.width() / view_->source_size().width();
  const double fy = pic.height() / view_->source_size().height();
  const QPointF tl = to_source(QPointF(0, 0)), br = to_source(QPointF(width(), height()));
  const int c0 = std::max(0, static_cast<int>(std::floor(tl.x() * fx)));
  const int r0 = std::max(0, static_cast<int>(std::floor(tl.y() * fy)));
  const int c1 = std::min(pic.width(), static_cast<int>(std::ceil(br.x() * fx)));
  const int r1 = std::min(pic.height(), static_cast<int>(std::ceil(br.y() * fy)));
  if (c1 <= c0 || r1 <= r0) return;
  const double px = view_->zoom() / fx, py = view_->zoom() / fy;  // screen px per output pixel
  const QPointF o = to_widget(QPointF(c0 / fx, r0 / fy));
  const QRectF target(o.x(), o.y(), (c1 - c0) * px, (r1 - r0) * py);
  const int k = pic.levels().level_for(std::max(px, py));
  if (k > 0) {
    // Shown smaller than 1/2: the level whose pixels are just below a screen pixel, sampled (its
    // pixels are averages already). Not SmoothPixmapTransform: Qt's raster engine splits a smooth
    // scale into tasks on its own thread pool and the GUI thread waits for them, behind whatever
    // else runs, tens of milliseconds while the panes compute.
    const QImage& lv = pic.levels().level(k);
    const double kx = static_cast<double>(lv.width()) / pic.width();
    const double ky = static_cast<double>(lv.height()) / pic.height();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(target, lv, QRectF(c0 * kx, r0 * ky, (c1 - c0) * kx, (r1 - r0) * ky));
    return;  // no grid or values at this zoom
  }
  // Without SmoothPixmapTransform the raster engine samples nearest: pixels stay square. The
  // full-resolution pixels of the part shown (made now if the picture makes them on demand).
  const Picture::Part part = pic.full(QRect(c0, r0, c1 - c0, r1 - r0));
  if (part.image.isNull()) return;
  const QImage& img = part.image;
  const QPoint at = part.origin;
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  p.drawImage(target, img, QRectF(c0 - at.x(), r0 - at.y(), c1 - c0, r1 - r0));

  if (grid_ && px >= kGridFrom && py >= kGridFrom) {
    p.setPen(QPen(QColor(128, 128, 128, 110), 1));
    for (int c = c0; c <= c1; ++c)
      p.drawLine(QPointF(o.x() + (c - c0) * px, o.y()),
                 QPointF(o.x() + (c - c0) * px, o.y() + (r1 - r0) * py));
    for (int r = r0; r <= r1; ++r)
      p.drawLine(QPointF(o.x(), o.y() + (r - r0) * py),
                 QPointF(o.x() + (c1 - c0) * px, o.y() + (r - r0) * py));
  }
  if (values && values->rows() == pic.height() && values->cols() == pic.width() && px >= kValuesFrom &&
      py >= kValuesFrom) {
    // What the view shows: the one channel or Y it shows (view_value, the Histogram dock's rule), else
    // every channel (four at most).
    const int channels = values->channels();
    const bool integer = !is_floating(values->type());
    std::vector<double> pixel(static_cast<std::size_t>(channels));
    const bool one = channels > 0 && view_value(pixel.data(), channels, value_channel_, integer).has_value();
    const int ch = one ? 1 : std::min(channels, 4);
    QFont f = font();
    f.setPixelSize(std::clamp(static_cast<int>(py / (ch + 1.5)), 7, 16));
    p.setFont(f);
    for (int r = r0; r < r1; ++r)
      for (int c = c0; c < c1; ++c) {
        const QRgb rgb = img.pixel(c - at.x(), r - at.y());
        const bool dark = qGray(rgb) < 128;
        p.setPen(dark ? QColor(255, 255, 255, 220) : QColor(0, 0, 0, 220));
        QStringList lines;
        for (int k = 0; k < channels; ++k) pixel[static_cast<std::size_t>(k)] = values->at(r, c, k);
        if (one)
          lines << format_value(*view_value(pixel.data(), channels, value_channel_, integer), values->type());
        else
          for (int k = 0; k < ch; ++k)
            lines << format_value(pixel[static_cast<std::size_t>(k)], values->type());
        p.drawText(QRectF(o.x() + (c - c0) * px, o.y() + (r - r0) * py, px, py), Qt::AlignCenter,
                   lines.join('\n'));
      }
  }
}

void PaneView::draw_tag(QPainter& p, const QRectF& box, Qt::Alignment align, const QString& s,
                        const QColor& back, const QColor& ink) {
  QFont f = font();
  f.setBold(true);
  p.setFont(f);
  // Elided to the box, so a narrow pane shows "showing: pane…" rather than a clipped word.
  const QString shown = p.fontMetrics().elidedText(s, Qt::ElideRight, static_cast<int>(box.width()) - 8);
  const QRectF text = p.boundingRect(box, static_cast<int>(align | Qt::AlignVCenter), shown);
  p.fillRect(text.adjusted(-4, -1, 4, 1), back);
  p.setPen(ink);
  p.drawText(box, align | Qt::AlignVCenter, shown);
}

void PaneView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), QColor(48, 48, 52));
  if (!display_) {
    p.setPen(QColor(220, 220, 220));
    p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, message_);
    return;
  }
  draw_layer(p, *display_, values_.get());
  if (display2_) {
    const double x = split_ * width();
    p.save();
    p.setClipRect(QRectF(x, 0, width() - x, height()));
    p.fillRect(rect(), QColor(48, 48, 52));
    draw_layer(p, *display2_, values2_.get());
    p.restore();
    p.setPen(QPen(QColor(255, 210, 0), 2));
    p.drawLine(QPointF(x, 0), QPointF(x, height()));
    draw_tag(p, QRectF(6, 6, x - 12, 20), Qt::AlignRight, label_a_, QColor(0, 0, 0, 150), Qt::white);
    draw_tag(p, QRectF(x + 6, 6, width() - x - 12, 20), Qt::AlignLeft, label_b_, QColor(0, 0, 0, 150),
             Qt::white);
  }
  if (profile_line_) {
    // The line profile's line: a light line on a dark one, so it shows on any image.
    const QPointF a = to_widget(profile_line_->p1()), b = to_widget(profile_line_->p2());
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(QColor(0, 0, 0, 180), 4, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(a, b);
    p.setPen(QPen(QColor(255, 220, 0), 2, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(a, b);
    p.setBrush(QColor(255, 220, 0));
    p.drawEllipse(a, 3, 3);
    p.setRenderHint(QPainter::Antialiasing, false);
  }
  if (region_) {
    // The statistics region: a light outline on a dark one, so it shows on any image.
    const QRectF r(to_widget(region_->topLeft()), to_widget(region_->bottomRight()));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(0, 0, 0, 180), 3));
    p.drawRect(r);
    p.setPen(QPen(QColor(90, 255, 140), 1, Qt::DashLine));
    p.drawRect(r);
  }
  if (hover_) {
    // Outline the output pixel under the cursor, in this pane's own pixel grid.
    const QPoint op = output_pixel(*hover_);
    const QPointF a = to_widget(QPointF(op.x() / sx(), op.y() / sy()));
    const QPointF b = to_widget(QPointF((op.x() + 1) / sx(), (op.y() + 1) / sy()));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(0, 255, 255), 1));
    p.drawRect(QRectF(a, b));
  }
  // Last, over the outlines: which image the A/B flicker shows here.
  if (!tag_.isEmpty())
    draw_tag(p, QRectF(6, 6, width() - 12, 20), Qt::AlignLeft, tag_, QColor(255, 210, 0), Qt::black);
}

void PaneView::set_profile_line(std::optional<QLineF> src) {
  profile_line_ = src;
  update();
}

void PaneView::set_tag(const QString& tag) {
  if (tag == tag_) return;
  tag_ = tag;
  update();
}

void PaneView::set_region(std::optional<QRectF> src) {
  region_ = src;
  update();
}

void PaneView::resizeEvent(QResizeEvent*) {
  if (defines_viewport_) view_->set_viewport(QSizeF(size()));
}

void PaneView::wheelEvent(QWheelEvent* e) {
  const double steps = e->angleDelta().y() / 120.0;
  if (steps == 0) return;
  view_->zoom_about(std::pow(1.25, steps), to_source(e->position()));
  e->accept();
}

void PaneView::mousePressEvent(QMouseEvent* e) {
  if (e->button() != Qt::LeftButton) return;
  last_pos_ = press_pos_ = e->position();
  if (e->modifiers() & Qt::ControlModifier) {
    drag_ = Drag::Region;
    drag_start_ = to_source(e->position());
    setCursor(Qt::CrossCursor);
    return;
  }
  if (line_tool_ || (e->modifiers() & Qt::ShiftModifier)) {
    drag_ = Drag::Line;
    drag_start_ = to_source(e->position());
    setCursor(Qt::CrossCursor);
    return;
  }
  drag_ = display2_ && std::abs(e->position().x() - split_ * width()) <= kSplitGrab ? Drag::Split : Drag::Pan;
  setCursor(drag_ == Drag::Split ? Qt::SplitHCursor : Qt::ClosedHandCursor);
}

void PaneView::mouseMoveEvent(QMouseEvent* e) {
  if (drag_ == Drag::Line) {
    emit line_drawn(QLineF(drag_start_, to_source(e->position())), false);
  } else if (drag_ == Drag::Region) {
    emit region_drawn(QRectF(drag_start_, to_source(e->position())).normalized(), false);
  } else if (drag_ == Drag::Pan) {
    view_->pan_screen(e->position() - last_pos_);
  } else if (drag_ == Drag::Split) {
    set_split(e->position().x() / std::max(1, width()));
  } else if (display2_) {
    setCursor(std::abs(e->position().x() - split_ * width()) <= kSplitGrab ? Qt::SplitHCursor
                                                                           : Qt::CrossCursor);
  } else {
    setCursor(Qt::CrossCursor);
  }
  last_pos_ = e->position();
  emit hovered(to_source(e->position()));
}

void PaneView::mouseReleaseEvent(QMouseEvent* e) {
  const QPointF moved = e->position() - press_pos_;
  if (drag_ == Drag::Line) {
    drag_ = Drag::None;
    emit line_drawn(QLineF(drag_start_, to_source(e->position())), true);
    return;
  }
  if (drag_ == Drag::Region) {
    drag_ = Drag::None;
    // A Ctrl+click that did not drag: an empty rectangle, which clears the region.
    const bool dragged = std::abs(moved.x()) + std::abs(moved.y()) >= 4;
    emit region_drawn(dragged ? QRectF(drag_start_, to_source(e->position())).normalized() : QRectF(), true);
    return;
  }
  if (drag_ == Drag::Pan && e->button() == Qt::LeftButton && std::abs(moved.x()) + std::abs(moved.y()) < 4)
    emit clicked(to_source(e->position()));
  drag_ = Drag::None;
  setCursor(Qt::CrossCursor);
}

void PaneView::mouseDoubleClickEvent(QMouseEvent*) { view_->fit(); }

void PaneView::leaveEvent(QEvent*) { emit left_view(); }

}  // namespace rl::ui
