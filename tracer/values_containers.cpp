// tracer/values_containers.cpp — tuples, lists, dicts and sets (made in the
// trace or read from sources), their methods, indexing, unpacking and
// iteration (list, zip, enumerate, generator and source iterators).
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::pinned_member(const Sym& s) {
  if (s.kind != SymKind::Obj || s.reg < 0 || guards_.sources.items[size_t(s.reg)].kind != SourceKind::ClassAttr) return false;
  return !vm::user_type_lookup(s.ex.as_object()->type, vm_.intern("__eq__").as<vm::StrObject>());
}

bool Tracer::identity_hashed(const Sym& s) {
  if (s.is_tensor()) return true;
  if (!(s.kind == SymKind::Inst || (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Instance)))) return false;
  vm::TypeObject* t = s.ex.as_object()->type;
  return !vm::user_type_lookup(t, vm_.intern("__hash__").as<vm::StrObject>()) &&
         !vm::user_type_lookup(t, vm_.intern("__eq__").as<vm::StrObject>());
}

int Tracer::map_find(const MapData& m, const Sym& key) {
  if (m.is_set && identity_hashed(key)) {
    // The same Sym (its example) or none; for two values from sources,
    // whether they are one object is guarded.
    int found = -1;
    int ks = source_of(key);
    for (size_t i = 0; i < m.items.size(); i++) {
      const Sym& it = m.items[i].second;
      int is = identity_hashed(it) ? source_of(it) : -1;
      if (ks >= 0 && is >= 0 && ks != is) alias_guard(ks, identity(key), is, identity(it));
      if (found < 0 && m.items[i].first.bits() == key.ex.bits()) found = int(i);
    }
    return found;
  }
  if (!m.is_set && pinned_member(key)) {
    // An enum member (a class attribute, pinned by the class's version)
    // compared by identity.
    for (size_t i = 0; i < m.items.size(); i++)
      if (m.items[i].first.bits() == key.ex.bits()) return int(i);
    return -1;
  }
  if (!key.is_const() || !is_immutable_const(key.ex))
    stop(BreakReason::UnsupportedValue, "a dict key that is not a constant made of numbers, strings, tuples or enum members");
  for (size_t i = 0; i < m.items.size(); i++) {
    int e = vm::equals(vm_, m.items[i].first, key.ex);
    if (e < 0) checked(Value(), "dict key comparison");
    if (e == 1) return int(i);
  }
  return -1;
}

void Tracer::map_set(const Sym& m, const Sym& key, const Sym& v) {
  int i = map_find(*m.map, key);
  touch(m.map);
  const Sym& val = m.map->is_set && identity_hashed(key) ? key : v;  // a set's tensor or object keeps its Sym
  if (i >= 0) m.map->items[size_t(i)].second = val;
  else m.map->items.emplace_back(key.ex, val);
}

Sym Tracer::map_get(const Sym& m, const Sym& key) {
  int i = map_find(*m.map, key);
  if (i < 0) {
    Value r = vm::repr(vm_, key.ex);
    checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict lookup");
  }
  return m.map->items[size_t(i)].second;
}

Sym Tracer::set_of(const Value& v) {
  Sym m = new_map();
  m.map->is_set = true;
  Value l = checked(vm::sequence_to_list(vm_, v), "set");
  for (auto& x : l.as<vm::ListObject>()->items) m.map->items.emplace_back(x, Sym::constant(Value::none()));
  return m;
}

