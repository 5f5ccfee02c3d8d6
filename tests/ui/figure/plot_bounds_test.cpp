// Every plot kind at 1/128, 1/8, 1/2, 4/3 and 16x, each drawn into its own rectangle of a larger image
// whose margins hold a sentinel colour: no pixel outside the rectangle may change, and the texts the
// pictures draw stay inside and apart (1/128 widens MATLAB's kernel 128x: about 514 taps a side).
#include <gtest/gtest.h>

#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <functional>
#include <memory>
#include <string>

#include "rl/resize.hpp"
#include "rl/ui/plots.hpp"
#include "rl/ui/teaching_pictures.hpp"
#include "rl/ui/teaching_plots.hpp"
#include "rl/worked_example.hpp"

namespace {

const QColor kSentinel(255, 0, 255);
const double kScales[] = {1.0 / 128, 1.0 / 8, 0.5, 4.0 / 3, 16.0};

std::shared_ptr<const rl::Image> pattern(int n) {
  auto img = std::make_shared<rl::Image>(n, n, 1, rl::ElemType::U8);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) img->set(r, c, 0, ((r * 7 + c * 13) % 17) * 15);
  return img;
}

// The panes a comparison shows, with the ones that widen (antialiasing) among them.
struct Scene {
  std::string what;
  std::shared_ptr<const rl::Image> source;
  QList<rl::ui::NamedPlan> plans;
  QList<rl::ui::ProfilePane> panes;
  const rl::Plan* ref = nullptr;
  QPoint pixel;  // x = column, y = row of the reference's output
};

Scene scene(double scale) {
  Scene s;
  s.what = "scale " + std::to_string(scale);
  // 512 -> 4x4 at 1/128 as the built-in image gives; a smaller source at 16x keeps the results small.
  s.source = pattern(scale < 1 ? 512 : 96);
  const std::pair<rl::Method, bool> kinds[] = {{rl::Method::Bicubic, true},
                                               {rl::Method::Nearest, true},
                                               {rl::Method::Bilinear, false},
                                               {rl::Method::Lanczos3, true}};
  for (const auto& [m, aa] : kinds) {
    rl::ResizeSpec spec = rl::ResizeSpec::with_scale(scale, m);
    spec.antialiasing = aa;
    auto plan = std::make_shared<const rl::Plan>(rl::make_plan(spec, s.source->rows(), s.source->cols()));
    const QString name = QString::fromStdString(rl::to_string(m)) + (aa ? "" : ", antialiasing off");
    s.plans.append({name, plan});
    s.panes.append({name, std::make_shared<const rl::Image>(rl::run(*plan, *s.source)), plan});
  }
  s.ref = s.plans.front().second.get();
  s.pixel = QPoint(s.ref->out_cols / 2, s.ref->out_rows / 2);
  return s;
}

using Paint = std::function<void(QPainter&, const QRectF&, rl::ui::TextLog*)>;

struct Kind {
  std::string name;
  Paint paint;
  double height_factor = 1.0;  // the surface is drawn taller, as the figure does
};

