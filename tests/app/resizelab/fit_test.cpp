// At the window's default size (1500x940, main_window_settings.cpp; a 1600x1000 screen) with every
// dock the program has, nothing is clipped or cut: each pane's size line and statistics show whole
// (with `--sr-scale 2 --metrics srcnn,niqe` too), so do the status bar's fields, the statistics table
// shows every row without scrolling, the Histogram dock follows the mouse onto the HR's cell, every
// toolbar control shows, and the Sampling plot's title and the Differences dock's Against box show whole.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyleOptionComboBox>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <algorithm>
#include <memory>

#include "figure_panels.hpp"
#include "painted_texts.hpp"
#include "resizelab_request.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/histogram_widget.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/teaching_widgets.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

using rl::ui::ElidedLabel;
using rl::ui::MainWindow;

constexpr int kWaitMs = 120000;

// The window at its default size on Set5's bird, as `resizelab [ARGS] bird.bmp` starts it.
std::unique_ptr<MainWindow> bird_window(const QStringList& args) {
  rl::ui::test::isolate_settings();
  auto w = std::make_unique<MainWindow>();
  EXPECT_TRUE(rl::app::install_figure_panels(*w));
  const QStringList line =
      QStringList{"resizelab"} + args + QStringList{RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp"};
  rl::app::start_window(*w, rl::app::parse_request(line, rl::app::OptionMode::Window));
  w->resize(1500, 940);
  w->show();
  EXPECT_TRUE(QTest::qWaitForWindowExposed(w.get()));
  const rl::ui::Document& doc = *w->document();
  EXPECT_TRUE(QTest::qWaitFor(
      [&]() {
        return doc.source() && doc.source()->cols() == 288 && !doc.busy() && doc.diff(3).stats &&
               (!doc.diff_settings().niqe || doc.comparison().reference_niqe);
      },
      kWaitMs));
  QTest::qWait(100);
  return w;
}

const QStringList kSr{"--sr-scale", "2", "--metrics", "srcnn,niqe"};

// Empty when `l` shows its whole text, every line within its width; else what is wrong.
std::string unfit(const ElidedLabel& l) {
  const auto wrong = [&l](const QString& why) { return ("'" + l.text() + "' " + why).toStdString(); };
  if (l.elided())
    return wrong(QString("is cut (whole: '%1', %2 px in %3)")
                     .arg(l.full_text())
                     .arg(l.fontMetrics().horizontalAdvance(l.full_text()))
                     .arg(l.contentsRect().width()));
  for (const QString& line : l.text().split('\n'))
    if (l.fontMetrics().horizontalAdvance(line) > l.contentsRect().width())
      return wrong(QString("is wider than its %1 px").arg(l.contentsRect().width()));
  // Its lines are the full text's items, all of them.
  const QString t = l.text();
  if (QString(t).replace('\n', QStringLiteral(" \u00b7 ")) != l.full_text() &&
      QString(t).replace('\n', QStringLiteral("  ")) != l.full_text())
    return wrong("is not '" + l.full_text() + "'");
  return {};
}

void expect_whole_headers(const MainWindow& w, const std::string& when) {
  for (int i = 0; i < w.pane_count(); ++i)
    for (const ElidedLabel* l : {w.pane(i)->info_label(), w.pane(i)->stats_label()}) {
      EXPECT_FALSE(l->full_text().isEmpty()) << when << ", pane " << i + 1;
      EXPECT_EQ(unfit(*l), "") << when << ", pane " << i + 1;
    }
}

// Every field: not cut short ("…"), no wider than its label.
void expect_whole_status_bar(const MainWindow& w, const std::string& when) {
  int shown = 0;
  for (const QLabel* l : w.statusBar()->findChildren<QLabel*>()) {
    if (!l->isVisible() || l->text().isEmpty()) continue;
    ++shown;
    EXPECT_FALSE(l->text().endsWith(QChar(0x2026))) << when << ": '" << l->text().toStdString() << "' is cut";
    EXPECT_LE(l->fontMetrics().horizontalAdvance(l->text()), l->contentsRect().width())
        << when << ": '" << l->text().toStdString() << "' is clipped";
    if (const auto* e = qobject_cast<const ElidedLabel*>(l)) {
      EXPECT_EQ(unfit(*e), "") << when;
    }
  }
  EXPECT_GE(shown, 5) << when;  // the image, scale, device, times and zoom
}

// Pane 1's size line ("1 · reference" and its antialiasing box beside it) had its device cut; in SR
// mode the statistics line had its scores cut mid-number ("… · PSNR (srcnn) 26.2 …").
TEST(Fit, PaneHeadersAreWholeAtTheDefaultSize) {
  expect_whole_headers(*bird_window({}), "bird at 0.4");
  const auto sr = bird_window(kSr);
  ASSERT_TRUE(sr->pane(0)->stats_label()->full_text().contains("NIQE"));
  expect_whole_headers(*sr, "SR x2, srcnn and NIQE");
}

// The device field had the reason CUDA is not used cut mid-sentence (where it is not used; it is in
// the field's tooltip).
TEST(Fit, StatusBarIsWholeAtTheDefaultSize) {
  expect_whole_status_bar(*bird_window({}), "bird at 0.4");
  expect_whole_status_bar(*bird_window(kSr), "SR x2, srcnn and NIQE");
}

// The table had its HR row half hidden under the dock's edge, in a table that scrolled.
TEST(Fit, TheSrStatisticsTableShowsEveryRow) {
  const auto w = bird_window(kSr);
  auto* table = w->findChild<QTableWidget*>();
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->rowCount(), w->pane_count() + 1);  // the HR's NIQE on the last row
  EXPECT_EQ(table->verticalHeaderItem(table->rowCount() - 1)->text(), "HR");
  QScrollArea* scroll = nullptr;
  for (QWidget* p = table->parentWidget(); p && !scroll; p = p->parentWidget())
    scroll = qobject_cast<QScrollArea*>(p);
  ASSERT_NE(scroll, nullptr);
  const int last = table->rowCount() - 1;
  EXPECT_LE(table->rowViewportPosition(last) + table->rowHeight(last), table->viewport()->height())
      << "the table's last row is below its edge";
  const int bottom = table->mapTo(scroll->viewport(), QPoint(0, table->height())).y();
  EXPECT_LE(bottom, scroll->viewport()->height()) << "the table is below the dock's edge";
}

