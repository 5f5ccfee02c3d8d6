// File > Save Pane As writes a pane's result, and File > Copy Pane Command copies the imresize call
// that made it: the copied line, run by /bin/sh with the built imresize, writes the same bytes as the
// saved file, for MATLAB's methods (scale 1/3, antialiasing on and off), OpenCV's and Pillow's
// bicubic, and for the legacy boundary with a size and --as double. Panes no single call makes are
// refused with one line, and nothing is written. The HR in SR mode is saved as loaded, and its copied
// command says no call makes it. A 24 MP save runs off the GUI thread, whatever changes or closes.
#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QMenu>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <cstdint>
#include <memory>

#include "figure_panels.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_saving.hpp"
#include "test_util.hpp"

namespace {

QByteArray bytes_of(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Window {
  rl::ui::MainWindow w;
  QString next_path;  // what the save dialog answers
  explicit Window() {
    rl::ui::install_pane_saving(w, rl::app::pane_calls(), [this](const QString&) { return next_path; });
  }
  // The pane's item of a File submenu, as the menu shows it when it opens.
  QAction* item(const char* menu_name, int pane) {
    auto* menu = w.findChild<QMenu*>(menu_name);
    if (!menu) return nullptr;
    emit menu->aboutToShow();
    return menu->actions().value(pane);
  }
  bool settle() { return rl::ui::test::wait_idle(*w.document(), 120000); }
  // Saves are written off the GUI thread: until none runs.
  static bool saved() {
    return QTest::qWaitFor([]() { return rl::ui::pane_saves_running() == 0; }, 120000);
  }
};

// Runs the line copied for pane i in `dir` and returns the bytes it wrote ("" and a failure if none).
QByteArray command_bytes(Window& win, const QDir& dir, int i, const std::string& what) {
  QAction* copy = win.item("copyPaneCommandMenu", i);
  EXPECT_NE(copy, nullptr) << what;
  if (!copy) return {};
  QApplication::clipboard()->clear();
  copy->trigger();
  QString line = QApplication::clipboard()->text();
  EXPECT_TRUE(line.startsWith("imresize ")) << what << ": '" << line.toStdString() << "'";
  line.replace(0, 8, QStringLiteral(RL_IMRESIZE_EXE));
  QProcess sh;
  sh.setWorkingDirectory(dir.path());
  sh.start("/bin/sh", {"-c", line});
  EXPECT_TRUE(sh.waitForFinished(120000)) << what;
  EXPECT_EQ(sh.exitCode(), 0) << what << ": " << line.toStdString() << "\n"
                              << sh.readAllStandardError().toStdString();
  const QString written = dir.filePath(rl::ui::pane_file_name(win.w.document()->source_path(), i));
  const QByteArray b = bytes_of(written);
  QFile::remove(written);
  return b;
}

// Saves every pane through the menu and runs every copied command in `dir`; both files must be equal.
void expect_saved_equals_command(Window& win, const QDir& dir, const std::string& when) {
  const rl::ui::Document& doc = *win.w.document();
  for (int i = 0; i < doc.pane_count(); ++i) {
    const std::string what = when + ", pane " + std::to_string(i + 1);
    win.next_path = dir.filePath(QStringLiteral("saved-%1.png").arg(i + 1));
    QAction* save = win.item("savePaneMenu", i);
    ASSERT_NE(save, nullptr) << what;
    save->trigger();
    ASSERT_TRUE(win.saved()) << what;
    ASSERT_TRUE(QFile::exists(win.next_path)) << what << ": " << win.w.error_text().toStdString();
    QAction* copy = win.item("copyPaneCommandMenu", i);
    ASSERT_NE(copy, nullptr) << what;
    QApplication::clipboard()->clear();
    copy->trigger();
    QString line = QApplication::clipboard()->text();
    ASSERT_TRUE(line.startsWith("imresize ")) << what << ": '" << line.toStdString() << "'";
    line.replace(0, 8, QStringLiteral(RL_IMRESIZE_EXE));
    QProcess sh;
    sh.setWorkingDirectory(dir.path());
    sh.start("/bin/sh", {"-c", line});
    ASSERT_TRUE(sh.waitForFinished(60000)) << what;
    ASSERT_EQ(sh.exitCode(), 0) << what << ": " << line.toStdString() << "\n"
                                << sh.readAllStandardError().toStdString();
    const QString written = dir.filePath(rl::ui::pane_file_name(doc.source_path(), i));
    const QByteArray a = bytes_of(win.next_path), b = bytes_of(written);
    EXPECT_FALSE(a.isEmpty()) << what;
    EXPECT_TRUE(a == b) << what << ": the saved pane (" << a.size() << " bytes) is not what `"
                        << line.toStdString() << "` writes (" << b.size() << " bytes)";
    QFile::remove(written);
  }
}

rl::ui::PaneConfig peer(rl::peers::Library l, const char* method) {
  rl::ui::PaneConfig c;
  c.peer = rl::peers::make_peer_spec(l, method);
  return c;
}

TEST(SavePane, TheSavedPaneIsTheBytesItsCopiedImresizeCallWrites) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  Window win;
  rl::ui::MainWindow& w = win.w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  const QString bird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");
  w.open_file(bird);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return w.document()->source_path() == bird; }, 60000));
  w.document()->set_scale(1.0 / 3, QStringLiteral("1/3"));
  w.set_panes({{rl::Method::Bicubic, true},
               {rl::Method::Nearest, false},
               {rl::Method::Bilinear, false},
               {rl::Method::Lanczos3, true},
               peer(rl::peers::Library::OpenCV, "cubic"),
               peer(rl::peers::Library::Pillow, "bicubic")});
  ASSERT_TRUE(win.settle());
  ASSERT_EQ(w.document()->result(0).image->rows(), 96);  // ceil(288 / 3)
  expect_saved_equals_command(win, QDir(tmp.path()), "1/3");

  // The legacy boundary, a size with NaN, and MATLAB resizing im2double of the image.
  w.document()->set_boundary(rl::Boundary::Legacy);
  w.document()->set_out_size(101, rl::kNaN);
  w.document()->set_resize_class(rl::ui::ResizeClass::Double);
  w.set_panes({{rl::Method::Bicubic, true}, {rl::Method::Lanczos2, false}});
  ASSERT_TRUE(win.settle());
  ASSERT_EQ(w.document()->result(0).image->rows(), 101);
  QAction* copy = win.item("copyPaneCommandMenu", 0);
  ASSERT_NE(copy, nullptr);
  copy->trigger();
  const QString line = QApplication::clipboard()->text();
  for (const char* part : {"--size 101,NaN", "--boundary legacy", "--as double"})
    EXPECT_TRUE(line.contains(part)) << line.toStdString();
  expect_saved_equals_command(win, QDir(tmp.path()), "legacy, 101xNaN, double");

  // --as double writes a float result: not this pane's uint8 bytes in a .npy. Refused, nothing written.
  win.next_path = QDir(tmp.path()).filePath("pane.npy");
  win.item("savePaneMenu", 0)->trigger();
  ASSERT_TRUE(win.saved());
  EXPECT_FALSE(QFile::exists(win.next_path));
  EXPECT_TRUE(w.error_text().contains("imresize --as writes that file only from a uint8 image"))
      << w.error_text().toStdString();
}

