// vm/slice.cpp — slice objects and CPython's slice index arithmetic.
#include "vm/slice.h"

#include <limits>
#include <string>

#include "vm/container_support.h"
#include "vm/gc.h"
#include "vm/list.h"
#include "vm/str.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// _PyIndex_Check: ints (and bools) and objects whose class defines __index__.
bool has_index(VM& vm, const Value& v) {
  if (is_int(v)) return true;
  if (!v.is_object()) return false;
  Object* o = v.as_object();
  // Instances of user classes, and library objects such as torch tensors.
  if (o->kind != ObjKind::Instance && o->kind != ObjKind::Tensor) return false;
  return !type_lookup(o->type, vm.names.__index__).is_empty();
}

// _PyEval_SliceIndex for a non-None value.
bool slice_index(VM& vm, const Value& v, int64_t* out) {
  if (int_value(v, out)) return true;
  if (!has_index(vm, v)) {
    vm.raise(Exc::TypeError, "slice indices must be integers or None or have an __index__ method");
    return false;
  }
  return index_value(vm, v, out);
}

}  // namespace

namespace {
inline bool untracked_value(const Value& v) { return !v.is_object() || !gc_is_tracked(v.as_object()); }
}  // namespace

Value slice_new(VM& vm, Value start, Value stop, Value step) {
  SliceObject* s = vm.slice_cache;
  if (s) {
    // The cached dead slice: header intact (its class reference kept), fields Empty.
    vm.slice_cache = nullptr;
    s->refcount = 1;
  } else {
    s = static_cast<SliceObject*>(vm_alloc(sizeof(SliceObject)));
    new (s) SliceObject();
    s->kind = ObjKind::Slice;
    s->type = vm.types.slice;
    Value::incref(vm.types.slice);
  }
  s->start = std::move(start);
  s->stop = std::move(stop);
  s->step = std::move(step);
  // A slice never changes: one of ints and None can never be part of a cycle
  // (like a tuple of atomic values), so the collector need not see it.
  if (!untracked_value(s->start) || !untracked_value(s->stop) || !untracked_value(s->step)) gc_track_new(vm, s);
  return Value::steal(s);
}

bool slice_unpack(VM& vm, SliceObject* s, int64_t* start, int64_t* stop, int64_t* step) {
  if (s->step.is_none()) {
    *step = 1;
  } else {
    if (!slice_index(vm, s->step, step)) return false;
    if (*step == 0) {
      vm.raise(Exc::ValueError, "slice step cannot be zero");
      return false;
    }
    // Keeps `step = -step` (slice reversal) free of overflow.
    if (*step < -kMax) *step = -kMax;
  }
  if (s->start.is_none()) {
    *start = *step < 0 ? kMax : 0;
  } else if (!slice_index(vm, s->start, start)) {
    return false;
  }
  if (s->stop.is_none()) {
    *stop = *step < 0 ? kMin : kMax;
  } else if (!slice_index(vm, s->stop, stop)) {
    return false;
  }
  return true;
}

int64_t slice_adjust(int64_t length, int64_t* start, int64_t* stop, int64_t step) {
  if (*start < 0) {
    *start += length;
    if (*start < 0) *start = step < 0 ? -1 : 0;
  } else if (*start >= length) {
    *start = step < 0 ? length - 1 : length;
  }
  if (*stop < 0) {
    *stop += length;
    if (*stop < 0) *stop = step < 0 ? -1 : 0;
  } else if (*stop >= length) {
    *stop = step < 0 ? length - 1 : length;
  }
  if (step == 1) return *start < *stop ? *stop - *start : 0;  // no division
  if (step < 0) {
    if (*stop < *start) return (*start - *stop - 1) / (-step) + 1;
  } else if (*start < *stop) {
    return (*stop - *start - 1) / step + 1;
  }
  return 0;
}

Value getitem_slice(VM& vm, const Value& container, const Value& start, const Value& stop, const Value& step) {
  auto plain = [](const Value& v) { return v.is_none() || v.is_small_int(); };
  if (container.is_object() && plain(start) && plain(stop) && plain(step) &&
      !(step.is_small_int() && step.as_small_int() == 0)) {
    Object* o = container.as_object();
    int64_t length = -1;
    if (o->kind == ObjKind::Str && o->type == vm.types.str) length = static_cast<StrObject*>(o)->length;
    else if (o->kind == ObjKind::List && o->type == vm.types.list) length = int64_t(static_cast<ListObject*>(o)->items.size());
    else if (o->kind == ObjKind::Tuple && o->type == vm.types.tuple) length = int64_t(static_cast<TupleObject*>(o)->size);
    if (length >= 0) {
      // PySlice_Unpack's defaults, then PySlice_AdjustIndices.
      int64_t st = step.is_none() ? 1 : step.as_small_int();
      int64_t lo = start.is_none() ? (st < 0 ? kMax : 0) : start.as_small_int();
      int64_t hi = stop.is_none() ? (st < 0 ? kMin : kMax) : stop.as_small_int();
      int64_t n = slice_adjust(length, &lo, &hi, st);
      switch (o->kind) {
        case ObjKind::Str: return str_slice(vm, static_cast<StrObject*>(o), lo, st, n);
        case ObjKind::List: return list_slice(vm, static_cast<ListObject*>(o), lo, st, n);
        default: return tuple_slice(vm, static_cast<TupleObject*>(o), lo, st, n);
      }
    }
  }
  Value s = slice_new(vm, start, stop, step);
  return getitem(vm, container, s);
}

