// stdlib/torch/autograd_bindings.cpp — the Python face of autograd:
// Tensor.requires_grad / grad / grad_fn / is_leaf / backward / retain_grad /
// register_hook / requires_grad_ / detach_, the grad_fn objects, the
// `torch.autograd` module (grad, backward, Function), grad-mode switches
// (torch.no_grad, enable_grad, set_grad_enabled, is_grad_enabled) and
// torch._Parameter (nn.Parameter's class).
//
// The pieces that are naturally Python — the grad-mode context managers and
// decorators, Function and its ctx — are a short prelude in the dialect run
// when torch is imported (kPrelude below); they call the natives here.
// Python callables enter the C++ engine as PyHook (tensor hooks) and PyNode
// (custom Functions); a Python exception inside them unwinds the engine as
// autograd::PythonError and stays pending.

#include <unordered_map>

#include "stdlib/torch/autograd/engine.h"
#include "stdlib/torch/bindings.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/list.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;
using autograd::AutogradMeta;
using autograd::MetaRef;
using autograd::GradMode;
using autograd::Node;
using autograd::NodeRef;
using autograd::VarList;

namespace {

// ---------------------------------------------------------------- Python callables in the engine
struct PyHook final : autograd::Hook {
  VM* vm;
  Value fn;
  PyHook(VM& v, Value f) : vm(&v), fn(std::move(f)) {}
  std::optional<Var> call(const Var& grad) override {
    Value r = vm->call1(fn, wrap(*vm, grad));
    if (!r) throw autograd::PythonError{};
    if (r.is_none()) return std::nullopt;
    if (!is_tensor(r)) {
      vm->raisef(Exc::TypeError, "hook returned an object of type %s; expected a Tensor or None", vm::type_name(*vm, r));
      throw autograd::PythonError{};
    }
    return var_of(r);
  }
};

int next_hook_id = 1;

// A custom autograd.Function's node: calls cls.backward(ctx, *grads).
class PyNode final : public Node {
 public:
  VM* vm;
  Value cls, ctx;
  std::string name_;
  std::vector<autograd::SavedVar> saved;
  std::vector<Shape> out_shapes;
  std::vector<DType> out_dtypes;
  bool materialize = true;

  std::string op_name() const override { return name_; }
  void release_saved() override {
    for (auto& s : saved) s.release();
  }
  VarList apply(VarList&& grads) override {
    VM& v = *vm;
    Value tup = vm::tuple_new(v, grads.size() + 1);
    auto* items = tup.as<vm::TupleObject>()->items;
    items[0] = ctx;
    for (size_t i = 0; i < grads.size(); ++i) {
      if (grads[i].defined()) items[i + 1] = wrap(v, grads[i]);
      else if (materialize) items[i + 1] = wrap(v, autograd::zeros(out_shapes[i], out_dtypes[i]));
      else items[i + 1] = Value::none();
    }
    // ctx.saved_tensors for the duration of backward.
    Value st = vm::tuple_new(v, saved.size());
    for (size_t i = 0; i < saved.size(); ++i) {
      Var s = saved[i].unpack(this);
      st.as<vm::TupleObject>()->items[i] = s.defined() ? wrap(v, s) : Value::none();
    }
    if (!vm::setattr(v, ctx, v.intern("saved_tensors").as<vm::StrObject>(), st)) throw autograd::PythonError{};
    Value backward = vm::getattr(v, cls, v.intern("backward").as<vm::StrObject>());
    if (!backward) throw autograd::PythonError{};
    Value r = v.call(backward, items, grads.size() + 1);
    if (!r) throw autograd::PythonError{};
    std::vector<Value> outs;
    if (vm::is_kind(r, ObjKind::Tuple)) {
      auto* t = r.as<vm::TupleObject>();
      outs.assign(t->items, t->items + t->size);
    } else {
      outs.push_back(r);
    }
    // Trailing Nones beyond the inputs are allowed, as in PyTorch.
    while (outs.size() > next.size() && outs.back().is_none()) outs.pop_back();
    if (outs.size() != next.size()) {
      v.raisef(Exc::RuntimeError, "function %s returned an incorrect number of gradients (expected %zu, got %zu)",
               name_.c_str(), next.size(), outs.size());
      throw autograd::PythonError{};
    }
    VarList result(outs.size());
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i].is_none()) continue;
      if (!is_tensor(outs[i])) {
        v.raisef(Exc::TypeError, "function %s returned a gradient of type %s at index %zu; expected a Tensor or None",
                 name_.c_str(), vm::type_name(v, outs[i]), i);
        throw autograd::PythonError{};
      }
      if (needs_input_grad(i)) result[i] = var_of(outs[i]);
    }
    return result;
  }
};

