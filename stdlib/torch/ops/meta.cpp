// stdlib/torch/ops/meta.cpp — see meta.h.
#include "stdlib/torch/ops/meta.h"

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::torch::ops {

namespace {

// A tensor with the argument's layout and no storage (the dtype rules and
// broadcasting read only dtype and sizes).
Tensor layout_of(const TensorMeta& m) {
  Tensor t;
  t.dtype = m.dtype;
  t.sizes = m.sizes;
  t.strides = contiguous_strides(m.sizes);
  return t;
}

// The operand an argument is: a tensor's layout, or a Python number.
bool operand_of(const MetaArg& a, Tensor* holder, std::optional<Operand>* out) {
  if (a.tensor) {
    *holder = layout_of(*a.tensor);
    out->emplace(*holder);
    return true;
  }
  Scalar s;
  if (!as_scalar(a.value, &s)) return false;
  out->emplace(s);
  return true;
}

}  // namespace

bool infer_meta(const OpDef& op, std::span<const MetaArg> args, TensorMeta* out) {
  Elementwise e;
  if (!elementwise_of(op, &e)) return false;
  if (e.unary) {
    if (args.empty() || !args[0].tensor) return false;
    out->dtype = unary_result_dtype(UnaryOp(e.op), args[0].tensor->dtype);
    out->sizes = args[0].tensor->sizes;
    return true;
  }
  if (args.size() < 2) return false;
  Tensor ha, hb;
  std::optional<Operand> a, b;
  if (!operand_of(args[0], &ha, &a) || !operand_of(args[1], &hb, &b) || (a->is_scalar() && b->is_scalar())) return false;
  out->dtype = binary_result_dtype(BinaryOp(e.op), *a, *b);
  out->sizes = broadcast_shapes(a->is_scalar() ? Shape() : a->tensor->sizes, b->is_scalar() ? Shape() : b->tensor->sizes);
  return true;
}

}  // namespace kiln::torch::ops
