// The viewer's keymap in the real main window, offscreen: number keys show a pane alone and the same
// key or Esc goes back, [ and ] step, Alt+number makes a pane the reference, 0 is 1:1, V zooms to
// where the values are written; Enter in a toolbar box gives the keys back to the panes; the status bar
// shows the zoom and the pixel; the pickers name panes by label, the HR is a wipe target in SR mode;
// and docs/VIEWER.md's table of keys is the keymap's.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTest>
#include <cmath>
#include <memory>

#include "rl/ui/keymap.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/shortcuts_dialog.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/view_toolbar.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {
constexpr int kWaitMs = 60000;

QStringList items(const QComboBox* box) {
  QStringList out;
  for (int i = 0; i < box->count(); ++i) out << box->itemText(i);
  return out;
}
}  // namespace

class KeysTest : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<MainWindow> w_;
  Document* doc() { return w_->document(); }
  bool settle() {
    QTest::qWait(20);
    return test::wait_idle(*doc(), kWaitMs);
  }
  QString status() { return w_->findChild<QLabel*>("viewStatus")->text(); }
  QList<int> shown() {
    QList<int> out;
    for (int i = 0; i < w_->pane_count(); ++i)
      if (w_->pane(i)->isVisible()) out << i;
    return out;
  }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    w_ = std::make_unique<MainWindow>();
    QVERIFY(test::show_and_settle(*w_, *doc(), kWaitMs));
    QCOMPARE(w_->pane_count(), 4);
  }

  void numberKeysShowOnePaneAloneAndTheSameKeyOrEscGoesBack() {
    QWidget* at = w_->pane_view(0);
    const int grid_width = w_->pane(2)->width();
    QTest::keyClick(at, Qt::Key_3);
    QCOMPARE(w_->solo_pane(), 2);
    QCOMPARE(shown(), QList<int>{2});
    QApplication::processEvents();
    QVERIFY2(w_->pane(2)->width() > 1.8 * grid_width, "pane 3 alone takes the whole grid");
    QTest::keyClick(at, Qt::Key_3);  // the same key: all panes again
    QCOMPARE(w_->solo_pane(), -1);
    QCOMPARE(shown(), (QList<int>{0, 1, 2, 3}));
    QTest::keyClick(at, Qt::Key_2);
    QCOMPARE(shown(), QList<int>{1});
    QTest::keyClick(at, Qt::Key_4);  // another number: that pane instead
    QCOMPARE(shown(), QList<int>{3});
    QTest::keyClick(at, Qt::Key_Escape);
    QCOMPARE(shown(), (QList<int>{0, 1, 2, 3}));
    QTest::keyClick(at, Qt::Key_9);  // no ninth pane: nothing changes
    QCOMPARE(w_->solo_pane(), -1);
    // ] and [ step through the panes, wrapping.
    QTest::keyClick(at, Qt::Key_BracketRight);
    QCOMPARE(w_->solo_pane(), 0);
    QTest::keyClick(at, Qt::Key_BracketRight);
    QCOMPARE(w_->solo_pane(), 1);
    QTest::keyClick(at, Qt::Key_BracketLeft);
    QTest::keyClick(at, Qt::Key_BracketLeft);
    QCOMPARE(w_->solo_pane(), 3);
    QTest::keyClick(at, Qt::Key_Escape);
    QCOMPARE(w_->solo_pane(), -1);
  }

  // A fitted view (a new image, F) stays fitted: the pane alone fills its larger cell, and the grid is
  // fitted again on the way back. A zoom the user set stays, with its centre, alone and back.
  void aPaneAloneIsFittedWhenTheViewIsAndKeepsAZoomThatWasSet() {
    ViewState* v = w_->view_state();
    w_->fit_view();
    QApplication::processEvents();
    const double grid_zoom = v->zoom();
    QTest::keyClick(w_->pane_view(0), Qt::Key_3);
    QVERIFY2(QTest::qWaitFor([&]() { return v->zoom() > 1.5 * grid_zoom; }, 2000),
             qPrintable(QString("zoom %1 alone, %2 in the grid").arg(v->zoom()).arg(grid_zoom)));
    const QRectF whole(QPointF(0, 0), v->source_size());
    const QRectF seen = v->visible_region().adjusted(-0.01, -0.01, 0.01, 0.01);
    QVERIFY(seen.contains(whole));  // the whole image, at the size of the larger cell
    QVERIFY(std::abs(seen.width() - whole.width()) < 1 || std::abs(seen.height() - whole.height()) < 1);
    QTest::keyClick(w_->pane_view(2), Qt::Key_3);
    QVERIFY(QTest::qWaitFor([&]() { return std::abs(v->zoom() / grid_zoom - 1) < 1e-9; }, 2000));
    // Zoomed in by hand: the same zoom and centre alone and in the grid (the same pixels under the eye).
    QTest::keyClick(w_->pane_view(0), Qt::Key_Plus);
    QTest::keyClick(w_->pane_view(0), Qt::Key_Right);
    const double zoom = v->zoom();
    const QPointF centre = v->center();
    QVERIFY(zoom > grid_zoom);
    QTest::keyClick(w_->pane_view(0), Qt::Key_2);
    QTest::qWait(50);
    QCOMPARE(w_->solo_pane(), 1);
    QCOMPARE(v->zoom(), zoom);
    QCOMPARE(v->center(), centre);
    QTest::keyClick(w_->pane_view(1), Qt::Key_Escape);
    QTest::qWait(50);
    QCOMPARE(v->zoom(), zoom);
    QCOMPARE(v->center(), centre);
    w_->fit_view();
  }

  void altNumberMakesThatPaneTheReference() {
    const PaneConfig third = doc()->pane(2), first = doc()->pane(0);
    QVERIFY(!(third == first));
    QTest::keyClick(w_->pane_view(0), Qt::Key_3, Qt::AltModifier);
    QVERIFY(settle());
    QVERIFY(doc()->pane(0) == third);
    QVERIFY(doc()->pane(1) == first);
    QCOMPARE(doc()->diff_settings().against, DiffAgainst::ReferencePane);
    QVERIFY(w_->pane(0)->title().startsWith("1 · bilinear"));
    QTest::keyClick(w_->pane_view(0), Qt::Key_2, Qt::AltModifier);  // the old first is now second
    QVERIFY(settle());
    QVERIFY(doc()->pane(0) == first);
    QVERIFY(doc()->pane(1) == third);
    w_->apply_panes(kDefaultPanes);
    QVERIFY(settle());
  }

  void zeroIsOneToOneVZoomsToTheValuesAndTheStatusBarSaysTheZoom() {
    w_->set_scale(0.5);
    QVERIFY(settle());
    QWidget* at = w_->pane_view(1);
    QTest::keyClick(at, Qt::Key_F);
    const double fit = w_->view_state()->zoom();
    QTest::keyClick(at, Qt::Key_0);
    QVERIFY(std::abs(w_->pane_view(1)->pixel_size() - 1.0) < 1e-12);
    QVERIFY2(status().startsWith("zoom 100%"), qPrintable(status()));
    QTest::keyClick(at, Qt::Key_V);
    QVERIFY(std::abs(w_->pane_view(1)->pixel_size() - PaneView::kValuesFrom) < 1e-9);
    QVERIFY2(status().startsWith("zoom 4400%"), qPrintable(status()));
    QTest::keyClick(at, Qt::Key_F);
    QCOMPARE(w_->view_state()->zoom(), fit);
    // The pixel under the mouse: source point (41.5, 21.5) is output pixel 20,10 at scale 1/2.
    w_->inspect(QPointF(41.5, 21.5));
    QVERIFY2(status().endsWith("· pixel x 20, y 10 of pane 1"), qPrintable(status()));
  }

  void enterInAToolbarBoxGivesTheKeysBackToThePanes() {
    QLineEdit* e = w_->scale_edit();
    w_->activateWindow();
    e->setFocus();
    QVERIFY(QTest::qWaitFor([&]() { return e->hasFocus(); }, 2000));
    e->clear();
    QTest::keyClicks(e, "1/4");
    QTest::keyClick(e, Qt::Key_Return);
    QVERIFY(settle());
    QCOMPARE(doc()->scale_text(), QString("1/4"));
    QVERIFY(!e->hasFocus());
    QVERIFY(qobject_cast<PaneView*>(QApplication::focusWidget()));
    // The next D is a command, not text in the box.
    QAction* diff = nullptr;
    for (QAction* a : w_->findChildren<QAction*>())
      if (a->statusTip() == key_binding("differences").what) diff = a;
    QVERIFY(diff && !diff->isChecked());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_D);
    QVERIFY(diff->isChecked());
    QCOMPARE(e->text(), QString("1/4"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_D);
    QVERIFY(!diff->isChecked());
  }

  void pickersNameThePanesAndTheHrIsAWipeTarget() {
    w_->show_solo(-1);  // whatever an earlier test left
    auto* bar = w_->findChild<ViewToolbar*>();
    const QList<QComboBox*> boxes = bar->findChildren<QComboBox*>();
    QCOMPARE(boxes.size(), 2);
    const QStringList want = {"1 · bicubic (antialiased)", "2 · nearest", "3 · bilinear (no antialiasing)",
                              "4 · bicubic (no antialiasing)"};
    QCOMPARE(items(boxes[0]), want);
    QCOMPARE(items(boxes[1]), want);
    QComboBox* against = nullptr;
    for (QComboBox* b : w_->findChildren<QComboBox*>())
      if (b->count() > 2 && b->itemData(2, Qt::ToolTipRole) == "the image itself (HR)") against = b;
    QVERIFY(against);
    // Whole in the tooltip; the box shows the words its width holds.
    QCOMPARE(against->itemData(0, Qt::ToolTipRole).toString(), QString("1 · bicubic (antialiased)"));
    QVERIFY2(
        QString("1 · bicubic (antialiased)").startsWith(against->itemText(0).remove(QChar(0x2026)).trimmed()),
        qPrintable(against->itemText(0)));
    QVERIFY(!w_->hr_view());  // no HR cell while the panes are compared with pane 1
    // SR mode: the round trips are compared with the HR, which the wipe offers after the panes.
    w_->apply_sr_baselines(4);
    QVERIFY(settle());
    const QStringList sr = items(boxes[1]);
    QCOMPARE(sr.size(), 5);
    QVERIFY2(sr[1].startsWith("2 · nearest (SR BI ×4"), qPrintable(sr[1]));
    QCOMPARE(sr[4], QString("HR (the image itself)"));
    QVERIFY(!sr.join(',').contains("pane "));
    // The HR is a cell of the grid after the panes, at the same zoom, showing what they are compared with.
    QVERIFY(w_->hr_view() && w_->hr_view()->isVisible());
    QVERIFY(w_->hr_view()->display() == doc()->comparison().reference_display);
    QCOMPARE(w_->hr_view()->values()->rows(), doc()->result(0).image->rows());
    QVERIFY(w_->findChild<QWidget*>("hrPane")->geometry().top() > w_->pane(3)->geometry().top());
    // Its number is the one after the panes': 5 shows it alone, ] wraps to pane 1, [ comes back.
    QTest::keyClick(w_->pane_view(0), Qt::Key_5);
    QCOMPARE(shown(), QList<int>{});
    QVERIFY(w_->hr_view()->isVisible());
    QTest::keyClick(w_->pane_view(0), Qt::Key_BracketRight);
    QCOMPARE(shown(), QList<int>{0});
    QVERIFY(!w_->hr_view()->isVisible());
    QTest::keyClick(w_->pane_view(0), Qt::Key_BracketLeft);
    QVERIFY(w_->hr_view()->isVisible());
    QTest::keyClick(w_->pane_view(0), Qt::Key_Escape);
    QCOMPARE(shown(), (QList<int>{0, 1, 2, 3}));
    QVERIFY(w_->hr_view()->isVisible());
    // A pane in all else: the hover's pixel is the HR's, the nudge keys say it is what the others are
    // nudged onto, the region and the profile line are drawn on it, and the A/B flicker shows it in
    // every pane's place.
    PaneView* hr = w_->hr_view();
    QTest::mouseMove(hr, hr->rect().center());
    QTRY_COMPARE(w_->nudge_target(), w_->pane_count());
    QVERIFY2(status().contains("of the HR"), qPrintable(status()));
    QTest::keyClick(hr, Qt::Key_Left, Qt::ControlModifier);
    QVERIFY2(w_->statusBar()->currentMessage().contains("The HR is what the panes are compared with"),
             qPrintable(w_->statusBar()->currentMessage()));
    for (int i = 0; i < w_->pane_count(); ++i) QCOMPARE(doc()->nudge(i), QPoint());
    w_->set_region_from(QRectF(10, 10, 30, 20));
    QVERIFY(hr->region().has_value());
    QCOMPARE(*hr->region(), QRectF(10, 10, 30, 20));
    doc()->set_region(std::nullopt);
    w_->set_ab(true);
    for (int i = 0; i < w_->pane_count(); ++i)
      QVERIFY(w_->pane_view(i)->display() == doc()->comparison().reference_display);
    QVERIFY(w_->pane(1)->showing().contains("HR"));
    w_->set_ab(false);
    QVERIFY(w_->pane_view(1)->display() == doc()->result(1).display);
    boxes[0]->setCurrentIndex(4);
    boxes[1]->setCurrentIndex(0);
    w_->set_wipe_mode(true);
    const auto& cmp = doc()->comparison();
    QVERIFY(cmp.reference_display);
    QVERIFY(w_->wipe_view()->display() == cmp.reference_display);  // the HR left of the line
    QVERIFY(w_->wipe_view()->has_second());
    w_->set_wipe_mode(false);
    // Alt+number in SR mode: the round trips' sizes come from the HR, so the order stays and the
    // banner says why.
    const PaneConfig first = doc()->pane(0);
    QTest::keyClick(w_->pane_view(0), Qt::Key_2, Qt::AltModifier);
    QVERIFY(doc()->pane(0) == first);
    QVERIFY(w_->error_visible());
    QVERIFY(w_->error_text().contains("compared with the HR (SR mode)"));
    QCOMPARE(doc()->diff_settings().against, DiffAgainst::Source);
  }

  // docs/VIEWER.md's table of keys lists every binding of the keymap with its line, and nothing else;
  // every action of the window that has keys takes them from the keymap.
  void theDocsTableIsTheKeymap() {
    QFile f(RL_VIEWER_DOC);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString doc = QString::fromUtf8(f.readAll());
    const qsizetype at = doc.indexOf("\n## Keys\n");
    QVERIFY(at >= 0);
    QMap<QString, QString> rows;  // what -> keys
    for (const QString& line : doc.mid(at + 9).split('\n')) {
      if (line.startsWith("## ")) break;
      static const QRegularExpression row(R"(^\| `(.+)` \| (.+) \|$)");
      if (const auto m = row.match(line); m.hasMatch()) rows[m.captured(2)] = m.captured(1);
    }
    QSet<QString> used;
    QList<ShortcutEntry> entries;  // the keymap's, as the Shortcuts dialog groups them
    for (const KeyBinding& b : keymap()) {
      QStringList keys;
      for (const QKeySequence& k : b.keys)
        if (const QString t = k.toString(QKeySequence::PortableText); !t.isEmpty()) keys << t;
      entries.append({keys.join(" / "), b.what});
    }
    for (const ShortcutEntry& e : grouped(entries)) {
      QVERIFY2(rows.contains(e.what), qPrintable("not in docs/VIEWER.md's Keys: " + e.what));
      if (!e.keys.isEmpty())  // Quit has no key on some platforms
        QCOMPARE(rows[e.what].replace("` / `", " / "), e.keys);
      used.insert(e.what);
    }
    for (auto it = rows.begin(); it != rows.end(); ++it)
      QVERIFY2(used.contains(it.key()),
               qPrintable("docs/VIEWER.md lists a key the window has not: " + it.key()));
    QSet<QString> whats;
    for (const KeyBinding& b : keymap()) whats.insert(b.what);
    for (const QAction* a : w_->findChildren<QAction*>())
      if (!a->shortcuts().isEmpty())
        QVERIFY2(whats.contains(a->statusTip()),
                 qPrintable(a->text() + " has keys that are not in the keymap"));
  }

  void cleanupTestCase() { w_.reset(); }
};

QTEST_MAIN(KeysTest)
#include "keys_test.moc"
