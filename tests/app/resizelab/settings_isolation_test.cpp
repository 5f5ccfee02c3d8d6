// The test processes' settings store: its own empty folder, never the user's.
#include <gtest/gtest.h>

#include <QDir>
#include <QProcessEnvironment>
#include <QSettings>

#include "fresh_settings.hpp"

namespace {

TEST(TestSettings, EachTestProcessWritesUnderItsOwnEmptyFolder) {
  const QString folder = rl::test::fresh_settings_folder();
  ASSERT_FALSE(folder.isEmpty());
  // Programs a test starts inherit the variable, so the real resizelab reads the same empty store.
  EXPECT_EQ(QProcessEnvironment::systemEnvironment().value(QStringLiteral("XDG_CONFIG_HOME")), folder);
  EXPECT_FALSE(folder.startsWith(QDir::homePath() + QStringLiteral("/.config")));
  rl::test::isolate_settings("resizelab-settings-isolation-test");
  QSettings s;
  EXPECT_TRUE(s.fileName().startsWith(folder + QLatin1Char('/'))) << s.fileName().toStdString();
  EXPECT_TRUE(s.allKeys().isEmpty());
  s.setValue(QStringLiteral("probe"), 1);
  s.sync();
  EXPECT_TRUE(QFile::exists(s.fileName()));
}

}  // namespace