// The copied line named the image as the window was given it ("photos/bird.bmp", relative to the
// folder the window started in): run from any other folder it found no file. It names the image by its
// absolute path, quoted for the shell (here a folder with a space and a quote in its name).
TEST(SavePane, TheCopiedCommandWorksFromAnyFolder) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  const QDir dir(tmp.path());
  ASSERT_TRUE(dir.mkpath("it's here/photos") && dir.mkpath("elsewhere"));
  ASSERT_TRUE(QFile::copy(QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp"),
                          dir.filePath("it's here/photos/bird.bmp")));
  const QString start = QDir::currentPath();
  const auto back = qScopeGuard([&]() { QDir::setCurrent(start); });
  ASSERT_TRUE(QDir::setCurrent(dir.filePath("it's here")));
  Window win;
  rl::ui::MainWindow& w = win.w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  w.open_file(QStringLiteral("photos/bird.bmp"));  // as `resizelab photos/bird.bmp` gives it
  ASSERT_TRUE(QTest::qWaitFor([&]() { return w.document()->source_path() == "photos/bird.bmp"; }, 60000));
  w.document()->set_scale(1.0 / 3, QStringLiteral("1/3"));
  ASSERT_TRUE(win.settle());
  const QDir elsewhere(dir.filePath("elsewhere"));
  win.next_path = elsewhere.filePath("saved.png");
  win.item("savePaneMenu", 1)->trigger();
  ASSERT_TRUE(win.saved());
  const QByteArray saved = bytes_of(win.next_path);
  ASSERT_FALSE(saved.isEmpty());
  const QByteArray run = command_bytes(win, elsewhere, 1, "pane 2 from another folder");
  EXPECT_TRUE(run == saved) << "the copied call wrote " << run.size() << " bytes, the pane " << saved.size();
  const QString line = QApplication::clipboard()->text();
  EXPECT_TRUE(line.contains(QString("'%1/it'\\''s here/photos/bird.bmp'").arg(dir.absolutePath())))
      << line.toStdString();
}