Sym Tracer::iterator_from_source(int src, const Value& real) {
  auto* it = real.as<vm::IteratorObject>();
  vm::TypeObject* t = it->type;
  bool range = t == vm_.types.range_iterator;
  if (t != vm_.types.list_iterator && t != vm_.types.tuple_iterator && !range)
    stop(BreakReason::UnsupportedValue, fmt::format("a '{}' from {} (only list, tuple and range iterators are traced)",
                                                    vm::str_view(t->name), guards_.sources.describe(src)));
  auto seen = source_iters_.find(real.as_object());
  if (seen != source_iters_.end()) {
    alias_guard(src, real.as_object(), seen->second.first, real.as_object());
    return seen->second.second;
  }
  guard(GuardKind::TypeMatch, src, Value::borrow(t));
  auto field = [&](int k, const Value& v) {
    int fs = guards_.sources.add(Source{SourceKind::IterState, src, k, Value(), Value()});
    if (k == 0) return from_source(fs, v);
    guard(GuardKind::ConstMatch, fs, v);  // a position: never a dynamic int
    return Sym::constant(v);
  };
  Sym s;
  s.kind = SymKind::Iter;
  s.iter = std::make_shared<IterData>();
  if (range) {
    int64_t i = 0, n = 0, step = 0;
    vm::int_value(field(2, vm::make_int(vm_, it->n)).ex, &n);
    vm::int_value(field(3, vm::make_int(vm_, it->step)).ex, &step);
    vm::int_value(field(1, vm::make_int(vm_, it->i)).ex, &i);
    if (n > lim_.max_instructions) stop(BreakReason::TraceTooLong, fmt::format("a loop of {} iterations", n));
    for (int64_t k = 0; k < n; k++) s.iter->items.push_back(Sym::constant(vm::make_int(vm_, i + k * step)));
  } else {
    Sym seq = field(0, it->a.is_empty() ? Value::none() : it->a);
    if (seq.kind == SymKind::Seq) {
      int64_t i = 0;
      vm::int_value(field(1, vm::make_int(vm_, it->i)).ex, &i);
      for (size_t k = size_t(std::max<int64_t>(i, 0)); k < seq.seq->items.size(); k++) s.iter->items.push_back(seq.seq->items[k]);
      if (seq.seq->is_list) iterated_lists_.insert(seq.seq.get());
    } else if (!seq.is_const() || !seq.ex.is_none()) {
      stop(BreakReason::UnsupportedValue, "an iterator over this value");
    }
  }
  s.iter->real_reg = input_for_source(src, real);
  note_mutable_source(src, real.as_object());
  source_iters_[real.as_object()] = {src, s};
  return s;
}

bool Tracer::iter_next(const Sym& it, Sym* out) {
  IterData& d = *it.iter;
  switch (d.kind) {
    case IterData::List:
      if (d.done || d.pos >= d.list->items.size()) {
        d.done = true;  // CPython's list iterator drops its list once exhausted
        return false;
      }
      *out = d.list->items[d.pos++];
      return true;
    case IterData::Enumerate: {
      Sym x;
      if (d.done || !iter_next(d.children[0], &x)) {
        d.done = true;
        return false;
      }
      *out = seq_of({Sym::constant(vm::make_int(vm_, d.count++)), x});
      return true;
    }
    case IterData::Zip: {
      if (d.children.empty()) d.done = true;
      std::vector<Sym> row;
      for (auto& c : d.children) {
        Sym x;
        if (d.done || !iter_next(c, &x)) {  // zip stops at the first exhausted iterator, as CPython's
          d.done = true;
          return false;
        }
        row.push_back(std::move(x));
      }
      *out = seq_of(std::move(row));
      return true;
    }
    case IterData::Generator: return generator_next(*d.gen, out);
    case IterData::Items: break;
  }
  if (d.watch_list && d.watch_list->version != d.watch_version)
    stop(BreakReason::UnsupportedValue, "a list changed while a reversed() iterator over it is in use");
  if (d.watch_map) {
    bool same = d.watch_map->items.size() == d.watch_keys.size();
    for (size_t i = 0; same && i < d.watch_keys.size(); i++) same = d.watch_map->items[i].first.bits() == d.watch_keys[i].bits();
    if (!same)
      stop(BreakReason::ExceptionInTrace,
           d.watch_map->is_set ? "Set changed size during iteration" : "dictionary changed size during iteration");
  }
  if (d.watch_dict) {
    std::vector<Value> keys = dict_keys(*d.watch_dict);
    bool same = keys.size() == d.items.size();
    for (size_t i = 0; same && i < keys.size(); i++) same = vm::str_view(keys[i]) == vm::str_view(d.items[i].ex);
    if (!same) stop(BreakReason::ExceptionInTrace, "dictionary changed size during iteration");
  }
  bool more = d.pos < d.items.size();
  if (d.real_reg >= 0 && (more || !d.exhausted)) {
    Node n;
    n.op = GraphOp::Call;
    n.callee = vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), vm_.intern("next").as<vm::StrObject>());
    n.label = "next";
    n.in = {d.real_reg, const_id(Value::none())};
    add_node(std::move(n), more ? example_of(d.items[d.pos]) : Value::none());
    d.exhausted = !more;
  }
  if (!more) return false;
  *out = d.items[d.pos++];
  return true;
}

std::vector<Sym> Tracer::drain(const Sym& iterable) {
  Sym it = iterate(iterable);
  std::vector<Sym> out;
  for (Sym x; iter_next(it, &x);) {
    out.push_back(std::move(x));
    count_insn();
  }
  return out;
}

bool Tracer::plain_key(const Value& k) {
  if (k.is_none() || k.is_bool() || k.is_double() || vm::is_int(k) || vm::is_str(k)) return true;
  if (!vm::is_kind(k, ObjKind::Tuple) || k.as_object()->type != k.as_object()->type->vm->types.tuple) return false;
  for (const Value& x : *k.as<vm::TupleObject>())
    if (!plain_key(x)) return false;
  return true;
}

