// stdlib/torch/autograd/node.cpp — nodes, saved tensors, leaf accumulation
// and the wiring of new nodes (see node.h).

#include "stdlib/torch/autograd/node.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

namespace {
thread_local uint64_t next_seq = 0;

// A hook that keeps a non-leaf's gradient in its .grad (retain_grad).
// Holds its tensor's meta weakly: the meta removes the hook when it dies.
struct RetainGradHook final : Hook {
  AutogradMeta* meta;
  explicit RetainGradHook(AutogradMeta* m) : meta(m) {}
  std::optional<Var> call(const Var& grad) override {
    if (!meta) return std::nullopt;
    if (!meta->grad) meta->grad = std::make_unique<Var>(GradMode::is_enabled() ? grad : Var(torch::cast(grad.t, grad.t.dtype)));
    else *meta->grad = add(*meta->grad, grad, Scalar::from_int(1), false);
    return std::nullopt;
  }
};
}  // namespace

Node::Node() : seq(next_seq++) {}

void Node::rename(std::string_view name) {
  static std::mutex lock;
  static std::set<std::string, std::less<>> names;
  std::lock_guard<std::mutex> g(lock);
  auto it = names.find(name);
  if (it == names.end()) it = names.emplace(name).first;
  renamed_ = &*it;
}

AutogradMeta::~AutogradMeta() {
  if (retains_grad && grad_fn) {
    for (auto& [nr, h] : grad_fn->pre_hooks)
      if (auto* r = dynamic_cast<RetainGradHook*>(h.get()); r && r->meta == this) r->meta = nullptr;
  }
}

void retain_grad(Var& v) {
  if (v.is_leaf() || v.meta->retains_grad) return;
  v.meta->retains_grad = true;
  v.meta->grad_fn->pre_hooks.emplace_back(v.meta->output_nr, HookRef(new RetainGradHook(v.meta.get())));
}

// ---------------------------------------------------------------- AccumulateGrad
AccumulateGrad::AccumulateGrad(const Var& leaf) : meta_(leaf.meta), data_(leaf.t) {
  seq = UINT64_MAX;  // leaves' sinks run as soon as they are ready
  meta_->grad_accumulator = this;
}

AccumulateGrad::~AccumulateGrad() {
  if (meta_->grad_accumulator == this) meta_->grad_accumulator = nullptr;
}

VarList AccumulateGrad::apply(VarList&& grads) {
  Var g = std::move(grads[0]);
  for (const HookRef& h : meta_->hooks)
    if (auto r = h->call(g)) g = std::move(*r);
  if (!g.defined()) return {};
  if (!meta_->grad) {
    if (GradMode::is_enabled()) {
      meta_->grad = std::make_unique<Var>(std::move(g));  // create_graph: keep its history
    } else {
      // Steal the gradient only when nothing else shares its memory and it is
      // a plain dense tensor; later accumulation writes into it in place.
      bool own = g.t.storage->refcount == 1 && g.t.is_contiguous() && g.t.offset == 0;
      meta_->grad = std::make_unique<Var>(own ? Var(g.t) : Var(torch::cast(g.t, g.t.dtype)));
    }
  } else if (GradMode::is_enabled() || meta_->grad->requires_grad()) {
    *meta_->grad = add(*meta_->grad, g, Scalar::from_int(1), false);  // out of place, recorded
  } else {
    add_inplace(meta_->grad->t, Operand(g.t), Scalar::from_int(1), false);
  }
  return {};
}

// ---------------------------------------------------------------- SavedVar
SavedVar::SavedVar(const Var& v, bool is_output)
    : data_(v.t), version_(v.t.storage ? v.t.storage->version : 0), saved_(true), is_output_(is_output) {
  if (!v.defined()) {
    saved_ = false;
    return;
  }
  requires_grad_ = v.requires_grad();
  if (is_output) {
    output_nr_ = v.meta ? v.meta->output_nr : 0;
  } else {
    meta_ = v.meta;
    if (v.meta) producer_ = v.meta->grad_fn;
  }
}

