// vm/list.cpp — the list type.
#include "vm/list.h"

#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "vm/container_support.h"
#include "vm/iterators.h"
#include "vm/slice.h"
#include "vm/sort.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {
// Old items are collected here and released only once the list is consistent
// again, so that whatever their release triggers sees a valid list.
using Garbage = std::vector<Value>;
}  // namespace

Value list_new_of(VM& vm, TypeObject* cls) {
  auto* l = object_new<ListObject>(vm, ObjKind::List, cls);
  return Value::steal(l);
}

Value list_new(VM& vm, size_t reserve) {
  Value v = list_new_of(vm, vm.types.list);
  if (reserve) as_list(v)->items.reserve(reserve);
  return v;
}

Value list_from_array(VM& vm, const Value* items, size_t n) {
  Value v = list_new_of(vm, vm.types.list);
  as_list(v)->items.assign(items, items + n);
  return v;
}

Value list_from_iterable(VM& vm, const Value& iterable) {
  Value v = list_new_of(vm, vm.types.list);
  if (!list_extend(vm, as_list(v), iterable)) return Value();
  return v;
}

bool list_extend(VM& vm, ListObject* l, const Value& iterable) {
  try {
    if (items_readable(vm, iterable, ObjKind::List) || iterable.is(Value::borrow(l))) {
      auto* src = as_list(iterable);
      if (src == l) {
        size_t n = l->items.size();
        l->items.reserve(2 * n);
        for (size_t i = 0; i < n; ++i) l->items.push_back(l->items[i]);
      } else {
        l->items.insert(l->items.end(), src->items.begin(), src->items.end());
      }
      return true;
    }
    if (items_readable(vm, iterable, ObjKind::Tuple)) {
      auto* t = as_tuple(iterable);
      l->items.insert(l->items.end(), t->items, t->items + t->size);
      return true;
    }
    Value it = get_iter(vm, iterable);
    if (!it) return false;
    for (;;) {
      Value x = next_fast(vm, it);
      if (!x) return !vm.has_exception();
      l->items.push_back(std::move(x));
    }
  } catch (const std::bad_alloc&) {
    raise_no_memory(vm);
    return false;
  }
}

Value list_getitem_index(VM& vm, ListObject* l, int64_t i) {
  int64_t n = int64_t(l->items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) return vm.raise(Exc::IndexError, "list index out of range");
  return l->items[size_t(i)];
}

bool list_setitem_index(VM& vm, ListObject* l, int64_t i, Value v) {
  int64_t n = int64_t(l->items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    vm.raise(Exc::IndexError, "list assignment index out of range");
    return false;
  }
  Value old = std::move(l->items[size_t(i)]);
  l->items[size_t(i)] = std::move(v);
  return true;
}

void list_insert(ListObject* l, int64_t where, Value v) {
  int64_t n = int64_t(l->items.size());
  if (where < 0) {
    where += n;
    if (where < 0) where = 0;
  }
  if (where > n) where = n;
  l->items.insert(l->items.begin() + where, std::move(v));
}

Value list_pop(VM& vm, ListObject* l, int64_t i) {
  int64_t n = int64_t(l->items.size());
  if (n == 0) return vm.raise(Exc::IndexError, "pop from empty list");
  if (i < 0) i += n;
  if (i < 0 || i >= n) return vm.raise(Exc::IndexError, "pop index out of range");
  Value v = std::move(l->items[size_t(i)]);
  l->items.erase(l->items.begin() + i);
  return v;
}

Value list_getslice(VM& vm, ListObject* l, SliceObject* s) {
  int64_t start, stop, step, n;
  if (!slice_indices(vm, s, int64_t(l->items.size()), &start, &stop, &step, &n)) return Value();
  return list_slice(vm, l, start, step, n);
}

Value list_slice(VM& vm, ListObject* l, int64_t start, int64_t step, int64_t n) {
  Value r = list_new(vm, size_t(n > 0 ? n : 0));
  auto& dst = as_list(r)->items;
  if (step == 1) {
    if (n > 0) dst.assign(l->items.begin() + start, l->items.begin() + start + n);
  } else {
    for (int64_t k = 0, i = start; k < n; ++k, i += step) dst.push_back(l->items[size_t(i)]);
  }
  return r;
}