// ---------------------------------------------------------------- grad_fn objects
// One Python class per node name (type(y.grad_fn).__name__ == "MulBackward0"),
// made on first use; instances are Opaque objects holding a NodeRef.
struct NodeClasses {
  std::unordered_map<std::string, vm::TypeObject*> by_name;
  ~NodeClasses() {
    for (auto& [_, t] : by_name) Value::decref(t);
  }
};

NodeClasses& node_classes(VM& vm) {
  auto& slot = vm.extension_state["torch.autograd.nodes"];
  if (!slot) slot = std::make_shared<NodeClasses>();
  return *static_cast<NodeClasses*>(slot.get());
}

void destroy_node_payload(void* p) { delete static_cast<NodeRef*>(p); }

Value wrap_node(VM& vm, Node* n) {
  if (!n) return Value::none();
  std::string name = n->name();
  // The class of torch::autograd::AccumulateGrad is named AccumulateGrad.
  if (name.rfind("torch::autograd::", 0) == 0) name = name.substr(17);
  NodeClasses& nc = node_classes(vm);
  vm::TypeObject*& cls = nc.by_name[name];
  if (!cls) cls = vm::new_native_class(vm, name.c_str(), "torch.autograd.graph", torch_state(vm).node_type, ObjKind::Opaque);
  auto* o = vm::object_new<vm::OpaqueObject>(vm, ObjKind::Opaque, cls);
  o->payload = new NodeRef(NodeRef::borrow(n));
  o->destroy = destroy_node_payload;
  return Value::steal(o);
}

Node* node_of(VM& vm, const Value& v) {
  if (!vm::is_kind(v, ObjKind::Opaque) || !vm::is_subtype(v.as_object()->type, torch_state(vm).node_type)) {
    vm.raise(Exc::TypeError, "expected a torch.autograd.graph.Node");
    return nullptr;
  }
  return static_cast<NodeRef*>(v.as<vm::OpaqueObject>()->payload)->get();
}

Value node_name_m(VM& vm, const CallArgs& a, const Value&) {
  Node* n = a.nargs == 1 ? node_of(vm, a.args[0]) : (vm.raise(Exc::TypeError, "name() takes no arguments"), nullptr);
  if (!n) return Value();
  return vm::make_str(vm, n->name());
}

Value node_next_functions(VM& vm, const CallArgs& a, const Value&) {
  Node* n = node_of(vm, a.args[0]);
  if (!n) return Value();
  Value tup = vm::tuple_new(vm, n->next.size());
  for (size_t i = 0; i < n->next.size(); ++i) {
    Value pair = vm::tuple_new(vm, 2);
    pair.as<vm::TupleObject>()->items[0] = wrap_node(vm, n->next[i].fn.get());
    pair.as<vm::TupleObject>()->items[1] = Value::small_int(n->next[i].input_nr);
    tup.as<vm::TupleObject>()->items[i] = std::move(pair);
  }
  return tup;
}

Value node_variable(VM& vm, const CallArgs& a, const Value&) {
  Node* n = node_of(vm, a.args[0]);
  if (!n) return Value();
  auto* acc = dynamic_cast<autograd::AccumulateGrad*>(n);
  if (!acc) return vm.raisef(Exc::AttributeError, "'%s' object has no attribute 'variable'", n->name().c_str());
  return wrap(vm, Var(acc->leaf_data(), MetaRef::borrow(acc->leaf())));
}

Value node_repr(VM& vm, const CallArgs& a, const Value&) {
  Node* n = node_of(vm, a.args[0]);
  if (!n) return Value();
  char buf[160];
  snprintf(buf, sizeof buf, "<%s object at %p>", vm::type_display_name(a.args[0].as_object()->type).c_str(),
           static_cast<void*>(a.args[0].as_object()));
  return vm::make_str(vm, buf);
}

// ---------------------------------------------------------------- Tensor attributes
#define SELF(name) KILN_TORCH_SELF(name)

// The meta of a tensor object, created if missing (and pointing back at it).
AutogradMeta& meta_of(const Value& obj) {
  Var& v = var_of(obj);
  AutogradMeta& m = v.ensure_meta();
  if (!m.pyobj) m.pyobj = obj.as_object();
  return m;
}

