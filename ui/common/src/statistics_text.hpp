// The statistics' text as the comparison makes it (private to rl_ui_common: views read
// PaneDiff::statistics).
#pragma once

#include <QPoint>
#include <QRect>
#include <optional>
#include <vector>

#include "rl/image.hpp"
#include "rl/metrics.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {

struct StatsRegion;
// The statistics of `s` as every view shows them (max and mean |Δ| to 4 digits, PSNR to 0.01 dB, then
// "n non-finite": its phrase is empty when n is 0, and left out of sentences).
std::vector<Statistic> statistics_of(const DiffStats& s);
// The protocol's PSNR and SSIM, headed with its name ("PSNR (srcnn)", "SSIM (srcnn)"); without a
// score both values are "n/a" and the PSNR's phrase says why (`error`).
std::vector<Statistic> sr_statistics_of(SrProtocol p, const std::optional<SrScore>& s, const QString& error);
// "region 2,2,4,4", as drawn (the Differences dock also names the compared images' part).
Statistic region_statistic(const StatsRegion& r);
// "nudged +1,0".
Statistic nudge_statistic(QPoint nudge);
// "W×H×K", an image's shape in the comparison's messages (size_text).
QString shape_text(const Image& img);
// The pane's own values in the region: finite mean, min and max over every channel.
Statistic values_statistic(const Image& img);

}  // namespace rl::ui