bool slice_indices(VM& vm, SliceObject* s, int64_t length, int64_t* start, int64_t* stop,
                   int64_t* step, int64_t* slicelength) {
  if (!slice_unpack(vm, s, start, stop, step)) return false;
  *slicelength = slice_adjust(length, start, stop, *step);
  return true;
}

bool slice_long_indices(VM& vm, SliceObject* s, int64_t length, int64_t* out_start, int64_t* out_stop,
                        int64_t* out_step) {
  if (length < 0) {
    vm.raise(Exc::ValueError, "length should not be negative");
    return false;
  }
  int64_t step = 1;
  if (!s->step.is_none()) {
    if (!slice_index(vm, s->step, &step)) return false;
    if (step == 0) {
      vm.raise(Exc::ValueError, "slice step cannot be zero");
      return false;
    }
  }
  // 128-bit arithmetic: start + length must not wrap for extreme values.
  __int128 lower = step < 0 ? -1 : 0;
  __int128 upper = step < 0 ? __int128(length) - 1 : __int128(length);
  auto adjust = [&](const Value& v, bool is_start, int64_t* out) -> bool {
    if (v.is_none()) {
      *out = int64_t(is_start ? (step < 0 ? upper : lower) : (step < 0 ? lower : upper));
      return true;
    }
    int64_t x;
    if (!slice_index(vm, v, &x)) return false;
    __int128 y = x;
    if (y < 0) {
      y += length;
      if (y < lower) y = lower;
    } else if (y > upper) {
      y = upper;
    }
    *out = int64_t(y);
    return true;
  };
  if (!adjust(s->start, true, out_start) || !adjust(s->stop, false, out_stop)) return false;
  *out_step = step;
  return true;
}

int subscript_classify(VM& vm, const Value& key, int64_t* index, const char* what) {
  if (int_value(key, index)) return 1;
  if (is_kind(key, ObjKind::Slice)) return 2;
  if (has_index(vm, key)) return index_value(vm, key, index) ? 1 : 0;
  vm.raisef(Exc::TypeError, "%s indices must be integers or slices, not %s", what, type_name(vm, key));
  return 0;
}

bool slice_index_not_none(VM& vm, const Value& v, int64_t* out) {
  if (int_value(v, out)) return true;
  if (!has_index(vm, v)) {
    vm.raise(Exc::TypeError, "slice indices must be integers or have an __index__ method");
    return false;
  }
  return index_value(vm, v, out);
}

Value slice_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "slice() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "slice", 1, 3)) return Value();
  if (a.nargs == 1) return slice_new(vm, Value::none(), a.args[0], Value::none());
  return slice_new(vm, a.args[0], a.args[1], a.nargs == 3 ? a.args[2] : Value::none());
}

void slice_traverse(SliceObject* s, VisitFn visit, void* ctx) {
  if (s->start.is_object()) visit(s->start, ctx);
  if (s->stop.is_object()) visit(s->stop, ctx);
  if (s->step.is_object()) visit(s->step, ctx);
}

void slice_clear_refs(SliceObject* s) {
  Value a = std::move(s->start), b = std::move(s->stop), c = std::move(s->step);
  s->start = Value::none();
  s->stop = Value::none();
  s->step = Value::none();
}

// ------------------------------------------------------------ slots
namespace {

Value slice_repr(VM& vm, Object* o) {
  auto* s = static_cast<SliceObject*>(o);
  std::string out = "slice(";
  const Value* parts[3] = {&s->start, &s->stop, &s->step};
  for (int i = 0; i < 3; ++i) {
    Value r = repr(vm, *parts[i]);
    if (!r) return Value();
    if (i) out += ", ";
    out += str_view(r);
  }
  out += ")";
  return make_str(vm, out);
}

Value slice_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_kind(other, ObjKind::Slice)) return Value::not_implemented();
  auto* w = other.as<SliceObject>();
  if (w == o) {
    return Value::boolean(op == CmpOpKind::Eq || op == CmpOpKind::LtE || op == CmpOpKind::GtE);
  }
  auto* v = static_cast<SliceObject*>(o);
  Value t1 = tuple_pack(vm, {v->start, v->stop, v->step});
  Value t2 = tuple_pack(vm, {w->start, w->stop, w->step});
  return compare(vm, op, t1, t2);
}

// slice.indices(length)
Value slice_indices_method(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.slice, "indices")) return Value();
  int64_t length, start, stop, step;
  if (!index_value(vm, a.args[1], &length)) return Value();
  if (!slice_long_indices(vm, a.args[0].as<SliceObject>(), length, &start, &stop, &step)) return Value();
  return tuple_pack(vm, {make_int(vm, start), make_int(vm, stop), make_int(vm, step)});
}

Value slice_get_start(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.slice, "start")) return Value();
  return a.args[0].as<SliceObject>()->start;
}
Value slice_get_stop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.slice, "stop")) return Value();
  return a.args[0].as<SliceObject>()->stop;
}
Value slice_get_step(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, vm.types.slice, "step")) return Value();
  return a.args[0].as<SliceObject>()->step;
}

}  // namespace

// Constant-initialised (designated initialisers), so vm/ops.cpp may read it
// during static initialisation of its own tables.
const KindSlots slice_slots = {
    .repr = slice_repr,
    .richcompare = slice_richcompare,
};

void init_slice_type(VM& vm) {
  TypeObject* t = vm.types.slice;
  vm.add_method(t, "indices", slice_indices_method);
  add_getter(vm, t, "start", slice_get_start);
  add_getter(vm, t, "stop", slice_get_stop);
  add_getter(vm, t, "step", slice_get_step);
}

}  // namespace kiln::vm
