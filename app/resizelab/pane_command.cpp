// pane_command: the imresize call that made a pane, read from its result's MadeFrom; save_pane writes
// the result as that call writes it.
#include "pane_command.hpp"

#include <QFileInfo>
#include <stdexcept>

#include "figure_export.hpp"
#include "rl/image_io.hpp"
#include "rl/kernels.hpp"
#include "rl/peers.hpp"

namespace rl::app {

namespace {

PaneCommand refused(const QString& why) { return {{}, why}; }

}  // namespace

PaneCommand pane_command(const ui::Comparison& c, int pane) {
  const QString n = QString::number(pane + 1);
  if (pane < 0 || pane >= static_cast<int>(c.results.size()) || !c.source)
    return refused(QStringLiteral("there is no pane %1").arg(n));
  const ui::PaneResult& r = c.results[static_cast<std::size_t>(pane)];
  if (!r.image || !r.made_from)
    return refused(r.error.isEmpty() ? QStringLiteral("pane %1 has no result yet").arg(n)
                                     : QStringLiteral("pane %1 has no result: %2").arg(n, r.error));
  const ui::PaneConfig& p = r.made_from->pane;
  const ResizeSpec& base = r.made_from->base;
  const Image& src = *c.source;
  if (p.is_file())
    return refused(QStringLiteral("pane %1 shows the file %2: copy that file, no imresize call makes it")
                       .arg(n, QFileInfo(p.file).fileName()));
  if (p.sr_round_trip > 0)
    return refused(QStringLiteral("pane %1 is an SR round trip, made by two calls (the LR, then the "
                                  "upscale), not one")
                       .arg(n));
  PaneCommand out;
  QStringList& o = out.options;
  if (p.peer) {
    const peers::PeerSpec& peer = *p.peer;
    if (!peers::supports(peer, src.type(), src.channels()))
      return refused(QStringLiteral("pane %1 is %2 resized through float32 (the library does not take a %3 "
                                    "image): imresize --like refuses that input")
                         .arg(n, ui::pane_label(p), QString::fromStdString(to_string(src.type()))));
    // The library's own size rule for the scale where it gives the pane's size (as the pane did),
    // else the pane's size as it is.
    bool by_scale = false;
    if (base.scale) {
      const auto [rows, cols] = peers::output_size(
          peer, src.rows(), src.cols(), peers::PeerTarget::with_scale(base.scale->first, base.scale->second));
      by_scale = rows == r.image->rows() && cols == r.image->cols();
    }
    if (by_scale)
      o << QStringLiteral("--scale") << pair_text(*base.scale, false);
    else
      o << QStringLiteral("--size") << QStringLiteral("%1,%2").arg(r.image->rows()).arg(r.image->cols());
    o << QStringLiteral("--like") << QString::fromStdString(peers::to_string(peer.library))
      << QStringLiteral("--method") << QString::fromStdString(peers::method_name(peer.library, peer.method));
    if (peer.antialias) o << QStringLiteral("--antialiasing") << QStringLiteral("on");
    if (peer.align_corners) o << QStringLiteral("--align-corners");
    if (peer.reducing_gap > 0) o << QStringLiteral("--reducing-gap") << round_trip_text(peer.reducing_gap);
    return out;
  }
  if (p.method == Method::Custom) return refused(QStringLiteral("pane %1 has a custom kernel").arg(n));
  if (base.scale)
    o << QStringLiteral("--scale") << pair_text(*base.scale, false);
  else if (base.out_size)
    o << QStringLiteral("--size") << pair_text(*base.out_size, true);
  o << QStringLiteral("--method") << QString::fromStdString(to_string(p.method))
    << QStringLiteral("--antialiasing") << (p.antialiasing ? QStringLiteral("on") : QStringLiteral("off"));
  if (base.boundary == Boundary::Legacy) o << QStringLiteral("--boundary") << QStringLiteral("legacy");
  const ui::ResizeClass cls = r.made_from->resize_class;
  const ElemType to = cls == ui::ResizeClass::Double ? ElemType::F64 : ElemType::F32;
  if (cls != ui::ResizeClass::Keep && src.type() != to) o << QStringLiteral("--as") << ui::to_qstring(cls);
  return out;
}

QStringList imresize_args(const PaneCommand& command, const QString& input, const QString& output) {
  if (input.startsWith(QLatin1Char('-')) || output.startsWith(QLatin1Char('-')))
    return QStringList{QStringLiteral("imresize")} + command.options + QStringList{"--", input, output};
  return QStringList{QStringLiteral("imresize"), input, output} + command.options;
}

void check_save_pane(const ui::Comparison& c, int pane, const QString& path) {
  const PaneCommand command = pane_command(c, pane);
  if (!command.error.isEmpty()) throw std::runtime_error(command.error.toStdString());
  // With --as, imresize writes its double or single result, which an 8-bit format takes as im2uint8:
  // the pane's (im2uint8 of the same) only for a uint8 image in such a format.
  if (command.options.contains(QStringLiteral("--as"))) {
    const std::string ext = io::lower_extension(path.toStdString());
    if (c.source->type() != ElemType::U8 || ext == ".npy" || ext == ".tif" || ext == ".tiff")
      throw std::runtime_error(
          QStringLiteral("pane %1 was resized in %2 and brought back to %3; imresize --as writes that "
                         "file only from a uint8 image to .png, .bmp, .jpg or .ppm")
              .arg(pane + 1)
              .arg(command.options.value(command.options.indexOf(QStringLiteral("--as")) + 1),
                   QString::fromStdString(to_string(c.source->type())))
              .toStdString());
  }
}

void save_pane(const ui::Comparison& c, int pane, const QString& path) {
  check_save_pane(c, pane, path);
  io::save(path.toStdString(), *c.results[static_cast<std::size_t>(pane)].image);
}

}  // namespace rl::app
