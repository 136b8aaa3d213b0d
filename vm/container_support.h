// vm/container_support.h — small helpers shared by the container and iterator
// files (vm/list.cpp, vm/tuple.cpp, vm/dict.cpp, vm/set.cpp, vm/range.cpp,
// vm/slice.cpp, vm/iterators.cpp).
//
// They cover the chores every builtin method repeats — checking the arguments
// of a native method with CPython's exact messages, guarding repr() against
// self-recursive containers (`[...]`, `{...}`), the cheap equality and hash
// fast paths that CPython's containers take before calling into the generic
// protocol, raising KeyError(key), and registering class methods and
// read-only attributes on builtin types. Nothing here is Python-visible on
// its own.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/type.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// ------------------------------------------------------------ native-method arguments
// Native methods of builtin types receive `self` as args[0]. These return
// false with CPython's TypeError pending when the call does not fit; `owner`
// is the builtin class and `method` the bare method name ("append").

// self present and an instance of owner:
// "unbound method list.append() needs an argument",
// "descriptor 'append' for 'list' objects doesn't apply to a 'int' object"
//
// Each inline check first tests the common case (self of exactly the owner
// class, the right count, no keywords); the out-of-line *_slow function
// does the full test and formats the error.
bool arg_self_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method);
inline bool arg_self(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (a.nargs > 0 && a.args[0].is_object() && a.args[0].as_object()->type == owner) [[likely]]
    return true;
  return arg_self_slow(vm, a, owner, method);
}
// "list.append() takes no keyword arguments"
bool arg_no_kw(VM& vm, const CallArgs& a, TypeObject* owner, const char* method);
// METH_NOARGS: "list.copy() takes no arguments (1 given)" (+ the self and kw checks)
bool arg_noargs_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method);
inline bool arg_noargs(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (a.nargs == 1 && !a.kwnames && a.args[0].is_object() && a.args[0].as_object()->type == owner) [[likely]]
    return true;
  return arg_noargs_slow(vm, a, owner, method);
}
// METH_O: "list.append() takes exactly one argument (0 given)" (+ the self and kw checks)
bool arg_one_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method);
inline bool arg_one(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (a.nargs == 2 && !a.kwnames && a.args[0].is_object() && a.args[0].as_object()->type == owner) [[likely]]
    return true;
  return arg_one_slow(vm, a, owner, method);
}
// Argument-clinic style positional count (not counting self):
// "pop expected at most 1 argument, got 2", "insert expected 2 arguments, got 1",
// "index expected at least 1 argument, got 0".
bool arg_count(VM& vm, size_t nargs, const char* name, size_t min, size_t max);
// Self + no keywords + [min, max] positionals besides self.
bool arg_range_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method, size_t min,
                    size_t max);
inline bool arg_range(VM& vm, const CallArgs& a, TypeObject* owner, const char* method, size_t min,
                      size_t max) {
  if (a.nargs >= min + 1 && a.nargs <= max + 1 && !a.kwnames && a.args[0].is_object() &&
      a.args[0].as_object()->type == owner) [[likely]]
    return true;
  return arg_range_slow(vm, a, owner, method, min, max);
}

// Slot wrappers (__len__, __iter__, __contains__ ...): "descriptor '__len__'
// requires a 'list' object but received a 'int'", "expected 1 argument, got 0".
bool arg_wrapper(VM& vm, const CallArgs& a, TypeObject* owner, const char* method, size_t n);
// Only the self part of arg_wrapper (for __init__, which checks its own arguments).
bool arg_wrapper_self(VM& vm, const CallArgs& a, TypeObject* owner, const char* method);

// A list or tuple whose items may be read directly instead of iterated:
// the builtin class, or a subclass that does not define __iter__ (CPython
// takes this shortcut for exact lists and tuples only; a subclass's own
// __iter__ must be called by list(), tuple(), sorted(), extend...).
inline bool items_readable(VM& vm, const Value& v, ObjKind kind) {
  if (!is_kind(v, kind)) return false;
  const Object* o = v.as_object();
  return type_is_builtin(o->type) || !user_type_lookup(o->type, vm.names.__iter__);
}

