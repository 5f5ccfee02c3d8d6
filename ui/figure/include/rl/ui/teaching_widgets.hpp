// The teaching docks: the sampling explainer, the frequency response and the line profile, each a
// few controls over a canvas that paints the shared routines of teaching_plots.hpp.
#pragma once

#include <QLineF>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/ui/teaching_plots.hpp"

class QCheckBox;
class QComboBox;
class QVBoxLayout;

namespace rl::ui {

// The docks' layout on `w`: no margins, tight spacing.
QVBoxLayout* plain_dock_layout(QWidget* w);

// A widget that paints with a function of (painter, rectangle) and remembers the legend's box.
class PlotCanvas : public QWidget {
  Q_OBJECT
 public:
  using Painter = std::function<QRectF(QPainter&, const QRectF&)>;
  explicit PlotCanvas(Painter painter, QWidget* parent = nullptr);
  static constexpr int kMargin = 4;  // the painter's rectangle lies this far in from each edge
  QRectF legend_rect() const { return legend_; }
  QSize sizeHint() const override { return {420, 300}; }
  QSize minimumSizeHint() const override { return {200, 160}; }

 signals:
  void hovered(QPointF pos);  // widget coordinates
  void left();

 protected:
  void paintEvent(QPaintEvent*) override;
  void mouseMoveEvent(QMouseEvent*) override;
  void leaveEvent(QEvent*) override;

 private:
  Painter painter_;
  QRectF legend_;
};

class FrequencyResponseWidget : public QWidget {
  Q_OBJECT
 public:
  explicit FrequencyResponseWidget(QWidget* parent = nullptr);
  void set_plans(QList<NamedPlan> plans);
  void set_axis(rl::Axis a);
  void set_db(bool on);
  rl::Axis axis() const { return axis_; }
  bool db() const { return db_; }
  const QList<NamedPlan>& plans() const { return plans_; }
  PlotCanvas* canvas() const { return canvas_; }

 private:
  QList<NamedPlan> plans_;
  rl::Axis axis_ = rl::Axis::Cols;
  bool db_ = false;
  QComboBox* axis_box_ = nullptr;
  QCheckBox* db_box_ = nullptr;
  PlotCanvas* canvas_ = nullptr;
};

class SamplingWidget : public QWidget {
  Q_OBJECT
 public:
  enum class Signal { Image, Step, Impulse, Chirp };
  explicit SamplingWidget(QWidget* parent = nullptr);
  void set_plans(QList<NamedPlan> plans);
  void set_source(std::shared_ptr<const rl::Image> source);
  void set_pixel(int out_row, int out_col);
  void set_axis(rl::Axis a);  // Cols: the row through the pixel; Rows: the column
  void set_signal(Signal s);
  void set_channel(int c);
  // What the canvas draws now (empty when there is nothing to show).
  SamplingInput input() const;
  SamplingData data() const { return sampling_data(plans_, input()); }
  const QList<NamedPlan>& plans() const { return plans_; }
  PlotCanvas* canvas() const { return canvas_; }
  // The plot's frame in the canvas and its title in full (in the canvas's tooltip too), as last painted.
  QRectF plot_area() const { return area_; }
  QString title() const { return title_; }

 protected:
  void resizeEvent(QResizeEvent* e) override;

 private:
  // The canvas asks for the height that keeps the plot readable at its width.
  void update_minimum();
  QList<NamedPlan> plans_;
  std::shared_ptr<const rl::Image> source_;
  QRectF area_;
  QString title_;
  int row_ = -1, col_ = -1, channel_ = 0;
  rl::Axis axis_ = rl::Axis::Cols;
  Signal signal_ = Signal::Image;
  QComboBox* axis_box_ = nullptr;
  QComboBox* signal_box_ = nullptr;
  QComboBox* channel_box_ = nullptr;
  PlotCanvas* canvas_ = nullptr;
};

class LineProfileWidget : public QWidget {
  Q_OBJECT
 public:
  explicit LineProfileWidget(QWidget* parent = nullptr);
  void set_panes(QList<ProfilePane> panes);
  // The line in source coordinates (x = column, y = row; pixel centres at integers).
  void set_line(std::optional<QLineF> line);
  void set_channel(int c);  // -1: luminance
  void set_cursor(std::optional<double> t);
  std::optional<QLineF> line() const { return line_; }
  // Each pane's profile: the line mapped into its output (rl::output_position) and sampled there.
  QList<NamedProfile> profiles() const;
  PlotCanvas* canvas() const { return canvas_; }

 private:
  QList<ProfilePane> panes_;
  std::optional<QLineF> line_;
  std::optional<double> cursor_;
  int channel_ = -1;
  QComboBox* channel_box_ = nullptr;
  PlotCanvas* canvas_ = nullptr;
  QRectF area_;  // the plot area of the last paint, for the cursor
};

}  // namespace rl::ui