// The HR is a pane: the mouse on it shows its histogram (the dock kept the last pane's).
TEST(Fit, TheHistogramFollowsTheMouseOntoTheHr) {
  const auto w = bird_window(kSr);
  auto* histogram = w->findChild<rl::ui::HistogramWidget*>();
  ASSERT_NE(histogram, nullptr);
  ASSERT_NE(w->hr_view(), nullptr);
  const auto hover = [](QWidget* v) {
    QTest::mouseMove(v, v->rect().center());
    QTest::mouseMove(v, v->rect().center() + QPoint(3, 2));
  };
  hover(w->pane_view(3));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return histogram->label().startsWith("pane 4"); }, 5000));
  hover(w->hr_view());
  ASSERT_TRUE(QTest::qWaitFor([&]() { return histogram->label().startsWith("HR"); }, 5000))
      << histogram->label().toStdString();
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !histogram->computing() && histogram->histogram(); }, 30000));
  // The HR's counts, not the last pane's.
  const auto hr = w->document()->comparison().reference();
  ASSERT_TRUE(hr);
  EXPECT_EQ(histogram->histogram()->counts, rl::ui::histogram_of(*hr).counts);
  EXPECT_NE(histogram->histogram()->counts, rl::ui::histogram_of(*w->document()->result(3).image).counts);
}

