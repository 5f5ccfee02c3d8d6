// SSIM as the scripts behind published tables compute it, each variant named after its source:
// Wang's ssim_index.m (2003), his 2009 ssim.m with automatic downsampling, MATLAB's built-in ssim,
// and BasicSR's _ssim. All accumulate in double in a fixed order, whatever the thread count.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rl/image.hpp"

namespace rl {

enum class SsimVariant {
  SsimIndex,  // ssim_index.m v1.0 (2003): fspecial Gaussian 11x11 sigma 1.5, filter2 'valid'
  Wang2009,   // ssim.m (2009): the same after an f x f box low-pass ('symmetric') and subsampling by f
  Matlab,     // MATLAB's ssim: imgaussfilt sigma 1.5, 11 taps, 'replicate' padding, full-size map
  Basicsr,    // BasicSR _ssim: outer product of cv2.getGaussianKernel(11, 1.5), valid part
};
std::string to_string(SsimVariant v);  // "ssim_index", "ssim_wang2009", "matlab_ssim", "basicsr_ssim"

// A size x size correlation window, row-major.
struct SsimWindow {
  int size = 0;
  std::vector<double> weights;
};
// fspecial('gaussian', size, sigma): exp(-(x^2 + y^2) / (2 sigma^2)), entries under eps*max set to
// 0, divided by their sum (taken in MATLAB's column order); then divided again by sum(sum(.)), the
// column sums first, as ssim_index.m does.
SsimWindow ssim_index_window(int size = 11, double sigma = 1.5);
// OpenCV's getGaussianKernel(size, sigma) k (exp(scale2X * x * x), scale2X = -0.5 / sigma^2, each
// times 1/sum), and the window np.outer(k, k) of BasicSR's _ssim.
std::vector<double> opencv_gaussian_kernel(int size, double sigma);
SsimWindow opencv_gaussian_window(int size = 11, double sigma = 1.5);
// imgaussfilt's 1-D kernel: exp(-x^2 / (2 sigma^2)) / sum over x = -(size-1)/2 .. (size-1)/2.
std::vector<double> matlab_gaussian_kernel(int size, double sigma);

// The mean SSIM and the map it is the mean of (rows x cols x 1 double: the valid part for the
// 'valid' variants, the full image for MATLAB's ssim, the subsampled image's valid part for 2009).
struct SsimResult {
  double mssim = 0.0;
  Image map;
};

// Inputs: two one-channel images of one shape, any class but logical, read as double values
// (MATLAB's double(img), not im2double). dynamic_range is L: C1 = (0.01 L)^2, C2 = (0.03 L)^2
// (MATLAB's ssim also C3 = C2 / 2, which with unit exponents folds into the same formula).
// Throws std::invalid_argument on other shapes, and where the window does not fit (ssim_index.m
// returns -Inf under 11 pixels; a number that poisons every mean is worse than a clear error).
SsimResult ssim_index(const Image& a, const Image& b, double dynamic_range = 255.0);
SsimResult ssim_wang2009(const Image& a, const Image& b, double dynamic_range = 255.0);
SsimResult ssim_matlab(const Image& a, const Image& b, double dynamic_range);
SsimResult ssim_basicsr(const Image& a, const Image& b);
SsimResult ssim(SsimVariant v, const Image& a, const Image& b, double dynamic_range);
// What a valid-part SSIM reads of one image alone: its window-filtered values and squares at every
// position where the window fits, made once to score several images against it.
struct SsimSide {
  SsimWindow window;
  Image mean, mean_sq;  // (rows - size + 1) x (cols - size + 1) x 1 double
};
SsimSide ssim_side(const Image& b, const SsimWindow& window);

// The valid-part SSIM with any window: what ssim_index and ssim_basicsr are made of. Given one image
// as both a and b (the same object) it filters two planes instead of five, and given b's side three:
// the same bits.
SsimResult ssim_valid(const Image& a, const Image& b, const SsimWindow& window, double dynamic_range,
                      const SsimSide* b_side = nullptr);

// What ssim(v, a, b, L) computes of b alone, made once to score several images against b:
// ssim(a, ssim_reference(v, b, L)) is ssim(v, a, b, L), bit for bit.
struct SsimReference {
  SsimVariant variant = SsimVariant::SsimIndex;
  double dynamic_range = 255.0;
  int rows = 0, cols = 0;        // b's
  int factor = 1;                // the 2009 variant's subsampling
  Image b;                       // as the SSIM reads it (the 2009 variant's: low-passed, subsampled)
  std::optional<SsimSide> side;  // the windowed variants' (not MATLAB's separable one)
};
SsimReference ssim_reference(SsimVariant v, const Image& b, double dynamic_range);
SsimResult ssim(const Image& a, const SsimReference& ref);

// 1 - SSIM per pixel, rows x cols x 1 double: MATLAB's ssim map (imgaussfilt sigma 1.5, 'replicate',
// full size; DynamicRange the class's range, 1 for floating point) of each channel's values, the
// worst (largest) channel per pixel. 0 where the images agree, as the difference maps are. Throws
// std::invalid_argument when the shapes differ.
Image ssim_dissimilarity_map(const Image& a, const Image& b);

// ssim.m 2009's downsampling factor f = max(1, round(min(rows, cols) / 256)), and the image it
// scores: imfilter(img, ones(f)/f^2, 'symmetric', 'same') then img(1:f:end, 1:f:end).
int wang2009_factor(int rows, int cols);
Image wang2009_downsample(const Image& img, int f);

}  // namespace rl
