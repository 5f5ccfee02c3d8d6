// Freeing large images off the GUI thread (see release.hpp).
#include "rl/ui/release.hpp"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <cstdlib>
#include <limits>
#include <utility>

namespace rl::ui {

namespace {
// One thread of its own: on Qt's global pool a free would wait behind the comparison's jobs, which
// run there for seconds, and the old images' memory would stay taken meanwhile.
QThreadPool* release_pool() {
  static QThreadPool* pool = [] {
    auto* p = new QThreadPool;  // never destroyed: it must outlive every image, static ones included
    p->setMaxThreadCount(1);
    return p;
  }();
  return pool;
}
}  // namespace

bool on_gui_thread() {
  const QCoreApplication* app = QCoreApplication::instance();
  return app && QThread::currentThread() == app->thread();
}

void off_gui_thread(std::function<void()> f) {
  if (on_gui_thread())
    release_pool()->start(std::move(f));
  else
    f();
}

std::shared_ptr<const Image> share_image(Image&& img) {
  return std::shared_ptr<const Image>(new Image(std::move(img)),
                                      [](const Image* p) { off_gui_thread([p]() { delete p; }); });
}

namespace {
void free_buffer(void* p) {
  off_gui_thread([p]() { std::free(p); });
}
}  // namespace

QImage make_display_image(int w, int h, QImage::Format format) {
  if (w <= 0 || h <= 0) return {};
  const int bits = QImage::toPixelFormat(format).bitsPerPixel();
  // Rows padded to 32 bits, as QImage lays them out.
  const std::size_t line = (static_cast<std::size_t>(w) * static_cast<std::size_t>(bits) + 31) / 32 * 4;
  if (line > static_cast<std::size_t>(std::numeric_limits<qsizetype>::max()) / static_cast<std::size_t>(h))
    return {};
  void* buf = std::malloc(line * static_cast<std::size_t>(h));
  if (!buf) return {};
  return QImage(static_cast<uchar*>(buf), w, h, static_cast<qsizetype>(line), format, &free_buffer, buf);
}

}  // namespace rl::ui