namespace {

// PySequence_Fast: the items of a list/tuple, or of any iterable; a TypeError
// from iter() becomes `msg`.
bool sequence_items(VM& vm, const Value& v, const char* msg, std::vector<Value>* out) {
  if (items_readable(vm, v, ObjKind::List)) {
    auto& items = as_list(v)->items;
    out->assign(items.begin(), items.end());
    return true;
  }
  if (items_readable(vm, v, ObjKind::Tuple)) {
    auto* t = as_tuple(v);
    out->assign(t->items, t->items + t->size);
    return true;
  }
  Value it = get_iter(vm, v);
  if (!it) {
    if (vm.exception_matches(Exc::TypeError)) {
      vm.clear_exception();
      vm.raise(Exc::TypeError, msg);
    }
    return false;
  }
  for (;;) {
    Value x = next_fast(vm, it);
    if (!x) return !vm.has_exception();
    out->push_back(std::move(x));
  }
}

// CPython's list_ass_slice for step 1: replaces [ilow, ihigh) by `v`'s items
// (or deletes them when v is Empty).
bool list_ass_simple(VM& vm, ListObject* l, int64_t ilow, int64_t ihigh, const Value& v) {
  std::vector<Value> seq;
  if (!v.is_empty() && !sequence_items(vm, v, "can only assign an iterable", &seq)) return false;
  int64_t n = int64_t(l->items.size());
  if (ilow < 0) ilow = 0;
  else if (ilow > n) ilow = n;
  if (ihigh < ilow) ihigh = ilow;
  else if (ihigh > n) ihigh = n;
  Garbage old(std::make_move_iterator(l->items.begin() + ilow), std::make_move_iterator(l->items.begin() + ihigh));
  auto& items = l->items;
  size_t d = size_t(ihigh - ilow);
  if (seq.size() <= d) {
    std::move(seq.begin(), seq.end(), items.begin() + ilow);
    items.erase(items.begin() + ilow + int64_t(seq.size()), items.begin() + ihigh);
  } else {
    std::move(seq.begin(), seq.begin() + int64_t(d), items.begin() + ilow);
    items.insert(items.begin() + ihigh, std::make_move_iterator(seq.begin() + int64_t(d)),
                 std::make_move_iterator(seq.end()));
  }
  return true;
}

}  // namespace

bool list_setslice(VM& vm, ListObject* l, SliceObject* s, const Value& v) {
  int64_t start, stop, step;
  if (!slice_unpack(vm, s, &start, &stop, &step)) return false;
  int64_t slicelength = slice_adjust(int64_t(l->items.size()), &start, &stop, step);
  if (step == 1) return list_ass_simple(vm, l, start, stop, v);
  if (v.is_empty()) {
    if (slicelength <= 0) return true;
    if (step < 0) {
      stop = start + 1;
      start = stop + step * (slicelength - 1) - 1;
      step = -step;
    }
    // Keep every item whose index is not start + k*step (k < slicelength).
    auto& items = l->items;
    Garbage old;
    old.reserve(size_t(slicelength));
    VmVector<Value> kept;
    kept.reserve(items.size() - size_t(slicelength));
    int64_t next = start, removed = 0;
    for (int64_t i = 0; i < int64_t(items.size()); ++i) {
      if (i == next && removed < slicelength) {
        old.push_back(std::move(items[size_t(i)]));
        ++removed;
        next += step;
      } else {
        kept.push_back(std::move(items[size_t(i)]));
      }
    }
    items.swap(kept);
    return true;
  }
  std::vector<Value> seq;
  if (!sequence_items(vm, v, "must assign iterable to extended slice", &seq)) return false;
  if (int64_t(seq.size()) != slicelength) {
    vm.raisef(Exc::ValueError, "attempt to assign sequence of size %zu to extended slice of size %lld",
              seq.size(), (long long)slicelength);
    return false;
  }
  Garbage old;
  old.reserve(seq.size());
  for (int64_t k = 0, i = start; k < slicelength; ++k, i += step) {
    // The iterable may have shrunk the list while it was consumed.
    if (i < 0 || i >= int64_t(l->items.size())) break;
    old.push_back(std::move(l->items[size_t(i)]));
    l->items[size_t(i)] = std::move(seq[size_t(k)]);
  }
  return true;
}

