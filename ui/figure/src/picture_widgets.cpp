// The docks of the 2-D teaching pictures (see picture_widgets.hpp).
#include "rl/ui/picture_widgets.hpp"

#include <QCheckBox>
#include <QGridLayout>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <algorithm>

namespace rl::ui {
QPoint picture_pixel(const rl::Plan& plan, int row, int col) {
  return QPoint(std::clamp(col >= 0 ? col : plan.out_cols / 2, 0, plan.out_cols - 1),
                std::clamp(row >= 0 ? row : plan.out_rows / 2, 0, plan.out_rows - 1));
}

// ---- mapping ----

MappingWidget::MappingWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  // Two columns of toggles, so the dock stays narrow enough to share the window with the panes.
  auto* grid = new QGridLayout;
  grid->setContentsMargins(4, 2, 4, 0);
  grid->setHorizontalSpacing(12);
  grid->setVerticalSpacing(0);
  v->addLayout(grid);
  for (const rl::MappingConvention c : rl::mapping_conventions()) {
    if (c == rl::MappingConvention::Matlab) continue;
    auto* box = new QCheckBox(QString::fromStdString(rl::to_string(c)));
    box->setChecked(c == rl::MappingConvention::AlignCorners);
    box->setToolTip(tr("Mark where this convention puts each output pixel's centre, next to MATLAB's"));
    connect(box, &QCheckBox::toggled, this, [this]() { canvas_->update(); });
    const int i = static_cast<int>(boxes_.size());
    grid->addWidget(box, i / 2, i % 2);
    boxes_.push_back(box);
  }
  grid->setColumnStretch(2, 1);
  canvas_ = new PlotCanvas([this](QPainter& p, const QRectF& r) {
    if (!plan_) return QRectF();
    return paint_mapping_plot(p, r, *plan_, pixel(), conventions());
  });
  canvas_->setToolTip(
      tr("Grey: the input pixels, 1x1 squares with centres at integers. Dashed: the output pixels over the "
         "same square. Marks: each output centre in input coordinates; the ringed one is the hovered or "
         "locked pixel."));
  v->addWidget(canvas_, 1);
}

void MappingWidget::set_plan(std::shared_ptr<const rl::Plan> plan) {
  plan_ = std::move(plan);
  canvas_->update();
}

void MappingWidget::set_pixel(int out_row, int out_col) {
  row_ = out_row;
  col_ = out_col;
  canvas_->update();
}

void MappingWidget::show_convention(rl::MappingConvention c, bool on) {
  const auto& all = rl::mapping_conventions();
  const auto it = std::find(all.begin() + 1, all.end(), c);
  if (it != all.end()) boxes_[static_cast<std::size_t>(it - all.begin() - 1)]->setChecked(on);
}

std::vector<rl::MappingConvention> MappingWidget::conventions() const {
  std::vector<rl::MappingConvention> out = {rl::MappingConvention::Matlab};
  for (std::size_t i = 0; i < boxes_.size(); ++i)
    if (boxes_[i]->isChecked()) out.push_back(rl::mapping_conventions()[i + 1]);
  return out;
}

QPoint MappingWidget::pixel() const { return plan_ ? picture_pixel(*plan_, row_, col_) : QPoint(); }

// ---- window ----

WindowWidget::WindowWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  canvas_ =
      new PlotCanvas([this](QPainter& p, const QRectF& r) { return paint_window_plot(p, r, windows()); });
  canvas_->setToolTip(
      tr("Each pane's taps for the hovered or locked pixel: weight = row weight x column weight (the plan's "
         "tables). Hatched: taps outside the image, read from the mirrored or clamped pixel shown as a>b. "
         "Red cross: the continuous point u."));
  v->addWidget(canvas_, 1);
}

void WindowWidget::set_plans(QList<NamedPlan> plans) {
  plans_ = std::move(plans);
  canvas_->update();
}

void WindowWidget::set_source(std::shared_ptr<const rl::Image> source) {
  source_ = std::move(source);
  canvas_->update();
}

void WindowWidget::set_pixel(int out_row, int out_col) {
  row_ = out_row;
  col_ = out_col;
  canvas_->update();
}

QList<NamedWindow> WindowWidget::windows() const {
  for (const NamedPlan& np : plans_)
    if (np.second && source_) return tap_windows(plans_, *source_, picture_pixel(*np.second, row_, col_));
  return {};
}

// ---- surface ----

SurfaceWidget::SurfaceWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  canvas_ = new PlotCanvas([this](QPainter& p, const QRectF& r) {
    return paint_surface_plot(p, r, surfaces_, level_, view_, mark_);
  });
  canvas_->setToolTip(
      tr("The image as a height over the plane, rebuilt by each kernel without rounding. "
         "Drag to turn the 3-D views."));
  canvas_->installEventFilter(this);
  v->addWidget(canvas_, 1);
}

void SurfaceWidget::set_plan(std::shared_ptr<const rl::Plan> plan) {
  plan_ = std::move(plan);
  recompute();
}

void SurfaceWidget::set_source(std::shared_ptr<const rl::Image> source) {
  source_ = std::move(source);
  recompute();
}

void SurfaceWidget::set_pixel(int out_row, int out_col) {
  if (out_row == row_ && out_col == col_) return;
  row_ = out_row;
  col_ = out_col;
  recompute();
}

void SurfaceWidget::set_view(SurfaceView v) {
  view_ = {std::fmod(v.azimuth, 360.0), std::clamp(v.elevation, 5.0, 89.0)};
  canvas_->update();
}

void SurfaceWidget::recompute() {
  surfaces_.clear();
  mark_.reset();
  if (plan_ && source_) {
    const QPoint px = picture_pixel(*plan_, row_, col_);
    SurfacePicture pic = surface_picture(*source_, *plan_, px);  // the figure's, too
    surfaces_ = std::move(pic.surfaces);
    mark_ = pic.mark;
    level_ = pic.level;
  }
  canvas_->update();
}

bool SurfaceWidget::eventFilter(QObject* watched, QEvent* event) {
  if (watched == canvas_) {
    if (event->type() == QEvent::MouseButtonPress) {
      drag_from_ = static_cast<QMouseEvent*>(event)->position();
      dragging_ = true;
    } else if (event->type() == QEvent::MouseButtonRelease) {
      dragging_ = false;
    } else if (event->type() == QEvent::MouseMove && dragging_) {
      const QPointF at = static_cast<QMouseEvent*>(event)->position();
      const QPointF d = at - drag_from_;
      drag_from_ = at;
      set_view({view_.azimuth + d.x() * 0.5, view_.elevation + d.y() * 0.3});
    }
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace rl::ui