// In SR mode the HR is the pane after the others in both menus: Save Pane As writes it as loaded (the
// pixels of the file, which is what the panes are compared with), and Copy Pane Command copies nothing
// and says in one line that no imresize call makes it.
TEST(SavePane, TheHrIsAPaneSavedAsLoaded) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  Window win;
  rl::ui::MainWindow& w = win.w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  const QString bird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");
  w.open_file(bird);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return w.document()->source_path() == bird; }, 60000));
  w.apply_sr_baselines(4);
  ASSERT_TRUE(win.settle());
  const int n = w.document()->pane_count();
  ASSERT_EQ(n, 4);
  for (const char* menu : {"savePaneMenu", "copyPaneCommandMenu"}) {
    QAction* hr = win.item(menu, n);
    ASSERT_NE(hr, nullptr) << menu;
    EXPECT_EQ(hr->text().remove('&'), QString("5 \u00b7 HR (the image itself)")) << menu;
  }
  win.next_path = QDir(tmp.path()).filePath("hr.png");
  win.item("savePaneMenu", n)->trigger();
  ASSERT_TRUE(win.saved());
  const rl::Image loaded = rl::io::load(bird.toStdString()),
                  saved = rl::io::load(win.next_path.toStdString());
  ASSERT_EQ(saved.rows(), loaded.rows());
  ASSERT_EQ(saved.cols(), loaded.cols());
  ASSERT_EQ(saved.channels(), loaded.channels());
  ASSERT_EQ(saved.type(), loaded.type());
  EXPECT_TRUE(std::equal(loaded.data<std::uint8_t>(), loaded.data<std::uint8_t>() + loaded.bytes(),
                         saved.data<std::uint8_t>()));
  QApplication::clipboard()->setText("before");
  win.item("copyPaneCommandMenu", n)->trigger();
  EXPECT_EQ(QApplication::clipboard()->text(), "before");
  EXPECT_TRUE(w.error_text().contains("the HR is bird.bmp as loaded")) << w.error_text().toStdString();
  EXPECT_TRUE(w.error_text().contains("no imresize call makes it")) << w.error_text().toStdString();
  EXPECT_FALSE(w.error_text().contains('\n'));
  // Back to the panes compared with pane 1: no HR cell, no HR item.
  w.apply_panes(rl::ui::kDefaultPanes);
  ASSERT_TRUE(win.settle());
  EXPECT_EQ(win.item("savePaneMenu", 4), nullptr);
}

// 3000x2000 RGB noise (a PNG of it takes a while to encode), written to `path` for imresize to read.
bool write_noise(const QString& path) {
  rl::Image img(2000, 3000, 3, rl::ElemType::U8);
  std::uint32_t x = 12345;
  auto* d = img.data<std::uint8_t>();
  for (std::size_t k = 0; k < img.bytes(); ++k) {
    x = x * 1664525u + 1013904223u;
    d[k] = static_cast<std::uint8_t>(x >> 24);
  }
  rl::io::save(path.toStdString(), img);
  return QFile::exists(path);
}

