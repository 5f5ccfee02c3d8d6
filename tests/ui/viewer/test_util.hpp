// Helpers shared by the viewer tests: bounded waits and an isolated settings store.
#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include "fresh_settings.hpp"
#include "rl/ui/document.hpp"

namespace rl::ui::test {

// Settings go to this process's own empty folder, so runs do not see each other or the user's.
inline void isolate_settings() { rl::test::isolate_settings(); }

// True when the newest request's results (and their difference maps) are in, within timeout_ms.
inline bool wait_idle(const Document& doc, int timeout_ms) {
  return QTest::qWaitFor([&]() { return !doc.busy() && doc.result(0).image && doc.diff(0).stats; },
                         timeout_ms);
}

// Shows `w` at the tests' 1400x900 and waits until it is exposed and `doc` has its results.
inline bool show_and_settle(QWidget& w, const Document& doc, int timeout_ms) {
  w.resize(1400, 900);
  w.show();
  return QTest::qWaitForWindowExposed(&w) && wait_idle(doc, timeout_ms);
}

}  // namespace rl::ui::test
