// The teaching docks (see teaching_widgets.hpp): controls that choose what to show, and a canvas that
// paints it with the routines the exported figures use.
#include "rl/ui/teaching_widgets.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace rl::ui {

PlotCanvas::PlotCanvas(Painter painter, QWidget* parent) : QWidget(parent), painter_(std::move(painter)) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMouseTracking(true);
}

void PlotCanvas::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::white);
  legend_ = painter_(p, QRectF(rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin));
}

void PlotCanvas::mouseMoveEvent(QMouseEvent* e) { emit hovered(e->position()); }
void PlotCanvas::leaveEvent(QEvent*) { emit left(); }

namespace {

QHBoxLayout* control_row(QVBoxLayout* v) {
  auto* row = new QHBoxLayout;
  row->setContentsMargins(4, 2, 4, 0);
  v->addLayout(row);
  return row;
}

}  // namespace

QVBoxLayout* plain_dock_layout(QWidget* w) {
  auto* v = new QVBoxLayout(w);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  return v;
}

// ---- frequency response ----

FrequencyResponseWidget::FrequencyResponseWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  QHBoxLayout* row = control_row(v);
  axis_box_ = new QComboBox;
  axis_box_->addItem(tr("along columns"));
  axis_box_->addItem(tr("along rows"));
  axis_box_->setToolTip(
      tr("The horizontal pass (columns) or the vertical pass (rows): each has its own scale"));
  db_box_ = new QCheckBox(tr("dB"));
  db_box_->setToolTip(tr("20 log10 |H(f)| instead of |H(f)|"));
  row->addWidget(axis_box_);
  row->addWidget(db_box_);
  row->addStretch(1);
  canvas_ = new PlotCanvas(
      [this](QPainter& p, const QRectF& r) { return paint_frequency_plot(p, r, plans_, axis_, db_); });
  canvas_->setToolTip(
      tr("|H(f)| of each pane's kernel as its plan applies it (widened by 1/s when antialiasing shrinks). "
         "Above the output Nyquist s/2 a shrink folds frequencies back (aliasing): the shaded band."));
  v->addWidget(canvas_, 1);
  connect(axis_box_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_axis(i == 0 ? rl::Axis::Cols : rl::Axis::Rows); });
  connect(db_box_, &QCheckBox::toggled, this, &FrequencyResponseWidget::set_db);
}

void FrequencyResponseWidget::set_plans(QList<NamedPlan> plans) {
  plans_ = std::move(plans);
  canvas_->update();
}

void FrequencyResponseWidget::set_axis(rl::Axis a) {
  axis_ = a;
  axis_box_->setCurrentIndex(a == rl::Axis::Cols ? 0 : 1);
  canvas_->update();
}

void FrequencyResponseWidget::set_db(bool on) {
  db_ = on;
  db_box_->setChecked(on);
  canvas_->update();
}

// ---- sampling explainer ----

SamplingWidget::SamplingWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  QHBoxLayout* row = control_row(v);
  axis_box_ = new QComboBox;
  axis_box_->addItem(tr("row"));
  axis_box_->addItem(tr("column"));
  axis_box_->setToolTip(tr("The source row (horizontal pass) or column (vertical pass) through the pixel"));
  signal_box_ = new QComboBox;
  signal_box_->addItem(tr("image"));
  signal_box_->addItem(tr("step edge"));
  signal_box_->addItem(tr("impulse"));
  signal_box_->addItem(tr("chirp"));
  signal_box_->setToolTip(
      tr("The image's samples, or a test signal: a step edge (ringing), an impulse (the kernel itself), "
         "a chirp rising past the Nyquist frequency (aliasing)"));
  channel_box_ = new QComboBox;
  // Its items come with the image, after the first show (which sized it for none).
  channel_box_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  channel_box_->setToolTip(tr("Channel of the image"));
  row->addWidget(axis_box_);
  row->addWidget(signal_box_);
  row->addWidget(channel_box_);
  row->addStretch(1);
  canvas_ = new PlotCanvas([this](QPainter& p, const QRectF& r) {
    area_ = QRectF();
    title_.clear();
    const QRectF legend = paint_sampling_plot(p, r, plans_, input(), &area_, &title_);
    // The title in full first: a narrow dock cuts it with "…".
    const QString tip =
        tr("Grey stems: the samples. Curves: f(x) = sum h(x - i) p_i / sum h(x - i), what each pane's 1-D "
           "pass rebuilds between them. Triangles: the output positions u; dots: each pane's output values.");
    canvas_->setToolTip(title_.isEmpty() ? tip : title_ + QStringLiteral("\n\n") + tip);
    return legend;
  });
  v->addWidget(canvas_, 1);
  connect(axis_box_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_axis(i == 0 ? rl::Axis::Cols : rl::Axis::Rows); });
  connect(signal_box_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_signal(static_cast<Signal>(i)); });
  connect(channel_box_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_channel(std::max(0, i)); });
}

void SamplingWidget::set_plans(QList<NamedPlan> plans) {
  plans_ = std::move(plans);
  update_minimum();
  canvas_->update();
}

void SamplingWidget::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  update_minimum();
}

