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
using TypeCallFn = Value (*)(VM&, TypeObject*, const CallArgs&);

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
}  // namespace

void init_constructors(VM& vm) {
  auto& t = vm.types;
  vm.add_method(t.int_, "__new__", new_adapter<int_new>);
  vm.add_method(t.float_, "__new__", new_adapter<float_new>);
  vm.add_method(t.bool_, "__new__", new_adapter<bool_new>);
  vm.add_method(t.str, "__new__", new_adapter<str_new>);
  vm.add_method(t.list, "__new__", new_adapter<list_type_call>);
  vm.add_method(t.tuple, "__new__", new_adapter<tuple_type_call>);
  vm.add_method(t.dict, "__new__", new_adapter<dict_type_call>);
  vm.add_method(t.set, "__new__", new_adapter<set_type_call>);
  vm.add_method(t.frozenset, "__new__", new_adapter<frozenset_type_call>);
  vm.add_method(t.range, "__new__", new_adapter<range_type_call>);
  vm.add_method(t.slice, "__new__", new_adapter<slice_type_call>);
  vm.add_method(t.enumerate, "__new__", new_adapter<enumerate_type_call>);
  vm.add_method(t.zip, "__new__", new_adapter<zip_type_call>);
  vm.add_method(t.map, "__new__", new_adapter<map_type_call>);
  vm.add_method(t.filter, "__new__", new_adapter<filter_type_call>);
  vm.add_method(t.reversed, "__new__", new_adapter<reversed_type_call>);
  vm.add_method(t.NoneType, "__new__", new_adapter<singleton_new<Value::kNone>>);
  vm.add_method(t.NotImplementedType, "__new__", new_adapter<singleton_new<Value::kNotImplemented>>);
  vm.add_method(t.ellipsis, "__new__", new_adapter<singleton_new<Value::kEllipsis>>);
}

}  // namespace kiln::vm
