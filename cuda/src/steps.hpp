// Shared by the host loop and the device resizer: argument checks with one message each, and the
// per-axis tables in the form the kernel bodies read.
#pragma once

#include <string>
#include <vector>

#include "rl/adjoint.hpp"
#include "rl/cuda_pass.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::cuda::detail {

// Empty when the images can go through the plan (forward: plan input shape; backward: plan output
// shape, float only); otherwise one line saying what is wrong.
std::string check_batch(const Plan& plan, const std::vector<const Image*>& images, bool backward);
std::string check_type_and_shape(ElemType type, int channels, int batch, bool backward);

TableView forward_view(const AxisTable& t);
TableView transposed_view(const TransposedTable& t);

// Logical images (forward only) run as MATLAB's imresize runs them: im2uint8 (0 / 255), the uint8
// passes, then `> 128`. as_uint8 gives the uint8 images; to_logical thresholds results in place.
bool is_logical(const std::vector<const Image*>& images);
std::vector<Image> as_uint8(const std::vector<const Image*>& images);
void to_logical(std::vector<Image>& results);

// Packs images one after the other into dst / unpacks them from src.
void pack(const std::vector<const Image*>& images, void* dst);
void unpack(const void* src, std::vector<Image*>& images);

}  // namespace rl::cuda::detail
