// A one-line label that never clips: text too long for its width ends in "…", and the tooltip holds
// the whole line (the pane headers at 1280 px).
#pragma once

#include <QLabel>
#include <QString>

namespace rl::ui {

class ElidedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ElidedLabel(QWidget* parent = nullptr);
  void set_full_text(const QString& text);
  const QString& full_text() const { return full_; }
  bool elided() const { return text() != full_; }
  // As wide as the whole line when there is room; any width down to one character when there is not.
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* e) override;
  void changeEvent(QEvent* e) override;

 private:
  void elide();
  QString full_;
};

}  // namespace rl::ui
