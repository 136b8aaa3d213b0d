// vm/iterators.cpp — the builtin iterator types (see iterators.h for the
// per-type use of the IteratorObject fields).
#include "vm/iterators.h"

#include <array>
#include <string>
#include <vector>

#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/range.h"
#include "vm/set.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {
inline Value int_value_of(VM& vm, int64_t i) {
  return Value::fits_small_int(i) ? Value::small_int(i) : make_int(vm, i);
}

// Marks an iterator exhausted: it drops what it iterated, so it stays done.
inline Value exhaust(IteratorObject* it) {
  it->a = Value();
  it->b = Value();
  return Value();
}
}  // namespace

// The two iterators FOR_ITER steps inline (vm/interpreter.cpp); it knows
// them by these addresses.
Value list_next(VM&, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  auto* l = it->a.as<ListObject>();
  if (it->i < int64_t(l->items.size())) return l->items[size_t(it->i++)];
  return exhaust(it);
}

Value range_next(VM& vm, IteratorObject* it) {
  if (it->n <= 0) return Value();
  int64_t v = it->i;
  // Unsigned add: stepping past the last value may leave the int64 range.
  it->i = int64_t(uint64_t(it->i) + uint64_t(it->step));
  it->n--;
  return int_value_of(vm, v);
}

namespace {



// ------------------------------------------------------------ sequences

Value list_reverse_next(VM&, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  auto* l = it->a.as<ListObject>();
  if (it->i >= 0 && it->i < int64_t(l->items.size())) return l->items[size_t(it->i--)];
  it->i = -1;
  return exhaust(it);
}

Value tuple_next(VM&, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  auto* t = it->a.as<TupleObject>();
  if (it->i < int64_t(t->size)) return t->items[it->i++];
  return exhaust(it);
}


// ------------------------------------------------------------ set and dict
Value set_next_fn(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  auto* s = it->a.as<SetObject>();
  if (it->n != int64_t(s->used)) {
    vm.raise(Exc::RuntimeError, "Set changed size during iteration");
    it->n = -1;  // sticky
    return Value();
  }
  size_t i = size_t(it->i);
  while (i < s->table.size() && s->table[i].key.is_empty()) ++i;
  it->i = int64_t(i + 1);
  if (i >= s->table.size()) return exhaust(it);
  it->step--;
  return s->table[i].key;
}

// The next live entry of a dict iterator (forward), or null when done
// (exception pending if the dict changed).
const DictObject::Entry* dict_step(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return nullptr;
  auto* d = it->a.as<DictObject>();
  if (it->n != int64_t(d->used)) {
    vm.raise(Exc::RuntimeError, "dictionary changed size during iteration");
    it->n = -1;  // sticky
    return nullptr;
  }
  size_t i = size_t(it->i);
  while (i < d->entries.size() && d->entries[i].key.is_empty()) ++i;
  if (i >= d->entries.size()) {
    exhaust(it);
    return nullptr;
  }
  if (it->step == 0) {
    // Same size but a key we did not expect: keys were replaced during iteration.
    vm.raise(Exc::RuntimeError, "dictionary keys changed during iteration");
    exhaust(it);
    return nullptr;
  }
  it->i = int64_t(i + 1);
  it->step--;
  return &d->entries[i];
}

const DictObject::Entry* dict_step_reverse(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return nullptr;
  auto* d = it->a.as<DictObject>();
  if (it->n != int64_t(d->used)) {
    vm.raise(Exc::RuntimeError, "dictionary changed size during iteration");
    it->n = -1;
    return nullptr;
  }
  int64_t i = it->i;
  if (i >= int64_t(d->entries.size())) i = int64_t(d->entries.size()) - 1;
  while (i >= 0 && d->entries[size_t(i)].key.is_empty()) --i;
  if (i < 0) {
    exhaust(it);
    return nullptr;
  }
  it->i = i - 1;
  it->step--;
  return &d->entries[size_t(i)];
}

Value dict_keys_next(VM& vm, IteratorObject* it) {
  auto* e = dict_step(vm, it);
  return e ? e->key : Value();
}
Value dict_values_next(VM& vm, IteratorObject* it) {
  auto* e = dict_step(vm, it);
  return e ? e->value : Value();
}
Value dict_items_next(VM& vm, IteratorObject* it) {
  auto* e = dict_step(vm, it);
  return e ? tuple_pack(vm, {e->key, e->value}) : Value();
}
Value dict_keys_rnext(VM& vm, IteratorObject* it) {
  auto* e = dict_step_reverse(vm, it);
  return e ? e->key : Value();
}
Value dict_values_rnext(VM& vm, IteratorObject* it) {
  auto* e = dict_step_reverse(vm, it);
  return e ? e->value : Value();
}
Value dict_items_rnext(VM& vm, IteratorObject* it) {
  auto* e = dict_step_reverse(vm, it);
  return e ? tuple_pack(vm, {e->key, e->value}) : Value();
}

// ------------------------------------------------------------ protocol-based
Value seq_next(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  Value r = getitem(vm, it->a, int_value_of(vm, it->i));
  if (r) {
    it->i++;
    return r;
  }
  if (vm.exception_matches(Exc::IndexError) || vm.exception_matches(Exc::StopIteration)) {
    vm.clear_exception();
    exhaust(it);
  }
  return Value();
}

Value callable_next(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  Value r = vm.call0(it->a);
  if (!r) {
    if (vm.exception_matches(Exc::StopIteration)) {
      vm.clear_exception();
      exhaust(it);
    }
    return Value();
  }
  Value sentinel = it->b;
  int ok = eq_fast(vm, sentinel, r);
  if (ok == 0) return r;
  if (ok > 0) exhaust(it);
  return Value();
}

Value enumerate_next(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  Value item = next_fast(vm, it->a);
  if (!item) return Value();
  Value index = int_value_of(vm, it->i);
  it->i++;
  Value r = tuple_new(vm, 2);
  Value* items = as_tuple(r)->items;
  items[0] = std::move(index);
  items[1] = std::move(item);
  return r;
}

Value zip_next(VM& vm, IteratorObject* it) {
  if (it->a.is_empty()) return Value();
  auto* iters = it->a.as<TupleObject>();
  size_t n = iters->size;
  if (n == 0) return Value();
  Value r = tuple_new(vm, n);
  Value* out = as_tuple(r)->items;
  Value* in = iters->items;
  for (size_t i = 0; i < n; ++i) {
    Value item = next_fast(vm, in[i]);
    if (item) {
      out[i] = std::move(item);
      continue;
    }
    if (vm.has_exception() || it->step == 0) return Value();
    // strict=True: every iterator must end together.
    if (i) {
      const char* plural = i == 1 ? " " : "s 1-";
      return vm.raisef(Exc::ValueError, "zip() argument %zu is shorter than argument%s%zu", i + 1, plural, i);
    }
    for (size_t j = 1; j < n; ++j) {
      Value extra = next_fast(vm, in[j]);
      if (extra) {
        const char* plural = j == 1 ? " " : "s 1-";
        return vm.raisef(Exc::ValueError, "zip() argument %zu is longer than argument%s%zu", j + 1, plural, j);
      }
      if (vm.has_exception()) return Value();
    }
    return Value();
  }
  return r;
}

Value map_next(VM& vm, IteratorObject* it) {
  if (it->b.is_empty()) return Value();
  auto* iters = it->b.as<TupleObject>();
  size_t n = iters->size;
  Value* in = iters->items;
  if (n <= 8) {
    std::array<Value, 8> args;
    for (size_t i = 0; i < n; ++i) {
      args[i] = next_fast(vm, in[i]);
      if (!args[i]) return Value();
    }
    return vm.call(it->a, args.data(), n);
  }
  std::vector<Value> args(n);
  for (size_t i = 0; i < n; ++i) {
    args[i] = next_fast(vm, in[i]);
    if (!args[i]) return Value();
  }
  return vm.call(it->a, args.data(), n);
}

Value filter_next(VM& vm, IteratorObject* it) {
  if (it->b.is_empty()) return Value();
  bool plain = it->a.is_none() || (it->a.is_object() && it->a.as_object() == vm.types.bool_);
  for (;;) {
    Value item = next_fast(vm, it->b);
    if (!item) return Value();
    int ok;
    if (plain) {
      ok = truthy(vm, item);
    } else {
      Value r = vm.call1(it->a, item);
      if (!r) return Value();
      ok = truthy(vm, r);
    }
    if (ok < 0) return Value();
    if (ok) return item;
  }
}

Value reversed_next(VM& vm, IteratorObject* it) {
  if (it->i >= 0 && !it->a.is_empty()) {
    Value item = getitem(vm, it->a, int_value_of(vm, it->i));
    if (item) {
      it->i--;
      return item;
    }
    if (vm.exception_matches(Exc::IndexError) || vm.exception_matches(Exc::StopIteration)) vm.clear_exception();
  }
  it->i = -1;
  exhaust(it);
  return Value();
}

// Collects `n` iterators (iter() of each argument) into a tuple.
Value iter_tuple(VM& vm, const Value* iterables, size_t n) {
  Value t = tuple_new(vm, n);
  Value* items = as_tuple(t)->items;
  for (size_t i = 0; i < n; ++i) {
    Value it = get_iter(vm, iterables[i]);
    if (!it) return Value();
    items[i] = std::move(it);
  }
  return t;
}

}  // namespace

