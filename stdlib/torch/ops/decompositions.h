// stdlib/torch/ops/decompositions.h — composite ops written once, as other
// registry ops.
//
// A composite op (OpKind::Composite in ops.def) has no kernel of its own:
// it is a decomposition, a template over a builder `d` with the interface
// of stdlib/torch/autograd/derivatives.h (d.add, d.binary, d.where...,
// plus d.add_alpha(a, b, alpha): a + alpha * b). The eager entry
// (elementwise_bindings.cpp) runs it on the eager builder, so autograd
// records the primitives' nodes as PyTorch records its composites';
// tracer/decompose.h builds it as graph nodes, so a graph differentiates a
// composite with its primitives' rules (tracer/graph_backward.h) and the
// lowering fuses the primitives like any others. One definition, the same
// ops in the same order everywhere: the same bits.
//
// Adding a composite: its OP line in ops.def (kind Composite), its
// decomposition here, the eager impl calling it, and its case in
// tracer/decompose.cpp (which reads the bound arguments).
#pragma once

#include <cmath>

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::torch::ops {

// addcmul / addcdiv(input, tensor1, tensor2, *, value=1): input + value *
// (tensor1 op tensor2); value: a number, or d.none() for the default 1.
template <class D>
typename D::T addc_decomposition(D& d, const typename D::T& x, const typename D::T& t1, const typename D::T& t2,
                                 const typename D::T& value, bool divide) {
  auto prod = d.binary(divide ? BinaryOp::div : BinaryOp::mul, t1, t2);
  return d.is_none(value) ? d.add(x, prod) : d.add_alpha(x, prod, value);
}

// Whether a number weight takes lerp's first form (|weight| < 0.5, in the
// input's dtype).
inline bool lerp_weight_is_small(double w, DType dt) {
  return (dt == DType::Float32 ? std::abs(double(float(w))) : std::abs(w)) < 0.5;
}

// lerp(input, end, weight), PyTorch's two forms, exact at either end:
// input + weight * (end - input) where |weight| < 0.5, else
// end - (end - input) * (1 - weight). A tensor weight picks per element; a
// number weight is the input's dtype first (dt float32: 1 - weight in
// float, as PyTorch's opmath).
template <class D>
typename D::T lerp_decomposition(D& d, const typename D::T& x, const typename D::T& end, const typename D::T& weight, DType dt) {
  auto diff = d.binary(BinaryOp::sub, end, x);
  if (!d.is_number(weight)) {
    auto small = d.add(x, d.binary(BinaryOp::mul, weight, diff));
    auto large = d.binary(BinaryOp::sub, end, d.binary(BinaryOp::mul, diff, d.rsub(1.0, weight)));
    auto near = d.nondiff_binary(BinaryOp::lt, d.nondiff_unary(UnaryOp::abs, weight), d.number(0.5));
    return d.where(near, small, large);
  }
  double w = d.number_value(weight);
  bool f32 = dt == DType::Float32;
  if (lerp_weight_is_small(w, dt)) return d.add(x, d.binary(BinaryOp::mul, diff, weight));
  double rest = f32 ? double(1.0f - float(w)) : 1.0 - w;
  return d.binary(BinaryOp::sub, end, d.binary(BinaryOp::mul, diff, d.number(rest)));
}

}  // namespace kiln::torch::ops
