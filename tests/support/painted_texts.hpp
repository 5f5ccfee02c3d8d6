// The texts a painter call draws, read back from an SVG: what a reader of the picture sees, in order.
#pragma once

#include <QBuffer>
#include <QPainter>
#include <QRegularExpression>
#include <QSize>
#include <QStringList>
#include <QSvgGenerator>
#include <QTextDocument>

namespace rl::test {

// The texts painted by `paint` into an SVG of `size`, in order, unescaped, blank ones left out.
template <class Paint>
QStringList painted_texts(QSize size, Paint paint) {
  QBuffer buf;
  buf.open(QIODevice::WriteOnly);
  QSvgGenerator gen;
  gen.setOutputDevice(&buf);
  gen.setSize(size);
  gen.setViewBox(QRect(QPoint(), size));
  QPainter p(&gen);
  paint(p);
  p.end();
  QStringList out;
  static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
  for (auto it = text.globalMatch(QString::fromUtf8(buf.data())); it.hasNext();) {
    QTextDocument d;
    d.setHtml(it.next().captured(1));
    const QString t = d.toPlainText().trimmed();
    if (!t.isEmpty()) out << t;
  }
  return out;
}

}  // namespace rl::test
