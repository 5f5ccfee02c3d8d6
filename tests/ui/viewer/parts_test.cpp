// The main window's parts on their own: remembered settings (defaults, round trip, bad values), the
// generated shortcuts list, recent files, the scale toolbar's arithmetic, the difference summary,
// and the document's jobs as pure functions.
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

#include "rl/peers.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/document_jobs.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/parameter_toolbar.hpp"
#include "rl/ui/picture.hpp"
#include "rl/ui/recent_files.hpp"
#include "rl/ui/shortcuts_dialog.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/viewer_settings.hpp"
#include "test_util.hpp"

using namespace rl::ui;

class PartsTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::isolate_settings(); }

  // A large result's pane at 1:1 draws the full-resolution pixels it makes on demand for the part
  // shown (to_qimage's, pixel for pixel), and zoomed out to 1/4 its halving, without making them.
  void pane_draws_a_large_result_made_on_demand() {
    const int rows = 1500, cols = 3000;
    auto img = std::make_shared<rl::Image>(rows, cols, 3, rl::ElemType::U8);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (int k = 0; k < 3; ++k) img->set(r, c, k, (r * 7 + c * 3 + k * 85 + (r * c) % 17) % 256);
    const std::shared_ptr<const rl::Image> shared = img;
    const auto pic = Picture::of(shared, {});
    QVERIFY(pic && pic->on_demand());
    ViewState view;
    view.set_source_size(QSizeF(cols, rows));
    PaneView pane(&view);
    pane.resize(200, 150);
    pane.set_grid(false);
    pane.set_image(pic, shared);
    view.set_zoom(1.0);
    view.set_center(QPointF(1000, 700));
    const QImage whole = to_qimage(*shared);
    const QImage shot = pane.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(shot.size(), QSize(200, 150));
    int differ = 0;
    for (int y = 0; y < 150; ++y)
      for (int x = 0; x < 200; ++x) differ += shot.pixel(x, y) != whole.pixel(1000 + x - 100, 700 + y - 75);
    QCOMPARE(differ, 0);
    // At 1/4: level 2 (750x375) drawn, its pixel under the centre.
    view.set_zoom(0.25);
    const QImage small = pane.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QImage& level = pic->levels().level(2);
    QCOMPARE(small.pixel(100, 75), level.pixel(250, 175));
  }

  void settings_defaults_from_an_empty_store() {
    QTemporaryDir dir;
    const QSettings s(dir.filePath("empty.ini"), QSettings::IniFormat);
    const ViewerSettings v = load_viewer_settings(s);
    QCOMPARE(v, ViewerSettings{});
    // The defaults the viewer has always opened with.
    QVERIFY(v.grid && !v.diffs);
    QCOMPARE(v.scale, QString("0.4"));
    QVERIFY(v.size.isEmpty());
    QVERIFY(v.panes[0] == (PaneConfig{rl::Method::Bicubic, true}));
    QVERIFY(v.panes[1] == (PaneConfig{rl::Method::Nearest, false}));
    QVERIFY(v.panes[2] == (PaneConfig{rl::Method::Bilinear, false}));
    QVERIFY(v.panes[3] == (PaneConfig{rl::Method::Bicubic, false}));
    QVERIFY(v.boundary == rl::Boundary::Modern && v.device == rl::Device::Auto);
    QVERIFY(v.diff.mode == rl::DiffMode::AbsMaxChannel && !v.diff.fixed_range);
    QCOMPARE(v.diff.fixed_max, 8.0);
    QCOMPARE(v.display, (DisplaySettings{true, 0.0, 1.0}));
    // A new document starts from the same defaults.
    Document doc;
    for (int i = 0; i < Document::kPanes; ++i) QVERIFY(doc.pane(i) == v.panes[static_cast<std::size_t>(i)]);
    QCOMPARE(doc.scale_text(), v.scale);
  }

  void settings_round_trip() {
    QTemporaryDir dir;
    ViewerSettings v;
    v.geometry = QByteArray("\x01\x02geometry", 10);
    v.window_state = QByteArray("state");
    v.recent = {"/a/b.png", "/c/d.npy"};
    v.last_dir = "/a";
    v.grid = false;
    v.diffs = true;
    v.panes[2] = {rl::Method::Lanczos3, true};
    v.panes[1].peer = rl::peers::parse_peer_spec("opencv-cubic");  // a library pane, saved by its spec name
    v.panes[3].peer = rl::peers::parse_peer_spec("torch-bilinear-aa-ac");
    v.boundary = rl::Boundary::Legacy;
    v.device = rl::Device::Cpu;
    v.scale = "1/3";
    v.size = "100,NaN";
    v.diff.mode = rl::DiffMode::Signed;
    v.diff.channel = 2;
    v.diff.fixed_range = true;
    v.diff.fixed_max = 0.25;
    v.display = {false, -2.0, 6.0};
    {
      QSettings s(dir.filePath("s.ini"), QSettings::IniFormat);
      save_viewer_settings(s, v);
    }
    const QSettings s(dir.filePath("s.ini"), QSettings::IniFormat);
    QCOMPARE(load_viewer_settings(s), v);
  }

  void settings_bad_values_keep_defaults_or_clamp() {
    QTemporaryDir dir;
    QSettings s(dir.filePath("bad.ini"), QSettings::IniFormat);
    s.setValue("panes/1/method", "cubic-spline");
    s.setValue("panes/3/method", "LANCZOS2");
    s.setValue("panes/2/method", "opencv-bicubic");  // not an OpenCV method: the default pane stays
    s.setValue("params/boundary", "sideways");
    s.setValue("params/device", "gpu");
    s.setValue("diff/mode", 7);
    s.setValue("diff/channel", -4);
    const ViewerSettings v = load_viewer_settings(s);
    QVERIFY(v.panes[1].method == rl::Method::Nearest);
    QVERIFY(v.panes[3].method == rl::Method::Lanczos2);
    QVERIFY(v.panes[2] == kDefaultPanes[2]);
    QVERIFY(v.boundary == rl::Boundary::Modern);
    QVERIFY(v.device == rl::Device::Cuda);
    QVERIFY(v.diff.mode == rl::DiffMode::Signed);
    QCOMPARE(v.diff.channel, 0);
  }

  // The signed map of the channel of largest magnitude (channel -1) comes back as saved; -1 means
  // nothing to the other maps.
  void settings_keep_the_signed_map_of_largest_magnitude() {
    QTemporaryDir dir;
    ViewerSettings v;
    v.diff.mode = rl::DiffMode::Signed;
    v.diff.channel = -1;
    {
      QSettings s(dir.filePath("s.ini"), QSettings::IniFormat);
      save_viewer_settings(s, v);
    }
    QSettings s(dir.filePath("s.ini"), QSettings::IniFormat);
    QCOMPARE(load_viewer_settings(s).diff.channel, -1);
    s.setValue("diff/mode", static_cast<int>(rl::DiffMode::AbsChannel));
    QCOMPARE(load_viewer_settings(s).diff.channel, 0);
  }

  void shortcuts_list_every_action_with_a_shortcut() {
    MainWindow w;
    const QList<ShortcutEntry> entries = shortcut_entries(w);
    int with_keys = 0;
    for (const QAction* a : w.findChildren<QAction*>()) {
      if (a->shortcuts().isEmpty()) continue;
      ++with_keys;
      const QString first = a->shortcuts().first().toString(QKeySequence::NativeText);
      const bool listed = std::any_of(entries.begin(), entries.end(), [&](const ShortcutEntry& e) {
        return e.keys.split(" / ").contains(first) && e.what == a->statusTip();
      });
      QVERIFY2(listed, qPrintable(a->text() + " (" + first + ") is not listed"));
    }
    QCOMPARE(entries.size(), with_keys);
    // Those the old hand-kept table had, by their keys (Open, Help and Quit as the platform binds
    // them: the offscreen platform has no key for Quit).
    QStringList expected = {"Ctrl+R", "Ctrl+E", "F", "1", "G", "D", "W"};
    for (const auto std_key : {QKeySequence::Open, QKeySequence::HelpContents, QKeySequence::Quit})
      if (const auto b = QKeySequence::keyBindings(std_key); !b.isEmpty()) expected << b.first().toString();
    QVERIFY(expected.size() >= 9);
    for (const QString& keys : expected) {
      const QString k = QKeySequence(keys).toString(QKeySequence::NativeText);
      QVERIFY2(std::any_of(entries.begin(), entries.end(),
                           [&](const ShortcutEntry& e) { return e.keys.split(" / ").contains(k); }),
               qPrintable(keys));
    }
    // The dialog shows them all, then the mouse gestures.
    ShortcutsDialog d(w);
    const QString html = d.findChild<QLabel*>("shortcutTable")->text();
    for (const ShortcutEntry& e : grouped(entries))
      QVERIFY2(html.contains(e.what.toHtmlEscaped()), qPrintable(e.what));
    // The number keys are one line each for showing a pane alone and making it the reference.
    QVERIFY(html.contains("Show pane N alone"));
    QVERIFY(html.contains("1 … 9"));
    QVERIFY(html.contains("Alt+1 … Alt+9"));
    QVERIFY(!html.contains("Show pane 2 alone"));
    QVERIFY(html.contains("Mouse wheel"));
  }

  void recent_files_newest_first_at_most_eight() {
    QMenu menu;
    RecentFiles r(&menu);
    QVERIFY(!menu.isEnabled());
    for (int i = 0; i < 10; ++i) r.add(QString("/tmp/f%1.png").arg(i));
    r.add("/tmp/f5.png");  // again: moves to the front, once
    QCOMPARE(r.paths().size(), RecentFiles::kMaxRecent);
    QCOMPARE(r.paths().first(), QString("/tmp/f5.png"));
    QCOMPARE(r.paths().count("/tmp/f5.png"), 1);
    QCOMPARE(r.paths()[1], QString("/tmp/f9.png"));
    QVERIFY(!r.paths().contains("/tmp/f1.png"));  // f0, f1 dropped
    QVERIFY(menu.isEnabled());
    QCOMPARE(menu.actions().size(), RecentFiles::kMaxRecent);
    QString opened;
    connect(&r, &RecentFiles::open_requested, this, [&](const QString& p) { opened = p; });
    menu.actions().first()->trigger();
    QCOMPARE(opened, QString("/tmp/f5.png"));
  }

  void scale_text_and_slider_snapping() {
    QCOMPARE(scale_to_text(1.0 / 3), QString("1/3"));
    QCOMPARE(scale_to_text(0.25), QString("1/4"));
    QCOMPARE(scale_to_text(0.4), QString("0.4"));
    QCOMPARE(scale_to_text(2.0), QString("2"));
    QCOMPARE(slider_scale(0), 1.0);
    QCOMPARE(slider_scale(100), 2.0);
    QCOMPARE(slider_scale(-158), 1.0 / 3);          // 2^-1.58 = 0.3345: 1/s = 2.99, within 3% of 3
    QCOMPARE(slider_scale(-130), std::exp2(-1.3));  // 1/s = 2.46: no 1/n near, kept
    QCOMPARE(slider_scale(160), 3.0);               // 2^1.6 = 3.03, within 3% of 3
    QCOMPARE(slider_scale(163), std::exp2(1.63));   // 3.095: 3.2% off 3, kept
  }

  void difference_summary_line() {
    PaneDiff d;
    QCOMPARE(diff_summary(d), QString());
    rl::DiffStats s;
    s.max_abs = 3;
    s.mean_abs = 0.5;
    s.psnr = std::numeric_limits<double>::infinity();
    s.differing = 2;
    s.pixels = 4;
    d.stats = s;
    QCOMPARE(diff_summary(d), QString("max |Δ| 3 · mean |Δ| 0.5 · PSNR ∞ dB · 2 px differ (50.00%)"));
    d.error = "sizes differ";
    QCOMPARE(diff_summary(d), QString("difference: sizes differ"));
    // Hand-worked: a = (0.25, NaN, +inf, 0.5), b = (0.25, NaN, 0.5, 0.5). The finite pairs (0 and 3)
    // are equal; NaN = NaN is no difference; +inf vs 0.5 is one, and two pairs are left out.
    const double nan = std::numeric_limits<double>::quiet_NaN(),
                 inf = std::numeric_limits<double>::infinity();
    rl::Image a(1, 4, 1, rl::ElemType::F64), b(1, 4, 1, rl::ElemType::F64);
    const double av[] = {0.25, nan, inf, 0.5}, bv[] = {0.25, nan, 0.5, 0.5};
    for (int c = 0; c < 4; ++c) {
      a.set(0, c, 0, av[c]);
      b.set(0, c, 0, bv[c]);
    }
    d.error.clear();
    d.stats = rl::diff_stats(a, b);
    QCOMPARE(diff_summary(d),
             QString("max |Δ| 0 · mean |Δ| 0 · PSNR ∞ dB · 1 px differ (25.00%) · 2 non-finite"));
    d.stats = rl::diff_stats(a, a);
    QCOMPARE(diff_summary(d),
             QString("max |Δ| 0 · mean |Δ| 0 · PSNR ∞ dB · 0 px differ (0.00%) · 2 non-finite"));
  }

  // Hand-worked: panes 2x2 uint8 against a reference; one pane differs by +3 and -1.
  void diff_jobs_share_one_colour_scale() {
    rl::Image ref(2, 2, 1, rl::ElemType::U8), other(2, 2, 1, rl::ElemType::U8);
    for (int k = 0; k < 4; ++k) ref.set(k / 2, k % 2, 0, 10 * k);
    other = ref;
    other.set(0, 1, 0, 13);  // +3
    other.set(1, 1, 0, 29);  // -1
    std::vector<std::shared_ptr<const rl::Image>> imgs{
        std::make_shared<const rl::Image>(ref), std::make_shared<const rl::Image>(other), nullptr,
        std::make_shared<const rl::Image>(rl::Image(1, 1, 1, rl::ElemType::U8))};
    DiffSettings s;
    const auto ref_ptr = std::make_shared<const rl::Image>(ref);
    PaneDiffs out = compare_images(imgs, ref_ptr, s);
    QCOMPARE(out.scale.lo, 0.0);
    QCOMPARE(out.scale.hi, 3.0);
    QVERIFY(out.scale.colormap == rl::ui::Colormap::Inferno);
    QCOMPARE(out.diffs[0].stats->max_abs, 0.0);
    QCOMPARE(out.diffs[1].map->at(1, 1), 1.0);
    QCOMPARE(out.diffs[1].stats->differing, std::size_t{2});
    QVERIFY(!out.diffs[2].map && !out.diffs[2].stats);  // no result, no diff
    QVERIFY(out.diffs[3].error.contains("reference is 2\u00d72\u00d71"));
    QCOMPARE(out.diffs[1].colored.size(), QSize(2, 2));
    // The statistics as every view prints them: |+3| and |-1| over 4 pixels, mean 1; PSNR
    // 10 log10(255^2 / ((9 + 1) / 4)) = 44.15 dB.
    QCOMPARE(out.diffs[1].statistics.size(), std::size_t{5});
    QCOMPARE(out.diffs[1].statistics[4].value, QString("0"));  // no non-finite value, and no phrase
    QVERIFY(out.diffs[1].statistics[4].phrase.isEmpty());
    QCOMPARE(out.diffs[1].statistics[0].phrase, QString("max |Δ| 3"));
    QCOMPARE(out.diffs[1].statistics[1].value, QString("1"));
    QCOMPARE(out.diffs[1].statistics[2].value, QString("44.15 dB"));
    QCOMPARE(out.diffs[1].statistics[3].phrase, QString("2 px differ (50.00%)"));
    s.mode = rl::DiffMode::Signed;
    out = compare_images(imgs, ref_ptr, s);
    QCOMPARE(out.scale.lo, -3.0);
    QVERIFY(out.scale.colormap == rl::ui::Colormap::Diverging);  // a signed map: the diverging colours
    QCOMPARE(out.diffs[1].map->at(1, 1), -1.0);
    s.fixed_range = true;
    s.fixed_max = 0.5;
    out = compare_images(imgs, ref_ptr, s);
    QCOMPARE(out.scale.hi, 0.5);
    QCOMPARE(out.scale.lo, -0.5);
    // Identical panes only: the scale is 0..1, not an empty 0..0.
    imgs = {std::make_shared<const rl::Image>(ref), nullptr, nullptr, nullptr};
    out = compare_images(imgs, ref_ptr, DiffSettings{});
    QCOMPARE(out.scale.hi, 1.0);
  }

  void resize_job_runs_every_pane_until_superseded() {
    rl::Image src(6, 8, 1, rl::ElemType::U8);
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 8; ++c) src.set(r, c, 0, 30 * r + c);
    const rl::ResizeSpec base = rl::ResizeSpec::with_scale(0.5);
    int runs = 0;
    const RunPlan cpu = [&runs](const rl::Plan& p, const rl::Image& im, QString& device) {
      ++runs;
      device = "CPU";
      return rl::run(p, im);
    };
    const std::vector<PaneConfig> panes(kDefaultPanes.begin(), kDefaultPanes.end());
    auto results = compute_panes(src, base, panes, {}, cpu, []() { return false; });
    QCOMPARE(runs, 4);
    for (std::size_t i = 0; i < results.size(); ++i) {
      QVERIFY(results[i].image && results[i].plan);
      QCOMPARE(results[i].image->rows(), 3);
      QCOMPARE(results[i].device, QString("CPU"));
      rl::ResizeSpec spec = base;
      spec.method = kDefaultPanes[i].method;
      spec.antialiasing = kDefaultPanes[i].antialiasing;
      QVERIFY(rl::identical(*results[i].image, rl::resize(src, spec)));
    }
    // Superseded after two panes: the rest are not computed.
    int asked = 0;
    results = compute_panes(src, base, panes, {}, cpu, [&asked]() { return ++asked > 2; });
    QVERIFY(results[1].image && !results[2].image && !results[3].image);
    // A bad spec is an error on every pane, not an exception.
    results = compute_panes(src, rl::ResizeSpec::with_scale(-1), panes, {}, cpu, []() { return false; });
    QVERIFY(!results[0].error.isEmpty() && !results[0].image);
  }
};

QTEST_MAIN(PartsTest)
#include "parts_test.moc"
