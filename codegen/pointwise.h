// codegen/pointwise.h — which graph nodes are float32 pointwise ops.
//
// A graph node (tracer/graph.h) computes an elementwise op that the
// compiled tiers can fuse when it made a float32 tensor while tracing and
// it is Python's + - * / // % ** or unary minus, or a torch pointwise
// function or method (exp, relu, sigmoid, mul, maximum...) called without
// keywords, whose float32 arithmetic the eager kernels define row by row
// (torch::unary_row_f32_ok / binary_row_f32_ok). The graph executor's
// fused chains (tracer/fused.h) and the lowering to the Kernel IR
// (codegen/lower.h) both ask here.
#pragma once

#include "tracer/graph.h"

namespace kiln::codegen {

struct PointwiseOp {
  bool unary = false;
  int op = 0;  // torch::UnaryOp / torch::BinaryOp
};

// Whether node `n` of `g` is such an op, and which (pow with a Python
// number exponent is pow_scalar, as the eager op computes it).
bool pointwise_of(const tracer::Graph& g, const tracer::Node& n, PointwiseOp* out);

}  // namespace kiln::codegen
