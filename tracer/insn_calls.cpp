// tracer/insn_calls.cpp — the instruction translator's calls: methods looked
// up (LOAD_METHOD), calls with positional, keyword and unpacked arguments
// (handed to call(), tracer/values_functions.cpp), and functions made in
// the traced code.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::insn_calls(Frame& f, Insn& in) {
  CodeObject* co = f.co;
  auto& st = f.stack;
  const Op op = in.op;
  const uint32_t arg = in.arg;
  switch (op) {
    case Op::LOAD_METHOD: {
      auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
      Sym o = pop(st);
      if (Value own = subclass_override(o, vm::str_view(Value::borrow(name))); own && vm::is_kind(own, ObjKind::Function)) {
        // A method a builtin subclass defines: bound to it and inlined.
        st.push_back(Sym::constant(own));
        st.push_back(o);
        break;
      }
      if (is_dict_obj(o) || o.kind == SymKind::Map) {
        Value m = vm::type_lookup(o.kind == SymKind::Map && o.map->is_set ? vm_.types.set : vm_.types.dict, name);
        if (!vm::is_kind(m, ObjKind::Native)) stop(BreakReason::UnsupportedValue, "this dict method");
        st.push_back(Sym::constant(m));
        st.push_back(o);
        break;
      }
      if (is_instance_obj(o) || o.kind == SymKind::Super) {
        Sym a = o.kind == SymKind::Super ? super_attr(o, name) : obj_attr(o, name);
        if (a.kind == SymKind::Method) {
          st.push_back(Sym::constant(a.ex));
          st.push_back(*a.recv);
        } else {
          st.push_back(Sym());
          st.push_back(a);
        }
        break;
      }
      Value e;
      if (o.kind == SymKind::Ref && o.tensor) e = o.ex;
      else if (o.kind == SymKind::Seq)
        e = Value::borrow(o.seq->is_list   ? vm_.types.list
                          : o.seq->is_size ? torch::torch_state(vm_).size_type
                                           : vm_.types.tuple);
      else if (o.is_const() && is_immutable_const(o.ex)) e = o.ex;
      if (e) {
        vm::TypeObject* t = vm::is_kind(e, ObjKind::Type) && o.kind == SymKind::Seq ? e.as<vm::TypeObject>()
                                                                                    : vm::type_of(vm_, e);
        Value m = vm::type_lookup(t, name);
        if (vm::is_kind(m, ObjKind::Native)) {
          st.push_back(Sym::constant(m));
          st.push_back(o);
          break;
        }
        if (o.kind == SymKind::Ref) stop(BreakReason::UnsupportedValue, fmt::format("tensor method {}", vm::str_view(Value::borrow(name))));
      }
      Sym nul;
      st.push_back(nul);
      st.push_back(load_attr(o, name));
      break;
    }
    case Op::CALL:
    case Op::CALL_METHOD:
    case Op::CALL_KW: {
      Value kwnames;
      if (op == Op::CALL_KW) kwnames = pop(st).ex;
      size_t n = arg;
      std::vector<Sym> args(st.end() - long(n), st.end());
      st.resize(st.size() - n);
      Sym callee;
      if (op == Op::CALL_METHOD) {
        Sym self = pop(st);
        Sym m = pop(st);
        if (m.kind == SymKind::Null) {
          callee = self;
        } else {
          callee = m;
          args.insert(args.begin(), self);
        }
      } else {
        callee = pop(st);
      }
      st.push_back(call(f, callee, args, kwnames));
      break;
    }
    case Op::CALL_EX: {
      // f(*args) / f(*args, **kwargs): the operands are a sequence (or the
      // call's own *a value) and a dict.
      Sym kw;
      if (arg & 1) kw = pop(st);
      Sym a = pop(st);
      Sym callee = pop(st);
      std::vector<Sym> args = drain(a);
      Value kwnames;
      if (arg & 1) {
        std::vector<std::pair<Value, Sym>> items = mapping_items(kw, "** unpacking");
        if (!items.empty()) {
          kwnames = vm::tuple_new(vm_, items.size());
          for (size_t i = 0; i < items.size(); i++) {
            if (!vm::is_str(items[i].first)) stop(BreakReason::UnsupportedCall, "** with keys that are not strings");
            kwnames.as<vm::TupleObject>()->items[i] = vm_.intern(vm::str_view(items[i].first));
            args.push_back(items[i].second);
          }
        }
      }
      st.push_back(call(f, callee, args, kwnames));
      break;
    }
    case Op::DICT_UPDATE:
    case Op::DICT_MERGE: {
      // {**a, ...} and f(x=1, **kw): the items of a dict made in the trace
      // or read from outside added to the dict being built (DICT_MERGE: a
      // repeated key is the TypeError CPython raises).
      Sym v = pop(st);
      Sym& m = st[st.size() - arg];
      if (m.kind != SymKind::Map || m.map->is_set) stop(BreakReason::UnsupportedValue, "dict update");
      for (auto& [k, val] : mapping_items(v, "** unpacking")) {
        Sym key = Sym::constant(k);
        if (op == Op::DICT_MERGE && map_find(*m.map, key) >= 0) {
          Value r = vm::repr(vm_, k);
          checked(Value(vm_.raisef(vm::Exc::TypeError, "got multiple values for keyword argument %s",
                                   r ? std::string(vm::str_view(r)).c_str() : "?")),
                  "** unpacking");
        }
        map_set(m, key, val);
      }
      break;
    }
    case Op::MAKE_FUNCTION: {
      Sym c = pop(st);
      Sym fsym;
      fsym.kind = SymKind::Func;
      fsym.func = std::make_shared<FuncData>();
      fsym.func->code = c.ex;
      fsym.func->defaults = Value::none();
      fsym.func->globals = f.globals;
      if (arg & 8) {
        Sym cl = pop(st);
        if (cl.kind != SymKind::Seq) stop(BreakReason::UnsupportedValue, "a closure");
        for (auto& x : cl.seq->items) {
          if (x.kind != SymKind::Cell) stop(BreakReason::UnsupportedValue, "a closure");
          fsym.func->closure.push_back(x.cell);
        }
      }
      if (arg & 2) stop(BreakReason::UnsupportedValue, "a function with keyword-only defaults made in the traced code");
      if (arg & 1) {
        Sym d = pop(st);
        if (!d.is_const()) stop(BreakReason::UnsupportedValue, "defaults computed in the traced code");
        fsym.func->defaults = d.ex;
      }
      st.push_back(fsym);
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace kiln::tracer
