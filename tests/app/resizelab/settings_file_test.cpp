// The window's settings file is read through the bounded reader: planted as a FIFO (QSettings waited
// for a writer for ever: the window never came up), as a link to one or as a file over 1 MiB, it is
// neither read nor written; the window starts with the defaults and says why in one line. (A link to
// a device is refused by the same check, tests/core/regular_file_test.cpp; it is not planted here:
// QSettings, running as root, replaced a linked /dev/zero with its file.)
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "fresh_settings.hpp"

namespace {

struct WindowRun {
  bool finished = false;
  int code = -1;
  QString err;
};

// `resizelab ARGS` on the offscreen platform, killed after `seconds`.
WindowRun run_window(const QStringList& args, int seconds) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();  // XDG_CONFIG_HOME included
  env.insert("QT_QPA_PLATFORM", "offscreen");
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(RL_RESIZELAB_EXE), args);
  WindowRun r;
  r.finished = p.waitForFinished(seconds * 1000);
  if (!r.finished) {
    p.kill();
    p.waitForFinished();
  }
  r.code = p.exitCode();
  for (const QString& l : QString::fromLocal8Bit(p.readAllStandardError()).split('\n', Qt::SkipEmptyParts))
    if (!l.startsWith("QStandardPaths:")) r.err += l + '\n';
  return r;
}

TEST(SettingsFile, AFifoALinkToOneOrAHugeFileIsNeitherReadNorWritten) {
  // The program's own organisation and application names (app/resizelab/main.cpp) under this process's
  // empty XDG_CONFIG_HOME, which the program inherits.
  const QString dir = rl::test::fresh_settings_folder() + "/ResizeLab", conf = dir + "/resizelab.conf";
  ASSERT_TRUE(QDir().mkpath(dir));
  QTemporaryDir tmp;
  const QByteArray native = QFile::encodeName(conf);
  struct Case {
    const char* why;
    mode_t kind;
  };
  for (const Case& c : {Case{": is a FIFO; viewer settings are read from regular files only", S_IFIFO},
                        Case{": is a FIFO; viewer settings are read from regular files only", S_IFLNK},
                        Case{": larger than the 1048576-byte limit for viewer settings", S_IFREG}}) {
    QFile::remove(conf);
    if (c.kind == S_IFIFO) {
      ASSERT_EQ(::mkfifo(native.constData(), 0600), 0);
    }
    if (c.kind == S_IFLNK) {
      const QString fifo = tmp.filePath("settings.fifo");
      ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
      ASSERT_TRUE(QFile::link(fifo, conf));
    }
    if (c.kind == S_IFREG) {
      QFile f(conf);
      ASSERT_TRUE(f.open(QIODevice::WriteOnly));
      f.write("[view]\ngrid=false\n");
      ASSERT_TRUE(f.resize(std::int64_t{2} << 20));
    }
    const QString shot = tmp.filePath("shot.png");
    const WindowRun r = run_window({"--screenshot", shot}, 60);
    ASSERT_TRUE(r.finished) << c.why << ": the window did not finish within 60 s";
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
    EXPECT_TRUE(QFile::exists(shot));
    // The program's own lines (Qt's offscreen platform adds notices of its own).
    QStringList own;
    for (const QString& l : r.err.split('\n', Qt::SkipEmptyParts))
      if (l.startsWith("resizelab:")) own << l;
    EXPECT_EQ(own, QStringList{"resizelab: settings not read: " + conf + c.why}) << c.why << "\n"
                                                                                 << r.err.toStdString();
    struct stat st {};
    ASSERT_EQ(::lstat(native.constData(), &st), 0);
    EXPECT_EQ(st.st_mode & S_IFMT, c.kind) << "the planted file was replaced";
    if (c.kind == S_IFREG) {
      EXPECT_EQ(st.st_size, std::int64_t{2} << 20);
    }
  }
  QFile::remove(conf);
}

}  // namespace
