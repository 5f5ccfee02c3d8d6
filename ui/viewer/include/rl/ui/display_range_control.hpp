// How floating-point images are shown: auto (the source's min..max) or a fixed black..white range.
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
};

}  // namespace rl::ui
