// The statistics' text: every number of a comparison as the views print it.
#include "statistics_text.hpp"

#include <QStringList>
#include <cmath>

#include "rl/image_ops.hpp"
#include "rl/parallel.hpp"
#include "rl/percent_text.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::ui {

QString psnr_text(double db) {
  return std::isinf(db) ? QStringLiteral("\u221e") : QString::number(db, 'f', 2);
}

QString percent_text(std::size_t part, std::size_t whole, int decimals) {
  return QString::fromStdString(rl::percent_text(part, whole, decimals));
}

QString size_text(int width, int height) { return QStringLiteral("%1\u00d7%2").arg(width).arg(height); }

QString size_text(int width, int height, int channels) {
  return size_text(width, height) + QStringLiteral("\u00d7%1").arg(channels);
}

std::vector<Statistic> statistics_of(const DiffStats& s) {
  const QString max = QString::number(s.max_abs, 'g', 4), mean = QString::number(s.mean_abs, 'g', 4);
  const QString psnr = psnr_text(s.psnr);
  const QString pct = percent_text(s.differing, s.pixels);
  const QString n = QString::number(static_cast<qulonglong>(s.differing));
  return {
      {QStringLiteral("max |\u0394|"), max, QStringLiteral("max |\u0394| ") + max, StatisticKind::MaxAbs, {}},
      {QStringLiteral("mean |\u0394|"),
       mean,
       QStringLiteral("mean |\u0394| ") + mean,
       StatisticKind::MeanAbs,
       {}},
      {QStringLiteral("PSNR"),
       psnr + QStringLiteral(" dB"),
       QStringLiteral("PSNR %1 dB").arg(psnr),
       StatisticKind::Psnr,
       {}},
      {QStringLiteral("differ"),
       QStringLiteral("%1 px (%2)").arg(n, pct),
       QStringLiteral("%1 px differ (%2)").arg(n, pct),
       StatisticKind::Differ,
       {}},
      // The values the figures above leave out; no phrase when there is none.
      {QStringLiteral("non-finite"),
       QString::number(static_cast<qulonglong>(s.non_finite)),
       non_finite_text(s),
       StatisticKind::NonFinite,
       {}}};
}

std::vector<Statistic> sr_statistics_of(SrProtocol p, const std::optional<SrScore>& s, const QString& error) {
  const QString name = QString::fromLatin1(sr_protocol_info(p).name);
  const QString psnr_name = QStringLiteral("PSNR (%1)").arg(name),
                ssim_name = QStringLiteral("SSIM (%1)").arg(name);
  if (!s)
    return {{psnr_name,
             QStringLiteral("n/a"),
             name + QStringLiteral(": ") + error,
             StatisticKind::ProtocolPsnr,
             {}},
            {ssim_name, QStringLiteral("n/a"), {}, StatisticKind::ProtocolSsim, {}}};
  const QString psnr = psnr_text(s->psnr);
  const QString ssim = QString::number(s->ssim, 'f', 4);
  return {{psnr_name,
           psnr + QStringLiteral(" dB"),
           QStringLiteral("%1 %2 dB").arg(psnr_name, psnr),
           StatisticKind::ProtocolPsnr,
           {}},
          {ssim_name, ssim, QStringLiteral("%1 %2").arg(ssim_name, ssim), StatisticKind::ProtocolSsim, {}}};
}

QString diff_summary(const PaneDiff& d) {
  if (!d.error.isEmpty()) return "difference: " + d.error;
  QStringList parts;
  const auto& stats = d.statistics.empty() && d.stats ? statistics_of(*d.stats) : d.statistics;
  for (const Statistic& s : stats)
    if (!s.phrase.isEmpty()) parts << s.phrase;
  return parts.join(QStringLiteral(" \u00b7 "));
}

Statistic region_statistic(const StatsRegion& r) {
  const QRect& s = r.source;
  const QString x_y = QStringLiteral("%1,%2").arg(s.x()).arg(s.y());
  return {QStringLiteral("region"),
          QStringLiteral("%1 %2\u00d7%3").arg(x_y).arg(s.width()).arg(s.height()),
          QStringLiteral("region %1,%2,%3").arg(x_y).arg(s.width()).arg(s.height()),
          StatisticKind::Region,
          {}};
}

namespace {
QString signed_text(int v) { return (v > 0 ? QStringLiteral("+") : QString()) + QString::number(v); }
}  // namespace

QString shape_text(const Image& img) { return size_text(img.cols(), img.rows(), img.channels()); }

Statistic nudge_statistic(QPoint nudge) {
  const QString by = signed_text(nudge.x()) + "," + signed_text(nudge.y());
  return {QStringLiteral("nudge"), by, QStringLiteral("nudged ") + by, StatisticKind::Nudge, {}};
}

Statistic values_statistic(const Image& img) {
  double sum = 0.0;
  std::size_t n = 0;
  std::vector<double> row(img.row_stride());
  for (int r = 0; r < img.rows(); ++r) {
    read_as_double(img, static_cast<std::size_t>(r) * row.size(), row.size(), row.data());
    for (const double v : row)
      if (std::abs(v) < INFINITY) {
        sum += v;
        ++n;
      }
  }
  const auto range = finite_range(img);
  if (!range || n == 0)
    return {QStringLiteral("values"), QStringLiteral("none finite"), {}, StatisticKind::Values, {}};
  const QString text =
      QStringLiteral("mean %1, %2 \u2026 %3")
          .arg(QString::number(sum / static_cast<double>(n), 'g', 5), QString::number(range->first, 'g', 5),
               QString::number(range->second, 'g', 5));
  return {QStringLiteral("values"), text, QStringLiteral("values ") + text, StatisticKind::Values, {}};
}

}  // namespace rl::ui
