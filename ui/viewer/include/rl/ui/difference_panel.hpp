// The difference panel: what the maps compare against, their kind and range, the colour bar and
// every pane's statistics. It writes DiffSettings into the document and shows its diffs.
#pragma once

#include <QWidget>

#include "rl/ui/document.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace rl::ui {

class ColorbarWidget;
class NiqeControls;

class DifferencePanel : public QWidget {
  Q_OBJECT
 public:
  explicit DifferencePanel(Document* doc, QWidget* parent = nullptr);

  // Shows `s` in the controls without sending it back (e.g. restored settings).
  void show_settings(const DiffSettings& s);
  // The colour bar, the description and the statistics table from the document's diffs.
  void refresh();

 signals:
  void load_reference_requested();
  void error(const QString& message);

 private:
  void push();
  void on_reference_changed();
  void show_against(DiffAgainst a);
  // The map kinds' and the channel box's words for the channel the view shows.
  void show_view_channel();  // the Against combo, without emitting

  Document* doc_;
  QComboBox* against_ = nullptr;
  QComboBox* mode_ = nullptr;
  QComboBox* protocol_ = nullptr;
  NiqeControls* niqe_ = nullptr;  // each image's NIQE in the table: protocol and model
  QSpinBox* channel_ = nullptr;
  QCheckBox* fixed_ = nullptr;
  QDoubleSpinBox* max_ = nullptr;
  ColorbarWidget* colorbar_ = nullptr;
  QLabel* desc_ = nullptr;
  QLabel* scope_ = nullptr;  // "Statistics of the region …" or of the whole image
  QLabel* hint_ = nullptr;   // why a pane may differ from the reference (class_hint), when it may
  QTableWidget* stats_ = nullptr;
};

}  // namespace rl::ui
