// File > Save Pane As and File > Copy Pane Command: submenus listing the panes by label (and the HR in
// SR mode), filled each time they open. A save is checked here, then encoded and written on a worker
// thread through the core's atomic writer, holding the result it was asked for.
#include "rl/ui/pane_saving.hpp"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <exception>
#include <memory>

#include "rl/image_io.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"

namespace rl::ui {

namespace {

std::atomic<int> g_running{0};

QMenu* file_menu(MainWindow& w) {
  for (QAction* a : w.menuBar()->actions())
    if (a->menu() && a->text().remove(QLatin1Char('&')) == QLatin1String("File")) return a->menu();
  return nullptr;
}

// The HR's item while it has its cell (SR mode): after the panes, with the number its key has.
bool hr_shown(const MainWindow& w) {
  return w.hr_view() != nullptr && w.document()->comparison().reference();
}

QString what(const Document& doc, int i) {
  return i < doc.pane_count() ? QStringLiteral("pane %1").arg(i + 1) : QStringLiteral("the HR");
}

// Fills `menu` with one item per pane ("2 · nearest"), then the HR's, each calling `act(i)` (the HR: i
// is the pane count).
void list_panes(MainWindow& w, QMenu* menu, const std::function<void(int)>& act) {
  QObject::connect(menu, &QMenu::aboutToShow, &w, [&w, menu, act]() {
    menu->clear();
    const Document& doc = *w.document();
    for (int i = 0; i < doc.pane_count(); ++i)
      menu->addAction(QStringLiteral("&%1 \u00b7 %2").arg(i + 1).arg(pane_label(doc.pane(i))), &w,
                      [act, i]() { act(i); });
    if (hr_shown(w))
      menu->addAction(QStringLiteral("&%1 \u00b7 HR (the image itself)").arg(doc.pane_count() + 1), &w,
                      [act, n = doc.pane_count()]() { act(n); });
  });
}

// The status bar's "Saving pane 3 (7680×5760) to bird-pane3.png…" with a busy bar while saves run.
class SaveIndicator : public QWidget {
 public:
  explicit SaveIndicator(MainWindow& w) : QWidget(&w) {
    setObjectName(QStringLiteral("paneSaveProgress"));
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);
    text_ = new QLabel;
    auto* bar = new QProgressBar;
    bar->setRange(0, 0);  // encoding and fsync report no fraction: busy
    bar->setMaximumWidth(120);
    bar->setMaximumHeight(14);
    h->addWidget(text_);
    h->addWidget(bar);
    w.statusBar()->addPermanentWidget(this);  // a message shown meanwhile does not hide it
    hide();
  }
  void started(const QString& text) {
    ++running_;
    text_->setText(running_ == 1 ? text : QStringLiteral("Saving %1 panes…").arg(running_));
    show();
  }
  void finished() {
    if (--running_ == 0) hide();
  }

