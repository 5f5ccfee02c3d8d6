// Figure layout and painting: one routine that PNG, SVG and PDF (figure_writer.cpp) all draw with.
#include "rl/ui/figure.hpp"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <vector>

#include "rl/image_ops.hpp"
#include "rl/ui/plots.hpp"
#include "rl/ui/teaching_pictures.hpp"
#include "rl/ui/teaching_plots.hpp"
#include "sr_paper_figure.hpp"

namespace rl::ui {
namespace {

// The part `r` (x = column, y = row) of `img`.
rl::Image crop_image(const rl::Image& img, const QRect& r) {
  return rl::crop(img, r.y(), r.x(), r.height(), r.width());
}

const rl::Image* source_of(const FigureSpec& s) { return s.comparison.source.get(); }

int pane_count(const FigureSpec& s) { return static_cast<int>(s.comparison.results.size()); }

const PaneResult& result_of(const FigureSpec& s, int i) {
  return s.comparison.results[static_cast<std::size_t>(i)];
}

QString label_of(const FigureSpec& s, int i) {
  if (i < s.labels.size()) return s.labels[i];
  const auto& panes = s.comparison.panes;
  return i < static_cast<int>(panes.size()) ? pane_label(panes[static_cast<std::size_t>(i)]) : QString();
}

// The pane shown as the reference: compared with itself, it gets no map of its own.
bool is_reference_pane(const FigureSpec& s, int i) {
  return i == kReferencePane && s.comparison.reference_is_pane();
}

QRect source_crop(const FigureSpec& s) {
  const rl::Image* src = source_of(s);
  const QRect whole(0, 0, src ? src->cols() : 0, src ? src->rows() : 0);
  const QRect c = s.crop.isEmpty() ? whole : s.crop.intersected(whole);
  return c.isEmpty() ? whole : c;
}

// Sizes of the parts of the figure, all in pixels of a width_px-wide page.
struct Layout {
  double W = 0, H = 0, margin = 0, gap = 0, font_px = 0, line = 0;
  double title_h = 0, bar_w = 0;
  int cols = 1, rows = 1;         // pane cells
  double cell_w = 0, cell_h = 0;  // one pane cell (label + images + stats)
  double img_w = 0, img_h = 0;    // one crop image
  std::vector<double> plot_h;     // per spec.plots entry
  double plots_h = 0;             // all of them, with the gaps
  bool diffs = false;
  double stat_rows = 3.0;  // the statistics' lines under a pane: one more with an SR protocol's scores
};

QFont figure_font(const Layout& layout) {
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setPixelSize(static_cast<int>(layout.font_px));
  return font;
}

// The pane whose plan the sampling, taps and worked plots explain: the reference pane, else the
// first with a plan; -1 when none has one.
int explained_pane(const FigureSpec& s) {
  if (kReferencePane < pane_count(s) && result_of(s, kReferencePane).plan) return kReferencePane;
  for (int i = 0; i < pane_count(s); ++i)
    if (result_of(s, i).plan) return i;
  return -1;
}

// The explained output pixel of the reference pane: the one asked for, else the centre.
QPoint explained_pixel(const FigureSpec& s, const rl::Plan& plan) {
  return s.pixel ? *s.pixel : QPoint(plan.out_cols / 2, plan.out_rows / 2);
}

std::optional<rl::WorkedExample> worked_example_of(const FigureSpec& s) {
  const int ref = explained_pane(s);
  if (ref < 0 || !source_of(s)) return std::nullopt;
  const rl::Plan& plan = *result_of(s, ref).plan;
  const QPoint px = explained_pixel(s, plan);
  try {
    return rl::make_worked_example(plan, *source_of(s), px.y(), px.x(), 0);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

QLineF profile_line_of(const FigureSpec& s) {
  if (s.profile) return *s.profile;
  const rl::Image* src = source_of(s);
  const double rows = src ? src->rows() : 1, cols = src ? src->cols() : 1;
  const double mid = std::floor((rows - 1) / 2);
  return QLineF(0, mid, cols - 1, mid);
}

void paint_plot(QPainter& p, const QRectF& r, const FigureSpec& s, FigurePlot kind) {
  QList<NamedPlan> plans;
  for (int i = 0; i < pane_count(s); ++i)
    if (result_of(s, i).plan) plans.append({label_of(s, i), result_of(s, i).plan});
  const int ref = explained_pane(s);
  const rl::Plan* ref_plan = ref >= 0 ? result_of(s, ref).plan.get() : nullptr;
  switch (kind) {
    case FigurePlot::Kernel: paint_kernel_plot(p, r, plans); return;
    case FigurePlot::Frequency: paint_frequency_plot(p, r, plans, rl::Axis::Cols, false); return;
    case FigurePlot::Sampling: {
      if (!ref_plan || !source_of(s)) return;
      const QPoint px = explained_pixel(s, *ref_plan);
      paint_sampling_plot(p, r, plans,
                          sampling_input(*source_of(s), *ref_plan, px.y(), px.x(), rl::Axis::Cols, 0));
      return;
    }
    case FigurePlot::Taps: {
      if (!ref_plan) return;
      const QPoint px = explained_pixel(s, *ref_plan);
      const double half = (r.width() - r.height() * 0.05) / 2;
      paint_stem_plot(p, QRectF(r.left(), r.top(), half, r.height()), ref_plan->rows, px.y(),
                      QStringLiteral("row"));
      paint_stem_plot(p, QRectF(r.right() - half, r.top(), half, r.height()), ref_plan->cols, px.x(),
                      QStringLiteral("column"));
      return;
    }
    case FigurePlot::Worked: {
      if (const auto w = worked_example_of(s))
        paint_worked_cells(p, r, *w, *ref_plan, QStringLiteral("Worked example: %1").arg(label_of(s, ref)));
      return;
    }
    case FigurePlot::Mapping:
      if (ref_plan) paint_mapping_plot(p, r, *ref_plan, explained_pixel(s, *ref_plan));
      return;
    case FigurePlot::Window:
      if (ref_plan && source_of(s))
        paint_window_plot(p, r, tap_windows(plans, *source_of(s), explained_pixel(s, *ref_plan)));
      return;
    case FigurePlot::Surface: {
      if (!ref_plan || !source_of(s)) return;
      // The Surface dock's picture (surface_picture): the same surfaces, mark and height floor.
      paint_surface_plot(p, r, surface_picture(*source_of(s), *ref_plan, explained_pixel(s, *ref_plan)));
      return;
    }
    case FigurePlot::Profile: {
      QList<ProfilePane> panes;
      for (int i = 0; i < pane_count(s); ++i)
        panes.append({label_of(s, i), result_of(s, i).image, result_of(s, i).plan});
      const QLineF line = profile_line_of(s);
      paint_profile_plot(p, r, profiles_along(panes, line), line.length(), -1, std::nullopt,
                         describe_line(line));
      return;
    }
  }
}

Layout make_layout(const FigureSpec& s) {
  Layout layout;
  layout.W = std::max(200, s.width_px);
  layout.font_px = std::max(9.0, std::round(layout.W / 105.0));
  layout.line = layout.font_px * 1.35;
  layout.margin = std::round(layout.W * 0.015);
  layout.gap = std::round(layout.font_px * 1.2);
  layout.title_h = s.title.isEmpty() ? 0.0 : layout.line * 1.6;
  const int n = std::max(1, pane_count(s));
  layout.diffs = s.show_diffs && s.comparison.reference() != nullptr;
  if (s.comparison.diff.protocol) layout.stat_rows = 4.0;
  layout.bar_w = layout.diffs ? layout.font_px * 7.5 : 0.0;
  const QRect crop = source_crop(s);
  const double aspect = crop.isEmpty() ? 1.0 : std::clamp(double(crop.height()) / crop.width(), 0.2, 3.0);
  const double avail = layout.W - 2 * layout.margin - layout.bar_w;
  if (s.layout == FigureLayout::Row) {
    layout.cols = n;
    layout.rows = 1;
    layout.cell_w = (avail - (n - 1) * layout.gap) / n;
    layout.img_w = layout.cell_w;
    layout.img_h = layout.img_w * aspect;
    // Label, crop, then (with diffs) a label, the diff map and the lines of statistics.
    layout.cell_h =
        layout.line + layout.img_h +
        (layout.diffs ? layout.gap * 0.5 + layout.line + layout.img_h + (layout.stat_rows + 0.2) * layout.line
                      : 0.0);
  } else {
    layout.cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    layout.rows = (n + layout.cols - 1) / layout.cols;
    layout.cell_w = (avail - (layout.cols - 1) * layout.gap) / layout.cols;
    layout.img_w = layout.diffs ? (layout.cell_w - layout.gap * 0.5) / 2 : layout.cell_w;
    layout.img_h = layout.img_w * aspect;
    layout.cell_h =
        layout.line + layout.img_h + (layout.diffs ? (layout.stat_rows + 0.2) * layout.line : 0.0);
  }
  const double plot_h = std::round(std::max(layout.W * 0.26, 16 * layout.line));
  for (const FigurePlot kind : s.plots) {
    double h = plot_h;
    if (kind == FigurePlot::Sampling || kind == FigurePlot::Profile || kind == FigurePlot::Frequency)
      h = std::round(plot_h + 5 * layout.line);                     // their legends sit below the plot
    if (kind == FigurePlot::Surface) h = std::round(plot_h * 1.5);  // a 3-D view over a heat map
    if (kind == FigurePlot::Worked) {
      const auto w = worked_example_of(s);
      h = w ? std::ceil(
                  worked_cells_height(QFontMetricsF(figure_font(layout)), *w, layout.W - 2 * layout.margin))
            : 2 * layout.line;
    }
    layout.plot_h.push_back(h);
    layout.plots_h += layout.gap + h;
  }
  layout.H = std::ceil(layout.margin + layout.title_h + layout.rows * layout.cell_h +
                       (layout.rows - 1) * layout.gap + layout.plots_h + layout.margin);
  return layout;
}

// Draws `img` (rows x cols) magnified with nearest neighbour into the aspect-preserving fit of
// `box`. The image is pre-magnified by an integer factor so SVG and PDF viewers, which may smooth
// embedded images, still show square pixels.
QRectF fit_box(QSize img, const QRectF& box) {
  const double k = std::min(box.width() / img.width(), box.height() / img.height());
  const QSizeF sz(img.width() * k, img.height() * k);
  return QRectF(box.left() + (box.width() - sz.width()) / 2, box.top(), sz.width(), sz.height());
}

void draw_pixels(QPainter& p, const QImage& img, const QRectF& box) {
  if (img.isNull()) return;
  const QRectF target = fit_box(img.size(), box);
  const double k = target.width() / img.width();
  const int factor = std::clamp(static_cast<int>(std::ceil(k * 2)), 1,
                                std::max(1, 4096 / std::max(img.width(), img.height())));
  const QImage big = factor > 1 ? img.scaled(img.width() * factor, img.height() * factor,
                                             Qt::IgnoreAspectRatio, Qt::FastTransformation)
                                : img;
  p.save();
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  p.drawImage(target, big);
  p.setPen(QPen(QColor(90, 90, 90), 0));
  p.setBrush(Qt::NoBrush);
  p.drawRect(target);
  p.restore();
}

// The statistics' phrases packed into lines of at most `width`, joined by " · " within a line.
QString stats_lines(const std::vector<Statistic>& stats, const QFontMetricsF& fm, double width) {
  QStringList lines;
  for (const Statistic& st : stats) {
    if (st.phrase.isEmpty()) continue;
    const QString joined = lines.isEmpty() ? QString() : lines.back() + QStringLiteral(" · ") + st.phrase;
    if (!lines.isEmpty() && fm.horizontalAdvance(joined) <= width)
      lines.back() = joined;
    else
      lines << st.phrase;
  }
  return lines.join(QLatin1Char('\n'));
}

// What the difference row shows, e.g. "|difference| vs bird_LR_x2.png".
QString diff_caption(const FigureSpec& s) {
  const DiffSettings& d = s.comparison.diff;
  QString what =
      d.mode == DiffMode::Signed ? QStringLiteral("signed difference") : QStringLiteral("|difference|");
  if (d.ssim_map)
    what = QStringLiteral("1 \u2212 SSIM");
  else if (d.mode != DiffMode::AbsMaxChannel && d.channel >= 0)
    what += QStringLiteral(", channel %1").arg(d.channel + 1);
  if (s.comparison.against_image()) what += QStringLiteral(" vs ") + s.reference_label;
  if (s.comparison.against_source()) what += QStringLiteral(" vs HR");
  return what;
}

// Where pane i's crop and difference map go (before fitting to the image's aspect).
struct PaneBoxes {
  QRectF label, crop, diff_label, diff, stats;
};

PaneBoxes pane_boxes(const FigureSpec& s, const Layout& layout, int i) {
  PaneBoxes b;
  const int gr = i / layout.cols, gc = i % layout.cols;
  const double x = layout.margin + gc * (layout.cell_w + layout.gap);
  const double cy = layout.margin + layout.title_h + gr * (layout.cell_h + layout.gap);
  b.label = QRectF(x, cy, layout.cell_w, layout.line);
  b.crop = QRectF(x, cy + layout.line, layout.img_w, layout.img_h);
  if (s.layout == FigureLayout::Row) {
    const double dy = b.crop.bottom() + layout.gap * 0.5;
    b.diff_label = QRectF(x, dy, layout.cell_w, layout.line);
    b.diff = QRectF(x, dy + layout.line, layout.img_w, layout.img_h);
    b.stats = QRectF(x, b.diff.bottom() + layout.line * 0.2, layout.cell_w, layout.line * layout.stat_rows);
  } else {
    b.diff = QRectF(x + layout.img_w + layout.gap * 0.5, b.crop.top(), layout.img_w, layout.img_h);
    b.stats = QRectF(x, b.crop.bottom() + layout.line * 0.2, layout.cell_w, layout.line * layout.stat_rows);
  }
  return b;
}

}  // namespace

QList<FigureImageRects> figure_image_rects(const FigureSpec& s) {
  if (s.layout == FigureLayout::SrPaper) return {};  // its insets: sr_paper_geometry
  const Layout layout = make_layout(s);
  const QRect crop = source_crop(s);
  const rl::Image* src = source_of(s);
  QList<FigureImageRects> out;
  for (int i = 0; i < pane_count(s); ++i) {
    const PaneBoxes b = pane_boxes(s, layout, i);
    FigureImageRects r;
    const auto& res = result_of(s, i).image;
    if (res && !res->empty()) {
      const QRect rc =
          result_crop(crop, src ? src->rows() : 0, src ? src->cols() : 0, res->rows(), res->cols());
      r.crop = fit_box(rc.size(), b.crop);
      if (layout.diffs) r.diff = fit_box(rc.size(), b.diff);
    }
    out.append(r);
  }
  return out;
}

QSize figure_size(const FigureSpec& spec) {
  if (spec.layout == FigureLayout::SrPaper) return detail::sr_paper_size(spec);
  const Layout layout = make_layout(spec);
  return QSize(static_cast<int>(layout.W), static_cast<int>(layout.H));
}

void render_figure(QPainter& p, const FigureSpec& s, TextLog* log) {
  if (s.layout == FigureLayout::SrPaper) {
    detail::render_sr_paper(p, s, log);
    return;
  }
  const Layout layout = make_layout(s);
  p.save();
  p.fillRect(QRectF(0, 0, layout.W, layout.H), Qt::white);
  const QFont font = figure_font(layout);
  p.setFont(font);
  p.setPen(Qt::black);
  double y = layout.margin;
  if (!s.title.isEmpty()) {
    QFont bold = font;
    bold.setBold(true);
    bold.setPixelSize(static_cast<int>(layout.font_px * 1.15));
    p.setFont(bold);
    p.drawText(QRectF(layout.margin, y, layout.W - 2 * layout.margin, layout.title_h),
               Qt::AlignLeft | Qt::AlignVCenter, s.title);
    p.setFont(font);
    y += layout.title_h;
  }
  const QRect crop = source_crop(s);
  const rl::Image* src = source_of(s);
  const int src_rows = src ? src->rows() : 0, src_cols = src ? src->cols() : 0;
  const Comparison& cmp = s.comparison;

  for (int i = 0; i < pane_count(s); ++i) {
    const PaneResult& pane = result_of(s, i);
    const PaneBoxes b = pane_boxes(s, layout, i);
    const double x = b.label.left();
    QString label = label_of(s, i);
    if (layout.diffs && is_reference_pane(s, i)) label += QStringLiteral(" \u2014 reference");
    p.setPen(Qt::black);
    const QFontMetricsF fm(p.font());
    p.drawText(b.label, Qt::AlignHCenter | Qt::AlignVCenter,
               fm.elidedText(label, Qt::ElideRight, layout.cell_w));
    static const PaneDiff kNone;
    const PaneDiff& d =
        i < static_cast<int>(cmp.diffs.size()) ? cmp.diffs[static_cast<std::size_t>(i)] : kNone;
    QRect rc;
    if (pane.image && !pane.image->empty()) {
      rc = result_crop(crop, src_rows, src_cols, pane.image->rows(), pane.image->cols());
      // A nudged pane as the window shows it: moved, the uncovered strip checkered.
      draw_pixels(p,
                  d.nudged ? d.nudged_display.copy(rc) : to_qimage(crop_image(*pane.image, rc), cmp.display),
                  b.crop);  // crop first: results may be huge
    }
    if (!layout.diffs) continue;
    if (!b.diff_label.isEmpty())
      p.drawText(b.diff_label, Qt::AlignHCenter | Qt::AlignVCenter,
                 fm.elidedText(diff_caption(s), Qt::ElideMiddle, layout.cell_w));
    const QRectF diff_box = b.diff;
    const double stats_y = b.stats.top();
    QString stats;
    if (is_reference_pane(s, i)) {
      p.fillRect(diff_box, QColor(245, 245, 245));
      p.drawText(diff_box, Qt::AlignCenter | Qt::TextWordWrap, QStringLiteral("reference"));
      stats = QStringLiteral("the others are compared with this pane");
    } else if (!d.has_map()) {
      p.fillRect(diff_box, QColor(245, 245, 245));
      const QString problem = !d.error.isEmpty()      ? d.error
                              : !pane.error.isEmpty() ? pane.error
                                                      : QStringLiteral("no result");
      p.drawText(diff_box.adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap, problem);
    } else {
      draw_pixels(p,
                  d.nudged ? d.colored.copy(rc)
                           : colorize(map_part(d, rc), cmp.scale.colormap, cmp.scale.lo, cmp.scale.hi),
                  diff_box);
      stats = stats_lines(d.statistics, fm, layout.cell_w);
    }
    p.setPen(Qt::black);
    p.drawText(QRectF(x, stats_y, layout.cell_w, layout.line * layout.stat_rows),
               Qt::AlignHCenter | Qt::AlignTop, stats);
  }
  if (layout.diffs) {
    const double bar_top = s.layout == FigureLayout::Row
                               ? y + layout.line * 2 + layout.img_h + layout.gap * 0.5
                               : y + layout.line;
    const double bar_h = s.layout == FigureLayout::Row
                             ? layout.img_h
                             : layout.rows * layout.cell_h + (layout.rows - 1) * layout.gap - 4 * layout.line;
    paint_colorbar(
        p,
        QRectF(layout.W - layout.margin - layout.bar_w + layout.gap * 0.6, bar_top - layout.line * 1.5,
               layout.bar_w - layout.gap * 0.6, bar_h + layout.line * 1.5),
        cmp.scale.colormap, cmp.scale.lo, cmp.scale.hi, cmp.scale.label, cmp.scale.non_finite);
  }
  double py = layout.H - layout.margin - layout.plots_h;
  for (int i = 0; i < s.plots.size(); ++i) {
    py += layout.gap;
    const double h = layout.plot_h[static_cast<std::size_t>(i)];
    paint_plot(p, QRectF(layout.margin, py, layout.W - 2 * layout.margin, h), s, s.plots[i]);
    py += h;
  }
  p.restore();
}

}  // namespace rl::ui
