// How images are shown: auto (a float or 16-bit source's min..max) or a fixed black..white range, tev's
// exposure and offset, and the channel shown (only those the shown images have are offered).
#pragma once

#include <QWidget>
#include <array>

#include "rl/ui/document.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace rl::ui {

// The channel views the images have: All always; R, G, B and Y when one has colour (3 or more
// channels); alpha when one has alpha (2 or 4). Indexed by ViewChannel.
using ChannelViews = std::array<bool, 6>;
ChannelViews channel_views(const std::vector<const Image*>& images);
// Those of what `doc` shows: its source, each pane's result and the loaded reference.
ChannelViews channel_views(const Document& doc);

class DisplayRangeControl : public QWidget {
  Q_OBJECT
 public:
  explicit DisplayRangeControl(QWidget* parent = nullptr);
  DisplaySettings settings() const;
  // Shows `d` without emitting `changed`.
  void set_settings(const DisplaySettings& d);
  // Offers the channel views `doc`'s images have, now and whenever they change; a view chosen that
  // they lack falls back to All (emitting `changed`) and a line under the control says so.
  void follow(Document* doc);
  // The offered views; when the one chosen is not among them, All, saying why.
  void set_channel_views(const ChannelViews& views);
  QString note() const;

 signals:
  void changed(const DisplaySettings& d);

 private:
  void push();
  QComboBox* mode_ = nullptr;
  QDoubleSpinBox* lo_ = nullptr;
  QDoubleSpinBox* hi_ = nullptr;
  QDoubleSpinBox* exposure_ = nullptr;
  QDoubleSpinBox* offset_ = nullptr;
  QComboBox* channel_ = nullptr;
  QLabel* note_ = nullptr;
  int fell_back_from_ = -1;  // the view the note says is missing
};

}  // namespace rl::ui
