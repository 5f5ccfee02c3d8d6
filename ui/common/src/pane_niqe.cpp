// The NIQE of the compared images (see pane_niqe.hpp).
#include "pane_niqe.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>

#include "rl/niqe.hpp"

namespace rl::ui::detail {

Statistic niqe_statistic(const Image& img) {
  const QString name = QStringLiteral("NIQE");
  try {
    const NiqeScore s = niqe_score(img, NiqeProtocol::Release, nullptr, Boundary::Modern);
    // The command's own format (score_niqe.cpp prints "%10.4f"): the same digits, the same rounding.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", s.niqe);
    const QString value = QString::fromLatin1(buf);
    QString note = QStringLiteral("NIQE (release protocol, pristine model) of the whole image");
    if (s.flat_pixels > 0)
      note += QStringLiteral(
                  "; %1 pixels in flat 7x7 windows, where MATLAB's NIQE depends on the last bits of its "
                  "filter taps (docs/METRICS.md)")
                  .arg(static_cast<qulonglong>(s.flat_pixels));
    return {name, value, QStringLiteral("NIQE ") + value, StatisticKind::Niqe, note};
  } catch (const std::exception& e) {
    const QString why = QStringLiteral("no NIQE: ") + QString::fromStdString(e.what());
    return {name, QStringLiteral("\u2014"), {}, StatisticKind::Niqe, why};
  }
}

void add_niqe(PaneDiff& d, const PaneDiff* before, const std::shared_ptr<const Image>& a, bool on) {
  std::erase_if(d.statistics, [](const Statistic& s) { return s.kind == StatisticKind::Niqe; });
  d.niqe.reset();
  if (!on || !a) return;
  const bool same = before && before->niqe && before->made_from && before->made_from->image.lock() == a;
  d.niqe = same ? *before->niqe : niqe_statistic(*a);
  d.statistics.push_back(*d.niqe);
}

void update_reference_niqe(Comparison& c, const std::shared_ptr<const Image>& ref) {
  if (!c.diff.niqe || !ref || c.reference_is_pane()) {
    c.reference_niqe.reset();
    c.reference_niqe_of.reset();
    return;
  }
  if (c.reference_niqe && c.reference_niqe_of.lock() == ref) return;
  c.reference_niqe = niqe_statistic(*ref);
  c.reference_niqe_of = ref;
}

}  // namespace rl::ui::detail
