// stdlib/torch/autograd/variable.h — a tensor as autograd sees it.
//
// Reverse-mode autograd (PyTorch's eager, tape-based design) needs an
// identity per tensor that the data (torch::Tensor, a plain value type) does
// not have: whether it requires grad, the node that produced it (grad_fn),
// its accumulated .grad, its hooks. That identity is an AutogradMeta,
// reference counted and shared by every copy of one Var. A Var is a Tensor
// plus its (optional) meta: tensors that never took part in autograd have
// none, so the eager path pays one null check.
//
// torch.Tensor objects (tensor_object.h) are Vars; so are the tensors the
// backward formulas (functions.h) compute with, which is what makes double
// backward work: with create_graph=True the formulas record a graph of their
// own. Nothing here knows the VM; Python callables (hooks, custom Functions)
// enter through the Hook and Node interfaces.
//
// Version counters live in the Storage (Storage::version), shared by a
// tensor and all its views as in PyTorch; every in-place kernel bumps it and
// a SavedVar (node.h) compares it when a backward formula unpacks it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "stdlib/torch/tensor.h"

namespace kiln::torch::autograd {

struct Var;
class Node;

// An intrusive, non-atomic reference (autograd runs on the VM's thread).
template <class T> class Ref {
 public:
  Ref() = default;
  Ref(std::nullptr_t) {}
  explicit Ref(T* p) : p_(p) {}  // adopts a reference (new objects start at 1)
  static Ref borrow(T* p) {
    if (p) ++p->refcount;
    return Ref(p);
  }
  Ref(const Ref& o) : p_(o.p_) {
    if (p_) ++p_->refcount;
  }
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() {
    if (p_ && --p_->refcount == 0) delete p_;
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  bool operator==(const Ref& o) const { return p_ == o.p_; }

 private:
  T* p_ = nullptr;
};

using NodeRef = Ref<Node>;

// A tensor hook: called with the gradient flowing into a tensor; returns a
// replacement or nothing. Implementations may throw (PythonError).
struct Hook {
  int refcount = 1;
  int id = 0;  // for handle.remove()
  virtual ~Hook() = default;
  virtual std::optional<Var> call(const Var& grad) = 0;
};
using HookRef = Ref<Hook>;

struct AutogradMeta {
  int refcount = 1;
  bool requires_grad = false;  // meaningful for leaves; non-leaves have grad_fn
  bool retains_grad = false;
  bool is_view = false;        // output of a recorded view op
  std::unique_ptr<Var> view_base;  // for views: the tensor they view (the root of a chain of views)
  uint32_t output_nr = 0;      // which output of grad_fn this tensor is
  NodeRef grad_fn;             // null for leaves
  std::unique_ptr<Var> grad;   // .grad (leaves, and non-leaves that retain_grad)
  Node* grad_accumulator = nullptr;  // weak: the leaf's AccumulateGrad while it lives
  std::vector<HookRef> hooks;  // hooks of a leaf (a non-leaf's live on its grad_fn)
  void* pyobj = nullptr;       // weak: the torch.Tensor object with this identity
  ~AutogradMeta();
};
using MetaRef = Ref<AutogradMeta>;

struct Var {
  Tensor t;
  MetaRef meta;

  Var() = default;
  Var(Tensor tensor) : t(std::move(tensor)) {}
  Var(Tensor tensor, MetaRef m) : t(std::move(tensor)), meta(std::move(m)) {}

  bool defined() const { return t.defined(); }
  bool requires_grad() const { return meta && (meta->requires_grad || meta->grad_fn); }
  bool is_leaf() const { return !meta || !meta->grad_fn; }
  Node* grad_fn() const { return meta ? meta->grad_fn.get() : nullptr; }
  // The meta, created if missing (for setting requires_grad, hooks, .grad).
  AutogradMeta& ensure_meta() {
    if (!meta) meta = MetaRef(new AutogradMeta());
    return *meta;
  }
};
using VarList = std::vector<Var>;

// ---------------------------------------------------------------- grad mode
// torch.is_grad_enabled(); per thread, as in PyTorch.
struct GradMode {
  static bool is_enabled() { return enabled_; }
  static void set_enabled(bool on) { enabled_ = on; }

 private:
  // inline with a constant initialiser: no TLS wrapper function (GCC's
  // wrapper for an extern thread_local trips UBSan's null check).
  static inline thread_local bool enabled_ = true;
};

// Sets grad mode for a scope (the engine runs formulas with it off unless
// create_graph).
class GradModeGuard {
 public:
  explicit GradModeGuard(bool on) : prev_(GradMode::is_enabled()) { GradMode::set_enabled(on); }
  ~GradModeGuard() { GradMode::set_enabled(prev_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool prev_;
};

// True when an op on these inputs must be recorded.
inline bool any_requires_grad(std::initializer_list<const Var*> vs) {
  if (!GradMode::is_enabled()) return false;
  for (const Var* v : vs)
    if (v && v->requires_grad()) return true;
  return false;
}

// Thrown by hooks and custom Functions when a Python exception is pending in
// the VM; the binding layer returns Empty so the exception propagates.
struct PythonError {};

}  // namespace kiln::torch::autograd
