// tracer/insn_control.cpp — the instruction translator's control flow:
// jumps (a branch on a tensor's value breaks the graph), for loops
// (unrolled), with blocks (grad mode and user managers), return, raise and
// yield.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::insn_control(Frame& f, Insn& in, std::optional<Sym>* result) {
  CodeObject* co = f.co;
  auto& st = f.stack;
  const Op op = in.op;
  const uint32_t arg = in.arg;
  uint32_t& next = in.next;
  switch (op) {
    case Op::JUMP: next = arg; break;
    case Op::POP_JUMP_IF_FALSE:
    case Op::POP_JUMP_IF_TRUE: {
      bool t = truth(pop(st));
      if (t == (op == Op::POP_JUMP_IF_TRUE)) next = arg;
      break;
    }
    case Op::JUMP_IF_FALSE_OR_POP:
    case Op::JUMP_IF_TRUE_OR_POP: {
      bool t = truth(st.back());
      if (t == (op == Op::JUMP_IF_TRUE_OR_POP)) next = arg;
      else pop(st);
      break;
    }
    case Op::GET_ITER: st.push_back(iterate(pop(st))); break;
    case Op::FOR_ITER: {
      Sym& it = st.back();
      if (it.kind != SymKind::Iter) stop(BreakReason::UnsupportedValue, "for loop over this value");
      if (Sym x; iter_next(it, &x)) {
        st.push_back(x);
      } else {
        pop(st);
        next = arg;
      }
      break;
    }
    case Op::BEFORE_WITH: {
      Sym m = pop(st);
      if (is_instance_obj(m)) {
        // A user context manager: __enter__ and, on the normal way out,
        // __exit__(None, None, None), both inlined.
        Sym enter = obj_attr(m, vm_.names.__enter__);
        Sym exit = obj_attr(m, vm_.names.__exit__);
        std::vector<Sym> none;
        if (exit.kind != SymKind::Method || !vm::is_kind(exit.ex, ObjKind::Function))
          stop(BreakReason::UnsupportedValue, "a context manager whose __exit__ is not a Python method");
        if (exit_may_suppress(exit.ex.as<FunctionObject>()->code.as<CodeObject>()))
          stop(BreakReason::UnsupportedBytecode, "a with block whose __exit__ may return true (suppress an exception)");
        // If a node of the block raises when the graph runs, __exit__
        // runs on the real manager (made now if it is an Inst).
        with_exits_.push_back({reg_of(m), exit.ex, nodes_.size(), SIZE_MAX});
        Sym r = call(f, enter, none, Value());
        Sym ex;
        ex.kind = SymKind::UserExit;
        ex.recv = std::make_shared<Sym>(exit);
        ex.reg = int(with_exits_.size() - 1);
        st.push_back(ex);
        st.push_back(r);
        f.traced_with_starts.push_back(f.pc + 1);
        break;
      }
      if (m.kind != SymKind::GradCtx)
        stop(BreakReason::UnsupportedBytecode, "a with block over a value that is not a user object or torch.no_grad(), enable_grad(), set_grad_enabled()");
      bool prev = m.reg >= 0 ? m.reg != 0 : torch::autograd::GradMode::is_enabled();
      if (m.reg < 0) set_grad_mode(m.ex.is_true());
      Sym ex = grad_exit(prev);
      st.push_back(ex);
      st.push_back(Sym::constant(Value::none()));
      f.traced_with_starts.push_back(f.pc + 1);
      break;
    }
    case Op::WITH_EXIT: {
      Sym ex = pop(st);
      if (ex.kind == SymKind::UserExit) {
        std::vector<Sym> none(3, Sym::constant(Value::none()));
        with_exits_[size_t(ex.reg)].end = nodes_.size();
        call(f, *ex.recv, none, Value());  // its result matters only when an exception is leaving
        break;
      }
      if (ex.kind != SymKind::GradExit) stop(BreakReason::UnsupportedBytecode, "leaving a with block");
      with_exits_[size_t(ex.reg)].end = nodes_.size();
      set_grad_mode(ex.ex.is_true());
      break;
    }
    case Op::RETURN_VALUE: *result = pop(st); break;
    case Op::RAISE_VARARGS: {
      // The traced code raises: tracing stops there (the interpreter
      // raises it for real); hasattr / getattr read an AttributeError.
      if (arg != 1) stop(BreakReason::UnsupportedBytecode, "raise without an exception or with a cause");
      Sym e = pop(st);
      const Value& x = e.ex;
      if (e.is_const() && vm::is_kind(x, ObjKind::Type) &&
          vm::is_subtype(x.as<vm::TypeObject>(), vm_.exc_type(vm::Exc::BaseException)))
        raised(x.as<vm::TypeObject>(), fmt::format("raise {}", vm::str_view(x.as<vm::TypeObject>()->name)));
      if (e.is_const() && vm::is_kind(x, ObjKind::Exception)) {
        Value msg = vm::str(vm_, x);
        if (!msg) vm_.clear_exception();
        raised(vm::type_of(vm_, x), fmt::format("raise {}: {}", vm::type_name(vm_, x), msg ? vm::str_view(msg) : ""));
      }
      stop(BreakReason::UnsupportedValue, "raising this value");
    }
    case Op::YIELD_VALUE: {
      if (!f.generator) stop(BreakReason::UnsupportedBytecode, "YIELD_VALUE");
      // A generator dropped while suspended inside try or with runs its
      // handlers when closed, which no graph does.
      for (const vm::ExcEntry& h : co->exc_table)
        if (f.pc >= h.start && f.pc < h.end) stop(BreakReason::TryBlock, "a yield inside try or with");
      *result = pop(st);
      f.pc = next;
      f.yielded = true;
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace kiln::tracer
