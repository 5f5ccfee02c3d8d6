// `resizelab --export --sr-scale S --degradation bd|bd-vsr|dn`: the figure's round trips start from
// the core's LR (rl::degrade), its labels and the sr-paper caption name the model, the command line
// File > Export prints gives it back; and the flags' bad values, one line and exit 2.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include "figure_export.hpp"
#include "request_error.hpp"
#include "resizelab_request.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/figure.hpp"

namespace {

const QString kButterfly = QStringLiteral(RL_GOLDEN_DIR "/legacy-set5/original/butterfly.bmp");

QString error_of(const QStringList& args, rl::app::OptionMode mode) {
  return rl::test::request_error(args, mode);
}

bool logged_containing(const rl::ui::TextLog& log, const QString& text) {
  for (const auto& t : log)
    if (t.text.contains(text)) return true;
  return false;
}

// The figure of BD x3 on Set5's butterfly: each round trip's LR is the core's BD (the nearest pane's
// s x s blocks), the labels say "SR BD x3", the file is written, and export_command gives the flags back.
TEST(SrDegradationExport, TheFigureStartsFromTheBdLr) {
  QTemporaryDir dir;
  const QString fig = dir.filePath("fig.png");
  const QStringList args{"resizelab",      "--export", fig,       "--sr-scale", "3",
                         "--degradation",  "bd",       "--sigma", "1.2",        "--panes",
                         "matlab,nearest", kButterfly};
  const rl::app::ExportJob job = rl::app::prepare_export(args);
  const rl::ui::Comparison& c = job.spec.comparison;
  ASSERT_EQ(c.panes.size(), 2u);
  rl::DegradeOptions o;
  o.model = rl::Degradation::Bd;
  o.scale = 3;
  o.sigma = 1.2;
  const rl::Image lr = rl::degrade(rl::io::load(kButterfly.toStdString()), o);
  ASSERT_EQ(lr.rows(), 85);
  const rl::Image& nearest = *c.results[1].image;
  ASSERT_EQ(nearest.rows(), 255);
  int wrong = 0;
  for (int r = 0; r < nearest.rows(); ++r)
    for (int col = 0; col < nearest.cols(); ++col)
      for (int k = 0; k < 3; ++k) wrong += nearest.at(r, col, k) != lr.at(r / 3, col / 3, k);
  EXPECT_EQ(wrong, 0);
  for (const QString& label : job.spec.labels)
    EXPECT_TRUE(label.contains("SR BD \u00d73 (sigma 1.2)")) << label.toStdString();
  ASSERT_EQ(rl::app::export_main(args), 0);
  QImage written(fig);
  EXPECT_FALSE(written.isNull());
  const rl::ui::ExportCommand back = rl::app::export_command(job.spec, fig);
  EXPECT_TRUE(back.args.join(' ').contains("--sr-scale 3 --degradation bd --sigma 1.2"))
      << back.args.join(' ').toStdString();
  EXPECT_TRUE(back.left_out.isEmpty());
  // Read back through the export: the same panes.
  const rl::app::ExportJob again = rl::app::prepare_export(back.args);
  EXPECT_TRUE(again.spec.comparison.panes == c.panes);
}

// --layout sr-paper with DN: the caption says how the LR was made.
TEST(SrDegradationExport, TheSrPaperCaptionNamesTheModel) {
  QTemporaryDir dir;
  const rl::app::ExportJob job =
      rl::app::prepare_export({"resizelab", "--export", dir.filePath("p.png"), "--layout", "sr-paper",
                               "--sr-scale", "4", "--degradation", "dn", "--seed", "7", "--panes",
                               "matlab,nearest", "--crop", "100,60,48,40", kButterfly});
  ASSERT_EQ(job.spec.comparison.panes[0].sr_degradation.model, rl::Degradation::Dn);
  EXPECT_EQ(job.spec.comparison.panes[0].sr_degradation.seed, 7u);
  QImage img(rl::ui::figure_size(job.spec), QImage::Format_RGB32);
  rl::ui::TextLog log;
  {
    QPainter p(&img);
    rl::ui::render_figure(p, job.spec, &log);
  }
  EXPECT_TRUE(logged_containing(
      log, "SR DN \u00d74 (seed 7), the HR down to 1/4 by DN: MATLAB bicubic, then Gaussian noise"));
  for (const rl::ui::DrawnText& t : log) EXPECT_FALSE(t.text.contains(QChar(0x2026))) << t.text.toStdString();
}

// The flags' values and rules in both modes: one line each, exit 2, the command's wording.
TEST(SrDegradationExport, BadValuesAreOneLine) {
  using rl::app::OptionMode;
  const QList<std::pair<QStringList, QString>> bad = {
      {{"--sr-scale", "3", "--degradation", "blur"}, "--degradation takes bi, bd, bd-vsr, dn, got 'blur'"},
      {{"--sr-scale", "3", "--degradation", "bd", "--sigma", "0"},
       "--sigma must be a positive finite number, got '0'"},
      {{"--sr-scale", "3", "--degradation", "bd", "--sigma", "nan"},
       "--sigma must be a positive finite number, got 'nan'"},
      {{"--sr-scale", "3", "--degradation", "bd", "--sigma", "51"},
       "sigma must be at most 50 (a 302-pixel kernel), got 51"},
      {{"--sr-scale", "3", "--degradation", "bd-vsr"},
       "bd-vsr needs an even scale (its script samples from scale/2), got 3"},
      {{"--sr-scale", "3", "--degradation", "bd", "--noise", "5"}, "a noise level does not apply to bd"},
      {{"--sr-scale", "3", "--sigma", "2"}, "a blur sigma does not apply to bi"},
      {{"--sr-scale", "3", "--degradation", "bd", "--seed", "1"}, "--seed applies to --degradation dn only"},
      {{"--sr-scale", "3", "--degradation", "dn", "--seed", "-1"},
       "--seed must be a whole number from 0 to 2^64-1, got '-1'"},
  };
  for (const auto& [args, message] : bad) {
    EXPECT_EQ(error_of(QStringList{"--export", "f.png"} + args, OptionMode::Export), message)
        << args.join(' ').toStdString();
    EXPECT_EQ(error_of(args, OptionMode::Window), message) << args.join(' ').toStdString();
  }
  // The export makes no round trip without --sr-scale; the window takes the model for its presets.
  EXPECT_EQ(error_of({"--export", "f.png", "--degradation", "bd"}, OptionMode::Export),
            "--degradation, --sigma, --noise and --seed make the LR of the --sr-scale round trip: give "
            "--sr-scale S");
  EXPECT_EQ(error_of({"--degradation", "bd", "--sigma", "2"}, OptionMode::Window), "");
  const rl::app::Request r = rl::app::parse_request(
      {"resizelab", "--sr-scale", "2", "--degradation", "dn", "--noise", "12.5", "--seed", "3"},
      OptionMode::Window);
  EXPECT_EQ(r.sr_degradation().model, rl::Degradation::Dn);
  EXPECT_EQ(r.sr_degradation().noise, 12.5);
  EXPECT_EQ(r.sr_degradation().seed, 3u);
  EXPECT_FALSE(r.sr_degradation().sigma);
}

}  // namespace
