// Parsing of the `imresize` command line. Strict: every value is checked here, with one message a
// user can act on, before any file is opened.
#include "options.hpp"

#include <charconv>
#include <cmath>

#include "rl/kernels.hpp"
#include "rl/parse.hpp"

namespace rl::app {

namespace {

// Splits "--name=value" into name and value; "--name" alone gives no value.
struct Arg {
  std::string name;
  std::optional<std::string> value;
};

Arg split_arg(const std::string& a) {
  const auto eq = a.find('=');
  if (a.rfind("--", 0) == 0 && eq != std::string::npos) return {a.substr(0, eq), a.substr(eq + 1)};
  return {a, std::nullopt};
}

std::string take_value(const std::vector<std::string>& args, std::size_t& i, const Arg& a) {
  if (a.value) return *a.value;
  if (i + 1 >= args.size()) throw UsageError(a.name + " needs a value (see --help)");
  return args[++i];
}

std::uint64_t parse_count(std::string_view s, const std::string& what, std::uint64_t max) {
  std::uint64_t v = 0;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  const auto [p, ec] = std::from_chars(b, e, v);
  if (s.empty() || ec != std::errc() || p != e || v < 1 || v > max)
    throw UsageError(what + " must be a whole number from 1 to " + std::to_string(max) + ", got '" +
                     std::string(s) + "'");
  return v;
}

}  // namespace

Device parse_device(std::string_view s) {
  if (s == "auto") return Device::Auto;
  if (s == "cpu") return Device::Cpu;
  if (s == "cuda") return Device::Cuda;
  throw UsageError("--device must be auto, cpu or cuda, got '" + std::string(s) + "'");
}

AsType parse_as(std::string_view s) {
  if (s == "keep") return AsType::Keep;
  if (s == "double") return AsType::Double;
  if (s == "single") return AsType::Single;
  throw UsageError("--as must be keep, double or single, got '" + std::string(s) + "'");
}

std::string to_string(Device d) {
  switch (d) {
    case Device::Auto: return "auto";
    case Device::Cpu: return "cpu";
    case Device::Cuda: return "cuda";
  }
  return "?";
}

bool take_resize_option(const std::vector<std::string>& args, std::size_t& i, ResizeOptions& out) {
  const Arg a = split_arg(args[i]);
  // A repeated option is an error rather than "last one wins", so a script with a typo never
  // silently runs a different resize.
  const auto once = [&](unsigned bit) {
    if (out.given & bit) throw UsageError(a.name + " given more than once");
    out.given |= bit;
  };
  enum : unsigned {
    kScale = 1,
    kSize = 2,
    kMethod = 4,
    kAa = 8,
    kBoundary = 16,
    kAs = 32,
    kDevice = 64,
    kMax = 128
  };

  try {
    if (a.name == "--scale") {
      once(kScale);
      if (out.given & kSize) throw UsageError("give either --scale or --size, not both");
      out.spec.scale = parse_scale(take_value(args, i, a));
    } else if (a.name == "--size") {
      once(kSize);
      if (out.given & kScale) throw UsageError("give either --scale or --size, not both");
      out.spec.out_size = parse_size(take_value(args, i, a));
    } else if (a.name == "--method") {
      once(kMethod);
      const std::string v = take_value(args, i, a);
      const auto m = parse_method(v);
      if (!m)
        throw UsageError("unknown method '" + v +
                         "' (use nearest, bilinear, bicubic, box, triangle, lanczos2 or lanczos3)");
      out.spec.method = *m;
    } else if (a.name == "--antialiasing") {
      once(kAa);
      const std::string v = take_value(args, i, a);
      if (v != "on" && v != "off") throw UsageError("--antialiasing must be on or off, got '" + v + "'");
      out.spec.antialiasing = v == "on";
    } else if (a.name == "--boundary") {
      once(kBoundary);
      const std::string v = take_value(args, i, a);
      if (v != "modern" && v != "legacy")
        throw UsageError("unknown boundary '" + v + "' (use modern or legacy)");
      out.spec.boundary = *parse_boundary(v);
    } else if (a.name == "--as") {
      once(kAs);
      out.as = parse_as(take_value(args, i, a));
    } else if (a.name == "--device") {
      once(kDevice);
      out.device = parse_device(take_value(args, i, a));
    } else if (a.name == "--verbose") {
      if (a.value) throw UsageError("--verbose takes no value");
      out.verbose = true;
    } else if (a.name == "--max-pixels") {
      once(kMax);
      out.max_pixels = parse_count(take_value(args, i, a), "--max-pixels", std::uint64_t{1} << 62);
    } else {
      return false;
    }
  } catch (const UsageError&) {
    throw;
  } catch (const std::invalid_argument& e) {  // from rl::parse_*: already one line naming the value
    throw UsageError(e.what());
  }
  return true;
}

void require_scale_or_size(const ResizeOptions& o) {
  if (o.spec.scale && o.spec.out_size) throw UsageError("give either --scale or --size, not both");
  if (!o.spec.scale && !o.spec.out_size) throw UsageError("give --scale S[,S2] or --size R,C (see --help)");
}

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  // --help wins over everything else, even over mistakes elsewhere on the line.
  for (const auto& a : args) {
    if (a == "--") break;
    if (a == "--help" || a == "-h") {
      o.help = true;
      return o;
    }
  }
  std::vector<std::string> positional;
  bool seen_benchmark = false, only_positional = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (only_positional || s.empty() || s[0] != '-' || s == "-") {
      positional.push_back(s);
      continue;
    }
    if (s == "--") {
      only_positional = true;
      continue;
    }
    if (take_resize_option(args, i, o.resize)) continue;
    const Arg a = split_arg(s);
    if (a.name == "--benchmark") {
      if (seen_benchmark) throw UsageError("--benchmark given more than once");
      seen_benchmark = true;
      o.benchmark = static_cast<int>(parse_count(take_value(args, i, a), "--benchmark", 1000000));
      continue;
    }
    throw UsageError("unknown option '" + a.name + "' (see --help)");
  }
  if (positional.empty()) throw UsageError("missing INPUT and OUTPUT (see --help)");
  if (positional.size() > 2)
    throw UsageError("too many arguments: expected INPUT OUTPUT, got '" + positional[2] + "' as well");
  // An empty name would otherwise read as "no OUTPUT" and silently write nothing.
  if (positional[0].empty()) throw UsageError("INPUT is an empty file name");
  if (positional.size() == 2 && positional[1].empty()) throw UsageError("OUTPUT is an empty file name");
  o.input = positional[0];
  if (positional.size() == 2)
    o.output = positional[1];
  else if (o.benchmark == 0)
    throw UsageError("missing OUTPUT (see --help)");
  require_scale_or_size(o.resize);
  return o;
}