// ------------------------------------------------------------ constructors
Value iterator_new(VM& vm, TypeObject* type, IterNextFn next, Value a, Value b) {
  auto* it = object_new<IteratorObject>(vm, ObjKind::Iterator, type);
  it->next = next;
  it->a = std::move(a);
  it->b = std::move(b);
  return Value::steal(it);
}

Value make_list_iterator(VM& vm, const Value& list) {
  return iterator_new(vm, vm.types.list_iterator, list_next, list);
}

Value make_list_reverseiterator(VM& vm, const Value& list) {
  Value r = iterator_new(vm, vm.types.list_reverseiterator, list_reverse_next, list);
  as_iterator(r)->i = int64_t(list.as<ListObject>()->items.size()) - 1;
  return r;
}

Value make_tuple_iterator(VM& vm, const Value& tuple) {
  return iterator_new(vm, vm.types.tuple_iterator, tuple_next, tuple);
}

Value make_range_iterator(VM& vm, int64_t start, int64_t step, int64_t length) {
  Value r = iterator_new(vm, vm.types.range_iterator, range_next, Value());
  auto* it = as_iterator(r);
  it->i = start;
  it->step = step;
  it->n = length;
  return r;
}

Value make_set_iterator(VM& vm, const Value& set) {
  Value r = iterator_new(vm, vm.types.set_iterator, set_next_fn, set);
  auto* it = as_iterator(r);
  it->i = 0;
  it->n = int64_t(set.as<SetObject>()->used);
  it->step = it->n;
  return r;
}

