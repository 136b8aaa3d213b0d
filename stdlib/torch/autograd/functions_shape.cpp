// stdlib/torch/autograd/functions_shape.cpp — shape ops and indexing with
// their gradients (see functions.h). Ops that pick elements (gather,
// index_select, advanced indexing) have gradients that add into zeros at the
// picked places, repeated picks adding up; those scatters are differentiable
// in turn (their gradient picks again), so double backward works.

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
    VarList out;
    int64_t at = 0;
    for (size_t i = 0; i < shapes.size(); ++i) {
      // PyTorch's cat skips legacy empty 1-D inputs of shape [0].
      bool skipped = shapes[i].size() == 1 && shapes[i][0] == 0;
      int64_t len = skipped ? 0 : shapes[i][d];
      if (!node.needs_input_grad(i)) out.emplace_back();
      else out.push_back(skipped ? zeros(shapes[i], g[0].t.dtype) : narrow(g[0], d, at, len));
      at += len;
    }
    return out;
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
    VarList out;
    for (size_t i = 0; i < count; ++i) out.push_back(node.needs_input_grad(i) ? select(g[0], d, int64_t(i)) : Var());
    return out;
  });
  connect(n, pointers(xs), std::vector<Var*>{&r});
  return r;
}

Var index_select(const Var& x, int64_t dim, const Tensor& index) {
  Shape sizes = x.t.sizes;
  DType dt = x.t.dtype;
  int d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  Tensor ix = index.dim() == 0 ? torch::unsqueeze(index, 0) : index;
  return record_one("IndexSelectBackward0", x, Var(torch::index_select(x.t, dim, index)), [=](const Var& g) {
    if (sizes.size() == 0) return sum_to(g, sizes);
    std::vector<Tensor> idx(size_t(sizes.size()));
    idx[size_t(d)] = ix;
    return index_backward(g, sizes, dt, idx);
  });
}

Var gather(const Var& x, int64_t dim, const Tensor& index) {
  Shape sizes = x.t.sizes;
  return record_one("GatherBackward0", x, Var(torch::gather(x.t, dim, index)),
                    [=](const Var& g) { return gather_backward(g, sizes, dim, index); });
}

Var gather_backward(const Var& g, const Shape& sizes, int64_t dim, const Tensor& index) {
  Var z = zeros(sizes, g.t.dtype);
  if (index.numel() > 0)
    scatter_inplace(z.t, dim, index, &g.t, Scalar::from_int(0), ScatterReduce::Add, "scatter_add");
  return record_one("ScatterAddBackward0", g, z, [=](const Var& gg) { return gather(gg, dim, index); });
}

Var roll(const Var& x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  std::vector<int64_t> back;
  for (int64_t s : shifts) back.push_back(-s);
  Shape sizes = x.t.sizes;
  return record_one("RollBackward0", x, Var(torch::roll(x.t, shifts, dims)), [=](const Var& g) {
    if (dims.empty()) return reshape(roll(reshape(g, Shape{g.t.numel()}), back, {0}), sizes);
    return roll(g, back, dims);
  });
}

Var flip(const Var& x, const Shape& dims) {
  return record_one("FlipBackward0", x, Var(torch::flip(x.t, dims)), [dims](const Var& g) { return flip(g, dims); });
}

Var tril(const Var& x, int64_t diagonal, bool upper) {
  return record_one(upper ? "TriuBackward0" : "TrilBackward0", x, Var(torch::tril(x.t, diagonal, upper)),
                    [=](const Var& g) { return tril(g, diagonal, upper); });
}

Var repeat(const Var& x, const Shape& repeats) {
  Shape sizes = x.t.sizes;
  return record_one("RepeatBackward0", x, Var(torch::repeat(x.t, repeats)), [=](const Var& g) {
    // Split each repeated dim i into (repeats[i], size) and sum the copies.
    if (g.t.numel() == 0) return zeros(sizes, g.t.dtype);  // (a repeat of 0 copies, or of an empty tensor)
    int k = repeats.size();
    int lead = k - sizes.size();
    Var r = g;
    for (int i = k - 1; i >= 0; --i) {
      int64_t rep = repeats[i];
      int64_t s = i < lead ? 1 : sizes[i - lead];
      if (rep == 1) continue;
      Shape split = r.t.sizes;
      split[i] = s;
      split.insert(i, rep);
      r = sum(reshape(r, split), Shape{i}, false, std::nullopt);
    }
    return reshape(r, sizes);
  });
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