// Save Pane As of a 24 MP result: the menu item returns at once, the GUI thread keeps turning while
// the PNG is encoded and written, the status bar says so, and the file is the bytes of the copied
// imresize call. A save started before the pane changes, or before its window closes, still writes
// the result it was asked for, whole.
TEST(SavePane, ABigSaveRunsOffTheGuiThread) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  const QDir dir(tmp.path());
  const QString source = dir.filePath("noise.png");
  ASSERT_TRUE(write_noise(source));
  auto win = std::make_unique<Window>();
  rl::ui::MainWindow& w = win->w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  w.open_file(source);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return w.document()->source_path() == source; }, 60000));
  w.set_panes({{rl::Method::Bicubic, true}});
  w.set_scale(2);
  ASSERT_TRUE(win->settle());
  ASSERT_EQ(w.document()->result(0).image->rows(), 4000);

  win->next_path = dir.filePath("big.png");
  QAction* save = win->item("savePaneMenu", 0);
  ASSERT_NE(save, nullptr);
  QElapsedTimer clock;
  clock.start();
  save->trigger();
  const qint64 trigger_ms = clock.elapsed();
  auto* progress = w.findChild<QWidget*>("paneSaveProgress");
  EXPECT_TRUE(progress && progress->isVisible()) << "no progress in the status bar";
  // A plain event loop with a 5 ms timer: the longest time between two turns while the save runs.
  qint64 last = clock.elapsed(), longest = 0;
  int turns = 0;
  {
    QEventLoop loop;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&]() {
      const qint64 now = clock.elapsed();
      longest = std::max(longest, now - last);
      last = now;
      ++turns;
      if (rl::ui::pane_saves_running() == 0 || now > 120000) loop.quit();
    });
    tick.start(5);
    loop.exec();
  }
  QTest::qWait(20);  // the watcher's report
  std::printf("24 MP save: menu item %lld ms, %lld ms in all, %d turns, longest gap %lld ms\n", trigger_ms,
              clock.elapsed(), turns, longest);
  EXPECT_LT(trigger_ms, 300) << "Save Pane As blocked the window while it wrote";
  EXPECT_LT(longest, 500) << "the GUI thread stalled while the pane was written";
  EXPECT_TRUE(!progress || !progress->isVisible());
  const QByteArray saved = bytes_of(win->next_path);
  ASSERT_FALSE(saved.isEmpty()) << w.error_text().toStdString();
  EXPECT_TRUE(saved == command_bytes(*win, dir, 0, "24 MP")) << "not the bytes of the copied imresize call";

  // The pane changes while it is written: the file is the result asked for.
  win->next_path = dir.filePath("changed.png");
  win->item("savePaneMenu", 0)->trigger();
  w.set_scale(0.5);
  ASSERT_TRUE(win->saved());
  EXPECT_TRUE(bytes_of(win->next_path) == saved);
  ASSERT_TRUE(win->settle());
  w.set_scale(2);
  ASSERT_TRUE(win->settle());
  // The window closes while it is written: the file is whole, and nothing else is left in the folder.
  win->next_path = dir.filePath("closed.png");
  win->item("savePaneMenu", 0)->trigger();
  w.close();
  win.reset();
  ASSERT_TRUE(QTest::qWaitFor([]() { return rl::ui::pane_saves_running() == 0; }, 120000));
  EXPECT_TRUE(bytes_of(dir.filePath("closed.png")) == saved);
  QStringList files = dir.entryList(QDir::Files);
  files.sort();
  EXPECT_EQ(files, QStringList({"big.png", "changed.png", "closed.png", "noise.png"}));
}

// A write that fails (a folder that is not there) says why in one line and leaves nothing.
TEST(SavePane, AFailedWriteSaysWhyInOneLine) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  Window win;
  rl::ui::MainWindow& w = win.w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  win.next_path = QDir(tmp.path()).filePath("missing/pane.png");
  win.item("savePaneMenu", 1)->trigger();
  ASSERT_TRUE(win.saved());
  ASSERT_TRUE(QTest::qWaitFor([&]() { return w.error_visible(); }, 5000));
  EXPECT_TRUE(w.error_text().startsWith("Pane not saved: ")) << w.error_text().toStdString();
  EXPECT_FALSE(w.error_text().contains('\n'));
  EXPECT_TRUE(QDir(tmp.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
}

TEST(SavePane, APaneNoSingleCallMakesIsRefusedInOneLine) {
  rl::ui::test::isolate_settings();
  QTemporaryDir tmp;
  Window win;
  rl::ui::MainWindow& w = win.w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  // The built-in image is no file: its panes save, but no command reads it.
  QApplication::clipboard()->setText("before");
  win.item("copyPaneCommandMenu", 1)->trigger();
  EXPECT_EQ(QApplication::clipboard()->text(), "before");
  EXPECT_TRUE(w.error_text().contains("built-in test image")) << w.error_text().toStdString();
  win.next_path = QDir(tmp.path()).filePath("nearest.png");
  win.item("savePaneMenu", 1)->trigger();
  ASSERT_TRUE(win.saved());
  EXPECT_TRUE(QFile::exists(win.next_path)) << w.error_text().toStdString();
  // An SR round trip is two calls.
  w.apply_sr_baselines(2);
  ASSERT_TRUE(win.settle());
  win.next_path = QDir(tmp.path()).filePath("round-trip.png");
  win.item("savePaneMenu", 0)->trigger();
  ASSERT_TRUE(win.saved());
  EXPECT_FALSE(QFile::exists(win.next_path));
  EXPECT_TRUE(w.error_text().contains("SR round trip, made by two calls")) << w.error_text().toStdString();
  EXPECT_FALSE(w.error_text().contains('\n'));
}

}  // namespace