Value make_dict_iterator(VM& vm, const Value& dict, DictIterKind kind, bool reversed) {
  TypeObject* type;
  IterNextFn fn;
  switch (kind) {
    case DictIterKind::Keys:
      type = vm.types.dict_keyiterator;
      fn = reversed ? dict_keys_rnext : dict_keys_next;
      break;
    case DictIterKind::Values:
      type = vm.types.dict_valueiterator;
      fn = reversed ? dict_values_rnext : dict_values_next;
      break;
    default:
      type = vm.types.dict_itemiterator;
      fn = reversed ? dict_items_rnext : dict_items_next;
      break;
  }
  Value r = iterator_new(vm, type, fn, dict);
  auto* it = as_iterator(r);
  auto* d = dict.as<DictObject>();
  it->n = int64_t(d->used);
  it->step = it->n;
  it->i = reversed ? int64_t(d->entries.size()) - 1 : 0;
  return r;
}

Value make_seq_iterator(VM& vm, const Value& seq) {
  return iterator_new(vm, vm.types.seq_iterator, seq_next, seq);
}

Value make_callable_iterator(VM& vm, const Value& callable, const Value& sentinel) {
  return iterator_new(vm, vm.types.callable_iterator, callable_next, callable, sentinel);
}

Value make_enumerate(VM& vm, const Value& iterable, int64_t start) {
  Value it = get_iter(vm, iterable);
  if (!it) return Value();
  Value r = iterator_new(vm, vm.types.enumerate, enumerate_next, std::move(it));
  as_iterator(r)->i = start;
  return r;
}

