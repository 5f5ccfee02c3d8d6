// The document's side of images pushed over the window's socket: a pane, the reference or the HR
// replaced in place, so the view, the other panes and the settings stay.
#include <QString>
#include <cmath>

#include "rl/ui/document.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {

int Document::pushed_pane(const QString& name) const {
  for (int i = 0; i < pane_count(); ++i)
    if (pane(i).is_pushed() && pane(i).pushed == name) return i;
  return -1;
}

QString Document::push_image(const QString& name, push::Role role, Image img, double scale) {
  if (role != push::Role::Hr && scale != 0)
    return QStringLiteral("a scale goes with role hr (the SR factor), not with role %1")
        .arg(QString::fromLatin1(push::to_string(role)));
  // Range and integrality first: a double from the wire converted to int out of range is undefined.
  if (scale != 0 && !(scale >= 2 && scale <= 16 && scale == std::floor(scale)))
    return QStringLiteral("the scale must be an integer SR factor 2..16, not %1").arg(scale);
  const int s = static_cast<int>(scale);
  if (role == push::Role::Pane) {
    if (name.isEmpty()) return QStringLiteral("a pane needs a name");
    const int i = pushed_pane(name);
    PaneConfig c = i >= 0 ? pane(i) : PaneConfig{};
    c.pushed = name;
    c.pushed_image = share_image(std::move(img));
    if (i >= 0) {
      set_pane(i, c);
    } else if (!add_pane(c)) {
      return QStringLiteral("the window has %1 panes already; close one first").arg(kMaxPanes);
    }
    return {};
  }
  if (role == push::Role::Reference) {
    comparison_.reference_image = share_image(std::move(img));
    reference_name_ = name.isEmpty() ? QStringLiteral("reference") : name;
    reference_path_.clear();
    comparison_.diff.against = DiffAgainst::ReferenceImage;
    emit reference_changed();
    emit params_changed();
    schedule_compute();  // results kept where nothing changed; the differences against the new one
    return {};
  }
  set_source(std::move(img), name.isEmpty() ? QStringLiteral("hr") : name);
  if (s >= 2) {
    std::vector<PaneConfig> panes = comparison_.panes;
    for (PaneConfig& p : panes)
      if (!p.is_file() && !p.is_pushed()) p.sr_round_trip = s;
    set_panes(panes);
    set_scale(s);  // the protocols' mod-crop and shave read the factor
    DiffSettings d = comparison_.diff;
    d.against = DiffAgainst::Source;
    set_diff_settings(d);
    emit reference_changed();  // what the panes are compared with: the HR now (the panel's choice follows)
  }
  return {};
}

QString Document::close_pushed(const QString& name, push::Role role) {
  if (role == push::Role::Hr) return QStringLiteral("the HR cannot be closed; push another");
  if (role == push::Role::Reference) {
    if (!reference_image()) return QStringLiteral("no reference is loaded");
    clear_reference();
    return {};
  }
  const int i = pushed_pane(name);
  if (i < 0) return QStringLiteral("no pane named '%1' was pushed").arg(name);
  if (pane_count() < 2) return QStringLiteral("'%1' is the last pane").arg(name);
  remove_pane(i);
  return {};
}

}  // namespace rl::ui
