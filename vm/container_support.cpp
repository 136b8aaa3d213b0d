// vm/container_support.cpp — see container_support.h.
#include "vm/container_support.h"

#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "vm/dict.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {

std::string_view type_name_of(TypeObject* t) { return str_view(t->name); }

}  // namespace

// ------------------------------------------------------------ arguments
bool arg_self_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  std::string_view tn = type_name_of(owner);
  if (a.nargs == 0) {
    vm.raisef(Exc::TypeError, "unbound method %.*s.%s() needs an argument", int(tn.size()), tn.data(),
              method);
    return false;
  }
  const Value& self = a.args[0];
  if (self.is_object() && (self.as_object()->type == owner || is_subtype(self.as_object()->type, owner)))
    return true;
  vm.raisef(Exc::TypeError, "descriptor '%s' for '%.*s' objects doesn't apply to a '%s' object", method,
            int(tn.size()), tn.data(), type_name(vm, self));
  return false;
}

bool arg_no_kw(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (a.nkw() == 0) return true;
  std::string_view tn = type_name_of(owner);
  vm.raisef(Exc::TypeError, "%.*s.%s() takes no keyword arguments", int(tn.size()), tn.data(), method);
  return false;
}

bool arg_noargs_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (!arg_self(vm, a, owner, method) || !arg_no_kw(vm, a, owner, method)) return false;
  if (a.nargs == 1) return true;
  std::string_view tn = type_name_of(owner);
  vm.raisef(Exc::TypeError, "%.*s.%s() takes no arguments (%zu given)", int(tn.size()), tn.data(), method,
            a.nargs - 1);
  return false;
}

bool arg_one_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  if (!arg_self(vm, a, owner, method) || !arg_no_kw(vm, a, owner, method)) return false;
  if (a.nargs == 2) return true;
  std::string_view tn = type_name_of(owner);
  vm.raisef(Exc::TypeError, "%.*s.%s() takes exactly one argument (%zu given)", int(tn.size()), tn.data(),
            method, a.nargs - 1);
  return false;
}

bool arg_count(VM& vm, size_t nargs, const char* name, size_t min, size_t max) {
  if (nargs >= min && nargs <= max) return true;
  if (min == max) {
    vm.raisef(Exc::TypeError, "%s expected %zu argument%s, got %zu", name, min, min == 1 ? "" : "s", nargs);
  } else if (nargs < min) {
    vm.raisef(Exc::TypeError, "%s expected at least %zu argument%s, got %zu", name, min, min == 1 ? "" : "s",
              nargs);
  } else {
    vm.raisef(Exc::TypeError, "%s expected at most %zu argument%s, got %zu", name, max, max == 1 ? "" : "s",
              nargs);
  }
  return false;
}

bool arg_range_slow(VM& vm, const CallArgs& a, TypeObject* owner, const char* method, size_t min,
                    size_t max) {
  return arg_self(vm, a, owner, method) && arg_no_kw(vm, a, owner, method) &&
         arg_count(vm, a.nargs - 1, method, min, max);
}

bool arg_wrapper_self(VM& vm, const CallArgs& a, TypeObject* owner, const char* method) {
  std::string_view tn = type_name_of(owner);
  if (a.nargs == 0) {
    vm.raisef(Exc::TypeError, "descriptor '%s' of '%.*s' object needs an argument", method, int(tn.size()),
              tn.data());
    return false;
  }
  const Value& self = a.args[0];
  if (!(self.is_object() && (self.as_object()->type == owner || is_subtype(self.as_object()->type, owner)))) {
    vm.raisef(Exc::TypeError, "descriptor '%s' requires a '%.*s' object but received a '%s'", method,
              int(tn.size()), tn.data(), type_name(vm, self));
    return false;
  }
  return true;
}

bool arg_wrapper(VM& vm, const CallArgs& a, TypeObject* owner, const char* method, size_t n) {
  if (!arg_wrapper_self(vm, a, owner, method)) return false;
  if (a.nkw() != 0) {
    vm.raisef(Exc::TypeError, "wrapper %s() takes no keyword arguments", method);
    return false;
  }
  if (a.nargs - 1 != n) {
    vm.raisef(Exc::TypeError, "expected %zu argument%s, got %zu", n, n == 1 ? "" : "s", a.nargs - 1);
    return false;
  }
  return true;
}

