// The worked example panel: both passes of one output pixel, number by number, from
// rl::make_worked_example (the resizer's own arithmetic).
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/worked_example.hpp"

class QPlainTextEdit;

namespace rl::ui {

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
  QString text() const;
  QSize sizeHint() const override { return {520, 360}; }

 private:
  void refresh();
  std::shared_ptr<const rl::Plan> plan_;
  std::shared_ptr<const rl::Image> source_;
  QString label_;
  int row_ = 0, col_ = 0, channel_ = 0;
  std::optional<rl::WorkedExample> example_;
  QPlainTextEdit* view_ = nullptr;
};

}  // namespace rl::ui
