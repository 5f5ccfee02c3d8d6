// The docks of the three 2-D teaching pictures (coordinate mapping, tap window, surface): a few
// controls over a canvas that paints the routines the exported figures use (teaching_pictures.hpp).
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "rl/image.hpp"
#include "rl/ui/teaching_pictures.hpp"
#include "rl/ui/teaching_widgets.hpp"

class QCheckBox;

namespace rl::ui {

// The output pixel a picture explains: the one set, else the centre of `plan`'s output.
QPoint picture_pixel(const rl::Plan& plan, int row, int col);

class MappingWidget : public QWidget {
  Q_OBJECT
 public:
  explicit MappingWidget(QWidget* parent = nullptr);
  void set_plan(std::shared_ptr<const rl::Plan> plan);
  void set_pixel(int out_row, int out_col);
  // MATLAB's half-pixel mapping and each convention ticked (align_corners=True by default).
  void show_convention(rl::MappingConvention c, bool on);
  std::vector<rl::MappingConvention> conventions() const;
  QPoint pixel() const;  // x = column, y = row
  PlotCanvas* canvas() const { return canvas_; }

 private:
  std::shared_ptr<const rl::Plan> plan_;
  int row_ = -1, col_ = -1;
  std::vector<QCheckBox*> boxes_;  // one per convention after MATLAB's
  PlotCanvas* canvas_ = nullptr;
};

class WindowWidget : public QWidget {
  Q_OBJECT
 public:
  explicit WindowWidget(QWidget* parent = nullptr);
  void set_plans(QList<NamedPlan> plans);
  void set_source(std::shared_ptr<const rl::Image> source);
  void set_pixel(int out_row, int out_col);
  QList<NamedWindow> windows() const;  // what the canvas draws now
  PlotCanvas* canvas() const { return canvas_; }

 private:
  QList<NamedPlan> plans_;
  std::shared_ptr<const rl::Image> source_;
  int row_ = -1, col_ = -1;
  PlotCanvas* canvas_ = nullptr;
};

// Dragging on the canvas turns the 3-D views: horizontally the azimuth, vertically the elevation.
class SurfaceWidget : public QWidget {
  Q_OBJECT
 public:
  explicit SurfaceWidget(QWidget* parent = nullptr);
  void set_plan(std::shared_ptr<const rl::Plan> plan);  // the reference pane's: pixel mapping, boundary
  void set_source(std::shared_ptr<const rl::Image> source);
  void set_pixel(int out_row, int out_col);
  void set_view(SurfaceView v);
  SurfaceView view() const { return view_; }
  const std::vector<rl::Surface>& surfaces() const { return surfaces_; }
  PlotCanvas* canvas() const { return canvas_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void recompute();
  std::shared_ptr<const rl::Plan> plan_;
  std::shared_ptr<const rl::Image> source_;
  int row_ = -1, col_ = -1;
  SurfaceView view_;
  std::vector<rl::Surface> surfaces_;
  std::optional<QPointF> mark_;
  double level_ = 1.0;  // one level of the source's class (the height scale's floor)
  QPointF drag_from_;
  bool dragging_ = false;
  PlotCanvas* canvas_ = nullptr;
};

}  // namespace rl::ui
