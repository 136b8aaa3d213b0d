// tracer/instructions.cpp — the instruction translator: run_frame
// interprets one frame's raw instructions over Syms, handler by opcode;
// truth() and binary() are the operators its jumps and arithmetic use.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::truth(const Sym& s) {
  if (user_subclass(s)) {
    if (Sym r; subclass_dunder(s, "__bool__", {}, &r)) return truth(r);
    if (Sym r; subclass_dunder(s, "__len__", {}, &r)) return truth(r);
  }
  switch (s.kind) {
    case SymKind::Const: {
      int t = vm::truthy(vm_, s.ex);
      if (t < 0) checked(Value(), "bool()");
      return t == 1;
    }
    case SymKind::Seq: return !s.seq->items.empty();
    case SymKind::Map: return !s.map->items.empty();
    case SymKind::Ref:
      if (s.tensor) stop(BreakReason::DataDependentBranch, "the truth value of a tensor");
      if (is_symnum(s)) return truth(concretize(s));
      size_read();  // a tuple's length may follow from a size
      return vm::truthy(vm_, s.ex) == 1;
    case SymKind::Func: return true;
    case SymKind::Inst:
    case SymKind::Obj: {
      if (is_dict_obj(s)) return !dict_keys(s).empty();
      vm::TypeObject* t = s.ex.as_object()->type;
      if (vm::user_type_lookup(t, vm_.intern("__bool__").as<vm::StrObject>()) ||
          vm::user_type_lookup(t, vm_.intern("__len__").as<vm::StrObject>()))
        stop(BreakReason::UnsupportedValue, "the truth value of an object with __bool__ or __len__");
      return true;
    }
    default: stop(BreakReason::UnsupportedValue, "the truth value of an iterator");
  }
}

Sym Tracer::binary(vm::BinOpKind op, const Sym& a, const Sym& b, bool inplace) {
  const char* sym = kBinSyms[size_t(op)];
  if (user_subclass(a) || user_subclass(b)) {
    // A builtin subclass's own operator methods, in CPython's order (the
    // in-place one, then the forward one); a reflected one is not traced.
    std::string fwd = kBinDunders[size_t(op)];
    refuse_overrides(b, {"__r" + fwd.substr(2)}, std::string("operator ") + sym);
    Sym r;
    bool got = (inplace && subclass_dunder(a, "__i" + fwd.substr(2), {b}, &r)) || subclass_dunder(a, fwd, {b}, &r);
    if (got) {
      if (r.is_const() && r.ex.is_not_implemented())
        stop(BreakReason::UnsupportedValue, fmt::format("{} returning NotImplemented", fwd));
      return r;
    }
  }
  if (a.is_const() && b.is_const()) {
    return Sym::constant(checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                                 std::string("operator ") + sym));
  }
  if (a.kind == SymKind::Map && b.kind == SymKind::Map && a.map->is_set && b.map->is_set) {
    // | & - ^ on sets of constants: computed on the real sets.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, example_of(a), example_of(b))
                              : vm::binary_op(vm_, op, example_of(a), example_of(b)),
                      std::string("operator ") + sym);
    if (!vm::is_kind(r, ObjKind::Set)) stop(BreakReason::UnsupportedValue, std::string("operator ") + sym + " on sets");
    Sym res = set_of(r);
    if (inplace) {
      touch(a.map);
      a.map->items = res.map->items;
      return a;
    }
    return res;
  }
  if (a.kind == SymKind::Seq && b.kind == SymKind::Seq && op == vm::BinOpKind::Add &&
      a.seq->is_list == b.seq->is_list) {
    if (inplace && a.seq->is_list) {
      if (a.seq->from_source) before_source_list_change(a);
      touch(a.seq);
      auto items = b.seq->items;
      a.seq->items.insert(a.seq->items.end(), items.begin(), items.end());
      if (a.seq->from_source) sync_source_list(a);
      return a;
    }
    Sym s;
    s.kind = SymKind::Seq;
    s.seq = std::make_shared<SeqData>();
    s.seq->is_list = a.seq->is_list;
    s.seq->is_size = a.seq->is_size;  // Size + tuple is a Size, tuple + Size a tuple
    s.seq->items = a.seq->items;
    s.seq->items.insert(s.seq->items.end(), b.seq->items.begin(), b.seq->items.end());
    return s;
  }
  if ((is_symnum(a) || is_symnum(b)) && (is_symnum(a) || is_number_const(a)) && (is_symnum(b) || is_number_const(b))) {
    // Arithmetic on sizes and dynamic numbers stays in the graph while it
    // stays a number.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                      std::string("operator ") + sym);
    if ((vm::is_int(r) && !r.is_bool()) || r.is_double()) {
      Node n;
      n.op = GraphOp::Binary;
      n.arg = int(op);
      n.label = sym;
      n.in = {reg_of(a), reg_of(b)};
      int id = add_node(std::move(n), r);
      return ref(id, r);
    }
    return binary(op, concretize(a), concretize(b), inplace);
  }
  if ((is_symnum(a) || is_symnum(b)) && !a.is_tensor() && !b.is_tensor())
    return binary(op, concretize(a), concretize(b), inplace);
  if (!a.is_tensor() && !b.is_tensor())
    stop(BreakReason::UnsupportedValue, fmt::format("operator {} on {} and {}", sym, vm::type_name(vm_, example_of(a)),
                                                    vm::type_name(vm_, example_of(b))));
  Value ea = example_of(a), eb = example_of(b);
  Value r = checked(inplace ? vm::inplace_op(vm_, op, ea, eb) : vm::binary_op(vm_, op, ea, eb),
                    std::string("operator ") + sym);
  Node n;
  n.op = inplace ? GraphOp::Inplace : GraphOp::Binary;
  n.arg = int(op);
  n.label = sym;
  n.in = {reg_of(a), reg_of(b)};
  int id = add_node(std::move(n), r);
  return node_result(id, r, std::string("operator ") + sym);
}

