// Images that free themselves off the GUI thread. Freeing a large image returns its pages to the
// system: 10-20 ms per 100 MB on a 2-core virtual machine, a visible stall of the event loop when it
// happens on the GUI thread. Whoever drops an image's last reference frees it, and the GUI thread
// drops many (a pane's replaced image, a dock's old map) in a race with the workers that made them,
// so every large image the comparison makes is created here: when its last reference goes on the
// GUI thread, the memory is handed to a thread of its own; anywhere else (a worker, a program without a
// QCoreApplication) it is freed at once.
#pragma once

#include <QImage>
#include <functional>
#include <memory>

#include "rl/image.hpp"

namespace rl::ui {

// Whether the calling thread is the application's (GUI) thread; false without a QCoreApplication.
bool on_gui_thread();

// Runs `f` on a thread of its own when called on the GUI thread, else here and now.
void off_gui_thread(std::function<void()> f);

// `img`, shared; the last reference frees it off the GUI thread.
std::shared_ptr<const Image> share_image(Image&& img);

// A w x h image of `format` (uninitialised pixels) whose buffer is freed off the GUI thread when its
// last copy goes. Null for an empty size or when the memory is not there, as QImage's own.
QImage make_display_image(int w, int h, QImage::Format format);

}  // namespace rl::ui