void set_requires_grad(const Value& obj, bool on) {
  Var& v = var_of(obj);
  if (!v.is_leaf()) {
    if (!on)
      runtime_error("you can only change requires_grad flags of leaf variables. If you want to use a computed variable "
                    "in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    return;
  }
  if (on && !is_floating(v.t.dtype)) runtime_error("only Tensors of floating point dtype can require gradients");
  if (!on && !v.meta) return;
  meta_of(obj).requires_grad = on;
}

Value get_requires_grad(VM& vm, const CallArgs& a, const Value&) {
  SELF("requires_grad");
  return Value::boolean(v.requires_grad());
}
Value set_requires_grad_attr(VM& vm, const CallArgs& a, const Value&) {
  SELF("requires_grad");
  bool on;
  if (!as_bool(vm, a.args[1], "requires_grad", "requires_grad", &on)) return Value();
  return guarded(vm, [&] {
    set_requires_grad(a.args[0], on);
    return Value::none();
  });
}
Value requires_grad__m(VM& vm, const CallArgs& a, const Value&) {
  SELF("requires_grad_");
  Value args[1];
  if (!bind(vm, rest_of(a), {"requires_grad_", {"requires_grad"}, 1, 0}, args)) return Value();
  bool on = true;
  if (args[0] && !as_bool(vm, args[0], "requires_grad_", "requires_grad", &on)) return Value();
  return guarded(vm, [&] {
    set_requires_grad(a.args[0], on);
    return a.args[0];
  });
}

Value get_grad(VM& vm, const CallArgs& a, const Value&) {
  SELF("grad");
  if (!v.meta || !v.meta->grad) return Value::none();
  // A meta gives .grad an identity: `g = x.grad` stays `x.grad` while the
  // engine accumulates into it in place.
  v.meta->grad->ensure_meta();
  return wrap(vm, *v.meta->grad);
}
Value set_grad(VM& vm, const CallArgs& a, const Value&) {
  SELF("grad");
  const Value& g = a.args[1];
  if (g.is_none() || !g) {
    if (v.meta) v.meta->grad.reset();
    return Value::none();
  }
  if (!is_tensor(g)) return vm.raisef(Exc::TypeError, "assigned grad expected to be a Tensor or None but got grad of type %s", vm::type_name(vm, g));
  const Tensor& gt = tensor_of(g);
  if (gt.dtype != t.dtype) return vm.raise(Exc::RuntimeError, "assigned grad has data of a different type");
  if (!(gt.sizes == t.sizes)) return vm.raise(Exc::RuntimeError, "assigned grad has data of a different size");
  meta_of(a.args[0]);  // so the grad tensor keeps its identity too
  if (!var_of(g).meta) meta_of(g);
  v.meta->grad = std::make_unique<Var>(var_of(g));
  return Value::none();
}
Value get_is_leaf(VM& vm, const CallArgs& a, const Value&) {
  SELF("is_leaf");
  return Value::boolean(v.is_leaf());
}
Value get_grad_fn(VM& vm, const CallArgs& a, const Value&) {
  SELF("grad_fn");
  return wrap_node(vm, v.grad_fn());
}
Value get_retains_grad(VM& vm, const CallArgs& a, const Value&) {
  SELF("retains_grad");
  return Value::boolean(v.meta && v.meta->retains_grad);
}
Value get_version(VM& vm, const CallArgs& a, const Value&) {
  SELF("_version");
  return vm::make_int(vm, t.storage ? int64_t(t.storage->version - t.storage->version_base) : 0);
}

Value retain_grad_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("retain_grad");
  if (!vm::native_no_args(vm, rest_of(a), "retain_grad")) return Value();
  if (!v.requires_grad()) return vm.raise(Exc::RuntimeError, "can't retain_grad on Tensor that has requires_grad=False");
  if (!v.is_leaf()) {
    meta_of(a.args[0]);
    autograd::retain_grad(v);
  }
  return Value::none();
}

Value detach__m(VM& vm, const CallArgs& a, const Value&) {
  SELF("detach_");
  if (v.meta) {
    if (v.meta->is_view)
      return vm.raise(Exc::RuntimeError, "Can't detach views in-place. Use detach() instead.");
    v.meta->grad_fn = nullptr;
    v.meta->requires_grad = false;
    v.meta->output_nr = 0;
  }
  return a.args[0];
}

