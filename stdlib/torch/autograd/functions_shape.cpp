// stdlib/torch/autograd/functions_shape.cpp — shape ops and indexing with
// their gradients (see functions.h). Ops that pick elements (gather,
// index_select, advanced indexing) have gradients that add into zeros at the
// picked places, repeated picks adding up; those scatters are differentiable
// in turn (their gradient picks again), so double backward works.

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/shape_ops.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

namespace {

template <class F> Var record_one(const char* name, const Var& x, Var r, F f) {
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node(name, [f](const VarList& g, const VarList&, const Node&) -> VarList { return {f(g[0])}; });
  connect(n, {&x}, {&r});
  return r;
}

std::vector<const Var*> pointers(const VarList& xs) {
  std::vector<const Var*> p;
  for (const Var& v : xs) p.push_back(&v);
  return p;
}

bool any_of(const VarList& xs) {
  if (!GradMode::is_enabled()) return false;
  for (const Var& v : xs)
    if (v.requires_grad()) return true;
  return false;
}

// A formula's results as Vars (empty values stay undefined).
VarList taken(std::vector<EagerDerivative::T>&& xs) {
  VarList out;
  for (auto& x : xs) out.push_back(std::move(x).take());
  return out;
}

std::vector<Tensor> tensors(const VarList& xs) {
  std::vector<Tensor> ts;
  ts.reserve(xs.size());
  for (const Var& v : xs) ts.push_back(v.t);
  return ts;
}

}  // namespace

Var cat(const VarList& xs, int64_t dim) {
  Var r(torch::cat(tensors(xs), dim));
  if (!any_of(xs) || !is_floating(r.t.dtype)) return r;
  int d = wrap_dim(dim, r.t.dim());
  std::vector<Shape> shapes;
  for (const Var& v : xs) shapes.push_back(v.t.sizes);
  auto* n = make_node("CatBackward0", [=](const VarList& g, const VarList&, const Node& node) -> VarList {
    std::vector<bool> need;
    for (size_t i = 0; i < shapes.size(); ++i) need.push_back(node.needs_input_grad(i));
    EagerDerivative e;
    return taken(cat_derivative(e, EagerDerivative::T(g[0]), shapes, d, need));
  });
  connect(n, pointers(xs), std::vector<Var*>{&r});
  return r;
}

Var stack(const VarList& xs, int64_t dim) {
  Var r(torch::stack(tensors(xs), dim));
  if (!any_of(xs) || !is_floating(r.t.dtype)) return r;
  int d = wrap_dim(dim, r.t.dim());
  size_t count = xs.size();
  auto* n = make_node("StackBackward0", [=](const VarList& g, const VarList&, const Node& node) -> VarList {
    std::vector<bool> need;
    for (size_t i = 0; i < count; ++i) need.push_back(node.needs_input_grad(i));
    EagerDerivative e;
    return taken(stack_derivative(e, EagerDerivative::T(g[0]), d, need));
  });
  connect(n, pointers(xs), std::vector<Var*>{&r});
  return r;
}

Var index_select(const Var& x, int64_t dim, const Tensor& index) {
  Shape sizes = x.t.sizes;
  int d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  Var ix(index);
  return record_one("IndexSelectBackward0", x, Var(torch::index_select(x.t, dim, index)),
                    [=](const Var& g) { return eager(index_select_derivative<EagerDerivative>, g, sizes, d, ix); });
}

Var gather(const Var& x, int64_t dim, const Tensor& index) {
  Shape sizes = x.t.sizes;
  Var ix(index);
  return record_one("GatherBackward0", x, Var(torch::gather(x.t, dim, index)),
                    [=](const Var& g) { return eager(gather_derivative<EagerDerivative>, g, sizes, dim, ix); });
}

Var gather_backward(const Var& g, const Shape& sizes, int64_t dim, const Tensor& index) {
  Var z = zeros(sizes, g.t.dtype);
  if (index.numel() > 0)
    scatter_inplace(z.t, dim, index, &g.t, Scalar::from_int(0), ScatterReduce::Add, "scatter_add");
  return record_one("ScatterAddBackward0", g, z, [=](const Var& gg) { return gather(gg, dim, index); });
}

Var roll(const Var& x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  Shape sizes = x.t.sizes;
  return record_one("RollBackward0", x, Var(torch::roll(x.t, shifts, dims)),
                    [=](const Var& g) { return eager(roll_derivative<EagerDerivative>, g, shifts, dims, sizes); });
}

Var flip(const Var& x, const Shape& dims) {
  return record_one("FlipBackward0", x, Var(torch::flip(x.t, dims)),
                    [dims](const Var& g) { return eager(flip_derivative<EagerDerivative>, g, dims); });
}

Var tril(const Var& x, int64_t diagonal, bool upper) {
  return record_one(upper ? "TriuBackward0" : "TrilBackward0", x, Var(torch::tril(x.t, diagonal, upper)),
                    [=](const Var& g) { return eager(tril_derivative<EagerDerivative>, g, diagonal, upper); });
}

Var repeat(const Var& x, const Shape& repeats) {
  Shape sizes = x.t.sizes;
  return record_one("RepeatBackward0", x, Var(torch::repeat(x.t, repeats)),
                    [=](const Var& g) { return eager(repeat_derivative<EagerDerivative>, g, sizes, repeats); });
}

Var index(const Var& x, const std::vector<Tensor>& indices) {
  Shape sizes = x.t.sizes;
  DType dt = x.t.dtype;
  return record_one("IndexBackward0", x, Var(torch::index(x.t, indices)),
                    [=](const Var& g) { return index_backward(g, sizes, dt, indices); });
}

Var index_backward(const Var& g, const Shape& sizes, DType d, const std::vector<Tensor>& indices) {
  Var z = zeros(sizes, d);
  index_put(z.t, indices, to_dtype(g, d).t, true);
  return record_one("IndexPutBackward0", g, z, [=](const Var& gg) { return index(gg, indices); });
}

}  // namespace kiln::torch::autograd
