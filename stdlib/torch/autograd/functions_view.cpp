// stdlib/torch/autograd/functions_view.cpp — view ops and their gradients
// (see functions.h). A view's gradient undoes the view: transposes back,
// reshapes back, sums over expanded dims, or writes the gradient into zeros
// at the viewed place (select, slice, narrow).
//
// Recorded views remember their base (mark_view). An in-place op on a view
// changes the base too, so, as PyTorch's CopySlices does, the base's history
// moves to a node that takes the base's gradient, hands the viewed region to
// the op's own formula, and writes the result back into that region; the
// view's history is then re-derived from the new base (as_strided_view).

#include <numeric>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

namespace {

// The gradient of a view that reshapes: derivatives.h's reshape_view_derivative.
Var back_to(const Var& g, const Shape& sizes) { return eager(reshape_view_derivative<EagerDerivative>, g, sizes); }

// Records a one-input view node with formula f(grad) -> input grad.
template <class F> Var record_view(const char* name, const Var& x, Var r, F f) {
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node(name, [f](const VarList& g, const VarList&, const Node&) -> VarList { return {f(g[0])}; });
  connect(n, {&x}, {&r});
  mark_view(r, x);
  return r;
}

// Zeros of `sizes` with g written where `view_of` places it; differentiable
// (its gradient is the same view of the incoming gradient).
template <class F> Var embed(const Var& g, const Shape& sizes, F view_of) {
  Var z = zeros(sizes, g.t.dtype);
  copy_into(view_of(Var(z.t)).t, g.t);
  if (!any_requires_grad({&g})) return z;
  auto* n = make_node("EmbedBackward", [view_of](const VarList& gg, const VarList&, const Node&) -> VarList {
    return {view_of(gg[0])};
  });
  connect(n, {&g}, {&z});
  return z;
}

}  // namespace

void inplace_view(Var& self, const char* node_name, const std::function<Var(const Var&)>& view) {
  // (A view stays a view of its base, its new sizes and strides those of
  // view(self): a later in-place op on it reaches the base through them.)
  check_inplace(self, true);
  if (!any_requires_grad({&self})) {
    self.t = view(Var(self.t)).t;  // metadata only: no history to move
    return;
  }
  Var r = view(self);
  self.t = r.t;
  if (!r.grad_fn()) return;
  r.grad_fn()->rename(node_name);
  set_grad_fn(self.ensure_meta(), r.meta->grad_fn, r.meta->output_nr);
}

void mark_view(Var& out, const Var& input) {
  if (!out.meta) return;
  out.meta->is_view = true;
  const Var& root = input.meta && input.meta->is_view && input.meta->view_base ? *input.meta->view_base : input;
  out.meta->view_base = std::make_unique<Var>(root);
}