Value make_zip(VM& vm, const Value* iterables, size_t n, bool strict) {
  Value t = iter_tuple(vm, iterables, n);
  if (!t) return Value();
  Value r = iterator_new(vm, vm.types.zip, zip_next, std::move(t));
  as_iterator(r)->step = strict ? 1 : 0;
  return r;
}

Value make_map(VM& vm, const Value& func, const Value* iterables, size_t n) {
  Value t = iter_tuple(vm, iterables, n);
  if (!t) return Value();
  return iterator_new(vm, vm.types.map, map_next, func, std::move(t));
}

Value make_filter(VM& vm, const Value& func, const Value& iterable) {
  Value it = get_iter(vm, iterable);
  if (!it) return Value();
  return iterator_new(vm, vm.types.filter, filter_next, func, std::move(it));
}

Value make_reversed(VM& vm, const Value& seq) {
  if (is_kind(seq, ObjKind::List) && seq.as_object()->type == vm.types.list)
    return make_list_reverseiterator(vm, seq);
  if (is_kind(seq, ObjKind::Range)) {
    auto* r = as_range(seq);
    if (r->length == 0) return make_range_iterator(vm, r->start, 1, 0);
    int64_t last = int64_t(__int128(r->start) + __int128(r->length - 1) * r->step);
    return make_range_iterator(vm, last, -r->step, r->length);
  }
  TypeObject* type = type_of(vm, seq);
  Value meth = type_lookup(type, vm.names.__reversed__);
  if (meth) {
    if (meth.is_none()) return vm.raisef(Exc::TypeError, "'%s' object is not reversible", type_name(vm, seq));
    return vm.call1(meth, seq);
  }
  // PySequence_Check: has __getitem__ and is not a dict.
  bool sequence = false;
  if (seq.is_object()) {
    switch (seq.as_object()->kind) {
      case ObjKind::List:
      case ObjKind::Tuple:
      case ObjKind::Str:
      case ObjKind::Range:
        sequence = true;
        break;
      case ObjKind::Instance:
        sequence = !type_lookup(type, vm.names.__getitem__).is_empty() && !is_subtype(type, vm.types.dict);
        break;
      default:
        break;
    }
  }
  if (!sequence) return vm.raisef(Exc::TypeError, "'%s' object is not reversible", type_name(vm, seq));
  int64_t n;
  if (!length(vm, seq, &n)) return Value();
  Value r = iterator_new(vm, vm.types.reversed, reversed_next, seq);
  as_iterator(r)->i = n - 1;
  return r;
}

// ------------------------------------------------------------ type calls
Value enumerate_type_call(VM& vm, TypeObject*, const CallArgs& a) {
  if (a.nargs + a.nkw() > 2)
    return vm.raisef(Exc::TypeError, "enumerate() takes at most 2 arguments (%zu given)", a.nargs + a.nkw());
  Value iterable, start;
  if (a.nargs >= 1) iterable = a.args[0];
  if (a.nargs >= 2) start = a.args[1];
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view name = str_view(a.kwnames->items[i]);
    if (name == "iterable" && iterable.is_empty()) {
      iterable = a.kwvalue(i);
    } else if (name == "start" && start.is_empty()) {
      start = a.kwvalue(i);
    } else {
      return vm.raisef(Exc::TypeError, "'%.*s' is an invalid keyword argument for enumerate()", int(name.size()),
                       name.data());
    }
  }
  if (iterable.is_empty()) return vm.raise(Exc::TypeError, "enumerate() missing required argument 'iterable'");
  int64_t s = 0;
  if (!start.is_empty() && !index_value(vm, start, &s)) return Value();
  return make_enumerate(vm, iterable, s);
}

Value zip_type_call(VM& vm, TypeObject*, const CallArgs& a) {
  bool strict = false;
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view name = str_view(a.kwnames->items[i]);
    if (name != "strict")
      return vm.raisef(Exc::TypeError, "'%.*s' is an invalid keyword argument for zip()", int(name.size()),
                       name.data());
    int t = truthy(vm, a.kwvalue(i));
    if (t < 0) return Value();
    strict = t != 0;
  }
  return make_zip(vm, a.args, a.nargs, strict);
}

