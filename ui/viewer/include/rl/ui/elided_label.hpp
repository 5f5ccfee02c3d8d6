// A label that never clips: text too long for its width ends in "…", and the tooltip holds the whole
// text (the pane headers at 1280 px). Text made of items ("a · b · c") can be laid out by whole items
// on up to a few lines, so a number is never cut.
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
  // Whether part of the full text is left out (then the shown text ends in "…").
  bool elided() const { return elided_; }
  // The full text is items joined by `separator`: shown on up to `lines` lines broken between items
  // (each line but the last ends in an item), and where they do not fit, the items that do, then "…".
  // The label is as tall as `lines` lines, so panes side by side keep their images level.
  void set_items(const QString& separator, int lines = 1);
  // As wide as the whole line when there is room; any width down to one character when there is not.
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* e) override;
  void changeEvent(QEvent* e) override;

 private:
  void elide();
  QString by_items(int room, bool* cut) const;
  QString full_;
  QString separator_;
  int lines_ = 1;
  bool elided_ = false;
};

}  // namespace rl::ui
