// ElidedLabel: the shown text is the full text elided to the label's width, redone on every resize
// and font change.
#include "rl/ui/elided_label.hpp"

#include <QEvent>
#include <QFontMetrics>

namespace rl::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
  setTextFormat(Qt::PlainText);
  setWordWrap(false);
}

void ElidedLabel::set_full_text(const QString& text) {
  full_ = text;
  setToolTip(text);
  elide();
  updateGeometry();
}

QSize ElidedLabel::sizeHint() const {
  const QMargins m = contentsMargins();
  return {fontMetrics().horizontalAdvance(full_) + m.left() + m.right() + 2 * margin(),
          QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const { return {1, QLabel::minimumSizeHint().height()}; }

void ElidedLabel::resizeEvent(QResizeEvent* e) {
  QLabel::resizeEvent(e);
  elide();
}

void ElidedLabel::changeEvent(QEvent* e) {
  QLabel::changeEvent(e);
  if (e->type() == QEvent::FontChange) elide();
}

void ElidedLabel::elide() {
  const int room = contentsRect().width() - 2 * margin();
  const QString shown = fontMetrics().elidedText(full_, Qt::ElideRight, std::max(room, 0));
  if (shown != text()) QLabel::setText(shown);
}

}  // namespace rl::ui
