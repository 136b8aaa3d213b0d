// stdlib/torch/elementwise.h — pointwise ops: the unary and binary op lists
// (unary_ops.def, binary_ops.def), where, clamp and nan_to_num.
//
// Each op follows PyTorch's dtype rules: the result dtype comes from
// torch.result_type over the operands (dtype.h), then the op's kind decides
// the dtype it computes in (true division and transcendental functions
// compute integers in the default float dtype; comparisons return bool).
// Operands of another dtype are converted before the loop; Python scalars
// are passed by value. In-place forms (`x.add_(y)`) check that the result
// dtype can be cast to x's ("result type Float can't be cast to the desired
// output type Long") and that the broadcast shape is x's.
#pragma once

#include <optional>

#include "stdlib/torch/scalar.h"
#include "stdlib/torch/tensor.h"

namespace kiln::torch {

enum class UnaryOp {
#define UNARY(name, kind, expr) name,
#include "stdlib/torch/unary_ops.def"
#undef UNARY
};
enum class BinaryOp {
#define BINARY(name, kind, expr) name,
#include "stdlib/torch/binary_ops.def"
#undef BINARY
};
const char* op_name(UnaryOp op);
const char* op_name(BinaryOp op);

Tensor unary(UnaryOp op, const Tensor& x);
// x = op(x) in place; x's dtype must hold the result.
void unary_inplace(UnaryOp op, const Tensor& x);

// torch.result_type of two operands.
DType result_type(const Operand& a, const Operand& b);
// The dtype of op's result, from its operands' dtypes alone (the op
// layer's meta functions, stdlib/torch/ops/meta.h): the same rules and
// checks as the kernels, raising torch::Error where they would. The
// operands' tensors need no storage (only dtype and dim are read).
DType unary_result_dtype(UnaryOp op, DType in);
DType binary_result_dtype(BinaryOp op, const Operand& a, const Operand& b);
Tensor binary(BinaryOp op, const Operand& a, const Operand& b);
// self = self op other, in place.
void binary_inplace(BinaryOp op, const Tensor& self, const Operand& other);
// add/sub with `alpha`: a + alpha * b.
Tensor add(const Operand& a, const Operand& b, Scalar alpha, bool subtract);
void add_inplace(const Tensor& self, const Operand& b, Scalar alpha, bool subtract);

// torch.where(cond, a, b)
Tensor where(const Tensor& cond, const Operand& a, const Operand& b);
// torch.clamp(x, min, max): either bound may be absent (not both).
Tensor clamp(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi);
void clamp_inplace(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi);
// torch.nan_to_num(x, nan=0.0, posinf=None, neginf=None)
// Meta functions (ops/meta.h): each kernel's checks and its result's
// layout, for meta tensors. The in-place forms check only.
Tensor unary_meta(UnaryOp op, const Tensor& x);
void unary_inplace_meta(UnaryOp op, const Tensor& x);
Tensor binary_meta(BinaryOp op, const Operand& a, const Operand& b);
void binary_inplace_meta(BinaryOp op, const Tensor& self, const Operand& other);
Tensor add_meta(const Operand& a, const Operand& b, Scalar alpha, bool subtract);
void add_inplace_meta(const Tensor& self, const Operand& b, Scalar alpha, bool subtract);
Tensor where_meta(const Tensor& cond, const Operand& a, const Operand& b);
// The kernels above call these for meta tensors; clamp and the composite
// ops built on them need none of their own.

Tensor nan_to_num(const Tensor& x, double nan, std::optional<double> posinf, std::optional<double> neginf);
// Fills every element of t (any view) with v converted to t's dtype.
void fill(const Tensor& t, Scalar v);

// Flat float32 rows of the ops that compute float32 from float32 — the same
// arithmetic as the eager kernels, bit for bit — for the graph executor's
// fused evaluation of pointwise chains (tracer/fused.h).
bool unary_row_f32_ok(UnaryOp op);
void unary_row_f32(UnaryOp op, float* out, const float* a, int64_t n);
bool binary_row_f32_ok(BinaryOp op);
// a_step / b_step: 1 for an array, 0 for a scalar that broadcasts.
void binary_row_f32(BinaryOp op, float* out, const float* a, int a_step, const float* b, int b_step, int64_t n);
// The predicates of float32 operands (compares, logical ops, isnan /
// isinf / isfinite / logical_not): whether `op` is one, and its value at
// one element, as the eager kernels compute it (their results are bool
// tensors; the Kernel IR keeps them as 1.0 / 0.0).
bool unary_pred_f32_ok(UnaryOp op);
bool unary_pred_f32(UnaryOp op, float x);
bool binary_pred_f32_ok(BinaryOp op);
bool binary_pred_f32(BinaryOp op, float a, float b);

}  // namespace kiln::torch
