// The crop rule and the help lists shared by resizelab's window and --export.
#include "resizelab_options.hpp"

#include <QStringList>
#include <cmath>

#include "rl/image_io.hpp"
#include "rl/kernels.hpp"
#include "rl/peers.hpp"

namespace rl::ui {

std::optional<QRectF> parse_crop(const QString& s) {
  const QStringList parts = s.split(QLatin1Char(','));
  if (parts.size() != 4) return std::nullopt;
  double v[4];
  for (int i = 0; i < 4; ++i) {
    bool ok = false;
    v[i] = parts[i].trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v[i])) return std::nullopt;
  }
  if (!(v[2] > 0) || !(v[3] > 0)) return std::nullopt;
  return QRectF(v[0], v[1], v[2], v[3]);
}

QString crop_error(const QString& given) {
  return QStringLiteral("--crop takes x,y,w,h (source pixels) with positive w and h, got '%1'").arg(given);
}

QString matlab_method_list() { return QString::fromStdString(rl::method_names(" ", " ")); }

QString library_pane_list(const QString& indent) {
  QStringList lines;
  for (const peers::Library l : {peers::Library::OpenCV, peers::Library::Pillow, peers::Library::Torch}) {
    QStringList names;
    const QString lib = QString::fromStdString(peers::to_string(l));
    for (const std::string& m : peers::method_names(l))
      names << lib + QLatin1Char('-') + QString::fromStdString(m);
    lines << indent + names.join(QLatin1Char(' '));
  }
  return lines.join(QLatin1Char('\n'));
}

QString image_extension_list() { return QString::fromStdString(io::supported_extensions_text()); }

}  // namespace rl::ui
