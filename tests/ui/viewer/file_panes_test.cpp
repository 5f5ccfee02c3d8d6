// Image files as panes in the real main window, offscreen: File > Add Image as Pane (without its
// dialog), a file dropped on a pane or between the panes, --watch reading a rewritten or replaced file
// again with the view kept, and bad files as one line in the banner with the other panes intact.
#include <fcntl.h>
#include <sys/stat.h>

#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>
#include <algorithm>
#include <cstdio>
#include <memory>

#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_state.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

constexpr int kWaitMs = 60000;

// A drop of `path` as a file manager sends it, at the middle of `target`.
void drop_file(QWidget* target, const QString& path) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(path)});
  const QPointF at(target->width() / 2.0, target->height() / 2.0);
  QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(target, &enter);
  QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(target, &drop);
}

// The image with every element `delta` away (up, or down where up would pass 255): a different file of
// the same size whose |difference| is `delta` everywhere.
rl::Image shifted(const rl::Image& img, int delta) {
  rl::Image out = img;
  auto* v = out.data<std::uint8_t>();
  for (std::size_t i = 0; i < out.elements(); ++i)
    v[i] = static_cast<std::uint8_t>(v[i] + delta <= 255 ? v[i] + delta : v[i] - delta);
  return out;
}

// The file's modification time, and setting it (the access time left as it is).
timespec mtime_of(const QString& path) {
  struct stat st {};
  ::stat(QFile::encodeName(path).constData(), &st);
  return st.st_mtim;
}
bool set_mtime(const QString& path, const timespec& mtime) {
  const timespec times[2] = {{0, UTIME_OMIT}, mtime};
  return ::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0) == 0;
}

}  // namespace

class FilePanesTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  QTemporaryDir dir_;
  Document* doc() { return w_->document(); }
  QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
  // Waits for the panes' results after a change made now (the job starts on the next turn).
  bool settle() {
    QTest::qWait(20);
    return test::wait_idle(*doc(), kWaitMs);
  }
  const rl::Image& reference_pane() { return *doc()->result(Document::kReferencePane).image; }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
    QCOMPARE(doc()->pane_count(), Document::kPanes);
    QCOMPARE(doc()->source()->type(), rl::ElemType::U8);
  }

  // The reference pane's own pixels as a PNG: a fifth pane, named by its file, differing nowhere; a
  // copy with every value one away differs by exactly 1 at every pixel.
  void addImageAsPaneComparesAFileWithTheReference() {
    const rl::Image ref = reference_pane();
    rl::io::save(path("matlab_copy.png").toStdString(), ref);
    w_->add_image_pane(path("matlab_copy.png"));
    QVERIFY(settle());
    QCOMPARE(doc()->pane_count(), 5);
    QCOMPARE(w_->pane_count(), 5);
    PaneWidget* p = w_->pane(4);
    QVERIFY(p->file_label()->isVisible());
    QCOMPARE(p->file_label()->full_text(), QString("matlab_copy.png"));
    QVERIFY(!p->method_box()->isVisible());
    QVERIFY(doc()->diff(4).stats);
    QCOMPARE(doc()->diff(4).stats->differing, std::size_t{0});
    QVERIFY(w_->pane(4)->stats_label()->full_text().contains("0 px differ"));
    rl::io::save(path("plus_one.png").toStdString(), shifted(ref, 1));
    w_->add_image_pane(path("plus_one.png"));
    QVERIFY(settle());
    QCOMPARE(doc()->pane_count(), 6);
    QCOMPARE(doc()->diff(5).stats->max_abs, 1.0);
    QCOMPARE(doc()->diff(5).stats->differing, ref.elements() / 3);  // every pixel (3 channels)
    // The resizer panes are as they were.
    for (int i = 0; i < Document::kPanes; ++i) QVERIFY(doc()->result(i).image && !doc()->pane(i).is_file());
  }

  // A file dropped on pane 3 becomes its source; one dropped between the panes (on the grid itself:
  // its spacing, or a free cell) adds a pane.
  void dropOnAPaneReplacesItAndBetweenPanesAdds() {
    drop_file(w_->pane(2), path("matlab_copy.png"));
    QVERIFY(settle());
    QCOMPARE(doc()->pane(2).file, path("matlab_copy.png"));
    QCOMPARE(doc()->pane_count(), 6);
    QCOMPARE(doc()->diff(2).stats->differing, std::size_t{0});
    QCOMPARE(w_->pane(2)->title(), QString("3 · matlab_copy.png"));
    drop_file(w_->pane_grid(), path("plus_one.png"));
    QVERIFY(settle());
    QCOMPARE(doc()->pane_count(), 7);
    QCOMPARE(doc()->pane(6).file, path("plus_one.png"));
    QCOMPARE(doc()->diff(6).stats->max_abs, 1.0);
    // A file pane's ✕ removes it (pane 5, matlab_copy.png); the panes after it move up.
    QVERIFY(w_->pane(4)->remove_button()->isVisible() && !w_->pane(1)->remove_button()->isVisible());
    QCOMPARE(doc()->pane(4).file, path("matlab_copy.png"));
    w_->pane(4)->remove_button()->click();
    QVERIFY(settle());
    QCOMPARE(doc()->pane_count(), 6);
    QCOMPARE(w_->pane_count(), 6);
    QCOMPARE(doc()->pane(4).file, path("plus_one.png"));
    QCOMPARE(w_->pane(4)->title(), QString("5 · plus_one.png"));
    QCOMPARE(doc()->diff(4).stats->max_abs, 1.0);
    // Back to the four MATLAB panes for the tests below.
    w_->apply_panes(kDefaultPanes);
    QVERIFY(settle());
    QCOMPARE(w_->pane_count(), 4);
  }

  // --watch: the file rewritten in place, then replaced by a rename (rl::io::save writes a temporary
  // file and renames it, as editors and image savers do); each time the pane shows the new pixels and
  // the zoom and centre stay where the user put them.
  void watchReadsTheChangedFileAndKeepsTheView() {
    const rl::Image ref = reference_pane();
    const QString watched = path("watched.png");
    rl::io::save(watched.toStdString(), ref);
    doc()->set_watch(true);
    doc()->set_pane(3, file_pane(watched));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->differing, std::size_t{0});
    w_->view_state()->set_zoom(3.0);
    w_->view_state()->set_center(QPointF(40.5, 30.25));
    const double zoom = w_->view_state()->zoom();
    const QPointF centre = w_->view_state()->center();
    QSignalSpy changed(doc(), &Document::file_changed);

    // In place: the same file, truncated and written again.
    rl::io::save(path("other.png").toStdString(), shifted(ref, 1));
    QFile src(path("other.png")), dst(watched);
    QVERIFY(src.open(QIODevice::ReadOnly) && dst.open(QIODevice::WriteOnly | QIODevice::Truncate));
    dst.write(src.readAll());
    dst.close();
    QVERIFY(QTest::qWaitFor([&]() { return changed.count() >= 1; }, 10000));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->max_abs, 1.0);
    QCOMPARE(w_->view_state()->zoom(), zoom);
    QCOMPARE(w_->view_state()->center(), centre);

    // Replaced by a rename.
    rl::io::save(watched.toStdString(), shifted(ref, 2));
    QVERIFY(QTest::qWaitFor([&]() { return changed.count() >= 2; }, 10000));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->max_abs, 2.0);
    QCOMPARE(w_->view_state()->zoom(), zoom);
    QCOMPARE(w_->view_state()->center(), centre);
    // ...and still watched after the rename: a third version is read too.
    rl::io::save(watched.toStdString(), ref);
    QVERIFY(QTest::qWaitFor([&]() { return changed.count() >= 3; }, 10000));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->differing, std::size_t{0});
    doc()->set_watch(false);
  }

  // --watch tells a change by rl::FileStat (device, inode, size, times in ns), the rule the panes keep a
  // file by: a file replaced by a rename with another of the same size and modification time, and one
  // rewritten in place with its modification time set back (cp -p, rsync -t), are both read again.
  void watchSeesAFileOfTheSameSizeAndTime() {
    const rl::Image ref = reference_pane();
    const QString watched = path("same_size.npy"), next = path("next.npy");
    rl::io::save(watched.toStdString(), ref);
    doc()->set_watch(true);
    doc()->set_pane(3, file_pane(watched));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->differing, std::size_t{0});
    QSignalSpy changed(doc(), &Document::file_changed);

    const timespec first = mtime_of(watched);
    rl::io::save(next.toStdString(), shifted(ref, 1));
    QCOMPARE(QFileInfo(next).size(), QFileInfo(watched).size());
    QVERIFY(set_mtime(next, first));
    QVERIFY(::rename(QFile::encodeName(next).constData(), QFile::encodeName(watched).constData()) == 0);
    QVERIFY(QTest::qWaitFor([&]() { return changed.count() >= 1; }, 10000));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->max_abs, 1.0);

    const timespec second = mtime_of(watched);
    rl::io::save(next.toStdString(), shifted(ref, 2));
    QFile src(next), dst(watched);
    QVERIFY(src.open(QIODevice::ReadOnly) && dst.open(QIODevice::WriteOnly | QIODevice::Truncate));
    dst.write(src.readAll());
    dst.close();
    QVERIFY(set_mtime(watched, second));
    QCOMPARE(mtime_of(watched).tv_nsec, second.tv_nsec);
    QVERIFY(QTest::qWaitFor([&]() { return changed.count() >= 2; }, 10000));
    QVERIFY(settle());
    QCOMPARE(doc()->diff(3).stats->max_abs, 2.0);
    doc()->set_watch(false);
  }

  // Each bad file in pane 4: one line in the banner naming the pane, the pane shows why, and panes
  // 1-3 keep their images and statistics. A 16-bit PNG is no bad file: it is compared as uint16.
  void badFilesAreOneLineAndTheOtherPanesStay() {
    const rl::Image ref = reference_pane();
    QFile corrupt(path("corrupt.png"));
    QVERIFY(corrupt.open(QIODevice::WriteOnly));
    corrupt.write("\x89PNG\r\n\x1a\nnot an image");
    corrupt.close();
    rl::io::save(path("seven.npy").toStdString(), rl::Image(ref.rows(), ref.cols(), 7, rl::ElemType::U8));
    rl::io::save(path("wrong.png").toStdString(), rl::Image(ref.rows() + 1, ref.cols(), 3, rl::ElemType::U8));
    const struct {
      const char* file;
      QString line;
    } cases[] = {
        {"corrupt.png", "Pane 4: cannot read corrupt.png: "},
        {"missing.png", "Pane 4: cannot read missing.png: "},
        {"seven.npy", "Pane 4: seven.npy has 7 channel(s), the reference 3"},
        {"wrong.png",
         QString::fromUtf8(
             "Pane 4: wrong.png is %1×%2, the reference %1×%3: neither the same size nor 1/n of it")
             .arg(ref.cols())
             .arg(ref.rows() + 1)
             .arg(ref.rows())},
    };
    for (const auto& c : cases) {
      doc()->set_pane(3, file_pane(path(c.file)));
      QVERIFY(
          QTest::qWaitFor([&]() { return !doc()->busy() && !doc()->result(3).error.isEmpty(); }, kWaitMs));
      QVERIFY2(w_->error_visible(), c.file);
      QVERIFY2(w_->error_text().startsWith(c.line), qPrintable(w_->error_text()));
      QVERIFY(!w_->error_text().contains('\n'));
      QVERIFY(!doc()->result(3).image);
      for (int i = 0; i < 3; ++i) {
        QVERIFY(doc()->result(i).image);
        QVERIFY(doc()->diff(i).stats);
        QVERIFY(w_->pane_view(i)->display());
      }
    }
    rl::io::save(path("sixteen.png").toStdString(), rl::im2uint16(ref));
    doc()->set_pane(3, file_pane(path("sixteen.png")));
    QVERIFY(settle());
    QCOMPARE(doc()->result(3).image->type(), rl::ElemType::U16);
    QCOMPARE(doc()->diff(3).stats->differing, std::size_t{0});  // im2uint16(x) = 257 x
    QVERIFY(!w_->error_visible());                              // the banner went with the bad file
  }

  // An LR file (1/2 of the panes' size, whole factor) is refused until an upscaling method is chosen
  // in the pane's header; with bicubic it is imresize(file, 2, 'bicubic').
  void lrFileUpscaledByTheHeadersChoice() {
    doc()->set_out_size(120, 160);
    QVERIFY(settle());
    const rl::Image ref = reference_pane();
    QCOMPARE(ref.rows(), 120);
    rl::ResizeSpec half;
    half.scale = {{0.5, 0.5}};
    const rl::Image lr = rl::resize(ref, half);
    rl::io::save(path("lr.png").toStdString(), lr);
    doc()->set_pane(3, file_pane(path("lr.png")));
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && !doc()->result(3).error.isEmpty(); }, kWaitMs));
    QVERIFY(doc()->result(3).error.endsWith("(an LR image at 1/2): choose an upscaling method"));
    QComboBox* up = w_->pane(3)->upscale_box();
    QVERIFY(up->isVisible());
    up->setCurrentIndex(up->findData(QString("bicubic")));
    QVERIFY(settle());
    QVERIFY(doc()->result(3).image);
    rl::ResizeSpec x2;
    x2.scale = {{2.0, 2.0}};
    QVERIFY(rl::identical(*doc()->result(3).image, rl::resize(lr, x2)));
    QCOMPARE(doc()->result(3).upscaled_by, 2);
  }

  // --upscale gives every file pane the method; only the pane whose file is an LR image says
  // "up: bicubic" (a file at the panes' size is shown as it is, with no upscale box).
  void onlyTheLrFileSaysUp() {
    QVERIFY(doc()->result(3).upscaled_by == 2);  // lr.png, from the test above
    rl::io::save(path("full.png").toStdString(), reference_pane());
    doc()->set_pane(2, file_pane(path("full.png"), rl::Method::Bicubic));
    QVERIFY(settle());
    QCOMPARE(doc()->result(2).upscaled_by, 1);
    QVERIFY(!w_->pane(2)->upscale_box()->isVisible());
    QVERIFY(w_->pane(3)->upscale_box()->isVisible());
    QCOMPARE(w_->pane(3)->upscale_box()->currentText(), QString("up: bicubic"));
  }

  void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(FilePanesTest)
#include "file_panes_test.moc"
