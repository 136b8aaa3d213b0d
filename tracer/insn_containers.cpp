// tracer/insn_containers.cpp — the instruction translator's containers:
// subscripts (reads, stores, deletes), tuples, lists, dicts, sets and
// slices built, unpacked and extended, and f-strings of constants.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::insn_containers(Frame& f, Insn& in) {
  CodeObject* co = f.co;
  auto& st = f.stack;
  const Op op = in.op;
  const uint32_t arg = in.arg;
  switch (op) {
    case Op::BINARY_SUBSCR: {
      Sym k = pop(st), c = pop(st);
      st.push_back(getitem(c, k));
      break;
    }
    case Op::STORE_SUBSCR: {
      Sym k = pop(st), c = pop(st), v = pop(st);
      if (Sym r; subclass_dunder(c, "__setitem__", {k, v}, &r)) {
        // a builtin subclass's own __setitem__, inlined
      } else if (c.is_tensor()) {
        Value ek = example_of(k), ev = example_of(v);
        if (torch::is_tensor(ek) && torch::tensor_of(ek).dtype == torch::DType::Bool) {
          // a[mask] = v keeps a's shape: a fixed-shape side effect, fine.
        }
        before_write(c.ex);
        if (!vm::setitem(vm_, c.ex, ek, ev)) checked(Value(), "item assignment");
        check_borrowed("item assignment");
        Node n;
        n.op = GraphOp::SetItem;
        n.label = "setitem";
        n.in = {reg_of(c), reg_of(k), reg_of(v)};
        add_node(std::move(n), Value::none());
      } else if (c.kind == SymKind::Map) {
        map_set(c, k, v);
      } else if (is_dict_obj(c)) {
        dict_store(c, k, v);
      } else if (c.kind == SymKind::Seq && c.seq->is_list && k.is_const()) {
        int64_t i;
        if (!vm::int_value(k.ex, &i)) stop(BreakReason::UnsupportedValue, "list assignment with a non-int index");
        auto& items = c.seq->items;
        if (i < 0) i += int64_t(items.size());
        if (i < 0 || i >= int64_t(items.size())) stop(BreakReason::ExceptionInTrace, "list assignment index out of range");
        if (c.seq->from_source) before_source_list_change(c);
        touch(c.seq);
        items[size_t(i)] = v;
        if (c.seq->from_source) sync_source_list(c);
      } else {
        stop(BreakReason::SideEffect, "item assignment to a value from outside the graph");
      }
      break;
    }
    case Op::DELETE_SUBSCR: {
      Sym k = pop(st), c = pop(st);
      if (Sym r; subclass_dunder(c, "__delitem__", {k}, &r)) {
        // a builtin subclass's own __delitem__, inlined
      } else if (is_dict_obj(c)) {
        dict_delete(c, k);
      } else if (c.kind == SymKind::Map && !c.map->is_set) {
        int i = map_find(*c.map, k);
        if (i < 0) map_get(c, k);  // raises KeyError
        touch(c.map);
        c.map->items.erase(c.map->items.begin() + i);
      } else {
        stop(BreakReason::SideEffect, "item deletion (only from dicts)");
      }
      break;
    }
    case Op::BUILD_TUPLE:
    case Op::BUILD_LIST: {
      std::vector<Sym> items(st.end() - long(arg), st.end());
      st.resize(st.size() - arg);
      bool consts = op == Op::BUILD_TUPLE;
      for (auto& it : items) consts = consts && it.is_const() && is_immutable_const(it.ex);
      if (consts) {
        Value t = vm::tuple_new(vm_, items.size());
        for (size_t i = 0; i < items.size(); i++) t.as<vm::TupleObject>()->items[i] = items[i].ex;
        st.push_back(Sym::constant(t));
      } else {
        Sym s;
        s.kind = SymKind::Seq;
        s.seq = std::make_shared<SeqData>();
        s.seq->is_list = op == Op::BUILD_LIST;
        s.seq->items = std::move(items);
        st.push_back(s);
      }
      break;
    }
    case Op::LIST_TO_TUPLE: {
      Sym l = pop(st);
      if (l.kind != SymKind::Seq) stop(BreakReason::UnsupportedValue, "list to tuple");
      Sym s;
      s.kind = SymKind::Seq;
      s.seq = std::make_shared<SeqData>();
      s.seq->items = l.seq->items;
      st.push_back(s);
      break;
    }
    case Op::LIST_APPEND:
    case Op::LIST_EXTEND: {
      // (LIST_EXTEND's argument may carry vm::kCallArgsFlag, for its
      // error message: the depth is the low 16 bits.)
      uint32_t depth = op == Op::LIST_EXTEND ? arg & 0xffff : arg;
      if (depth == 0 || st.size() < size_t(depth) + 1)
        stop(BreakReason::UnsupportedBytecode, fmt::format("internal: {} with {} values on the traced stack at pc {} of {}",
                                                           vm::op_name(op), st.size(), f.pc, vm::str_view(co->qualname)));
      Sym v = pop(st);
      Sym& l = st[st.size() - depth];
      if (l.kind != SymKind::Seq || !l.seq->is_list) stop(BreakReason::UnsupportedValue, "list append");
      touch(l.seq);
      if (op == Op::LIST_APPEND) {
        l.seq->items.push_back(v);
      } else {
        auto more = drain(v);
        l.seq->items.insert(l.seq->items.end(), more.begin(), more.end());
      }
      break;
    }
    case Op::BUILD_MAP: {
      std::vector<Sym> kv(st.end() - long(2 * arg), st.end());
      st.resize(st.size() - 2 * arg);
      Sym m = new_map();
      for (size_t i = 0; i < arg; i++) map_set(m, kv[2 * i], kv[2 * i + 1]);
      st.push_back(m);
      break;
    }
    case Op::BUILD_SET: {
      std::vector<Sym> items(st.end() - long(arg), st.end());
      st.resize(st.size() - arg);
      Sym m = new_map();
      m.map->is_set = true;
      for (auto& x : items) map_set(m, concretize(x), Sym::constant(Value::none()));
      st.push_back(m);
      break;
    }
    case Op::SET_UPDATE: {
      Sym it = pop(st);
      Sym& m = st[st.size() - (arg & 0xffff)];
      if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set update");
      for (auto& x : drain(it)) map_set(m, concretize(x), Sym::constant(Value::none()));
      break;
    }
    case Op::SET_ADD: {
      Sym v = concretize(pop(st));
      Sym& m = st[st.size() - arg];
      if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set comprehension");
      map_set(m, v, Sym::constant(Value::none()));
      break;
    }
    case Op::MAP_ADD: {
      Sym v = pop(st), k = pop(st);
      Sym& m = st[st.size() - arg];
      if (m.kind != SymKind::Map) stop(BreakReason::UnsupportedValue, "dict comprehension");
      map_set(m, k, v);
      break;
    }
    case Op::BUILD_SLICE: {
      std::vector<Sym> parts(st.end() - long(arg), st.end());
      st.resize(st.size() - arg);
      for (auto& p : parts) p = concretize(p);
      for (auto& p : parts)
        if (!p.is_const()) stop(BreakReason::DataDependentScalar, "a slice bound computed from a tensor");
      st.push_back(Sym::constant(vm::slice_new(vm_, parts[0].ex, parts[1].ex, arg == 3 ? parts[2].ex : Value::none())));
      break;
    }
    case Op::BINARY_SLICE: {
      std::vector<Sym> parts(st.end() - long(arg), st.end());
      st.resize(st.size() - arg);
      for (auto& p : parts) p = concretize(p);
      Sym c = pop(st);
      for (auto& p : parts)
        if (!p.is_const()) stop(BreakReason::DataDependentScalar, "a slice bound computed from a tensor");
      Sym k = Sym::constant(vm::slice_new(vm_, parts[0].ex, parts[1].ex, arg == 3 ? parts[2].ex : Value::none()));
      st.push_back(getitem(c, k));
      break;
    }
    case Op::UNPACK_SEQUENCE: {
      Sym s = pop(st);
      auto items = unpack(s, arg);
      for (size_t i = items.size(); i-- > 0;) st.push_back(items[i]);
      break;
    }
    case Op::FORMAT_VALUE: {
      Value spec;
      if (arg & 4) {
        Sym sp = pop(st);
        if (!sp.is_const()) stop(BreakReason::UnsupportedValue, "a computed format spec");
        spec = sp.ex;
      }
      Sym v = concretize(pop(st));
      if (!v.is_const()) stop(BreakReason::DataDependentScalar, "formatting a tensor as text");
      Value x = v.ex;
      if ((arg & 3) == 1) x = checked(vm::str(vm_, x), "str()");
      else if ((arg & 3) >= 2) x = checked(vm::repr(vm_, x), "repr()");
      st.push_back(Sym::constant(checked(vm::format(vm_, x, spec ? vm::str_view(spec) : ""), "format")));
      break;
    }
    case Op::BUILD_STRING: {
      std::vector<Sym> parts(st.end() - long(arg), st.end());
      st.resize(st.size() - arg);
      std::string s;
      for (auto& p : parts) {
        if (!p.is_const() || !vm::is_str(p.ex)) stop(BreakReason::UnsupportedValue, "building a string");
        s += vm::str_view(p.ex);
      }
      st.push_back(Sym::constant(vm::make_str(vm_, s)));
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace kiln::tracer
