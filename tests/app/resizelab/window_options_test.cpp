// The window's command line against the export's: the same typed request from the same table, so a
// bad value is the same one line and exit 2 in both (run as the real program for the window), and
// every option the export takes is the window's too or refused with a reason. Also: --help,
// --version and --export print only the program's own words where XDG_RUNTIME_DIR is unset.
#include <gtest/gtest.h>

#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>

#include "figure_export.hpp"
#include "request_error.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/niqe.hpp"
#include "rl/npy.hpp"
#include "run_program.hpp"

namespace {

using rl::app::OptionMode;

// A NIQE model's two .npy files (the pristine model's numbers), for --niqe-model.
QString niqe_model_files() {
  static QTemporaryDir dir;
  static const QString files = [] {
    const rl::NiqeModel& p = rl::niqe_pristine_model();
    rl::Image mean(1, 36, 1, rl::ElemType::F64), cov(36, 36, 1, rl::ElemType::F64);
    std::copy(p.mean.begin(), p.mean.end(), mean.data<double>());
    std::copy(p.cov.begin(), p.cov.end(), cov.data<double>());
    rl::write_npy(dir.filePath("mean.npy").toStdString(), mean);
    rl::write_npy(dir.filePath("cov.npy").toStdString(), cov);
    return dir.filePath("mean.npy") + "," + dir.filePath("cov.npy");
  }();
  return files;
}

// A value each option takes (a flag: none), so that every row of the table is tried.
const QMap<QString, QString>& good_values() {
  static const QMap<QString, QString> v = {
      {"niqe-model", niqe_model_files()},
      {"export", "f.png"},
      {"scale", "1/2"},
      {"size", "64,NaN"},
      {"sr-scale", "2"},
      {"crop", "0,0,8,8"},
      {"boundary", "legacy"},
      {"device", "cpu"},
      {"panes", "matlab,bilinear"},
      {"upscale", "bicubic"},
      {"reference", "r.png"},
      {"diff", "signed"},
      {"metrics", "srcnn"},
      {"layout", "grid"},
      {"width", "900"},
      {"dpi", "300"},
      {"plots", "kernel"},
      {"pixel", "1,2"},
      {"profile", "0,0,4,4"},
      {"inspect", "1,2"},
      {"show-panel", "kernels"},
      {"screenshot", "s.png"},
      {"degradation", "bd"},
      {"sigma", "2"},
      {"noise", "10"},
      {"seed", "3"},
      {"as", "double"},
      {"max-pixels", "1000000"},
      {"exposure", "1"},
      {"offset", "0.5"},
      {"display-range", "0,1"},
      {"channel", "y"},
  };
  return v;
}

// What an option's value needs beside it: a model's parameter, that model.
QStringList companions(const QString& name) {
  if (name == QLatin1String("sigma")) return {"--degradation=bd"};
  if (name == QLatin1String("niqe-model")) return {"--metrics=niqe"};
  if (name == QLatin1String("noise") || name == QLatin1String("seed")) return {"--degradation=dn"};
  return {};
}

QStringList option_words(const rl::app::OptionSpec& o) {
  const QString name = QStringLiteral("--") + o.name;
  if (!o.value_form) return {name};
  EXPECT_TRUE(good_values().contains(o.name)) << "no test value for --" << o.name;
  return QStringList{name + "=" + good_values().value(o.name)} +
         companions(o.name);  // the spelling both modes read
}

QString error_of(const QStringList& args, rl::app::OptionMode mode) {
  return rl::test::request_error(args, mode);
}

int run(const QStringList& args, QString* out, QString* err) {
  return rl::test::run_program(QStringLiteral(RL_RESIZELAB_EXE), args, out, err);
}

TEST(WindowOptions, EveryExportOptionIsTheWindowsOrRefusedWithAReason) {
  for (const rl::app::OptionSpec& o : rl::app::option_table()) {
    if ((static_cast<unsigned>(o.modes) & static_cast<unsigned>(OptionMode::Export)) == 0) continue;
    const QStringList words = option_words(o);
    const QString error = error_of(words, OptionMode::Window);
    if (error.isEmpty()) continue;  // the window takes it
    ASSERT_NE(o.elsewhere, nullptr) << "--" << o.name << " is refused by the window without a reason";
    EXPECT_EQ(error, QStringLiteral("--%1 is an option of --export, not of the window: %2 (see resizelab "
                                    "--export --help)")
                         .arg(o.name, o.elsewhere));
  }
  // What the window takes since it reads the request: its resize, reference and comparison.
  for (const char* name : {"scale", "size", "sr-scale", "boundary", "reference", "crop", "diff", "metrics",
                           "panes", "upscale", "as"}) {
    const QString arg = QStringLiteral("--%1=%2").arg(name, good_values().value(name));
    EXPECT_EQ(error_of({arg}, OptionMode::Window), "") << name;
  }
  // And every window-only option is refused by the export with a reason.
  for (const rl::app::OptionSpec& o : rl::app::option_table()) {
    if (o.modes != OptionMode::Window) continue;
    bool exported = false;  // --crop and --diff have a row of each mode
    for (const rl::app::OptionSpec& e : rl::app::option_table())
      exported =
          exported || (QLatin1String(e.name) == QLatin1String(o.name) && e.modes != OptionMode::Window);
    if (!exported) {
      EXPECT_NE(o.elsewhere, nullptr) << o.name;
    }
  }
}

TEST(WindowOptions, TheRequestHoldsTypedValues) {
  const rl::app::Request r =
      rl::app::parse_request({"resizelab", "--scale", "1/4", "--boundary", "legacy", "--diff=signed:2",
                              "--metrics", "rcan", "--panes", "matlab,file:sr.png", "--upscale", "lanczos3",
                              "--reference", "ref.png", "--crop", "1,2,30,40", "--device", "cuda", "in.png"},
                             OptionMode::Window);
  ASSERT_TRUE(r.scale);
  EXPECT_EQ(*r.scale, (std::pair{0.25, 0.25}));
  EXPECT_EQ(r.boundary, rl::Boundary::Legacy);
  ASSERT_TRUE(r.diff);
  EXPECT_EQ(r.diff->mode, rl::DiffMode::Signed);
  EXPECT_EQ(r.diff->channel, 1);  // 0-based
  EXPECT_EQ(r.show_diffs, true);
  EXPECT_EQ(r.metrics, rl::SrProtocol::Rcan);
  ASSERT_EQ(r.panes.size(), 2);
  EXPECT_TRUE(r.panes[1].config.is_file());
  EXPECT_EQ(r.upscale, rl::Method::Lanczos3);
  EXPECT_EQ(r.reference, "ref.png");
  ASSERT_EQ(r.crops.size(), 1);
  EXPECT_EQ(r.crops.first(), QRectF(1, 2, 30, 40));
  EXPECT_EQ(r.image, "in.png");
  EXPECT_EQ(r.device, rl::Device::Cuda);
  EXPECT_EQ(rl::app::parse_request({"resizelab"}, OptionMode::Window).device, std::nullopt);
  // --size R,C in the window too; a scale of two numbers is the export's alone, with the reason.
  EXPECT_EQ(rl::app::parse_request({"resizelab", "--size", "100,NaN"}, OptionMode::Window).size->first, 100);
  EXPECT_EQ(error_of({"--scale", "0.5,0.25"}, OptionMode::Window),
            "the window's scale is one number for rows and columns, got 0.5,0.25: give --size R,C for "
            "another shape");
}

// The same bad value gives the export's line and exit 2 in the window, run as the program: before any
// window opens, and on one line.
TEST(WindowOptions, EachBadValueIsTheExportsLineAndExit2) {
  const QList<QStringList> bad = {
      {"--scale", "x"},
      {"--scale", "-1"},
      {"--size", "1"},
      {"--sr-scale", "1"},
      {"--crop", "1,2,0,4"},
      {"--boundary", "sideways"},
      {"--as", "uint8"},
      {"--panes", "nope"},
      {"--panes", "file:"},
      {"--upscale", "custom"},
      {"--metrics", "nope"},
      {"--metrics", "niqe:srcnn"},
      {"--niqe-model", "m.npy"},
      {"--reference", ""},
      {"--scale", "1", "--size", "2,2"},
      {"--sr-scale", "2", "--scale", "1"},
      {"--sr-scale", "3", "--reference", "r.png"},
      {"--sr-scale", "3", "--degradation", "bd-vsr"},
      {"--sr-scale", "2", "--degradation", "bd", "--sigma", "0"},
      {"--sr-scale", "2", "--noise", "5"},
      {"--diff=relative"},
      {"--diff=ssim:2"},
  };
  QTemporaryDir dir;
  const QString fig = dir.filePath("f.png");
  for (const QStringList& args : bad) {
    QStringList exported = args;
    if (exported.first().startsWith("--diff=")) exported = {"--diff", exported.first().mid(7)};
    const QString expected = error_of(QStringList{"--export", fig} + exported, OptionMode::Export);
    ASSERT_FALSE(expected.isEmpty()) << args.join(' ').toStdString();
    EXPECT_EQ(error_of(args, OptionMode::Window), expected) << args.join(' ').toStdString();
    QString out, err;
    EXPECT_EQ(run(args, &out, &err), 2) << args.join(' ').toStdString();
    EXPECT_EQ(err, "resizelab: error: " + expected);
    EXPECT_EQ(out, "");
  }
  EXPECT_FALSE(QFile::exists(fig));
  // The window's own options and rules, each one line and exit 2.
  const QList<std::pair<QStringList, QString>> window_only = {
      {{"--inspect", "3"}, "--inspect takes x,y, got '3'"},
      {{"--show-panel", "nope"}, "--show-panel takes one of " + rl::app::panel_name_list() + ", got 'nope'"},
      {{"--screenshot", ""}, "--screenshot needs a file name"},
      {{"--device", "tpu"}, "--device must be auto, cpu or cuda, got 'tpu'"},
      {{"--crop", "0,0,4,4", "--crop", "1,1,4,4"}, "--crop given 2 times: the window shows one region"},
      {{"--width", "900"},
       "--width is an option of --export, not of the window: the figure's width; the window's size is yours "
       "to drag (see resizelab --export --help)"},
      {{"--bogus"}, "unknown option '--bogus' (see --help)"},
      {{"--scale"}, "--scale needs a value"},
      {{"a.png", "b.png"}, "more than one image given ('a.png' and 'b.png')"},
  };
  for (const auto& [args, message] : window_only) {
    QString out, err;
    EXPECT_EQ(run(args, &out, &err), 2) << args.join(' ').toStdString();
    EXPECT_EQ(err, "resizelab: error: " + message);
  }
}

// "--" ends the options for the choice of mode as for the parser: after it, --export is a file name.
TEST(WindowOptions, DoubleDashEndsTheOptionsForTheModeToo) {
  EXPECT_EQ(rl::app::requested_mode({"resizelab", "--", "--export"}), OptionMode::Window);
  EXPECT_EQ(rl::app::requested_mode({"resizelab", "--export", "f.png", "--", "x"}), OptionMode::Export);
  EXPECT_EQ(rl::app::requested_mode({"resizelab", "--export=f.png"}), OptionMode::Export);
  // A value is not an option: the reference file named "--export".
  EXPECT_EQ(rl::app::requested_mode({"resizelab", "--reference", "--export"}), OptionMode::Window);
  QString out, err;
  EXPECT_EQ(run({"--bogus", "--", "--export"}, &out, &err), 2);
  EXPECT_EQ(err, "resizelab: error: unknown option '--bogus' (see --help)");
}

// Where XDG_RUNTIME_DIR is unset (root, ssh, containers) Qt would say so on stderr.
TEST(WindowOptions, HelpVersionAndExportAreQuietWithoutARuntimeFolder) {
  QTemporaryDir dir;
  const auto run_bare = [](const QStringList& args, QString* out, QString* err) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("XDG_RUNTIME_DIR");
    env.remove("QT_QPA_PLATFORM");  // the program chooses offscreen itself where it needs no display
    env.remove("DISPLAY");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RL_RESIZELAB_EXE), args);
    if (!p.waitForFinished(60000)) return -1;
    *out = QString::fromLocal8Bit(p.readAllStandardOutput());
    *err = QString::fromLocal8Bit(p.readAllStandardError());  // unfiltered
    return p.exitCode();
  };
  QString out, err;
  EXPECT_EQ(run_bare({"--help"}, &out, &err), 0);
  EXPECT_TRUE(out.startsWith("Usage: resizelab [options] [IMAGE]"));
  EXPECT_EQ(err, "");
  EXPECT_EQ(run_bare({"--version"}, &out, &err), 0);
  EXPECT_TRUE(out.startsWith("resizelab")) << out.toStdString();
  EXPECT_EQ(err, "");
  EXPECT_EQ(run_bare({"--export", "--help"}, &out, &err), 0);
  EXPECT_EQ(err, "");
  const QString fig = dir.filePath("f.png");
  EXPECT_EQ(run_bare({"--export", fig, "--scale", "1/4"}, &out, &err), 0);
  EXPECT_EQ(err, "");
  EXPECT_TRUE(QFile::exists(fig));
  EXPECT_EQ(run_bare({"--export", dir.filePath("g.png"), "--scale", "x"}, &out, &err), 2);
  EXPECT_EQ(err.count('\n'), 1) << err.toStdString();
  EXPECT_EQ(run_bare({"--scale", "x"}, &out, &err), 2);  // the window's error, before any display
  EXPECT_EQ(err.count('\n'), 1) << err.toStdString();
}

}  // namespace
