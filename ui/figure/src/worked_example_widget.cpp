// WorkedExampleWidget: the worked example drawn as cells (paint_worked_cells) in a view that scrolls
// only vertically, with "Copy as text" for the plain-text form (rl::to_text).
#include "rl/ui/worked_example_widget.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "rl/ui/teaching_plots.hpp"

namespace rl::ui {

// The cells, as tall as they need at the scroll area's width.
class WorkedCells : public QWidget {
 public:
  explicit WorkedCells(const WorkedExampleWidget* owner) : owner_(owner) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  }
  void relayout(int width) {
    const auto& w = owner_->example();
    const int h =
        w ? static_cast<int>(std::ceil(worked_cells_height(QFontMetricsF(font()), *w, width - 8))) + 8 : 40;
    setFixedHeight(h);
    update();
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    const auto& w = owner_->example();
    if (!w || !owner_->plan()) {
      p.drawText(rect().adjusted(4, 4, -4, -4), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                 owner_->text());
      return;
    }
    paint_worked_cells(p, QRectF(rect()).adjusted(4, 4, -4, -4), *w, *owner_->plan(), owner_->title());
  }

 private:
  const WorkedExampleWidget* owner_;
};

WorkedExampleWidget::WorkedExampleWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* row = new QHBoxLayout;
  row->setContentsMargins(4, 2, 4, 0);
  auto* copy = new QPushButton(tr("Copy as text"));
  copy->setToolTip(tr("Copy every number of both passes as plain text"));
  connect(copy, &QPushButton::clicked, this, [this]() { QApplication::clipboard()->setText(text()); });
  row->addWidget(copy);
  row->addStretch(1);
  layout->addLayout(row);
  scroll_ = new QScrollArea(this);
  scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the cells fit the width instead
  scroll_->setWidgetResizable(true);
  cells_ = new WorkedCells(this);
  scroll_->setWidget(cells_);
  layout->addWidget(scroll_, 1);
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

QString WorkedExampleWidget::title() const {
  return example_ ? QStringLiteral("%1: output pixel (%2, %3)")
                        .arg(label_)
                        .arg(example_->out_row)
                        .arg(example_->out_col)
                  : label_;
}

int WorkedExampleWidget::cells_width() const { return cells_->width(); }

void WorkedExampleWidget::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  cells_->relayout(scroll_->viewport()->width());
}

void WorkedExampleWidget::refresh() {
  example_.reset();
  if (!plan_ || !source_) {
    text_ = tr("Hover over or click a result pixel to see how it is computed.");
  } else {
    try {
      const int ch = std::min(std::max(channel_, 0), std::max(source_->channels() - 1, 0));
      example_ = rl::make_worked_example(*plan_, *source_, row_, col_, ch);
      text_ = label_ + QStringLiteral("\n") + QString::fromStdString(rl::to_text(*example_, *plan_));
    } catch (const std::exception& e) {
      text_ = tr("No worked example: %1").arg(QString::fromUtf8(e.what()));
    }
  }
  cells_->relayout(scroll_->viewport()->width());
}

}  // namespace rl::ui