void set_unhashable(VM& vm, TypeObject* t) {
  dict_setitem(vm, t->dict.as<DictObject>(), Value::borrow(vm.names.__hash__), Value::none());
  type_modified(vm, t);
}

const char* binop_wrapper_name(BinOpKind op, bool reflected, bool inplace) {
#define X(name, sym, dunder) dunder,
  static constexpr const char* kPlain[] = {KILN_AST_BINOPS(X)};
#undef X
  constexpr size_t n = sizeof(kPlain) / sizeof(kPlain[0]);
  // "__add__" -> "__radd__" / "__iadd__", made once.
  static const std::array<std::string, 2 * n> kForms = [] {
    std::array<std::string, 2 * n> f;
    for (size_t i = 0; i < n; ++i) {
      f[i] = std::string("__r") + (kPlain[i] + 2);
      f[n + i] = std::string("__i") + (kPlain[i] + 2);
    }
    return f;
  }();
  size_t i = size_t(op);
  if (reflected) return kForms[i].c_str();
  if (inplace) return kForms[n + i].c_str();
  return kPlain[i];
}

// ------------------------------------------------------------ repr recursion
namespace {
std::vector<Object*>& repr_stack(VM& vm) {
  // Per-VM state kept in the VM's extension slots (no globals: two VMs may
  // print at once in one process).
  auto& slot = vm.extension_state["kiln.vm.repr_stack"];
  if (!slot) slot = std::make_shared<std::vector<Object*>>();
  return *static_cast<std::vector<Object*>*>(slot.get());
}
}  // namespace

ReprGuard::ReprGuard(VM& vm, Object* o) : vm_(vm), o_(o), status_(0) {
  auto& st = repr_stack(vm);
  for (Object* p : st) {
    if (p == o) {
      status_ = 1;
      return;
    }
  }
  if (st.size() >= size_t(vm.recursion_limit > 0 ? vm.recursion_limit : 1000)) {
    vm.raise(Exc::RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
    status_ = -1;
    return;
  }
  st.push_back(o);
}

ReprGuard::~ReprGuard() {
  if (status_ != 0) return;
  auto& st = repr_stack(vm_);
  // Normally the top; search from the end to stay correct if a repr failed midway.
  for (size_t i = st.size(); i-- > 0;) {
    if (st[i] == o_) {
      st.erase(st.begin() + i);
      break;
    }
  }
}

// ------------------------------------------------------------ errors
Value raise_key_error(VM& vm, const Value& key) {
  Value cls = Value::borrow(vm.exc_type(Exc::KeyError));
  Value exc = vm.call(cls, &key, 1);
  if (!exc) return Value();
  return vm.raise_value(std::move(exc));
}

Value raise_no_memory(VM& vm) { return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError))); }

Value default_object_repr(VM& vm, Object* o) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(o));
  std::string s = "<";
  s += type_name_of(o->type);
  s += " object at ";
  s += buf;
  s += ">";
  return make_str(vm, s);
}

// ------------------------------------------------------------ registration
Value make_native(VM& vm, const char* name, NativeFn fn, TypeObject* owner) {
  auto* n = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
  n->fn = fn;
  n->name = name;
  n->data = Value::none();
  n->owner = owner ? Value::borrow(owner) : Value::none();
  return Value::steal(n);
}

void add_classmethod(VM& vm, TypeObject* type, const char* name, NativeFn fn) {
  Value native = make_native(vm, name, fn, type);
  auto* cm = object_new<ClassMethodObject>(vm, ObjKind::ClassMethod, vm.types.classmethod);
  cm->func = std::move(native);
  dict_setitem(vm, as_dict(type->dict), vm.intern(name), Value::steal(cm));
}

void add_getter(VM& vm, TypeObject* type, const char* name, NativeFn fn) { add_property(vm, type, name, fn, nullptr); }

void add_property(VM& vm, TypeObject* type, const char* name, NativeFn getter, NativeFn setter) {
  Value native = make_native(vm, name, getter, type);
  auto* p = object_new<PropertyObject>(vm, ObjKind::Property, vm.types.property);
  p->fget = std::move(native);
  p->fset = setter ? make_native(vm, name, setter, type) : Value::none();
  p->fdel = Value::none();
  p->doc = Value::none();
  dict_setitem(vm, as_dict(type->dict), vm.intern(name), Value::steal(p));
}

}  // namespace kiln::vm
