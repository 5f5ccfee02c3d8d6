// The SR paper's figure: the reference (HR) small with each crop boxed in its own colour, then for each
// crop one row of insets (the HR's own, then each pane's) enlarged by an integer factor, nearest
// neighbour, with the pane's label and its whole-image PSNR / SSIM under it, from the comparison (or,
// asked for, its crop's own, labelled "crop").
#include "sr_paper_figure.hpp"

#include <QFileInfo>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include "rl/image_ops.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {
namespace {

// Okabe and Ito's colour-blind-safe palette: vermillion, blue, bluish green, orange, reddish purple,
// sky blue (repeated for more crops).
const QColor kCropColours[] = {{213, 94, 0},  {0, 114, 178},   {0, 158, 115},
                               {230, 159, 0}, {204, 121, 167}, {86, 180, 233}};

// The sizes of the parts, in pixels of a width_px-wide page (the same scale of type as the other
// layouts).
struct SrLayout {
  double W = 0, margin = 0, gap = 0, font_px = 0, line = 0, frame = 0;
};

SrLayout sr_layout(const FigureSpec& s) {
  SrLayout l;
  l.W = std::max(200, s.width_px);
  l.font_px = std::max(9.0, std::round(l.W / 100.0));
  l.line = std::round(l.font_px * 1.4);
  l.margin = std::round(l.W * 0.015);
  l.gap = std::round(l.font_px * 0.8);
  l.frame = std::max(2.0, std::round(l.font_px * 0.2));
  return l;
}

// A serif like the body text of the papers the figure goes in (Times via URW's Nimbus Roman), else
// DejaVu Serif.
QFont paper_font(const SrLayout& l) {
  QFont f;
  f.setFamilies({QStringLiteral("Nimbus Roman"), QStringLiteral("DejaVu Serif")});
  f.setPixelSize(static_cast<int>(l.font_px));
  return f;
}

std::shared_ptr<const rl::Image> reference_of(const FigureSpec& s) {
  const auto ref = s.comparison.reference();
  return ref ? ref : s.comparison.source;
}

QString rect_text(const QRect& r) {
  return QStringLiteral("%1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// The line under the insets: what the numbers are and how the insets were made.
QString caption_of(const FigureSpec& s, const SrPaperGeometry& g) {
  const Comparison& c = s.comparison;
  QString text;
  if (c.diff.protocol) {
    const SrProtocolInfo& p = sr_protocol_info(*c.diff.protocol);
    const int scale = c.sr_scale();
    if (s.crop_scores)
      text = QStringLiteral(
                 "Under each inset: PSNR (dB) / SSIM of that crop alone (not of the whole image) against "
                 "the HR's crop, as the %1 protocol scores them with nothing shaved.")
                 .arg(QLatin1String(p.name));
    else
      text = QStringLiteral(
                 "PSNR (dB) / SSIM of each whole image against the HR, as the %1 protocol scores them")
                 .arg(QLatin1String(p.name));
    if (!s.crop_scores && scale > 0)
      text += QStringLiteral(" (mod-crop to a multiple of %1, %2 px shaved).")
                  .arg(scale)
                  .arg(scale + p.extra_shave);
    else if (!s.crop_scores)
      text += QStringLiteral(" (no integer SR factor: nothing shaved).");
  } else {
    text = QStringLiteral("No SR protocol chosen: no PSNR / SSIM.");
  }
  for (const PaneConfig& pane : c.panes)
    if (pane.sr_round_trip > 0) {
      text += QStringLiteral(" Resizer insets: %1, the HR down to 1/%2 %3, up by %2 with the method named.")
                  .arg(sr_round_trip_name(pane))
                  .arg(pane.sr_round_trip)
                  .arg(sr_lr_text(pane));
      break;
    }
  QStringList factors;
  for (const SrPaperInset& in : g.insets)
    if (in.pane < 0) factors << QStringLiteral("\u00d7%1").arg(in.factor);
  text +=
      QStringLiteral(" Insets enlarged by nearest neighbour (%1).").arg(factors.join(QStringLiteral(", ")));
  return text;
}

// An inset's label, from its pane alone (so the window's figure and the command's are the same): a
// resizer's up step ("bicubic", "OpenCV INTER_CUBIC"; the caption says it is a round trip), a
// file's name.
QString label_of(const FigureSpec& s, int pane) {
  if (pane < 0) return QStringLiteral("HR");
  const PaneConfig& c = s.comparison.panes[static_cast<std::size_t>(pane)];
  if (c.sr_round_trip == 0) return pane_label(c, s.comparison.results[static_cast<std::size_t>(pane)]);
  if (c.peer) return QString::fromStdString(peers::display_name(*c.peer));
  return QString::fromStdString(rl::to_string(c.method));
}

// "HR: bird.png, 288x288 (mod-cropped from 290x290)".
QString reference_caption(const FigureSpec& s, const rl::Image& ref) {
  const rl::Image* src = s.comparison.source.get();
  QString name = s.source_path.isEmpty() ? QStringLiteral("test image") : QFileInfo(s.source_path).fileName();
  name = QStringLiteral("HR: %1, %2").arg(name, size_text(ref.cols(), ref.rows()));
  if (src && (src->rows() != ref.rows() || src->cols() != ref.cols()))
    name += QStringLiteral(" (mod-cropped from %1)").arg(size_text(src->cols(), src->rows()));
  return name;
}

// "28.42 / 0.8105" (the protocol's values), or why there are none.
QString scores_of(const FigureSpec& s, int pane, const std::optional<QRect>& crop) {
  if (pane < 0) return QStringLiteral("reference");
  const Comparison& c = s.comparison;
  const auto i = static_cast<std::size_t>(pane);
  const PaneResult& r = c.results[i];
  if (!r.error.isEmpty()) return r.error;
  const PaneDiff* d = i < c.diffs.size() ? &c.diffs[i] : nullptr;
  if (!d || !d->error.isEmpty()) return d ? d->error : QStringLiteral("not compared");
  if (!d->sr || !r.image) {
    for (const Statistic& st : d->statistics)
      if (st.kind == StatisticKind::ProtocolPsnr && !st.phrase.isEmpty()) return st.phrase;
    return QStringLiteral("n/a");
  }
  const auto shown = [](const rl::SrScore& sc) {
    return psnr_text(sc.psnr) + QStringLiteral(" / ") + QString::number(sc.ssim, 'f', 4);
  };
  if (!crop) return shown(*d->sr);
  // The crop's own scores: the pane's crop against the reference's, the protocol's values, no shave.
  const auto ref = reference_of(s);
  const rl::Image& img = *r.image;
  try {
    const rl::SrScore sc = rl::score_sr_shaved(
        rl::crop(img, crop->y(), crop->x(), crop->height(), crop->width()),
        rl::crop(*ref, crop->y(), crop->x(), crop->height(), crop->width()), 0, *c.diff.protocol);
    return QStringLiteral("crop ") + shown(sc);
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

double caption_height(const FigureSpec& s, const SrPaperGeometry& g, const SrLayout& l) {
  const QFontMetricsF fm(paper_font(l));
  const double w = l.W - 2 * l.margin;
  return std::ceil(fm.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap, caption_of(s, g)).height());
}

void text(QPainter& p, const QRectF& cell, int flags, const QString& t, TextLog* log,
          Qt::TextElideMode elide) {
  const QString shown =
      flags & Qt::TextWordWrap ? t : QFontMetricsF(p.font()).elidedText(t, elide, cell.width());
  detail::logged_text(p, cell, flags, shown, log);
}

}  // namespace

QList<QRect> sr_paper_crops(const FigureSpec& s) {
  if (!s.crops.isEmpty()) return s.crops;
  if (!s.crop.isEmpty()) return {s.crop};
  const auto ref = reference_of(s);
  return {ref ? QRect(0, 0, ref->cols(), ref->rows()) : QRect()};
}

SrPaperGeometry sr_paper_geometry(const FigureSpec& s) {
  SrPaperGeometry g;
  const SrLayout l = sr_layout(s);
  const auto ref = reference_of(s);
  if (!ref || ref->empty()) {
    g.error = QStringLiteral("the figure has no reference image");
    return g;
  }
  // The scores of a comparison narrowed to a region are that region's: never shown as an inset's.
  if (s.comparison.diff.region) {
    g.error = QStringLiteral(
                  "the scores are of region %1, not of each whole image: compare the whole images "
                  "(clear the region) for the SR paper's figure")
                  .arg(rect_text(*s.comparison.diff.region));
    return g;
  }
  const QRect whole(0, 0, ref->cols(), ref->rows());
  const QList<QRect> crops = sr_paper_crops(s);
  const double avail = l.W - 2 * l.margin;
  const int columns = 1 + static_cast<int>(s.comparison.results.size());
  const double cell_w = std::floor((avail - (columns - 1) * l.gap) / columns);
  double y = l.margin;
  // The reference at 40% of the width, or shorter when tall; boxes drawn inside it.
  double tw = std::round(avail * 0.4), th = std::round(tw * whole.height() / whole.width());
  if (th > l.W * 0.32) {
    th = std::round(l.W * 0.32);
    tw = std::max(1.0, std::round(th * whole.width() / whole.height()));
  }
  g.thumbnail = QRectF(std::round(l.margin + (avail - tw) / 2), y, tw, th);
  y += th + l.line + l.gap;  // the reference's caption line
  const double kx = tw / whole.width(), ky = th / whole.height();
  for (int j = 0; j < crops.size(); ++j) {
    const QRect& c = crops[j];
    if (c.isEmpty() || !whole.contains(c)) {
      g.error = QStringLiteral("crop %1 (%2) is outside the %3 reference")
                    .arg(j + 1)
                    .arg(rect_text(c), size_text(whole.width(), whole.height()));
      return g;
    }
    const QColor colour = kCropColours[j % std::size(kCropColours)];
    g.colours << colour;
    g.boxes << QRectF(g.thumbnail.left() + c.x() * kx, g.thumbnail.top() + c.y() * ky, c.width() * kx,
                      c.height() * ky);
    // One figure pixel per image pixel at least: a crop wider than a cell would have to be shrunk.
    const double room_w = cell_w - 2 * l.frame, room_h = std::max(room_w, cell_w * 1.5);
    const int factor = static_cast<int>(std::floor(std::min(room_w / c.width(), room_h / c.height())));
    if (factor < 1) {
      g.error = QStringLiteral(
                    "crop %1 (%2) does not fit a %3 px cell of a %4 px wide figure with %5 columns: "
                    "give a smaller crop or a larger width")
                    .arg(j + 1)
                    .arg(rect_text(c))
                    .arg(room_w)
                    .arg(l.W)
                    .arg(columns);
      return g;
    }
    const double img_w = c.width() * factor, img_h = c.height() * factor;
    const double row_h = img_h + 2 * l.frame + 2 * l.line;
    for (int col = 0; col < columns; ++col) {
      SrPaperInset in;
      in.crop = j;
      in.pane = col - 1;
      in.factor = factor;
      in.cell = QRectF(l.margin + col * (cell_w + l.gap), y, cell_w, row_h);
      in.image = QRectF(std::round(in.cell.left() + (cell_w - img_w) / 2), y + l.frame, img_w, img_h);
      // A pane of another size than the reference has no pixels here; its cell says why (the
      // comparison's error).
      const std::shared_ptr<const rl::Image>& img =
          in.pane < 0 ? ref : s.comparison.results[static_cast<std::size_t>(in.pane)].image;
      if (img && img->rows() == ref->rows() && img->cols() == ref->cols()) in.source = c;
      g.insets << in;
    }
    y += row_h + l.gap;
  }
  g.size = QSize(static_cast<int>(l.W), static_cast<int>(std::ceil(y + caption_height(s, g, l) + l.margin)));
  return g;
}

namespace detail {

QSize sr_paper_size(const FigureSpec& spec) {
  const SrPaperGeometry g = sr_paper_geometry(spec);
  return g.error.isEmpty() ? g.size : QSize(std::max(200, spec.width_px), 200);
}

void render_sr_paper(QPainter& p, const FigureSpec& s, TextLog* log) {
  const SrPaperGeometry g = sr_paper_geometry(s);
  const SrLayout l = sr_layout(s);
  const QSize size = sr_paper_size(s);
  p.save();
  p.fillRect(QRectF(QPointF(0, 0), QSizeF(size)), Qt::white);
  const QFont font = paper_font(l);
  p.setFont(font);
  p.setPen(Qt::black);
  const double avail = l.W - 2 * l.margin;
  if (!g.error.isEmpty()) {
    text(p, QRectF(l.margin, l.margin, avail, size.height() - 2 * l.margin),
         Qt::AlignCenter | Qt::TextWordWrap, g.error, log, Qt::ElideRight);
    p.restore();
    return;
  }
  const auto ref = reference_of(s);
  const DisplayRange& range = s.comparison.display;
  // The reference is a preview (smoothed when shrunk); the insets below are the pixels.
  const QImage whole = to_qimage(*ref, range);
  const QSize thumb = g.thumbnail.size().toSize();
  const bool shrink = thumb.width() < whole.width();
  p.drawImage(
      g.thumbnail.topLeft(),
      whole.scaled(thumb, Qt::IgnoreAspectRatio, shrink ? Qt::SmoothTransformation : Qt::FastTransformation));
  for (int j = 0; j < g.boxes.size(); ++j) {
    p.setPen(QPen(g.colours[j], l.frame, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    p.setBrush(Qt::NoBrush);
    // The stroke inside the box, so a crop at the image's edge keeps its frame on the thumbnail.
    p.drawRect(g.boxes[j].adjusted(l.frame / 2, l.frame / 2, -l.frame / 2, -l.frame / 2));
  }
  p.setPen(Qt::black);
  text(p, QRectF(l.margin, g.thumbnail.bottom(), avail, l.line), Qt::AlignHCenter | Qt::AlignVCenter,
       reference_caption(s, *ref), log, Qt::ElideMiddle);
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  for (const SrPaperInset& in : g.insets) {
    const QColor& colour = g.colours[in.crop];
    if (!in.source.isEmpty()) {
      const rl::Image& img =
          in.pane < 0 ? *ref : *s.comparison.results[static_cast<std::size_t>(in.pane)].image;
      const QImage px = to_qimage(
          rl::crop(img, in.source.y(), in.source.x(), in.source.height(), in.source.width()), range);
      // Enlarged here, by the integer factor, so the painter only copies: each image pixel becomes
      // factor x factor figure pixels, and PDF and SVG viewers that smooth images still show squares.
      p.drawImage(in.image.topLeft(), px.scaled(px.width() * in.factor, px.height() * in.factor,
                                                Qt::IgnoreAspectRatio, Qt::FastTransformation));
    } else {
      p.fillRect(in.image, QColor(240, 240, 240));
    }
    p.setPen(QPen(colour, l.frame, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    p.setBrush(Qt::NoBrush);
    p.drawRect(
        in.image.adjusted(-l.frame / 2, -l.frame / 2, l.frame / 2, l.frame / 2));  // outside the pixels
    p.setPen(Qt::black);
    const double ty = in.image.bottom() + l.frame;
    text(p, QRectF(in.cell.left(), ty, in.cell.width(), l.line), Qt::AlignHCenter | Qt::AlignVCenter,
         label_of(s, in.pane), log, Qt::ElideMiddle);
    text(p, QRectF(in.cell.left(), ty + l.line, in.cell.width(), l.line), Qt::AlignHCenter | Qt::AlignVCenter,
         scores_of(s, in.pane,
                   s.crop_scores && !in.source.isEmpty() ? std::optional<QRect>(in.source) : std::nullopt),
         log, Qt::ElideRight);
  }
  const double cy =
      g.insets.isEmpty() ? g.thumbnail.bottom() + l.line : g.insets.back().cell.bottom() + l.gap;
  text(p, QRectF(l.margin, cy, avail, caption_height(s, g, l)),
       Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption_of(s, g), log, Qt::ElideRight);
  p.restore();
}

}  // namespace detail
}  // namespace rl::ui
