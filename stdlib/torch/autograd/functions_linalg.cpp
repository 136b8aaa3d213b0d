// stdlib/torch/autograd/functions_linalg.cpp — matrix products and their
// gradients (see functions.h). Every product is differentiated through one
// formula: vectors are lifted to matrices (a (k) as (1, k), b (k) as (k, 1)),
// then grad_a = g @ b^T and grad_b = a^T @ g, summed over broadcast batch
// dims and squeezed back. The transposes are views: BLAS reads them in place.

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/engine.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

namespace {

// A 2-D operand laid out as the transpose of a contiguous matrix (w.t()).
bool is_transposed_matrix(const Shape& strides, const Shape& sizes) {
  return sizes.size() == 2 && sizes[0] > 1 && sizes[1] > 1 && strides[0] == 1 && strides[1] == sizes[0];
}

Var record_product(const char* name, const Var& a, const Var& b, Var r) {
  if (!any_requires_grad({&a, &b}) || !is_floating(r.t.dtype)) return r;
  Shape sa = a.t.sizes, sb = b.t.sizes, sa_strides = a.t.strides, sb_strides = b.t.strides;
  bool a_t = is_transposed_matrix(sa_strides, sa), b_t = is_transposed_matrix(sb_strides, sb);
  auto* n = make_node(name, [=](const VarList& g, const VarList& s, const Node& node) -> VarList {
    // (derivatives.h's product_derivative.) a is saved only when b needs a
    // gradient and b only when a does (as PyTorch), so an in-place change
    // of the other operand is no error.
    EagerDerivative d;
    auto r = product_derivative(d, node.needs_input_grad(0), node.needs_input_grad(1), EagerDerivative::T(g[0]),
                                EagerDerivative::T(s[0]), EagerDerivative::T(s[1]), sa, sb, a_t, b_t);
    return {std::move(r.a).take(), std::move(r.b).take()};
  });
  n->saved.resize(2);
  if (b.requires_grad()) n->saved[0] = SavedVar(a, false);
  if (a.requires_grad()) n->saved[1] = SavedVar(b, false);
  connect(n, {&a, &b}, {&r});
  return r;
}

const char* product_name(int da, int db) {
  if (da == 1 && db == 1) return "DotBackward0";
  if (da == 2 && db == 1) return "MvBackward0";
  if (da == 2 && db == 2) return "MmBackward0";
  if (da == 3 && db == 3) return "BmmBackward0";
  return "UnsafeViewBackward0";
}

}  // namespace

Var matmul(const Var& a, const Var& b) {
  return record_product(product_name(a.t.dim(), b.t.dim()), a, b, Var(torch::matmul(a.t, b.t)));
}
Var mm(const Var& a, const Var& b) { return record_product("MmBackward0", a, b, Var(torch::mm(a.t, b.t))); }
Var bmm(const Var& a, const Var& b) { return record_product("BmmBackward0", a, b, Var(torch::bmm(a.t, b.t))); }
Var mv(const Var& a, const Var& v) { return record_product("MvBackward0", a, v, Var(torch::mv(a.t, v.t))); }
Var dot(const Var& a, const Var& b) { return record_product("DotBackward0", a, b, Var(torch::dot(a.t, b.t))); }

Var outer(const Var& a, const Var& b) {
  Var r(torch::outer(a.t, b.t));
  if (!any_requires_grad({&a, &b}) || !is_floating(r.t.dtype)) return r;
  // PyTorch computes outer as a broadcast product: its node is MulBackward0.
  auto* n = make_node("MulBackward0", [](const VarList& g, const VarList& s, const Node& node) -> VarList {
    EagerDerivative d;
    auto r = outer_derivative(d, node.needs_input_grad(0), node.needs_input_grad(1), EagerDerivative::T(g[0]),
                              EagerDerivative::T(s[0]), EagerDerivative::T(s[1]));
    return {std::move(r.a).take(), std::move(r.b).take()};
  });
  n->saved.resize(2);
  if (b.requires_grad()) n->saved[0] = SavedVar(a, false);
  if (a.requires_grad()) n->saved[1] = SavedVar(b, false);
  connect(n, {&a, &b}, {&r});
  return r;
}

namespace {

// Adds g^T @ x into the .grad of the leaf at edge `e` when nothing else has
// to see that gradient first (no hooks, no retain, a plain dense .grad of the
// right shape and dtype): the BLAS call accumulates in place.
bool accumulate_weight_grad(const Edge& e, const Var& g, const Var& x) {
  if (!e.valid() || GradMode::is_enabled() || !leaf_accumulation_allowed()) return false;
  AutogradMeta* m = e.fn->leaf();
  if (!m || !m->hooks.empty() || !m->grad || m->grad->requires_grad()) return false;
  const Tensor& acc = m->grad->t;
  DType d = acc.dtype;
  if (!is_floating(d) || g.t.dtype != d || x.t.dtype != d || !acc.is_contiguous() || acc.dim() != 2 ||
      acc.sizes[0] != g.t.sizes[1] || acc.sizes[1] != x.t.sizes[1])
    return false;
  addmm_inplace(acc, torch::t_2d(g.t), x.t);
  return true;
}

}  // namespace

Var linear(const Var& x, const Var& w, const Var* bias) {
  if (x.t.dim() != 2 || w.t.dim() != 2) {
    Var out = matmul(x, t_2d(w));
    return bias ? add(out, *bias, Scalar::from_int(1), false) : out;
  }
  Tensor out = torch::matmul(x.t, torch::t_2d(w.t));
  if (bias) {
    torch::expand(bias->t, out.sizes);  // PyTorch's addmm reports a bad bias as expand's error
    out = torch::add(Operand(out), Operand(bias->t), Scalar::from_int(1), false);
  }
  Var r(out);
  if (!any_requires_grad({&x, &w, bias}) || !is_floating(r.t.dtype)) return r;
  Shape bias_sizes = bias ? bias->t.sizes : Shape{};
  auto* n = make_node(bias ? "AddmmBackward0" : "MmBackward0", [bias_sizes](const VarList& g, const VarList& s, const Node& node) -> VarList {
    // (derivatives.h's linear_derivative, but for a weight gradient BLAS
    // adds straight into .grad.)
    bool need_w = node.needs_input_grad(1) && !accumulate_weight_grad(node.next[1], g[0], s[0]);
    EagerDerivative d;
    auto r = linear_derivative(d, node.needs_input_grad(0), need_w, node.needs_input_grad(2), EagerDerivative::T(g[0]),
                               EagerDerivative::T(s[0]), EagerDerivative::T(s[1]), bias_sizes);
    return {std::move(r.x).take(), std::move(r.w).take(), std::move(r.bias).take()};
  });
  n->saved.resize(2);
  if (w.requires_grad()) n->saved[0] = SavedVar(x, false);
  if (x.requires_grad()) n->saved[1] = SavedVar(w, false);
  connect(n, {&x, &w, bias}, {&r});
  return r;
}

}  // namespace kiln::torch::autograd