bool Tracer::identity_key(const Value& k) {
  if (!vm::is_kind(k, ObjKind::Instance)) return false;
  vm::TypeObject* t = k.as_object()->type;
  if (vm::user_type_lookup(t, vm_.intern("__eq__").as<vm::StrObject>())) return false;
  if (!vm::user_type_lookup(t, vm_.intern("__hash__").as<vm::StrObject>())) return true;
  for (const Value& c : t->mro) {  // the class that defines __hash__ must be enum.Enum
    auto* ct = c.as<vm::TypeObject>();
    if (vm::dict_get_str(ct->dict.as<vm::DictObject>(), vm_.intern("__hash__").as<vm::StrObject>()).is_empty()) continue;
    return vm::str_view(ct->name) == "Enum" && vm::is_str(ct->module) && vm::str_view(ct->module) == "enum";
  }
  return false;
}

bool Tracer::key_value(const Sym& k, Value* out) {
  if (k.is_const()) {
    *out = k.ex;
    return true;
  }
  if (k.kind != SymKind::Obj || !identity_key(k.ex) || k.reg < 0) return false;
  if (!pinned_member(k)) guard(GuardKind::IdMatch, k.reg, k.ex);
  *out = k.ex;
  return true;
}

bool Tracer::same_key(const Value& a, const Value& b) {
  if (a.bits() == b.bits()) return true;
  if (vm::is_str(a) && vm::is_str(b)) return vm::str_view(a) == vm::str_view(b);
  if (!plain_key(a) || !plain_key(b)) return false;
  int e = vm::equals(vm_, a, b);
  if (e < 0) vm_.clear_exception();
  return e == 1;
}

std::vector<Value> Tracer::dict_keys(const Sym& d) {
  auto* dict = d.ex.as<vm::DictObject>();
  std::vector<Value> keys;
  auto full = dict_overlay_.find(dict);
  if (full != dict_overlay_.end() && full->second.complete) {
    // After a deletion the overlay holds every key, in order.
    for (auto& [k, v] : full->second.items) keys.push_back(k);
    return keys;
  }
  for (const auto& e : dict->entries) {
    if (e.key.is_empty()) continue;
    if (!dict_key_ok(e.key))
      stop(BreakReason::UnsupportedValue,
           "a dict from outside the trace with keys other than strings, numbers, tuples, enum members and objects compared by identity");
    keys.push_back(e.key);
  }
  Value t = vm::tuple_new(vm_, keys.size());
  for (size_t i = 0; i < keys.size(); i++) t.as<vm::TupleObject>()->items[i] = keys[i];
  guard(GuardKind::DictKeys, d.reg, t);
  // Keys the graph adds (stores earlier in the trace) come after.
  auto ov = dict_overlay_.find(dict);
  if (ov != dict_overlay_.end())
    for (auto& [k, v] : ov->second.items) {
      bool known = false;
      for (const Value& x : keys) known = known || same_key(x, k);
      if (!known) keys.push_back(k);
    }
  return keys;
}

void Tracer::dict_store(const Sym& d, const Sym& key, const Sym& v) {
  refuse_overrides(d, {"__setitem__"}, "a store into a dict");  // the setitem node would run it
  if (!key.is_const() || !plain_key(key.ex))
    stop(BreakReason::SideEffect, "a store into a dict from outside the trace with a key that is not a constant string, number or tuple");
  if (!vm::is_str(key.ex)) dict_keys(d);  // its keys guarded: lookups by this key run no Python code
  escape_check(v, "a dict from outside the trace");
  note_change(d.reg, d.ex.as_object());
  Node n;
  n.op = GraphOp::SetItem;
  n.label = "setitem";
  n.in = {reg_of(d), const_id(key.ex), reg_of(v)};
  add_node(std::move(n), Value::none());
  auto& ov = dict_overlay_[d.ex.as_object()].items;
  for (auto& kv : ov)
    if (same_key(kv.first, key.ex)) {
      kv.second = v;
      return;
    }
  ov.emplace_back(key.ex, v);
}