// The toolbars ended in "»" at the default width: the wipe's pane boxes and A/B were in the overflow
// menu. Every toolbar control is shown, within its toolbar and the window, none over another.
TEST(Fit, EveryToolbarControlIsShownAtTheDefaultSize) {
  for (const QStringList& args : {QStringList{}, kSr}) {
    const auto w = bird_window(args);
    const QList<QToolBar*> bars = w->findChildren<QToolBar*>();
    ASSERT_GE(bars.size(), 2);
    QList<QRect> taken;
    for (const QToolBar* bar : bars) {
      const std::string name = bar->windowTitle().toStdString();
      ASSERT_TRUE(bar->isVisible()) << name;
      // Qt's "»" button, shown only when the toolbar has put what does not fit in its menu.
      for (const QWidget* ext : bar->findChildren<QWidget*>("qt_toolbar_ext_button"))
        EXPECT_FALSE(ext->isVisible()) << "the " << name << " toolbar ends in its overflow button";
      EXPECT_TRUE(w->rect().contains(QRect(bar->mapTo(w.get(), QPoint()), bar->size()))) << name;
      for (QAction* a : bar->actions()) {
        if (a->isSeparator()) continue;
        const QWidget* c = bar->widgetForAction(a);
        const std::string what = name + ": '" + (c ? c->toolTip() : a->text()).toStdString() + "'";
        ASSERT_NE(c, nullptr) << what;
        EXPECT_TRUE(c->isVisible()) << what << " is hidden in the overflow";
        EXPECT_TRUE(bar->rect().contains(c->geometry())) << what << " is cut by the toolbar's edge";
        const QRect at(c->mapTo(w.get(), QPoint()), c->size());
        for (const QRect& other : taken) EXPECT_FALSE(at.intersects(other)) << what << " overlaps another";
        taken << at;
      }
    }
  }
}

// The Sampling dock's first line, its title, ended in "…" ("Sampling along the columns: source row
// 146, channel 1; output…"): the output's u was cut.
TEST(Fit, TheSamplingTitleIsWhole) {
  const auto w = bird_window({});
  auto* sampling = w->findChild<rl::ui::SamplingWidget*>();
  ASSERT_NE(sampling, nullptr);
  rl::ui::PlotCanvas* canvas = sampling->canvas();
  ASSERT_TRUE(canvas->isVisible());
  const QStringList texts = rl::test::painted_texts(
      canvas->size(), [&](QPainter& p) { canvas->render(&p, QPoint(), QRegion(), {}); });
  ASSERT_FALSE(texts.isEmpty());
  const QString title = texts.front();
  EXPECT_TRUE(title.contains("u = ")) << title.toStdString();
  EXPECT_FALSE(title.contains(QChar(0x2026))) << title.toStdString();
  // The painter's room: the canvas less its 4 px margins.
  EXPECT_LE(canvas->fontMetrics().horizontalAdvance(title), canvas->width() - 8) << title.toStdString();
}

// The box's text field, in the style's words, and the width its text takes.
int field_width(const QComboBox& c) {
  QStyleOptionComboBox opt;
  opt.initFrom(&c);
  return c.style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, &c).width();
}

// The Sampling dock's channel box showed "channel", its items ("channel 1" …) come after its first
// show had sized it for none.
TEST(Fit, TheSamplingBoxesAreWhole) {
  const auto w = bird_window({});
  auto* sampling = w->findChild<rl::ui::SamplingWidget*>();
  ASSERT_NE(sampling, nullptr);
  int shown = 0;
  for (const QComboBox* c : sampling->findChildren<QComboBox*>()) {
    if (!c->isVisible()) continue;
    ++shown;
    for (int i = 0; i < c->count(); ++i)
      EXPECT_LE(c->fontMetrics().horizontalAdvance(c->itemText(i)), field_width(*c) - 2)
          << "'" << c->itemText(i).toStdString() << "' in " << field_width(*c) << " px";
  }
  EXPECT_EQ(shown, 3);  // the axis, the signal and bird's channel
}

