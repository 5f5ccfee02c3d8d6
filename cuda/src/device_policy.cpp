// The device policy (see device_policy.hpp): spellings, the auto fallback and its message, in one place.
#include "rl/device_policy.hpp"

#include <algorithm>
#include <cctype>

namespace rl {

namespace {

// Status messages are shown in one-line reports: no line breaks, no trailing blanks.
std::string one_line(std::string_view s) {
  std::string out(s);
  std::replace_if(
      out.begin(), out.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

DeviceChoice on_cpu(Device requested, std::string note) {
  DeviceChoice c;
  c.label = "CPU";
  c.refused = requested == Device::Cuda;
  c.note = std::move(note);
  return c;
}

}  // namespace

std::optional<Device> parse_device(std::string_view s) {
  std::string l(s);
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char ch) { return std::tolower(ch); });
  if (l == "auto") return Device::Auto;
  if (l == "cpu") return Device::Cpu;
  if (l == "cuda" || l == "gpu") return Device::Cuda;
  return std::nullopt;
}

std::string_view to_string(Device d) {
  switch (d) {
    case Device::Auto: return "auto";
    case Device::Cpu: return "cpu";
    case Device::Cuda: return "cuda";
  }
  return "?";
}

std::string DeviceChoice::describe() const { return note.empty() ? label : label + " (" + note + ")"; }

std::string DeviceChoice::refusal() const { return "--device cuda: " + note; }

DeviceChoice choose_device(Device requested, const cuda::Status& status, std::string_view device_name) {
  if (requested == Device::Cpu) return on_cpu(requested, "");
  if (!status.ok) return on_cpu(requested, "no usable CUDA device: " + one_line(status.message));
  DeviceChoice c;
  c.cuda = true;
  c.label = device_name.empty() ? std::string("CUDA") : "CUDA (" + one_line(device_name) + ")";
  return c;
}

DeviceChoice choose_device(Device requested) {
  if (requested == Device::Cpu) return choose_device(requested, cuda::Status::success(), "");
  const cuda::Status st = cuda::device_status();
  return choose_device(requested, st, st.ok ? cuda::device_name() : std::string());
}

DeviceChoice after_cuda_failure(Device requested, std::string_view why) {
  return on_cpu(requested, "the CUDA resize failed: " + one_line(why));
}

}  // namespace rl