// Each lambda reads the scene it is given (which outlives it), nothing of this function's.
std::vector<Kind> kinds(const Scene& s) {
  return {
      {"kernel", [&s](QPainter& p, const QRectF& r, auto*) { rl::ui::paint_kernel_plot(p, r, s.plans); }},
      {"frequency", [&s](QPainter& p, const QRectF& r,
                         auto*) { rl::ui::paint_frequency_plot(p, r, s.plans, rl::Axis::Cols, false); }},
      {"sampling",
       [&s](QPainter& p, const QRectF& r, auto*) {
         rl::ui::paint_sampling_plot(
             p, r, s.plans,
             rl::ui::sampling_input(*s.source, *s.ref, s.pixel.y(), s.pixel.x(), rl::Axis::Cols, 0));
       }},
      {"taps",
       [&s](QPainter& p, const QRectF& r, auto*) {
         rl::ui::paint_stem_plot(p, r, s.ref->rows, s.pixel.y(), QStringLiteral("row"));
       }},
      {"profile",
       [&s](QPainter& p, const QRectF& r, auto*) {
         const double mid = std::floor((s.source->rows() - 1) / 2.0);
         const QLineF line(0, mid, s.source->cols() - 1, mid);
         rl::ui::paint_profile_plot(p, r, rl::ui::profiles_along(s.panes, line), line.length(), -1,
                                    std::nullopt, rl::ui::describe_line(line));
       }},
      {"mapping", [&s](QPainter& p, const QRectF& r,
                       rl::ui::TextLog* log) { rl::ui::paint_mapping_plot(p, r, *s.ref, s.pixel, {}, log); }},
      {"window",
       [&s](QPainter& p, const QRectF& r, rl::ui::TextLog* log) {
         rl::ui::paint_window_plot(p, r, rl::ui::tap_windows(s.plans, *s.source, s.pixel), log);
       }},
      {"surface",
       [&s](QPainter& p, const QRectF& r, rl::ui::TextLog* log) {
         rl::ui::paint_surface_plot(p, r, rl::ui::surface_picture(*s.source, *s.ref, s.pixel), {}, log);
       },
       1.5},
  };
}

struct Drawn {
  QImage image;
  QRect box;
  rl::ui::TextLog log;
};

// Paints into `box` of a sentinel-filled image, as the figure paints (antialiased, its font).
Drawn draw(QSize size, int font_px, const Paint& paint) {
  Drawn d;
  const int margin = 60;
  d.box = QRect(QPoint(margin, margin), size);
  d.image = QImage(size + QSize(2 * margin, 2 * margin), QImage::Format_RGB32);
  d.image.fill(kSentinel);
  QPainter p(&d.image);
  p.fillRect(d.box, Qt::white);
  p.setRenderHint(QPainter::Antialiasing, true);
  p.setRenderHint(QPainter::TextAntialiasing, true);
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setPixelSize(font_px);
  p.setFont(font);
  paint(p, QRectF(d.box), &d.log);
  p.end();
  return d;
}

// Pixels outside `box` (one pixel of antialiasing allowed at its edge) that are not the sentinel.
int outside(const Drawn& d, QPoint* first) {
  const QRect allowed = d.box.adjusted(-1, -1, 1, 1);
  const QRgb sentinel = kSentinel.rgb();
  int n = 0;
  for (int y = 0; y < d.image.height(); ++y) {
    const auto* row = reinterpret_cast<const QRgb*>(d.image.constScanLine(y));
    for (int x = 0; x < d.image.width(); ++x)
      if (!allowed.contains(x, y) && row[x] != sentinel && n++ == 0) *first = QPoint(x, y);
  }
  return n;
}

// Figure rows at 1600 and 1280 px wide, and a dock.
struct Size {
  QSize size;
  int font_px;
};
const Size kSizes[] = {{{1552, 416}, 15}, {{1242, 333}, 12}, {{420, 300}, 12}};

