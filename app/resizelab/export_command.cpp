// export_command: a figure spec back to the `resizelab --export` command line that makes it, one rule
// over the option table; and shell_line, that command as one POSIX shell line.
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "figure_export.hpp"
#include "pane_options.hpp"
#include "resizelab_options.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/figure.hpp"

namespace rl::app {

QString round_trip_text(double v) {
  if (std::isnan(v)) return QStringLiteral("NaN");
  const QString shortest = QString::number(v, 'g', 15);
  return shortest.toDouble() == v ? shortest : QString::number(v, 'g', 17);
}

QString pair_text(const std::pair<double, double>& p, bool always_both) {
  return !always_both && p.first == p.second ? round_trip_text(p.first)
                                             : round_trip_text(p.first) + "," + round_trip_text(p.second);
}

namespace {

QString rect_text(const QRect& r) {
  return QStringLiteral("%1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// The values option `name` takes to say what `s` holds (none: the default, or not this figure's).
QStringList option_values(const QString& name, const ui::FigureSpec& s, const QString& path,
                          QStringList& left_out) {
  const ui::Comparison& c = s.comparison;
  const ui::FigureSpec defaults;
  const bool paper = s.layout == ui::FigureLayout::SrPaper;
  const bool sr = c.against_source() && c.sr_scale() > 0;
  const auto single = [](const QString& v) { return QStringList{v}; };
  if (name == QLatin1String("export")) return single(path);
  if (name == QLatin1String("scale") && c.base.scale && !sr) return single(pair_text(*c.base.scale, false));
  if (name == QLatin1String("size") && c.base.out_size && !sr)
    return single(pair_text(*c.base.out_size, true));
  if (name == QLatin1String("sr-scale") && sr) return single(QString::number(c.sr_scale()));
  if (sr && (name == QLatin1String("degradation") || name == QLatin1String("sigma") ||
             name == QLatin1String("noise") || name == QLatin1String("seed"))) {
    const ui::PaneConfig* first = nullptr;  // one LR for every round trip, as --degradation gives it
    for (const ui::PaneConfig& p : c.panes)
      if (p.sr_round_trip > 0) {
        if (!first) first = &p;
        if (name == QLatin1String("degradation") && p.sr_degradation != first->sr_degradation)
          left_out << QStringLiteral("a second SR degradation (%1)").arg(ui::sr_round_trip_name(p));
      }
    if (!first) return {};
    const ui::SrDegradation& d = first->sr_degradation;
    if (name == QLatin1String("degradation") && d.model != rl::Degradation::Bi)
      return single(QLatin1String(rl::degradation_info(d.model).name));
    if (name == QLatin1String("sigma") && d.sigma) return single(round_trip_text(*d.sigma));
    if (name == QLatin1String("noise") && d.noise) return single(round_trip_text(*d.noise));
    if (name == QLatin1String("seed") && d.seed != 0) return single(QString::number(d.seed));
    return {};
  }
  if (name == QLatin1String("crop")) {
    QStringList crops;
    for (const QRect& r : paper ? ui::sr_paper_crops(s) : QList<QRect>{s.crop})
      if (!r.isEmpty()) crops << rect_text(r);
    return crops;
  }
  if (name == QLatin1String("as") && c.resize_class != ui::ResizeClass::Keep)
    return single(ui::to_qstring(c.resize_class));
  if (name == QLatin1String("boundary") && c.base.boundary != rl::Boundary::Modern)
    return single(QString::fromStdString(rl::to_string(c.base.boundary)));
  if (name == QLatin1String("panes")) {
    QStringList names;
    for (const ui::PaneConfig& p : c.panes) {
      names << pane_name(p);
      if (p.is_file() && p.file.contains(QLatin1Char(',')))
        left_out << QStringLiteral("the file %1 (--panes splits at commas)").arg(p.file);
    }
    return single(names.join(QLatin1Char(',')));
  }
  if (name == QLatin1String("upscale")) {  // one method for every LR file pane
    QStringList methods;
    for (const ui::PaneConfig& p : c.panes)
      if (p.is_file() && p.file_upscale) {
        const QString m = QString::fromStdString(rl::to_string(*p.file_upscale));
        if (!methods.contains(m)) methods << m;
      }
    if (methods.size() > 1) left_out << QStringLiteral("a second upscaling method for LR files");
    return methods.isEmpty() ? QStringList{} : single(methods.first());
  }
  if (name == QLatin1String("reference") && c.against_image()) {
    if (s.reference_path.isEmpty()) left_out << QStringLiteral("the reference image (it has no file)");
    return s.reference_path.isEmpty() ? QStringList{} : single(s.reference_path);
  }
  if (name == QLatin1String("diff") && !paper) {
    const ui::DiffSettings& d = c.diff;
    if (d.fixed_range) left_out << QStringLiteral("the fixed difference range (0..%1)").arg(d.fixed_max);
    if (d.ssim_map) return single(QStringLiteral("ssim"));
    if (d.mode == DiffMode::Signed)
      return single(d.channel < 0 ? QStringLiteral("signed")
                                  : QStringLiteral("signed:%1").arg(d.channel + 1));
    if (d.mode == DiffMode::AbsChannel) return single(QStringLiteral("abs:%1").arg(d.channel + 1));
    return {};
  }
  if (name == QLatin1String("metrics") && (c.diff.protocol || c.diff.niqe)) {
    QStringList m;
    if (c.diff.protocol) m << QLatin1String(sr_protocol_info(*c.diff.protocol).name);
    if (const auto& n = c.diff.niqe)
      m << (n->protocol == NiqeProtocol::Release
                ? QStringLiteral("niqe")
                : QStringLiteral("niqe:") + QLatin1String(niqe_protocol_info(n->protocol).name));
    return single(m.join(','));
  }
  if (name == QLatin1String("niqe-model") && c.diff.niqe && c.diff.niqe->own_model()) {
    const ui::NiqeChoice& n = *c.diff.niqe;
    if (n.model_mean.contains(QLatin1Char(',')) || n.model_cov.contains(QLatin1Char(','))) {
      left_out << QStringLiteral("the NIQE model's files (--niqe-model splits at commas)");
      return {};
    }
    return single(n.model_mean + QLatin1Char(',') + n.model_cov);
  }
  if (name == QLatin1String("no-diff") && !paper && !s.show_diffs) return single({});
  if (name == QLatin1String("crop-scores") && paper && s.crop_scores) return single({});
  if (name == QLatin1String("layout") && s.layout != ui::FigureLayout::Row)
    return single(to_string(s.layout));
  if (name == QLatin1String("width") && s.width_px != defaults.width_px)
    return single(QString::number(s.width_px));
  if (name == QLatin1String("dpi") && s.dpi != defaults.dpi) return single(round_trip_text(s.dpi));
  if (name == QLatin1String("plots") && !paper && !s.plots.isEmpty() && s.plots != defaults.plots) {
    QStringList plots;
    for (const ui::FigurePlot p : s.plots) plots << to_string(p);
    return single(plots.join(QLatin1Char(',')));
  }
  if (name == QLatin1String("no-kernel-plot") && !paper && s.plots.isEmpty()) return single({});
  if (name == QLatin1String("pixel") && s.pixel && !paper)
    return single(QStringLiteral("%1,%2").arg(s.pixel->y()).arg(s.pixel->x()));
  if (name == QLatin1String("profile") && s.profile && !paper) {
    const QLineF& l = *s.profile;
    return single(QStringList{round_trip_text(l.y1()), round_trip_text(l.x1()), round_trip_text(l.y2()),
                              round_trip_text(l.x2())}
                      .join(QLatin1Char(',')));
  }
  return {};
}

}  // namespace

ui::ExportCommand export_command(const ui::FigureSpec& spec, const QString& path) {
  ui::ExportCommand out;
  out.args << QStringLiteral("resizelab");
  for (const OptionSpec& o : option_table()) {
    if ((static_cast<unsigned>(o.modes) & static_cast<unsigned>(OptionMode::Export)) == 0) continue;
    const QString name = QLatin1String(o.name);
    for (const QString& v : option_values(name, spec, path, out.left_out)) {
      out.args << QStringLiteral("--") + name;
      if (o.value_form) out.args << v;
    }
  }
  const ui::DiffSettings& d = spec.comparison.diff;
  if (std::any_of(d.nudges.begin(), d.nudges.end(), [](QPoint n) { return !n.isNull(); }))
    out.left_out << QStringLiteral("the panes' nudges");
  if (d.region && spec.layout != ui::FigureLayout::SrPaper)  // the paper's scores are never a region's
    out.left_out << QStringLiteral("the statistics region (the command's statistics are of the whole image)");
  const rl::Image* src = spec.comparison.source.get();
  const ui::DisplayRange& shown = spec.comparison.display;
  if (src && (ui::uses_display_range(src->type()) || shown.u8))  // 8-bit: only a fixed range is one
    out.left_out << QStringLiteral("the display range of a %1 image")
                        .arg(QString::fromStdString(rl::to_string(src->type())));
  if (shown.channel != ui::ViewChannel::All) out.left_out << QStringLiteral("the channel view");
  if (!shown.tone.neutral()) out.left_out << QStringLiteral("the exposure and offset");
  if (spec.source_path.startsWith(QLatin1Char('-')))
    out.args << QStringLiteral("--");  // a file, not an option
  if (!spec.source_path.isEmpty()) out.args << spec.source_path;
  return out;
}

QString shell_line(const QStringList& args) {
  static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
  QStringList words;
  for (const QString& a : args)
    words << (safe.match(a).hasMatch() ? a : "'" + QString(a).replace("'", R"('\'')") + "'");
  return words.join(QLatin1Char(' '));
}

}  // namespace rl::app
