// The figure as a file: PNG, SVG or PDF drawn by render_figure into memory, then written to a temporary
// file and renamed (rl::write_file_atomically), so a failed export leaves an existing file untouched.
#include <QBuffer>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <cmath>
#include <stdexcept>

#include "rl/atomic_file.hpp"
#include "rl/ui/figure.hpp"

namespace rl::ui {

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
  if (!spec.comparison.source || spec.comparison.source->empty())
    return fail(QStringLiteral("the figure has no source image"));
  if (spec.comparison.results.empty()) return fail(QStringLiteral("the figure has no panes"));
  if (spec.layout == FigureLayout::SrPaper)
    if (const QString why = sr_paper_geometry(spec).error; !why.isEmpty()) return fail(why);
  if (!(spec.dpi > 0) || spec.width_px < 200 || spec.width_px > 20000)
    return fail(QStringLiteral("figure width must be 200..20000 px and the DPI positive"));
  // Drawn into memory, then written by the one writer of every output (rl::write_file_atomically):
  // no file is opened by name on the way, so no link or other user's file can be written through.
  QByteArray bytes;
  try {
    rl::check_output_writable(path.toStdString());
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const QSize size = figure_size(spec);
    if (ext == QLatin1String("png")) {
      if (!render_figure_image(spec).save(&buffer, "PNG"))
        return fail(QStringLiteral("cannot write '%1': the PNG encoder failed").arg(path));
    } else if (ext == QLatin1String("svg")) {
      QSvgGenerator gen;
      gen.setOutputDevice(&buffer);
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
      QPdfWriter pdf(&buffer);
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
    buffer.close();
    rl::write_file_atomically(path.toStdString(), bytes.constData(), static_cast<std::size_t>(bytes.size()));
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()));
  }
  return true;
}

}  // namespace rl::ui
