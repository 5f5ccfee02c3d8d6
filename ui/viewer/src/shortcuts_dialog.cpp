// The shortcuts dialog: a table built from the actions' own shortcuts, so it cannot fall behind.
#include "rl/ui/shortcuts_dialog.hpp"

#include <QAction>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QVBoxLayout>

namespace rl::ui {

namespace {

// What the mouse does in the panes; no action stands for these.
const std::pair<const char*, const char*> kGestures[] = {
    {"Mouse wheel", "Zoom about the cursor"},
    {"Drag", "Pan all panes; in wipe mode drag the yellow line to move it"},
    {"Click",
     "Lock the kernel, tap-weight and worked-example plots and the footprint on that pixel; click it again "
     "to "
     "release"},
    {"Double click", "Fit the whole image"},
    {"Shift+drag", "Draw the line profile's line"},
    {"Ctrl+drag", "Statistics of that region in every pane (Ctrl+click or Esc clears it)"},
    {"Scale field", "Type 0.5 or 1/3 and press Enter"},
    {"Size field", "Type rows,cols (one may be NaN) and press Enter"},
};

}  // namespace

QList<ShortcutEntry> shortcut_entries(const QObject& root) {
  QList<ShortcutEntry> out;
  QSet<const QAction*> seen;
  for (const QAction* a : root.findChildren<QAction*>()) {
    if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
    seen.insert(a);
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) {
      const QString t = k.toString(QKeySequence::NativeText);
      if (!t.isEmpty() && !keys.contains(t)) keys << t;
    }
    QString what = a->statusTip();
    if (what.isEmpty()) what = QString(a->text()).remove('&').remove("…");
    out.append({keys.join(" / "), what});
  }
  return out;
}

QList<ShortcutEntry> grouped(const QList<ShortcutEntry>& entries) {
  static const QRegularExpression number(R"(\b[0-9]\b)");
  const auto general = [](QString s) { return s.replace(number, "N"); };
  QList<ShortcutEntry> out;
  for (qsizetype i = 0; i < entries.size();) {
    qsizetype j = i + 1;
    const bool numbered = entries[i].what.contains(number);
    while (numbered && j < entries.size() && entries[j].what != entries[i].what &&
           general(entries[j].what) == general(entries[i].what) &&
           general(entries[j].keys) == general(entries[i].keys))
      ++j;
    if (j - i > 1)
      out.append({entries[i].keys + " … " + entries[j - 1].keys, general(entries[i].what)});
    else
      out.append(entries[i]);
    i = j;
  }
  return out;
}

ShortcutsDialog::ShortcutsDialog(const QObject& root, QWidget* parent) : QDialog(parent) {
  setWindowTitle("Keyboard shortcuts");
  auto* l = new QVBoxLayout(this);
  QString html = "<table cellspacing=4>";
  const auto row = [&](const QString& k, const QString& what) {
    html += QString("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), what.toHtmlEscaped());
  };
  for (const ShortcutEntry& e : grouped(shortcut_entries(root))) row(e.keys, e.what);
  for (const auto& [k, what] : kGestures) row(k, what);
  html += "</table>";
  auto* label = new QLabel(html);
  label->setObjectName("shortcutTable");
  l->addWidget(label);
  auto* bb = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(bb, &QDialogButtonBox::rejected, this, &QDialog::reject);
  l->addWidget(bb);
}

}  // namespace rl::ui