bool list_sort(VM& vm, ListObject* l, const Value& key, bool reverse) {
  // The list looks empty while it is sorted (as in CPython); whatever a key
  // function or comparison puts into it is discarded afterwards.
  VmVector<Value> saved;
  saved.swap(l->items);
  size_t n = saved.size();
  bool ok = true;
  std::vector<Value> keys;
  bool have_keys = !key.is_empty() && !key.is_none();
  if (have_keys) {
    keys.reserve(n);
    for (size_t i = 0; i < n && ok; ++i) {
      Value k = vm.call1(key, saved[i]);
      if (!k) ok = false;
      else keys.push_back(std::move(k));
    }
  }
  if (ok) {
    if (reverse) {
      if (have_keys) std::reverse(keys.begin(), keys.end());
      std::reverse(saved.begin(), saved.end());
    }
    if (n > 1) {
      ok = have_keys ? timsort(vm, keys.data(), saved.data(), n) : timsort(vm, saved.data(), nullptr, n);
    }
    if (ok && (!l->items.empty() || l->items.capacity() != 0)) {
      vm.raise(Exc::ValueError, "list modified during sort");
      ok = false;
    }
    if (reverse) std::reverse(saved.begin(), saved.end());
  }
  VmVector<Value> intruders;
  intruders.swap(l->items);
  l->items.swap(saved);
  return ok;
}

bool list_sort_kw(VM& vm, ListObject* l, const CallArgs& a) {
  Value key = Value::none();
  int64_t reverse = 0;
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view name = str_view(a.kwnames->items[i]);
    const Value& v = a.kwvalue(i);
    if (name == "key") {
      key = v;
    } else if (name == "reverse") {
      if (!index_value(vm, v, &reverse)) return false;
    } else {
      vm.raisef(Exc::TypeError, "'%.*s' is an invalid keyword argument for sort()", int(name.size()),
                name.data());
      return false;
    }
  }
  return list_sort(vm, l, key, reverse != 0);
}

void list_reverse(ListObject* l) { std::reverse(l->items.begin(), l->items.end()); }

Value list_repr(VM& vm, ListObject* l) {
  if (l->items.empty()) return make_str(vm, "[]");
  ReprGuard guard(vm, l);
  if (guard.status() < 0) return Value();
  if (guard.status() > 0) return make_str(vm, "[...]");
  std::string out = "[";
  // Re-read the size each step: an item's __repr__ may change the list.
  for (size_t i = 0; i < l->items.size(); ++i) {
    if (i) out += ", ";
    Value item = l->items[i];
    Value r = repr(vm, item);
    if (!r) return Value();
    out += str_view(r);
  }
  out += "]";
  return make_str(vm, out);
}

bool list_init(VM& vm, ListObject* l, const CallArgs& a) {
  if (a.nkw() != 0) {
    vm.raise(Exc::TypeError, "list() takes no keyword arguments");
    return false;
  }
  if (!arg_count(vm, a.nargs, "list", 0, 1)) return false;
  if (!l->items.empty()) {
    VmVector<Value> old;
    old.swap(l->items);
  }
  if (a.nargs == 1) return list_extend(vm, l, a.args[0]);
  return true;
}

Value list_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  Value r = list_new_of(vm, cls);
  // A subclass is filled by __init__ (list's, or the subclass's own), which
  // type_call runs next; list.__new__ ignores its arguments as in CPython.
  if (cls != vm.types.list) return r;
  if (!list_init(vm, as_list(r), a)) return Value();
  return r;
}

void list_traverse(ListObject* l, VisitFn visit, void* ctx) {
  for (Value& v : l->items)
    if (v.is_object()) visit(v, ctx);
}

void list_clear_refs(ListObject* l) {
  VmVector<Value> old;
  old.swap(l->items);
  // Last to first, as CPython releases a list's items (finalizers such as
  // a generator's close run in that order).
  while (!old.empty()) old.pop_back();
}

