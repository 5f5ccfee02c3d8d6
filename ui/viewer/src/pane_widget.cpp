// Pane header controls and layout.
#include "rl/ui/pane_widget.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "rl/ui/pane_view.hpp"

namespace rl::ui {

PaneWidget::PaneWidget(int index, ViewState* view, QWidget* parent) : QWidget(parent), index_(index) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(2, 2, 2, 2);
  v->setSpacing(2);
  auto* head = new QHBoxLayout;
  head->setSpacing(6);
  name_ = new QLabel(index == Document::kReferencePane ? QString("<b>%1 · reference</b>").arg(index + 1)
                                                       : QString("<b>%1</b>").arg(index + 1));
  method_ = new QComboBox;
  for (Method m : builtin_methods())
    method_->addItem(QString::fromStdString(to_string(m)), static_cast<int>(m));
  method_->setToolTip("Interpolation method of this pane");
  aa_ = new QCheckBox("antialiasing");
  aa_->setToolTip("MATLAB's antialiasing: widen the kernel by 1/scale when shrinking");
  info_ = new QLabel;
  info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  info_->setMinimumWidth(1);  // a long line never widens the window; the tooltip has it all
  head->addWidget(name_);
  head->addWidget(method_);
  head->addWidget(aa_);
  head->addStretch(1);
  head->addWidget(info_);
  v->addLayout(head);
  stats_ = new QLabel;
  stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  stats_->setMinimumWidth(1);
  QFont sf = stats_->font();
  sf.setPointSizeF(sf.pointSizeF() * 0.9);
  stats_->setFont(sf);
  v->addWidget(stats_);
  view_ = new PaneView(view);
  v->addWidget(view_, 1);

  const auto edited = [this]() {
    emit config_edited(index_,
                       PaneConfig{static_cast<Method>(method_->currentData().toInt()), aa_->isChecked()});
  };
  connect(method_, &QComboBox::currentIndexChanged, this, edited);
  connect(aa_, &QCheckBox::toggled, this, edited);
}

void PaneWidget::set_config(const PaneConfig& c) {
  const QSignalBlocker b1(method_), b2(aa_);
  method_->setCurrentIndex(method_->findData(static_cast<int>(c.method)));
  aa_->setChecked(c.antialiasing);
}

void PaneWidget::set_info(const QString& info, const QString& stats) {
  info_->setText(info);
  info_->setToolTip(info);
  stats_->setText(stats);
  stats_->setToolTip(stats);
}

QString PaneWidget::title() const {
  return QString("%1 · %2")
      .arg(index_ + 1)
      .arg(pane_label(PaneConfig{static_cast<Method>(method_->currentData().toInt()), aa_->isChecked()}));
}

}  // namespace rl::ui