Sym Tracer::run_frame(Frame& f) {
  CodeObject* co = f.co;
  const auto& code = co->raw_code;
  auto& st = f.stack;
  auto pop = [&]() {
    Sym s = std::move(st.back());
    st.pop_back();
    return s;
  };
  for (;;) {
    count_insn();
    if (f.pc >= code.size()) stop(BreakReason::UnsupportedBytecode, "fell off the end of the code");
    uint32_t insn = code[f.pc];
    Op op = vm::decode_op(insn);
    uint32_t arg = vm::decode_arg(insn);
    cur_co_ = co;
    cur_line_ = co->line_of(f.pc);
    cur_frame_ = &f;
    if (f.depth == 0) {
      snap_.valid = true;
      snap_.pc = f.pc;
      snap_.stack = st;
      snap_.cells.clear();
      for (auto& c : f.cells) snap_.cells.push_back(c->contents);
      snap_.nodes = nodes_.size();
      undo_.clear();
      map_undo_.clear();
      const Region* r = region_at(f.pc);
      if (!r) {
        region_snap_.valid = false;
      } else if (f.pc == r->entry && !(region_snap_.valid && region_snap_.pc == r->entry)) {
        region_snap_.valid = true;
        region_snap_.pc = f.pc;
        region_snap_.stack = st;
        region_snap_.locals = f.locals;
        region_snap_.cells.clear();
        for (auto& c : f.cells) region_snap_.cells.push_back(c->contents);
        region_snap_.nodes = nodes_.size();
        region_undo_.clear();
        region_map_undo_.clear();
      }
    }
    uint32_t next = f.pc + 1;
    // Inside a try block the trace follows the normal path: its handlers are
    // not in the graph, so no node made there may raise when the graph
    // runs (add_node). Other with blocks break.
    cur_try_ = f.outer_try;
    for (const vm::ExcEntry& h : co->exc_table) {
      if (f.pc < h.start || f.pc >= h.end) continue;
      if (std::find(f.traced_with_starts.begin(), f.traced_with_starts.end(), h.start) != f.traced_with_starts.end()) continue;
      if (!is_try_block(co, h)) {
        // (A break here is the block's, not an instruction's: resuming
        // inside the block would break again at once.)
        block_break_ = true;
        if (!resumed_with(f)) stop(BreakReason::TryBlock, "code inside a with block");
        block_break_ = false;
        continue;
      }
      cur_try_ = true;
    }
    switch (op) {
      case Op::NOP:
      case Op::COPY_FREE_VARS: break;
      case Op::POP_TOP: pop(); break;
      case Op::ROT_TWO: std::swap(st[st.size() - 1], st[st.size() - 2]); break;
      case Op::ROT_THREE: {
        Sym top = pop();
        st.insert(st.end() - 2, std::move(top));
        break;
      }
      case Op::ROT_FOUR: {
        Sym top = pop();
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
      case Op::STORE_FAST: f.locals[arg] = pop(); break;
      case Op::DELETE_FAST: f.locals[arg] = Sym::unbound(); break;
      case Op::LOAD_DEREF: {
        const Sym& v = cell_load(f.cells[arg]);
        if (v.kind == SymKind::Unbound) stop(BreakReason::ExceptionInTrace, "free variable referenced before assignment");
        st.push_back(v);
        break;
      }
      case Op::STORE_DEREF: cell_store(f.cells[arg], pop()); break;
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
        Sym o = pop();
        st.push_back(load_attr(o, name));
        break;
      }
      case Op::LOAD_METHOD: {
        auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
        Sym o = pop();
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
        if (op == Op::CALL_KW) kwnames = pop().ex;
        size_t n = arg;
        std::vector<Sym> args(st.end() - long(n), st.end());
        st.resize(st.size() - n);
        Sym callee;
        if (op == Op::CALL_METHOD) {
          Sym self = pop();
          Sym m = pop();
          if (m.kind == SymKind::Null) {
            callee = self;
          } else {
            callee = m;
            args.insert(args.begin(), self);
          }
        } else {
          callee = pop();
        }
        st.push_back(call(f, callee, args, kwnames));
        break;
      }
      case Op::CALL_EX: {
        // f(*args) / f(*args, **kwargs): the operands are a sequence (or the
        // call's own *a value) and a dict.
        Sym kw;
        if (arg & 1) kw = pop();
        Sym a = pop();
        Sym callee = pop();
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
        Sym v = pop();
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
      case Op::BINARY_OP:
      case Op::INPLACE_OP: {
        Sym b = pop(), a = pop();
        st.push_back(binary(vm::BinOpKind(arg), a, b, op == Op::INPLACE_OP));
        break;
      }
      case Op::UNARY_OP: {
        Sym a = pop();
        auto k = vm::UnaryOpKind(arg);
        if (is_symnum(a) && (k == vm::UnaryOpKind::USub || k == vm::UnaryOpKind::UAdd)) {
          // -lr: stays a graph value
          Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
          Node n;
          n.op = GraphOp::Unary;
          n.arg = int(k);
          n.label = kUnarySyms[arg];
          n.in = {reg_of(a)};
          st.push_back(ref(add_node(std::move(n), r), r));
          break;
        }
        a = concretize(a);
        if (a.is_const()) {
          st.push_back(Sym::constant(checked(vm::unary_op(vm_, k, a.ex), "unary operator")));
        } else if (k == vm::UnaryOpKind::Not) {
          st.push_back(Sym::constant(Value::boolean(!truth(a))));
        } else if (a.is_tensor()) {
          Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
          Node n;
          n.op = GraphOp::Unary;
          n.arg = int(k);
          n.label = kUnarySyms[arg];
          n.in = {reg_of(a)};
          int id = add_node(std::move(n), r);
          st.push_back(node_result(id, r, "unary operator"));
        } else {
          stop(BreakReason::UnsupportedValue, "unary operator on this value");
        }
        break;
      }
      case Op::COMPARE_OP: {
        Sym b = pop(), a = pop();
        auto k = vm::CmpOpKind(arg);
        for (const Sym* x : {&a, &b})
          refuse_overrides(*x, {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}, "a comparison");
        if (Sym r; symint_compare(k, a, b, &r)) {
          st.push_back(r);
          break;
        }
        if (!a.is_tensor() && !b.is_tensor()) {  // a SymInt compared with a tensor stays in the graph
          a = concretize(a);
          b = concretize(b);
        }
        Value ca, cb;
        if (a.is_const() && b.is_const()) {
          st.push_back(Sym::constant(checked(vm::compare(vm_, k, a.ex, b.ex), "comparison")));
        } else if (!a.is_tensor() && !b.is_tensor() && constant_of(a, &ca) && constant_of(b, &cb)) {
          // Tuples and lists of constants and sizes (a shape check such as
          // tuple(x.shape[-1:]) != normalized_shape): decided while tracing.
          st.push_back(Sym::constant(checked(vm::compare(vm_, k, ca, cb), "comparison")));
        } else if (a.is_tensor() || b.is_tensor()) {
          Value ea = example_of(a), eb = example_of(b);
          Value r = checked(vm::compare(vm_, k, ea, eb), "comparison");
          if (!torch::is_tensor(r)) stop(BreakReason::DataDependentScalar, "a comparison of tensors that is not a tensor");
          Node n;
          n.op = GraphOp::Compare;
          n.arg = int(k);
          n.label = kCmpSyms[arg];
          n.in = {reg_of(a), reg_of(b)};
          int id = add_node(std::move(n), r);
          st.push_back(node_result(id, r, "comparison"));
        } else {
          stop(BreakReason::UnsupportedValue, "comparison of these values");
        }
        break;
      }
      case Op::IS_OP: {
        Sym b = pop(), a = pop();
        bool same = a.kind == b.kind || (a.kind == SymKind::Const && b.kind == SymKind::Ref) ||
                    (a.kind == SymKind::Ref && b.kind == SymKind::Const);
        same = same && identity(a) == identity(b) && identity(a) != nullptr;
        // Two values from different sources: `is` holds when the graph runs
        // only if it held while tracing.
        int sa = source_of(a), sb = source_of(b);
        if (sa >= 0 && sb >= 0 && sa != sb) alias_guard(sa, identity(a), sb, identity(b));
        st.push_back(Sym::constant(Value::boolean(same != (arg == 1))));
        break;
      }
      case Op::CONTAINS_OP: {
        Sym b = concretize(pop()), a = concretize(pop());
        int r = -1;
        if (Sym got; subclass_dunder(b, "__contains__", {a}, &got)) {
          r = truth(got);
        } else if (a.is_const() && b.is_const()) {
          r = vm::contains(vm_, b.ex, a.ex);
          if (r < 0) checked(Value(), "in");
        } else if (b.kind == SymKind::Map) {
          r = map_find(*b.map, a) >= 0;
        } else if (Value key; is_dict_obj(b) && key_value(a, &key)) {
          r = 0;
          for (const Value& k : dict_keys(b))
            if (same_key(k, key)) r = 1;
        } else if (a.is_const() && b.kind == SymKind::Seq) {
          r = 0;
          for (auto& it : b.seq->items) {
            if (!it.is_const()) stop(BreakReason::UnsupportedValue, "'in' over a sequence holding tensors");
            int e = vm::equals(vm_, a.ex, it.ex);
            if (e < 0) checked(Value(), "in");
            if (e == 1) {
              r = 1;
              break;
            }
          }
        } else {
          stop(BreakReason::DataDependentScalar, "'in' with a tensor");
        }
        st.push_back(Sym::constant(Value::boolean((r == 1) != (arg == 1))));
        break;
      }
      case Op::BINARY_SUBSCR: {
        Sym k = pop(), c = pop();
        st.push_back(getitem(c, k));
        break;
      }
      case Op::STORE_SUBSCR: {
        Sym k = pop(), c = pop(), v = pop();
        if (Sym r; subclass_dunder(c, "__setitem__", {k, v}, &r)) {
          // a builtin subclass's own __setitem__, inlined
        } else if (c.is_tensor()) {
          Value ek = example_of(k), ev = example_of(v);
          if (torch::is_tensor(ek) && torch::tensor_of(ek).dtype == torch::DType::Bool) {
            // a[mask] = v keeps a's shape: a fixed-shape side effect, fine.
          }
          if (!vm::setitem(vm_, c.ex, ek, ev)) checked(Value(), "item assignment");
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
        Sym k = pop(), c = pop();
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
        Sym l = pop();
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
        Sym v = pop();
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
        Sym it = pop();
        Sym& m = st[st.size() - (arg & 0xffff)];
        if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set update");
        for (auto& x : drain(it)) map_set(m, concretize(x), Sym::constant(Value::none()));
        break;
      }
      case Op::SET_ADD: {
        Sym v = concretize(pop());
        Sym& m = st[st.size() - arg];
        if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set comprehension");
        map_set(m, v, Sym::constant(Value::none()));
        break;
      }
      case Op::MAP_ADD: {
        Sym v = pop(), k = pop();
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
        Sym c = pop();
        for (auto& p : parts)
          if (!p.is_const()) stop(BreakReason::DataDependentScalar, "a slice bound computed from a tensor");
        Sym k = Sym::constant(vm::slice_new(vm_, parts[0].ex, parts[1].ex, arg == 3 ? parts[2].ex : Value::none()));
        st.push_back(getitem(c, k));
        break;
      }
      case Op::UNPACK_SEQUENCE: {
        Sym s = pop();
        auto items = unpack(s, arg);
        for (size_t i = items.size(); i-- > 0;) st.push_back(items[i]);
        break;
      }
      case Op::FORMAT_VALUE: {
        Value spec;
        if (arg & 4) {
          Sym sp = pop();
          if (!sp.is_const()) stop(BreakReason::UnsupportedValue, "a computed format spec");
          spec = sp.ex;
        }
        Sym v = concretize(pop());
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
      case Op::JUMP: next = arg; break;
      case Op::POP_JUMP_IF_FALSE:
      case Op::POP_JUMP_IF_TRUE: {
        bool t = truth(pop());
        if (t == (op == Op::POP_JUMP_IF_TRUE)) next = arg;
        break;
      }
      case Op::JUMP_IF_FALSE_OR_POP:
      case Op::JUMP_IF_TRUE_OR_POP: {
        bool t = truth(st.back());
        if (t == (op == Op::JUMP_IF_TRUE_OR_POP)) next = arg;
        else pop();
        break;
      }
      case Op::GET_ITER: st.push_back(iterate(pop())); break;
      case Op::FOR_ITER: {
        Sym& it = st.back();
        if (it.kind != SymKind::Iter) stop(BreakReason::UnsupportedValue, "for loop over this value");
        if (Sym x; iter_next(it, &x)) {
          st.push_back(x);
        } else {
          pop();
          next = arg;
        }
        break;
      }
      case Op::MAKE_FUNCTION: {
        Sym c = pop();
        Sym fsym;
        fsym.kind = SymKind::Func;
        fsym.func = std::make_shared<FuncData>();
        fsym.func->code = c.ex;
        fsym.func->defaults = Value::none();
        fsym.func->globals = f.globals;
        if (arg & 8) {
          Sym cl = pop();
          if (cl.kind != SymKind::Seq) stop(BreakReason::UnsupportedValue, "a closure");
          for (auto& x : cl.seq->items) {
            if (x.kind != SymKind::Cell) stop(BreakReason::UnsupportedValue, "a closure");
            fsym.func->closure.push_back(x.cell);
          }
        }
        if (arg & 2) stop(BreakReason::UnsupportedValue, "a function with keyword-only defaults made in the traced code");
        if (arg & 1) {
          Sym d = pop();
          if (!d.is_const()) stop(BreakReason::UnsupportedValue, "defaults computed in the traced code");
          fsym.func->defaults = d.ex;
        }
        st.push_back(fsym);
        break;
      }
      case Op::STORE_GLOBAL: {
        Sym v = pop();
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
        Sym o = pop();
        Sym v = pop();
        store_attr(o, name, v);
        break;
      }
      case Op::BEFORE_WITH: {
        Sym m = pop();
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
        Sym ex = pop();
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
      case Op::RETURN_VALUE: return pop();
      case Op::RAISE_VARARGS: {
        // The traced code raises: tracing stops there (the interpreter
        // raises it for real); hasattr / getattr read an AttributeError.
        if (arg != 1) stop(BreakReason::UnsupportedBytecode, "raise without an exception or with a cause");
        Sym e = pop();
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
        Sym v = pop();
        f.pc = next;
        f.yielded = true;
        return v;
      }
      default:
        stop(BreakReason::UnsupportedBytecode, vm::op_name(op));
    }
    f.pc = next;
  }
}

}  // namespace kiln::tracer
