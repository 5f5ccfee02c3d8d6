// File > Identify LR Image…: which resizer made an LR file from the loaded image (rl::identify, run off
// the GUI thread), its ranked candidates, and a button that sets a pane to one of them.
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QString>
#include <atomic>
#include <memory>
#include <optional>

#include "rl/identify.hpp"
#include "rl/ui/comparison.hpp"

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace rl::ui {

class Document;

// What a pane and the document's shared parameters must be to make a candidate's pixels, or why the
// pane model cannot say it (a mod-crop, MATLAB through im2double, torch's rounding outside the library).
struct PaneSetting {
  PaneConfig pane;
  Boundary boundary = Boundary::Modern;
  std::optional<double> scale;  // the scale given, else the output size
  QString scale_text;           // "1/4"
  int rows = 0, cols = 0;
  QString refusal;  // set instead of the rest when no pane can show it
};
PaneSetting pane_setting_for(const identify::Candidate& c);

class IdentifyDialog : public QDialog {
  Q_OBJECT
 public:
  // The document's source is HR; its settings are what "Set pane" changes.
  explicit IdentifyDialog(Document* doc, QWidget* parent = nullptr);
  ~IdentifyDialog() override;  // a running identification is cancelled

  // Reads LR and identifies it against the document's source, off the GUI thread.
  void start(const QString& lr_path);
  bool running() const;
  // Sets pane `pane_box()` to the table's selected row (the first when none is selected).
  void set_pane_to_selected();

  const std::optional<identify::Report>& report() const { return report_; }
  QTableWidget* table() const { return table_; }
  QLabel* status_label() const { return status_; }
  QPushButton* set_pane_button() const { return set_pane_; }
  QSpinBox* pane_box() const { return pane_box_; }
  QProgressBar* progress_bar() const { return progress_; }

 signals:
  void identified();  // the table is filled, or the status line says why not

 protected:
  void done(int result) override;

 private:
  struct Job;
  void finish();
  void show_report(const identify::Report& r);
  void update_set_button();
  const identify::Match* selected_match() const;

  Document* doc_;
  QString lr_path_;
  std::shared_ptr<Job> job_;
  QFutureWatcher<void>* watcher_ = nullptr;
  QTimer* poll_ = nullptr;
  std::optional<identify::Report> report_;
  std::vector<identify::Match> rows_;  // the table's rows: exact first, then the closest

  QLabel* pair_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QTableWidget* table_ = nullptr;
  QSpinBox* pane_box_ = nullptr;
  QPushButton* set_pane_ = nullptr;
  QLabel* pane_note_ = nullptr;
};

}  // namespace rl::ui