// Python-visible dunder methods of a builtin type, forwarding to its KindSlots
// (so that `super().__getitem__(k)` in a subclass, or `[].__len__()`, works).
// S is the kind's slot table and T the member of VM::Types naming the class.
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_len(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__len__", 0)) return Value();
  int64_t n;
  if (!S.len(vm, a.args[0].as_object(), &n)) return Value();
  return make_int(vm, n);
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_getitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__getitem__", 1)) return Value();
  return S.getitem(vm, a.args[0].as_object(), a.args[1]);
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_setitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__setitem__", 2)) return Value();
  if (!S.setitem(vm, a.args[0].as_object(), a.args[1], a.args[2])) return Value();
  return Value::none();
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_delitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__delitem__", 1)) return Value();
  if (!S.setitem(vm, a.args[0].as_object(), a.args[1], Value())) return Value();
  return Value::none();
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_contains(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__contains__", 1)) return Value();
  int r = S.contains(vm, a.args[0].as_object(), a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r != 0);
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_iter(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__iter__", 0)) return Value();
  return S.iter(vm, a.args[0].as_object());
}

template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_repr(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__repr__", 0)) return Value();
  return S.repr(vm, a.args[0].as_object());
}
template <const KindSlots& S, TypeObject* VM::Types::*T>
Value dunder_hash(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, "__hash__", 0)) return Value();
  int64_t h;
  if (!S.hash(vm, a.args[0].as_object(), &h)) return Value();
  return make_int(vm, h);
}
// __eq__, __lt__ ...: the kind's comparison (NotImplemented for an other it
// does not know, as CPython's slot wrappers return).
template <const KindSlots& S, TypeObject* VM::Types::*T, CmpOpKind Op>
Value dunder_compare(VM& vm, const CallArgs& a, const Value&) {
  static constexpr const char* kNames[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
  if (!arg_wrapper(vm, a, vm.types.*T, kNames[int(Op)], 1)) return Value();
  return S.richcompare(vm, a.args[0].as_object(), a.args[1], Op);
}
// "__add__", "__radd__" or "__iadd__" for op.
const char* binop_wrapper_name(BinOpKind op, bool reflected, bool inplace);
// __add__ / __radd__ / __iadd__ ...: the kind's binary operator with self
// on the left, on the right (Reflected) or in place (Inplace).
template <const KindSlots& S, TypeObject* VM::Types::*T, BinOpKind Op, bool Reflected, bool Inplace>
Value dunder_binop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper(vm, a, vm.types.*T, binop_wrapper_name(Op, Reflected, Inplace), 1)) return Value();
  return Reflected ? S.binop(vm, Op, a.args[1], a.args[0], true, false)
                   : S.binop(vm, Op, a.args[0], a.args[1], false, Inplace);
}

// __lt__ ... __ge__ and __repr__ of a builtin container class, forwarding
// to its slots (so `[1].__eq__([1])` and `super().__repr__()` in a subclass
// are the container's, not object's).
template <const KindSlots& S, TypeObject* VM::Types::*T>
void add_compare_and_repr(VM& vm, TypeObject* t) {
  vm.add_method(t, "__repr__", dunder_repr<S, T>);
  vm.add_method(t, "__lt__", dunder_compare<S, T, CmpOpKind::Lt>);
  vm.add_method(t, "__le__", dunder_compare<S, T, CmpOpKind::LtE>);
  vm.add_method(t, "__eq__", dunder_compare<S, T, CmpOpKind::Eq>);
  vm.add_method(t, "__ne__", dunder_compare<S, T, CmpOpKind::NotEq>);
  vm.add_method(t, "__gt__", dunder_compare<S, T, CmpOpKind::Gt>);
  vm.add_method(t, "__ge__", dunder_compare<S, T, CmpOpKind::GtE>);
}
// The operator `op` as __op__ and __rop__, and __iop__ when `inplace`.
template <const KindSlots& S, TypeObject* VM::Types::*T, BinOpKind Op, bool Inplace>
void add_binop(VM& vm, TypeObject* t) {
  vm.add_method(t, binop_wrapper_name(Op, false, false), dunder_binop<S, T, Op, false, false>);
  vm.add_method(t, binop_wrapper_name(Op, true, false), dunder_binop<S, T, Op, true, false>);
  if (Inplace) vm.add_method(t, binop_wrapper_name(Op, false, true), dunder_binop<S, T, Op, false, true>);
}
// A mutable container's class: __hash__ is None, as CPython's.
void set_unhashable(VM& vm, TypeObject* t);

