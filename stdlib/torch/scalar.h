// stdlib/torch/scalar.h — a Python number as a kernel operand.
//
// `x * 2`, `x + 0.5`, `x & True`: Python scalars take part in type promotion
// with the lowest priority (dtype.h) and are passed to kernels by value,
// never as tensors, so the common `tensor op scalar` allocates only its
// result.
#pragma once

#include <cstdint>
#include <type_traits>

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/tensor.h"

namespace kiln::torch {

struct Scalar {
  Category kind = Category::Int;
  bool b = false;
  int64_t i = 0;
  double d = 0;
  static Scalar from_bool(bool v) { Scalar s; s.kind = Category::Bool; s.b = v; return s; }
  static Scalar from_int(int64_t v) { Scalar s; s.kind = Category::Int; s.i = v; return s; }
  static Scalar from_double(double v) { Scalar s; s.kind = Category::Float; s.d = v; return s; }
  double to_double() const { return kind == Category::Float ? d : kind == Category::Int ? double(i) : double(b); }
  int64_t to_int() const { return kind == Category::Float ? int64_t(d) : kind == Category::Int ? i : int64_t(b); }
  template <class T> T to() const {
    if constexpr (std::is_same_v<T, bool>) return kind == Category::Float ? d != 0 : kind == Category::Int ? i != 0 : b;
    else if constexpr (std::is_floating_point_v<T>) return T(to_double());
    else return kind == Category::Float ? T(int64_t(d)) : kind == Category::Int ? T(i) : T(b);
  }
};

// An operand of an elementwise op: a tensor or a Python scalar.
struct Operand {
  const Tensor* tensor = nullptr;
  Scalar scalar;
  Operand(const Tensor& t) : tensor(&t) {}
  Operand(Scalar s) : scalar(s) {}
  bool is_scalar() const { return tensor == nullptr; }
};

// PyTorch's checked conversion of a Python number stored into a tensor of
// dtype `d` (fill_, full, t[i] = v, masked_fill): NaN, infinities and values
// outside an integer dtype's range, or beyond float32's, raise RuntimeError
// "value cannot be converted to type int64_t without overflow" (bool
// accepts anything). Arithmetic with scalars is not checked, as in PyTorch.
// torch.tensor(data) checks only integer dtypes and names them "int64".
void check_scalar_fits(Scalar s, DType d, bool data_names = false);

// A 0-dim tensor holding the scalar, with the dtype the scalar promotes to
// on its own (bool, int64, or the default float).
Tensor scalar_tensor(Scalar s);
Tensor scalar_tensor(Scalar s, DType dtype);

}  // namespace kiln::torch
