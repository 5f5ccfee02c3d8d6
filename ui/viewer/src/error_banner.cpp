// The error banner: a selectable message on a light red strip with a dismiss button.
#include "rl/ui/error_banner.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace rl::ui {

ErrorBanner::ErrorBanner(QWidget* parent) : QWidget(parent) {
  setObjectName("errorBanner");
  setStyleSheet("#errorBanner { background: #fde2e1; border: 1px solid #c0392b; }");
  auto* bl = new QHBoxLayout(this);
  bl->setContentsMargins(8, 4, 4, 4);
  label_ = new QLabel;
  label_->setWordWrap(true);
  label_->setStyleSheet("color: #7b1d15;");
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* close = new QToolButton;
  close->setText("✕");
  close->setAutoRaise(true);
  close->setToolTip("Dismiss");
  connect(close, &QToolButton::clicked, this, &QWidget::hide);
  bl->addWidget(label_, 1);
  bl->addWidget(close);
  hide();
}

void ErrorBanner::show_message(const QString& message, const QString& cause) {
  cause_ = cause;
  if (message.isEmpty()) {
    hide();
    return;
  }
  label_->setText(message);
  show();
}

void ErrorBanner::clear(const QString& cause) {
  if (!isHidden() && cause_ == cause) show_message(QString());
}

QString ErrorBanner::text() const { return isHidden() ? QString() : label_->text(); }

}  // namespace rl::ui
