// Figure layout and painting (one routine for PNG, SVG and PDF) and the atomic writers.
#include "rl/ui/figure.hpp"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "rl/atomic_file.hpp"
#include "rl/image_ops.hpp"
#include "rl/metrics.hpp"
#include "rl/ui/plots.hpp"
#include "rl/ui/teaching_pictures.hpp"
#include "rl/ui/teaching_plots.hpp"

namespace rl::ui {
namespace {

// The part `r` (x = column, y = row) of `img`.
rl::Image crop_image(const rl::Image& img, const QRect& r) {
  return rl::crop(img, r.y(), r.x(), r.height(), r.width());
}

QRect source_crop(const FigureSpec& s) {
  const QRect whole(0, 0, s.source ? s.source->cols() : 0, s.source ? s.source->rows() : 0);
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
};

QFont figure_font(const Layout& L) {
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setPixelSize(static_cast<int>(L.font_px));
  return font;
}

const FigurePane* reference_of(const FigureSpec& s) {
  if (s.reference_pane >= 0 && s.reference_pane < s.panes.size() && s.panes[s.reference_pane].plan)
    return &s.panes[s.reference_pane];
  for (const FigurePane& p : s.panes)
    if (p.plan) return &p;
  return nullptr;
}

// The explained output pixel of the reference pane: the one asked for, else the centre.
QPoint explained_pixel(const FigureSpec& s, const rl::Plan& plan) {
  return s.pixel ? *s.pixel : QPoint(plan.out_cols / 2, plan.out_rows / 2);
}

std::optional<rl::WorkedExample> worked_example_of(const FigureSpec& s) {
  const FigurePane* ref = reference_of(s);
  if (!ref || !s.source) return std::nullopt;
  const QPoint px = explained_pixel(s, *ref->plan);
  try {
    return rl::make_worked_example(*ref->plan, *s.source, px.y(), px.x(), 0);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

QLineF profile_line_of(const FigureSpec& s) {
  if (s.profile) return *s.profile;
  const double rows = s.source ? s.source->rows() : 1, cols = s.source ? s.source->cols() : 1;
  const double mid = std::floor((rows - 1) / 2);
  return QLineF(0, mid, cols - 1, mid);
}

void paint_plot(QPainter& p, const QRectF& r, const FigureSpec& s, FigurePlot kind) {
  QList<NamedPlan> plans;
  for (const FigurePane& pane : s.panes)
    if (pane.plan) plans.append({pane.label, pane.plan});
  const FigurePane* ref = reference_of(s);
  switch (kind) {
    case FigurePlot::Kernel: paint_kernel_plot(p, r, plans); return;
    case FigurePlot::Frequency: paint_frequency_plot(p, r, plans, rl::Axis::Cols, false); return;
    case FigurePlot::Sampling: {
      if (!ref || !s.source) return;
      const QPoint px = explained_pixel(s, *ref->plan);
      paint_sampling_plot(p, r, plans,
                          sampling_input(*s.source, *ref->plan, px.y(), px.x(), rl::Axis::Cols, 0));
      return;
    }
    case FigurePlot::Taps: {
      if (!ref) return;
      const QPoint px = explained_pixel(s, *ref->plan);
      const double half = (r.width() - r.height() * 0.05) / 2;
      paint_stem_plot(p, QRectF(r.left(), r.top(), half, r.height()), ref->plan->rows, px.y(),
                      QStringLiteral("row"));
      paint_stem_plot(p, QRectF(r.right() - half, r.top(), half, r.height()), ref->plan->cols, px.x(),
                      QStringLiteral("column"));
      return;
    }
    case FigurePlot::Worked: {
      if (const auto w = worked_example_of(s))
        paint_worked_cells(p, r, *w, *ref->plan, QStringLiteral("Worked example: %1").arg(ref->label));
      return;
    }
    case FigurePlot::Mapping:
      if (ref) paint_mapping_plot(p, r, *ref->plan, explained_pixel(s, *ref->plan));
      return;
    case FigurePlot::Window:
      if (ref && s.source)
        paint_window_plot(p, r, tap_windows(plans, *s.source, explained_pixel(s, *ref->plan)));
      return;
    case FigurePlot::Surface: {
      if (!ref || !s.source) return;
      const QPoint px = explained_pixel(s, *ref->plan);
      paint_surface_plot(p, r, teaching_surfaces(*s.source, *ref->plan, px, 0, 4), {},
                         QPointF(ref->plan->cols.u[px.x()] - 1.0, ref->plan->rows.u[px.y()] - 1.0));
      return;
    }
    case FigurePlot::Profile: {
      QList<ProfilePane> panes;
      for (const FigurePane& pane : s.panes) panes.append({pane.label, pane.result, pane.plan});
      const QLineF line = profile_line_of(s);
      paint_profile_plot(p, r, profiles_along(panes, line), line.length(), -1, std::nullopt,
                         describe_line(line));
      return;
    }
  }
}

Layout make_layout(const FigureSpec& s) {
  Layout L;
  L.W = std::max(200, s.width_px);
  L.font_px = std::max(9.0, std::round(L.W / 105.0));
  L.line = L.font_px * 1.35;
  L.margin = std::round(L.W * 0.015);
  L.gap = std::round(L.font_px * 1.2);
  L.title_h = s.title.isEmpty() ? 0.0 : L.line * 1.6;
  const int n = std::max<int>(1, s.panes.size());
  L.diffs =
      s.show_diffs && (s.reference_image || (s.reference_pane >= 0 && s.reference_pane < s.panes.size()));
  L.bar_w = L.diffs ? L.font_px * 7.5 : 0.0;
  const QRect crop = source_crop(s);
  const double aspect = crop.isEmpty() ? 1.0 : std::clamp(double(crop.height()) / crop.width(), 0.2, 3.0);
  const double avail = L.W - 2 * L.margin - L.bar_w;
  if (s.layout == FigureLayout::Row) {
    L.cols = n;
    L.rows = 1;
    L.cell_w = (avail - (n - 1) * L.gap) / n;
    L.img_w = L.cell_w;
    L.img_h = L.img_w * aspect;
    // Label, crop, then (with diffs) a label, the diff map and three lines of statistics.
    L.cell_h = L.line + L.img_h + (L.diffs ? L.gap * 0.5 + L.line + L.img_h + 3.2 * L.line : 0.0);
  } else {
    L.cols = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    L.rows = (n + L.cols - 1) / L.cols;
    L.cell_w = (avail - (L.cols - 1) * L.gap) / L.cols;
    L.img_w = L.diffs ? (L.cell_w - L.gap * 0.5) / 2 : L.cell_w;
    L.img_h = L.img_w * aspect;
    L.cell_h = L.line + L.img_h + (L.diffs ? 3.2 * L.line : 0.0);
  }
  const double plot_h = std::round(std::max(L.W * 0.26, 16 * L.line));
  for (const FigurePlot kind : s.plots) {
    double h = plot_h;
    if (kind == FigurePlot::Sampling || kind == FigurePlot::Profile || kind == FigurePlot::Frequency)
      h = std::round(plot_h + 5 * L.line);                          // their legends sit below the plot
    if (kind == FigurePlot::Surface) h = std::round(plot_h * 1.5);  // a 3-D view over a heat map
    if (kind == FigurePlot::Worked) {
      const auto w = worked_example_of(s);
      h = w ? std::ceil(worked_cells_height(QFontMetricsF(figure_font(L)), *w, L.W - 2 * L.margin))
            : 2 * L.line;
    }
    L.plot_h.push_back(h);
    L.plots_h += L.gap + h;
  }
  L.H = std::ceil(L.margin + L.title_h + L.rows * L.cell_h + (L.rows - 1) * L.gap + L.plots_h + L.margin);
  return L;
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

struct PaneDiff {
  bool is_reference = false;
  QString problem;  // why there is no map (size mismatch, ...)
  rl::Image map;    // cropped rows x cols x 1 float64
  rl::DiffStats stats;
};

QString fmt_value(double v) {
  if (v == 0) return QStringLiteral("0");
  const double a = std::abs(v);
  if (a >= 100 || a == std::floor(a)) return QString::number(v, 'f', a == std::floor(a) ? 0 : 1);
  return QString::number(v, 'g', 3);
}

// Where pane i's crop and difference map go (before fitting to the image's aspect).
struct PaneBoxes {
  QRectF label, crop, diff_label, diff, stats;
};

PaneBoxes pane_boxes(const FigureSpec& s, const Layout& L, int i) {
  PaneBoxes b;
  const int gr = i / L.cols, gc = i % L.cols;
  const double x = L.margin + gc * (L.cell_w + L.gap);
  const double cy = L.margin + L.title_h + gr * (L.cell_h + L.gap);
  b.label = QRectF(x, cy, L.cell_w, L.line);
  b.crop = QRectF(x, cy + L.line, L.img_w, L.img_h);
  if (s.layout == FigureLayout::Row) {
    const double dy = b.crop.bottom() + L.gap * 0.5;
    b.diff_label = QRectF(x, dy, L.cell_w, L.line);
    b.diff = QRectF(x, dy + L.line, L.img_w, L.img_h);
    b.stats = QRectF(x, b.diff.bottom() + L.line * 0.2, L.cell_w, L.line * 3.0);
  } else {
    b.diff = QRectF(x + L.img_w + L.gap * 0.5, b.crop.top(), L.img_w, L.img_h);
    b.stats = QRectF(x, b.crop.bottom() + L.line * 0.2, L.cell_w, L.line * 3.0);
  }
  return b;
}

}  // namespace

QList<FigureImageRects> figure_image_rects(const FigureSpec& s) {
  const Layout L = make_layout(s);
  const QRect crop = source_crop(s);
  QList<FigureImageRects> out;
  for (int i = 0; i < s.panes.size(); ++i) {
    const PaneBoxes b = pane_boxes(s, L, i);
    FigureImageRects r;
    const auto& res = s.panes[i].result;
    if (res && !res->empty()) {
      const QRect rc = result_crop(crop, s.source ? s.source->rows() : 0, s.source ? s.source->cols() : 0,
                                   res->rows(), res->cols());
      r.crop = fit_box(rc.size(), b.crop);
      if (L.diffs) r.diff = fit_box(rc.size(), b.diff);
    }
    out.append(r);
  }
  return out;
}

std::optional<FigurePlot> parse_figure_plot(const QString& name) {
  for (const FigurePlot p :
       {FigurePlot::Kernel, FigurePlot::Frequency, FigurePlot::Sampling, FigurePlot::Taps, FigurePlot::Worked,
        FigurePlot::Profile, FigurePlot::Mapping, FigurePlot::Window, FigurePlot::Surface})
    if (name.trimmed().compare(to_string(p), Qt::CaseInsensitive) == 0) return p;
  return std::nullopt;
}

QString to_string(FigurePlot p) {
  switch (p) {
    case FigurePlot::Kernel: return QStringLiteral("kernel");
    case FigurePlot::Frequency: return QStringLiteral("frequency");
    case FigurePlot::Sampling: return QStringLiteral("sampling");
    case FigurePlot::Taps: return QStringLiteral("taps");
    case FigurePlot::Worked: return QStringLiteral("worked");
    case FigurePlot::Profile: return QStringLiteral("profile");
    case FigurePlot::Mapping: return QStringLiteral("mapping");
    case FigurePlot::Window: return QStringLiteral("window");
    case FigurePlot::Surface: return QStringLiteral("surface");
  }
  return {};
}

QString figure_plot_names() {
  return QStringLiteral("kernel, frequency, sampling, taps, worked, profile, mapping, window or surface");
}

QRect result_crop(const QRect& c, int src_rows, int src_cols, int out_rows, int out_cols) {
  if (src_rows <= 0 || src_cols <= 0) return {};
  const double sy = static_cast<double>(out_rows) / src_rows, sx = static_cast<double>(out_cols) / src_cols;
  // Rounded edges: a crop ending at a feature's edge in the source ends there in the result too.
  const int x0 = std::clamp(static_cast<int>(std::lround(c.x() * sx)), 0, out_cols - 1);
  const int y0 = std::clamp(static_cast<int>(std::lround(c.y() * sy)), 0, out_rows - 1);
  const int x1 = std::clamp(static_cast<int>(std::lround((c.x() + c.width()) * sx)), x0 + 1, out_cols);
  const int y1 = std::clamp(static_cast<int>(std::lround((c.y() + c.height()) * sy)), y0 + 1, out_rows);
  return QRect(x0, y0, x1 - x0, y1 - y0);
}

QSize figure_size(const FigureSpec& spec) {
  const Layout L = make_layout(spec);
  return QSize(static_cast<int>(L.W), static_cast<int>(L.H));
}

void render_figure(QPainter& p, const FigureSpec& s) {
  const Layout L = make_layout(s);
  p.save();
  p.fillRect(QRectF(0, 0, L.W, L.H), Qt::white);
  const QFont font = figure_font(L);
  p.setFont(font);
  p.setPen(Qt::black);
  double y = L.margin;
  if (!s.title.isEmpty()) {
    QFont bold = font;
    bold.setBold(true);
    bold.setPixelSize(static_cast<int>(L.font_px * 1.15));
    p.setFont(bold);
    p.drawText(QRectF(L.margin, y, L.W - 2 * L.margin, L.title_h), Qt::AlignLeft | Qt::AlignVCenter, s.title);
    p.setFont(font);
    y += L.title_h;
  }
  const QRect crop = source_crop(s);
  const int src_rows = s.source ? s.source->rows() : 0, src_cols = s.source ? s.source->cols() : 0;

  // The reference and the per-pane difference maps (cropped) with their statistics.
  const rl::Image* ref = nullptr;
  if (s.reference_image)
    ref = s.reference_image.get();
  else if (s.reference_pane >= 0 && s.reference_pane < s.panes.size() && s.panes[s.reference_pane].result)
    ref = s.panes[s.reference_pane].result.get();
  std::vector<PaneDiff> diffs(s.panes.size());
  double max_mag = 0.0;
  if (L.diffs) {
    for (int i = 0; i < s.panes.size(); ++i) {
      PaneDiff& d = diffs[i];
      const auto& res = s.panes[i].result;
      if (!s.reference_image && i == s.reference_pane) {
        d.is_reference = true;
        continue;
      }
      if (!res || !ref) {
        d.problem = QStringLiteral("no result");
        continue;
      }
      if (!res->same_shape(*ref)) {
        d.problem = QStringLiteral("size %1x%2 differs from the reference's %3x%4")
                        .arg(res->rows())
                        .arg(res->cols())
                        .arg(ref->rows())
                        .arg(ref->cols());
        continue;
      }
      const QRect rc = result_crop(crop, src_rows, src_cols, res->rows(), res->cols());
      d.stats = rl::diff_stats(*res, *ref);
      d.map = rl::diff_map(crop_image(*res, rc), crop_image(*ref, rc),
                           s.diff == FigureDiff::Signed ? rl::DiffMode::Signed : rl::DiffMode::AbsMaxChannel);
      max_mag = std::max(max_mag, rl::max_abs_finite(d.map));
    }
  }
  double lo = s.range_lo, hi = s.range_hi;
  if (s.auto_range) {
    const double m = max_mag > 0 ? max_mag : 1.0;
    lo = s.diff == FigureDiff::Signed ? -m : 0.0;
    hi = m;
  }

  for (int i = 0; i < s.panes.size(); ++i) {
    const FigurePane& pane = s.panes[i];
    const PaneBoxes b = pane_boxes(s, L, i);
    const double x = b.label.left();
    QString label = pane.label;
    if (L.diffs && diffs[i].is_reference) label += QStringLiteral(" \u2014 reference");
    p.setPen(Qt::black);
    const QFontMetricsF fm(p.font());
    p.drawText(b.label, Qt::AlignHCenter | Qt::AlignVCenter, fm.elidedText(label, Qt::ElideRight, L.cell_w));
    if (pane.result && !pane.result->empty()) {
      const QRect rc = result_crop(crop, src_rows, src_cols, pane.result->rows(), pane.result->cols());
      draw_pixels(p, to_qimage(crop_image(*pane.result, rc), s.display),
                  b.crop);  // crop first: results may be huge
    }
    if (!L.diffs) continue;
    if (!b.diff_label.isEmpty()) {
      QString what =
          s.diff == FigureDiff::Signed ? QStringLiteral("signed difference") : QStringLiteral("|difference|");
      if (s.reference_image) what += QStringLiteral(" vs ") + s.reference_label;
      p.drawText(b.diff_label, Qt::AlignHCenter | Qt::AlignVCenter,
                 fm.elidedText(what, Qt::ElideMiddle, L.cell_w));
    }
    const QRectF diff_box = b.diff;
    const double stats_y = b.stats.top();
    const PaneDiff& d = diffs[i];
    QString stats;
    if (d.is_reference) {
      p.fillRect(diff_box, QColor(245, 245, 245));
      p.drawText(diff_box, Qt::AlignCenter | Qt::TextWordWrap, QStringLiteral("reference"));
      stats = QStringLiteral("the others are compared with this pane");
    } else if (!d.problem.isEmpty()) {
      p.fillRect(diff_box, QColor(245, 245, 245));
      p.drawText(diff_box.adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap, d.problem);
    } else {
      draw_pixels(p, colorize(d.map, s.colormap, lo, hi), diff_box);
      stats = QStringLiteral("max %1, mean %2\nPSNR %3\n%4 of pixels differ (%5)")
                  .arg(fmt_value(d.stats.max_abs), QString::number(d.stats.mean_abs, 'g', 3),
                       std::isinf(d.stats.psnr) ? QStringLiteral("inf (identical)")
                                                : QStringLiteral("%1 dB").arg(d.stats.psnr, 0, 'f', 2),
                       QStringLiteral("%1%").arg(d.stats.differing_percent(), 0, 'f', 1),
                       QString::number(static_cast<qulonglong>(d.stats.differing)));
    }
    p.setPen(Qt::black);
    p.drawText(QRectF(x, stats_y, L.cell_w, L.line * 3.0), Qt::AlignHCenter | Qt::AlignTop, stats);
  }
  if (L.diffs) {
    const double bar_top =
        s.layout == FigureLayout::Row ? y + L.line * 2 + L.img_h + L.gap * 0.5 : y + L.line;
    const double bar_h =
        s.layout == FigureLayout::Row ? L.img_h : L.rows * L.cell_h + (L.rows - 1) * L.gap - 4 * L.line;
    paint_colorbar(
        p,
        QRectF(L.W - L.margin - L.bar_w + L.gap * 0.6, bar_top - L.line * 1.5, L.bar_w - L.gap * 0.6,
               bar_h + L.line * 1.5),
        s.colormap, lo, hi,
        s.diff == FigureDiff::Signed ? QStringLiteral("a \u2212 ref") : QStringLiteral("|a \u2212 ref|"));
  }
  double py = L.H - L.margin - L.plots_h;
  for (int i = 0; i < s.plots.size(); ++i) {
    py += L.gap;
    const double h = L.plot_h[static_cast<std::size_t>(i)];
    paint_plot(p, QRectF(L.margin, py, L.W - 2 * L.margin, h), s, s.plots[i]);
    py += h;
  }
  p.restore();
}

QImage render_figure_image(const FigureSpec& spec) {
  const QSize size = figure_size(spec);
  QImage img(size, QImage::Format_RGB32);
  img.fill(Qt::white);
  const int dpm = static_cast<int>(std::lround(spec.dpi / 0.0254));
  img.setDotsPerMeterX(dpm);
  img.setDotsPerMeterY(dpm);
  QPainter p(&img);
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  render_figure(p, spec);
  p.end();
  return img;
}

bool write_figure(const FigureSpec& spec, const QString& path, QString* error) {
  auto fail = [error](const QString& why) {
    if (error) *error = why;
    return false;
  };
  const QString ext = QFileInfo(path).suffix().toLower();
  if (ext != QLatin1String("png") && ext != QLatin1String("svg") && ext != QLatin1String("pdf"))
    return fail(QStringLiteral("cannot write '%1': the figure must end in .png, .svg or .pdf").arg(path));
  if (!spec.source || spec.source->empty()) return fail(QStringLiteral("the figure has no source image"));
  if (spec.panes.isEmpty()) return fail(QStringLiteral("the figure has no panes"));
  if (!(spec.dpi > 0) || spec.width_px < 200 || spec.width_px > 20000)
    return fail(QStringLiteral("figure width must be 200..20000 px and the DPI positive"));
  try {
    rl::check_output_writable(path.toStdString());
    rl::AtomicOutput out(path.toStdString());
    const QString tmp = QString::fromStdString(out.temp_path());
    const QSize size = figure_size(spec);
    if (ext == QLatin1String("png")) {
      if (!render_figure_image(spec).save(tmp, "PNG"))
        return fail(QStringLiteral("cannot write '%1'").arg(path));
    } else if (ext == QLatin1String("svg")) {
      QSvgGenerator gen;
      gen.setFileName(tmp);
      gen.setSize(size);
      gen.setViewBox(QRect(QPoint(0, 0), size));
      gen.setResolution(static_cast<int>(std::lround(spec.dpi)));
      gen.setTitle(spec.title.isEmpty() ? QStringLiteral("ResizeLab comparison") : spec.title);
      gen.setDescription(QStringLiteral("Made by ResizeLab"));
      QPainter p;
      if (!p.begin(&gen)) return fail(QStringLiteral("cannot write '%1'").arg(path));
      render_figure(p, spec);
      p.end();
    } else {
      QPdfWriter pdf(tmp);
      pdf.setResolution(static_cast<int>(std::lround(spec.dpi)));
      const double pts = 72.0 / spec.dpi;
      pdf.setPageSize(QPageSize(QSizeF(size.width() * pts, size.height() * pts), QPageSize::Point, QString(),
                                QPageSize::ExactMatch));
      pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
      pdf.setTitle(spec.title.isEmpty() ? QStringLiteral("ResizeLab comparison") : spec.title);
      pdf.setCreator(QStringLiteral("ResizeLab"));
      QPainter p;
      if (!p.begin(&pdf)) return fail(QStringLiteral("cannot write '%1'").arg(path));
      // The writer's resolution may be rounded; scale so the figure fills the page exactly.
      const double sx = p.device()->width() / static_cast<double>(size.width());
      const double sy = p.device()->height() / static_cast<double>(size.height());
      p.scale(sx, sy);
      render_figure(p, spec);
      p.end();
    }
    out.commit();
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()));
  }
  return true;
}

}  // namespace rl::ui