// ------------------------------------------------------------ slots
namespace {

Value l_repr(VM& vm, Object* o) { return list_repr(vm, static_cast<ListObject*>(o)); }

Value l_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_kind(other, ObjKind::List)) return Value::not_implemented();
  if (op != CmpOpKind::Lt && op != CmpOpKind::LtE && op != CmpOpKind::Eq && op != CmpOpKind::NotEq &&
      op != CmpOpKind::Gt && op != CmpOpKind::GtE)
    return Value::not_implemented();
  auto* v = static_cast<ListObject*>(o);
  auto* w = as_list(other);
  if (v->items.size() != w->items.size() && (op == CmpOpKind::Eq || op == CmpOpKind::NotEq))
    return Value::boolean(op == CmpOpKind::NotEq);
  size_t i = 0;
  for (; i < v->items.size() && i < w->items.size(); ++i) {
    if (v->items[i].is(w->items[i])) continue;
    Value x = v->items[i], y = w->items[i];  // held: __eq__ may mutate the lists
    int k = eq_fast(vm, x, y);
    if (k < 0) return Value();
    if (!k) break;
  }
  size_t vlen = v->items.size(), wlen = w->items.size();
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
  Value x = v->items[i], y = w->items[i];
  return compare(vm, op, x, y);
}

bool l_len(VM&, Object* o, int64_t* out) {
  *out = int64_t(static_cast<ListObject*>(o)->items.size());
  return true;
}

Value l_getitem(VM& vm, Object* o, const Value& key) {
  auto* l = static_cast<ListObject*>(o);
  int64_t i;
  int kind = subscript_classify(vm, key, &i, "list");
  if (kind == 1) return list_getitem_index(vm, l, i);
  if (kind == 0) return Value();
  return list_getslice(vm, l, as_slice(key));
}

bool l_setitem(VM& vm, Object* o, const Value& key, const Value& value) {
  auto* l = static_cast<ListObject*>(o);
  int64_t i;
  int kind = subscript_classify(vm, key, &i, "list");
  if (kind == 0) return false;
  if (kind == 2) return list_setslice(vm, l, as_slice(key), value);
  if (!value.is_empty()) return list_setitem_index(vm, l, i, value);
  int64_t n = int64_t(l->items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    vm.raise(Exc::IndexError, "list assignment index out of range");
    return false;
  }
  Value old = std::move(l->items[size_t(i)]);
  l->items.erase(l->items.begin() + i);
  return true;
}

int l_contains(VM& vm, Object* o, const Value& item) {
  auto* l = static_cast<ListObject*>(o);
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value x = l->items[i];
    int k = eq_fast(vm, x, item);
    if (k != 0) return k;
  }
  return 0;
}

Value l_iter(VM& vm, Object* o) { return make_list_iterator(vm, Value::borrow(o)); }

Value list_repeat(VM& vm, ListObject* l, int64_t n) {
  size_t size = l->items.size();
  if (n <= 0 || size == 0) return list_new(vm);
  if (size > size_t(INT64_MAX) / sizeof(Value) / size_t(n)) return raise_no_memory(vm);
  try {
    Value r = list_new(vm, size * size_t(n));
    auto& dst = as_list(r)->items;
    for (int64_t k = 0; k < n; ++k) dst.insert(dst.end(), l->items.begin(), l->items.begin() + int64_t(size));
    return r;
  } catch (const std::bad_alloc&) {
    return raise_no_memory(vm);
  }
}

bool list_inplace_repeat(VM& vm, ListObject* l, int64_t n) {
  size_t size = l->items.size();
  if (n <= 0 || size == 0) {
    VmVector<Value> old;
    old.swap(l->items);
    return true;
  }
  if (size > size_t(INT64_MAX) / sizeof(Value) / size_t(n)) {
    raise_no_memory(vm);
    return false;
  }
  try {
    l->items.reserve(size * size_t(n));
    for (int64_t k = 1; k < n; ++k)
      for (size_t i = 0; i < size; ++i) l->items.push_back(l->items[i]);
    return true;
  } catch (const std::bad_alloc&) {
    raise_no_memory(vm);
    return false;
  }
}

