// stdlib/torch/autograd/functions_elementwise.cpp — pointwise ops and their
// gradients (see functions.h), and the in-place forms.
//
// In-place ops with autograd: the op is recorded out of place on a copy of
// self's old value (so a formula that needs the old value still has it, as
// PyTorch saves `original_self`), the kernel then writes self in place, and
// self's history moves to the new node.

#include <cmath>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/shape_ops.h"

namespace kiln::torch::autograd {

namespace {

using U = UnaryOp;
using B = BinaryOp;

Scalar num(double v) { return Scalar::from_double(v); }

// A unary node: f(grad, x, result) with x and/or the result saved.
template <class F> void record_unary(const char* name, const Var& x, Var& r, bool save_x, bool save_r, F f) {
  auto* n = make_node(name, [f](const VarList& g, const VarList& s, const Node&) -> VarList { return {f(g[0], s[0], s[1])}; });
  n->saved.resize(2);
  if (save_x) n->saved[0] = SavedVar(x, false);
  connect(n, {&x}, {&r});
  if (save_r) n->saved[1] = SavedVar(r, true);
}


}  // namespace

// ---------------------------------------------------------------- shorthands
Var mul(const Var& a, const Var& b) { return binary(B::mul, a, b); }
Var mul(const Var& a, double s) { return binary(B::mul, a, num(s)); }
Var div(const Var& a, const Var& b) { return binary(B::div, a, b); }
Var neg(const Var& a) { return unary(U::neg, a); }
Var zeros(const Shape& sizes, DType d) {
  Tensor z = empty(sizes, d);
  fill(z, Scalar::from_int(0));
  return Var(z);
}
Var zeros_like(const Var& x) { return zeros(x.t.sizes, x.t.dtype); }
Var full_like(const Var& x, double v) {
  Tensor z = empty(x.t.sizes, x.t.dtype);
  fill(z, num(v));
  return Var(z);
}

// ---------------------------------------------------------------- unary
// The formulas are derivatives_unary.def's (derivatives.h), run on Vars.
Var unary(UnaryOp op, const Var& x) {
  Var r(torch::unary(op, x.t));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  UnaryDerivative info = unary_derivative_info(op);
  if (!info.node) return r;  // bool/int results: not differentiable
  record_unary(info.node, x, r, info.save_x, info.save_r,
               [op](const Var& g, const Var& x, const Var& r) { return eager(unary_derivative<EagerDerivative>, op, g, x, r); });
  return r;
}

// ---------------------------------------------------------------- binary
namespace {

// A binary node saving the tensor operands (scalars travel in the lambda).
template <class F>
void record_binary(const char* name, const VOperand& a, const VOperand& b, Var& r, bool save_a, bool save_b, bool save_r, F f) {
  Scalar sa = a.scalar, sb = b.scalar;
  bool a_scalar = a.is_scalar(), b_scalar = b.is_scalar();
  auto* n = make_node(name, [=](const VarList& g, const VarList& s, const Node& node) -> VarList {
    VOperand A = a_scalar ? VOperand(sa) : VOperand(s[0]);
    VOperand Bo = b_scalar ? VOperand(sb) : VOperand(s[1]);
    return f(g[0], A, Bo, s[2], node.needs_input_grad(0), node.needs_input_grad(1));
  });
  n->saved.resize(3);
  if (save_a && a.var) n->saved[0] = SavedVar(*a.var, false);
  if (save_b && b.var) n->saved[1] = SavedVar(*b.var, false);
  connect(n, {a.var, b.var}, {&r});
  if (save_r) n->saved[2] = SavedVar(r, true);
}

// Whether an operand requires grad (a formula saves what the other needs only).
bool rg(const VOperand& o) { return o.var && o.var->requires_grad(); }

}  // namespace

// The formulas are derivatives_binary.def's (derivatives.h), run on Vars.
Var binary(BinaryOp op, const VOperand& a, const VOperand& b) {
  Var r(torch::binary(op, a.op(), b.op()));
  if (!any_requires_grad({a.var, b.var}) || !is_floating(r.t.dtype)) return r;
  BinaryDerivative info = binary_derivative_info(op, a.is_scalar(), b.is_scalar(), rg(a), rg(b));
  if (!info.node) return r;  // comparisons, logical and bitwise ops: not differentiable
  record_binary(info.node, a, b, r, info.save_a, info.save_b, info.save_r,
                [op](const Var& g, const VOperand& A, const VOperand& Bo, const Var& r, bool na, bool nb) -> VarList {
                  EagerDerivative d;
                  auto ta = EagerDerivative::T::of(A), tb = EagerDerivative::T::of(Bo);
                  auto grads = binary_derivative(d, op, na, nb, g, ta, tb, r);
                  return {na ? std::move(grads.a).take() : Var(), nb ? std::move(grads.b).take() : Var()};
                });
  return r;
}

Var add(const VOperand& a, const VOperand& b, Scalar alpha, bool subtract) {
  Var r(torch::add(a.op(), b.op(), alpha, subtract));
  if (!any_requires_grad({a.var, b.var}) || !is_floating(r.t.dtype)) return r;
  double f = alpha.to_double() * (subtract ? -1 : 1);
  record_binary(subtract ? "SubBackward0" : "AddBackward0", a, b, r, false, false, false,
                [f](const Var& g, const VOperand&, const VOperand&, const Var&, bool, bool nb) -> VarList {
                  EagerDerivative d;
                  auto gr = add_derivative(d, true, nb, EagerDerivative::T(g), f);
                  return {std::move(gr.a).take(), std::move(gr.b).take()};
                });
  return r;
}

Var where(const Tensor& cond, const VOperand& a, const VOperand& b) {
  Var r(torch::where(cond, a.op(), b.op()));
  if (!any_requires_grad({a.var, b.var}) || !is_floating(r.t.dtype)) return r;
  Var c(cond);
  record_binary("WhereBackward0", a, b, r, false, false, false,
                [c](const Var& g, const VOperand&, const VOperand&, const Var&, bool na, bool nb) -> VarList {
                  EagerDerivative d;
                  auto gr = where_derivative(d, na, nb, EagerDerivative::T(g), EagerDerivative::T(c));
                  return {std::move(gr.a).take(), std::move(gr.b).take()};
                });
  return r;
}

Var clamp(const Var& x, const std::optional<VOperand>& lo, const std::optional<VOperand>& hi) {
  std::optional<Operand> l, h;
  if (lo) l = lo->op();
  if (hi) h = hi->op();
  Var r(torch::clamp(x.t, l, h));
  const Var* lv = lo ? lo->var : nullptr;
  const Var* hv = hi ? hi->var : nullptr;
  if (!any_requires_grad({&x, lv, hv}) || !is_floating(r.t.dtype)) return r;
  // clamp's gradient depends only on masks of where x was inside the
  // bounds, below and above (derivatives.h's clamp_masks), computed now.
  EagerDerivative d;
  using T = EagerDerivative::T;
  Var xd(x.t);
  T lo_t = !lo ? T() : lo->is_scalar() ? T::of(*lo) : T(Var(lo->var->t));
  T hi_t = !hi ? T() : hi->is_scalar() ? T::of(*hi) : T(Var(hi->var->t));
  ClampMasks<EagerDerivative> masks = clamp_masks(d, T(xd), lo_t, hi_t, lv != nullptr, hv != nullptr);
  Var inside = std::move(masks.inside).take(), below = std::move(masks.below).take(), above = std::move(masks.above).take();
  auto* n = make_node(lv || hv ? "ClampBackward0" : "ClampBackward1",
                      [inside, below, above](const VarList& g, const VarList&, const Node& node) -> VarList {
                        EagerDerivative d;
                        ClampMasks<EagerDerivative> m{T(inside), T(below), T(above)};
                        auto gr = clamp_derivative(d, node.needs_input_grad(0), node.needs_input_grad(1), node.needs_input_grad(2),
                                                   T(g[0]), m);
                        return {std::move(gr.x).take(), std::move(gr.lo).take(), std::move(gr.hi).take()};
                      });
  connect(n, {&x, lv, hv}, {&r});
  return r;
}

Var nan_to_num(const Var& x, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  Var r(torch::nan_to_num(x.t, nan, posinf, neginf));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  Var finite(torch::unary(U::isfinite, x.t));
  auto* n = make_node("NanToNumBackward0", [finite](const VarList& g, const VarList&, const Node&) -> VarList {
    return {eager(nan_to_num_derivative<EagerDerivative>, g[0], finite)};
  });
  connect(n, {&x}, {&r});
  return r;
}

Var masked_fill(const Var& x, const Tensor& mask, const VOperand& value) {
  Tensor r0;
  if (value.is_scalar()) {
    r0 = torch::masked_fill(x.t, mask, value.scalar);
  } else {
    if (value.var->t.dim() != 0)
      runtime_error("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                    value.var->t.dim());
    r0 = torch::masked_fill(x.t, mask, Scalar::from_double(element_as_double(value.var->t, 0)));
    if (!is_floating(x.t.dtype)) r0 = torch::masked_fill(x.t, mask, Scalar::from_int(int64_t(element_as_double(value.var->t, 0))));
  }
  Var r(r0);
  if (!any_requires_grad({&x, value.var}) || !is_floating(r.t.dtype)) return r;
  Var m(mask);
  auto* n = make_node("MaskedFillBackward0", [m](const VarList& g, const VarList&, const Node& node) -> VarList {
    EagerDerivative d;
    auto gr = masked_fill_derivative(d, node.needs_input_grad(0), node.needs_input_grad(1), EagerDerivative::T(g[0]),
                                     EagerDerivative::T(m));
    return {std::move(gr.a).take(), std::move(gr.b).take()};
  });
  connect(n, {&x, value.var}, {&r});
  return r;
}

// ---------------------------------------------------------------- conversions
namespace {
Var pass_through(const char* name, const Var& x, Var r) {
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node(name, [](const VarList& g, const VarList&, const Node&) -> VarList { return {g[0]}; });
  connect(n, {&x}, {&r});
  return r;
}
}  // namespace

Var to_dtype(const Var& x, DType d) {
  if (x.t.dtype == d) return x;
  return pass_through("ToCopyBackward0", x, Var(torch::cast(x.t, d)));
}
Var cast(const Var& x, DType d) { return pass_through("ToCopyBackward0", x, Var(torch::cast(x.t, d))); }
Var clone(const Var& x) {
  Tensor out = empty_like_layout(x.t);  // keeps x's layout, as PyTorch's preserve_format
  copy_into(out, x.t);
  return pass_through("CloneBackward0", x, Var(out));
}
Var contiguous(const Var& x) {
  if (x.t.is_contiguous()) return x;
  return pass_through("CloneBackward0", x, Var(torch::contiguous(x.t)));
}
Var detach(const Var& x) { return Var(x.t); }

// ---------------------------------------------------------------- in place
namespace {

// Runs `kernel` on self in place; when autograd must record, `out_of_place`
// (given self's old value, as a copy with self's history) builds the node
// and self's history moves to it.
template <class K, class O> void inplace(Var& self, std::initializer_list<const Var*> others, K kernel, O out_of_place) {
  check_inplace(self, true);
  bool others_need = false;
  for (const Var* o : others) others_need |= o && o->requires_grad();
  if (!GradMode::is_enabled() || (!self.requires_grad() && !others_need)) {
    kernel();
    return;
  }
  if (self.meta && self.meta->is_view && self.meta->view_base && self.meta->view_base->meta) {
    // An in-place op on a view: record it on a stand-in leaf holding the old
    // values, then route the base's gradient through it (CopySlices).
    if (!self.meta->view_base->t.is_contiguous())
      fail(ErrorKind::NotImplemented,
           "Kiln's autograd supports in-place operations on views of contiguous tensors only; apply the operation "
           "out of place");
    Var stand_in(torch::cast(self.t, self.t.dtype));
    stand_in.ensure_meta().requires_grad = true;
    Var r = out_of_place(stand_in);
    kernel();
    if (r.meta && r.meta->grad_fn) rebase_view(self, r.meta->grad_fn);
    return;
  }
  if (!self.requires_grad() && self.t.storage->refcount > 1)
    fail(ErrorKind::NotImplemented,
         "Kiln's autograd does not support an in-place operation that makes a tensor sharing its memory with other "
         "tensors (a view or a base of views) require grad yet; apply the operation out of place");
  // The old value with self's history as it is now, under an identity of
  // its own: a formula that saves it (log_ saves its input) must
  // differentiate through the history self had, not through the node self
  // is about to get (double backward).
  Var old(torch::cast(self.t, self.t.dtype));
  if (self.grad_fn()) {
    AutogradMeta& m = old.ensure_meta();
    m.grad_fn = self.meta->grad_fn;
    m.output_nr = self.meta->output_nr;
  }
  Var r = out_of_place(old);
  kernel();
  if (!r.meta || !r.meta->grad_fn) return;
  set_grad_fn(self.ensure_meta(), r.meta->grad_fn, r.meta->output_nr);
}

}  // namespace

void unary_(UnaryOp op, Var& self) {
  inplace(self, {}, [&] { torch::unary_inplace(op, self.t); }, [&](const Var& old) { return unary(op, old); });
}

namespace {

// A comparison's node when it writes its 0/1 result into a floating tensor
// in place (x.eq_(y)): the result is flat in both operands, so their
// gradients are zeros (PyTorch's EqBackward0 for a number operand,
// EqBackward1 for a tensor).
const char* comparison_node_name(BinaryOp op, bool tensor_other) {
  switch (op) {
    case B::eq: return tensor_other ? "EqBackward1" : "EqBackward0";
    case B::ne: return tensor_other ? "NeBackward1" : "NeBackward0";
    case B::lt: return tensor_other ? "LtBackward1" : "LtBackward0";
    case B::le: return tensor_other ? "LeBackward1" : "LeBackward0";
    case B::gt: return tensor_other ? "GtBackward1" : "GtBackward0";
    case B::ge: return tensor_other ? "GeBackward1" : "GeBackward0";
    default: return nullptr;
  }
}

}  // namespace

void binary_(BinaryOp op, Var& self, const VOperand& other) {
  const char* comparison = is_floating(self.t.dtype) ? comparison_node_name(op, !other.is_scalar()) : nullptr;
  inplace(self, {other.var}, [&] { torch::binary_inplace(op, self.t, other.op()); },
          [&](const Var& old) {
            if (!comparison) return binary(op, old, other);
            Var r(empty(self.t.sizes, self.t.dtype));
            auto* n = make_node(comparison, [](const VarList& g, const VarList&, const Node& node) -> VarList {
              return {node.needs_input_grad(0) ? zeros_like(g[0]) : Var(), node.needs_input_grad(1) ? zeros_like(g[0]) : Var()};
            });
            connect(n, {&old, other.var}, {&r});
            return r;
          });
}

void add_(Var& self, const VOperand& other, Scalar alpha, bool subtract) {
  inplace(self, {other.var}, [&] { torch::add_inplace(self.t, other.op(), alpha, subtract); },
          [&](const Var& old) { return add(old, other, alpha, subtract); });
}

void clamp_(Var& self, const std::optional<VOperand>& lo, const std::optional<VOperand>& hi) {
  std::optional<Operand> l, h;
  if (lo) l = lo->op();
  if (hi) h = hi->op();
  inplace(self, {lo ? lo->var : nullptr, hi ? hi->var : nullptr}, [&] { torch::clamp_inplace(self.t, l, h); },
          [&](const Var& old) { return clamp(old, lo, hi); });
}

void nan_to_num_(Var& self, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  inplace(self, {}, [&] { copy_into(self.t, torch::nan_to_num(self.t, nan, posinf, neginf)); },
          [&](const Var& old) { return nan_to_num(old, nan, posinf, neginf); });
}

void copy_(Var& self, const Var& src) {
  inplace(self, {&src}, [&] { torch::copy_into(self.t, src.t); },
          [&](const Var& old) {
            Var r(empty(self.t.sizes, self.t.dtype));
            auto* n = make_node("CopyBackwards", [](const VarList& g, const VarList&, const Node& node) -> VarList {
              return {node.needs_input_grad(0) ? zeros_like(g[0]) : Var(), node.needs_input_grad(1) ? g[0] : Var()};
            });
            connect(n, {&old, &src}, {&r});
            return r;
          });
}

void assign_(Var& self, std::initializer_list<const Var*> others, const std::function<Var(const Var&)>& f) {
  Var r;
  inplace(self, others,
          [&] {
            if (!r.defined()) r = f(Var(self.t));  // (nothing to record: f on the values)
            copy_into(self.t, r.t);
          },
          [&](const Var& old) { return r = f(old); });
}

void fill_(Var& self, const VOperand& value) {
  if (!value.is_scalar() && value.var->t.dim() != 0)  // (before its element is read: it may have none)
    runtime_error("fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.", value.var->t.dim());
  Scalar s = value.is_scalar() ? value.scalar : Scalar::from_double(element_as_double(value.var->t, 0));
  if (!value.is_scalar() && !is_floating(value.var->t.dtype)) s = Scalar::from_int(int64_t(s.to_double()));
  inplace(self, {value.var}, [&] { torch::fill(self.t, s); },
          [&](const Var& old) {
            Var r(empty(self.t.sizes, self.t.dtype));
            auto* n = make_node("FillBackward1", [](const VarList& g, const VarList&, const Node& node) -> VarList {
              return {node.needs_input_grad(0) ? zeros_like(g[0]) : Var(),
                      node.needs_input_grad(1) ? sum(g[0], std::nullopt, false, std::nullopt) : Var()};
            });
            connect(n, {&old, value.var}, {&r});
            return r;
          });
}

void masked_fill_(Var& self, const Tensor& mask, const VOperand& value) {
  if (!value.is_scalar() && value.var->t.dim() != 0)  // (before its element is read: it may have none)
    runtime_error("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                  value.var->t.dim());
  Scalar s = value.is_scalar() ? value.scalar : Scalar::from_double(element_as_double(value.var->t, 0));
  if (!value.is_scalar() && !is_floating(value.var->t.dtype)) s = Scalar::from_int(int64_t(s.to_double()));
  inplace(self, {value.var}, [&] { torch::masked_fill_inplace(self.t, mask, s); },
          [&](const Var& old) { return masked_fill(old, mask, value); });
}

}  // namespace kiln::torch::autograd
