// codegen/pointwise.cpp — see codegen/pointwise.h.
#include "codegen/pointwise.h"

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/elementwise.h"
#include "vm/ast.h"
#include "vm/ops.h"

namespace kiln::codegen {

using torch::BinaryOp;
using torch::UnaryOp;
using tracer::GraphOp;

// Node n's op, by its kind and callee alone.
bool pointwise_of_node(const tracer::Node& n, PointwiseOp* s);

namespace {
// Whether register r of g held a Python number while tracing.
bool number_register(const tracer::Graph& g, int r) {
  if (r < 0) return false;
  if (r < int(g.consts.size())) {
    const vm::Value& c = g.consts[size_t(r)];
    return c.is_double() || c.is_bool() || vm::is_int(c);
  }
  size_t i = size_t(r) - g.consts.size();
  const tracer::Meta& meta = i < g.inputs.size() ? g.input_meta[i] : g.nodes[i - g.inputs.size()].meta;
  return meta.is_number();
}
}  // namespace

bool pointwise_of(const tracer::Graph& g, const tracer::Node& n, PointwiseOp* s) {
  if (!pointwise_of_node(n, s)) return false;
  // pow(Tensor, number): the eager op's special exponents (pow_scalar).
  if (!s->unary && s->op == int(BinaryOp::pow) && n.in.size() == 2 && number_register(g, n.in[1]) &&
      !number_register(g, n.in[0]))
    s->op = int(BinaryOp::pow_scalar);
  return true;
}

bool pointwise_of_node(const tracer::Node& n, PointwiseOp* s) {
  // Only nodes that made float32 tensors while tracing (not size arithmetic
  // on Python ints).
  if (!n.meta.is(torch::DType::Float32)) return false;
  switch (n.op) {
    case GraphOp::Binary: {
      switch (vm::BinOpKind(n.arg)) {
        case vm::BinOpKind::Add: s->op = int(BinaryOp::add); break;
        case vm::BinOpKind::Sub: s->op = int(BinaryOp::sub); break;
        case vm::BinOpKind::Mult: s->op = int(BinaryOp::mul); break;
        case vm::BinOpKind::Div: s->op = int(BinaryOp::div); break;
        case vm::BinOpKind::FloorDiv: s->op = int(BinaryOp::div_floor); break;
        case vm::BinOpKind::Mod: s->op = int(BinaryOp::remainder); break;
        case vm::BinOpKind::Pow: s->op = int(BinaryOp::pow); break;
        default: return false;
      }
      s->unary = false;
      return true;
    }
    case GraphOp::Unary:
      if (vm::UnaryOpKind(n.arg) != vm::UnaryOpKind::USub) return false;
      s->unary = true;
      s->op = int(UnaryOp::neg);
      return true;
    case GraphOp::Call: {
      // An elementwise op of the registry called positionally (the fused
      // kernel reads n.in as (input[, other])).
      tracer::OpCall c;
      torch::ops::Elementwise p;
      if (n.kwnames.is_object() || !tracer::op_call_of(n, &c)) return false;
      using torch::ops::OpId;
      if (c.id() == OpId::add || c.id() == OpId::sub) {
        // add/sub(input, other) without alpha: the binary op.
        if (c.arg[2] >= 0) return false;
        p = {false, int(c.id() == OpId::add ? BinaryOp::add : BinaryOp::sub)};
      } else if (c.id() == OpId::div) {
        // div(input, other) without rounding_mode: true division.
        if (c.arg[2] >= 0) return false;
        p = {false, int(BinaryOp::div)};
      } else if (!torch::ops::elementwise_of(*c.op, &p)) {
        return false;
      }
      if (p.unary ? (n.in.size() != 1 || !torch::unary_row_f32_ok(UnaryOp(p.op)))
                  : (n.in.size() != 2 || !torch::binary_row_f32_ok(BinaryOp(p.op))))
        return false;
      s->unary = p.unary;
      s->op = p.op;
      return true;
    }
    default: return false;
  }
}

}  // namespace kiln::codegen
