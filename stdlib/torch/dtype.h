// stdlib/torch/dtype.h — tensor element types and PyTorch's type promotion.
//
// The dtypes are the X-macro list in dtypes.def. This header gives their
// C++ types, sizes and names, `dispatch_dtype` (call a generic lambda with
// the C++ type of a runtime dtype, the way ATen's AT_DISPATCH macros do), and
// the promotion rules of torch.result_type:
//   * categories order Bool < Int < Float; inside a category the wider wins;
//   * operands come in three priorities: tensors with dimensions, 0-dim
//     tensors, and Python scalars ("wrapped numbers"). A lower-priority
//     operand changes the result only when its category is higher, and then
//     a Python float contributes the default dtype (float32), a Python int
//     int64, a Python bool bool (PyTorch's c10 `update_result_type_state`).
#pragma once

#include <cstdint>
#include <string_view>

namespace kiln::torch {

enum class DType : uint8_t {
#define DTYPE(e, ct, py, cat, shortname) e,
#include "stdlib/torch/dtypes.def"
#undef DTYPE
};
constexpr int kNumDTypes = 0
#define DTYPE(e, ct, py, cat, shortname) +1
#include "stdlib/torch/dtypes.def"
#undef DTYPE
    ;

enum class Category : uint8_t { Bool, Int, Float };

inline constexpr Category category(DType d) {
  switch (d) {
#define DTYPE(e, ct, py, cat, shortname) \
  case DType::e: return Category::cat;
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  }
  return Category::Float;
}
inline constexpr size_t itemsize(DType d) {
  switch (d) {
#define DTYPE(e, ct, py, cat, shortname) \
  case DType::e: return sizeof(ct);
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  }
  return 1;
}
// "float32" (torch.float32).
const char* dtype_name(DType d);
// "Float", "Long" (PyTorch's messages: "expected scalar type Float but found Long").
const char* dtype_short_name(DType d);
bool dtype_from_name(std::string_view name, DType* out);

inline constexpr bool is_floating(DType d) { return category(d) == Category::Float; }
inline constexpr bool is_integral(DType d, bool include_bool) {
  return category(d) == Category::Int || (include_bool && d == DType::Bool);
}

template <class T> struct dtype_of;
#define DTYPE(e, ct, py, cat, shortname) \
  template <> struct dtype_of<ct> { static constexpr DType value = DType::e; };
#include "stdlib/torch/dtypes.def"
#undef DTYPE

// Calls f(T{}) with T the C++ type of `d`.
template <class F> decltype(auto) dispatch_dtype(DType d, F&& f) {
  switch (d) {
#define DTYPE(e, ct, py, cat, shortname) \
  case DType::e: return f(ct{});
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  }
  return f(float{});
}

// torch.promote_types(a, b): same category -> the wider; else the higher category.
inline constexpr DType promote_types(DType a, DType b) {
  if (a == b) return a;
  Category ca = category(a), cb = category(b);
  if (ca != cb) return ca > cb ? a : b;
  return itemsize(a) >= itemsize(b) ? a : b;
}

// The default dtype of floating tensors (torch.get_default_dtype()).
constexpr DType kDefaultFloat = DType::Float32;

// Accumulates operands for torch.result_type (see the header essay).
class ResultTypeState {
 public:
  void add_tensor(DType d, int64_t ndim) {
    if (ndim > 0) dim_ = merge(dim_, d);
    else zero_ = merge(zero_, d);
  }
  // A Python scalar of this category (bool, int or float).
  void add_scalar(Category c) {
    DType d = c == Category::Bool ? DType::Bool : c == Category::Int ? DType::Int64 : kDefaultFloat;
    wrapped_ = merge(wrapped_, d);
  }
  DType result() const {
    int r = combine(dim_, combine(zero_, wrapped_));
    return r == kUndef ? kDefaultFloat : DType(r);
  }

 private:
  static constexpr int kUndef = -1;
  int dim_ = kUndef, zero_ = kUndef, wrapped_ = kUndef;
  static int merge(int acc, DType d) { return acc == kUndef ? int(d) : int(promote_types(DType(acc), d)); }
  // c10's combine_categories: `higher` (higher priority) wins unless `lower`
  // is of a higher category.
  static int combine(int higher, int lower) {
    if (higher == kUndef) return lower;
    if (lower == kUndef) return higher;
    DType h = DType(higher), l = DType(lower);
    if (category(h) == Category::Float) return higher;
    if (h == DType::Bool || category(l) == Category::Float) return int(promote_types(h, l));
    return higher;
  }
};

}  // namespace kiln::torch
