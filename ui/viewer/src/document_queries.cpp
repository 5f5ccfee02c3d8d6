// The document's answers that start no work: the device's Qt strings, the maps' label and each
// pane's step in the work running now.
#include "rl/ui/document.hpp"

namespace rl::ui {

// ---- Device: the shared policy (rl/device_policy.hpp), with Qt strings for the toolbar and settings ----

QString to_qstring(Device d) { return QString::fromLatin1(rl::to_string(d).data(), rl::to_string(d).size()); }

std::optional<Device> parse_device(const QString& s) { return rl::parse_device(s.trimmed().toStdString()); }

QString Document::diff_label() const {
  const auto shown_ref = comparison_.reference();
  const DiffSettings d =
      shown_ref ? shown_diff_settings(comparison_.diff, comparison_.display, shown_ref->channels())
                : comparison_.diff;
  const QString ref = d.against == DiffAgainst::ReferenceImage ? "loaded reference"
                      : d.against == DiffAgainst::Source       ? "the image itself (HR)"
                                                               : "reference pane";
  // A signed map with no channel chosen keeps each pixel's channel of largest magnitude (--diff signed);
  // the view's R, G, B or alpha chooses the channel, and the label names it.
  const int from_view =
      shown_ref ? view_channel_index(comparison_.display.channel, shown_ref->channels()) : -1;
  const QString ch = d.mode == DiffMode::AbsMaxChannel ? QString("max over channels")
                     : d.channel < 0                   ? QString("channel of largest magnitude")
                     : from_view >= 0 && !d.ssim_map
                         ? QString("channel %1: %2, the view's")
                               .arg(d.channel + 1)
                               .arg(channel_names(shown_ref->channels()).value(d.channel))
                         : QString("channel %1").arg(d.channel + 1);
  if (d.ssim_map) return QString("1 - SSIM(pane, %1) (MATLAB ssim, worst channel)").arg(ref);
  if (d.mode == DiffMode::Signed) return QString("pane - %1 (%2)").arg(ref, ch);
  return QString("|pane - %1| (%2)").arg(ref, ch);
}

std::optional<PaneStep> Document::pane_step(int i) const {
  if (i < 0 || i >= pane_count()) return std::nullopt;
  if (compute_pending_) return PaneStep::Queued;  // the newest request's job has not started
  if (running_compute_ > 0 && steps_ && i < static_cast<int>(steps_->size()))
    return static_cast<PaneStep>((*steps_)[static_cast<std::size_t>(i)].load());
  if (running_diff_ > 0) return PaneStep::Comparing;
  return std::nullopt;
}

}  // namespace rl::ui
