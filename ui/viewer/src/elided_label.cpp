// ElidedLabel: the shown text is the full text elided to the label's width (by characters, or by
// whole items on a few lines), redone on every resize and font change.
#include "rl/ui/elided_label.hpp"

#include <QEvent>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QStringList>
#include <algorithm>
#include <cmath>

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

void ElidedLabel::set_items(const QString& separator, int lines) {
  separator_ = separator;
  lines_ = std::max(1, lines);
  setAlignment(Qt::AlignLeft | Qt::AlignTop);
  elide();
  updateGeometry();
}

QSize ElidedLabel::sizeHint() const {
  const QMargins m = contentsMargins();
  // Rounded up, and a pixel over: elidedText measures in fractions, and a pixel short loses a word.
  const int text = static_cast<int>(std::ceil(QFontMetricsF(font()).horizontalAdvance(full_))) + 1;
  return {text + m.left() + m.right() + 2 * margin(), minimumSizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const {
  const QMargins m = contentsMargins();
  const int lines = fontMetrics().lineSpacing() * (lines_ - 1) + fontMetrics().height();
  return {1, std::max(QLabel::minimumSizeHint().height(), lines + m.top() + m.bottom() + 2 * margin())};
}

void ElidedLabel::resizeEvent(QResizeEvent* e) {
  QLabel::resizeEvent(e);
  elide();
}

void ElidedLabel::changeEvent(QEvent* e) {
  QLabel::changeEvent(e);
  if (e->type() == QEvent::FontChange) elide();
}

QString ElidedLabel::by_items(int room, bool* cut) const {
  *cut = false;
  const QFontMetrics fm = fontMetrics();
  const QString more = QStringLiteral(" \u2026");
  const QStringList items = full_.split(separator_);
  QStringList lines;
  QString line;
  for (qsizetype i = 0; i < items.size(); ++i) {
    const QString longer = line.isEmpty() ? items[i] : line + separator_ + items[i];
    if (fm.horizontalAdvance(longer) <= room) {
      line = longer;
      continue;
    }
    if (!line.isEmpty() && lines.size() + 1 < lines_) {  // a new line for this item
      lines << line;
      line.clear();
      --i;
      continue;
    }
    // Out of room: whole items up to here, then "…" (dropping items until it fits).
    QStringList kept = line.isEmpty() ? QStringList() : line.split(separator_);
    while (!kept.isEmpty() && fm.horizontalAdvance(kept.join(separator_) + more) > room) kept.removeLast();
    *cut = true;
    lines << (kept.isEmpty() ? QString(QChar(0x2026)) : kept.join(separator_) + more);
    return lines.join('\n');
  }
  if (!line.isEmpty()) lines << line;
  return lines.join('\n');
}

void ElidedLabel::elide() {
  const int room = std::max(contentsRect().width() - 2 * margin(), 0);
  QString shown;
  if (separator_.isEmpty()) {
    shown = fontMetrics().elidedText(full_, Qt::ElideRight, room);
    elided_ = shown != full_;
  } else {
    shown = by_items(room, &elided_);
  }
  if (shown != text()) QLabel::setText(shown);
}

}  // namespace rl::ui
