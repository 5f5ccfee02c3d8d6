// The image the viewer and `resizelab --export` open when none is given, compiled in from
// resources/default.png.
#pragma once

#include <QString>

#include "rl/image.hpp"

namespace rl::ui {

// 512x512 RGB uint8: zone plate, Siemens star, fine text, line gratings, step edges, gradients.
// Throws std::runtime_error if the embedded resource cannot be decoded.
Image default_image();
QString default_image_name();      // "default.png (built in)"
QString default_image_resource();  // ":/resizelab/default.png"

}  // namespace rl::ui
