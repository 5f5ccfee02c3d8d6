// Reading a NIQE model's .npy files as numpy writes them.
#pragma once

#include <cstdint>
#include <string>

#include "rl/image.hpp"

namespace rl::niqe_detail {

// A model's file holds 36 means or 36 x 36 covariances (10 KiB as float64); anything over 1 MiB is
// refused unread.
inline constexpr std::uint64_t kMaxNiqeModelFileBytes = std::uint64_t{1} << 20;

// The array in the .npy file `path` as rl::read_npy reads it, and also the two forms a model's files
// commonly have that read_npy (an image reader: 2-D or 3-D, C order) refuses: a 1-D array (n,), what
// np.save writes for a mean vector, read as (1, n); and a Fortran-order 2-D (r, c), what np.save
// writes for an array scipy.io.loadmat returned, read as the C-order (c, r) its bytes are: its
// transpose, the same values in the same order for a vector and the same matrix for a symmetric one
// (an asymmetric covariance is refused by the model's checks either way). Reads regular files of at
// most kMaxNiqeModelFileBytes only (rl/regular_file.hpp). Throws std::runtime_error.
Image read_model_npy(const std::string& path);

}  // namespace rl::niqe_detail
