// The text of `imresize --help`, with the method names from core and the file extensions from io.
#include "exit_codes.hpp"
#include "pipeline.hpp"
#include "rl/image_io.hpp"
#include "rl/kernels.hpp"
#include "rl/peers.hpp"

namespace rl::app {

namespace {

// One line per library: "                        pillow  nearest box bilinear ...".
std::string peer_methods_text() {
  std::string t;
  for (const peers::Library l : {peers::Library::Pillow, peers::Library::OpenCV, peers::Library::Torch}) {
    std::string line = "                        " + peers::to_string(l) + ":";
    for (const std::string& m : peers::method_names(l)) line += " " + m;
    t += line + "\n";
  }
  return t;
}

}  // namespace

std::string usage_text() {
  return std::string(R"(Usage: imresize INPUT OUTPUT (--scale S[,S2] | --size R,C) [options]
       imresize INPUT [OUTPUT] (--scale S[,S2] | --size R,C) --benchmark N [options]
       imresize batch ...            (build super-resolution datasets; imresize batch --help)
       imresize score ...            (PSNR/SSIM as the SR papers' scripts; imresize score --help)
       imresize degrade HR LR ...    (BI, BD, BD-VSR or DN LR as the SR scripts; imresize degrade --help)
       imresize identify HR LR ...   (which resizer made LR from HR; imresize identify --help)

Resizes an image exactly as MATLAB's imresize does (same kernels, border rule, dimension order and
rounding), on the CPU or a CUDA device; both read the same contribution tables.

Size (exactly one of):
  --scale S[,S2]      scale factor, or one per axis (rows,cols). Decimals or fractions p/q, which
                      mean the double p/q (1/3 is 0.333...). Output size = ceil(S * input size), and
                      the given S (not output/input) drives the kernel, as in MATLAB.
  --size R,C          output rows and columns; one of them may be NaN to keep the aspect ratio.

Options:
)") + "  --method M          " +
         method_names(", ", ", ") + " (default: bicubic)\n" +
         R"(  --antialiasing on|off   widen the kernel when shrinking (default: on, except for nearest).
                      With --like torch (bilinear, bicubic): antialias= (default off); Pillow
                      always antialiases (except nearest), OpenCV never: only that value is taken.
  --boundary modern|legacy
                      modern (default): out-of-range taps mirror, as MATLAB R2015b and later;
                      legacy: they clamp to the edge pixel, as older MATLAB (classic Set5/Set14 LR)
  --like matlab|pillow|opencv|torch
                      whose resize to reproduce, pixel for pixel (default: matlab, everything above
                      and below). With a library, --method is required and takes its own names:
)" + peer_methods_text() +
         R"(                      --scale S uses the library's own size rule (Pillow round(S*n) and OpenCV
                      cvRound(S*n), halves to even; torch floor(S*n)) and, for OpenCV and torch, 1/S
                      in the coordinates as cv2.resize(fx=S) and F.interpolate(scale_factor=S) do;
                      --size R,C is used as is (no NaN). The input keeps its type: Pillow takes uint8
                      (1-4 channels) and float32, OpenCV uint8 and float32 (1-4 channels),
                      torch float32 only (e.g. a .npy).
                      --boundary, --as and --device cuda are MATLAB's only. See docs/PEERS.md.
  --align-corners     with --like torch (bilinear, bicubic): align_corners=True
  --reducing-gap G    with --like pillow: Image.resize(..., reducing_gap=G), G >= 1: first
                      Image.reduce by int(in/out/G) per side (8-bit images; NEAREST ignores it)
  --as keep|double|single
                      keep (default): the output has the input's type. double/single: convert
                      the input first as im2double/im2single do (uint8 x/255, uint16 x/65535,
                      int16 (x+32768)/65535, logical 0/1; int8, int32, uint32 are refused).
  --device auto|cpu|cuda
                      auto (default): a usable CUDA device, else the CPU. cuda (or gpu): fail
                      (exit 3) when no CUDA device can be used.
  --max-pixels N      refuse inputs, results and the intermediate pass with more than N pixels
                      (rows x cols); inputs are checked from their headers. Default: inputs up to
                      RL_MAX_PIXELS when set (0 there: no limit), else 178956970 (Pillow's limit);
                      results at most 2^31 elements (pixels x channels) per image and no more than
                      the memory available now.
  --benchmark N       time the resize alone (no decoding or encoding) N times after one warm-up
                      run and print median_ms=<milliseconds> on stdout. OUTPUT is then optional;
                      when given, the result is written as usual.
  --verbose           print the shapes, the plan and the device used (and why) on stdout
  -h, --help          this text
  --version           print the version and whether CUDA was compiled in
  --                  everything after this is a file name

Files (by extension, case-insensitive):
)" + "  " +
         io::supported_extensions_text() + R"(
      all but .npy: 8- and 16-bit, read and written through OpenCV;
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

Output: written to a new temporary file in OUTPUT's folder (a random name, created exclusively,
no link followed), fsynced, renamed over OUTPUT, and the folder fsynced. On any failure nothing is
created and an existing OUTPUT is untouched. OUTPUT may be INPUT. Refused before any work: an
OUTPUT that is a symbolic link (never written through or replaced: give its target), a folder or
other non-regular file, a file you may not write (as cp would refuse it), or another user's file in
a sticky folder. A replaced OUTPUT keeps its permissions, and its owner and group where you may.

)" + std::string(kExitStatusHelp) +
         R"(
Examples:
  imresize hr.png lr.png --scale 1/4 --boundary legacy
  imresize in.png out.npy --size 256,NaN --method lanczos3 --as double
  imresize in.png out.png --size 100,150 --like pillow --method bicubic
  imresize in.npy out.npy --scale 0.25 --like torch --method bicubic --antialiasing on
)";
}

}  // namespace rl::app