Var SavedVar::unpack(Node* owner) const {
  if (!saved_) return Var();
  if (released_)
    runtime_error(
        "Trying to backward through the graph a second time (or directly access saved tensors after they have "
        "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
        "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
        "you need to access saved tensors after calling backward.");
  uint32_t now = data_.storage->version;
  if (now != version_) {
    std::string what = fmt::format("[{} [{}]]", tensor_type_name(data_.dtype),
                                   fmt::join(data_.sizes.span(), ", "));
    std::string origin;
    if (is_output_) origin = fmt::format(", which is output {} of {},", output_nr_, owner->name());
    else if (producer_) origin = fmt::format(", which is output {} of {},", meta_ ? meta_->output_nr : 0, producer_->name());
    runtime_error(
        "one of the variables needed for gradient computation has been modified by an inplace operation: {}{} is at "
        "version {}; expected version {} instead. Hint: enable anomaly detection to find the operation that failed "
        "to compute its gradient, with torch.autograd.set_detect_anomaly(True).",
        what, origin, now - data_.storage->version_base, version_ - data_.storage->version_base);
  }
  if (is_output_) {
    if (!requires_grad_ || !GradMode::is_enabled()) return Var(data_);
    auto* m = new AutogradMeta();
    m->grad_fn = NodeRef::borrow(owner);
    m->output_nr = output_nr_;
    return Var(data_, MetaRef(m));
  }
  return Var(data_, meta_);
}

void SavedVar::release() {
  if (!saved_) return;
  data_ = Tensor();
  meta_ = nullptr;
  producer_ = nullptr;
  released_ = true;
}

// ---------------------------------------------------------------- wiring
Edge gradient_edge(const Var& v) {
  if (!v.meta) return {};
  if (v.meta->grad_fn) return {v.meta->grad_fn, v.meta->output_nr};
  if (!v.meta->requires_grad) return {};
  if (Node* acc = v.meta->grad_accumulator) return {NodeRef::borrow(acc), 0};
  return {NodeRef(new AccumulateGrad(v)), 0};
}

namespace {
// One edge and one InputInfo per forward input (null or undefined: no edge).
template <class In> void add_input_edges(Node& n, const In& inputs) {
  n.next.reserve(inputs.size());
  n.inputs.reserve(inputs.size());
  for (const Var* v : inputs) {
    if (v && v->defined()) {
      n.next.push_back(v->requires_grad() ? gradient_edge(*v) : Edge{});
      n.inputs.push_back({v->t.sizes, v->t.dtype});
    } else {
      n.next.push_back({});
      n.inputs.push_back({Shape{}, DType::Float32});
    }
  }
}

template <class In, class Out> void connect_impl(Node* raw, const In& inputs, const Out& outputs) {
  NodeRef n(raw);
  add_input_edges(*n, inputs);
  n->num_outputs = uint32_t(outputs.size());
  uint32_t nr = 0;
  for (Var* o : outputs) {
    if (o && o->defined() && is_floating(o->t.dtype)) {
      auto* m = new AutogradMeta();
      m->grad_fn = n;
      m->output_nr = nr;
      o->meta = MetaRef(m);
    }
    ++nr;
  }
}
}  // namespace

void set_grad_fn(AutogradMeta& m, NodeRef fn, uint32_t output_nr) {
  if (m.retains_grad && m.grad_fn) {
    // retain_grad follows the tensor to its new grad_fn.
    auto& hooks = m.grad_fn->pre_hooks;
    for (auto it = hooks.begin(); it != hooks.end();) {
      auto* r = dynamic_cast<RetainGradHook*>(it->second.get());
      if (r && r->meta == &m) {
        fn->pre_hooks.emplace_back(output_nr, it->second);
        it = hooks.erase(it);
      } else {
        ++it;
      }
    }
  }
  m.grad_fn = std::move(fn);
  m.output_nr = output_nr;
  m.requires_grad = false;
}

void connect(Node* n, std::initializer_list<const Var*> inputs, std::initializer_list<Var*> outputs) {
  connect_impl(n, inputs, outputs);
}
void connect(Node* n, const std::vector<const Var*>& inputs, const std::vector<Var*>& outputs) {
  connect_impl(n, inputs, outputs);
}

void check_inplace(const Var& v, bool view_ok) {
  if (!GradMode::is_enabled() || !v.meta) return;
  if (v.is_leaf() && v.meta->requires_grad)
    runtime_error("a leaf Variable that requires grad is being used in an in-place operation.");
  if (v.meta->is_view && v.meta->view_base && v.meta->view_base->is_leaf() && v.meta->view_base->requires_grad())
    runtime_error("a view of a leaf Variable that requires grad is being used in an in-place operation.");
  if (!view_ok && v.meta->is_view && v.requires_grad())
    fail(ErrorKind::NotImplemented,
         "Kiln's autograd does not support this in-place operation on a view of a tensor that requires grad yet; "
         "apply the operation out of place");
}

void rebase_history(Var& self, Node* raw, std::initializer_list<const Var*> inputs) {
  if (!raw) return;
  NodeRef n(raw);
  // The node's first input is self's previous value: its edge is self's old history.
  add_input_edges(*n, inputs);
  n->num_outputs = 1;
  set_grad_fn(self.ensure_meta(), std::move(n), 0);
}

}  // namespace kiln::torch::autograd