// ------------------------------------------------------------ repr recursion
// CPython's Py_ReprEnter/Py_ReprLeave: a per-VM stack of containers whose
// repr is being built. status() is 0 when entered, 1 when `o` is already being
// printed (print `[...]`), -1 with RecursionError pending when nested too deep
// (so printing a million-deep nested list raises instead of overflowing the stack).
class ReprGuard {
 public:
  ReprGuard(VM& vm, Object* o);
  ~ReprGuard();
  ReprGuard(const ReprGuard&) = delete;
  ReprGuard& operator=(const ReprGuard&) = delete;
  int status() const { return status_; }

 private:
  VM& vm_;
  Object* o_;
  int status_;
};

// ------------------------------------------------------------ fast paths
inline bool str_equal(const Value& a, const Value& b) {
  auto* x = a.as<StrObject>();
  auto* y = b.as<StrObject>();
  return x->nbytes == y->nbytes && (x->hash == -1 || y->hash == -1 || x->hash == y->hash) &&
         str_bytes_equal(x, y, x->nbytes);
}

// PyObject_RichCompareBool(a, b, Py_EQ): identity first, then small ints and
// strs inline, else the generic protocol. 1, 0, or -1 with an exception pending.
inline int eq_fast(VM& vm, const Value& a, const Value& b) {
  if (a.is(b)) return 1;
  if (a.is_small_int() && b.is_small_int()) return 0;  // distinct bits, distinct ints
  if (is_str(a) && is_str(b)) return str_equal(a, b) ? 1 : 0;
  return equals(vm, a, b);
}

// hash() with the str-cache and small-int fast paths (CPython's int hash:
// x itself for |x| < 2**61-1, except that -1 hashes to -2).
inline bool hash_fast(VM& vm, const Value& v, int64_t* out) {
  if (v.is_small_int()) {
    int64_t i = v.as_small_int();
    *out = i == -1 ? -2 : i;
    return true;
  }
  if (is_str(v)) {
    int64_t h = v.as<StrObject>()->hash;
    if (h != -1) {
      *out = h;
      return true;
    }
  }
  return hash(vm, v, out);
}

// Next item of an iterator; builtin iterators are advanced directly.
// Empty with no exception pending = exhausted.
inline Value next_fast(VM& vm, const Value& it) {
  if (is_kind(it, ObjKind::Iterator)) {
    auto* io = it.as<IteratorObject>();
    return io->next(vm, io);
  }
  return iter_next(vm, it);
}

// Raises KeyError(key) (its str() is the repr of the key); returns Empty.
Value raise_key_error(VM& vm, const Value& key);

// Raises MemoryError with no arguments; returns Empty.
Value raise_no_memory(VM& vm);

// A "<list_iterator object at 0x7f...>" style repr.
Value default_object_repr(VM& vm, Object* o);

// ------------------------------------------------------------ registration
// A NativeObject (builtin_function_or_method) for `fn`.
Value make_native(VM& vm, const char* name, NativeFn fn, TypeObject* owner);
// type.name = classmethod(native): called as fn(vm, {cls, args...}, data).
void add_classmethod(VM& vm, TypeObject* type, const char* name, NativeFn fn);
// type.name = property(native getter): `obj.name` calls fn(vm, {obj}, data).
void add_getter(VM& vm, TypeObject* type, const char* name, NativeFn fn);
// type.name = property(getter, setter): `obj.name = v` calls setter(vm, {obj, v}, data).
void add_property(VM& vm, TypeObject* type, const char* name, NativeFn getter, NativeFn setter);

}  // namespace kiln::vm