void Tracer::dict_delete(const Sym& d, const Sym& key) {
  if (!key.is_const() || !plain_key(key.ex))
    stop(BreakReason::SideEffect, "a deletion from a dict from outside the trace with a key that is not a constant string, number or tuple");
  std::vector<Value> keys = dict_keys(d);
  bool found = false;
  for (const Value& k : keys) found = found || same_key(k, key.ex);
  if (!found) {
    Value r = vm::repr(vm_, key.ex);
    checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict deletion");
  }
  note_change(d.reg, d.ex.as_object());
  auto& ov = dict_overlay_[d.ex.as_object()];
  if (!ov.complete) {
    std::vector<std::pair<Value, Sym>> all;
    for (const Value& k : keys) {
      Sym v;  // Null: unchanged
      for (auto& [k2, v2] : ov.items)
        if (same_key(k2, k)) v = v2;
      all.emplace_back(k, v);
    }
    ov.items = std::move(all);
    ov.complete = true;
  }
  std::erase_if(ov.items, [&](const auto& kv) { return same_key(kv.first, key.ex); });
  Node n;
  n.op = GraphOp::Call;
  n.callee = vm::type_lookup(vm_.types.dict, vm_.intern("pop").as<vm::StrObject>());
  n.label = "dict.pop";
  n.in = {reg_of(d), const_id(key.ex)};
  add_node(std::move(n), Value::none());
}

Sym Tracer::dict_item(const Sym& d, const Value& key) {
  if (!dict_key_ok(key))
    stop(BreakReason::UnsupportedValue,
         "a dict from outside the trace indexed by a key other than a string, number, tuple, enum member or object compared by identity");
  // A key other than a str: the dict's keys are guarded, so looking it up
  // when the guards load it compares only plain keys (no __eq__ runs).
  if (!vm::is_str(key)) dict_keys(d);
  auto ov = dict_overlay_.find(d.ex.as_object());
  bool gone = false;
  if (ov != dict_overlay_.end()) {
    gone = ov->second.complete;
    for (auto& [k, v] : ov->second.items)
      if (same_key(k, key)) {
        if (v.kind != SymKind::Null) return v;
        gone = false;
      }
  }
  Value v;
  if (!gone) {
    v = vm::is_str(key)         ? vm::dict_get_str(d.ex.as<vm::DictObject>(), key.as<vm::StrObject>())
        : identity_key(key) ? vm::dict_get_identical(d.ex.as<vm::DictObject>(), key)
                            : vm::dict_get(vm_, d.ex.as<vm::DictObject>(), key);
    if (v.is_empty()) vm_.clear_exception();
  }
  if (v.is_empty()) {
    Value r = vm::repr(vm_, key);
    if (!r) vm_.clear_exception();
    checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict lookup");
  }
  Source item{SourceKind::DictItem, d.reg, 0, key, Value()};
  if (identity_key(key)) item.label = value_text(vm_, key);
  return from_source(guards_.sources.add(item), v);
}

std::vector<std::pair<Value, Sym>> Tracer::mapping_items(const Sym& m, const char* what) {
  std::vector<std::pair<Value, Sym>> out;
  if (m.kind == SymKind::Map && !m.map->is_set) return m.map->items;
  if (!is_dict_obj(m)) stop(BreakReason::UnsupportedValue, fmt::format("{} of this value", what));
  refuse_overrides(m, {"keys", "__getitem__", "__iter__"}, what);
  for (const Value& k : dict_keys(m)) out.emplace_back(k, dict_item(m, k));
  return out;
}

