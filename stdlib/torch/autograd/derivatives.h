// stdlib/torch/autograd/derivatives.h — derivative formulas written once,
// for the eager engine and for graph builders alike.
//
// A formula (derivatives_unary.def) is C++ over a derivative builder `d`
// whose values are of type D::T and whose operations are registry ops:
//   d.neg(a)  d.mul(a, b)  d.mul(a, 2.0)  d.div(a, b)  d.unary(op, a)
//   d.add(a, 1.0)  d.sub(a, 1.0)  d.rsub(1.0, a)  d.pow(a, 3.0)
//   d.where(mask, a, 0.0)  d.zeros_like(a)
//   d.nondiff_unary(op, a), d.nondiff_binary(op, a, 0.0): a value the
//     gradient does not flow through (abs's sign, relu's mask).
// EagerDerivative (below) computes each op on Vars with the autograd
// functions (functions.h), so a formula run with grad mode on records its
// own graph (double backward). tracer/derivative_graph.h's builder appends
// each op as a node of a graph, so a backward graph computes what the
// eager engine computes, bit for bit: there is one list of formulas, not
// one per consumer.
#pragma once

#include <cmath>

#include "stdlib/torch/autograd/functions.h"

namespace kiln::torch::autograd {

// What the eager node of a unary op is called and saves.
struct UnaryDerivative {
  const char* node;  // nullptr: the op has no derivative (integer or bool results)
  bool save_x, save_r;
};
inline UnaryDerivative unary_derivative_info(UnaryOp op) {
  switch (op) {
#define UNARY_DERIVATIVE(o, node, save_x, save_r, formula) \
  case UnaryOp::o: return {node, save_x, save_r};
#include "stdlib/torch/autograd/derivatives_unary.def"
#undef UNARY_DERIVATIVE
    default: return {nullptr, false, false};
  }
}

// The gradient of x for y = op(x) (r), given g, y's gradient. Only for ops
// with a derivative (unary_derivative_info(op).node).
template <class D>
typename D::T unary_derivative(D& d, UnaryOp op, const typename D::T& g, const typename D::T& x, const typename D::T& r) {
  (void)x;
  (void)r;
  switch (op) {
#define UNARY_DERIVATIVE(o, node, save_x, save_r, formula) \
  case UnaryOp::o: return formula;
#include "stdlib/torch/autograd/derivatives_unary.def"
#undef UNARY_DERIVATIVE
    default: return d.zeros_like(g);
  }
}

// The builder of the eager engine: each op runs now, on Vars.
struct EagerDerivative {
  using T = Var;
  static Scalar num(double v) { return Scalar::from_double(v); }
  Var neg(const Var& a) { return autograd::neg(a); }
  Var mul(const Var& a, const Var& b) { return autograd::mul(a, b); }
  Var mul(const Var& a, double s) { return autograd::mul(a, s); }
  Var div(const Var& a, const Var& b) { return autograd::div(a, b); }
  Var unary(UnaryOp op, const Var& a) { return autograd::unary(op, a); }
  Var add(const Var& a, double c) { return autograd::add(a, num(c), Scalar::from_int(1), false); }
  Var sub(const Var& a, double c) { return autograd::add(a, num(c), Scalar::from_int(1), true); }
  Var rsub(double c, const Var& a) { return autograd::add(num(c), a, Scalar::from_int(1), true); }
  Var pow(const Var& a, double e) { return autograd::binary(BinaryOp::pow, a, num(e)); }
  Var where(const Var& mask, const Var& a, double b) { return autograd::where(mask.t, a, num(b)); }
  Var zeros_like(const Var& a) { return autograd::zeros_like(a); }
  Var nondiff_unary(UnaryOp op, const Var& a) { return Var(torch::unary(op, a.t)); }
  Var nondiff_binary(BinaryOp op, const Var& a, double b) { return Var(torch::binary(op, Operand(a.t), num(b))); }
};

}  // namespace kiln::torch::autograd
