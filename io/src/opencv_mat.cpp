// Between rl::Image and cv::Mat (opencv_mat.hpp).
#include "opencv_mat.hpp"

#include <cstddef>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <vector>

namespace rl::io::detail {

ElemType type_of_depth(int depth, const std::string& path) {
  switch (depth) {
    case CV_8U: return ElemType::U8;
    case CV_16U: return ElemType::U16;
    case CV_32F: return ElemType::F32;
    case CV_64F: return ElemType::F64;
    case CV_8S: return ElemType::I8;
    case CV_16S: return ElemType::I16;
    case CV_32S: return ElemType::I32;
    default: throw std::runtime_error(path + ": unsupported sample type in the file");
  }
}

int depth_of(ElemType t) {
  switch (t) {
    case ElemType::U8: return CV_8U;
    case ElemType::U16: return CV_16U;
    case ElemType::F32: return CV_32F;
    case ElemType::F64: return CV_64F;
    case ElemType::I8: return CV_8S;
    case ElemType::I16: return CV_16S;
    case ElemType::I32: return CV_32S;
    default: return -1;
  }
}

void swap_rb(cv::Mat& m) {
  if (m.channels() >= 3 && m.depth() != CV_8U && m.depth() != CV_16U && m.depth() != CV_32F) {
    cv::Mat out(m.size(), m.type());  // cvtColor takes only these depths
    const int ch = m.channels();
    std::vector<int> from_to;
    for (int c = 0; c < ch; ++c) from_to.insert(from_to.end(), {c, c == 0 ? 2 : c == 2 ? 0 : c});
    cv::mixChannels(&m, 1, &out, 1, from_to.data(), static_cast<std::size_t>(ch));
    m = out;
  } else if (m.channels() == 3)
    cv::cvtColor(m, m, cv::COLOR_BGR2RGB);
  else if (m.channels() == 4)
    cv::cvtColor(m, m, cv::COLOR_BGRA2RGBA);
}

}  // namespace rl::io::detail
