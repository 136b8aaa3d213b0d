// vm/tuple.cpp — the tuple type.
#include "vm/tuple.h"

#include <new>
#include <string>
#include <vector>

#include "vm/container_support.h"
#include "vm/iterators.h"
#include "vm/list.h"
#include "vm/slice.h"

namespace kiln::vm {

Value tuple_new_of(VM& vm, TypeObject* cls, size_t n) {
  size_t slots = n ? n : 1;
  auto* t = object_new<TupleObject>(vm, ObjKind::Tuple, cls, sizeof(TupleObject) + (slots - 1) * sizeof(Value));
  Value* items = t->items;
  for (size_t i = 1; i < slots; ++i) new (items + i) Value();
  t->size = n;
  return Value::steal(t);
}

Value tuple_new(VM& vm, size_t n) { return tuple_new_of(vm, vm.types.tuple, n); }

Value tuple_from_array(VM& vm, const Value* src, size_t n) {
  Value r = tuple_new(vm, n);
  Value* items = as_tuple(r)->items;
  for (size_t i = 0; i < n; ++i) items[i] = src[i];
  return r;
}

Value tuple_pack(VM& vm, std::initializer_list<Value> items) {
  return tuple_from_array(vm, items.begin(), items.size());
}

Value tuple_from_iterable(VM& vm, const Value& iterable) {
  if (is_kind(iterable, ObjKind::Tuple) && iterable.as_object()->type == vm.types.tuple) return iterable;
  if (items_readable(vm, iterable, ObjKind::Tuple)) {
    auto* t = as_tuple(iterable);
    return tuple_from_array(vm, t->items, t->size);
  }
  if (items_readable(vm, iterable, ObjKind::List)) {
    auto* l = iterable.as<ListObject>();
    return tuple_from_array(vm, l->items.data(), l->items.size());
  }
  Value it = get_iter(vm, iterable);
  if (!it) return Value();
  std::vector<Value> buf;
  for (;;) {
    Value x = next_fast(vm, it);
    if (!x) {
      if (vm.has_exception()) return Value();
      break;
    }
    buf.push_back(std::move(x));
  }
  Value r = tuple_new(vm, buf.size());
  Value* items = as_tuple(r)->items;
  for (size_t i = 0; i < buf.size(); ++i) items[i] = std::move(buf[i]);
  return r;
}

Value tuple_getitem_index(VM& vm, TupleObject* t, int64_t i) {
  if (i < 0) i += int64_t(t->size);
  if (i < 0 || i >= int64_t(t->size)) return vm.raise(Exc::IndexError, "tuple index out of range");
  return t->items[i];
}

Value tuple_slice(VM& vm, TupleObject* t, int64_t start, int64_t step, int64_t slicelength) {
  if (slicelength <= 0) return tuple_new(vm, 0);
  if (step == 1 && size_t(slicelength) == t->size && t->type == vm.types.tuple) return Value::borrow(t);
  Value r = tuple_new(vm, size_t(slicelength));
  Value* dst = as_tuple(r)->items;
  for (int64_t k = 0, i = start; k < slicelength; ++k, i += step) dst[k] = t->items[i];
  return r;
}

Value tuple_concat(VM& vm, TupleObject* a, TupleObject* b) {
  if (b->size == 0 && a->type == vm.types.tuple) return Value::borrow(a);
  if (a->size == 0 && b->type == vm.types.tuple) return Value::borrow(b);
  try {
    Value r = tuple_new(vm, a->size + b->size);
    Value* dst = as_tuple(r)->items;
    for (size_t i = 0; i < a->size; ++i) dst[i] = a->items[i];
    for (size_t i = 0; i < b->size; ++i) dst[a->size + i] = b->items[i];
    return r;
  } catch (const std::bad_alloc&) {
    return raise_no_memory(vm);
  }
}

static Value tuple_repeat(VM& vm, TupleObject* t, int64_t n) {
  if (n <= 0 || t->size == 0) return tuple_new(vm, 0);
  if (n == 1 && t->type == vm.types.tuple) return Value::borrow(t);
  if (t->size > size_t(INT64_MAX) / sizeof(Value) / size_t(n)) return raise_no_memory(vm);
  try {
    size_t total = t->size * size_t(n);
    Value r = tuple_new(vm, total);
    Value* dst = as_tuple(r)->items;
    for (size_t k = 0; k < total; ++k) dst[k] = t->items[k % t->size];
    return r;
  } catch (const std::bad_alloc&) {
    return raise_no_memory(vm);
  }
}

// CPython's tuplehash (xxHash-based, 3.8+).
bool tuple_hash(VM& vm, TupleObject* t, int64_t* out) {
  if (t->hash != -1) {
    *out = t->hash;
    return true;
  }
  constexpr uint64_t kPrime1 = 11400714785074694791ull;
  constexpr uint64_t kPrime2 = 14029467366897019727ull;
  constexpr uint64_t kPrime5 = 2870177450012600261ull;
  uint64_t acc = kPrime5;
  for (size_t i = 0; i < t->size; ++i) {
    int64_t h;
    if (!hash_fast(vm, t->items[i], &h)) return false;
    uint64_t lane = uint64_t(h);
    acc += lane * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += uint64_t(t->size) ^ (kPrime5 ^ 3527539ull);
  if (acc == uint64_t(-1)) acc = 1546275796;
  t->hash = int64_t(acc);
  *out = t->hash;
  return true;
}

Value tuple_repr(VM& vm, TupleObject* t) {
  if (t->size == 0) return make_str(vm, "()");
  ReprGuard guard(vm, t);
  if (guard.status() < 0) return Value();
  if (guard.status() > 0) return make_str(vm, "(...)");
  std::string out = "(";
  for (size_t i = 0; i < t->size; ++i) {
    if (i) out += ", ";
    Value r = repr(vm, t->items[i]);
    if (!r) return Value();
    out += str_view(r);
  }
  if (t->size == 1) out += ",";
  out += ")";
  return make_str(vm, out);
}

Value tuple_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "tuple() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "tuple", 0, 1)) return Value();
  if (cls == vm.types.tuple) {
    if (a.nargs == 0) return tuple_new(vm, 0);
    return tuple_from_iterable(vm, a.args[0]);
  }
  // A subclass: build the items, then copy them into an instance of cls.
  Value items = a.nargs == 0 ? tuple_new(vm, 0) : tuple_from_iterable(vm, a.args[0]);
  if (!items) return Value();
  auto* src = as_tuple(items);
  Value r = tuple_new_of(vm, cls, src->size);
  for (size_t i = 0; i < src->size; ++i) as_tuple(r)->items[i] = src->items[i];
  return r;
}

void tuple_destroy(TupleObject* t) {
  Value* items = t->items;
  for (size_t i = 0; i < t->size; ++i) items[i] = Value();
}

void tuple_traverse(TupleObject* t, VisitFn visit, void* ctx) {
  Value* items = t->items;
  for (size_t i = 0; i < t->size; ++i)
    if (items[i].is_object()) visit(items[i], ctx);
}

void tuple_clear_refs(TupleObject* t) { tuple_destroy(t); }

// ------------------------------------------------------------ slots
namespace {

Value t_repr(VM& vm, Object* o) { return tuple_repr(vm, static_cast<TupleObject*>(o)); }

bool t_hash(VM& vm, Object* o, int64_t* out) { return tuple_hash(vm, static_cast<TupleObject*>(o), out); }

// CPython's tuplerichcompare: find the first differing item, then compare sizes
// or that item.
Value t_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_kind(other, ObjKind::Tuple)) return Value::not_implemented();
  if (op != CmpOpKind::Lt && op != CmpOpKind::LtE && op != CmpOpKind::Eq && op != CmpOpKind::NotEq &&
      op != CmpOpKind::Gt && op != CmpOpKind::GtE)
    return Value::not_implemented();
  auto* v = static_cast<TupleObject*>(o);
  auto* w = as_tuple(other);
  size_t vlen = v->size, wlen = w->size, i = 0;
  for (; i < vlen && i < wlen; ++i) {
    int k = eq_fast(vm, v->items[i], w->items[i]);
    if (k < 0) return Value();
    if (!k) break;
  }
  if (i >= vlen || i >= wlen) {
    bool r = false;
    switch (op) {
      case CmpOpKind::Lt: r = vlen < wlen; break;
      case CmpOpKind::LtE: r = vlen <= wlen; break;
      case CmpOpKind::Eq: r = vlen == wlen; break;
      case CmpOpKind::NotEq: r = vlen != wlen; break;
      case CmpOpKind::Gt: r = vlen > wlen; break;
      default: r = vlen >= wlen; break;
    }
    return Value::boolean(r);
  }
  if (op == CmpOpKind::Eq) return Value::boolean(false);
  if (op == CmpOpKind::NotEq) return Value::boolean(true);
  return compare(vm, op, v->items[i], w->items[i]);
}

