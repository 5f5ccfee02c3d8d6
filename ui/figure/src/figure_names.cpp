// The names of figure layouts and plots as the command line and the export dialog spell them.
#include "rl/ui/figure.hpp"

namespace rl::ui {

std::optional<FigureLayout> parse_figure_layout(const QString& name) {
  for (const FigureLayout l : {FigureLayout::Row, FigureLayout::Grid, FigureLayout::SrPaper})
    if (name.trimmed().compare(to_string(l), Qt::CaseInsensitive) == 0) return l;
  return std::nullopt;
}

QString to_string(FigureLayout l) {
  switch (l) {
    case FigureLayout::Row: return QStringLiteral("row");
    case FigureLayout::Grid: return QStringLiteral("grid");
    case FigureLayout::SrPaper: return QStringLiteral("sr-paper");
  }
  return {};
}

std::optional<FigurePlot> parse_figure_plot(const QString& name) {
  for (const FigurePlot p :
       {FigurePlot::Kernel, FigurePlot::Frequency, FigurePlot::Sampling, FigurePlot::Taps, FigurePlot::Worked,
        FigurePlot::Profile, FigurePlot::Mapping, FigurePlot::Window, FigurePlot::Surface})
    if (name.trimmed().compare(to_string(p), Qt::CaseInsensitive) == 0) return p;
  return std::nullopt;
}

QString to_string(FigurePlot p) {
  switch (p) {
    case FigurePlot::Kernel: return QStringLiteral("kernel");
    case FigurePlot::Frequency: return QStringLiteral("frequency");
    case FigurePlot::Sampling: return QStringLiteral("sampling");
    case FigurePlot::Taps: return QStringLiteral("taps");
    case FigurePlot::Worked: return QStringLiteral("worked");
    case FigurePlot::Profile: return QStringLiteral("profile");
    case FigurePlot::Mapping: return QStringLiteral("mapping");
    case FigurePlot::Window: return QStringLiteral("window");
    case FigurePlot::Surface: return QStringLiteral("surface");
  }
  return {};
}

QString figure_plot_names() {
  return QStringLiteral("kernel, frequency, sampling, taps, worked, profile, mapping, window or surface");
}

}  // namespace rl::ui