std::string usage_text() {
  return R"(Usage: imresize INPUT OUTPUT (--scale S[,S2] | --size R,C) [options]
       imresize INPUT [OUTPUT] (--scale S[,S2] | --size R,C) --benchmark N [options]
       imresize batch ...            (build super-resolution datasets; imresize batch --help)

Resizes an image exactly as MATLAB's imresize does (same kernels, border rule, dimension order and
rounding), on the CPU or a CUDA device; both read the same contribution tables.

Size (exactly one of):
  --scale S[,S2]      scale factor, or one per axis (rows,cols). Decimals or fractions p/q, which
                      mean the double p/q (1/3 is 0.333...). Output size = ceil(S * input size), and
                      the given S (not output/input) drives the kernel, as in MATLAB.
  --size R,C          output rows and columns; one of them may be NaN to keep the aspect ratio.

Options:
  --method M          nearest, bilinear, bicubic (default), box, triangle, lanczos2, lanczos3
  --antialiasing on|off   widen the kernel when shrinking (default: on, except for nearest)
  --boundary modern|legacy
                      modern (default): out-of-range taps mirror, as MATLAB R2015b and later;
                      legacy: they clamp to the edge pixel, as older MATLAB (classic Set5/Set14 LR)
  --as keep|double|single
                      keep (default): the output has the input's type. double/single: convert
                      the input first as im2double/im2single do (uint8 x/255, uint16 x/65535,
                      int16 (x+32768)/65535, logical 0/1; int8, int32, uint32 are refused).
  --device auto|cpu|cuda
                      auto (default): a usable CUDA device, else the CPU. cuda: fail (exit 3)
                      when no CUDA device can be used.
  --max-pixels N      refuse inputs, results and the intermediate pass with more than N pixels
                      (rows x cols). Default: at most 2^31 elements (pixels x channels) per image
                      and no more than the memory available now.
  --benchmark N       time the resize alone (no decoding or encoding) N times after one warm-up
                      run and print median_ms=<milliseconds> on stdout. OUTPUT is then optional;
                      when given, the result is written as usual.
  --verbose           print the shapes, the plan and the device used (and why) on stdout
  -h, --help          this text
  --                  everything after this is a file name

Files (by extension, case-insensitive):
  .png .bmp .tif .tiff .jpg .jpeg .ppm .pgm .pnm   8- and 16-bit, read and written through OpenCV;
      channel order in = channel order out (R,G,B[,A]); grey stays one channel; grey+alpha PNG is
      read as 2 channels (written to PNG as RGBA, since the encoder has no grey+alpha mode).
      .tif also holds single and double, and int8, int16 and int32 with one channel.
  .npy    NumPy arrays of uint8, uint16, uint32, int8, int16, int32, float32, float64 or bool
          (MATLAB's uint8 ... double and logical), 2-D (rows,cols) or 3-D (rows,cols,channels, any
          number), little-endian, C order; written with the result's type.
  Every type is resized as MATLAB's imresize does: integers round half away from zero and
  saturate after each pass; logical is resized as uint8 0/255 and the result is > 128.
  A type the output format cannot hold converts as MATLAB's im2* functions do: float results
  to an 8/16-bit format as im2uint8: floor(255*min(max(x,0),1)+0.5), NaN -> 0; uint16 to an
  8-bit-only format (.jpg .bmp) as im2uint8; int16 as im2uint16 (.png .ppm .pgm) or im2uint8
  (.jpg .bmp); logical as im2uint8 (0/255). Types with no im2* conversion (uint32; int8 and
  int32 outside a one-channel .tif; int16 in a multi-channel .tif) are refused: use .npy.
  NaN and Inf in float input propagate as in MATLAB: any tap on a NaN makes that output NaN.

Output: written to a temporary file in OUTPUT's folder, then renamed over OUTPUT. On any failure
nothing is created and an existing OUTPUT is untouched. OUTPUT may be INPUT.

Exit status: 0 success; 1 unreadable or malformed input, output not writable, result over a
limit; 2 bad option or value; 3 --device cuda without a usable CUDA device. Every error is one
line on stderr: "imresize: <message>".

Examples:
  imresize hr.png lr.png --scale 1/4 --boundary legacy
  imresize in.png out.npy --size 256,NaN --method lanczos3 --as double
)";
}

}  // namespace rl::app