// ---------------------------------------------------------------- hooks
// The handle register_hook returns: remove() takes the hook out again.
Value handle_remove(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1) return vm.raise(Exc::TypeError, "remove() takes no arguments");
  Value tensor = vm::getattr(vm, a.args[0], vm.intern("_tensor").as<vm::StrObject>());
  Value id = vm::getattr(vm, a.args[0], vm.intern("_id").as<vm::StrObject>());
  if (!tensor || !id) return Value();
  if (!is_tensor(tensor)) return Value::none();
  Var& v = var_of(tensor);
  int hid = int(id.as_small_int());
  if (v.meta) {
    auto& hs = v.meta->hooks;
    std::erase_if(hs, [&](const autograd::HookRef& h) { return h->id == hid; });
    for (Node* n = v.grad_fn(); n; n = nullptr)
      std::erase_if(n->pre_hooks, [&](const auto& p) { return p.second->id == hid; });
  }
  return Value::none();
}

Value register_hook_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("register_hook");
  Value args[1];
  if (!bind(vm, rest_of(a), {"register_hook", {"hook"}, 1, 1}, args)) return Value();
  if (!v.requires_grad())
    return vm.raise(Exc::RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
  auto* h = new PyHook(vm, args[0]);
  h->id = next_hook_id++;
  autograd::HookRef hook(h);
  meta_of(a.args[0]);
  if (v.is_leaf()) v.meta->hooks.push_back(hook);
  else v.grad_fn()->pre_hooks.emplace_back(v.meta->output_nr, hook);
  Value handle = vm.call0(Value::borrow(torch_state(vm).handle_type));
  if (!handle) return Value();
  if (!vm::setattr(vm, handle, vm.intern("_tensor").as<vm::StrObject>(), a.args[0]) ||
      !vm::setattr(vm, handle, vm.intern("_id").as<vm::StrObject>(), Value::small_int(h->id)))
    return Value();
  return handle;
}

// ---------------------------------------------------------------- backward and grad
// A tensor, or a sequence of tensors (None entries allowed when `allow_none`), as Vars.
bool as_var_list(VM& vm, const Value& v, const char* what, bool allow_none, VarList* out) {
  if (is_tensor(v)) {
    out->push_back(var_of(v));
    return true;
  }
  std::span<const Value> items;
  if (vm::is_kind(v, ObjKind::Tuple)) items = {v.as<vm::TupleObject>()->items, v.as<vm::TupleObject>()->size};
  else if (vm::is_kind(v, ObjKind::List)) items = {v.as<vm::ListObject>()->items.data(), v.as<vm::ListObject>()->items.size()};
  else if (allow_none && v.is_none()) return true;
  else {
    vm.raisef(Exc::TypeError, "%s must be a Tensor or a sequence of Tensors, not %s", what, vm::type_name(vm, v));
    return false;
  }
  for (const Value& it : items) {
    if (allow_none && it.is_none()) out->emplace_back();
    else if (is_tensor(it)) out->push_back(var_of(it));
    else {
      vm.raisef(Exc::TypeError, "%s must contain Tensors, not %s", what, vm::type_name(vm, it));
      return false;
    }
  }
  return true;
}

bool opt_bool(VM& vm, const Value& v, const char* fname, const char* param, bool dflt, bool* out) {
  *out = dflt;
  if (!v || v.is_none()) return true;
  return as_bool(vm, v, fname, param, out);
}

// Adds gradients to the .grad of `inputs` (backward(inputs=...)).
void accumulate_into(const VarList& inputs, const VarList& grads, bool create_graph) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!grads[i].defined()) continue;
    Var in = inputs[i];
    AutogradMeta& m = in.ensure_meta();
    if (!m.grad) m.grad = std::make_unique<Var>(create_graph ? grads[i] : Var(torch::cast(grads[i].t, grads[i].t.dtype)));
    else *m.grad = autograd::add(*m.grad, grads[i], Scalar::from_int(1), false);
  }
}

Value backward_impl(VM& vm, const VarList& roots, const VarList& grads, bool retain, bool create, const Value& inputs_v,
                    const char* fname) {
  VarList inputs;
  if (inputs_v && !inputs_v.is_none() && !as_var_list(vm, inputs_v, "inputs", false, &inputs)) return Value();
  return guarded(vm, [&] {
    if (inputs.empty()) {
      autograd::run_backward(roots, grads, retain, create);
    } else {
      VarList gs = autograd::run_backward(roots, grads, retain, create, inputs);
      autograd::GradModeGuard mode(create);
      accumulate_into(inputs, gs, create);
    }
    (void)fname;
    return Value::none();
  });
}

// Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
Value backward_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("backward");
  Value args[4];
  if (!bind(vm, rest_of(a), {"backward", {"gradient", "retain_graph", "create_graph", "inputs"}, 4, 0}, args)) return Value();
  VarList grads(1);
  if (args[0] && !args[0].is_none()) {
    if (!is_tensor(args[0])) return vm.raisef(Exc::TypeError, "backward(): argument 'gradient' must be Tensor, not %s", vm::type_name(vm, args[0]));
    grads[0] = var_of(args[0]);
  }
  bool create, retain;
  if (!opt_bool(vm, args[2], "backward", "create_graph", false, &create) ||
      !opt_bool(vm, args[1], "backward", "retain_graph", create, &retain))
    return Value();
  return backward_impl(vm, {v}, grads, retain, create, args[3], "backward");
}

// torch.autograd.backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None)
Value autograd_backward_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[5];
  if (!bind(vm, a, {"backward", {"tensors", "grad_tensors", "retain_graph", "create_graph", "inputs"}, 5, 1}, args)) return Value();
  VarList roots, grads;
  if (!as_var_list(vm, args[0], "tensors", false, &roots)) return Value();
  if (args[1] && !as_var_list(vm, args[1], "grad_tensors", true, &grads)) return Value();
  bool create, retain;
  if (!opt_bool(vm, args[3], "backward", "create_graph", false, &create) ||
      !opt_bool(vm, args[2], "backward", "retain_graph", create, &retain))
    return Value();
  return backward_impl(vm, roots, grads, retain, create, args[4], "backward");
}

