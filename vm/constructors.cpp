// vm/constructors.cpp — calling a builtin class: int(x), str(x), list(it)...
//
// Each builtin class that Python code can call gets a native `__new__` in its
// own dict taking the class first (so `int.__new__(int, "5")` works as in
// CPython); type_call (vm/type.cpp) finds it there. Most of them forward to
// the constructor that the file implementing the type provides
// (`list_type_call`, `int_call`, ...); the few trivial ones live here.

#include "vm/args.h"
#include "vm/dict.h"
#include "vm/iterators.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/numbers.h"
#include "vm/ops.h"
#include "vm/range.h"
#include "vm/set.h"
#include "vm/slice.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {
// __new__(cls, *args, **kw) -> F(vm, cls, args, kw)
template <TypeCallFn F>
Value new_adapter(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1 || !is_kind(a.args[0], ObjKind::Type)) {
    return vm.raise(Exc::TypeError, "__new__(): not enough arguments");
  }
  return F(vm, a.args[0].as<TypeObject>(), CallArgs{a.args + 1, a.nargs - 1, a.kwnames});
}

Value int_new(VM& vm, TypeObject*, const CallArgs& a) { return int_call(vm, a); }
Value float_new(VM& vm, TypeObject*, const CallArgs& a) { return float_call(vm, a); }
Value str_new(VM& vm, TypeObject* cls, const CallArgs& a) {
  Value s = str_call(vm, a);
  if (!s || cls == vm.types.str) return s;
  // A user subclass of str: the same text in an instance of the subclass.
  return Value::steal(str_new_of(vm, cls, str_view(s)));
}

Value bool_new(VM& vm, TypeObject*, const CallArgs& a) {
  if (!args_no_kw(vm, a, "bool")) return Value();
  if (!args_positional(vm, a, "bool", 0, 1)) return Value();
  if (a.nargs == 0) return Value::boolean(false);
  int t = truthy(vm, a.args[0]);
  if (t < 0) return Value();
  return Value::boolean(t);
}

// NoneType(), NotImplementedType(), ellipsis(): the singletons.
template <uint64_t kImm>
Value singleton_new(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (a.nargs || a.nkw()) {
    return vm.raisef(Exc::TypeError, "%s takes no arguments", type_display_name(cls).c_str());
  }
  return Value::from_raw_bits(Value::kImmTag | kImm);
}
// types.MethodType(function, instance): a bound method.
Value method_new(VM& vm, TypeObject*, const CallArgs& a) {
  if (!args_no_kw(vm, a, "method")) return Value();
  if (!args_positional(vm, a, "method", 2, 2)) return Value();
  if (!is_callable(vm, a.args[0])) return vm.raise(Exc::TypeError, "first argument must be callable");
  if (a.args[1].is_none()) return vm.raise(Exc::TypeError, "instance must not be None");
  return make_bound_method(vm, a.args[0], a.args[1]);
}
// Gives builtin class `t` its __new__ and the direct constructor type_call uses.
template <TypeCallFn F>
void define_new(VM& vm, TypeObject* t) {
  vm.add_method(t, "__new__", new_adapter<F>);
  t->builtin_new = F;
}
}  // namespace

void init_constructors(VM& vm) {
  auto& t = vm.types;
  define_new<int_new>(vm, t.int_);
  define_new<float_new>(vm, t.float_);
  define_new<bool_new>(vm, t.bool_);
  define_new<str_new>(vm, t.str);
  define_new<list_type_call>(vm, t.list);
  define_new<tuple_type_call>(vm, t.tuple);
  define_new<dict_type_call>(vm, t.dict);
  define_new<set_type_call>(vm, t.set);
  define_new<frozenset_type_call>(vm, t.frozenset);
  define_new<range_type_call>(vm, t.range);
  define_new<slice_type_call>(vm, t.slice);
  define_new<enumerate_type_call>(vm, t.enumerate);
  define_new<zip_type_call>(vm, t.zip);
  define_new<map_type_call>(vm, t.map);
  define_new<filter_type_call>(vm, t.filter);
  define_new<reversed_type_call>(vm, t.reversed);
  define_new<method_new>(vm, t.method);
  define_new<singleton_new<Value::kNone>>(vm, t.NoneType);
  define_new<singleton_new<Value::kNotImplemented>>(vm, t.NotImplementedType);
  define_new<singleton_new<Value::kEllipsis>>(vm, t.ellipsis);
}

}  // namespace kiln::vm
