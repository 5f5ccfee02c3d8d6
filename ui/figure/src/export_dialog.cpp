// ExportDialog: the figure options form and its command line; writing goes through write_figure (atomic).
#include "rl/ui/export_dialog.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace rl::ui {

ExportDialog::ExportDialog(FigureSpec spec, const QString& suggested_path, QWidget* parent,
                           CommandLineWriter writer)
    : QDialog(parent), spec_(std::move(spec)), writer_(std::move(writer)) {
  setWindowTitle(tr("Export figure"));
  auto* form = new QFormLayout;
  layout_ = new QComboBox(this);
  layout_->setObjectName(QStringLiteral("layout"));
  layout_->addItem(tr("One row (crops above, differences below)"), int(FigureLayout::Row));
  layout_->addItem(tr("Grid (crop and difference side by side)"), int(FigureLayout::Grid));
  layout_->addItem(tr("SR paper (HR with boxed crops, insets with PSNR / SSIM)"), int(FigureLayout::SrPaper));
  // The SR paper's figure compares with the image itself (the HR): Presets > Super-Resolution Baselines.
  if (!spec_.comparison.against_source())
    if (auto* model = qobject_cast<QStandardItemModel*>(layout_->model())) {
      model->item(2)->setEnabled(false);
      model->item(2)->setToolTip(
          tr("Compare with the image itself first (Presets > Super-Resolution Baselines)"));
    }
  // The panes compared with the image itself at an SR factor (the SR baselines): the SR paper's figure
  // unless the spec asks for another layout.
  const bool sr = spec_.comparison.against_source() && spec_.comparison.sr_scale() > 0;
  const FigureLayout start = sr && spec_.layout == FigureLayout::Row ? FigureLayout::SrPaper : spec_.layout;
  layout_->setCurrentIndex(std::max(0, layout_->findData(int(start))));
  form->addRow(tr("&Layout:"), layout_);
  // The SR paper's figure boxes each crop on the HR and gives it a row of insets: typed, or pasted from
  // View > Copy Region as --crop (the region, else the visible area, is the first).
  crops_ = new QLineEdit(
      crop_list_text(spec_.crops.isEmpty() && !spec_.crop.isEmpty() ? QList<QRect>{spec_.crop} : spec_.crops),
      this);
  crops_->setObjectName(QStringLiteral("srPaperCrops"));
  crops_->setPlaceholderText(tr("x,y,w,h; x,y,w,h (source pixels)"));
  crops_->setToolTip(tr("One or more crops, each boxed on the HR with its own row of insets"));
  form->addRow(tr("C&rops:"), crops_);
  // SR papers print each whole image's scores under its insets; a crop's own only when asked for.
  crop_scores_ =
      new QCheckBox(tr("Scores of each crop alone (labelled \"crop\"), not of the whole image"), this);
  crop_scores_->setObjectName(QStringLiteral("cropScores"));
  crop_scores_->setChecked(spec_.crop_scores);
  form->addRow(QString(), crop_scores_);
  format_ = new QComboBox(this);
  format_->setObjectName(QStringLiteral("format"));
  format_->addItems({QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("PDF")});
  form->addRow(tr("&Format:"), format_);
  width_ = new QSpinBox(this);
  width_->setObjectName(QStringLiteral("width"));
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
  diffs_->setObjectName(QStringLiteral("diffs"));
  diffs_->setChecked(spec_.show_diffs);
  form->addRow(QString(), diffs_);
  diff_mode_ = new QComboBox(this);
  diff_mode_->setObjectName(QStringLiteral("diffMode"));
  // The window's channel view R, G, B or alpha makes every map of that channel (shown_diff_settings):
  // the kinds say so.
  const Comparison& cmp = spec_.comparison;
  const int shown = cmp.source ? view_channel_index(cmp.display.channel, cmp.source->channels()) : -1;
  const QString view =
      shown < 0 ? QString()
                : tr(", channel %1 (the view's)").arg(channel_names(cmp.source->channels()).value(shown));
  diff_mode_->addItem(shown < 0 ? tr("|a - ref|, max over channels") : "|a - ref|" + view,
                      int(DiffMode::AbsMaxChannel));
  diff_mode_->addItem(shown < 0 ? tr("|a - ref|, one channel") : "|a - ref|" + view,
                      int(DiffMode::AbsChannel));
  diff_mode_->addItem(shown < 0 ? tr("Signed a - ref") : "Signed a - ref" + view, int(DiffMode::Signed));
  diff_mode_->setCurrentIndex(diff_mode_->findData(int(spec_.comparison.diff.mode)));
  form->addRow(tr("Difference:"), diff_mode_);
  // Every plot `--plots` takes, and the output pixel they explain (`--pixel`).
  auto* plot_grid = new QGridLayout;
  for (int i = 0; i <= int(FigurePlot::Surface); ++i) {
    const auto kind = static_cast<FigurePlot>(i);
    const QString name = to_string(kind);
    auto* box = new QCheckBox(name.left(1).toUpper() + name.mid(1), this);
    box->setObjectName(name + QStringLiteral("Plot"));
    box->setChecked(spec_.plots.contains(kind));
    plot_grid->addWidget(box, i / 3, i % 3);
    plots_.push_back(box);
  }
  form->addRow(tr("Plots:"), plot_grid);
  pixel_ = new QLineEdit(
      spec_.pixel ? QStringLiteral("%1,%2").arg(spec_.pixel->y()).arg(spec_.pixel->x()) : QString(), this);
  pixel_->setObjectName(QStringLiteral("pixel"));
  pixel_->setPlaceholderText(tr("row,col of the reference pane's output (empty: its centre)"));
  pixel_->setToolTip(
      tr("The output pixel the sampling, taps, worked, mapping, window and surface plots explain"));
  form->addRow(tr("Pi&xel:"), pixel_);
  path_ = new QLineEdit(suggested_path, this);
  path_->setObjectName(QStringLiteral("figurePath"));
  auto* browse = new QPushButton(tr("Browse..."), this);
  auto* row = new QHBoxLayout;
  row->addWidget(path_);
  row->addWidget(browse);
  form->addRow(tr("F&ile:"), row);
  error_ = new QLabel(this);
  error_->setStyleSheet(QStringLiteral("color: #b00020"));
  error_->setWordWrap(true);
  // The same figure from a script: the command line for these settings.
  // Wrapped, so the whole line is seen (it is long: paths, panes, crops).
  command_ = new QPlainTextEdit(this);
  command_->setReadOnly(true);
  command_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  command_->setFixedHeight(command_->fontMetrics().lineSpacing() * 6 + 12);
  command_->setMinimumWidth(command_->fontMetrics().averageCharWidth() * 64);
  command_->setObjectName(QStringLiteral("commandLine"));
  auto* copy = new QPushButton(tr("&Copy"), this);
  copy->setObjectName(QStringLiteral("copyCommand"));
  copy->setToolTip(tr("Copy the command line to the clipboard"));
  auto* command_row = new QHBoxLayout;
  command_row->addWidget(command_, 1);
  command_row->addWidget(copy);
  left_out_ = new QLabel(this);
  left_out_->setWordWrap(true);
  if (writer_.command) {
    form->addRow(tr("Command:"), command_row);
    form->addRow(QString(), left_out_);
  } else {
    command_->hide();
    copy->hide();
    left_out_->hide();
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  auto* top = new QVBoxLayout(this);
  top->addLayout(form);
  top->addWidget(error_);
  top->addWidget(buttons);
  connect(copy, &QPushButton::clicked, this,
          [this] { QApplication::clipboard()->setText(command_->toPlainText()); });

  const QString ext = QFileInfo(suggested_path).suffix().toLower();
  format_->setCurrentIndex(ext == QLatin1String("svg") ? 1 : ext == QLatin1String("pdf") ? 2 : 0);
  auto update_size = [this] {
    if (layout_->currentData().toInt() == int(FigureLayout::SrPaper)) prepare_paper();
    const FigureSpec now = this->spec();
    const QSize s = figure_size(now);
    size_label_->setText(tr("%1 x %2 px (%3 x %4 in)")
                             .arg(s.width())
                             .arg(s.height())
                             .arg(s.width() / dpi_->value(), 0, 'f', 2)
                             .arg(s.height() / dpi_->value(), 0, 'f', 2));
    const bool paper = now.layout == FigureLayout::SrPaper;
    QList<QWidget*> rows{diffs_, diff_mode_, pixel_};
    for (QCheckBox* b : plots_) rows.push_back(b);
    for (QWidget* w : rows) w->setEnabled(!paper);  // the SR paper's figure has insets and scores only
    crops_->setEnabled(paper);
    crop_scores_->setEnabled(paper);
    error_->setText(!paper                     ? pixel_error()
                    : !crops_error().isEmpty() ? crops_error()
                                               : sr_paper_geometry(now).error);
    update_command();
  };
  update_size();
  for (QSpinBox* w : {width_}) connect(w, &QSpinBox::valueChanged, this, update_size);
  connect(dpi_, &QDoubleSpinBox::valueChanged, this, update_size);
  connect(layout_, &QComboBox::currentIndexChanged, this, update_size);
  connect(crop_scores_, &QCheckBox::toggled, this, update_size);
  connect(path_, &QLineEdit::textChanged, this, [this] { update_command(); });
  connect(crops_, &QLineEdit::textChanged, this, update_size);
  for (QCheckBox* b : plots_) connect(b, &QCheckBox::toggled, this, update_size);
  connect(pixel_, &QLineEdit::textChanged, this, update_size);
  connect(diffs_, &QCheckBox::toggled, this, update_size);
  connect(format_, &QComboBox::currentIndexChanged, this, [this] { sync_extension(); });
  // Another kind of map: the same comparison compared again (the panes are not resized).
  connect(diff_mode_, &QComboBox::currentIndexChanged, this, [this] {
    spec_.comparison.diff.mode = static_cast<DiffMode>(diff_mode_->currentData().toInt());
    compare(spec_.comparison);
    update_command();
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

void ExportDialog::prepare_paper() {
  if (paper_) return;
  Comparison c = spec_.comparison;
  // As the command's sr-paper does: srcnn's scores unless a protocol is chosen; the whole images.
  const bool again = !c.diff.protocol || c.diff.region;
  if (!c.diff.protocol) c.diff.protocol = SrProtocol::Srcnn;
  c.diff.region.reset();
  if (again) compare(c);
  paper_ = std::move(c);
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
  // The plots checked: those the spec had in its order, then the others in the menu's order.
  const auto checked = [this](FigurePlot p) {
    return plots_.value(int(p)) && plots_.value(int(p))->isChecked();
  };
  s.plots.clear();
  for (const FigurePlot p : spec_.plots)
    if (checked(p) && !s.plots.contains(p)) s.plots.push_back(p);
  for (int i = 0; i < plots_.size(); ++i)
    if (checked(static_cast<FigurePlot>(i)) && !s.plots.contains(static_cast<FigurePlot>(i)))
      s.plots.push_back(static_cast<FigurePlot>(i));
  s.pixel.reset();
  if (const QStringList rc = pixel_->text().split(QLatin1Char(','));
      rc.size() == 2 && pixel_error().isEmpty())
    s.pixel = QPoint(rc[1].trimmed().toInt(), rc[0].trimmed().toInt());
  s.show_diffs = diffs_->isChecked();
  if (s.layout == FigureLayout::SrPaper) s.title.clear();  // a paper's figure has its caption in the paper
  if (s.layout == FigureLayout::SrPaper && paper_) s.comparison = *paper_;
  s.crop_scores = s.layout == FigureLayout::SrPaper && crop_scores_->isChecked();
  if (s.layout == FigureLayout::SrPaper)
    if (const auto crops = parse_crop_list(crops_->text())) {
      s.crops = *crops;
      if (!crops->isEmpty()) s.crop = crops->first();
    }
  return s;
}

QString ExportDialog::crops_error() const {
  if (parse_crop_list(crops_->text())) return QString();
  return tr("Crops take x,y,w,h (source pixels, positive w and h), separated by ';', got '%1'")
      .arg(crops_->text());
}

QString ExportDialog::pixel_error() const {
  const QString t = pixel_->text().trimmed();
  if (t.isEmpty()) return QString();
  const QStringList rc = t.split(QLatin1Char(','));
  bool ok_r = false, ok_c = false;
  if (rc.size() == 2) {
    const int r = rc[0].trimmed().toInt(&ok_r), c = rc[1].trimmed().toInt(&ok_c);
    ok_r = ok_r && r >= 0;
    ok_c = ok_c && c >= 0;
  }
  return ok_r && ok_c ? QString() : tr("The pixel takes row,col (0-based output pixel), got '%1'").arg(t);
}

QString ExportDialog::path() const { return path_->text(); }

ExportCommand ExportDialog::command() const {
  return writer_.command ? writer_.command(spec(), path()) : ExportCommand{};
}

QString ExportDialog::command_text() const { return command_->toPlainText(); }

void ExportDialog::update_command() {
  if (!writer_.command || !command_) return;
  const ExportCommand c = command();
  command_->setPlainText(writer_.shell_line ? writer_.shell_line(c.args) : c.args.join(QLatin1Char(' ')));
  left_out_->setText(c.left_out.isEmpty()
                         ? QString()
                         : tr("The command line cannot say: %1.").arg(c.left_out.join(QStringLiteral("; "))));
}

bool ExportDialog::export_now() {
  QString why;
  if (path().isEmpty())
    why = tr("choose a file to write");
  else if (spec().layout == FigureLayout::SrPaper && !crops_error().isEmpty())
    why = crops_error();
  else if (spec().layout != FigureLayout::SrPaper && !pixel_error().isEmpty())
    why = pixel_error();
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
