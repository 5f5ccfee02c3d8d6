// Drives the real main window offscreen: default image, scales and pane sizes, difference
// statistics, synchronised zoom and pan, errors that keep the previous image, rendering.
#include "rl/ui/main_window.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QMouseEvent>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <memory>

#include "random_image.hpp"
#include "rl/npy.hpp"
#include "rl/peers.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/document_jobs.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/overview_widget.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_state.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

constexpr int kWaitMs = 60000;

// Number of distinct colours and the luminance spread of a region of a grabbed window.
struct RegionStats {
  int colours = 0;
  double stddev = 0.0;
};
RegionStats region_stats(const QImage& img, const QRect& r) {
  QSet<QRgb> seen;
  double sum = 0, sum2 = 0;
  int n = 0;
  for (int y = r.top(); y <= r.bottom(); y += 2)
    for (int x = r.left(); x <= r.right(); x += 2) {
      const QRgb c = img.pixel(x, y);
      seen.insert(c);
      const double g = qGray(c);
      sum += g;
      sum2 += g * g;
      ++n;
    }
  const double mean = sum / n;
  return {static_cast<int>(seen.size()), std::sqrt(std::max(0.0, sum2 / n - mean * mean))};
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  Document* doc() { return w_->document(); }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    w_->resize(1400, 900);
    w_->show();
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  void cleanupTestCase() { w_.reset(); }

  void default_image_loads() {
    const auto& src = doc()->source();
    QVERIFY(src);
    QCOMPARE(src->rows(), 512);
    QCOMPARE(src->cols(), 512);
    QCOMPARE(src->channels(), 3);
    QVERIFY(src->type() == rl::ElemType::U8);
    // Values the generator writes: the red disk on blue, and the zone plate's bright centre.
    QCOMPARE(src->at(319, 383, 0), 230.0);
    QCOMPARE(src->at(319, 383, 1), 30.0);
    QCOMPARE(src->at(300, 330, 2), 200.0);
    QCOMPARE(src->at(127, 127, 0), 255.0);
    QVERIFY(!w_->error_visible());
  }

  // Pane headers never clip, at 1280 and 1600 px with the differences shown: a line too long for
  // its pane ends in "…" and its tooltip holds it whole.
  void pane_headers_elide_instead_of_clipping() {
    const QSize before = w_->size();
    w_->set_diff_mode(true);
    for (const int width : {1280, 1600}) {
      w_->resize(width, 900);
      QVERIFY(test::wait_idle(*doc(), kWaitMs));
      QTest::qWait(50);
      for (int i = 0; i < Document::kPanes; ++i)
        for (const ElidedLabel* l : {w_->pane(i)->info_label(), w_->pane(i)->stats_label()}) {
          QVERIFY(!l->full_text().isEmpty());
          QCOMPARE(l->toolTip(), l->full_text());
          for (const QString& line : l->text().split('\n'))  // the statistics take two lines
            QVERIFY2(l->fontMetrics().horizontalAdvance(line) <= l->contentsRect().width(),
                     qPrintable(QString("%1 px: '%2' is clipped").arg(width).arg(line)));
          QVERIFY(!l->elided() || l->text().endsWith(QChar(0x2026)));
        }
    }
    w_->set_diff_mode(false);
    w_->resize(before);
  }

  void default_panes_are_the_four_methods() {
    QVERIFY(doc()->pane(0).method == rl::Method::Bicubic && doc()->pane(0).antialiasing);
    QVERIFY(doc()->pane(1).method == rl::Method::Nearest && !doc()->pane(1).antialiasing);
    QVERIFY(doc()->pane(2).method == rl::Method::Bilinear && !doc()->pane(2).antialiasing);
    QVERIFY(doc()->pane(3).method == rl::Method::Bicubic && !doc()->pane(3).antialiasing);
    QCOMPARE(w_->pane(1)->method_box()->currentText(), QString("nearest"));
  }

  void default_scale_gives_four_different_results() {
    // 0.4: out = ceil(512 * 0.4) = 205; the unantialiased methods no longer coincide as at 1/3.
    QCOMPARE(doc()->scale_text(), QString("0.4"));
    QCOMPARE(doc()->result(0).image->rows(), 205);
    for (int i = 0; i < Document::kPanes; ++i)
      for (int j = i + 1; j < Document::kPanes; ++j)
        QVERIFY2(!rl::identical(*doc()->result(i).image, *doc()->result(j).image),
                 qPrintable(QString("panes %1 and %2 are identical").arg(i + 1).arg(j + 1)));
  }

  void inspector_lists_every_pane() {
    PaneView* p = w_->pane_view(2);
    w_->fit_view();
    QSignalSpy spy(w_.get(), &MainWindow::pixel_hovered);
    const QPointF at = p->to_widget(QPointF(383.7, 319.2));  // inside the red disk
    QMouseEvent move(QEvent::MouseMove, at, p->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(p, &move);
    const QString text = w_->inspector_text();
    // Source pixel (row 319, col 383) is (230, 30, 30); each pane's own pixel is floor(x * 0.4).
    QVERIFY2(text.contains("(319, 383)") && text.contains("230 30 30"), qPrintable(text));
    QVERIFY2(text.contains("(127, 153)"), qPrintable(text));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 127);
    QCOMPARE(spy.at(0).at(1).toInt(), 153);
    // The nearest pane's value there is the source pixel it picked, deep inside the disk.
    const auto& nearest = *doc()->result(1).image;
    QCOMPARE(nearest.at(127, 153, 0), 230.0);
  }

  void scale_text_sets_pane_sizes_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    // MATLAB: out = ceil(in * scale).
    QTest::newRow("1/3") << "1/3" << 171 << 171;
    QTest::newRow("0.75") << "0.75" << 384 << 384;
    QTest::newRow("1/7") << "1/7" << 74 << 74;
    QTest::newRow("1.5") << "1.5" << 768 << 768;
  }
  void scale_text_sets_pane_sizes() {
    QFETCH(QString, text);
    QFETCH(int, rows);
    QFETCH(int, cols);
    w_->scale_edit()->setText(text);
    QTest::keyClick(w_->scale_edit(), Qt::Key_Return);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    for (int i = 0; i < Document::kPanes; ++i) {
      const auto& v = w_->pane_view(i)->values();
      QVERIFY2(v, qPrintable(QString("pane %1 has no image").arg(i)));
      QCOMPARE(v->rows(), rows);
      QCOMPARE(v->cols(), cols);
      QCOMPARE(w_->pane_view(i)->display()->size(), QSize(cols, rows));
      QVERIFY(doc()->result(i).plan);
      QCOMPARE(doc()->result(i).plan->out_rows, rows);
    }
  }

  void typing_a_fraction_and_shortcut_keys() {
    // Digits typed into the scale field go to the field, not to the "1" (1:1) shortcut.
    const double z = w_->view_state()->zoom();
    w_->scale_edit()->setFocus();
    w_->scale_edit()->clear();
    QTest::keyClicks(w_->scale_edit(), "1/2");
    QTest::keyClick(w_->scale_edit(), Qt::Key_Return);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->scale_text(), QString("1/2"));
    QCOMPARE(doc()->result(0).image->rows(), 256);
    QCOMPARE(w_->view_state()->zoom(), z);
    // With a pane focused, "+" zooms every pane and "0" goes to one output pixel per screen pixel.
    w_->pane_view(3)->setFocus();
    QTest::keyClick(w_->pane_view(3), Qt::Key_Plus);
    QVERIFY(std::abs(w_->view_state()->zoom() - z * 1.25) < 1e-12);
    QTest::keyClick(w_->pane_view(3), Qt::Key_0);
    QVERIFY(std::abs(w_->pane_view(1)->pixel_size() - 1.0) < 1e-12);
    QTest::keyClick(w_->pane_view(3), Qt::Key_F);
    QCOMPARE(w_->view_state()->zoom(), z);
  }

  void output_size_field() {
    w_->set_out_size(100, NAN);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(w_->pane_view(0)->values()->rows(), 100);
    QCOMPARE(w_->pane_view(0)->values()->cols(), 100);
    w_->set_scale(1.0 / 3);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(w_->pane_view(0)->values()->rows(), 171);
  }

  void bad_scale_shows_error_and_keeps_scale() {
    w_->scale_edit()->setText("abc");  // typed, then Enter
    QTest::keyClick(w_->scale_edit(), Qt::Key_Return);
    QVERIFY(w_->error_visible());
    QVERIFY(w_->error_text().contains("abc"));
    QCOMPARE(doc()->scale_text(), QString("1/3"));
    w_->show_error(QString());
  }

  void difference_statistics() {
    w_->set_scale(1.0 / 3);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const auto& ref = doc()->diff(0);
    QVERIFY(ref.stats);
    QCOMPARE(ref.stats->max_abs, 0.0);
    QCOMPARE(ref.stats->mean_abs, 0.0);
    QCOMPARE(ref.stats->differing, std::size_t{0});
    QVERIFY(std::isinf(ref.stats->psnr));
    QCOMPARE(ref.stats->pixels, std::size_t{171 * 171});
    const auto& nearest = doc()->diff(1);
    QVERIFY(nearest.stats);
    QVERIFY(nearest.stats->max_abs > 0.0);
    QVERIFY(nearest.stats->differing > 0);
    QVERIFY(std::isfinite(nearest.stats->psnr));
    // The zone plate and star alias badly under nearest: far from a few stray pixels.
    QVERIFY(nearest.stats->differing_percent() > 10.0);
    // The maps are hidden: none is kept whole, and the whole one is made from what it is made of.
    QVERIFY(nearest.has_map() && !nearest.map);
    const rl::Image map = rl::ui::map_part(nearest, QRect(0, 0, 1 << 20, 1 << 20));
    QCOMPARE(map.rows(), 171);
    // The map's maximum is the statistic's maximum (max over channels).
    double m = 0;
    QCOMPARE(map.type(), rl::ElemType::F32);  // a uint8 comparison's map: diff_map_type
    for (int r = 0; r < map.rows(); ++r)
      for (int c = 0; c < map.cols(); ++c) m = std::max(m, map.at(r, c));
    QCOMPARE(m, nearest.stats->max_abs);
    QCOMPARE(nearest.map_max, m);
    QCOMPARE(doc()->diff_hi(), std::max({doc()->diff(1).stats->max_abs, doc()->diff(2).stats->max_abs,
                                         doc()->diff(3).stats->max_abs}));
  }

  void changing_a_pane_recomputes_it() {
    w_->pane(3)->method_box()->setCurrentText("lanczos3");
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->pane(3).method == rl::Method::Lanczos3);
    QVERIFY(doc()->result(3).plan->method == rl::Method::Lanczos3);
    w_->pane(3)->method_box()->setCurrentText("bicubic");
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->result(3).plan->method == rl::Method::Bicubic);
    QVERIFY(!doc()->result(3).plan->antialiasing);
  }

  void panes_switch_to_library_methods() {
    // The menu holds every library method, under one heading per library.
    QComboBox* box = w_->pane(2)->method_box();
    for (const char* heading : {"MATLAB", "OpenCV", "Pillow", "PyTorch"})
      QVERIFY(box->findText(heading) >= 0);
    QVERIFY(box->findText("OpenCV") < box->findText("OpenCV INTER_CUBIC"));
    for (const auto& s : rl::peers::all_peer_specs())
      QVERIFY2(box->findText(QString::fromStdString(rl::peers::display_name(s))) >= 0,
               rl::peers::to_string(s).c_str());
    box->setCurrentText("OpenCV INTER_CUBIC");
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->pane(2).peer == rl::peers::parse_peer_spec("opencv-cubic"));
    QVERIFY(w_->pane(2)->antialias_box()->isHidden());
    const PaneResult& ref = doc()->result(0);
    const PaneResult& cv = doc()->result(2);
    QVERIFY2(cv.error.isEmpty(), qPrintable(cv.error));
    QVERIFY(cv.image && cv.plan && !cv.note.isEmpty());
    QCOMPARE(cv.image->rows(), ref.image->rows());
    QCOMPARE(cv.image->cols(), ref.image->cols());
    QCOMPARE(cv.image->type(), ref.image->type());
    // INTER_CUBIC keeps its 4 taps when shrinking; MATLAB's antialiased bicubic widens.
    QCOMPARE(cv.plan->cols.taps, 4);
    QVERIFY(ref.plan->cols.taps > 4);
    // The difference map against the MATLAB pane is there, and not empty.
    QVERIFY(doc()->diff(2).has_map() && doc()->diff(2).stats);
    QVERIFY(doc()->diff(2).stats->max_abs > 0);

    // Presets > MATLAB vs the libraries, as a person would pick it.
    QAction* preset = nullptr;
    for (QAction* a : w_->findChildren<QAction*>())
      if (a->text() == "MATLAB vs the &Libraries") preset = a;
    QVERIFY(preset);
    preset->trigger();
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const QStringList want{"MATLAB", "OpenCV INTER_CUBIC", "Pillow BICUBIC", "torch bicubic"};
    QVERIFY(!doc()->pane(0).peer && doc()->pane(0).method == rl::Method::Bicubic &&
            doc()->pane(0).antialiasing);
    for (int i = 1; i < Document::kPanes; ++i) {
      QVERIFY(doc()->pane(i).peer);
      QVERIFY(!doc()->pane(i).peer->antialias);
      QVERIFY2(w_->pane(i)->title().contains(want[i]), qPrintable(w_->pane(i)->title()));
      const PaneResult& r = doc()->result(i);
      QVERIFY2(r.image, qPrintable(r.error));
      QCOMPARE(r.image->rows(), ref.image->rows());
      QCOMPARE(r.image->cols(), ref.image->cols());
      QVERIFY(doc()->diff(i).stats);
    }
    // Pillow always filters: its BICUBIC widens when shrinking, as MATLAB's does.
    QVERIFY(doc()->result(2).plan->cols.taps > 4);
    QCOMPARE(doc()->result(3).plan->cols.taps, 4);

    // Back to MATLAB's methods.
    w_->apply_panes(kDefaultPanes);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    for (int i = 0; i < Document::kPanes; ++i)
      QVERIFY(doc()->pane(i) == kDefaultPanes[static_cast<std::size_t>(i)]);
    QCOMPARE(w_->pane(2)->method_box()->currentText(), QString("bilinear"));
    QVERIFY(!w_->pane(2)->antialias_box()->isHidden());
  }

  void synchronised_zoom_and_pan() {
    ViewState* v = w_->view_state();
    w_->fit_view();
    const double z0 = v->zoom();
    const QPointF c0 = v->center();
    std::array<double, Document::kPanes> px0{};
    for (int i = 0; i < Document::kPanes; ++i)
      px0[static_cast<std::size_t>(i)] = w_->pane_view(i)->pixel_size();
    // Wheel over pane 3 at its centre: every pane zooms by the same factor.
    PaneView* p3 = w_->pane_view(2);
    const QPointF at(p3->width() / 2.0, p3->height() / 2.0);
    QWheelEvent wheel(at, p3->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(p3, &wheel);
    QCOMPARE(v->zoom(), z0 * 1.25);
    for (int i = 0; i < Document::kPanes; ++i)
      QVERIFY(std::abs(w_->pane_view(i)->pixel_size() - px0[static_cast<std::size_t>(i)] * 1.25) < 1e-9);
    // Drag on pane 2 by (40, 30) screen pixels: every pane's centre moves by the same source offset.
    PaneView* p2 = w_->pane_view(1);
    const QPointF from(50, 50), to(90, 80);
    QMouseEvent press(QEvent::MouseButtonPress, from, p2->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton,
                      Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, p2->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, to, p2->mapToGlobal(to), Qt::LeftButton, Qt::NoButton,
                        Qt::NoModifier);
    const QPointF before = v->center();
    QApplication::sendEvent(p2, &press);
    QApplication::sendEvent(p2, &move);
    QApplication::sendEvent(p2, &release);
    const QPointF moved = before - v->center();
    QVERIFY(std::abs(moved.x() - 40 / v->zoom()) < 1e-9);
    QVERIFY(std::abs(moved.y() - 30 / v->zoom()) < 1e-9);
    // Every pane shows the same source point at its centre.
    for (int i = 0; i < Document::kPanes; ++i) {
      PaneView* p = w_->pane_view(i);
      const QPointF s = p->to_source(QPointF(p->width() / 2.0, p->height() / 2.0));
      QVERIFY(std::abs(s.x() - v->center().x()) < 1e-9 && std::abs(s.y() - v->center().y()) < 1e-9);
    }
    // 1:1 means one output pixel per screen pixel in the reference pane.
    w_->one_to_one();
    QVERIFY(std::abs(w_->pane_view(0)->pixel_size() - 1.0) < 1e-12);
    QVERIFY(std::abs(v->zoom() - 171.0 / 512.0) < 1e-12);
    w_->fit_view();
    QCOMPARE(v->center(), QPointF(256, 256));
    Q_UNUSED(c0);
  }

  void panes_of_different_sizes_stay_aligned() {
    // A loaded reference image of another size still maps the same source point to each pane.
    PaneView* p = w_->pane_view(1);
    const QPointF src(300.4, 100.9);
    QCOMPARE(p->output_pixel(src), QPoint(static_cast<int>(std::floor(300.4 * 171 / 512.0)),
                                          static_cast<int>(std::floor(100.9 * 171 / 512.0))));
  }

  void stale_results_are_dropped() {
    const int dropped = doc()->dropped_results();
    doc()->set_scale(0.5, "0.5");
    doc()->compute_now();
    doc()->set_scale(0.25, "0.25");
    doc()->compute_now();
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->dropped_results() > dropped);
    for (int i = 0; i < Document::kPanes; ++i) QCOMPARE(doc()->result(i).image->rows(), 128);
    w_->set_scale(1.0 / 3);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  void cuda_request_falls_back_to_cpu_with_a_note() {
    doc()->set_device(rl::Device::Cuda);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    if (doc()->result(0).device == "CUDA") {
      QVERIFY(doc()->device_note().isEmpty());
    } else {
      QCOMPARE(doc()->result(0).device, QString("CPU"));
      QVERIFY2(doc()->device_note().startsWith("CPU (no usable CUDA device: "),
               qPrintable(doc()->device_note()));
    }
    doc()->set_device(rl::Device::Auto);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  void corrupt_file_shows_error_and_keeps_image() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("broken.png");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not a PNG file at all");
    f.close();
    const auto before = doc()->source();
    const auto result_before = doc()->result(0).image;
    w_->open_file(path);
    QVERIFY(QTest::qWaitFor([&]() { return w_->error_visible(); }, kWaitMs));
    QVERIFY2(w_->error_text().contains("broken.png"), qPrintable(w_->error_text()));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->source().get(), before.get());
    QCOMPARE(doc()->source()->rows(), 512);
    QCOMPARE(doc()->result(0).image.get(), result_before.get());
    QVERIFY(w_->pane_view(0)->display());
    // A missing file too.
    w_->show_error(QString());
    w_->open_file(dir.filePath("missing.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w_->error_visible(); }, kWaitMs));
    QCOMPARE(doc()->source().get(), before.get());
    w_->show_error(QString());
  }

  // The window starts on its built-in image and then opens the file it was given: the built-in
  // image's panes are not computed meanwhile (the only job is the file's); a load that fails
  // computes the image it would have replaced.
  void opening_a_file_stops_the_work_on_the_image_it_replaces() {
    QTemporaryDir dir;
    const QString path = dir.filePath("opened.png");
    QImage q(44, 32, QImage::Format_RGB888);
    q.fill(qRgb(10, 120, 230));
    QVERIFY(q.save(path));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const int jobs = doc()->jobs_started();
    doc()->set_source(rl::test::random_image(300, 200, 3, rl::ElemType::U8, 7u), "replaced");
    w_->open_file(path);
    QVERIFY(QTest::qWaitFor([&]() { return doc()->source()->cols() == 44; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->jobs_started(), jobs + 1);
    QCOMPARE(doc()->result(0).image->cols(), static_cast<int>(std::ceil(44 * doc()->spec().scale->first)));
    // A missing file: the image stays, and its panes are computed after all.
    doc()->set_source(rl::test::random_image(30, 20, 3, rl::ElemType::U8, 8u), "kept");
    w_->open_file(dir.filePath("missing.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w_->error_visible(); }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->source()->cols(), 20);
    QVERIFY(doc()->result(0).image);
    QCOMPARE(doc()->result(0).image->cols(), static_cast<int>(std::ceil(20 * doc()->spec().scale->first)));
    QCOMPARE(doc()->jobs_started(), jobs + 2);
    w_->show_error(QString());
  }

  void real_file_loads() {
    QTemporaryDir dir;
    const QString path = dir.filePath("small.png");
    QImage q(40, 30, QImage::Format_RGB888);
    for (int y = 0; y < 30; ++y)
      for (int x = 0; x < 40; ++x) q.setPixel(x, y, qRgb(x * 6, y * 8, 100));
    QVERIFY(q.save(path));
    w_->set_scale(1.0 / 3);
    w_->open_file(path);
    QVERIFY(QTest::qWaitFor([&]() { return doc()->source()->cols() == 40; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->source()->at(10, 20, 0), 120.0);
    QCOMPARE(doc()->result(0).image->rows(), 10);  // ceil(30/3)
    QCOMPARE(doc()->result(0).image->cols(), 14);  // ceil(40/3)
    QVERIFY(QSettings().value("files/recent").toStringList().contains(QFileInfo(path).absoluteFilePath()));
    // Dropping a file on the window opens it too.
    const QString dropped = dir.filePath("dropped.png");
    QVERIFY(q.scaled(20, 10).save(dropped));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dropped)});
    // Qt delivers a drop to the widget that accepted the drag-enter, as during a real drag.
    QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w_.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w_.get(), &drop);
    QVERIFY2(QTest::qWaitFor([&]() { return doc()->source()->cols() == 20; }, 10000),
             qPrintable(w_->error_text()));
    QCOMPARE(doc()->source_name(), QString("dropped.png"));
    w_->load_default_image();
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(doc()->source()->rows(), 512);
  }

  // Hovering a reference-pane pixel outlines on the overview the source region its taps read.
  void footprint_of_the_hovered_pixel() {
    w_->set_scale(1.0 / 2);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    w_->fit_view();
    PaneView* p = w_->pane_view(0);
    // Source point (41.3, 21.6) lies in output pixel (row 10, col 20) at scale 1/2.
    const QPointF at = p->to_widget(QPointF(41.3, 21.6));
    QMouseEvent move(QEvent::MouseMove, at, p->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(p, &move);
    OverviewWidget* ov = w_->overview();
    QVERIFY(ov->footprint() && ov->footprint_centre());
    // By hand: at 1/2 the antialiased cubic is 8 wide, u = 2o + 1.5 (1-based), the kept taps are
    // 1-based 2o-2 .. 2o+5, i.e. source pixels 2o-3 .. 2o+4; the centre u - 0.5 = 2o + 1.
    QCOMPARE(*ov->footprint(), QRectF(37, 17, 8, 8));
    QCOMPARE(*ov->footprint_centre(), QPointF(41, 21));

    // At 0.4 the kernel is 10 wide: pixel (0, 0) has u = 1.75 and taps -3 .. 6 (1-based), mirrored
    // to source pixels 0 .. 5. The footprint follows the new plan without a new hover.
    w_->inspect(std::nullopt);  // the cursor leaves, or new results would re-send its pixel
    w_->show_footprint(0, 0);
    w_->set_scale(0.4);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QCOMPARE(*ov->footprint(), QRectF(0, 0, 6, 6));
    QCOMPARE(*ov->footprint_centre(), QPointF(1.25, 1.25));

    // Other pixels, read from the plan's tables: the span of the index table, the centre from u.
    const rl::Plan& plan = *doc()->result(0).plan;
    const auto span = [](const rl::AxisTable& t, int o) {
      int lo = t.in_size, hi = -1;
      for (int k = 0; k < t.taps; ++k) {
        lo = std::min(lo, t.index_of(o)[k]);
        hi = std::max(hi, t.index_of(o)[k]);
      }
      return std::pair<int, int>(lo, hi + 1);
    };
    for (const auto& [r, c] :
         {std::pair{127, 153}, std::pair{plan.out_rows - 1, plan.out_cols - 1}, std::pair{50, 0}}) {
      w_->show_footprint(r, c);
      const auto [y0, y1] = span(plan.rows, r);
      const auto [x0, x1] = span(plan.cols, c);
      QCOMPARE(*ov->footprint(), QRectF(QPointF(x0, y0), QPointF(x1, y1)));
      QCOMPARE(*ov->footprint_centre(), QPointF(plan.cols.u[c] - 0.5, plan.rows.u[r] - 0.5));
      QVERIFY(x0 >= 0 && y0 >= 0 && x1 <= 512 && y1 <= 512);  // mapped into the image
    }
    // A pixel outside the output shows nothing.
    w_->show_footprint(plan.out_rows, 0);
    QVERIFY(!ov->footprint() && !ov->footprint_centre());
  }

  // A click locks the plots and the footprint on a pixel: hovering elsewhere no longer moves them,
  // a second click on the same pixel releases them.
  void click_locks_the_pixel() {
    w_->set_scale(1.0 / 2);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    w_->fit_view();
    PaneView* p = w_->pane_view(0);
    QList<QPair<int, int>> sent;
    QObject guard;  // ends the connection with this test
    connect(w_.get(), &MainWindow::pixel_hovered, &guard, [&](int r, int c) { sent.append({r, c}); });
    const auto move_to = [&](QPointF src) {
      const QPointF at = p->to_widget(src);
      QMouseEvent move(QEvent::MouseMove, at, p->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(p, &move);
    };
    const auto click_at = [&](QPointF src) {
      const QPointF at = p->to_widget(src);
      QMouseEvent press(QEvent::MouseButtonPress, at, p->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton,
                        Qt::NoModifier);
      QMouseEvent release(QEvent::MouseButtonRelease, at, p->mapToGlobal(at), Qt::LeftButton, Qt::NoButton,
                          Qt::NoModifier);
      QApplication::sendEvent(p, &press);
      QApplication::sendEvent(p, &release);
    };
    click_at(QPointF(41.3, 21.6));  // output pixel (10, 20) at 1/2
    QVERIFY(w_->locked_pixel().has_value());
    QCOMPARE(*w_->locked_pixel(), QPoint(20, 10));
    QVERIFY(!sent.isEmpty());
    QCOMPARE(sent.last(), (QPair<int, int>(10, 20)));
    const QRectF locked_box = *w_->overview()->footprint();
    sent.clear();
    move_to(QPointF(101.0, 151.0));  // another pixel: nothing follows while locked
    QVERIFY(sent.isEmpty());
    QCOMPARE(*w_->overview()->footprint(), locked_box);
    click_at(QPointF(41.3, 21.6));  // the same pixel again releases
    QVERIFY(!w_->locked_pixel().has_value());
    sent.clear();
    move_to(QPointF(101.0, 151.0));
    QVERIFY(!sent.isEmpty());
    QCOMPARE(sent.last(), (QPair<int, int>(75, 50)));
    QVERIFY(*w_->overview()->footprint() != locked_box);
  }

  // Float images go through the display range: auto maps the source's min..max to black..white.
  void float_display_range() {
    QTemporaryDir dir;
    const QString path = dir.filePath("ramp.npy");
    rl::Image ramp(30, 60, 1, rl::ElemType::F64);
    for (int r = 0; r < 30; ++r)
      for (int c = 0; c < 60; ++c) ramp.set(r, c, 0, 4.0 * c / 59.0);  // 0 .. 4 across the columns
    rl::write_npy(path.toStdString(), ramp);
    w_->set_display_settings({true, 0.0, 1.0});
    w_->set_scale(1.0 / 3);
    w_->open_file(path);
    QVERIFY(QTest::qWaitFor([&]() { return doc()->source()->cols() == 60; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    const auto saturated = [&]() {
      const QImage d = doc()->result(0).display->whole();
      int n = 0;
      for (int y = 0; y < d.height(); ++y)
        for (int x = 0; x < d.width(); ++x) n += qGray(d.pixel(x, y)) == 255;
      return static_cast<double>(n) / (d.width() * d.height());
    };
    // Every pane pixel is its value through 0..4 (the ramp's range) to 0..255.
    const rl::Image& out = *doc()->result(0).image;
    const QImage disp = doc()->result(0).display->whole();
    QCOMPARE(disp.size(), QSize(out.cols(), out.rows()));
    for (int y = 0; y < out.rows(); ++y)
      for (int x = 0; x < out.cols(); ++x) {
        const long want = std::lround(std::clamp(out.at(y, x) / 4.0, 0.0, 1.0) * 255.0);
        QCOMPARE(static_cast<long>(qGray(disp.pixel(x, y))), want);
      }
    QVERIFY2(saturated() < 0.1, qPrintable(QString::number(saturated())));
    // The overview too: column 30 holds 4 * 30 / 59, i.e. 130 of 255.
    QCOMPARE(qGray(doc()->source_preview().pixel(30, 5)), 130);
    QCOMPARE(qGray(w_->pane_view(0)->display()->pixel(0, 0)), qGray(disp.pixel(0, 0)));

    // Fixed 0..1 (MATLAB's imshow) saturates everything above 1: three quarters of the ramp.
    const auto gen = doc()->generation();
    w_->set_display_settings({false, 0.0, 1.0});
    QVERIFY(QTest::qWaitFor([&]() { return doc()->generation() != gen; }, kWaitMs));
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY2(saturated() > 0.6, qPrintable(QString::number(saturated())));
    QCOMPARE(qGray(doc()->source_preview().pixel(30, 5)), 255);

    // Remembered: a window that closes saves it, the next one starts with it.
    {
      MainWindow other;
      other.set_display_settings({false, -2.0, 6.0});
      other.close();
    }
    MainWindow next;
    QCOMPARE(next.document()->display_settings(), (DisplaySettings{false, -2.0, 6.0}));
    w_->set_display_settings({true, 0.0, 1.0});
    w_->load_default_image();
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  // The maps' colours are made only while the maps are shown: a recompute with them hidden makes the
  // maps and statistics but no colours; showing them colours them (the statistics unchanged).
  void map_colours_only_while_shown() {
    w_->set_diff_mode(false);
    w_->set_scale(0.3);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->diff(1).has_map() && doc()->diff(1).stats);
    QVERIFY(!doc()->diff(1).map);  // not kept whole while hidden
    QVERIFY(doc()->diff(1).colored.isNull());
    const double mean = doc()->diff(1).stats->mean_abs;
    w_->set_diff_mode(true);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(!doc()->diff(1).colored.isNull() && doc()->diff(1).colored_picture && doc()->diff(1).map);
    QCOMPARE(doc()->diff(1).stats->mean_abs, mean);
    w_->set_diff_mode(false);
    w_->set_scale(1.0 / 3);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  void render_panes_are_not_blank() {
    w_->set_diff_mode(false);
    w_->fit_view();
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QApplication::processEvents();
    const QImage shot = w_->grab().toImage();
    for (int i = 0; i < Document::kPanes; ++i) {
      PaneView* p = w_->pane_view(i);
      const QRect r(p->mapTo(w_.get(), QPoint(0, 0)) * shot.devicePixelRatio(),
                    p->size() * shot.devicePixelRatio());
      const RegionStats s = region_stats(shot, r.intersected(shot.rect()));
      QVERIFY2(s.colours > 50 && s.stddev > 20,
               qPrintable(QString("pane %1: %2 colours, stddev %3").arg(i).arg(s.colours).arg(s.stddev)));
    }
    // Difference view: the reference pane is flat (all zero), nearest's map is not. The maps' colours
    // are made when they are first shown, by a job.
    w_->set_diff_mode(true);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    QVERIFY(doc()->diff(1).colored_picture);
    QApplication::processEvents();
    const QImage dshot = w_->grab().toImage();
    const auto stats_of = [&](int i) {
      PaneView* p = w_->pane_view(i);
      return region_stats(dshot,
                          QRect(p->mapTo(w_.get(), QPoint(0, 0)), p->size()).intersected(dshot.rect()));
    };
    QVERIFY(stats_of(1).colours > 20);
    QVERIFY(stats_of(0).colours < stats_of(1).colours);
    w_->set_diff_mode(false);
  }

  void wipe_mode_shows_two_panes() {
    w_->set_wipe_mode(true);
    QApplication::processEvents();
    QVERIFY(w_->wipe_view()->isVisible());
    QVERIFY(w_->wipe_view()->has_second());
    QCOMPARE(w_->wipe_view()->display()->size(), QSize(171, 171));
    w_->set_wipe_mode(false);
    QVERIFY(w_->pane_view(0)->isVisible());
  }

  // The Differences dock: choosing an SR protocol adds its PSNR and SSIM columns, headed with its
  // name and showing the model's values; the map choice's last item draws 1 - SSIM.
  void sr_protocol_columns_and_ssim_map() {
    auto* panel = w_->findChild<DifferencePanel*>();
    QVERIFY(panel);
    QComboBox *protocol = nullptr, *map = nullptr;
    for (QComboBox* c : panel->findChildren<QComboBox*>()) {
      if (c->findText("srcnn") >= 0) protocol = c;
      if (c->itemText(c->count() - 1).startsWith(QStringLiteral("1 \u2212 SSIM"))) map = c;
    }
    QVERIFY(protocol && map);
    QCOMPARE(protocol->currentText(), QString("none"));
    protocol->setCurrentIndex(protocol->findText("srcnn"));
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && doc()->diff(1).sr; }, kWaitMs));
    auto* table = panel->findChild<QTableWidget*>();
    QVERIFY(table);
    const int n = table->columnCount();
    // On one line the seven columns are wider than the dock of this 1400 px window: what is in
    // brackets goes to a second line. The protocol's columns come first, in view in a narrow dock.
    QCOMPARE(table->horizontalHeaderItem(0)->text(), QString("PSNR\n(srcnn)"));
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QString("SSIM\n(srcnn)"));
    QCOMPARE(table->horizontalHeaderItem(5)->text(), QString("differ"));
    QCOMPARE(table->item(1, 5)->text().count('\n'), 1);  // "N px" over "(P%)"
    QCOMPARE(table->item(1, 1)->text(), QString::number(doc()->diff(1).sr->ssim, 'f', 4));
    QVERIFY(protocol->width() >= protocol->minimumSizeHint().width());  // its text is not clipped
    map->setCurrentIndex(map->count() - 1);
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && doc()->diff_settings().ssim_map; }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&]() { return doc()->diff_scale().label == QStringLiteral("1 \u2212 SSIM"); },
                            kWaitMs));
    map->setCurrentIndex(0);
    protocol->setCurrentIndex(0);
    QVERIFY(QTest::qWaitFor([&]() { return !doc()->busy() && !doc()->diff(1).sr; }, kWaitMs));
    QCOMPARE(table->columnCount(), n - 2);
  }

  void settings_are_remembered() {
    w_->set_scale(0.75);
    w_->pane(2)->method_box()->setCurrentText("lanczos2");
    w_->pane(2)->antialias_box()->setChecked(true);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
    w_->close();  // saves the settings
    MainWindow again;
    QCOMPARE(again.document()->scale_text(), QString("0.75"));
    QCOMPARE(again.scale_edit()->text(), QString("0.75"));
    QVERIFY(again.document()->pane(2).method == rl::Method::Lanczos2);
    QVERIFY(again.document()->pane(2).antialiasing);
    QVERIFY(again.document()->pane(1).method == rl::Method::Nearest);
    QVERIFY(test::wait_idle(*again.document(), kWaitMs));
    QCOMPARE(again.document()->result(0).image->rows(), 384);
    w_->show();
    w_->set_scale(1.0 / 3);
    w_->pane(2)->method_box()->setCurrentText("bilinear");
    w_->pane(2)->antialias_box()->setChecked(false);
    QVERIFY(test::wait_idle(*doc(), kWaitMs));
  }

  void high_zoom_draws_grid_and_values() {
    w_->view_state()->set_zoom(20.0);  // 20 * 512 / 171 = 59.9 screen px per output pixel
    QVERIFY(std::abs(w_->pane_view(0)->pixel_size() - 20.0 * 512 / 171) < 1e-9);
    QApplication::processEvents();
    const QImage with = w_->pane_view(0)->grab().toImage();
    w_->pane_view(0)->set_grid(false);
    const QImage without = w_->pane_view(0)->grab().toImage();
    w_->pane_view(0)->set_grid(true);
    QVERIFY(with != without);
    w_->view_state()->set_zoom(2.0);  // below the grid threshold: nothing extra is drawn
    const QImage low_with = w_->pane_view(0)->grab().toImage();
    w_->pane_view(0)->set_grid(false);
    const QImage low_without = w_->pane_view(0)->grab().toImage();
    w_->pane_view(0)->set_grid(true);
    QVERIFY(low_with == low_without);
    w_->fit_view();
  }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
