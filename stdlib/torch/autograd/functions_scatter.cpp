// stdlib/torch/autograd/functions_scatter.cpp — scatter and scatter_add, out
// of place and in place, and the in-place tril_/triu_, with their gradients
// (see functions.h). The
// formulas are PyTorch's (derivatives.yaml): self gets g with the written
// places zeroed (scatter) or all of g (scatter_add); src gets g gathered at
// index, padded with zeros where index is shorter than src. Both are
// differentiable in turn (scatter of g, gather), so double backward works.

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/functions.h"

namespace kiln::torch::autograd {

namespace {

// The node of scatter (add: scatter_add) on inputs (self, src); adopted by
// connect or rebase_history. `src_sizes` null: src is a number.
Node* scatter_node(bool add, int64_t dim, const Tensor& index, const Shape* src_sizes) {
  Shape ss = src_sizes ? *src_sizes : Shape{};
  Var ix(index);
  return make_node(add ? "ScatterAddBackward0" : src_sizes ? "ScatterBackward0" : "ScatterBackward1",
                   [=](const VarList& g, const VarList&, const Node& node) -> VarList {
                     EagerDerivative d;
                     auto r = scatter_derivative(d, node.needs_input_grad(0), node.needs_input_grad(1), EagerDerivative::T(g[0]),
                                                 dim, EagerDerivative::T(ix), ss, add);
                     return {std::move(r.self).take(), std::move(r.src).take()};
                   });
}

void check_reduce(ScatterReduce reduce) {
  if (reduce != ScatterReduce::None)
    fail(ErrorKind::NotImplemented,
         "Kiln's autograd does not support scatter with reduce= on tensors that require grad (PyTorch has no "
         "derivative for it either); use scatter_add");
}

Var scatter_impl(const Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce, bool add) {
  Var r(cast(self.t, self.t.dtype));
  scatter_inplace(r.t, dim, index, src.var ? &src.var->t : nullptr, src.scalar, reduce, add ? "scatter_add" : "scatter");
  if (!any_requires_grad({&self, src.var}) || !is_floating(r.t.dtype)) return r;
  if (!add) check_reduce(reduce);
  connect(scatter_node(add, dim, index, src.var ? &src.var->t.sizes : nullptr), {&self, src.var}, {&r});
  return r;
}

void scatter_impl_(Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce, bool add) {
  bool record = begin_inplace(self, {src.var});
  if (record && !add) check_reduce(reduce);
  scatter_inplace(self.t, dim, index, src.var ? &src.var->t : nullptr, src.scalar, reduce, add ? "scatter_add" : "scatter");
  if (record) rebase_history(self, scatter_node(add, dim, index, src.var ? &src.var->t.sizes : nullptr), {&self, src.var});
}

}  // namespace

Var scatter(const Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce) {
  return scatter_impl(self, dim, index, src, reduce, false);
}
Var scatter_add(const Var& self, int64_t dim, const Tensor& index, const Var& src) {
  return scatter_impl(self, dim, index, src, ScatterReduce::Add, true);
}
void scatter_(Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce) {
  scatter_impl_(self, dim, index, src, reduce, false);
}
void scatter_add_(Var& self, int64_t dim, const Tensor& index, const Var& src) {
  scatter_impl_(self, dim, index, src, ScatterReduce::Add, true);
}

void tril_(Var& self, int64_t diagonal, bool upper) {
  bool record = begin_inplace(self, {});
  tril_inplace(self.t, diagonal, upper);
  if (!record) return;
  auto* n = make_node(upper ? "TriuBackward0" : "TrilBackward0", [=](const VarList& g, const VarList&, const Node&) -> VarList {
    return {eager(tril_derivative<EagerDerivative>, g[0], diagonal, upper)};
  });
  rebase_history(self, n, {&self});
}

}  // namespace kiln::torch::autograd
