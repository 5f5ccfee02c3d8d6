// WorkedExampleWidget: rl::to_text of the worked example in a read-only monospace view.
#include "rl/ui/worked_example_widget.hpp"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QVBoxLayout>
#include <algorithm>
#include <stdexcept>

namespace rl::ui {

WorkedExampleWidget::WorkedExampleWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  view_ = new QPlainTextEdit(this);
  view_->setReadOnly(true);
  view_->setLineWrapMode(QPlainTextEdit::NoWrap);
  view_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  layout->addWidget(view_);
  refresh();
}

void WorkedExampleWidget::set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label) {
  plan_ = std::move(plan);
  label_ = label;
  refresh();
}

void WorkedExampleWidget::set_source(std::shared_ptr<const rl::Image> source) {
  source_ = std::move(source);
  refresh();
}

void WorkedExampleWidget::set_pixel(int out_row, int out_col) {
  row_ = out_row;
  col_ = out_col;
  refresh();
}

void WorkedExampleWidget::set_channel(int channel) {
  channel_ = channel;
  refresh();
}

QString WorkedExampleWidget::text() const { return view_->toPlainText(); }

void WorkedExampleWidget::refresh() {
  example_.reset();
  if (!plan_ || !source_) {
    view_->setPlainText(tr("Hover over or click a result pixel to see how it is computed."));
    return;
  }
  try {
    const int ch = std::min(std::max(channel_, 0), std::max(source_->channels() - 1, 0));
    example_ = rl::make_worked_example(*plan_, *source_, row_, col_, ch);
    view_->setPlainText(label_ + QStringLiteral("\n") +
                        QString::fromStdString(rl::to_text(*example_, *plan_)));
  } catch (const std::exception& e) {
    view_->setPlainText(tr("No worked example: %1").arg(QString::fromUtf8(e.what())));
  }
}

}  // namespace rl::ui
