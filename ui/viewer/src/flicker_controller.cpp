// The A/B flicker's hold, toggle and timer (see flicker_controller.hpp).
#include "rl/ui/flicker_controller.hpp"

#include <QEvent>
#include <QKeyEvent>
#include <QTimer>
#include <algorithm>

namespace rl::ui {

namespace {
// How long after Space comes up the hold ends, unless the key goes down again (a key repeat).
constexpr int kReleaseMs = 60;
}  // namespace

FlickerController::FlickerController(QObject* parent)
    : QObject(parent), timer_(new QTimer(this)), release_(new QTimer(this)) {
  release_->setSingleShot(true);
  release_->setInterval(kReleaseMs);
  connect(release_, &QTimer::timeout, this, [this]() { set_hold(false); });
  timer_->setInterval(500);
  connect(timer_, &QTimer::timeout, this, [this]() {
    phase_ = !phase_;
    emit changed();
  });
}

bool FlickerController::showing_reference() const {
  if (held_) return true;
  if (timer_->isActive()) return phase_;
  return ab_;
}

void FlickerController::set_ab(bool on) {
  ab_ = on;
  emit changed();
}

void FlickerController::set_hold(bool held) {
  if (held == held_) return;
  held_ = held;
  emit changed();
}

void FlickerController::set_timed(bool on) {
  phase_ = false;
  if (on)
    timer_->start();
  else
    timer_->stop();
  emit changed();
}

void FlickerController::set_interval(int ms) { timer_->setInterval(std::clamp(ms, 50, 10000)); }

int FlickerController::interval() const { return timer_->interval(); }

void FlickerController::watch_key(QEvent* e) {
  if (!held_) return;
  const bool space = (e->type() == QEvent::KeyRelease || e->type() == QEvent::KeyPress ||
                      e->type() == QEvent::ShortcutOverride) &&
                     static_cast<QKeyEvent*>(e)->key() == Qt::Key_Space;
  // An X server's key repeat can arrive as release + press pairs that are not marked as repeats: a
  // release ends the hold only when no press follows it shortly.
  if (space && e->type() == QEvent::KeyRelease && !static_cast<QKeyEvent*>(e)->isAutoRepeat())
    release_->start();
  else if (space)
    release_->stop();
  // A key released in another window never arrives here: leaving the application ends the hold too.
  if (e->type() == QEvent::ApplicationDeactivate) set_hold(false);
}

}  // namespace rl::ui