Sym Tracer::getitem(const Sym& c0, const Sym& key0) {
  const Sym c = c0.kind == SymKind::Ref && !c0.tensor ? concretize(c0) : c0;
  const Sym key = c.is_tensor() ? key0 : concretize(key0);
  if (Sym r; subclass_dunder(c, "__getitem__", {key}, &r)) return r;
  if (c.is_const() && key.is_const()) return Sym::constant(checked(vm::getitem(vm_, c.ex, key.ex), "subscript"));
  if (Value k; is_dict_obj(c) && key_value(key, &k)) return dict_item(c, k);
  if (c.kind == SymKind::Map) return map_get(c, key);
  if (Sym r; call_dunder(c, "__getitem__", {key}, &r)) return r;
  if (c.kind == SymKind::Seq && key.is_const()) {
    auto& items = c.seq->items;
    int64_t i;
    if (vm::int_value(key.ex, &i)) {
      if (i < 0) i += int64_t(items.size());
      if (i < 0 || i >= int64_t(items.size())) checked(Value(vm_.raise(vm::Exc::IndexError, "index out of range")), "subscript");
      return items[size_t(i)];
    }
    if (vm::is_kind(key.ex, ObjKind::Slice)) {
      // Slice the indices (a range of the same length) to pick the items.
      Value idx = checked(vm::sequence_to_list(vm_, checked(vm_.call1(Value::borrow(vm_.types.range),
                                                                          vm::make_int(vm_, int64_t(items.size()))),
                                                                "range")),
                          "slice");
      Value picked = checked(vm::getitem(vm_, idx, key.ex), "slice");
      Sym s;
      s.kind = SymKind::Seq;
      s.seq = std::make_shared<SeqData>();
      s.seq->is_list = c.seq->is_list;
      s.seq->is_size = c.seq->is_size;
      for (auto& v : picked.as<vm::ListObject>()->items) {
        int64_t k = 0;
        vm::int_value(v, &k);
        s.seq->items.push_back(items[size_t(k)]);
      }
      return s;
    }
    stop(BreakReason::UnsupportedValue, "a tuple or list indexed by a non-int");
  }
  if (c.kind == SymKind::Ref) {
    Value ek = example_of(key);
    if (torch::is_tensor(ek) && torch::tensor_of(ek).dtype == torch::DType::Bool)
      stop(BreakReason::DataDependentShape, "indexing with a boolean mask");
    if (vm::is_kind(ek, ObjKind::Tuple) || vm::is_kind(ek, ObjKind::List)) {
      auto items = vm::is_kind(ek, ObjKind::Tuple) ? std::vector<Value>(ek.as<vm::TupleObject>()->begin(),
                                                                        ek.as<vm::TupleObject>()->end())
                                                   : std::vector<Value>(ek.as<vm::ListObject>()->items.begin(),
                                                                        ek.as<vm::ListObject>()->items.end());
      for (auto& v : items)
        if (torch::is_tensor(v) && torch::tensor_of(v).dtype == torch::DType::Bool)
          stop(BreakReason::DataDependentShape, "indexing with a boolean mask");
    }
    Value r = checked(vm::getitem(vm_, c.ex, ek), "subscript");
    Node n;
    n.op = GraphOp::GetItem;
    n.label = "getitem";
    n.in = {reg_of(c), reg_of(key)};
    int id = add_node(std::move(n), r);
    return node_result(id, r, "subscript");
  }
  stop(BreakReason::UnsupportedValue, "subscript of this value");
}

void Tracer::length_read(const Sym& s) {
  // How many values an op's tuple holds (q, k, v = x.chunk(3, -1); for t
  // in x.unbind(1)) is known to the symbolic-size pass, which fixes or pins
  // the sizes it follows from (Node::count_read); any other length read (a
  // tensor's rows) pins them now.
  const Node* made = s.kind == SymKind::Ref && !s.tensor && tag_kind(s.reg) == kNodeTag &&
                             size_t(tag_index(s.reg)) < nodes_.size()
                         ? &nodes_[size_t(tag_index(s.reg))]
                         : nullptr;
  OpCall call;
  if (made && made->op == GraphOp::Call && op_call_of(*made, &call)) nodes_[size_t(tag_index(s.reg))].count_read = true;
  else size_read();
}

std::vector<Sym> Tracer::unpack(const Sym& s, size_t n) {
  std::vector<Sym> out;
  if (subclass_override(s, "__iter__")) {  // unpacking iterates
    out = drain(s);
    if (out.size() != n) stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", out.size(), n));
    return out;
  }
  if (s.kind == SymKind::Seq) {
    if (s.seq->items.size() != n)
      stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", s.seq->items.size(), n));
    return s.seq->items;
  }
  int64_t len = -1;
  Value e = example_of(s);
  length_read(s);
  if (!vm::length(vm_, e, &len)) checked(Value(), "unpack");
  if (len != int64_t(n)) stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", len, n));
  for (size_t i = 0; i < n; i++) out.push_back(getitem(s, Sym::constant(vm::make_int(vm_, int64_t(i)))));
  return out;
}

