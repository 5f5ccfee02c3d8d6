// ExportDialog: the figure options form; writing goes through write_figure (atomic).
#include "rl/ui/export_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rl::ui {

ExportDialog::ExportDialog(FigureSpec spec, const QString& suggested_path, QWidget* parent)
    : QDialog(parent), spec_(std::move(spec)) {
  setWindowTitle(tr("Export figure"));
  auto* form = new QFormLayout;
  layout_ = new QComboBox(this);
  layout_->addItem(tr("One row (crops above, differences below)"), int(FigureLayout::Row));
  layout_->addItem(tr("Grid (crop and difference side by side)"), int(FigureLayout::Grid));
  layout_->setCurrentIndex(spec_.layout == FigureLayout::Grid ? 1 : 0);
  form->addRow(tr("&Layout:"), layout_);
  format_ = new QComboBox(this);
  format_->addItems({QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("PDF")});
  form->addRow(tr("&Format:"), format_);
  width_ = new QSpinBox(this);
  width_->setRange(200, 20000);
  width_->setSuffix(tr(" px"));
  width_->setValue(spec_.width_px);
  form->addRow(tr("&Width:"), width_);
  dpi_ = new QDoubleSpinBox(this);
  dpi_->setRange(30, 2400);
  dpi_->setDecimals(0);
  dpi_->setValue(spec_.dpi);
  form->addRow(tr("&DPI (SVG/PDF page size):"), dpi_);
  size_label_ = new QLabel(this);
  form->addRow(tr("Size:"), size_label_);
  diffs_ = new QCheckBox(tr("Difference maps against the reference"), this);
  diffs_->setChecked(spec_.show_diffs);
  form->addRow(QString(), diffs_);
  diff_mode_ = new QComboBox(this);
  diff_mode_->addItem(tr("|a - ref|, max over channels"), int(DiffMode::AbsMaxChannel));
  diff_mode_->addItem(tr("|a - ref|, one channel"), int(DiffMode::AbsChannel));
  diff_mode_->addItem(tr("Signed a - ref"), int(DiffMode::Signed));
  diff_mode_->setCurrentIndex(diff_mode_->findData(int(spec_.comparison.diff.mode)));
  form->addRow(tr("Difference:"), diff_mode_);
  kernel_ = new QCheckBox(tr("Kernel plot"), this);
  kernel_->setChecked(spec_.plots.contains(FigurePlot::Kernel));
  form->addRow(QString(), kernel_);
  path_ = new QLineEdit(suggested_path, this);
  auto* browse = new QPushButton(tr("Browse..."), this);
  auto* row = new QHBoxLayout;
  row->addWidget(path_);
  row->addWidget(browse);
  form->addRow(tr("F&ile:"), row);
  error_ = new QLabel(this);
  error_->setStyleSheet(QStringLiteral("color: #b00020"));
  error_->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  auto* top = new QVBoxLayout(this);
  top->addLayout(form);
  top->addWidget(error_);
  top->addWidget(buttons);

  const QString ext = QFileInfo(suggested_path).suffix().toLower();
  format_->setCurrentIndex(ext == QLatin1String("svg") ? 1 : ext == QLatin1String("pdf") ? 2 : 0);
  auto update_size = [this] {
    const QSize s = figure_size(this->spec());
    size_label_->setText(tr("%1 x %2 px (%3 x %4 in)")
                             .arg(s.width())
                             .arg(s.height())
                             .arg(s.width() / dpi_->value(), 0, 'f', 2)
                             .arg(s.height() / dpi_->value(), 0, 'f', 2));
  };
  update_size();
  for (QSpinBox* w : {width_}) connect(w, &QSpinBox::valueChanged, this, update_size);
  connect(dpi_, &QDoubleSpinBox::valueChanged, this, update_size);
  connect(layout_, &QComboBox::currentIndexChanged, this, update_size);
  connect(kernel_, &QCheckBox::toggled, this, update_size);
  connect(diffs_, &QCheckBox::toggled, this, update_size);
  connect(format_, &QComboBox::currentIndexChanged, this, [this] { sync_extension(); });
  // Another kind of map: the same comparison compared again (the panes are not resized).
  connect(diff_mode_, &QComboBox::currentIndexChanged, this, [this] {
    spec_.comparison.diff.mode = static_cast<DiffMode>(diff_mode_->currentData().toInt());
    compare(spec_.comparison);
  });
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString f = QFileDialog::getSaveFileName(this, tr("Export figure"), path_->text(),
                                                   tr("Figures (*.png *.svg *.pdf)"));
    if (f.isEmpty()) return;
    path_->setText(f);
    const QString e = QFileInfo(f).suffix().toLower();
    if (e == QLatin1String("svg"))
      format_->setCurrentIndex(1);
    else if (e == QLatin1String("pdf"))
      format_->setCurrentIndex(2);
    else if (e == QLatin1String("png"))
      format_->setCurrentIndex(0);
    sync_extension();
  });
  connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
  sync_extension();
}

void ExportDialog::sync_extension() {
  const QString want = format_->currentText().toLower();
  QString p = path_->text();
  if (p.isEmpty()) return;
  const QFileInfo fi(p);
  if (fi.suffix().toLower() == want) return;
  const QString base = fi.suffix().isEmpty() ? p : p.left(p.size() - fi.suffix().size() - 1);
  path_->setText(base + QLatin1Char('.') + want);
}

FigureSpec ExportDialog::spec() const {
  FigureSpec s = spec_;
  s.layout = static_cast<FigureLayout>(layout_->currentData().toInt());
  s.width_px = width_->value();
  s.dpi = dpi_->value();
  s.plots.removeAll(FigurePlot::Kernel);
  if (kernel_->isChecked()) s.plots.prepend(FigurePlot::Kernel);
  s.show_diffs = diffs_->isChecked();
  return s;
}

QString ExportDialog::path() const { return path_->text(); }

bool ExportDialog::export_now() {
  QString why;
  if (path().isEmpty())
    why = tr("choose a file to write");
  else if (write_figure(spec(), path(), &why)) {
    error_->clear();
    return true;
  }
  error_->setText(why);
  return false;
}

void ExportDialog::accept() {
  if (export_now()) QDialog::accept();
}

}  // namespace rl::ui
