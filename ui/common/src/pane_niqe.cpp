// The NIQE of the compared images (see pane_niqe.hpp) and the choice of which (niqe_choice.hpp).
#include "pane_niqe.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>

#include "rl/image_ops.hpp"
#include "rl/niqe.hpp"
#include "statistics_text.hpp"

namespace rl::ui {

NiqeChoice niqe_choice(NiqeProtocol p, const QString& mean, const QString& cov) {
  NiqeChoice c;
  c.protocol = p;
  c.model_mean = mean;
  c.model_cov = cov;
  if (mean.isEmpty() && cov.isEmpty()) return c;
  try {
    if (mean.isEmpty() || cov.isEmpty())
      throw std::invalid_argument("a model needs its mean and its covariance");
    c.model = std::make_shared<const NiqeModel>(read_niqe_model(mean.toStdString(), cov.toStdString()));
  } catch (const std::exception& e) {
    c.model_error = QString::fromUtf8(e.what());
  }
  return c;
}

QString niqe_name(const NiqeChoice& c) {
  QStringList what;
  if (c.protocol != NiqeProtocol::Release) what << QLatin1String(niqe_protocol_info(c.protocol).name);
  if (c.own_model()) what << QStringLiteral("own model");
  return what.isEmpty() ? QStringLiteral("NIQE")
                        : QStringLiteral("NIQE (%1)").arg(what.join(QStringLiteral(", ")));
}

}  // namespace rl::ui

namespace rl::ui::detail {

QSize niqe_min_size(NiqeProtocol p) {
  const int shave = niqe_protocol_info(p).shave;
  return {2 * kNiqeBlock + 2 * shave, kNiqeBlock + 2 * shave};
}

namespace {
// Whether a w x h image holds the two whole blocks protocol p needs after its shave.
bool holds_two_blocks(int w, int h, NiqeProtocol p) {
  const int shave = niqe_protocol_info(p).shave;
  const long long across = std::max(0, w - 2 * shave) / kNiqeBlock,
                  down = std::max(0, h - 2 * shave) / kNiqeBlock;
  return across * down >= 2;
}
}  // namespace

Statistic niqe_statistic(const Image& img, const NiqeChoice& c, const std::optional<QRect>& part) {
  const QString name = niqe_name(c);
  const QString protocol = QLatin1String(niqe_protocol_info(c.protocol).name);
  const QString model = c.own_model()
                            ? QStringLiteral("the model of %1 and %2").arg(c.model_mean, c.model_cov)
                            : QStringLiteral("the pristine model");
  const QString of = part ? QStringLiteral("the region's %1 px").arg(size_text(part->width(), part->height()))
                          : QStringLiteral("the whole image");
  if (part && !holds_two_blocks(part->width(), part->height(), c.protocol)) {
    // Too small for a NIQE: said so under the region's header, never the whole image's value.
    const QSize m = niqe_min_size(c.protocol);
    const QString needs = QStringLiteral("(needs \u2265 %1 or %2 px)")
                              .arg(size_text(m.width(), m.height()), size_text(m.height(), m.width()));
    return {name, QStringLiteral("\u2014"), name + QStringLiteral(": region too small ") + needs,
            StatisticKind::Niqe,
            QStringLiteral("region too small for NIQE %1: two whole %2 blocks in %3")
                    .arg(needs, size_text(kNiqeBlock, kNiqeBlock), of) +
                (niqe_protocol_info(c.protocol).shave > 0
                     ? QStringLiteral(" after the %1 protocol's %2 px shave on each side")
                           .arg(protocol)
                           .arg(niqe_protocol_info(c.protocol).shave)
                     : QString())};
  }
  try {
    if (c.own_model() && !c.model) throw std::invalid_argument("model: " + c.model_error.toStdString());
    const NiqeScore s = part ? niqe_score(crop(img, part->y(), part->x(), part->height(), part->width()),
                                          c.protocol, c.model.get(), Boundary::Modern)
                             : niqe_score(img, c.protocol, c.model.get(), Boundary::Modern);
    // The command's own format (score_niqe.cpp prints "%10.4f"): the same digits, the same rounding.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", s.niqe);
    const QString value = QString::fromLatin1(buf);
    QString note = QStringLiteral("NIQE (%1 protocol, %2) of %3").arg(protocol, model, of);
    if (s.flat_pixels > 0)
      note += QStringLiteral(
                  "; %1 pixels in flat 7x7 windows, where MATLAB's NIQE depends on the last bits of its "
                  "filter taps (docs/METRICS.md)")
                  .arg(static_cast<qulonglong>(s.flat_pixels));
    return {name, value, name + QLatin1Char(' ') + value, StatisticKind::Niqe, note};
  } catch (const std::exception& e) {
    const QString why = QStringLiteral("no NIQE: ") + QString::fromStdString(e.what());
    return {name, QStringLiteral("\u2014"), {}, StatisticKind::Niqe, why};
  }
}

void add_niqe(PaneDiff& d, const PaneDiff* before, const std::shared_ptr<const Image>& a,
              const std::optional<NiqeChoice>& choice, const std::optional<QRect>& part) {
  std::erase_if(d.statistics, [](const Statistic& s) { return s.kind == StatisticKind::Niqe; });
  d.niqe.reset();
  d.niqe_choice.reset();
  d.niqe_part.reset();
  if (!choice || !a) return;
  const bool same = before && before->niqe && before->niqe_choice == choice && before->niqe_part == part &&
                    before->made_from && before->made_from->image.lock() == a;
  d.niqe = same ? *before->niqe : niqe_statistic(*a, *choice, part);
  d.niqe_choice = choice;
  d.niqe_part = part;
  d.statistics.push_back(*d.niqe);
}

void update_reference_niqe(Comparison& c, const std::shared_ptr<const Image>& ref) {
  if (!c.diff.niqe || !ref || c.reference_is_pane()) {
    c.reference_niqe.reset();
    c.reference_niqe_of = {};
    return;
  }
  const std::optional<QRect> part = c.reference_region();  // the panes' part of it: one scope per table
  if (c.reference_niqe && c.reference_niqe_of.image.lock() == ref && c.reference_niqe_of.part == part &&
      c.reference_niqe_of.choice == *c.diff.niqe)
    return;
  c.reference_niqe = niqe_statistic(*ref, *c.diff.niqe, part);
  c.reference_niqe_of = {ref, part, *c.diff.niqe};
}

}  // namespace rl::ui::detail
