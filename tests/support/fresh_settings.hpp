// One empty settings folder per test process. Every test that starts the window or the export (in
// process, or as the real program, which inherits the environment) reads and writes its settings
// under a temporary XDG_CONFIG_HOME made here, so a test run neither sees nor changes what the user
// saved, and two tests running at once never share a store.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace rl::test {

// The folder; made on the first call and removed when the process exits.
inline QString fresh_settings_folder() {
  static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/resizelab-test-settings-XXXXXX"));
  static const bool set = [] {
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir.path()));
    return true;
  }();
  (void)set;
  return dir.path();
}

// Points this process (and the programs it starts) at its own empty folder and clears the store.
inline void isolate_settings(const char* application = "resizelab-test") {
  fresh_settings_folder();
  QStandardPaths::setTestModeEnabled(false);
  QCoreApplication::setOrganizationName(QStringLiteral("ResizeLabTest"));
  QCoreApplication::setApplicationName(QString::fromLatin1(application));
  QSettings().clear();
  if (!QSettings().fileName().startsWith(fresh_settings_folder() + QLatin1Char('/')))
    qFatal("the settings are not in the test's own folder: %s", qPrintable(QSettings().fileName()));
}

}  // namespace rl::test