Sym Tracer::iterate(const Sym& s) {
  Sym it;
  it.kind = SymKind::Iter;
  it.iter = std::make_shared<IterData>();
  if (s.kind == SymKind::Iter) return s;
  if (Sym r; subclass_dunder(s, "__iter__", {}, &r)) return iterate(r);
  if (s.kind == SymKind::Seq) {
    if (s.seq->is_list) {
      // By index, as CPython's list iterator: items the loop appends or
      // replaces are seen.
      it.iter->kind = IterData::List;
      it.iter->list = s.seq;
      return it;
    }
    it.iter->items = s.seq->items;
    return it;
  }
  if (is_dict_obj(s)) {
    for (const Value& k : dict_keys(s)) it.iter->items.push_back(Sym::constant(k));
    it.iter->watch_dict = std::make_shared<Sym>(s);
    return it;
  }
  if (s.kind == SymKind::Map && s.map->is_set) {
    if (set_has_tensors(s))
      stop(BreakReason::UnsupportedValue, "iterating over a set of tensors (its order follows their addresses)");
    // A set iterates in its hash order: the real set's.
    // The set's keys in the map's order are checked against changes; the
    // items come in the real set's order.
    Value l = checked(vm::sequence_to_list(vm_, example_of(s)), "iter()");
    for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
    it.iter->watch_map = s.map;
    for (auto& kv : s.map->items) it.iter->watch_keys.push_back(kv.first);
    return it;
  }
  if (s.kind == SymKind::Map) {
    for (auto& kv : s.map->items) it.iter->items.push_back(Sym::constant(kv.first));
    it.iter->watch_map = s.map;
    for (auto& kv : s.map->items) it.iter->watch_keys.push_back(kv.first);
    return it;
  }
  if (Sym r; call_dunder(s, "__iter__", {}, &r)) return iterate(r);
  if (s.is_const()) {
    const Value& v = s.ex;
    if (vm::is_kind(v, ObjKind::Range) || vm::is_kind(v, ObjKind::Tuple) || vm::is_str(v) ||
        vm::is_kind(v, ObjKind::Set)) {  // a frozenset constant, or a set from a source (its contents guarded)
      int64_t n = 0;
      if (!vm::length(vm_, v, &n)) checked(Value(), "iter()");
      if (n > lim_.max_instructions) stop(BreakReason::TraceTooLong, fmt::format("a loop of {} iterations", n));
      Value l = checked(vm::sequence_to_list(vm_, v), "iter()");
      for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
      return it;
    }
    stop(BreakReason::UnsupportedValue, fmt::format("iterating over a '{}'", vm::type_name(vm_, v)));
  }
  if (s.kind == SymKind::Ref) {
    int64_t n = 0;
    length_read(s);
    if (s.tensor && torch::tensor_of(s.ex).dim() == 0) checked(Value(vm_.raise(vm::Exc::TypeError, "iteration over a 0-d tensor")), "iter()");
    if (!vm::length(vm_, s.ex, &n)) checked(Value(), "iter()");
    if (n > 1024) stop(BreakReason::TraceTooLong, fmt::format("iterating over {} rows of a tensor", n));
    for (int64_t i = 0; i < n; i++) it.iter->items.push_back(getitem(s, Sym::constant(vm::make_int(vm_, i))));
    return it;
  }
  stop(BreakReason::UnsupportedValue, "iterating over this value");
}

Sym Tracer::call_list_method(const NativeObject* nat, std::vector<Sym>& args) {
  Sym self = args[0];
  std::string_view name = nat->name ? nat->name : "";
  bool mutating = name == "append" || name == "extend" || name == "pop" || name == "insert" || name == "clear" ||
                  name == "reverse";
  if (mutating && self.seq->from_source) before_source_list_change(self);
  if (mutating) touch(self.seq);
  Sym r = list_method(name, self, args);
  if (mutating && self.seq->from_source) sync_source_list(self);
  return r;
}

Sym Tracer::list_method(std::string_view name, const Sym& self, std::vector<Sym>& args) {
  auto& items = self.seq->items;
  if (name == "append" && args.size() == 2) {
    items.push_back(args[1]);
    return Sym::constant(Value::none());
  }
  if (name == "extend" && args.size() == 2) {
    auto more = drain(args[1]);
    items.insert(items.end(), more.begin(), more.end());
    return Sym::constant(Value::none());
  }
  if (name == "pop" && args.size() <= 2) {
    int64_t i = -1;
    if (args.size() == 2 && (!args[1].is_const() || !vm::int_value(args[1].ex, &i)))
      stop(BreakReason::UnsupportedCall, "list.pop with this index");
    if (i < 0) i += int64_t(items.size());
    if (i < 0 || i >= int64_t(items.size())) stop(BreakReason::ExceptionInTrace, "pop from empty list or index out of range");
    Sym r = items[size_t(i)];
    items.erase(items.begin() + i);
    return r;
  }
  if (name == "insert" && args.size() == 3 && args[1].is_const()) {
    int64_t i = 0;
    if (!vm::int_value(args[1].ex, &i)) stop(BreakReason::UnsupportedCall, "list.insert with this index");
    int64_t n = int64_t(items.size());
    if (i < 0) i = std::max<int64_t>(0, i + n);
    i = std::min(i, n);
    items.insert(items.begin() + i, args[2]);
    return Sym::constant(Value::none());
  }
  if (name == "clear" && args.size() == 1) {
    items.clear();
    return Sym::constant(Value::none());
  }
  if (name == "reverse" && args.size() == 1) {
    std::reverse(items.begin(), items.end());
    return Sym::constant(Value::none());
  }
  stop(BreakReason::UnsupportedCall, fmt::format("list.{}", name));
}

