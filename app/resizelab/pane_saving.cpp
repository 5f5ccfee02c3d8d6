// File > Save Pane As and File > Copy Pane Command: submenus listing the panes by label, filled each
// time they open; both go through pane_command (the call that made the pane).
#include "pane_saving.hpp"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <exception>

#include "figure_export.hpp"
#include "pane_command.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"

namespace rl::ui {

namespace {

QMenu* file_menu(MainWindow& w) {
  for (QAction* a : w.menuBar()->actions())
    if (a->menu() && a->text().remove(QLatin1Char('&')) == QLatin1String("File")) return a->menu();
  return nullptr;
}

// Fills `menu` with one item per pane ("2 · nearest"), each calling `act(pane)`.
void list_panes(MainWindow& w, QMenu* menu, const std::function<void(int)>& act) {
  QObject::connect(menu, &QMenu::aboutToShow, &w, [&w, menu, act]() {
    menu->clear();
    const Document& doc = *w.document();
    for (int i = 0; i < doc.pane_count(); ++i)
      menu->addAction(QStringLiteral("&%1 \u00b7 %2").arg(i + 1).arg(pane_label(doc.pane(i))), &w,
                      [act, i]() { act(i); });
  });
}

}  // namespace

QString pane_file_name(const QString& source, int pane) {
  const QString base = source.isEmpty() ? QStringLiteral("resizelab") : QFileInfo(source).completeBaseName();
  return QStringLiteral("%1-pane%2.png").arg(base).arg(pane + 1);
}

void install_pane_saving(MainWindow& w, AskSavePath ask) {
  QMenu* file = file_menu(w);
  if (!file) return;
  QAction* before = nullptr;
  for (QAction* a : file->actions())
    if (a->text().startsWith(QLatin1String("&Export Figure"))) before = a;
  if (!ask)
    ask = [&w](const QString& suggested) {
      return QFileDialog::getSaveFileName(
          &w, QStringLiteral("Save pane as (the bytes imresize writes)"), suggested,
          QStringLiteral("Images (*.png *.bmp *.tif *.tiff *.jpg *.jpeg *.ppm "
                         "*.pgm *.pnm *.npy);;All files (*)"));
    };
  auto* save = new QMenu(QStringLiteral("&Save Pane As"), file);
  save->setObjectName(QStringLiteral("savePaneMenu"));
  save->setStatusTip(QStringLiteral("Write a pane's result, the same bytes as its imresize call writes"));
  list_panes(w, save, [&w, ask](int i) {
    const Document& doc = *w.document();
    const QString folder =
        doc.source_path().isEmpty() ? QDir::currentPath() : QFileInfo(doc.source_path()).absolutePath();
    const QString path = ask(QDir(folder).filePath(pane_file_name(doc.source_path(), i)));
    if (path.isEmpty()) return;
    try {
      save_pane(doc.comparison(), i, path);
      w.statusBar()->showMessage(QStringLiteral("Saved pane %1 to %2").arg(i + 1).arg(path), 6000);
    } catch (const std::exception& e) {
      w.show_error(QStringLiteral("Pane not saved: %1").arg(QString::fromUtf8(e.what())));
    }
  });
  auto* copy = new QMenu(QStringLiteral("Copy Pane &Command"), file);
  copy->setObjectName(QStringLiteral("copyPaneCommandMenu"));
  copy->setStatusTip(QStringLiteral("Copy the imresize call that makes a pane"));
  list_panes(w, copy, [&w](int i) {
    const Document& doc = *w.document();
    const PaneCommand command = pane_command(doc.comparison(), i);
    QString error = command.error;
    if (error.isEmpty() && doc.source_path().isEmpty())
      error = QStringLiteral("the built-in test image is no file imresize can read: open one (File > Open)");
    if (!error.isEmpty()) {
      w.show_error(QStringLiteral("No command: %1").arg(error));
      return;
    }
    const QString line =
        shell_line(imresize_args(command, doc.source_path(), pane_file_name(doc.source_path(), i)));
    QGuiApplication::clipboard()->setText(line);
    w.statusBar()->showMessage(QStringLiteral("Copied: %1").arg(line), 8000);
  });
  file->insertMenu(before, save);
  file->insertMenu(before, copy);
  if (before) file->insertSeparator(before);
}

}  // namespace rl::ui
