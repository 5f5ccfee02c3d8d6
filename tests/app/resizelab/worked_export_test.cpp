// `resizelab --export --plots worked`: every weight is printed whole (the Plan's, 6 significant
// digits, no ellipsis), and every strip of taps of one output is laid out alike: one cell width for
// every pass, each step's taps dealt evenly into its strips (no tap alone on a strip). Read from the
// figure's SVG: each text and where it is drawn.
#include <gtest/gtest.h>

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "figure_export.hpp"
#include "rl/plan.hpp"
#include "rl/spec.hpp"

namespace {

struct Drawn {
  QString text;
  double x = 0, y = 0;
};

// The texts of an SVG written by QSvgGenerator, in order, with the point each is drawn at (its
// group's translation added).
std::vector<Drawn> svg_texts(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
  const QString svg = QString::fromUtf8(f.readAll());
  std::vector<Drawn> out;
  static const QRegularExpression group(QStringLiteral("<g [^>]*>|<text [^>]*>([^<]*)</text>"));
  static const QRegularExpression matrix(QStringLiteral(
      "transform=\"matrix\\(([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+)\\)\""));
  static const QRegularExpression at(QStringLiteral("\\bx=\"([-0-9.e]+)\"[^>]*\\by=\"([-0-9.e]+)\""));
  double dx = 0, dy = 0;
  for (auto it = group.globalMatch(svg); it.hasNext();) {
    const auto m = it.next();
    const QString tag = m.captured(0);
    if (tag.startsWith(QStringLiteral("<g "))) {
      const auto t = matrix.match(tag);
      dx = t.hasMatch() ? t.captured(5).toDouble() : 0;
      dy = t.hasMatch() ? t.captured(6).toDouble() : 0;
      continue;
    }
    const auto p = at.match(tag);
    const QString text = m.captured(1).trimmed();
    if (text.isEmpty() || !p.hasMatch()) continue;
    out.push_back({text, p.captured(1).toDouble() + dx, p.captured(2).toDouble() + dy});
  }
  return out;
}

TEST(ExportWorked, WeightsWholeAndEveryStripAlike) {
  const QString baby = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/baby.bmp");  // 512x512
  QTemporaryDir dir;
  const QString svg = dir.filePath("x.svg");
  ASSERT_EQ(rl::app::export_main({"resizelab", "--export", svg, "--scale", "0.25", "--plots", "worked",
                                  "--pixel", "79,88", baby}),
            0);
  const std::vector<Drawn> texts = svg_texts(svg);
  ASSERT_FALSE(texts.empty());
  // MATLAB's bicubic at 1/4 weighs 16 taps per axis; output (79, 88) reads rows' weights of 79 in
  // pass 1 and columns' weights of 88 in pass 2 (the core's Plan, as `imresize` makes it).
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.25), 512, 512);
  ASSERT_EQ(plan.rows.taps, 16);
  const auto weight_text = [](double w) { return QString::number(w, 'g', 6); };
  // The weight whose printing the figure cut: -0.00170898 at 1/4 (its whole 6 digits).
  bool has_small = false;
  for (int k = 0; k < plan.cols.taps; ++k)
    has_small |= weight_text(plan.cols.weights_of(88)[k]) == "-0.00170898";
  EXPECT_TRUE(has_small);
  for (const Drawn& d : texts)
    EXPECT_FALSE(d.text.contains(QChar(0x2026))) << "cut: " << d.text.toStdString();

  // Each step: the weights in the taps' order after its heading, where each is drawn.
  std::vector<std::vector<Drawn>> steps;
  for (std::size_t h = 0; h < texts.size(); ++h) {
    const bool pass1 = texts[h].text.startsWith("Pass 1 ("), pass2 = texts[h].text.startsWith("Pass 2 (");
    if (!pass1 && !pass2) continue;
    const double* w = pass1 ? plan.rows.weights_of(79) : plan.cols.weights_of(88);
    std::vector<Drawn> cells;
    std::size_t at = h + 1;
    for (int k = 0; k < 16; ++k) {
      const QString want = weight_text(w[k]);
      while (at < texts.size() && texts[at].text != want && !texts[at].text.startsWith("Pass ")) ++at;
      ASSERT_TRUE(at < texts.size() && texts[at].text == want)
          << "weight " << k << " = " << want.toStdString() << " not printed whole after "
          << texts[h].text.toStdString();
      cells.push_back(texts[at++]);
    }
    steps.push_back(cells);
  }
  ASSERT_GE(steps.size(), 2u);  // pass 1's steps and pass 2
  std::vector<int> layout;      // taps per strip: the same for every step of the output
  for (const auto& cells : steps) {
    std::map<int, int> per_strip;  // y -> taps on that strip
    for (const Drawn& d : cells) ++per_strip[static_cast<int>(std::lround(d.y))];
    std::vector<int> counts;
    for (const auto& [y, n] : per_strip) counts.push_back(n);
    const auto [least, most] = std::minmax_element(counts.begin(), counts.end());
    EXPECT_LE(*most - *least, 1) << "strips of " << *most << " and " << *least << " taps";
    EXPECT_GT(*least, 1) << "a tap alone on its strip";
    if (layout.empty()) layout = counts;
    EXPECT_EQ(counts, layout);
  }
}

}  // namespace