bool maybe_handles(const Value& v) {
  return v.is_object() && (v.as_object()->kind == ObjKind::Instance || v.as_object()->kind == ObjKind::Opaque);
}

Value l_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  const Value& self = reflected ? b : a;
  const Value& other = reflected ? a : b;
  auto* l = as_list(self);
  bool in_place = inplace && !reflected;
  if (op == BinOpKind::Add) {
    if (reflected) return Value::not_implemented();
    if (in_place) {
      if (!list_extend(vm, l, other)) return Value();
      return self;
    }
    if (is_kind(other, ObjKind::List)) {
      auto* o = as_list(other);
      try {
        Value r = list_new(vm, l->items.size() + o->items.size());
        auto& dst = as_list(r)->items;
        dst.insert(dst.end(), l->items.begin(), l->items.end());
        dst.insert(dst.end(), o->items.begin(), o->items.end());
        return r;
      } catch (const std::bad_alloc&) {
        return raise_no_memory(vm);
      }
    }
    if (maybe_handles(other)) return Value::not_implemented();
    return vm.raisef(Exc::TypeError, "can only concatenate list (not \"%s\") to list", type_name(vm, other));
  }
  if (op == BinOpKind::Mult) {
    int64_t n;
    bool have = int_value(other, &n);
    if (!have && maybe_handles(other)) {
      if (type_lookup(other.as_object()->type, vm.names.__index__).is_empty()) return Value::not_implemented();
      if (!index_value(vm, other, &n)) return Value();
      have = true;
    }
    if (!have) {
      if (reflected && is_kind(other, ObjKind::List)) return Value::not_implemented();
      return vm.raisef(Exc::TypeError, "can't multiply sequence by non-int of type '%s'", type_name(vm, other));
    }
    if (in_place) {
      if (!list_inplace_repeat(vm, l, n)) return Value();
      return self;
    }
    return list_repeat(vm, l, n);
  }
  return Value::not_implemented();
}

// ------------------------------------------------------------ methods
#define LIST_TYPE vm.types.list
#define SELF as_list(a.args[0])

Value m_append(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, LIST_TYPE, "append")) return Value();
  SELF->items.push_back(a.args[1]);
  return Value::none();
}

Value m_extend(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, LIST_TYPE, "extend")) return Value();
  if (!list_extend(vm, SELF, a.args[1])) return Value();
  return Value::none();
}

Value m_insert(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, LIST_TYPE, "insert", 2, 2)) return Value();
  int64_t where;
  if (!index_value(vm, a.args[1], &where)) return Value();
  list_insert(SELF, where, a.args[2]);
  return Value::none();
}

Value m_pop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, LIST_TYPE, "pop", 0, 1)) return Value();
  int64_t i = -1;
  if (a.nargs == 2 && !index_value(vm, a.args[1], &i)) return Value();
  return list_pop(vm, SELF, i);
}

Value m_remove(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, LIST_TYPE, "remove")) return Value();
  auto* l = SELF;
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value x = l->items[i];
    int k = eq_fast(vm, x, a.args[1]);
    if (k < 0) return Value();
    if (k) {
      if (i < l->items.size()) {
        Value old = std::move(l->items[i]);
        l->items.erase(l->items.begin() + int64_t(i));
      }
      return Value::none();
    }
  }
  return vm.raise(Exc::ValueError, "list.remove(x): x not in list");
}

Value m_index(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, LIST_TYPE, "index", 1, 3)) return Value();
  auto* l = SELF;
  int64_t start = 0, stop = INT64_MAX;
  if (a.nargs > 2 && !slice_index_not_none(vm, a.args[2], &start)) return Value();
  if (a.nargs > 3 && !slice_index_not_none(vm, a.args[3], &stop)) return Value();
  int64_t n = int64_t(l->items.size());
  if (start < 0) {
    start += n;
    if (start < 0) start = 0;
  }
  if (stop < 0) {
    stop += n;
    if (stop < 0) stop = 0;
  }
  for (int64_t i = start; i < stop && i < int64_t(l->items.size()); ++i) {
    Value x = l->items[size_t(i)];
    int k = eq_fast(vm, x, a.args[1]);
    if (k < 0) return Value();
    if (k) return make_int(vm, i);
  }
  Value r = repr(vm, a.args[1]);
  if (!r) return Value();
  std::string_view rv = str_view(r);
  return vm.raisef(Exc::ValueError, "%.*s is not in list", int(rv.size()), rv.data());
}

