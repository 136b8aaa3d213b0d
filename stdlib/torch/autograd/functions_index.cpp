// stdlib/torch/autograd/functions_index.cpp — t[key] = value with autograd
// (see functions.h), and the checks shared by in-place ops recorded with
// rebase_history.
//
// The key arrives as the binding walked it: a path of basic steps (select,
// slice, unsqueeze) to a view of self, and optionally advanced indices into
// that view. The assignment writes self in place; its node needs no saved
// tensors: self's old value gets g with the assigned region zeroed (a mask
// made at forward time), value gets the region of g — the same path and
// indices applied to g, differentiable — summed to value's shape.

#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

bool begin_inplace(const Var& self, std::initializer_list<const Var*> others) {
  check_inplace(self);
  if (!any_requires_grad(others) && !any_requires_grad({&self})) return false;
  if (!is_floating(self.t.dtype)) return false;
  if (!self.requires_grad() && self.t.storage->refcount > 1)
    fail(ErrorKind::NotImplemented,
         "Kiln's autograd does not support an in-place operation that makes a tensor sharing its memory with other "
         "tensors (a view or a base of views) require grad yet; apply the operation out of place");
  return true;
}

Var apply_path(const Var& x, const IndexPath& path) {
  Var r = x;
  for (const IndexStep& s : path) {
    switch (s.kind) {
      case IndexStep::Select: r = select(r, s.dim, s.start); break;
      case IndexStep::Slice: r = slice(r, s.dim, s.start, s.stop, s.step); break;
      case IndexStep::Unsqueeze: r = unsqueeze(r, s.dim); break;
    }
  }
  return r;
}

Var alias(const Var& x) {
  Var r(x.t);
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  auto* n = make_node("AliasBackward0", [](const VarList& g, const VarList&, const Node&) -> VarList { return {g[0]}; });
  connect(n, {&x}, {&r});
  mark_view(r, x);
  return r;
}

namespace {

// The view of t at path (no history).
Tensor region_of(const Tensor& t, const IndexPath& path) { return apply_path(Var(t), path).t; }

// True where t[path][adv] lies, of shape `sizes`.
Tensor region_mask(const Shape& sizes, const IndexPath& path, const std::vector<Tensor>& adv) {
  Tensor m = empty(sizes, DType::Bool);
  fill(m, Scalar::from_bool(false));
  Tensor view = region_of(m, path);
  if (adv.empty()) fill(view, Scalar::from_bool(true));
  else torch::index_put(view, adv, scalar_tensor(Scalar::from_bool(true), DType::Bool));
  return m;
}

// PyTorch's node of the op t[key] = value runs: an in-place op on a view of
// t (CopySlices), index_put_, or copy_/fill_ on t itself (t[...] = value).
const char* index_put_name(const IndexPath& path, const std::vector<Tensor>& adv, const Var* value) {
  if (!path.empty()) return "CopySlices";
  if (!adv.empty()) return "IndexPutBackward0";
  return value ? "CopyBackwards" : "FillBackward3";
}

Node* index_put_node(const Shape& self_sizes, const IndexPath& path, const std::vector<Tensor>& adv, const Var* value) {
  Tensor mask = region_mask(self_sizes, path, adv);
  Shape vsizes = value ? value->t.sizes : Shape{};
  return make_node(index_put_name(path, adv, value),
                   [=](const VarList& g, const VarList&, const Node& node) -> VarList {
                     Var gs, gv;
                     if (node.needs_input_grad(0)) gs = where(mask, Scalar::from_int(0), g[0]);
                     if (node.needs_input_grad(1)) {
                       Var r = apply_path(g[0], path);
                       gv = sum_to(adv.empty() ? r : index(r, adv), vsizes);
                     }
                     return {gs, gv};
                   });
}

}  // namespace

void index_put_(Var& self, const IndexPath& path, const std::vector<Tensor>& adv, const VOperand& value) {
  if (!path.empty() && GradMode::is_enabled() && self.is_leaf() && self.requires_grad())
    runtime_error("a view of a leaf Variable that requires grad is being used in an in-place operation.");
  bool record = begin_inplace(self, {value.var});
  {
    Tensor view = region_of(self.t, path);
    if (!adv.empty()) torch::index_put(view, adv, value.var ? value.var->t : scalar_tensor(value.scalar, self.t.dtype));
    else if (value.var) copy_into(view, torch::expand(value.var->t, view.sizes));
    else fill(view, value.scalar);
  }
  if (record) rebase_history(self, index_put_node(self.t.sizes, path, adv, value.var), {&self, value.var});
}

}  // namespace kiln::torch::autograd
