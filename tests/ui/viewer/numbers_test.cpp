// The numbers the real window prints say what they are of, in one spelling: an image's size is
// width×height in the error banner as in the pane headers; a share of pixels reads 100% or 0% only
// when it is all or none; the NIQE under a region's header is the region's, in the table, the pane's
// header and a live.query reply (or says the region is too small); a row with no statistics says why
// across the table and leaves its columns as the numbers need them.
#include <QDockWidget>
#include <QHeaderView>
#include <QLocalSocket>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/niqe.hpp"
#include "rl/push_protocol.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/push_server.hpp"
#include "test_util.hpp"

using namespace rl::ui;

namespace {

constexpr int kWaitMs = 120000;
const QString kBird = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/bird.bmp");  // 288x288

// A rows x cols RGB uint8 image of values 0..254 (so +1 never saturates), different at every pixel.
rl::Image ramp(int rows, int cols) {
  rl::Image img = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::U8);
  auto* v = img.data<std::uint8_t>();
  for (std::size_t i = 0; i < img.elements(); ++i) v[i] = static_cast<std::uint8_t>((i * 37 + i / 7) % 255);
  return img;
}

QTableWidget* stats_table(MainWindow& w) {
  auto* panel = w.findChild<DifferencePanel*>();
  return panel ? panel->findChild<QTableWidget*>() : nullptr;
}

int column(const QTableWidget& t, const QString& name) {
  for (int c = 0; c < t.columnCount(); ++c)
    if (t.horizontalHeaderItem(c) && t.horizontalHeaderItem(c)->text().replace('\n', ' ') == name) return c;
  return -1;
}

// `imresize score --metric niqe`'s four decimals of the NIQE of `img` (the command's "%10.4f").
QString niqe_text(const rl::Image& img) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", rl::niqe(img));
  return QString::fromLatin1(buf);
}

// A live.query of the pushed pane `name`, over the window's socket as a script sends it: the reply's
// text.
QString query(const QString& socket_path, const QString& name) {
  QLocalSocket s;
  s.connectToServer(socket_path);
  if (!s.waitForConnected(5000)) return QStringLiteral("no connection: ") + s.errorString();
  rl::push::Message m;
  m.type = rl::push::Type::Query;
  m.role = rl::push::Role::Pane;
  m.name = name.toStdString();
  const std::vector<std::uint8_t> bytes = rl::push::encode(m);
  s.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
  rl::push::Parser parser;
  std::optional<rl::push::Message> r;
  (void)QTest::qWaitFor(
      [&]() {
        const QByteArray in = s.readAll();
        parser.feed(reinterpret_cast<const std::uint8_t*>(in.data()), static_cast<std::size_t>(in.size()));
        r = parser.take();
        return r.has_value();
      },
      kWaitMs);
  return r ? QString::fromStdString(r->name) : QStringLiteral("no reply");
}

}  // namespace

class NumbersTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  void initTestCase() {
    test::isolate_settings();
    QVERIFY(dir_.isValid());
  }

  // The banner's sizes are width×height, as the header: the reference pane of a 90-wide, 60-tall
  // image at 1/2 is 45×30 in its header and in the message about a file of another size.
  void theBannerSaysSizesAsTheHeaders() {
    rl::io::save(path("wide.png").toStdString(), ramp(60, 90));
    rl::io::save(path("other.png").toStdString(), ramp(20, 31));
    MainWindow w;
    QVERIFY(test::show_and_settle(w, *w.document(), kWaitMs));
    w.open_file(path("wide.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w.document()->source_path() == path("wide.png"); }, kWaitMs));
    w.set_scale(0.5);
    QVERIFY(QTest::qWaitFor(
        [&]() {
          const auto& r = w.document()->result(0);
          return !w.document()->busy() && r.image && r.image->cols() == 45;
        },
        kWaitMs));
    QVERIFY2(w.pane(0)->info_label()->full_text().startsWith(QString::fromUtf8("45×30 · ")),
             qPrintable(w.pane(0)->info_label()->full_text()));
    w.add_image_pane(path("other.png"));
    QVERIFY(QTest::qWaitFor([&]() { return w.error_visible(); }, kWaitMs));
    const QString banner = w.error_text();
    QVERIFY2(banner.contains(QString::fromUtf8("other.png is 31×20, the reference 45×30")),
             qPrintable(banner));
  }

  // A pane pushed into a window whose pane 1 is MATLAB's bicubic (the default, the pushed pane's own
  // untouched method) holds the image sent, not pane 1's result with "the same tables".
  void aPushedPaneIsTheImageSent() {
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    const rl::Image sent = ramp(50, 70);
    QCOMPARE(doc.push_image("sent", rl::push::Role::Pane, sent, 0), QString());
    const int i = doc.pushed_pane("sent");
    QVERIFY(QTest::qWaitFor([&]() { return !doc.busy() && doc.result(i).image; }, kWaitMs));
    const rl::Image& got = *doc.result(i).image;
    QVERIFY2(got.same_shape(sent), qPrintable(doc.result(i).note));
    QVERIFY(std::memcmp(got.raw(), sent.raw(), sent.bytes()) == 0);
  }

  // 12 of 375000 pixels equal: 99.997% differ, not 100.00%; all of them: 100.00%. In the pane's
  // header and in the table's cell.
  void aShareIsAllOnlyWhenItIsAll() {
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    const rl::Image ref = ramp(500, 750);
    rl::Image most = ref, all = ref;
    for (std::size_t i = 0; i < ref.elements(); ++i) {
      ++all.data<std::uint8_t>()[i];
      if (i >= 12 * 3) ++most.data<std::uint8_t>()[i];  // the first 12 pixels kept
    }
    QCOMPARE(doc.push_image("most", rl::push::Role::Pane, most, 0), QString());
    QCOMPARE(doc.push_image("all", rl::push::Role::Pane, all, 0), QString());
    const int m = doc.pushed_pane("most"), a = doc.pushed_pane("all");
    QVERIFY(QTest::qWaitFor([&]() { return !doc.busy() && doc.result(m).image && doc.result(a).image; },
                            kWaitMs));
    QCOMPARE(doc.push_image("ref", rl::push::Role::Reference, ref, 0), QString());
    QVERIFY(
        QTest::qWaitFor([&]() { return !doc.busy() && doc.diff(m).stats && doc.diff(a).stats; }, kWaitMs));
    QCOMPARE(doc.diff(m).stats->differing, std::size_t{374988});
    QCoreApplication::processEvents();
    const QString header = w.pane(m)->stats_label()->full_text();
    QVERIFY2(header.contains("374988 px differ (99.997%)"), qPrintable(header));
    QVERIFY2(w.pane(a)->stats_label()->full_text().contains("375000 px differ (100.00%)"),
             qPrintable(w.pane(a)->stats_label()->full_text()));
    QTableWidget* t = stats_table(w);
    QVERIFY(t);
    const int differ = column(*t, "differ");
    QVERIFY(differ >= 0);
    QCOMPARE(t->item(m, differ)->text().replace('\n', ' '), QString("374988 px (99.997%)"));
  }

  // Set5's bird, SR x2, NIQE on: a 78x78 region (too small for two 96x96 blocks) gives no NIQE on any
  // row, nor the whole image's, and says why in the cell's tooltip, the pane's header and a live.query;
  // a 200x100 region gives each row the NIQE of its part in the region.
  void niqeUnderARegionIsTheRegions() {
    QTemporaryDir sock_dir;
    const QString sock = sock_dir.filePath("rl.sock");
    qputenv("RESIZELAB_SOCKET", sock.toUtf8());
    MainWindow w;
    Document& doc = *w.document();
    const PushServer server(&doc);
    QVERIFY2(server.listening(), qPrintable(server.status()));
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    const rl::Image bird = rl::io::load(kBird.toStdString());
    QCOMPARE(doc.push_image("hr", rl::push::Role::Hr, bird, 2), QString());
    rl::Image sr = bird;  // a pushed pane: the HR one level up where it can be
    for (std::size_t i = 0; i < sr.elements(); ++i)
      if (sr.data<std::uint8_t>()[i] < 255) ++sr.data<std::uint8_t>()[i];
    QCOMPARE(doc.push_image("sr", rl::push::Role::Pane, sr, 0), QString());
    DiffSettings s = doc.diff_settings();
    s.niqe = niqe_choice(rl::NiqeProtocol::Release);
    doc.set_diff_settings(s);
    const int p = doc.pushed_pane("sr");
    const auto ready = [&]() {
      return !doc.busy() && doc.diff(p).niqe && doc.diff(1).niqe && doc.comparison().reference_niqe;
    };
    QVERIFY(QTest::qWaitFor(ready, kWaitMs));
    QTableWidget* t = stats_table(w);
    QVERIFY(t);
    const int niqe = column(*t, "NIQE");
    QVERIFY(niqe >= 0);
    const int hr_row = t->rowCount() - 1;
    QCOMPARE(t->verticalHeaderItem(hr_row)->text(), QString("HR"));
    QCOMPARE(t->item(hr_row, niqe)->text(), niqe_text(bird));  // the whole image's, no region yet
    const QString whole_sr = niqe_text(sr);
    QCOMPARE(t->item(p, niqe)->text(), whole_sr);

    doc.set_region(QRect(100, 100, 78, 78));
    QVERIFY(QTest::qWaitFor(
        [&]() { return doc.region() == QRect(100, 100, 78, 78) && ready() && doc.diff(p).stats; }, kWaitMs));
    QCoreApplication::processEvents();
    const QString dash = QString::fromUtf8("\u2014");
    const QString why = QString::fromUtf8("region too small for NIQE (needs ≥ 192×96 or 96×192 px)");
    for (const int row : {1, p, hr_row}) {
      QCOMPARE(t->item(row, niqe)->text(), dash);
      QVERIFY2(t->item(row, niqe)->toolTip().startsWith(why), qPrintable(t->item(row, niqe)->toolTip()));
    }
    const QString header = w.pane(p)->stats_label()->full_text();
    QVERIFY2(header.contains(QString::fromUtf8("NIQE: region too small (needs ≥ 192×96 or 96×192 px)")),
             qPrintable(header));
    QString reply = query(sock, "sr");
    QVERIFY2(reply.contains(QString::fromUtf8("NIQE: region too small (needs ≥ 192×96 or 96×192 px)")),
             qPrintable(reply));
    QVERIFY2(!reply.contains(whole_sr), qPrintable(reply));

    const QRect part(10, 20, 200, 100);  // x, y, w, h: two blocks side by side
    doc.set_region(part);
    QVERIFY(QTest::qWaitFor([&]() { return doc.region() == part && ready() && doc.diff(p).stats; }, kWaitMs));
    QCoreApplication::processEvents();
    const auto cropped = [&](const rl::Image& img) {
      return niqe_text(rl::crop(img, part.y(), part.x(), part.height(), part.width()));
    };
    QCOMPARE(t->item(p, niqe)->text(), cropped(sr));
    QCOMPARE(t->item(1, niqe)->text(), cropped(*doc.result(1).image));
    QCOMPARE(t->item(hr_row, niqe)->text(), cropped(bird));
    QVERIFY(cropped(sr) != whole_sr);
    reply = query(sock, "sr");
    QVERIFY2(reply.contains("NIQE " + cropped(sr)), qPrintable(reply));
    qunsetenv("RESIZELAB_SOCKET");
  }

  // A 72x72 pane pushed into an SR x4 window cannot be compared with the 288x288 HR: its row says so
  // across the table, and the first columns (the protocol's PSNR and SSIM, NIQE) stay as wide as their
  // headers and numbers need, in view.
  void aRefusedRowKeepsTheColumns() {
    MainWindow w;
    Document& doc = *w.document();
    QVERIFY(test::show_and_settle(w, doc, kWaitMs));
    w.open_file(kBird);
    QVERIFY(QTest::qWaitFor([&]() { return doc.source_path() == kBird; }, kWaitMs));
    w.apply_sr_baselines(4);  // compared with the HR, scored as srcnn
    DiffSettings s = doc.diff_settings();
    s.niqe = niqe_choice(rl::NiqeProtocol::Release);
    doc.set_diff_settings(s);
    QVERIFY(QTest::qWaitFor([&]() { return !doc.busy() && doc.diff(1).sr && doc.diff(1).niqe; }, kWaitMs));
    QCOMPARE(doc.push_image("lr", rl::push::Role::Pane, ramp(72, 72), 0), QString());
    const int p = doc.pushed_pane("lr");
    QVERIFY(QTest::qWaitFor(
        [&]() { return !doc.busy() && (!doc.diff(p).error.isEmpty() || !doc.result(p).error.isEmpty()); },
        kWaitMs));
    QCoreApplication::processEvents();
    auto* dock = w.findChild<QDockWidget*>("differenceDock");
    QVERIFY(dock);
    dock->show();
    QCoreApplication::processEvents();
    QTableWidget* t = stats_table(w);
    QVERIFY(t);
    const QString reason = doc.diff(p).error.isEmpty() ? doc.result(p).error : doc.diff(p).error;
    const int reason_w = t->fontMetrics().horizontalAdvance(reason);
    for (const QString name : {"PSNR (srcnn)", "SSIM (srcnn)", "NIQE"}) {
      const int c = column(*t, name);
      QVERIFY2(c >= 0, qPrintable(name));
      const int left = t->horizontalHeader()->sectionViewportPosition(c);
      const int right = left + t->horizontalHeader()->sectionSize(c);
      QVERIFY2(
          t->horizontalHeader()->sectionSize(c) < reason_w,
          qPrintable(QString("%1 is %2 px wide, the reason %3").arg(name).arg(right - left).arg(reason_w)));
      QVERIFY2(left >= 0 && right <= t->viewport()->width(),
               qPrintable(QString("%1 at %2..%3 in a table %4 wide")
                              .arg(name)
                              .arg(left)
                              .arg(right)
                              .arg(t->viewport()->width())));
    }
    // The reason, whole in the tooltip, across the row; its sizes as the headers write them.
    QVERIFY(t->item(p, 0));
    QCOMPARE(t->item(p, 0)->text(), reason);
    QCOMPARE(t->item(p, 0)->toolTip(), reason);
    QCOMPARE(t->columnSpan(p, 0), t->columnCount());
    QVERIFY2(reason.contains(QString::fromUtf8("72×72")), qPrintable(reason));
    // The other rows' numbers are still there: pane 2's PSNR cell is a number of dB.
    QVERIFY(t->item(1, column(*t, "PSNR (srcnn)"))->text().contains("dB"));
  }
};

QTEST_MAIN(NumbersTest)
#include "numbers_test.moc"