Var as_strided_view(const Var& base, const Shape& sizes, const Shape& strides, int64_t offset) {
  Shape base_sizes = base.t.sizes;
  Var r(make_view(base.t, sizes, strides, base.t.offset + offset));
  if (!any_requires_grad({&base}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node("AsStridedBackward0", [=](const VarList& g, const VarList&, const Node&) -> VarList {
    if (GradMode::is_enabled())
      fail(ErrorKind::NotImplemented, "Kiln's autograd cannot differentiate twice through an in-place operation on a view yet");
    Var z = zeros(base_sizes, g[0].t.dtype);
    copy_into(make_view(z.t, sizes, strides, offset), g[0].t);
    return {z};
  });
  connect(n, {&base}, {&r});
  mark_view(r, base);
  return r;
}

namespace {

// The base's node after an in-place op `fn` on one of its views (PyTorch's
// CopySlices): fn's formula runs on the viewed region of the base's gradient.
class CopySlices final : public Node {
 public:
  CopySlices(NodeRef fn, const Tensor& base, const Tensor& view)
      : fn_(std::move(fn)), base_sizes_(base.sizes), sizes_(view.sizes), strides_(view.strides),
        offset_(view.offset - base.offset) {}
  std::string op_name() const override { return "CopySlices"; }
  void release_saved() override { fn_->release_saved(); }
  VarList apply(VarList&& grads) override {
    if (GradMode::is_enabled())
      fail(ErrorKind::NotImplemented, "Kiln's autograd cannot differentiate twice through an in-place operation on a view yet");
    Tensor res = empty(base_sizes_, grads[0].t.dtype);
    copy_into(res, grads[0].t);
    Tensor region = make_view(res, sizes_, strides_, offset_);
    VarList sub = fn_->apply({Var(torch::cast(region, region.dtype))});
    if (!sub.empty() && sub[0].defined()) copy_into(region, sum_to(sub[0], sizes_).t);
    else fill(region, Scalar::from_int(0));
    VarList out{Var(res)};
    for (size_t i = 1; i < sub.size(); ++i) out.push_back(std::move(sub[i]));
    return out;
  }

 private:
  NodeRef fn_;
  Shape base_sizes_, sizes_, strides_;
  int64_t offset_;
};

}  // namespace

void rebase_view(Var& self, const NodeRef& fn) {
  Var& base = *self.meta->view_base;
  auto* c = new CopySlices(fn, base.t, self.t);
  c->next.push_back(gradient_edge(base));
  c->inputs.push_back({base.t.sizes, base.t.dtype});
  for (size_t i = 1; i < fn->next.size(); ++i) {
    c->next.push_back(fn->next[i]);
    c->inputs.push_back(fn->inputs[i]);
  }
  c->num_outputs = 1;
  set_grad_fn(*base.meta, NodeRef(c), 0);
  Var fresh = as_strided_view(base, self.t.sizes, self.t.strides, self.t.offset - base.t.offset);
  set_grad_fn(*self.meta, fresh.meta->grad_fn, 0);
}

Var embed_narrow(const Var& g, const Shape& sizes, int dim, int64_t start, int64_t length) {
  return embed(g, sizes, [=](const Var& v) { return narrow(v, dim, start, length); });
}

Var embed_select(const Var& g, const Shape& sizes, int dim, int64_t index) {
  return embed(g, sizes, [=](const Var& v) { return select(v, dim, index); });
}

Var select(const Var& x, int64_t dim, int64_t index) {
  Shape sizes = x.t.sizes;
  Var r(torch::select(x.t, dim, index));
  int d = wrap_dim(dim, x.t.dim());
  int64_t i = index < 0 ? index + x.t.sizes[d] : index;
  return record_view("SelectBackward0", x, r,
                     [=](const Var& g) { return eager(select_derivative<EagerDerivative>, g, sizes, d, i); });
}

Var slice(const Var& x, int dim, int64_t start, int64_t stop, int64_t step) {
  Shape sizes = x.t.sizes;
  return record_view("SliceBackward0", x, Var(torch::slice(x.t, dim, start, stop, step)), [=](const Var& g) {
    return embed(g, sizes, [=](const Var& v) { return slice(v, dim, start, stop, step); });
  });
}

Var narrow(const Var& x, int64_t dim, int64_t start, int64_t length) {
  Shape sizes = x.t.sizes;
  Var r(torch::narrow(x.t, dim, start, length));
  int d = wrap_dim(dim, x.t.dim());
  int64_t s = start < 0 ? start + x.t.sizes[d] : start;
  return record_view("SliceBackward0", x, r,
                     [=](const Var& g) { return eager(narrow_derivative<EagerDerivative>, g, sizes, d, s, length); });
}

Var unsqueeze(const Var& x, int64_t dim) {
  Var r(torch::unsqueeze(x.t, dim));
  int d = wrap_dim(dim, x.t.dim() + 1);
  return record_view("UnsqueezeBackward0", x, r, [d](const Var& g) { return eager(unsqueeze_derivative<EagerDerivative>, g, d); });
}

Var squeeze(const Var& x) {
  Shape sizes = x.t.sizes;
  return record_view("SqueezeBackward0", x, Var(torch::squeeze(x.t)), [sizes](const Var& g) { return back_to(g, sizes); });
}

Var squeeze(const Var& x, int64_t dim) {
  Shape sizes = x.t.sizes;
  return record_view("SqueezeBackward1", x, Var(torch::squeeze(x.t, dim)), [sizes](const Var& g) { return back_to(g, sizes); });
}

Var view(const Var& x, const Shape& shape) {
  Shape sizes = x.t.sizes;
  return record_view("ViewBackward0", x, Var(torch::view(x.t, shape)), [sizes](const Var& g) { return back_to(g, sizes); });
}

Var reshape(const Var& x, const Shape& shape) {
  Shape sizes = x.t.sizes;
  Var r(torch::reshape(x.t, shape));
  bool is_view = r.t.storage.get() == x.t.storage.get();
  auto back = [sizes](const Var& g) { return back_to(g, sizes); };
  if (is_view) return record_view("ReshapeAliasBackward0", x, r, back);  // PyTorch 1.13's _reshape_alias
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node("UnsafeViewBackward0", [back](const VarList& g, const VarList&, const Node&) -> VarList { return {back(g[0])}; });
  connect(n, {&x}, {&r});
  return r;
}

Var flatten(const Var& x, int64_t start_dim, int64_t end_dim) {
  Shape sizes = x.t.sizes;
  Var r(torch::flatten(x.t, start_dim, end_dim));
  if (r.t.storage.get() != x.t.storage.get()) return reshape(x, r.t.sizes);
  return record_view("ReshapeAliasBackward0", x, r, [sizes](const Var& g) { return back_to(g, sizes); });
}

Var unflatten(const Var& x, int64_t dim, const Shape& new_sizes) {
  Shape sizes = x.t.sizes;
  return record_view("ViewBackward0", x, Var(torch::unflatten(x.t, dim, new_sizes)), [sizes](const Var& g) { return back_to(g, sizes); });
}

Var transpose(const Var& x, int64_t dim0, int64_t dim1) {
  return record_view("TransposeBackward0", x, Var(torch::transpose(x.t, dim0, dim1)),
                     [dim0, dim1](const Var& g) { return eager(transpose_derivative<EagerDerivative>, g, dim0, dim1); });
}

Var t_2d(const Var& x) {
  return record_view("TBackward0", x, Var(torch::t_2d(x.t)), [](const Var& g) { return eager(t_derivative<EagerDerivative>, g); });
}

Var permute(const Var& x, const Shape& dims) {
  Var r(torch::permute(x.t, dims));
  return record_view("PermuteBackward0", x, r, [dims](const Var& g) { return eager(permute_derivative<EagerDerivative>, g, dims); });
}

Var reverse_dims(const Var& x) {
  return record_view("PermuteBackward0", x, Var(torch::reverse_dims(x.t)), [](const Var& g) { return reverse_dims(g); });
}

Var matrix_transpose(const Var& x) {
  return record_view("TransposeBackward0", x, Var(torch::matrix_transpose(x.t)),
                     [](const Var& g) { return eager(mT_derivative<EagerDerivative>, g); });
}

Var expand(const Var& x, const Shape& sizes) {
  Shape in = x.t.sizes;
  Var r(torch::expand(x.t, sizes));
  return record_view("ExpandBackward0", x, r, [in](const Var& g) { return eager(expand_derivative<EagerDerivative>, g, in); });
}

Var expand_to(const Var& x, const Shape& sizes) {
  if (x.t.sizes == sizes) return x;
  Shape in = x.t.sizes;
  return record_view("ExpandBackward0", x, Var(torch::expand_to(x.t, sizes)),
                     [in](const Var& g) { return eager(expand_derivative<EagerDerivative>, g, in); });
}

namespace {

// Pieces of x along dim (split, chunk, unbind): one node with an output per
// piece; its gradient joins the pieces' gradients (cat, or stack for unbind),
// zeros where none came.
VarList record_pieces(const char* name, const Var& x, std::vector<Tensor> parts, int64_t dim, bool stacked) {
  VarList out;
  out.reserve(parts.size());
  for (Tensor& p : parts) out.emplace_back(std::move(p));
  if (!any_requires_grad({&x}) || !is_floating(x.t.dtype)) return out;
  int d = wrap_dim(dim, x.t.dim());
  std::vector<Shape> shapes;
  for (const Var& v : out) shapes.push_back(v.t.sizes);
  DType dt = x.t.dtype;
  auto* n = make_node(name, [=](const VarList& g, const VarList&, const Node&) -> VarList {
    std::vector<EagerDerivative::T> grads;
    for (const Var& v : g) grads.emplace_back(v);
    return {eager(pieces_derivative<EagerDerivative>, grads, shapes, dt, d, stacked)};
  });
  std::vector<Var*> outs;
  for (Var& v : out) outs.push_back(&v);
  connect(n, std::vector<const Var*>{&x}, outs);
  for (Var& v : out) mark_view(v, x);
  return out;
}

}  // namespace

VarList split(const Var& x, int64_t split_size, int64_t dim) {
  return record_pieces("SplitBackward0", x, torch::split(x.t, split_size, dim), dim, false);
}
VarList split_with_sizes(const Var& x, const std::vector<int64_t>& sizes, int64_t dim) {
  return record_pieces("SplitWithSizesBackward0", x, torch::split_with_sizes(x.t, sizes, dim), dim, false);
}
VarList chunk(const Var& x, int64_t chunks, int64_t dim) {
  return record_pieces("SplitBackward0", x, torch::chunk(x.t, chunks, dim), dim, false);
}
VarList unbind(const Var& x, int64_t dim) {
  return record_pieces("UnbindBackward0", x, torch::unbind(x.t, dim), dim, true);
}

}  // namespace kiln::torch::autograd