// torch.autograd.grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False)
Value autograd_grad_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[7];
  if (!bind(vm, a, {"grad", {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph", "only_inputs", "allow_unused"}, 7, 2},
            args))
    return Value();
  VarList outs, ins, grads;
  if (!as_var_list(vm, args[0], "outputs", false, &outs) || !as_var_list(vm, args[1], "inputs", false, &ins)) return Value();
  if (args[2] && !as_var_list(vm, args[2], "grad_outputs", true, &grads)) return Value();
  bool create, retain, allow_unused;
  if (!opt_bool(vm, args[4], "grad", "create_graph", false, &create) ||
      !opt_bool(vm, args[3], "grad", "retain_graph", create, &retain) ||
      !opt_bool(vm, args[6], "grad", "allow_unused", false, &allow_unused))
    return Value();
  return guarded(vm, [&]() -> Value {
    VarList gs = autograd::run_backward(outs, grads, retain, create, ins);
    Value tup = vm::tuple_new(vm, gs.size());
    for (size_t i = 0; i < gs.size(); ++i) {
      if (!gs[i].defined()) {
        if (!allow_unused)
          runtime_error("One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
        tup.as<vm::TupleObject>()->items[i] = Value::none();
      } else {
        tup.as<vm::TupleObject>()->items[i] = wrap(vm, gs[i]);
      }
    }
    return tup;
  });
}

// torch._kiln_name_grad_fn(t, name) -> t: names t's grad_fn, when it has
// one, as PyTorch's single node for the composite op (torch.nn.functional's
// losses and activations) that computed t with several Kiln nodes.
Value name_grad_fn_fn(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || a.nkw() || !vm::is_kind(a.args[0], ObjKind::Tensor) || !vm::is_str(a.args[1]))
    return vm.raise(Exc::TypeError, "_kiln_name_grad_fn() takes a tensor and a str");
  if (Node* n = var_of(a.args[0]).grad_fn()) n->rename(vm::str_view(a.args[1]));
  return a.args[0];
}

// ---------------------------------------------------------------- grad mode
Value is_grad_enabled_fn(VM& vm, const CallArgs& a, const Value&) {
  if (!vm::native_no_args(vm, a, "is_grad_enabled")) return Value();
  return Value::boolean(GradMode::is_enabled());
}
Value set_grad_enabled_fn(VM& vm, const CallArgs& a, const Value&) {
  bool on;
  if (a.nargs != 1 || !as_bool(vm, a.args[0], "set_grad_enabled", "mode", &on)) {
    if (!vm.has_exception()) vm.raise(Exc::TypeError, "_set_grad_enabled() takes one bool argument");
    return Value();
  }
  GradMode::set_enabled(on);
  return Value::none();
}

// ---------------------------------------------------------------- custom Functions
// torch.autograd.function._apply(cls, ctx, args): runs cls.forward(ctx,
// *args) without grad and, when an input requires grad, makes the outputs
// the outputs of a PyNode calling cls.backward.
Value function_apply_fn(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 3 || !vm::is_kind(a.args[2], ObjKind::Tuple)) return vm.raise(Exc::TypeError, "_apply(cls, ctx, args)");
  const Value& cls = a.args[0];
  const Value& ctx = a.args[1];
  auto* targs = a.args[2].as<vm::TupleObject>();
  bool any = false;
  Value needs = vm::tuple_new(vm, targs->size);
  for (size_t i = 0; i < targs->size; ++i) {
    bool r = is_tensor(targs->items[i]) && var_of(targs->items[i]).requires_grad();
    needs.as<vm::TupleObject>()->items[i] = Value::boolean(r);
    any |= r;
  }
  any = any && GradMode::is_enabled();
  if (!vm::setattr(vm, ctx, vm.intern("needs_input_grad").as<vm::StrObject>(), needs)) return Value();
  Value forward = vm::getattr(vm, cls, vm.intern("forward").as<vm::StrObject>());
  if (!forward) return Value();
  std::vector<Value> fargs{ctx};
  for (size_t i = 0; i < targs->size; ++i) fargs.push_back(targs->items[i]);
  Value out;
  {
    autograd::GradModeGuard off(false);
    out = vm.call(forward, fargs.data(), fargs.size());
  }
  if (!out || !any) return out;
  bool is_tuple = vm::is_kind(out, ObjKind::Tuple);
  std::vector<Value> outs;
  if (is_tuple) outs.assign(out.as<vm::TupleObject>()->items, out.as<vm::TupleObject>()->items + out.as<vm::TupleObject>()->size);
  else outs.push_back(out);
  return guarded(vm, [&]() -> Value {
    auto* n = new PyNode();
    n->vm = &vm;
    n->cls = cls;
    n->ctx = ctx;
    n->name_ = std::string(vm::type_display_name(cls.as<vm::TypeObject>())) + "Backward";
    Value mat = vm::getattr_opt(vm, ctx, vm.intern("materialize_grads").as<vm::StrObject>());
    vm.clear_exception();
    if (mat && mat.is_false()) n->materialize = false;
    std::vector<const Var*> ins;
    for (size_t i = 0; i < targs->size; ++i) ins.push_back(is_tensor(targs->items[i]) ? &var_of(targs->items[i]) : nullptr);
    // Outputs get a fresh identity (forward may return an input itself).
    std::vector<Var> new_outs;
    new_outs.reserve(outs.size());
    for (const Value& o : outs) {
      new_outs.emplace_back(is_tensor(o) ? Var(tensor_of(o)) : Var());
      n->out_shapes.push_back(is_tensor(o) ? tensor_of(o).sizes : Shape{});
      n->out_dtypes.push_back(is_tensor(o) ? tensor_of(o).dtype : kDefaultFloat);
    }
    std::vector<Var*> outp;
    for (Var& v : new_outs) outp.push_back(&v);
    NodeRef keep = NodeRef::borrow(n);
    autograd::connect(n, ins, outp);
    // Non-differentiable outputs (ctx.mark_non_differentiable) lose their history.
    Value nd = vm::getattr_opt(vm, ctx, vm.intern("non_differentiable").as<vm::StrObject>());
    vm.clear_exception();
    if (nd && vm::is_kind(nd, ObjKind::Tuple)) {
      auto* t = nd.as<vm::TupleObject>();
      for (size_t j = 0; j < t->size; ++j)
        for (size_t i = 0; i < outs.size(); ++i)
          if (t->items[j].is(outs[i])) new_outs[i].meta = nullptr;
    }
    // Saved tensors: outputs are saved as outputs, anything else as inputs.
    Value to_save = vm::getattr_opt(vm, ctx, vm.intern("to_save").as<vm::StrObject>());
    vm.clear_exception();
    if (to_save && vm::is_kind(to_save, ObjKind::Tuple)) {
      auto* t = to_save.as<vm::TupleObject>();
      for (size_t j = 0; j < t->size; ++j) {
        const Value& s = t->items[j];
        if (s.is_none()) {
          n->saved.emplace_back();
          continue;
        }
        if (!is_tensor(s)) {
          vm.raisef(Exc::TypeError, "save_for_backward can only save variables, but argument %zu is not a Variable", j);
          return Value();
        }
        int as_out = -1;
        for (size_t i = 0; i < outs.size(); ++i)
          if (s.is(outs[i])) as_out = int(i);
        n->saved.push_back(as_out >= 0 ? autograd::SavedVar(new_outs[size_t(as_out)], true) : autograd::SavedVar(var_of(s), false));
      }
      vm::delattr(vm, ctx, vm.intern("to_save").as<vm::StrObject>());
    }
    if (!is_tuple) return is_tensor(outs[0]) ? wrap(vm, new_outs[0]) : outs[0];
    Value tup = vm::tuple_new(vm, outs.size());
    for (size_t i = 0; i < outs.size(); ++i)
      tup.as<vm::TupleObject>()->items[i] = is_tensor(outs[i]) ? wrap(vm, new_outs[i]) : outs[i];
    return tup;
  });
}

