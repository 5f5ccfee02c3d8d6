// The error banner's message is tied to the state that caused it: a bad scale's message goes once a
// scale is applied, another parameter changes or the text is edited; a message without a cause stays.
#include <QComboBox>
#include <QLineEdit>
#include <QTest>

#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

using namespace rl::ui;

class BannerTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { test::isolate_settings(); }

  void bad_scale_message_goes_when_the_scale_is_fixed() {
    MainWindow w;
    QVERIFY(test::show_and_settle(w, *w.document(), 60000));
    QLineEdit* scale = w.scale_edit();
    scale->selectAll();
    QTest::keyClicks(scale, "0.9d");
    QTest::keyClick(scale, Qt::Key_Return);
    QVERIFY(w.error_visible());
    QVERIFY2(w.error_text().contains("0.9d"), qPrintable(w.error_text()));
    scale->selectAll();
    QTest::keyClicks(scale, "0.5");
    QTest::keyClick(scale, Qt::Key_Return);
    QVERIFY2(!w.error_visible(), qPrintable(w.error_text()));
    QVERIFY(test::wait_idle(*w.document(), 60000));
    QVERIFY(!w.error_visible());
  }

  void bad_scale_message_goes_with_a_later_change() {
    MainWindow w;
    QVERIFY(test::show_and_settle(w, *w.document(), 60000));
    QLineEdit* size = w.size_edit();
    QTest::keyClicks(size, "12,x");
    QTest::keyClick(size, Qt::Key_Return);
    QVERIFY(w.error_visible());
    // Another parameter (the boundary box) changes the state the message was about.
    auto* boundary = w.findChildren<QComboBox*>().value(0);
    QVERIFY(boundary && boundary->count() == 2);
    boundary->setCurrentIndex(1 - boundary->currentIndex());
    QVERIFY2(!w.error_visible(), qPrintable(w.error_text()));
    // Editing the text the message is about takes it away too.
    QTest::keyClick(size, Qt::Key_Return);
    QVERIFY(w.error_visible());
    QTest::keyClick(size, Qt::Key_Backspace);
    QVERIFY(!w.error_visible());
  }

  void a_message_without_a_cause_stays() {
    MainWindow w;
    QVERIFY(test::show_and_settle(w, *w.document(), 60000));
    w.show_error("Nothing to export yet");
    w.set_scale(0.5);
    QVERIFY(test::wait_idle(*w.document(), 60000));
    QCOMPARE(w.error_text(), QString("Nothing to export yet"));
  }
};

QTEST_MAIN(BannerTest)
#include "banner_test.moc"
