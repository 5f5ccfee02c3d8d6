// The status bar's fields: the image, the scale and output size, the device used and each pane's
// time, plus a busy indicator while work runs.
#pragma once

#include <QObject>
#include <array>

#include "rl/ui/document.hpp"

class QLabel;
class QProgressBar;
class QStatusBar;

namespace rl::ui {

class ElidedLabel;

class StatusLine : public QObject {
  Q_OBJECT
 public:
  // Adds its fields to `bar`.
  StatusLine(QStatusBar* bar, const Document* doc, QObject* parent = nullptr);
  void refresh();
  void set_busy(bool busy);
  // The zoom and the pixel under the mouse ("zoom 250% · pixel 120,45 of pane 2"), on the right.
  void set_view_text(const QString& text);
  QString view_text() const;

 private:
  const Document* doc_;
  std::array<ElidedLabel*, 4> fields_{};  // image, scale, device, times
  QProgressBar* busy_ = nullptr;
  QLabel* view_ = nullptr;
};

}  // namespace rl::ui
