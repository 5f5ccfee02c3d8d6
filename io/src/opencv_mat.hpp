// Between rl::Image and cv::Mat: OpenCV's depths and its BGR channel order.
#pragma once

#include <opencv2/core.hpp>
#include <string>

#include "rl/image.hpp"

namespace rl::io::detail {

// The type of an OpenCV depth; throws "PATH: unsupported sample type in the file" for one we lack.
ElemType type_of_depth(int depth, const std::string& path);
// OpenCV's depth for a type; -1 where OpenCV has none (uint32, logical).
int depth_of(ElemType t);
// Swap the first and third channel of 3/4-channel images (BGR[A] <-> RGB[A]).
void swap_rb(cv::Mat& m);

}  // namespace rl::io::detail