bool t_len(VM&, Object* o, int64_t* out) {
  *out = int64_t(static_cast<TupleObject*>(o)->size);
  return true;
}

Value t_getitem(VM& vm, Object* o, const Value& key) {
  auto* t = static_cast<TupleObject*>(o);
  int64_t i;
  int kind = subscript_classify(vm, key, &i, "tuple");
  if (kind == 1) return tuple_getitem_index(vm, t, i);
  if (kind == 0) return Value();
  int64_t start, stop, step, n;
  if (!slice_indices(vm, as_slice(key), int64_t(t->size), &start, &stop, &step, &n)) return Value();
  return tuple_slice(vm, t, start, step, n);
}

int t_contains(VM& vm, Object* o, const Value& item) {
  auto* t = static_cast<TupleObject*>(o);
  for (size_t i = 0; i < t->size; ++i) {
    int k = eq_fast(vm, t->items[i], item);
    if (k != 0) return k;
  }
  return 0;
}

Value t_iter(VM& vm, Object* o) { return make_tuple_iterator(vm, Value::borrow(o)); }

// A non-int right operand of `*`: user objects may still handle it (__rmul__,
// __index__); builtin ones get CPython's sequence-repeat error.
bool maybe_handles(const Value& v) {
  return v.is_object() && (v.as_object()->kind == ObjKind::Instance || v.as_object()->kind == ObjKind::Opaque);
}