void SamplingWidget::update_minimum() {
  // The canvas's width follows ours.
  const double w = std::max(1, width() - 2 * PlotCanvas::kMargin);
  canvas_->setMinimumHeight(
      static_cast<int>(std::ceil(sampling_plot_min_height(QFontMetricsF(canvas_->font()), w, plans_))) +
      2 * PlotCanvas::kMargin);
}

void SamplingWidget::set_source(std::shared_ptr<const rl::Image> source) {
  source_ = std::move(source);
  const int n = source_ ? source_->channels() : 0;
  if (channel_box_->count() != n) {
    const QSignalBlocker b(channel_box_);
    channel_box_->clear();
    for (int c = 0; c < n; ++c) channel_box_->addItem(tr("channel %1").arg(c + 1));
    channel_ = std::min(channel_, std::max(0, n - 1));
    channel_box_->setCurrentIndex(channel_);
  }
  channel_box_->setVisible(n > 1);
  canvas_->update();
}

void SamplingWidget::set_pixel(int out_row, int out_col) {
  row_ = out_row;
  col_ = out_col;
  canvas_->update();
}

void SamplingWidget::set_axis(rl::Axis a) {
  axis_ = a;
  axis_box_->setCurrentIndex(a == rl::Axis::Cols ? 0 : 1);
  canvas_->update();
}

void SamplingWidget::set_signal(Signal s) {
  signal_ = s;
  signal_box_->setCurrentIndex(static_cast<int>(s));
  canvas_->update();
}

void SamplingWidget::set_channel(int c) {
  channel_ = c;
  if (c < channel_box_->count()) channel_box_->setCurrentIndex(c);
  canvas_->update();
}

SamplingInput SamplingWidget::input() const {
  if (signal_ != Signal::Image) {
    const rl::TestSignal kind = signal_ == Signal::Step      ? rl::TestSignal::Step
                                : signal_ == Signal::Impulse ? rl::TestSignal::Impulse
                                                             : rl::TestSignal::Chirp;
    return test_signal_input(kind, axis_);
  }
  // Before any pixel is hovered or locked: the reference pane's centre pixel.
  for (const NamedPlan& np : plans_)
    if (np.second && source_)
      return sampling_input(*source_, *np.second, row_ >= 0 ? row_ : np.second->out_rows / 2,
                            col_ >= 0 ? col_ : np.second->out_cols / 2, axis_, channel_);
  SamplingInput in;
  in.axis = axis_;
  return in;
}

// ---- line profile ----

LineProfileWidget::LineProfileWidget(QWidget* parent) : QWidget(parent) {
  auto* v = plain_dock_layout(this);
  QHBoxLayout* row = control_row(v);
  channel_box_ = new QComboBox;
  channel_box_->addItem(tr("luminance"));
  for (int c = 1; c <= 4; ++c) channel_box_->addItem(tr("channel %1").arg(c));
  channel_box_->setToolTip(tr("Luminance (MATLAB rgb2gray's weights) or one channel"));
  auto* hint = new QLabel(tr("Shift+drag on a pane draws the line"));
  hint->setStyleSheet("color: gray");
  hint->setMinimumWidth(1);
  row->addWidget(channel_box_);
  row->addWidget(hint, 1);
  canvas_ = new PlotCanvas([this](QPainter& p, const QRectF& r) {
    if (!line_) {
      p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, tr("Shift+drag on any pane to draw a line profile"));
      return QRectF();
    }
    return paint_profile_plot(p, r, profiles(), line_->length(), channel_, cursor_, describe_line(*line_),
                              &area_);
  });
  canvas_->setToolTip(
      tr("Each pane's values along the line, read at the nearest pixel at unit steps of its own "
         "output; hover to read every curve's value"));
  v->addWidget(canvas_, 1);
  connect(channel_box_, &QComboBox::currentIndexChanged, this, [this](int i) { set_channel(i - 1); });
  connect(canvas_, &PlotCanvas::hovered, this, [this](QPointF pos) {
    if (area_.width() > 0 && pos.x() >= area_.left() && pos.x() <= area_.right())
      set_cursor((pos.x() - area_.left()) / area_.width());
    else
      set_cursor(std::nullopt);
  });
  connect(canvas_, &PlotCanvas::left, this, [this]() { set_cursor(std::nullopt); });
}

void LineProfileWidget::set_panes(QList<ProfilePane> panes) {
  panes_ = std::move(panes);
  canvas_->update();
}

void LineProfileWidget::set_line(std::optional<QLineF> line) {
  line_ = line;
  canvas_->update();
}

void LineProfileWidget::set_channel(int c) {
  channel_ = c;
  const QSignalBlocker b(channel_box_);
  channel_box_->setCurrentIndex(std::clamp(c + 1, 0, channel_box_->count() - 1));
  canvas_->update();
}

void LineProfileWidget::set_cursor(std::optional<double> t) {
  cursor_ = t;
  canvas_->update();
}

QList<NamedProfile> LineProfileWidget::profiles() const {
  return line_ ? profiles_along(panes_, *line_) : QList<NamedProfile>();
}

}  // namespace rl::ui
