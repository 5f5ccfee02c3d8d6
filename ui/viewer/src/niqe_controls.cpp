// The Differences dock's NIQE box (see niqe_controls.hpp).
#include "rl/ui/niqe_controls.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QSignalBlocker>

namespace rl::ui {

namespace {
// The model combo's items: the pristine model, then the own model while there is one, then "Load…".
constexpr int kPristine = 0, kOwn = 1, kLoad = 2;
}  // namespace

NiqeControls::NiqeControls(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  on_ = new QCheckBox("NIQE");
  on_->setObjectName("niqeColumn");
  on_->setToolTip(
      "Each image's NIQE (no reference; the whole image), as imresize score --metric niqe prints it; "
      "a dash where the image has fewer than two 96x96 blocks");
  protocol_ = new QComboBox;
  protocol_->setObjectName("niqeProtocol");
  for (const NiqeProtocolInfo& p : niqe_protocols()) {
    protocol_->addItem(p.name, static_cast<int>(p.id));
    protocol_->setItemData(protocol_->count() - 1, QString::fromLatin1(p.source), Qt::ToolTipRole);
  }
  protocol_->setToolTip("Which image NIQE is computed on, as imresize score --metric niqe --protocol");
  model_ = new QComboBox;
  model_->setObjectName("niqeModel");
  model_->addItem("pristine model", kPristine);
  model_->addItem("Load model (.npy)…", kLoad);
  model_->setToolTip(
      "The release's pristine model, or your own: 36 means and a 36x36 covariance in two .npy files "
      "(imresize score --model-mean, --model-cov)");
  row->addWidget(on_);
  row->addWidget(protocol_);
  row->addWidget(model_);
  row->addStretch(1);
  protocol_->setEnabled(false);
  model_->setEnabled(false);
  connect(on_, &QCheckBox::toggled, this, [this](bool on) {
    protocol_->setEnabled(on);
    model_->setEnabled(on);
    emit changed();
  });
  connect(protocol_, &QComboBox::currentIndexChanged, this, &NiqeControls::changed);
  connect(model_, &QComboBox::currentIndexChanged, this, &NiqeControls::on_model_item);
}

std::optional<NiqeChoice> NiqeControls::choice() const {
  if (!on_->isChecked()) return std::nullopt;
  NiqeChoice c = model_->currentData().toInt() == kOwn ? own_ : NiqeChoice{};
  c.protocol = static_cast<NiqeProtocol>(protocol_->currentData().toInt());
  return c;
}

void NiqeControls::show_choice(const std::optional<NiqeChoice>& c) {
  const QSignalBlocker b1(on_), b2(protocol_), b3(model_);
  on_->setChecked(c.has_value());
  protocol_->setEnabled(c.has_value());
  model_->setEnabled(c.has_value());
  if (!c) return;
  protocol_->setCurrentIndex(std::max(0, protocol_->findData(static_cast<int>(c->protocol))));
  if (c->own_model())
    set_own_model(*c);
  else
    model_->setCurrentIndex(model_->findData(kPristine));
}

bool NiqeControls::load_model(const QString& mean, const QString& cov, QString* why) {
  const NiqeChoice c = niqe_choice(NiqeProtocol::Release, mean, cov);
  if (!c.model) {
    if (why) *why = c.model_error;
    return false;
  }
  {
    const QSignalBlocker b(model_);
    set_own_model(c);
  }
  emit changed();
  return true;
}

void NiqeControls::set_own_model(const NiqeChoice& c) {
  own_ = c;
  const QString text = QStringLiteral("own model: %1").arg(QFileInfo(c.model_mean).fileName());
  const int at = model_->findData(kOwn);
  if (at < 0)
    model_->insertItem(1, text, kOwn);
  else
    model_->setItemText(at, text);
  model_->setItemData(model_->findData(kOwn), QStringLiteral("%1 and %2").arg(c.model_mean, c.model_cov),
                      Qt::ToolTipRole);
  model_->setCurrentIndex(model_->findData(kOwn));
}

void NiqeControls::on_model_item() {
  if (model_->currentData().toInt() != kLoad) {
    emit changed();
    return;
  }
  // Back to what was chosen until the two files are read.
  {
    const QSignalBlocker b(model_);
    model_->setCurrentIndex(std::max(0, model_->findData(own_.own_model() ? kOwn : kPristine)));
  }
  const QString filter = QStringLiteral("NumPy arrays (*.npy)");
  const QString mean = QFileDialog::getOpenFileName(this, "NIQE model: the 36 means", {}, filter);
  if (mean.isEmpty()) return;
  const QString cov =
      QFileDialog::getOpenFileName(this, "NIQE model: the 36x36 covariance", QFileInfo(mean).path(), filter);
  if (cov.isEmpty()) return;
  if (QString why; !load_model(mean, cov, &why)) emit error(QStringLiteral("NIQE model: ") + why);
}

}  // namespace rl::ui