TEST(PlotBounds, EveryPlotKeepsToItsBoxAtEveryScale) {
  for (const double scale : kScales) {
    const Scene s = scene(scale);
    for (const Kind& k : kinds(s))
      for (const Size& sz : kSizes) {
        const QSize size(sz.size.width(), static_cast<int>(sz.size.height() * k.height_factor));
        const Drawn d = draw(size, sz.font_px, k.paint);
        // RL_PLOT_BOUNDS_DIR=folder keeps every picture for a look.
        if (const QString dir = qEnvironmentVariable("RL_PLOT_BOUNDS_DIR"); !dir.isEmpty())
          d.image.save(QStringLiteral("%1/%2_%3_%4.png")
                           .arg(dir, QString::fromStdString(k.name))
                           .arg(scale, 0, 'g', 4)
                           .arg(size.width()));
        QPoint first;
        const int n = outside(d, &first);
        EXPECT_EQ(n, 0) << k.name << " at " << s.what << " in " << size.width() << "x" << size.height()
                        << ": first at " << first.x() << "," << first.y() << " (box " << d.box.x() << ","
                        << d.box.y() << ")";
        // Something was drawn: at least 2% of the box is not white.
        int inked = 0;
        for (int y = d.box.top(); y <= d.box.bottom(); y += 2) {
          const auto* row = reinterpret_cast<const QRgb*>(d.image.constScanLine(y));
          for (int x = d.box.left(); x <= d.box.right(); x += 2) inked += row[x] != QColor(Qt::white).rgb();
        }
        EXPECT_GT(inked, size.width() * size.height() / 4 / 50) << k.name << " at " << s.what;
        for (const rl::ui::DrawnText& t : d.log) {
          EXPECT_TRUE(QRectF(d.box).adjusted(-0.5, -0.5, 0.5, 0.5).contains(t.box))
              << k.name << " at " << s.what << ": '" << t.text.toStdString() << "' leaves the box";
        }
        // No two texts overlap (a pixel of antialiasing apart).
        for (std::size_t i = 0; i < d.log.size(); ++i)
          for (std::size_t j = i + 1; j < d.log.size(); ++j) {
            const QRectF a = d.log[i].box.adjusted(0.5, 0.5, -0.5, -0.5);
            const QRectF b = d.log[j].box.adjusted(0.5, 0.5, -0.5, -0.5);
            EXPECT_FALSE(a.intersects(b))
                << k.name << " at " << s.what << " in " << size.width() << "x" << size.height() << ": '"
                << d.log[i].text.toStdString() << "' and '" << d.log[j].text.toStdString() << "' overlap";
          }
      }
  }
}

TEST(PlotBounds, WorkedExampleKeepsToTheHeightItAsksFor) {
  for (const double scale : kScales) {
    const Scene s = scene(scale);
    const rl::WorkedExample w = rl::make_worked_example(*s.ref, *s.source, s.pixel.y(), s.pixel.x(), 0);
    for (const Size& sz : kSizes) {
      QFont font(QStringLiteral("DejaVu Sans"));
      font.setPixelSize(sz.font_px);
      const double h = std::ceil(rl::ui::worked_cells_height(QFontMetricsF(font), w, sz.size.width()));
      const Drawn d = draw(QSize(sz.size.width(), static_cast<int>(h)), sz.font_px,
                           [&](QPainter& p, const QRectF& r, auto*) {
                             rl::ui::paint_worked_cells(p, r, w, *s.ref, QStringLiteral("Worked example"));
                           });
      QPoint first;
      EXPECT_EQ(outside(d, &first), 0) << "worked at " << s.what << " width " << sz.size.width()
                                       << ": first at " << first.x() << "," << first.y();
    }
  }
}

// MATLAB's 1/128 window has more taps than fit: the middle ones are drawn, the rest said.
TEST(PlotBounds, WideWindowSaysHowManyTapsAreHidden) {
  const Scene s = scene(1.0 / 128);
  const QList<rl::ui::NamedWindow> windows = rl::ui::tap_windows(s.plans, *s.source, s.pixel);
  ASSERT_EQ(windows.size(), 4);
  const rl::TapWindow& matlab = windows[0].window;
  ASSERT_GT(matlab.cols.size(), 500u);  // 128 x 4 + 2 taps, the zero ones dropped
  for (const Size& sz : kSizes) {
    const Drawn d = draw(sz.size, sz.font_px, [&](QPainter& p, const QRectF& r, rl::ui::TextLog* log) {
      rl::ui::paint_window_plot(p, r, windows, log);
    });
    const QString all = QStringLiteral("%1x%2 taps").arg(matlab.rows.size()).arg(matlab.cols.size());
    bool said_all = false, said_hidden = false;
    for (const rl::ui::DrawnText& t : d.log) {
      said_all |= t.text.startsWith(all);
      said_hidden |= t.text.contains(QStringLiteral("columns hidden"));
    }
    EXPECT_TRUE(said_all) << sz.size.width();
    EXPECT_TRUE(said_hidden) << sz.size.width();
  }
}

}  // namespace
