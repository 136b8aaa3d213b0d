// tracer/context_managers.cpp — with blocks: torch's grad-mode managers
// (a mode change is a node) and user managers whose __exit__ is inlined,
// also for blocks a resume function starts inside.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::exit_may_suppress(const CodeObject* co) {
  const auto& code = co->raw_code;
  for (size_t p = 0; p < code.size(); p++) {
    if (vm::decode_op(code[p]) != Op::RETURN_VALUE) continue;
    if (p == 0 || vm::decode_op(code[p - 1]) != Op::LOAD_CONST) return true;
    const Value& c = co->consts[vm::decode_arg(code[p - 1])];
    if (!c.is_none() && !(c.is_bool() && !c.is_true())) return true;
    for (size_t q = 0; q < code.size(); q++)  // a jump straight to the return: its value is another's
      if (is_jump_arg(vm::decode_op(code[q])) && vm::decode_arg(code[q]) == p) return true;
  }
  return false;
}

void Tracer::set_grad_mode(bool on) {
  Node n;
  n.op = GraphOp::SetGradMode;
  n.arg = on;
  n.label = "set_grad_enabled";
  add_node(std::move(n), Value::none());
  torch::autograd::GradMode::set_enabled(on);
}

bool Tracer::grad_ctx_call(const vm::TypeObject* t, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
  if (!vm_.torch_state) return false;
  auto* mod = torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
  auto is = [&](const char* name) {
    Value v = vm::dict_get_str(mod, vm_.intern(name).as<vm::StrObject>());
    return v.is_object() && v.as_object() == t;
  };
  bool nkw = !vm::is_kind(kwnames, ObjKind::Tuple);
  Sym s;
  s.kind = SymKind::GradCtx;
  if (is("no_grad") && args.empty() && nkw) s.ex = Value::boolean(false);
  else if (is("enable_grad") && args.empty() && nkw) s.ex = Value::boolean(true);
  else if (is("set_grad_enabled") && args.size() == 1 && nkw && args[0].is_const() && args[0].ex.is_bool()) {
    s.ex = args[0].ex;
    // The mode changes when it is made (as PyTorch's does); __exit__
    // restores the one before.
    s.reg = torch::autograd::GradMode::is_enabled();
    set_grad_mode(args[0].ex.is_true());
  } else {
    return false;
  }
  *out = s;
  return true;
}

bool Tracer::resumed_with(Frame& f) {
  std::vector<const vm::ExcEntry*> blocks;
  for (const vm::ExcEntry& h : f.co->exc_table)
    if (f.pc >= h.start && f.pc < h.end && !is_try_block(f.co, h) &&
        std::find(f.traced_with_starts.begin(), f.traced_with_starts.end(), h.start) == f.traced_with_starts.end())
      blocks.push_back(&h);
  std::sort(blocks.begin(), blocks.end(), [](auto* a, auto* b) { return a->depth < b->depth; });  // outermost first
  for (const vm::ExcEntry* h : blocks) {
    if (h->depth < 1 || f.stack.size() < size_t(h->depth)) return false;
    Sym& e = f.stack[size_t(h->depth - 1)];  // the block's __exit__ (the compiler's layout: exit, then the block's values)
    if (e.kind == SymKind::Method && e.reg >= 0 && e.recv && !resumed_exit(e)) return false;
    if (e.kind != SymKind::UserExit && e.kind != SymKind::GradExit) return false;
    f.traced_with_starts.push_back(h->start);
  }
  return true;
}

Sym Tracer::grad_exit(bool prev) {
  Graph::WithExit w{-1, Value(), nodes_.size(), SIZE_MAX};
  w.grad_prev = prev;
  with_exits_.push_back(w);
  Sym ex;
  ex.kind = SymKind::GradExit;
  ex.ex = Value::boolean(prev);
  ex.reg = int(with_exits_.size() - 1);
  return ex;
}

bool Tracer::resumed_exit(Sym& e) {
  const Sym& mgr = *e.recv;
  if (!is_instance_obj(mgr) || !vm::is_kind(e.ex, ObjKind::Function)) return false;
  vm::TypeObject* t = mgr.ex.as_object()->type;
  if (vm::type_lookup(t, vm_.names.__exit__).bits() != e.ex.bits()) return false;  // not the class's __exit__
  if (vm_.torch_state) {
    auto* mod = torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
    for (const char* name : {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"}) {
      Value c = vm::dict_get_str(mod, vm_.intern(name).as<vm::StrObject>());
      if (!c.is_object() || c.as_object() != t) continue;
      Sym prev = obj_attr(mgr, vm_.intern("prev").as<vm::StrObject>());
      if (!prev.is_const() || !prev.ex.is_bool()) return false;
      e = grad_exit(prev.ex.is_true());
      return true;
    }
  }
  if (exit_may_suppress(e.ex.as<FunctionObject>()->code.as<CodeObject>()))
    stop(BreakReason::UnsupportedBytecode, "a with block whose __exit__ may return true (suppress an exception)");
  with_exits_.push_back({reg_of(mgr), e.ex, nodes_.size(), SIZE_MAX});
  Sym ex;
  ex.kind = SymKind::UserExit;
  ex.recv = std::make_shared<Sym>(e);
  ex.reg = int(with_exits_.size() - 1);
  e = ex;
  return true;
}

}  // namespace kiln::tracer
