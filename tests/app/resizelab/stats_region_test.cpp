// The Differences dock's statistics with a region drawn in SR mode, at the default window size with
// every dock: the SR protocol's PSNR and SSIM columns are in view without scrolling, and the region
// is named once (the scope line), not in a column repeated on every row.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTest>

#include "figure_panels.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

TEST(StatisticsRegion, SrColumnsStayInViewAndTheRegionIsNamedOnce) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  w.resize(1500, 940);  // the window's default size
  w.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  const QString bird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");
  w.open_file(bird);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return doc->source_path() == bird; }, 60000));
  w.apply_sr_baselines(4);  // compared with the HR, scored as srcnn
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).sr; }, 60000));
  doc->set_region(QRect(34, 30, 114, 114));  // a Ctrl+drag
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->diff(1).sr && doc->region(); }, 60000));
  QApplication::processEvents();

  auto* dock = w.findChild<QDockWidget*>("differenceDock");
  ASSERT_NE(dock, nullptr);
  auto* table = dock->findChild<QTableWidget*>();
  auto* scope = dock->findChild<QLabel*>("statsScope");
  ASSERT_TRUE(table && scope);
  EXPECT_TRUE(scope->text().contains("region x 34, y 30, 114×114")) << scope->text().toStdString();
  int psnr = -1, ssim = -1;
  for (int c = 0; c < table->columnCount(); ++c) {
    const QString h = table->horizontalHeaderItem(c)->text().simplified();
    EXPECT_NE(h, "region") << "the region is a column";
    if (h == "PSNR (srcnn)") psnr = c;
    if (h == "SSIM (srcnn)") ssim = c;
    for (int r = 0; r < table->rowCount(); ++r) {
      if (table->item(r, c)) {
        EXPECT_FALSE(table->item(r, c)->text().contains("34,30")) << "row " << r + 1 << " names the region";
      }
    }
  }
  ASSERT_GE(psnr, 0);
  ASSERT_GE(ssim, 0);
  for (const int c : {psnr, ssim}) {
    const int right =
        table->horizontalHeader()->sectionViewportPosition(c) + table->horizontalHeader()->sectionSize(c);
    EXPECT_GE(table->horizontalHeader()->sectionViewportPosition(c), 0);
    EXPECT_LE(right, table->viewport()->width())
        << table->horizontalHeaderItem(c)->text().simplified().toStdString() << " ends at " << right
        << " in a table " << table->viewport()->width() << " wide";
  }
  // The numbers are there: pane 2's PSNR cell is a number of dB.
  EXPECT_TRUE(table->item(1, psnr) && table->item(1, psnr)->text().contains("dB"))
      << (table->item(1, psnr) ? table->item(1, psnr)->text().toStdString() : "no cell");
}

}  // namespace