// The Sampling plot's frame was 15 px high under its legend of 5 lines, its y label "value" cut to
// nothing. Narrowed, the title is cut with "…" and whole in the canvas's tooltip.
TEST(Fit, TheSamplingPlotIsReadable) {
  const auto w = bird_window({});
  auto* sampling = w->findChild<rl::ui::SamplingWidget*>();
  ASSERT_NE(sampling, nullptr);
  rl::ui::PlotCanvas* canvas = sampling->canvas();
  ASSERT_TRUE(canvas->isVisible());
  const QStringList texts = rl::test::painted_texts(
      canvas->size(), [&](QPainter& p) { canvas->render(&p, QPoint(), QRegion(), {}); });
  const QRectF area = sampling->plot_area();
  EXPECT_GE(area.height(), 100) << "canvas " << canvas->height() << " px high";
  EXPECT_GE(area.width(), 200) << "canvas " << canvas->width() << " px wide";
  // Both axis labels drawn whole, each within the frame's side it runs along.
  const QFontMetrics fm = canvas->fontMetrics();
  EXPECT_TRUE(texts.contains("value")) << texts.join(" | ").toStdString();
  EXPECT_TRUE(texts.contains("input position (0-based pixels)")) << texts.join(" | ").toStdString();
  EXPECT_LE(fm.horizontalAdvance("value"), area.height());
  EXPECT_LE(fm.horizontalAdvance("input position (0-based pixels)"), area.width());
  // Every curve named in the legend, whole.
  for (const auto& np : sampling->plans())
    EXPECT_TRUE(
        std::any_of(texts.begin(), texts.end(), [&](const QString& t) { return t.contains(np.first); }))
        << np.first.toStdString() << " not in " << texts.join(" | ").toStdString();

  const QString title = sampling->title();
  ASSERT_TRUE(title.contains("u = ")) << title.toStdString();
  EXPECT_TRUE(canvas->toolTip().startsWith(title + "\n")) << canvas->toolTip().toStdString();
  canvas->resize(220, canvas->height());
  const QStringList narrow = rl::test::painted_texts(
      canvas->size(), [&](QPainter& p) { canvas->render(&p, QPoint(), QRegion(), {}); });
  ASSERT_FALSE(narrow.isEmpty());
  EXPECT_TRUE(narrow.front().endsWith(QChar(0x2026))) << narrow.front().toStdString();
  EXPECT_EQ(sampling->title(), title);
  EXPECT_TRUE(canvas->toolTip().startsWith(title + "\n")) << canvas->toolTip().toStdString();
}

// The Against box showed "1 · bicubic (antialiased) (re", its text cut by its edge. Narrower (a
// narrower dock), it shows whole words and "…", the whole name in its tooltip.
TEST(Fit, TheDifferencesAgainstBoxIsWhole) {
  const auto w = bird_window({});
  QComboBox* against = nullptr;
  for (QComboBox* c : w->findChildren<QComboBox*>())
    if (c->count() > 0 && c->itemText(0).startsWith(QStringLiteral("1 \u00b7 "))) against = c;
  ASSERT_NE(against, nullptr);
  ASSERT_TRUE(against->isVisible());
  const QString shown = against->currentText();
  EXPECT_TRUE(shown.contains("bicubic (antialiased)")) << shown.toStdString();
  EXPECT_FALSE(shown.contains(QChar(0x2026))) << shown.toStdString();
  // The style draws the text 1 px in from each side of the field.
  EXPECT_LE(against->fontMetrics().horizontalAdvance(shown), field_width(*against) - 2)
      << "'" << shown.toStdString() << "' in " << field_width(*against) << " px";

  against->resize(110, against->height());
  const QString cut = against->currentText();
  EXPECT_LE(against->fontMetrics().horizontalAdvance(cut), field_width(*against) - 2) << cut.toStdString();
  ASSERT_TRUE(cut.endsWith(QStringLiteral(" \u2026"))) << cut.toStdString();
  EXPECT_TRUE(shown.startsWith(cut.chopped(2) + ' ')) << "not whole words: " << cut.toStdString();
  EXPECT_EQ(against->toolTip(), shown);
  EXPECT_EQ(against->itemData(0, Qt::ToolTipRole).toString(), shown);
}

}  // namespace
