// The viewer's settings file (settings_file.hpp).
#include "rl/ui/settings_file.hpp"

#include <sys/stat.h>

#include <QCoreApplication>
#include <QFile>
#include <QStandardPaths>
#include <stdexcept>

#include "rl/regular_file.hpp"

namespace rl::ui {

QString settings_file_path() {
  const QString org = QCoreApplication::organizationName(), app = QCoreApplication::applicationName();
  const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + '/';
  return org.isEmpty() ? base + app + ".conf" : base + org + '/' + app + ".conf";
}

std::unique_ptr<QSettings> open_settings(QString* refusal) {
  const QString path = settings_file_path();
  const QByteArray native = QFile::encodeName(path);
  struct stat st {};
  if (::lstat(native.constData(), &st) == 0) {  // there, a link included: the bounded reader decides
    try {
      read_regular_file(native.toStdString(), kMaxSettingsBytes, "viewer settings");
    } catch (const std::runtime_error& e) {
      if (refusal) *refusal = QString::fromLocal8Bit(e.what());
      return nullptr;
    }
  }
  // That one file only (QSettings() would read organisation-wide and system files too).
  return std::make_unique<QSettings>(path, QSettings::IniFormat);
}

}  // namespace rl::ui