Value map_type_call(VM& vm, TypeObject*, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "map() takes no keyword arguments");
  if (a.nargs < 2) return vm.raise(Exc::TypeError, "map() must have at least two arguments.");
  return make_map(vm, a.args[0], a.args + 1, a.nargs - 1);
}

Value filter_type_call(VM& vm, TypeObject*, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "filter() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "filter", 2, 2)) return Value();
  return make_filter(vm, a.args[0], a.args[1]);
}

Value reversed_type_call(VM& vm, TypeObject*, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "reversed() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "reversed", 1, 1)) return Value();
  return make_reversed(vm, a.args[0]);
}

void iterator_traverse(IteratorObject* it, VisitFn visit, void* ctx) {
  if (it->a.is_object()) visit(it->a, ctx);
  if (it->b.is_object()) visit(it->b, ctx);
}

void iterator_clear_refs(IteratorObject* it) {
  Value a = std::move(it->a), b = std::move(it->b);
  it->a = Value();
  it->b = Value();
}

// ------------------------------------------------------------ slots and methods
namespace {

Value it_repr(VM& vm, Object* o) { return default_object_repr(vm, o); }
Value it_iter(VM&, Object* o) { return Value::borrow(o); }

Value m_iter(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::Iterator)) {
    return vm.raisef(Exc::TypeError, "expected 0 arguments, got %zu", a.nargs ? a.nargs - 1 : 0);
  }
  return a.args[0];
}

Value m_next(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::Iterator)) {
    return vm.raisef(Exc::TypeError, "expected 0 arguments, got %zu", a.nargs ? a.nargs - 1 : 0);
  }
  auto* it = as_iterator(a.args[0]);
  Value r = it->next(vm, it);
  if (!r && !vm.has_exception()) return vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  return r;
}

// __length_hint__ for the iterators that know how much is left.
Value m_length_hint(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::Iterator))
    return vm.raisef(Exc::TypeError, "expected 0 arguments, got %zu", a.nargs ? a.nargs - 1 : 0);
  auto* it = as_iterator(a.args[0]);
  int64_t n = 0;
  if (it->next == list_next) {
    if (!it->a.is_empty()) n = int64_t(it->a.as<ListObject>()->items.size()) - it->i;
  } else if (it->next == list_reverse_next) {
    if (!it->a.is_empty() && it->i < int64_t(it->a.as<ListObject>()->items.size())) n = it->i + 1;
  } else if (it->next == tuple_next) {
    if (!it->a.is_empty()) n = int64_t(it->a.as<TupleObject>()->size) - it->i;
  } else if (it->next == range_next) {
    n = it->n;
  } else if (it->next == set_next_fn) {
    if (!it->a.is_empty() && it->n == int64_t(it->a.as<SetObject>()->used)) n = it->step;
  } else {
    if (!it->a.is_empty() && it->n == int64_t(it->a.as<DictObject>()->used)) n = it->step;
  }
  return make_int(vm, n < 0 ? 0 : n);
}

}  // namespace

const KindSlots iterator_slots = {
    .repr = it_repr,
    .iter = it_iter,
};

void init_iterator_types(VM& vm) {
  TypeObject* all[] = {
      vm.types.list_iterator,      vm.types.list_reverseiterator, vm.types.tuple_iterator,
      vm.types.range_iterator,     vm.types.set_iterator,         vm.types.dict_keyiterator,
      vm.types.dict_valueiterator, vm.types.dict_itemiterator,    vm.types.callable_iterator,
      vm.types.seq_iterator,       vm.types.enumerate,            vm.types.zip,
      vm.types.map,                vm.types.filter,               vm.types.reversed,
      vm.types.str_iterator,
  };
  for (TypeObject* t : all) {
    vm.add_method(t, "__iter__", m_iter);
    vm.add_method(t, "__next__", m_next);
  }
  TypeObject* hinted[] = {
      vm.types.list_iterator,      vm.types.list_reverseiterator, vm.types.tuple_iterator,
      vm.types.range_iterator,     vm.types.set_iterator,         vm.types.dict_keyiterator,
      vm.types.dict_valueiterator, vm.types.dict_itemiterator,
  };
  for (TypeObject* t : hinted) vm.add_method(t, "__length_hint__", m_length_hint);
}

}  // namespace kiln::vm