Sym Tracer::call_map_method(const NativeObject* nat, std::vector<Sym>& args) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& m = args[0];
  if ((name == "items" || name == "keys" || name == "values") && args.size() == 1) {
    std::vector<Sym> out;
    for (auto& [k, v] : m.map->items) {
      if (name == "keys") out.push_back(Sym::constant(k));
      else if (name == "values") out.push_back(v);
      else out.push_back(seq_of({Sym::constant(k), v}));
    }
    return seq_of(std::move(out));
  }
  if (name == "get" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i >= 0) return m.map->items[size_t(i)].second;
    return args.size() == 3 ? args[2] : Sym::constant(Value::none());
  }
  if (name == "pop" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i < 0) {
      if (args.size() == 3) return args[2];
      return map_get(m, args[1]);  // raises KeyError
    }
    touch(m.map);
    Sym v = m.map->items[size_t(i)].second;
    m.map->items.erase(m.map->items.begin() + i);
    return v;
  }
  if (name == "setdefault" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i >= 0) return m.map->items[size_t(i)].second;
    Sym d = args.size() == 3 ? args[2] : Sym::constant(Value::none());
    map_set(m, args[1], d);
    return d;
  }
  if (name == "copy" && args.size() == 1) {
    Sym c = new_map();
    c.map->items = m.map->items;
    return c;
  }
  if (name == "__contains__" && args.size() == 2) return Sym::constant(Value::boolean(map_find(*m.map, args[1]) >= 0));
  stop(BreakReason::UnsupportedCall, fmt::format("dict.{}", name));
}

Sym Tracer::call_set_method(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& m = args[0];
  if (name == "add" && args.size() == 2) {
    map_set(m, concretize(args[1]), Sym::constant(Value::none()));
    return Sym::constant(Value::none());
  }
  if ((name == "discard" || name == "remove") && args.size() == 2) {
    int i = map_find(*m.map, concretize(args[1]));
    if (i < 0) {
      if (name == "remove") checked(Value(vm_.raise(vm::Exc::KeyError, "set.remove")), "set.remove");
      return Sym::constant(Value::none());
    }
    touch(m.map);
    m.map->items.erase(m.map->items.begin() + i);
    return Sym::constant(Value::none());
  }
  if (name == "update" && args.size() == 2) {
    for (auto& x : drain(args[1])) map_set(m, concretize(x), Sym::constant(Value::none()));
    return Sym::constant(Value::none());
  }
  if (name == "clear" && args.size() == 1) {
    touch(m.map);
    m.map->items.clear();
    return Sym::constant(Value::none());
  }
  // Anything else that does not change the set (union, issubset, copy...):
  // computed on the constants.
  static const std::set<std::string> kReading = {"union", "intersection", "difference", "symmetric_difference",
                                                 "issubset", "issuperset", "isdisjoint", "copy", "__contains__"};
  if (!kReading.count(std::string(name))) stop(BreakReason::UnsupportedCall, fmt::format("set.{}", name));
  if (name == "__contains__" && args.size() == 2) return Sym::constant(Value::boolean(map_find(*m.map, args[1]) >= 0));
  for (auto& a : args)
    if (set_has_tensors(a)) stop(BreakReason::UnsupportedCall, fmt::format("set.{} on a set of tensors", name));
  std::vector<Value> ex;
  for (auto& a : args) ex.push_back(example_of(concretize(a)));
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), ex.size() - nkw, nkw ? kwnames.as<vm::TupleObject>() : nullptr},
                           nat->data),
                    fmt::format("set.{}", name));
  if (vm::is_kind(r, ObjKind::Set)) return set_of(r);
  if (!is_immutable_const(r)) stop(BreakReason::UnsupportedValue, fmt::format("the result of set.{}", name));
  return Sym::constant(r);
}

