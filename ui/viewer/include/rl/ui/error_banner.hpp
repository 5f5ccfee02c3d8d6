// The in-window message line: one error shown above the panes until dismissed or replaced.
#pragma once

#include <QWidget>

class QLabel;

namespace rl::ui {

class ErrorBanner : public QWidget {
  Q_OBJECT
 public:
  explicit ErrorBanner(QWidget* parent = nullptr);
  // Shows `message`, or hides the banner when it is empty.
  void show_message(const QString& message);
  // The message shown (empty while hidden).
  QString text() const;

 private:
  QLabel* label_ = nullptr;
};

}  // namespace rl::ui
