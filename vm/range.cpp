// vm/range.cpp — the range type.
#include "vm/range.h"

#include <string>

#include "vm/container_support.h"
#include "vm/iterators.h"
#include "vm/slice.h"
#include "vm/tuple.h"

namespace kiln::vm {

__int128 range_length(int64_t start, int64_t stop, int64_t step) {
  __int128 lo, hi, st = step;
  if (step > 0) {
    lo = start;
    hi = stop;
  } else {
    lo = stop;
    hi = start;
    st = -st;
  }
  if (lo >= hi) return 0;
  if (st == 1) return hi - lo;  // range(n), range(a, b): no 128-bit division
  return (hi - lo - 1) / st + 1;
}

Value range_new(VM& vm, int64_t start, int64_t stop, int64_t step) {
  if (step == 0) return vm.raise(Exc::ValueError, "range() arg 3 must not be zero");
  __int128 len = range_length(start, stop, step);
  if (len > INT64_MAX) return vm.raise(Exc::OverflowError, "Python int too large to convert to C ssize_t");
  auto* r = object_new<RangeObject>(vm, ObjKind::Range, vm.types.range);
  r->start = start;
  r->stop = stop;
  r->step = step;
  r->length = int64_t(len);
  return Value::steal(r);
}

Value range_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "range() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "range", 1, 3)) return Value();
  int64_t start = 0, stop, step = 1;
  if (a.nargs == 1) {
    if (!index_value(vm, a.args[0], &stop)) return Value();
  } else {
    if (!index_value(vm, a.args[0], &start) || !index_value(vm, a.args[1], &stop)) return Value();
    if (a.nargs == 3 && !index_value(vm, a.args[2], &step)) return Value();
  }
  return range_new(vm, start, stop, step);
}

namespace {

RangeObject* R(Object* o) { return static_cast<RangeObject*>(o); }

inline int64_t item_at(const RangeObject* r, int64_t i) { return int64_t(__int128(r->start) + __int128(i) * r->step); }

// Whether the int x is one of r's values.
bool contains_int(const RangeObject* r, int64_t x) {
  if (r->step > 0) {
    if (!(r->start <= x && x < r->stop)) return false;
  } else {
    if (!(r->stop < x && x <= r->start)) return false;
  }
  return (__int128(x) - r->start) % r->step == 0;
}

// Exact ints and bools take the O(1) path (CPython: PyLong_CheckExact || PyBool_Check).
bool exact_int(VM& vm, const Value& v, int64_t* out) {
  if (v.is_small_int() || v.is_bool()) return int_value(v, out);
  if (is_kind(v, ObjKind::Int) && v.as_object()->type == vm.types.int_) return int_value(v, out);
  return false;
}

Value r_repr(VM& vm, Object* o) {
  auto* r = R(o);
  std::string s = "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
  if (r->step != 1) s += ", " + std::to_string(r->step);
  s += ")";
  return make_str(vm, s);
}

bool r_hash(VM& vm, Object* o, int64_t* out) {
  auto* r = R(o);
  Value t;
  if (r->length == 0) t = tuple_pack(vm, {make_int(vm, 0), Value::none(), Value::none()});
  else if (r->length == 1) t = tuple_pack(vm, {make_int(vm, 1), make_int(vm, r->start), Value::none()});
  else t = tuple_pack(vm, {make_int(vm, r->length), make_int(vm, r->start), make_int(vm, r->step)});
  return tuple_hash(vm, as_tuple(t), out);
}

bool range_equals(const RangeObject* a, const RangeObject* b) {
  if (a == b) return true;
  if (a->length != b->length) return false;
  if (a->length == 0) return true;
  if (a->start != b->start) return false;
  if (a->length == 1) return true;
  return a->step == b->step;
}

Value r_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_kind(other, ObjKind::Range)) return Value::not_implemented();
  if (op != CmpOpKind::Eq && op != CmpOpKind::NotEq) return Value::not_implemented();
  bool eq = range_equals(R(o), as_range(other));
  return Value::boolean(op == CmpOpKind::Eq ? eq : !eq);
}

bool r_len(VM&, Object* o, int64_t* out) {
  *out = R(o)->length;
  return true;
}

