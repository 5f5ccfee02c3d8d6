// resizelab's one option table: both spellings of a value, flags, "--", the errors (unknown option,
// missing value, a value given to a flag, an option of the other mode, a second image), the help of
// each mode built from the table, and the window's command line run as the real program.
#include <gtest/gtest.h>

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include "figure_export.hpp"
#include "resizelab_options.hpp"
#include "rl/ui/dock_table.hpp"
#include "rl/ui/figure.hpp"
#include "run_program.hpp"

namespace {

using rl::app::OptionMode;

QStringList with_program(const QStringList& rest) { return QStringList{QStringLiteral("resizelab")} + rest; }

// The error parse_options throws for `rest`; fails the test when it accepts them.
rl::app::CommandLineError error_of(const QStringList& rest, OptionMode mode) {
  try {
    rl::app::parse_options(with_program(rest), mode);
  } catch (const rl::app::CommandLineError& e) {
    return e;
  }
  ADD_FAILURE() << rest.join(' ').toStdString() << " was accepted";
  return {0, {}};
}

TEST(OptionTable, SpellingsOfAValueAFlagAndTheImage) {
  for (const QStringList& rest :
       {QStringList{"--scale", "1/3", "in.png"}, QStringList{"in.png", "--scale=1/3"}}) {
    const auto p = rl::app::parse_options(with_program(rest), OptionMode::Both);
    EXPECT_EQ(p.value("scale"), "1/3");
    EXPECT_EQ(p.positional, QStringList{"in.png"});
  }
  // The last value given wins; a value may start with '-' (--scale -1 is then a bad scale, not an option).
  const auto p =
      rl::app::parse_options(with_program({"--scale", "-1", "--scale", "2", "--diff"}), OptionMode::Window);
  EXPECT_EQ(p.value("scale"), "2");
  EXPECT_TRUE(p.has("diff"));
  EXPECT_FALSE(p.has("size"));
  EXPECT_EQ(p.value("size"), "");
  ASSERT_EQ(p.given.size(), 3u);  // in command-line order
  EXPECT_EQ(p.given[0].second, "-1");
  // After "--" everything is the image, and "-" alone is a file name.
  EXPECT_EQ(rl::app::parse_options(with_program({"--", "--odd.png"}), OptionMode::Window).positional,
            QStringList{"--odd.png"});
  EXPECT_EQ(rl::app::parse_options(with_program({"-"}), OptionMode::Export).positional, QStringList{"-"});
  // --help and -h win wherever they stand, even where a value is expected.
  for (const QStringList& rest :
       {QStringList{"-h"}, QStringList{"--export", "--help"}, QStringList{"--bogus", "-h"}}) {
    const auto h = rl::app::parse_options(with_program(rest), OptionMode::Export);
    EXPECT_TRUE(h.has("help")) << rest.join(' ').toStdString();
  }
}

TEST(OptionTable, EachBadCommandLineIsOneUsageLine) {
  struct Case {
    QStringList rest;
    OptionMode mode;
    QString message;
  };
  const std::vector<Case> cases = {
      {{"--bogus"}, OptionMode::Window, "unknown option '--bogus' (see --help)"},
      {{"--bogus=1"}, OptionMode::Export, "unknown option '--bogus' (see --help)"},
      {{"-x"}, OptionMode::Export, "unknown option '-x' (see --help)"},
      {{"--scale"}, OptionMode::Window, "--scale needs a value"},
      {{"--export", "f.png", "--panes"}, OptionMode::Export, "--panes needs a value"},
      {{"--no-diff=1"}, OptionMode::Export, "--no-diff takes no value, got '1'"},
      {{"--watch=1"}, OptionMode::Window, "--watch takes no value, got '1'"},
      {{"--screenshot", "s.png"},
       OptionMode::Export,
       "--screenshot is an option of the window, not of --export: the figure is the picture (see --help)"},
      {{"--dpi", "300"},
       OptionMode::Window,
       "--dpi is an option of --export, not of the window: the resolution of a figure file (see resizelab "
       "--export --help)"},
      {{"a.png", "b.png"}, OptionMode::Window, "more than one image given ('a.png' and 'b.png')"},
  };
  for (const Case& c : cases) {
    const auto e = error_of(c.rest, c.mode);
    EXPECT_EQ(e.code, 2) << c.rest.join(' ').toStdString();
    EXPECT_EQ(e.message, c.message);
  }
}

TEST(OptionTable, AnOptionOfTheWindowFailsTheExportAndWritesNothing) {
  QTemporaryDir dir;
  const QString out = dir.filePath("f.png");
  EXPECT_EQ(rl::app::export_main(with_program({"--export", out, "--screenshot", dir.filePath("s.png")})), 2);
  EXPECT_EQ(rl::app::export_main(with_program({"--export", out, "--inspect", "1,2"})), 2);
  EXPECT_EQ(rl::app::export_main(with_program({"--export", out, "--dpi"})), 2);
  EXPECT_FALSE(QFile::exists(out));
  EXPECT_FALSE(QFile::exists(dir.filePath("s.png")));
}

// --no-kernel-plot and --plots replace each other in the order given, as before the table.
TEST(OptionTable, ExportReadsOptionsInOrder) {
  QTemporaryDir dir;
  const QString out = dir.filePath("f.png");
  EXPECT_TRUE(
      rl::app::prepare_export(with_program({"--export", out, "--plots", "kernel,taps", "--no-kernel-plot"}))
          .spec.plots.isEmpty());
  EXPECT_EQ(
      rl::app::prepare_export(with_program({"--export", out, "--no-kernel-plot", "--plots", "kernel,taps"}))
          .spec.plots.size(),
      2);
  EXPECT_EQ(rl::app::prepare_export(with_program({"--export=" + out, "--width=900"})).spec.width_px, 900);
}

TEST(OptionTable, HelpOfEachModeIsItsRowsOfTheTable) {
  QSet<QString> seen;
  for (const rl::app::OptionSpec& o : rl::app::option_table())
    for (const OptionMode m : {OptionMode::Window, OptionMode::Export})
      if (static_cast<unsigned>(o.modes) & static_cast<unsigned>(m)) {
        const QString key = QString::number(static_cast<unsigned>(m)) + o.name;
        EXPECT_FALSE(seen.contains(key)) << o.name << " twice in one mode";
        seen.insert(key);
      }
  const QString window = rl::app::options_help(OptionMode::Window, "intro");
  const QString exporting = rl::app::options_help(OptionMode::Export, "intro");
  for (const rl::app::OptionSpec& o : rl::app::option_table()) {
    const QString line = QStringLiteral("\n  --") + o.name +
                         (o.value_form && !rl::app::value_is_optional(o) ? QStringLiteral(" ") : "") +
                         (o.value_form ? o.value_form : "");
    if (static_cast<unsigned>(o.modes) & static_cast<unsigned>(OptionMode::Window)) {
      EXPECT_TRUE(window.contains(line + "\n")) << line.toStdString();
    }
    if (static_cast<unsigned>(o.modes) & static_cast<unsigned>(OptionMode::Export)) {
      EXPECT_TRUE(exporting.contains(line + "\n")) << line.toStdString();
    }
  }
  EXPECT_FALSE(window.contains("--dpi"));
  EXPECT_FALSE(exporting.contains("--screenshot"));
  EXPECT_TRUE(window.contains("--diff[=abs|signed|ssim]\n"));  // a flag, or =KIND, in the window
  EXPECT_TRUE(exporting.contains("--diff abs|signed"));        // a value in the export
  // The lists are filled in from the code: every plot and every panel is named.
  for (const QString& plot : rl::ui::figure_plot_names().split(QRegularExpression(", | or ")))
    EXPECT_TRUE(exporting.contains(plot)) << plot.toStdString();
  for (const rl::ui::DockSpec& d : rl::ui::dock_table())
    if (d.panel) {
      EXPECT_TRUE(window.contains(d.panel)) << d.panel;
    }
  EXPECT_FALSE(exporting.contains('{'));  // no placeholder left unfilled
  for (const QString& text : {window, exporting})
    for (const QString& l : text.split('\n')) EXPECT_LE(l.size(), 100) << l.toStdString();
}

// The window's command line, run as the program: bad options are one line and exit 2 before any
// window opens; --help prints the table's window rows.
TEST(OptionTable, TheWindowProgramUsesTheTable) {
  const auto run = [](const QStringList& args, QString* out, QString* err) {
    return rl::test::run_program(QStringLiteral(RL_RESIZELAB_EXE), args, out, err);
  };
  QString out, err;
  EXPECT_EQ(run({"--dpi", "300"}, &out, &err), 2);
  EXPECT_EQ(err,
            "resizelab: error: --dpi is an option of --export, not of the window: the resolution of a figure "
            "file (see resizelab --export --help)");
  EXPECT_EQ(run({"--show-panel", "nope"}, &out, &err), 2);
  EXPECT_TRUE(err.startsWith("resizelab: error: --show-panel takes one of differences, kernels"))
      << err.toStdString();
  EXPECT_EQ(run({"--inspect", "3"}, &out, &err), 2);
  EXPECT_EQ(err, "resizelab: error: --inspect takes x,y, got '3'");
  EXPECT_EQ(run({"--crop", "1,2,0,4"}, &out, &err), 2);
  EXPECT_EQ(err, "resizelab: error: " + rl::app::crop_error("1,2,0,4"));
  // A second --crop: the window shows one region (the export's sr-paper layout takes several).
  EXPECT_EQ(run({"--crop", "0,0,4,4", "--crop", "1,1,4,4"}, &out, &err), 2);
  EXPECT_EQ(err, "resizelab: error: --crop given 2 times: the window shows one region");
  EXPECT_EQ(run({"--help"}, &out, &err), 0);
  EXPECT_TRUE(out.startsWith("Usage: resizelab [options] [IMAGE]\n"));
  EXPECT_TRUE(out.contains("\n  --screenshot FILE\n"));
  EXPECT_EQ(run({"--export", "--help"}, &out, &err), 0);
  EXPECT_TRUE(out.startsWith("Usage: resizelab --export FIG.(png|svg|pdf) [options] [IMAGE]\n"));
  EXPECT_EQ(err, "");
}

}  // namespace
