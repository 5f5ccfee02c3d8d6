// The in-window message line: one error shown above the panes until dismissed or replaced, or until
// the state it is about changes.
#pragma once

#include <QWidget>

class QLabel;

namespace rl::ui {

class ErrorBanner : public QWidget {
  Q_OBJECT
 public:
  explicit ErrorBanner(QWidget* parent = nullptr);
  // Shows `message`, or hides the banner when it is empty. `cause` names the state the message is
  // about ("parameters": the typed scale or size; "source": the image being opened); clear(cause)
  // takes the message away when that state changes. A message without a cause stays until it is
  // dismissed or replaced.
  void show_message(const QString& message, const QString& cause = {});
  // Hides the message when it was shown for `cause`.
  void clear(const QString& cause);
  // The message shown (empty while hidden), and the cause it was shown for.
  QString text() const;
  QString cause() const { return isHidden() ? QString() : cause_; }

 private:
  QLabel* label_ = nullptr;
  QString cause_;
};

}  // namespace rl::ui
