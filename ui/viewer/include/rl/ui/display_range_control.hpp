// How images are shown: auto (a float or 16-bit source's min..max) or a fixed black..white range, and
// the channel shown.
#pragma once

#include <QWidget>

#include "rl/ui/document.hpp"

class QComboBox;
class QDoubleSpinBox;

namespace rl::ui {

class DisplayRangeControl : public QWidget {
  Q_OBJECT
 public:
  explicit DisplayRangeControl(QWidget* parent = nullptr);
  DisplaySettings settings() const;
  // Shows `d` without emitting `changed`.
  void set_settings(const DisplaySettings& d);

 signals:
  void changed(const DisplaySettings& d);

 private:
  QComboBox* mode_ = nullptr;
  QDoubleSpinBox* lo_ = nullptr;
  QDoubleSpinBox* hi_ = nullptr;
  QComboBox* channel_ = nullptr;
};

}  // namespace rl::ui
