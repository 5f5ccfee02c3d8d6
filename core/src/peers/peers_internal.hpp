// Shared pieces of the peer resizers: table building helpers and the per-library entry points.
#pragma once

#include <string>

#include "rl/peers.hpp"

namespace rl::peers::detail {

// Per-library tables for one axis pair (sizes already decided); defined in pillow.cpp, torch.cpp,
// opencv_tables.cpp.
PeerTables pillow_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols, ElemType t);
PeerTables torch_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols,
                        const PeerTarget& target);
PeerTables opencv_tables(const PeerSpec& s, int in_rows, int in_cols, int out_rows, int out_cols,
                         const PeerTarget& target, ElemType t);

Image pillow_resize(const Image& in, const PeerSpec& s, int out_rows, int out_cols);
Image torch_resize(const Image& in, const PeerSpec& s, int out_rows, int out_cols, const PeerTarget& target);

// An empty PeerAxis of `out` outputs and `taps` taps per output (weights 0, indices 0).
PeerAxis make_axis(int in_size, int out_size, int taps);
// n outputs, each the input of the same index with weight 1 (a library's copy when a size is kept).
PeerAxis identity_axis(int n);
// The tables' identity (spec, type, sizes) with the columns pass first, as all three libraries order it.
PeerTables start_tables(const PeerSpec& s, ElemType type, int in_rows, int in_cols, int out_rows,
                        int out_cols);
// Entries past an output's support: weight 0, index repeating the last valid one.
void pad_output(PeerAxis& a, int o, int used);

// Throws std::invalid_argument("<library> <method> does not support <type> with <n> channels").
void require_supported(const PeerSpec& s, ElemType t, int channels);

}  // namespace rl::peers::detail
