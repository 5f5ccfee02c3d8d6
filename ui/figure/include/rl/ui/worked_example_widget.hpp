// The worked example panel: both passes of one output pixel, number by number, from
// rl::make_worked_example (the resizer's own arithmetic), drawn as cells; "Copy as text" gives the
// plain-text form.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/worked_example.hpp"

class QScrollArea;

namespace rl::ui {

class WorkedCells;

class WorkedExampleWidget : public QWidget {
  Q_OBJECT
 public:
  explicit WorkedExampleWidget(QWidget* parent = nullptr);
  void set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label);
  void set_source(std::shared_ptr<const rl::Image> source);
  void set_pixel(int out_row, int out_col);
  void set_channel(int channel);
  // The example shown, if the plan, source and pixel fit together.
  const std::optional<rl::WorkedExample>& example() const { return example_; }
  // The plain-text form (rl::to_text), or the message shown when there is no example.
  QString text() const { return text_; }
  QString title() const;
  const std::shared_ptr<const rl::Plan>& plan() const { return plan_; }
  // The width the cells are laid out to (the view never scrolls sideways).
  int cells_width() const;
  QSize sizeHint() const override { return {420, 360}; }

 protected:
  void resizeEvent(QResizeEvent*) override;

 private:
  void refresh();
  std::shared_ptr<const rl::Plan> plan_;
  std::shared_ptr<const rl::Image> source_;
  QString label_;
  int row_ = 0, col_ = 0, channel_ = 0;
  std::optional<rl::WorkedExample> example_;
  QString text_;
  QScrollArea* scroll_ = nullptr;
  WorkedCells* cells_ = nullptr;
};

}  // namespace rl::ui
