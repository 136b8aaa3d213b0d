// tracer/insn_stack_and_names.cpp — the instruction translator's stack
// shuffles and its loads and stores of names: constants, locals, cells,
// globals and attributes (a store to a global or an attribute of an object
// from outside is a graph node, in program order).
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::insn_stack_and_names(Frame& f, Insn& in) {
  CodeObject* co = f.co;
  auto& st = f.stack;
  const Op op = in.op;
  const uint32_t arg = in.arg;
  switch (op) {
    case Op::NOP:
    case Op::COPY_FREE_VARS: break;
    case Op::POP_TOP: pop(st); break;
    case Op::ROT_TWO: std::swap(st[st.size() - 1], st[st.size() - 2]); break;
    case Op::ROT_THREE: {
      Sym top = pop(st);
      st.insert(st.end() - 2, std::move(top));
      break;
    }
    case Op::ROT_FOUR: {
      Sym top = pop(st);
      st.insert(st.end() - 3, std::move(top));
      break;
    }
    case Op::DUP_TOP: st.push_back(st.back()); break;
    case Op::DUP_TOP_TWO: {
      Sym a = st[st.size() - 2], b = st.back();
      st.push_back(a);
      st.push_back(b);
      break;
    }
    case Op::LOAD_CONST:
      // A resume function's prologue pushes the LOAD_METHOD marker as an Empty constant.
      st.push_back(co->consts[arg].is_empty() ? Sym() : Sym::constant(co->consts[arg]));
      break;
    case Op::LOAD_FAST: {
      const Sym& s = f.locals[arg];
      if (s.kind == SymKind::Unbound)
        stop(BreakReason::ExceptionInTrace, fmt::format("local variable '{}' referenced before assignment",
                                                        vm::str_view(co->varnames[arg])));
      st.push_back(s);
      break;
    }
    case Op::STORE_FAST: f.locals[arg] = pop(st); break;
    case Op::DELETE_FAST: f.locals[arg] = Sym::unbound(); break;
    case Op::LOAD_DEREF: {
      const Sym& v = cell_load(f.cells[arg]);
      if (v.kind == SymKind::Unbound) stop(BreakReason::ExceptionInTrace, "free variable referenced before assignment");
      st.push_back(v);
      break;
    }
    case Op::STORE_DEREF: cell_store(f.cells[arg], pop(st)); break;
    case Op::LOAD_CLOSURE: {
      Sym s;
      s.kind = SymKind::Cell;
      s.cell = f.cells[arg];
      st.push_back(s);
      break;
    }
    case Op::LOAD_GLOBAL: {
      auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
      auto ov = global_overlay_.find({f.globals.as_object(), std::string(vm::str_view(Value::borrow(name)))});
      if (ov != global_overlay_.end()) {
        st.push_back(ov->second);
        break;
      }
      Value v = vm::dict_get_str(f.globals.as<vm::DictObject>(), name);
      if (v.is_empty()) v = vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), name);
      if (v.is_empty()) stop(BreakReason::ExceptionInTrace, fmt::format("name '{}' is not defined", vm::str_view(Value::borrow(name))));
      Source s{SourceKind::Global, -1, 0, Value::borrow(name), Value()};
      if (f.globals.bits() != fn_->globals.bits()) s.dict = f.globals;
      st.push_back(from_source(guards_.sources.add(s), v));
      break;
    }
    case Op::LOAD_ATTR: {
      auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
      Sym o = pop(st);
      st.push_back(load_attr(o, name));
      break;
    }
    case Op::STORE_GLOBAL: {
      Sym v = pop(st);
      escape_check(v, "a global");
      Node n;
      n.op = GraphOp::StoreGlobal;
      n.callee = f.globals;
      n.name = co->names[arg];
      n.label = "store_global";
      n.in = {reg_of(v)};
      add_node(std::move(n), Value::none());
      global_overlay_[{f.globals.as_object(), std::string(vm::str_view(co->names[arg]))}] = v;
      break;
    }
    case Op::STORE_ATTR: {
      auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
      Sym o = pop(st);
      Sym v = pop(st);
      store_attr(o, name, v);
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace kiln::tracer
