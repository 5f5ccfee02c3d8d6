// Helpers shared by the viewer tests: bounded waits and an isolated settings store.
#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include "rl/ui/document.hpp"

namespace rl::ui::test {

// Settings go to this test process's own empty folder (XDG_CONFIG_HOME, where QSettings looks), so
// runs do not see each other or the user's. Call before the first QSettings of the process.
inline void isolate_settings() {
  static const QTemporaryDir dir;  // removed when the process ends
  qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir.path()));
  QCoreApplication::setOrganizationName("ResizeLabTest");
  QCoreApplication::setApplicationName("resizelab-test");
  QSettings().clear();
  if (!dir.isValid() || !QSettings().fileName().startsWith(dir.path()))
    qFatal("the settings are not in the test's own folder: %s", qPrintable(QSettings().fileName()));
}

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
