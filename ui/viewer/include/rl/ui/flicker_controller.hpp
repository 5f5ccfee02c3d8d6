// A/B flicker's state: whether the panes show the image each is compared with, in its own place at the
// same zoom and offset, while Space is held, while the A/B toggle is on, or on every other tick of the
// timed flicker. The window draws what showing_reference() says and redraws on changed().
#pragma once

#include <QObject>

class QEvent;
class QTimer;

namespace rl::ui {

class FlickerController : public QObject {
  Q_OBJECT
 public:
  explicit FlickerController(QObject* parent = nullptr);

  bool showing_reference() const;
  void set_ab(bool on);
  bool ab() const { return ab_; }
  void set_hold(bool held);
  void set_timed(bool on);
  void set_interval(int ms);  // clamped to 50..10000
  int interval() const;
  const QTimer* timer() const { return timer_; }
  // Ends a Space hold on Space's release or when the application loses focus; an application-wide
  // event filter passes every event here.
  void watch_key(QEvent* e);

 signals:
  void changed();

 private:
  QTimer* timer_;
  QTimer* release_;  // ends the Space hold unless the key goes down again (see watch_key)
  bool ab_ = false;
  bool held_ = false;
  bool phase_ = false;  // the timed flicker's: true while it shows the reference
};

}  // namespace rl::ui
