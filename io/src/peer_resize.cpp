// cv::resize for the OpenCV peer methods (channels passed through untouched, so the order of an
// Image's channels does not matter) and the dispatch of the other peers to the core.
#include "rl/peer_resize.hpp"

#include <opencv2/imgproc.hpp>
#include <stdexcept>

namespace rl::io {

namespace {

int cv_interpolation(peers::PeerMethod m) {
  switch (m) {
    case peers::PeerMethod::Nearest: return cv::INTER_NEAREST;
    case peers::PeerMethod::NearestExact: return cv::INTER_NEAREST_EXACT;
    case peers::PeerMethod::Bilinear: return cv::INTER_LINEAR;
    case peers::PeerMethod::LinearExact: return cv::INTER_LINEAR_EXACT;
    case peers::PeerMethod::Bicubic: return cv::INTER_CUBIC;
    case peers::PeerMethod::Area: return cv::INTER_AREA;
    case peers::PeerMethod::Lanczos4: return cv::INTER_LANCZOS4;
    default: throw std::invalid_argument("not an OpenCV method");
  }
}

}  // namespace

Image opencv_resize(const Image& in, const peers::PeerSpec& spec, const peers::PeerTarget& target) {
  if (spec.library != peers::Library::OpenCV)
    throw std::invalid_argument("opencv_resize needs an OpenCV spec");
  const auto [orow, ocol] = peers::output_size(spec, in.rows(), in.cols(), target);
  if (!peers::supports(spec, in.type(), in.channels()))
    throw std::invalid_argument(peers::display_name(spec) + " does not take " + to_string(in.type()) +
                                " images with " + std::to_string(in.channels()) + " channel(s)");
  const int depth = in.type() == ElemType::U8 ? CV_8U : CV_32F;
  const cv::Mat src(in.rows(), in.cols(), CV_MAKETYPE(depth, in.channels()), const_cast<void*>(in.raw()));
  Image out = Image::uninitialized(orow, ocol, in.channels(), in.type());
  cv::Mat dst(orow, ocol, CV_MAKETYPE(depth, in.channels()), out.raw());
  // With a scale, cv::resize(src, dst, Size(), fx, fy) derives the same size and keeps fx/fy as the
  // coordinate factors; passing both keeps dst in our buffer.
  if (target.scale) {
    cv::Mat tmp;
    cv::resize(src, tmp, cv::Size(), target.scale->second, target.scale->first,
               cv_interpolation(spec.method));
    if (tmp.rows != orow || tmp.cols != ocol) throw std::logic_error("cv::resize chose another size");
    tmp.copyTo(dst);
  } else {
    cv::resize(src, dst, cv::Size(ocol, orow), 0, 0, cv_interpolation(spec.method));
  }
  if (dst.data != out.raw()) throw std::logic_error("cv::resize reallocated its output");
  return out;
}

Image peer_resize(const Image& in, const peers::PeerSpec& spec, const peers::PeerTarget& target) {
  if (spec.library == peers::Library::OpenCV) return opencv_resize(in, spec, target);
  return peers::resize(in, spec, target);
}

}  // namespace rl::io