Value r_getitem(VM& vm, Object* o, const Value& key) {
  auto* r = R(o);
  int64_t i;
  int kind = subscript_classify(vm, key, &i, "range");
  if (kind == 0) return Value();
  if (kind == 1) {
    if (i < 0) i += r->length;
    if (i < 0 || i >= r->length) return vm.raise(Exc::IndexError, "range object index out of range");
    return make_int(vm, item_at(r, i));
  }
  int64_t start, stop, step;
  if (!slice_long_indices(vm, as_slice(key), r->length, &start, &stop, &step)) return Value();
  __int128 substart = __int128(r->start) + __int128(start) * r->step;
  __int128 substop = __int128(r->start) + __int128(stop) * r->step;
  __int128 substep = __int128(r->step) * step;
  if (substart < INT64_MIN || substart > INT64_MAX || substop < INT64_MIN || substop > INT64_MAX ||
      substep < INT64_MIN || substep > INT64_MAX)
    return vm.raise(Exc::OverflowError, "Python int too large to convert to C ssize_t");
  return range_new(vm, int64_t(substart), int64_t(substop), int64_t(substep));
}

int r_contains(VM& vm, Object* o, const Value& item) {
  auto* r = R(o);
  int64_t x;
  if (exact_int(vm, item, &x)) return contains_int(r, x) ? 1 : 0;
  for (int64_t i = 0; i < r->length; ++i) {
    int k = eq_fast(vm, make_int(vm, item_at(r, i)), item);
    if (k != 0) return k;
  }
  return 0;
}

Value r_iter(VM& vm, Object* o) {
  auto* r = R(o);
  return make_range_iterator(vm, r->start, r->step, r->length);
}

// ------------------------------------------------------------ methods
Value m_count(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.range, "count")) return Value();
  auto* r = as_range(a.args[0]);
  int64_t x;
  if (exact_int(vm, a.args[1], &x)) return make_int(vm, contains_int(r, x) ? 1 : 0);
  int64_t c = 0;
  for (int64_t i = 0; i < r->length; ++i) {
    int k = eq_fast(vm, make_int(vm, item_at(r, i)), a.args[1]);
    if (k < 0) return Value();
    c += k;
  }
  return make_int(vm, c);
}

Value m_index(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.range, "index")) return Value();
  auto* r = as_range(a.args[0]);
  int64_t x;
  if (exact_int(vm, a.args[1], &x)) {
    if (contains_int(r, x)) return make_int(vm, int64_t((__int128(x) - r->start) / r->step));
  } else {
    for (int64_t i = 0; i < r->length; ++i) {
      int k = eq_fast(vm, make_int(vm, item_at(r, i)), a.args[1]);
      if (k < 0) return Value();
      if (k) return make_int(vm, i);
    }
  }
  Value rep = repr(vm, a.args[1]);
  if (!rep) return Value();
  std::string_view rv = str_view(rep);
  return vm.raisef(Exc::ValueError, "%.*s is not in range", int(rv.size()), rv.data());
}

Value m_reversed(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, vm.types.range, "__reversed__")) return Value();
  auto* r = as_range(a.args[0]);
  if (r->length == 0) return make_range_iterator(vm, r->start, 1, 0);
  return make_range_iterator(vm, item_at(r, r->length - 1), -r->step, r->length);
}

Value get_start(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.range, "start")) return Value();
  return make_int(vm, as_range(a.args[0])->start);
}
Value get_stop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.range, "stop")) return Value();
  return make_int(vm, as_range(a.args[0])->stop);
}
Value get_step(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.range, "step")) return Value();
  return make_int(vm, as_range(a.args[0])->step);
}

}  // namespace

const KindSlots range_slots = {
    .repr = r_repr,
    .hash = r_hash,
    .richcompare = r_richcompare,
    .len = r_len,
    .getitem = r_getitem,
    .contains = r_contains,
    .iter = r_iter,
};

void init_range_type(VM& vm) {
  TypeObject* t = vm.types.range;
  vm.add_method(t, "count", m_count);
  vm.add_method(t, "index", m_index);
  vm.add_method(t, "__reversed__", m_reversed);
  vm.add_method(t, "__len__", dunder_len<range_slots, &VM::Types::range>);
  vm.add_method(t, "__getitem__", dunder_getitem<range_slots, &VM::Types::range>);
  vm.add_method(t, "__contains__", dunder_contains<range_slots, &VM::Types::range>);
  vm.add_method(t, "__iter__", dunder_iter<range_slots, &VM::Types::range>);
  add_getter(vm, t, "start", get_start);
  add_getter(vm, t, "stop", get_stop);
  add_getter(vm, t, "step", get_step);
}

}  // namespace kiln::vm
