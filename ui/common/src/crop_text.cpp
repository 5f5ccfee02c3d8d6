// The crop and region text of the command line and the Export dialog.
#include "rl/ui/crop_text.hpp"

#include <QStringList>
#include <cmath>

namespace rl::ui {

QString crop_argument(const QRect& r) {
  return QStringLiteral("--crop %1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

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

std::optional<QList<QRect>> parse_crop_list(const QString& text) {
  QList<QRect> crops;
  QString spaced = text;
  spaced.replace(QLatin1Char(';'), QLatin1Char(' '));
  for (const QString& word : spaced.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (word == QLatin1String("--crop")) continue;
    const auto c = parse_crop(word);
    if (!c) return std::nullopt;
    crops << c->toAlignedRect();
  }
  return crops;
}

QString crop_list_text(const QList<QRect>& crops) {
  QStringList groups;
  for (const QRect& r : crops)
    groups << QStringLiteral("%1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
  return groups.join(QStringLiteral("; "));
}

}  // namespace rl::ui
