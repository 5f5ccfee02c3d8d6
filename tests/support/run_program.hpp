// Runs a program as a user runs it (offscreen platform) and gives its exit status, stdout and stderr
// without Qt's own notice about the runtime folder (the platform's, not the program's).
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

namespace rl::test {

inline int run_program(const QString& exe, const QStringList& args, QString* out, QString* err) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  p.setProcessEnvironment(env);
  p.start(exe, args);
  if (!p.waitForFinished(60000)) return -1;
  *out = QString::fromLocal8Bit(p.readAllStandardOutput());
  QStringList lines;
  for (const QString& l : QString::fromLocal8Bit(p.readAllStandardError()).split('\n', Qt::SkipEmptyParts))
    if (!l.startsWith("QStandardPaths:")) lines << l;
  *err = lines.join('\n');
  return p.exitCode();
}

}  // namespace rl::test