// ---------------------------------------------------------------- Parameter
// torch._Parameter(data=None, requires_grad=True): a leaf sharing data's storage.
Value parameter_new(VM& vm, vm::TypeObject* cls, const CallArgs& a) {
  Value args[2];
  if (!bind(vm, a, {"Parameter", {"data", "requires_grad"}, 2, 0}, args)) return Value();
  bool rg = true;
  if (args[1] && !as_bool(vm, args[1], "Parameter", "requires_grad", &rg)) return Value();
  Tensor data;
  if (!args[0] || args[0].is_none()) data = empty(Shape{0}, kDefaultFloat);
  else if (is_tensor(args[0])) data = tensor_of(args[0]);
  else return vm.raisef(Exc::TypeError, "Parameter(): argument 'data' must be Tensor, not %s", vm::type_name(vm, args[0]));
  return guarded(vm, [&]() -> Value {
    if (rg && !is_floating(data.dtype)) runtime_error("Only Tensors of floating point and complex dtype can require gradients");
    auto* o = vm::object_new<vm::TensorObject>(vm, ObjKind::Tensor, cls);
    o->t = data;
    Value r = Value::steal(o);
    if (rg) meta_of(r).requires_grad = true;
    return r;
  });
}

// ---------------------------------------------------------------- the prelude
// Python parts of torch and torch.autograd, run at import. `_set_grad_enabled`,
// `is_grad_enabled` and `_function_apply` are the natives above.
const char* const kTorchPrelude = R"PY(
class _GradModeContext:
    def __call__(self, func):
        mode = self._mode_for_call()
        def decorate_context(*args, **kwargs):
            with set_grad_enabled(mode):
                return func(*args, **kwargs)
        decorate_context.__name__ = func.__name__
        return decorate_context

class no_grad(_GradModeContext):
    def __init__(self):
        self.prev = False
    def _mode_for_call(self):
        return False
    def __enter__(self):
        self.prev = is_grad_enabled()
        _set_grad_enabled(False)
    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)

class enable_grad(_GradModeContext):
    def __init__(self):
        self.prev = False
    def _mode_for_call(self):
        return True
    def __enter__(self):
        self.prev = is_grad_enabled()
        _set_grad_enabled(True)
    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)

class set_grad_enabled(_GradModeContext):
    def __init__(self, mode):
        self.prev = is_grad_enabled()
        self.mode = mode
        _set_grad_enabled(mode)
    def _mode_for_call(self):
        # As PyTorch 1.13: decorating leaves the mode set by __init__ in force.
        return self.mode
    def __enter__(self):
        pass
    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)

class inference_mode(_GradModeContext):
    def __init__(self, mode=True):
        self.prev = False
        self.mode = mode
    def _mode_for_call(self):
        return not self.mode
    def __enter__(self):
        self.prev = is_grad_enabled()
        _set_grad_enabled(not self.mode)
    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)

class RemovableHandle:
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc_value, traceback):
        self.remove()
)PY";

const char* const kAutogradPrelude = R"PY(
class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.to_save = tensors
    def mark_non_differentiable(self, *args):
        self.non_differentiable = args
    def set_materialize_grads(self, value):
        self.materialize_grads = value
    def mark_dirty(self, *args):
        pass

class Function:
    def __init__(self, *args, **kwargs):
        pass
    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")
    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD.")
    @classmethod
    def apply(cls, *args):
        return _function_apply(cls, FunctionCtx(), args)

class GradcheckError(RuntimeError):
    pass

def _as_tuple(x):
    import torch
    if isinstance(x, torch.Tensor):
        return (x,)
    return tuple(x)

def _unravel(j, shape):
    idx = []
    for s in reversed(list(shape)):
        idx.append(j % s)
        j = j // s
    return tuple(reversed(idx))