Value t_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  const Value& self = reflected ? b : a;
  const Value& other = reflected ? a : b;
  auto* t = as_tuple(self);
  if (op == BinOpKind::Add) {
    if (reflected) return Value::not_implemented();
    if (is_kind(other, ObjKind::Tuple)) return tuple_concat(vm, t, as_tuple(other));
    if (maybe_handles(other)) return Value::not_implemented();
    return vm.raisef(Exc::TypeError, "can only concatenate tuple (not \"%s\") to tuple", type_name(vm, other));
  }
  if (op == BinOpKind::Mult) {
    int64_t n;
    if (int_value(other, &n)) return tuple_repeat(vm, t, n);
    if (maybe_handles(other)) {
      if (!type_lookup(other.as_object()->type, vm.names.__index__).is_empty()) {
        if (!index_value(vm, other, &n)) return Value();
        return tuple_repeat(vm, t, n);
      }
      return Value::not_implemented();
    }
    if (is_kind(other, ObjKind::Tuple) && reflected) return Value::not_implemented();
    return vm.raisef(Exc::TypeError, "can't multiply sequence by non-int of type '%s'", type_name(vm, other));
  }
  return Value::not_implemented();
}

// ------------------------------------------------------------ methods
Value m_index(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, vm.types.tuple, "index", 1, 3)) return Value();
  auto* t = as_tuple(a.args[0]);
  int64_t n = int64_t(t->size), start = 0, stop = INT64_MAX;
  if (a.nargs > 2 && !slice_index_not_none(vm, a.args[2], &start)) return Value();
  if (a.nargs > 3 && !slice_index_not_none(vm, a.args[3], &stop)) return Value();
  if (start < 0) {
    start += n;
    if (start < 0) start = 0;
  }
  if (stop < 0) {
    stop += n;
  } else if (stop > n) {
    stop = n;
  }
  for (int64_t i = start; i < stop && i < int64_t(t->size); ++i) {
    int k = eq_fast(vm, t->items[i], a.args[1]);
    if (k < 0) return Value();
    if (k) return make_int(vm, i);
  }
  return vm.raise(Exc::ValueError, "tuple.index(x): x not in tuple");
}

Value m_count(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.tuple, "count")) return Value();
  auto* t = as_tuple(a.args[0]);
  int64_t c = 0;
  for (size_t i = 0; i < t->size; ++i) {
    int k = eq_fast(vm, t->items[i], a.args[1]);
    if (k < 0) return Value();
    c += k;
  }
  return make_int(vm, c);
}

}  // namespace

const KindSlots tuple_slots = {
    .repr = t_repr,
    .hash = t_hash,
    .richcompare = t_richcompare,
    .len = t_len,
    .getitem = t_getitem,
    .contains = t_contains,
    .iter = t_iter,
    .binop = t_binop,
};

void init_tuple_type(VM& vm) {
  TypeObject* t = vm.types.tuple;
  vm.add_method(t, "index", m_index);
  vm.add_method(t, "count", m_count);
  vm.add_method(t, "__len__", dunder_len<tuple_slots, &VM::Types::tuple>);
  vm.add_method(t, "__getitem__", dunder_getitem<tuple_slots, &VM::Types::tuple>);
  vm.add_method(t, "__contains__", dunder_contains<tuple_slots, &VM::Types::tuple>);
  vm.add_method(t, "__iter__", dunder_iter<tuple_slots, &VM::Types::tuple>);
  vm.add_method(t, "__hash__", dunder_hash<tuple_slots, &VM::Types::tuple>);
  add_compare_and_repr<tuple_slots, &VM::Types::tuple>(vm, t);
  add_binop<tuple_slots, &VM::Types::tuple, BinOpKind::Add, false>(vm, t);
  add_binop<tuple_slots, &VM::Types::tuple, BinOpKind::Mult, false>(vm, t);
}

}  // namespace kiln::vm
