// Image storage: 64-byte aligned, so vector loads over rows stay on cache lines.
#include "rl/image.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

namespace rl {

std::size_t elem_size(ElemType t) {
  switch (t) {
    case ElemType::U8: return 1;
    case ElemType::U16: return 2;
    case ElemType::F32: return 4;
    case ElemType::F64: return 8;
  }
  return 1;
}

std::string to_string(ElemType t) {
  switch (t) {
    case ElemType::U8: return "uint8";
    case ElemType::U16: return "uint16";
    case ElemType::F32: return "single";
    case ElemType::F64: return "double";
  }
  return "?";
}

bool is_integer(ElemType t) { return t == ElemType::U8 || t == ElemType::U16; }

void Image::FreeDeleter::operator()(void* p) const {
  if (owned) std::free(p);
}

static void* alloc_bytes(std::size_t n) {
  if (n == 0) return nullptr;
  const std::size_t rounded = (n + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, rounded);
  if (!p) throw std::bad_alloc();
  return p;
}

static void check_shape(long long rows, long long cols, long long ch) {
  if (rows < 0 || cols < 0) throw std::invalid_argument("image size must not be negative");
  if (ch < 1) throw std::invalid_argument("an image needs at least one channel");
}

Image Image::uninitialized(int rows, int cols, int channels, ElemType type) {
  check_shape(rows, cols, channels);
  Image im;
  im.rows_ = rows;
  im.cols_ = cols;
  im.channels_ = channels;
  im.type_ = type;
  im.capacity_bytes_ = im.bytes();
  im.data_.reset(alloc_bytes(im.capacity_bytes_));
  return im;
}

Image Image::borrow(void* data, int rows, int cols, int channels, ElemType type) {
  check_shape(rows, cols, channels);
  Image im;
  im.rows_ = rows;
  im.cols_ = cols;
  im.channels_ = channels;
  im.type_ = type;
  im.capacity_bytes_ = im.bytes();
  if (im.capacity_bytes_ != 0 && data == nullptr)
    throw std::invalid_argument("borrowed image memory is null");
  im.data_ = std::unique_ptr<void, FreeDeleter>(data, FreeDeleter{false});
  return im;
}

Image::Image(int rows, int cols, int channels, ElemType type)
    : Image(uninitialized(rows, cols, channels, type)) {
  if (data_) std::memset(data_.get(), 0, bytes());
}

Image::Image(const Image& o)
    : rows_(o.rows_),
      cols_(o.cols_),
      channels_(o.channels_),
      type_(o.type_),
      data_(alloc_bytes(o.bytes())),
      capacity_bytes_(o.bytes()) {
  if (o.bytes()) std::memcpy(data_.get(), o.data_.get(), o.bytes());
}

Image& Image::operator=(const Image& o) {
  if (this != &o) {
    Image tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

template <class T>
void Image::check() const {
  if (elem_type_of<T>() != type_)
    throw std::logic_error("image element type is " + to_string(type_) + ", accessed as " +
                           to_string(elem_type_of<T>()));
}
template void Image::check<std::uint8_t>() const;
template void Image::check<std::uint16_t>() const;
template void Image::check<float>() const;
template void Image::check<double>() const;

double Image::at(int r, int c, int ch) const {
  const std::size_t i = (static_cast<std::size_t>(r) * cols_ + c) * channels_ + ch;
  switch (type_) {
    case ElemType::U8: return static_cast<const std::uint8_t*>(raw())[i];
    case ElemType::U16: return static_cast<const std::uint16_t*>(raw())[i];
    case ElemType::F32: return static_cast<const float*>(raw())[i];
    case ElemType::F64: return static_cast<const double*>(raw())[i];
  }
  return 0.0;
}

void Image::set(int r, int c, int ch, double v) {
  const std::size_t i = (static_cast<std::size_t>(r) * cols_ + c) * channels_ + ch;
  switch (type_) {
    case ElemType::U8: static_cast<std::uint8_t*>(raw())[i] = static_cast<std::uint8_t>(v); break;
    case ElemType::U16: static_cast<std::uint16_t*>(raw())[i] = static_cast<std::uint16_t>(v); break;
    case ElemType::F32: static_cast<float*>(raw())[i] = static_cast<float>(v); break;
    case ElemType::F64: static_cast<double*>(raw())[i] = v; break;
  }
}

bool identical(const Image& a, const Image& b) {
  if (!a.same_shape(b) || a.type() != b.type()) return false;
  return a.bytes() == 0 || std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

}  // namespace rl
