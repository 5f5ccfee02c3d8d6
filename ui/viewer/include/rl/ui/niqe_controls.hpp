// The Differences dock's NIQE box: whether each image's NIQE joins the statistics, under which
// protocol (`imresize score --metric niqe --protocol`) and against which model (the release's pristine
// one, or the user's own from two .npy files, as the command's --model-mean and --model-cov).
#pragma once

#include <QWidget>
#include <optional>

#include "rl/ui/niqe_choice.hpp"

class QCheckBox;
class QComboBox;

namespace rl::ui {

class NiqeControls : public QWidget {
  Q_OBJECT
 public:
  explicit NiqeControls(QWidget* parent = nullptr);

  // What the controls show: none when the box is off.
  std::optional<NiqeChoice> choice() const;
  // Shows `c` without emitting changed() (a model of the user's own joins the model list).
  void show_choice(const std::optional<NiqeChoice>& c);
  // The model of `mean` and `cov` chosen (what the file dialogs of "Load model…" do): read now; false,
  // with the reason in *why and the controls unchanged, when they cannot be read.
  bool load_model(const QString& mean, const QString& cov, QString* why);

 signals:
  void changed();
  void error(const QString& message);

 private:
  void on_model_item();
  void set_own_model(const NiqeChoice& c);  // the model combo's "own model" item, selected

  QCheckBox* on_ = nullptr;
  QComboBox* protocol_ = nullptr;
  QComboBox* model_ = nullptr;  // pristine, the own model (when one was loaded), "Load model…"
  NiqeChoice own_;              // the own model's files and values (protocol unused)
};

}  // namespace rl::ui
