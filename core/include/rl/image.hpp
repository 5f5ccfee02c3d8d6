// Image: an interleaved rows x cols x channels buffer of one element type (uint8, uint16, float32,
// float64). The only pixel container in the core; everything else reads and writes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rl {

enum class ElemType { U8, U16, F32, F64 };

std::size_t elem_size(ElemType t);
std::string to_string(ElemType t);
bool is_integer(ElemType t);

template <class T>
constexpr ElemType elem_type_of();
template <>
constexpr ElemType elem_type_of<std::uint8_t>() {
  return ElemType::U8;
}
template <>
constexpr ElemType elem_type_of<std::uint16_t>() {
  return ElemType::U16;
}
template <>
constexpr ElemType elem_type_of<float>() {
  return ElemType::F32;
}
template <>
constexpr ElemType elem_type_of<double>() {
  return ElemType::F64;
}

class Image {
 public:
  Image() = default;
  // Zero-filled image; throws std::invalid_argument on negative sizes or zero channels.
  Image(int rows, int cols, int channels, ElemType type);
  // Same shape, contents left uninitialised (for outputs that are about to be overwritten).
  static Image uninitialized(int rows, int cols, int channels, ElemType type);
  // An image over memory it does not own (interleaved rows x cols x channels, C order, any alignment),
  // so that callers such as the Python module resize arrays in place without a copy. The caller keeps
  // `data` alive while the Image lives; copies of a borrowed Image own their data.
  static Image borrow(void* data, int rows, int cols, int channels, ElemType type);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int channels() const { return channels_; }
  ElemType type() const { return type_; }
  bool empty() const { return rows_ == 0 || cols_ == 0; }
  std::size_t elements() const { return static_cast<std::size_t>(rows_) * cols_ * channels_; }
  std::size_t bytes() const { return elements() * elem_size(type_); }
  // Elements between the starts of two consecutive rows.
  std::size_t row_stride() const { return static_cast<std::size_t>(cols_) * channels_; }

  void* raw() { return data_.get(); }
  const void* raw() const { return data_.get(); }

  template <class T>
  T* data() {
    check<T>();
    return static_cast<T*>(raw());
  }
  template <class T>
  const T* data() const {
    check<T>();
    return static_cast<const T*>(raw());
  }

  // Value at (r, c, ch) converted to double, whatever the element type.
  double at(int r, int c, int ch = 0) const;
  void set(int r, int c, int ch, double v);  // stores v cast to the element type (no rounding)

  bool same_shape(const Image& o) const {
    return rows_ == o.rows_ && cols_ == o.cols_ && channels_ == o.channels_;
  }

 private:
  template <class T>
  void check() const;
  struct FreeDeleter {
    FreeDeleter() noexcept : owned(true) {}
    explicit FreeDeleter(bool owns) noexcept : owned(owns) {}
    bool owned;  // false for borrow()ed memory
    void operator()(void* p) const;
  };
  int rows_ = 0, cols_ = 0, channels_ = 0;
  ElemType type_ = ElemType::U8;
  std::unique_ptr<void, FreeDeleter> data_;
  std::size_t capacity_bytes_ = 0;

 public:
  Image(const Image& o);
  Image& operator=(const Image& o);
  Image(Image&&) noexcept = default;
  Image& operator=(Image&&) noexcept = default;
};

// Deep equality of shape, type and every element (bitwise for floats, so NaN == NaN).
bool identical(const Image& a, const Image& b);

}  // namespace rl
