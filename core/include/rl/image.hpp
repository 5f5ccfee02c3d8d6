// Image: an interleaved rows x cols x channels buffer of one element type (every class MATLAB's
// imresize takes). The only pixel container in the core; everything else reads and writes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rl {

// The element types, MATLAB's classes. Values keep their order (U8..F64 first) so stored codes stay
// valid. Logical is stored as C++ `bool`, one byte holding 0 or 1 (numpy's |b1 layout); every writer
// of a Logical image stores only 0 or 1 (reading a byte with another value through bool* is undefined,
// so the .npy reader normalises).
enum class ElemType { U8, U16, F32, F64, I8, I16, I32, U32, Logical };
static_assert(sizeof(bool) == 1, "Logical images store one byte per element");

// One row of the type table: everything the rest of the project needs to know about a type, so the
// command, the file readers, the viewer and the bindings read this list instead of a switch each.
struct ElemInfo {
  ElemType type;
  const char* name;       // MATLAB's class name ("single", "int16", "logical"); what to_string gives
  std::size_t size;       // bytes per element
  bool is_integer;        // integer class: rounded half away from zero and saturated after each pass
  bool is_signed;         // integer classes only
  double min, max;        // the representable range (integers: exactly; floats: lowest and max finite)
  const char* npy_descr;  // the .npy descr written for it (little-endian)
};

inline constexpr ElemInfo kElemTypes[] = {
    {ElemType::U8, "uint8", 1, true, false, 0.0, 255.0, "|u1"},
    {ElemType::U16, "uint16", 2, true, false, 0.0, 65535.0, "<u2"},
    {ElemType::F32, "single", 4, false, true, -3.4028234663852886e38, 3.4028234663852886e38, "<f4"},
    {ElemType::F64, "double", 8, false, true, -1.7976931348623157e308, 1.7976931348623157e308, "<f8"},
    {ElemType::I8, "int8", 1, true, true, -128.0, 127.0, "|i1"},
    {ElemType::I16, "int16", 2, true, true, -32768.0, 32767.0, "<i2"},
    {ElemType::I32, "int32", 4, true, true, -2147483648.0, 2147483647.0, "<i4"},
    {ElemType::U32, "uint32", 4, true, false, 0.0, 4294967295.0, "<u4"},
    {ElemType::Logical, "logical", 1, false, false, 0.0, 1.0, "|b1"},
};

// The row for t (kElemTypes is indexed by the enum's value).
constexpr const ElemInfo& info(ElemType t) { return kElemTypes[static_cast<int>(t)]; }
static_assert(info(ElemType::Logical).type == ElemType::Logical && info(ElemType::U32).type == ElemType::U32,
              "kElemTypes must list the types in the enum's order");

std::size_t elem_size(ElemType t);
// Marks the 2 MiB-aligned part of [data, data + bytes) for transparent huge pages, when bytes is
// 4 MiB or more and the system has them (Linux madvise; a hint, a no-op elsewhere). Called on memory
// not yet written, it saves the page faults of its first write: 18,000 of them for a 74 MB image.
void advise_huge_pages(void* data, std::size_t bytes);
std::string to_string(ElemType t);
bool is_integer(ElemType t);  // the eight integer classes (not logical, as MATLAB's isinteger)
// single and double (not "is_float": the viewer has a local function of that name, found by ADL too)
bool is_floating(ElemType t);
// The type whose MATLAB class name is `name` ("int16"), or false when there is none.
bool elem_type_from_name(const std::string& name, ElemType& out);

// The C++ element type of each ElemType.
template <class T>
constexpr ElemType elem_type_of();
#define RL_ELEM_TYPE_OF(T, E)            \
  template <>                            \
  constexpr ElemType elem_type_of<T>() { \
    return ElemType::E;                  \
  }
RL_ELEM_TYPE_OF(std::uint8_t, U8)
RL_ELEM_TYPE_OF(std::uint16_t, U16)
RL_ELEM_TYPE_OF(float, F32)
RL_ELEM_TYPE_OF(double, F64)
RL_ELEM_TYPE_OF(std::int8_t, I8)
RL_ELEM_TYPE_OF(std::int16_t, I16)
RL_ELEM_TYPE_OF(std::int32_t, I32)
RL_ELEM_TYPE_OF(std::uint32_t, U32)
RL_ELEM_TYPE_OF(bool, Logical)
#undef RL_ELEM_TYPE_OF

// Calls f(T{}) with the C++ element type of t (a value of that type, so `using T = decltype(x)`).
template <class F>
decltype(auto) visit_elem_type(ElemType t, F&& f) {
  switch (t) {
    case ElemType::U8: return f(std::uint8_t{});
    case ElemType::U16: return f(std::uint16_t{});
    case ElemType::F32: return f(float{});
    case ElemType::F64: return f(double{});
    case ElemType::I8: return f(std::int8_t{});
    case ElemType::I16: return f(std::int16_t{});
    case ElemType::I32: return f(std::int32_t{});
    case ElemType::U32: return f(std::uint32_t{});
    case ElemType::Logical: break;
  }
  return f(bool{});
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
  // Stores v cast to the element type (no rounding; logical stores v != 0). v must be in range.
  void set(int r, int c, int ch, double v);

  bool same_shape(const Image& o) const {
    return rows_ == o.rows_ && cols_ == o.cols_ && channels_ == o.channels_;
  }

 private:
  template <class T>
  void check() const;
  // An image of this shape (checked) without memory: what uninitialized and borrow both start from.
  static Image shaped(int rows, int cols, int channels, ElemType type);
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