def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    # Central differences against autograd, one Jacobian column at a time
    # (PyTorch's slow mode): every output element against every input element.
    import torch
    inputs = _as_tuple(inputs)
    outputs = _as_tuple(func(*inputs))
    for i, x in enumerate(inputs):
        if not isinstance(x, torch.Tensor) or not x.requires_grad:
            continue
        for o, out in enumerate(outputs):
            n_in = x.numel()
            n_out = out.numel()
            analytical = torch.zeros(n_in, n_out, dtype=torch.float64)
            if out.requires_grad:
                for k in range(n_out):
                    go = torch.zeros(n_out, dtype=out.dtype)
                    go[k] = 1.0
                    g = grad(out, x, go.reshape(out.shape), retain_graph=True, allow_unused=True)[0]
                    if g is not None:
                        analytical[:, k] = g.reshape(-1).to(torch.float64)
            numerical = torch.zeros(n_in, n_out, dtype=torch.float64)
            for j in range(n_in):
                idx = _unravel(j, x.shape)
                with torch.no_grad():
                    xs = []
                    for sign in (1.0, -1.0):
                        xp = x.detach().clone()
                        xp[idx] = xp[idx] + sign * eps
                        args = [a.detach() if isinstance(a, torch.Tensor) else a for a in inputs]
                        args[i] = xp
                        xs.append(_as_tuple(func(*args))[o].reshape(-1).to(torch.float64))
                    numerical[j] = (xs[0] - xs[1]) / (2 * eps)
            ok = ((analytical - numerical).abs() <= atol + rtol * numerical.abs()).all().item()
            if not ok:
                if not raise_exception:
                    return False
                raise GradcheckError("Jacobian mismatch for output %d with respect to input %d,\nnumerical:%s\nanalytical:%s\n"
                                     % (o, i, numerical, analytical))
    return True
)PY";

bool run_prelude(VM& vm, const Value& module, const char* source, const char* filename) {
  Value code = vm::compile_source(vm, source, filename, false);
  if (!code) return false;
  return bool(vm::run_module_code(vm, code.as<vm::CodeObject>(), vm::module_dict(module)));
}

}  // namespace

void register_autograd(Registrar& r) {
  VM& vm = r.vm;
  TorchState& st = torch_state(vm);
  vm::add_property(vm, r.tensor_type, "requires_grad", get_requires_grad, set_requires_grad_attr);
  vm::add_property(vm, r.tensor_type, "grad", get_grad, set_grad);
  r.getter("is_leaf", get_is_leaf);
  r.getter("grad_fn", get_grad_fn);
  r.getter("retains_grad", get_retains_grad);
  r.getter("_version", get_version);
  r.method("requires_grad_", requires_grad__m);
  r.method("retain_grad", retain_grad_m);
  r.method("detach_", detach__m);
  r.method("register_hook", register_hook_m);
  r.method("backward", backward_m);
  r.function("is_grad_enabled", is_grad_enabled_fn);
  r.function("_set_grad_enabled", set_grad_enabled_fn);
  r.function("_kiln_name_grad_fn", name_grad_fn_fn);

  // grad_fn classes derive from torch.autograd.graph.Node.
  st.node_type = vm::new_native_class(vm, "Node", "torch.autograd.graph", vm.types.object, ObjKind::Opaque);
  vm.add_method(st.node_type, "name", node_name_m);
  vm.add_method(st.node_type, "__repr__", node_repr);
  vm::add_getter(vm, st.node_type, "next_functions", node_next_functions);
  vm::add_getter(vm, st.node_type, "variable", node_variable);

  st.parameter_type = vm::new_native_class(vm, "Parameter", "torch.nn.parameter", r.tensor_type, ObjKind::Tensor);
  st.parameter_type->aux |= vm::kTypeMutable;
  st.parameter_type->builtin_new = parameter_new;
  module_set(vm, r.module, "_Parameter", Value::borrow(st.parameter_type));

  if (!run_prelude(vm, r.module, kTorchPrelude, "<kiln>/torch/autograd_prelude.py")) return;
  Value handle = vm::getattr(vm, r.module, vm.intern("RemovableHandle").as<vm::StrObject>());
  if (!handle) return;
  st.handle_type = handle.as<vm::TypeObject>();
  Value::incref(st.handle_type);
  vm.add_method(st.handle_type, "remove", handle_remove);

  // torch.autograd
  Value ag = vm::new_native_module(vm, "torch.autograd");
  if (!ag) return;
  vm::dict_setitem(vm, vm.modules.as<vm::DictObject>(), vm.intern("torch.autograd"), ag);
  module_set(vm, r.module, "autograd", ag);
  auto fn = [&](const char* name, NativeFn f) { module_set(vm, ag, name, vm::new_native(vm, name, f, Value::none(), Value::none())); };
  fn("grad", autograd_grad_fn);
  fn("backward", autograd_backward_fn);
  fn("_function_apply", function_apply_fn);
  for (const char* name : {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"}) {
    Value v = vm::getattr(vm, r.module, vm.intern(name).as<vm::StrObject>());
    if (!v) return;
    module_set(vm, ag, name, v);
  }
  run_prelude(vm, ag, kAutogradPrelude, "<kiln>/torch/autograd/function_prelude.py");
}

}  // namespace kiln::torch
