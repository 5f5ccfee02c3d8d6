// File > Save Pane As writes a pane's result, and File > Copy Pane Command copies the imresize call
// that made it: the copied line, run by /bin/sh with the built imresize, writes the same bytes as the
// saved file, for MATLAB's methods (scale 1/3, antialiasing on and off), OpenCV's and Pillow's
// bicubic, and for the legacy boundary with a size and --as double. Panes no single call makes are
// refused with one line, and nothing is written.
#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "pane_saving.hpp"
#include "rl/ui/main_window.hpp"
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
    rl::ui::install_pane_saving(w, [this](const QString&) { return next_path; });
  }
  // The pane's item of a File submenu, as the menu shows it when it opens.
  QAction* item(const char* menu_name, int pane) {
    auto* menu = w.findChild<QMenu*>(menu_name);
    if (!menu) return nullptr;
    emit menu->aboutToShow();
    return menu->actions().value(pane);
  }
  bool settle() { return rl::ui::test::wait_idle(*w.document(), 120000); }
};

// Saves every pane through the menu and runs every copied command in `dir`; both files must be equal.
void expect_saved_equals_command(Window& win, const QDir& dir, const std::string& when) {
  const rl::ui::Document& doc = *win.w.document();
  for (int i = 0; i < doc.pane_count(); ++i) {
    const std::string what = when + ", pane " + std::to_string(i + 1);
    win.next_path = dir.filePath(QStringLiteral("saved-%1.png").arg(i + 1));
    QAction* save = win.item("savePaneMenu", i);
    ASSERT_NE(save, nullptr) << what;
    save->trigger();
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
  EXPECT_FALSE(QFile::exists(win.next_path));
  EXPECT_TRUE(w.error_text().contains("imresize --as writes that file only from a uint8 image"))
      << w.error_text().toStdString();
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
  EXPECT_TRUE(QFile::exists(win.next_path)) << w.error_text().toStdString();
  // An SR round trip is two calls.
  w.apply_sr_baselines(2);
  ASSERT_TRUE(win.settle());
  win.next_path = QDir(tmp.path()).filePath("round-trip.png");
  win.item("savePaneMenu", 0)->trigger();
  EXPECT_FALSE(QFile::exists(win.next_path));
  EXPECT_TRUE(w.error_text().contains("SR round trip, made by two calls")) << w.error_text().toStdString();
  EXPECT_FALSE(w.error_text().contains('\n'));
}

}  // namespace
