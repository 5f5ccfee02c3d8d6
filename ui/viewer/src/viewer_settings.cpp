// Reading and writing ViewerSettings: the keys, and the checks on values read back.
#include "rl/ui/viewer_settings.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

namespace rl::ui {

namespace {
QString pane_key(int i, const char* what) { return QString("panes/%1/%2").arg(i).arg(what); }

// What is the window's rather than the comparison's: its size and docks, the recent files and folder.
void keep_window(ViewerSettings& into, const ViewerSettings& from) {
  into.geometry = from.geometry;
  into.window_state = from.window_state;
  into.recent = from.recent;
  into.last_dir = from.last_dir;
}
}  // namespace

ViewerSettings load_viewer_settings(const QSettings& s) {
  ViewerSettings v;
  v.geometry = s.value("window/geometry").toByteArray();
  v.window_state = s.value("window/state").toByteArray();
  v.recent = s.value("files/recent").toStringList();
  v.last_dir = s.value("files/last_dir").toString();
  v.grid = s.value("view/grid", v.grid).toBool();
  v.diffs = s.value("view/diff", v.diffs).toBool();
  for (int i = 0; i < Document::kPanes; ++i) {
    PaneConfig& c = v.panes[static_cast<std::size_t>(i)];
    const std::string method = s.value(pane_key(i, "method")).toString().toStdString();
    if (auto m = parse_method(method)) {
      c.method = *m;
    } else if (!method.empty()) {  // a library's method, as "opencv-cubic"
      try {
        c.peer = peers::parse_peer_spec(method);
      } catch (const std::invalid_argument&) {
      }
    }
    c.antialiasing = s.value(pane_key(i, "antialiasing"), c.antialiasing).toBool();
  }
  if (auto b = parse_boundary(s.value("params/boundary").toString().toStdString())) v.boundary = *b;
  if (auto d = parse_device(s.value("params/device").toString())) v.device = *d;
  if (auto c = parse_resize_class(s.value("params/class").toString())) v.resize_class = *c;
  v.scale = s.value("params/scale", v.scale).toString();
  v.size = s.value("params/size").toString();
  v.diff.mode =
      static_cast<DiffMode>(std::clamp(s.value("diff/mode", static_cast<int>(v.diff.mode)).toInt(), 0, 2));
  // -1 with a signed map: the channel of largest magnitude per pixel.
  const int channel = s.value("diff/channel", v.diff.channel).toInt();
  v.diff.channel = channel == -1 && v.diff.mode == DiffMode::Signed ? -1 : std::clamp(channel, 0, 3);
  v.diff.fixed_range = s.value("diff/fixed", v.diff.fixed_range).toBool();
  v.diff.fixed_max = s.value("diff/max", v.diff.fixed_max).toDouble();
  v.diff.ssim_map = s.value("diff/ssim_map", v.diff.ssim_map).toBool();
  v.diff.protocol = rl::parse_sr_protocol(s.value("diff/protocol").toString().toStdString());  // "": none
  // The NIQE column: on or off, its protocol and its model's files (read again here; where they
  // cannot be, the column says so in a dash's tooltip rather than use another model).
  if (s.value("diff/niqe", false).toBool())
    v.diff.niqe =
        niqe_choice(rl::parse_niqe_protocol(s.value("diff/niqe_protocol").toString().toStdString())
                        .value_or(NiqeProtocol::Release),
                    s.value("diff/niqe_model_mean").toString(), s.value("diff/niqe_model_cov").toString());
  if (auto d = parse_degradation(s.value("presets/sr_degradation").toString().toStdString()))
    v.sr_degradation = *d;
  v.display.auto_range = s.value("display/auto", v.display.auto_range).toBool();
  v.display.lo = s.value("display/lo", v.display.lo).toDouble();
  v.display.hi = s.value("display/hi", v.display.hi).toDouble();
  const int shown = s.value("display/channel", static_cast<int>(v.display.channel)).toInt();
  if (shown >= 0 && shown <= static_cast<int>(ViewChannel::Alpha))
    v.display.channel = static_cast<ViewChannel>(shown);
  // A value the control cannot show (not finite, out of its range) is not restored.
  const double exposure = s.value("display/exposure", 0.0).toDouble();
  const double offset = s.value("display/offset", 0.0).toDouble();
  if (std::abs(exposure) <= kMaxExposure) v.display.tone.exposure = exposure;
  if (std::abs(offset) <= kMaxOffset) v.display.tone.offset = offset;
  return v;
}

void save_viewer_settings(QSettings& s, const ViewerSettings& v) {
  s.setValue("window/geometry", v.geometry);
  s.setValue("window/state", v.window_state);
  s.setValue("files/recent", v.recent);
  s.setValue("files/last_dir", v.last_dir);
  s.setValue("view/grid", v.grid);
  s.setValue("view/diff", v.diffs);
  for (int i = 0; i < Document::kPanes; ++i) {
    const PaneConfig& c = v.panes[static_cast<std::size_t>(i)];
    s.setValue(pane_key(i, "method"),
               QString::fromStdString(c.peer ? peers::to_string(*c.peer) : to_string(c.method)));
    s.setValue(pane_key(i, "antialiasing"), c.antialiasing);
  }
  s.setValue("params/boundary", QString::fromStdString(to_string(v.boundary)));
  s.setValue("params/device", to_qstring(v.device));
  s.setValue("params/class", to_qstring(v.resize_class));
  s.setValue("params/scale", v.scale);
  s.setValue("params/size", v.size);
  s.setValue("diff/mode", static_cast<int>(v.diff.mode));
  s.setValue("diff/channel", v.diff.channel);
  s.setValue("diff/fixed", v.diff.fixed_range);
  s.setValue("diff/max", v.diff.fixed_max);
  s.setValue("diff/ssim_map", v.diff.ssim_map);
  s.setValue("diff/protocol", v.diff.protocol ? rl::sr_protocol_info(*v.diff.protocol).name : "");
  s.setValue("diff/niqe", v.diff.niqe.has_value());
  const NiqeChoice niqe = v.diff.niqe.value_or(NiqeChoice{});
  s.setValue("diff/niqe_protocol", niqe_protocol_info(niqe.protocol).name);
  s.setValue("diff/niqe_model_mean", niqe.model_mean);
  s.setValue("diff/niqe_model_cov", niqe.model_cov);
  s.setValue("presets/sr_degradation", degradation_info(v.sr_degradation).name);
  s.setValue("display/auto", v.display.auto_range);
  s.setValue("display/lo", v.display.lo);
  s.setValue("display/hi", v.display.hi);
  s.setValue("display/channel", static_cast<int>(v.display.channel));
  s.setValue("display/exposure", v.display.tone.exposure);
  s.setValue("display/offset", v.display.tone.offset);
}

ViewerSettings settings_to_save(const ViewerSettings& restored, const ViewerSettings& start,
                                const ViewerSettings& now, bool scale_in_use) {
  ViewerSettings out = restored;
  // Each setting the user changed since the start, from now.
  const auto take = [](auto& into, const auto& at_start, const auto& current) {
    if (!(current == at_start)) into = current;
  };
  keep_window(out, now);
  take(out.grid, start.grid, now.grid);
  take(out.diffs, start.diffs, now.diffs);
  for (std::size_t i = 0; i < out.panes.size(); ++i) take(out.panes[i], start.panes[i], now.panes[i]);
  take(out.boundary, start.boundary, now.boundary);
  take(out.device, start.device, now.device);
  take(out.resize_class, start.resize_class, now.resize_class);
  if (scale_in_use && (now.scale != start.scale || now.size != start.size)) {
    out.scale = now.scale;  // the two are one choice: a scale clears the size
    out.size = now.size;
  }
  take(out.diff.mode, start.diff.mode, now.diff.mode);
  take(out.diff.channel, start.diff.channel, now.diff.channel);
  take(out.diff.fixed_range, start.diff.fixed_range, now.diff.fixed_range);
  take(out.diff.fixed_max, start.diff.fixed_max, now.diff.fixed_max);
  take(out.diff.ssim_map, start.diff.ssim_map, now.diff.ssim_map);
  take(out.diff.protocol, start.diff.protocol, now.diff.protocol);
  take(out.diff.niqe, start.diff.niqe, now.diff.niqe);
  take(out.sr_degradation, start.sr_degradation, now.sr_degradation);
  // The display's parts one by one: a channel given on the command line is not saved with an exposure
  // changed in the window.
  const auto range_of = [](const DisplaySettings& d) { return std::make_tuple(d.auto_range, d.lo, d.hi); };
  if (range_of(now.display) != range_of(start.display)) {
    out.display.auto_range = now.display.auto_range;
    out.display.lo = now.display.lo;
    out.display.hi = now.display.hi;
  }
  take(out.display.channel, start.display.channel, now.display.channel);
  take(out.display.tone.exposure, start.display.tone.exposure, now.display.tone.exposure);
  take(out.display.tone.offset, start.display.tone.offset, now.display.tone.offset);
  return out;
}

ViewerSettings defaults_keeping_window(const ViewerSettings& v) {
  ViewerSettings d;
  keep_window(d, v);
  return d;
}

}  // namespace rl::ui