Sym Tracer::call_dict_method(const NativeObject* nat, std::vector<Sym>& args) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& d = args[0];
  if ((name == "items" || name == "keys" || name == "values") && args.size() == 1) {
    std::vector<Sym> out;
    for (const Value& k : dict_keys(d)) {
      if (name == "keys") out.push_back(Sym::constant(k));
      else if (name == "values") out.push_back(dict_item(d, k));
      else out.push_back(seq_of({Sym::constant(k), dict_item(d, k)}, false));
    }
    return seq_of(std::move(out), false);
  }
  Value key;
  if (name == "get" && (args.size() == 2 || args.size() == 3) && key_value(args[1], &key)) {
    std::vector<Value> keys = dict_keys(d);
    for (const Value& k : keys)
      if (same_key(k, key)) return dict_item(d, k);
    return args.size() == 3 ? args[2] : Sym::constant(Value::none());
  }
  if (name == "__contains__" && args.size() == 2 && key_value(args[1], &key)) {
    for (const Value& k : dict_keys(d))
      if (same_key(k, key)) return Sym::constant(Value::boolean(true));
    return Sym::constant(Value::boolean(false));
  }
  if (name == "pop" && (args.size() == 2 || args.size() == 3) && args[1].is_const() && plain_key(args[1].ex)) {
    bool has = false;
    for (const Value& k : dict_keys(d)) has = has || same_key(k, args[1].ex);
    if (!has && args.size() == 3) return args[2];
    Sym v = has ? dict_item(d, args[1].ex) : Sym();
    dict_delete(d, args[1]);  // raises KeyError when missing
    return v;
  }
  if (name == "update" && args.size() == 2) {
    // d.update(other) of a dict (made in the trace or read from outside)
    // with str keys: one store per item, in order.
    std::vector<std::pair<Sym, Sym>> items;
    if (args[1].kind == SymKind::Map && !args[1].map->is_set) {
      for (auto& [k, v] : args[1].map->items) items.emplace_back(Sym::constant(k), v);
    } else if (is_dict_obj(args[1])) {
      for (const Value& k : dict_keys(args[1])) items.emplace_back(Sym::constant(k), dict_item(args[1], k));
    } else {
      stop(BreakReason::SideEffect, "dict.update with something other than a dict, on a dict from outside the traced function");
    }
    for (auto& [k, v] : items) dict_store(d, k, v);
    return Sym::constant(Value::none());
  }
  stop(BreakReason::SideEffect, fmt::format("dict.{} on a dict from outside the traced function", name));
}

Sym Tracer::set_from_source(int src, const Value& real) {
  auto* st = real.as<vm::SetObject>();
  if (st->used > 256) stop(BreakReason::UnsupportedValue, "a set of more than 256 items");
  for (const auto& slot : st->table)
    if (!slot.key.is_empty() && !is_immutable_const(slot.key))
      stop(BreakReason::UnsupportedValue, fmt::format("a set of non-constants from {}", guards_.sources.describe(src)));
  guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
  if (!vm::set_is_frozen(st)) guard(GuardKind::IdMatch, src, real);
  Value items = vm::tuple_new(vm_, st->used);
  size_t i = 0;
  for (const auto& slot : st->table)
    if (!slot.key.is_empty()) items.as<vm::TupleObject>()->items[i++] = slot.key;
  guard(GuardKind::ConstMatch, src, items);
  return Sym::constant(real);
}

Sym Tracer::seq_from_source(int src, const Value& real) {
  bool list = vm::is_kind(real, ObjKind::List);
  guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
  size_t n = list ? real.as<vm::ListObject>()->items.size() : real.as<vm::TupleObject>()->size;
  guard(GuardKind::LenMatch, src, Value(), int64_t(n));
  if (n > 256) stop(BreakReason::UnsupportedValue, "a tuple or list of more than 256 items");
  bool size = !list && vm_.torch_state && real.as_object()->type == torch::torch_state(vm_).size_type;
  vm::TypeObject* sub = is_user_class(real.as_object()->type) ? real.as_object()->type : nullptr;
  // A user subclass: its class's version is guarded (a dunder added
  // later is seen), and its own dunders are inlined where the builtin's
  // would run (subclass_override).
  if (sub) class_guards(sub);
  Sym s;
  s.kind = SymKind::Seq;
  s.seq = std::make_shared<SeqData>();
  s.seq->cls = sub ? Value::borrow(sub) : Value();
  if (!list && sub && is_immutable_const(real) && !overrides_protocol(s)) {
    // A named tuple of constants: kept whole, guarded by value (its items
    // never become dynamic ints, which the constant would go stale on).
    guard(GuardKind::ConstMatch, src, real);
    return Sym::constant(real);
  }
  s.seq->is_list = list;
  s.seq->is_size = size;  // a torch.Size: items may be dynamic, rebuilt as a Size
  s.seq->from_source = list;
  s.seq->source = src;
  if (list) {
    // One list read through two sources is one SeqData (a change
    // through one is seen through the other), guarded to stay one
    // object; lists read apart are guarded apart once one changes.
    auto seen = source_lists_.find(real.as_object());
    if (seen != source_lists_.end()) {
      alias_guard(src, real.as_object(), seen->second.first, real.as_object());
      s.seq = seen->second.second;
      return s;
    }
    s.seq->real = real;
    source_lists_[real.as_object()] = {src, s.seq};
    note_mutable_source(src, real.as_object());
  }
  for (size_t i = 0; i < n; i++) {
    Value item = list ? real.as<vm::ListObject>()->items[i] : real.as<vm::TupleObject>()->items[i];
    Source is{SourceKind::Item, src, int(i), Value(), Value()};
    s.seq->items.push_back(from_source(guards_.sources.add(is), item));
  }
  return s;
}

}  // namespace kiln::tracer