Value m_count(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, LIST_TYPE, "count")) return Value();
  auto* l = SELF;
  int64_t c = 0;
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value x = l->items[i];
    int k = eq_fast(vm, x, a.args[1]);
    if (k < 0) return Value();
    c += k;
  }
  return make_int(vm, c);
}

Value m_clear(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, LIST_TYPE, "clear")) return Value();
  list_clear_refs(SELF);
  return Value::none();
}

Value m_copy(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, LIST_TYPE, "copy")) return Value();
  auto* l = SELF;
  return list_from_array(vm, l->items.data(), l->items.size());
}

Value m_reverse(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, LIST_TYPE, "reverse")) return Value();
  list_reverse(SELF);
  return Value::none();
}

Value m_sort(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, LIST_TYPE, "sort")) return Value();
  if (a.nargs > 1) return vm.raise(Exc::TypeError, "sort() takes no positional arguments");
  if (!list_sort_kw(vm, SELF, a)) return Value();
  return Value::none();
}

Value m_reversed(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, LIST_TYPE, "__reversed__")) return Value();
  return make_list_reverseiterator(vm, a.args[0]);
}

// list.__getitem__ is a real method in CPython (METH_O), not a slot wrapper.
Value m_getitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, LIST_TYPE, "__getitem__")) return Value();
  return l_getitem(vm, a.args[0].as_object(), a.args[1]);
}

Value m_init(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper_self(vm, a, LIST_TYPE, "__init__")) return Value();
  CallArgs rest{a.args + 1, a.nargs - 1, a.kwnames};
  if (!list_init(vm, SELF, rest)) return Value();
  return Value::none();
}

#undef LIST_TYPE
#undef SELF

}  // namespace

const KindSlots list_slots = {
    .repr = l_repr,
    .richcompare = l_richcompare,
    .len = l_len,
    .getitem = l_getitem,
    .setitem = l_setitem,
    .contains = l_contains,
    .iter = l_iter,
    .binop = l_binop,
};

void init_list_type(VM& vm) {
  TypeObject* t = vm.types.list;
  vm.add_method(t, "append", m_append);
  vm.add_method(t, "extend", m_extend);
  vm.add_method(t, "insert", m_insert);
  vm.add_method(t, "pop", m_pop);
  vm.add_method(t, "remove", m_remove);
  vm.add_method(t, "index", m_index);
  vm.add_method(t, "count", m_count);
  vm.add_method(t, "clear", m_clear);
  vm.add_method(t, "copy", m_copy);
  vm.add_method(t, "reverse", m_reverse);
  vm.add_method(t, "sort", m_sort);
  vm.add_method(t, "__reversed__", m_reversed);
  vm.add_method(t, "__init__", m_init);
  vm.add_method(t, "__len__", dunder_len<list_slots, &VM::Types::list>);
  vm.add_method(t, "__getitem__", m_getitem);
  vm.add_method(t, "__setitem__", dunder_setitem<list_slots, &VM::Types::list>);
  vm.add_method(t, "__delitem__", dunder_delitem<list_slots, &VM::Types::list>);
  vm.add_method(t, "__contains__", dunder_contains<list_slots, &VM::Types::list>);
  vm.add_method(t, "__iter__", dunder_iter<list_slots, &VM::Types::list>);
  add_compare_and_repr<list_slots, &VM::Types::list>(vm, t);
  add_binop<list_slots, &VM::Types::list, BinOpKind::Add, true>(vm, t);
  add_binop<list_slots, &VM::Types::list, BinOpKind::Mult, true>(vm, t);
  set_unhashable(vm, t);
}

}  // namespace kiln::vm