 private:
  QLabel* text_;
  int running_ = 0;
};

void save(MainWindow& w, int i, const QString& path, const PaneCalls& calls) {
  const Document& doc = *w.document();
  const Comparison& cmp = doc.comparison();
  std::shared_ptr<const Image> image;
  try {
    if (i < doc.pane_count()) {
      calls.check_save(cmp, i, path);
      image = cmp.results.at(static_cast<std::size_t>(i)).image;
    } else if (hr_shown(w)) {
      image = cmp.reference();  // the pixels the panes are compared with, as loaded (or mod-cropped)
    }
    if (!image)
      throw std::runtime_error(QStringLiteral("%1 has no image yet").arg(what(doc, i)).toStdString());
  } catch (const std::exception& e) {
    w.show_error(QStringLiteral("Pane not saved: %1").arg(QString::fromUtf8(e.what())));
    return;
  }
  auto* indicator = w.findChild<SaveIndicator*>(QStringLiteral("paneSaveProgress"));
  if (!indicator) indicator = new SaveIndicator(w);
  const QString name = what(doc, i);
  indicator->started(QStringLiteral("Saving %1 (%2\u00d7%3) to %4…")
                         .arg(name)
                         .arg(image->cols())
                         .arg(image->rows())
                         .arg(QFileInfo(path).fileName()));
  ++g_running;
  // The worker holds the image and the path only: a new result, a closed window or a second save
  // change nothing it writes. The atomic writer leaves the target as it was on any failure.
  auto* watcher = new QFutureWatcher<QString>(indicator);
  QObject::connect(watcher, &QFutureWatcher<QString>::finished, indicator,
                   [&w, watcher, indicator, name, path]() {
                     const QString error = watcher->result();
                     indicator->finished();
                     watcher->deleteLater();
                     if (error.isEmpty())
                       w.statusBar()->showMessage(QStringLiteral("Saved %1 to %2").arg(name, path), 6000);
                     else
                       w.show_error(QStringLiteral("%1 not saved: %2")
                                        .arg(name == QLatin1String("the HR") ? "The HR" : "Pane",
                                             error.section(QLatin1Char('\n'), 0, 0)));
                   });
  watcher->setFuture(QtConcurrent::run([image, path]() {
    QString error;
    try {
      io::save(path.toStdString(), *image);
    } catch (const std::exception& e) {
      error = QString::fromUtf8(e.what());
    }
    --g_running;
    return error;
  }));
}

// The HR is the loaded image, which no imresize call makes: said in one line, as for a file pane.
QString hr_no_command(const Document& doc) {
  const Comparison& cmp = doc.comparison();
  const auto hr = cmp.reference();
  const QString name = doc.source_path().isEmpty() ? QStringLiteral("the built-in test image")
                                                   : QFileInfo(doc.source_path()).fileName();
  QString as = QStringLiteral("as loaded");
  if (hr && cmp.source && (hr->rows() != cmp.source->rows() || hr->cols() != cmp.source->cols()))
    as = QStringLiteral("mod-cropped to %1x%2 for \u00d7%3")
             .arg(hr->cols())
             .arg(hr->rows())
             .arg(cmp.sr_scale());
  return QStringLiteral(
             "the HR is %1 %2, the image the panes are compared with: no imresize call makes "
             "it (Save Pane As writes its pixels)")
      .arg(name, as);
}

}  // namespace

QString pane_file_name(const QString& source, int pane) {
  const QString base = source.isEmpty() ? QStringLiteral("resizelab") : QFileInfo(source).completeBaseName();
  return QStringLiteral("%1-pane%2.png").arg(base).arg(pane + 1);
}

QString hr_file_name(const QString& source) {
  const QString base = source.isEmpty() ? QStringLiteral("resizelab") : QFileInfo(source).completeBaseName();
  return QStringLiteral("%1-hr.png").arg(base);
}

int pane_saves_running() { return g_running.load(); }

void install_pane_saving(MainWindow& w, PaneCalls calls, AskSavePath ask) {
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
  auto* save_menu = new QMenu(QStringLiteral("&Save Pane As"), file);
  save_menu->setObjectName(QStringLiteral("savePaneMenu"));
  save_menu->setStatusTip(
      QStringLiteral("Write a pane's result, the same bytes as its imresize call writes"));
  list_panes(w, save_menu, [&w, ask, calls](int i) {
    const Document& doc = *w.document();
    const QString folder =
        doc.source_path().isEmpty() ? QDir::currentPath() : QFileInfo(doc.source_path()).absolutePath();
    const QString name =
        i < doc.pane_count() ? pane_file_name(doc.source_path(), i) : hr_file_name(doc.source_path());
    const QString path = ask(QDir(folder).filePath(name));
    if (!path.isEmpty()) save(w, i, path, calls);
  });
  auto* copy = new QMenu(QStringLiteral("Copy Pane &Command"), file);
  copy->setObjectName(QStringLiteral("copyPaneCommandMenu"));
  copy->setStatusTip(QStringLiteral("Copy the imresize call that makes a pane"));
  list_panes(w, copy, [&w, calls](int i) {
    const Document& doc = *w.document();
    QString line, error;
    if (i >= doc.pane_count()) {
      error = hr_no_command(doc);
    } else {
      try {
        // The image's absolute path: the line works from any folder, not only the one the window
        // started in (the output is named for the folder it is run in, as Save Pane As suggests).
        const QString input = QFileInfo(doc.source_path()).absoluteFilePath();
        line = calls.command_line(doc.comparison(), i, input, pane_file_name(doc.source_path(), i));
      } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
      }
      if (error.isEmpty() && doc.source_path().isEmpty())
        error =
            QStringLiteral("the built-in test image is no file imresize can read: open one (File > Open)");
    }
    if (!error.isEmpty()) {
      w.show_error(QStringLiteral("No command: %1").arg(error));
      return;
    }
    QGuiApplication::clipboard()->setText(line);
    w.statusBar()->showMessage(QStringLiteral("Copied: %1").arg(line), 8000);
  });
  file->insertMenu(before, save_menu);
  file->insertMenu(before, copy);
  if (before) file->insertSeparator(before);
}

}  // namespace rl::ui
