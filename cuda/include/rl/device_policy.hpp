// Which device runs a resize: the one Device enum, its spellings, the auto-fallback rule and its message,
// shared by `imresize`, `imresize batch`, the viewer and the Python binding.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rl/cuda_resize.hpp"

namespace rl {

enum class Device { Auto, Cpu, Cuda };

// The accepted spellings, case-insensitive: "auto", "cpu", "cuda", and "gpu" for cuda.
std::optional<Device> parse_device(std::string_view s);
std::string_view to_string(Device d);  // "auto", "cpu" or "cuda"
// For messages and help texts: "auto, cpu or cuda (gpu is the same as cuda)".
inline constexpr std::string_view kDeviceSpellings = "auto, cpu or cuda (gpu is the same as cuda)";

// The device a run uses, decided once before any work (choose_device) and again when a CUDA call fails
// mid-run (after_cuda_failure). Rule: auto takes CUDA when a device is usable and otherwise falls back
// to the CPU, saying why in `note`; cuda asked for without a usable device is `refused` (command lines
// stop with kExitDevice; the viewer, which cannot stop, runs on the CPU and shows `note`).
struct DeviceChoice {
  bool cuda = false;     // run on the CUDA device
  bool refused = false;  // Device::Cuda was asked for and cannot be had
  std::string label;     // what runs: "CPU", or "CUDA (<device name>)"
  std::string note;      // empty when nothing fell back, else the one reason line, e.g.
                         // "no usable CUDA device: <status message>"

  // "CPU", "CUDA (NVIDIA H200 ...)", or "CPU (no usable CUDA device: ...)".
  std::string describe() const;
  // For refused: "--device cuda: <note>".
  std::string refusal() const;
};

// The decision for `requested` given the device status (pure, for tests and callers that already
// asked), and the one that asks rl::cuda::device_status() and device_name() itself.
DeviceChoice choose_device(Device requested, const cuda::Status& status, std::string_view device_name);
DeviceChoice choose_device(Device requested);

// After a CUDA resize failed with `why`: auto continues on the CPU for the rest of the run (the note
// says why); cuda is refused.
DeviceChoice after_cuda_failure(Device requested, std::string_view why);

}  // namespace rl
