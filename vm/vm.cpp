// vm/vm.cpp — the VM object: construction and teardown, raising exceptions,
// interning, and registering native functions, methods and modules.
//
// Construction creates every builtin class (vm/bootstrap.cpp); destruction
// drops the VM's roots and frees every object it still owns (vm/gc.cpp), so a
// whole run is leak-free under LeakSanitizer.

#include <cstdarg>
#include <cstdio>
#include <string>

#include "kiln/kiln.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/gc.h"
#include "vm/ops.h"
#include "vm/shape.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"
#include "vm/vm.h"

namespace kiln::vm {

void vm_bootstrap(VM& vm);  // vm/bootstrap.cpp

VM::VM(const Options& options) : options_(&options) {
  shapes = std::make_unique<ShapeTree>();
  gc_init(*this);
  recursion_limit = options.recursion_limit > 0 ? options.recursion_limit : 1000;
  out = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
  // Flush stdout first so that output and tracebacks interleave as written.
  err = [](std::string_view s) {
    std::fflush(stdout);
    std::fwrite(s.data(), 1, s.size(), stderr);
  };
  vm_bootstrap(*this);
}

VM::~VM() {
  // Drop the roots while everything is still intact (extension state may
  // hold Values), then free whatever the VM still owns.
  finalizing = true;
  pending_ = Value();
  handled_exception = Value();
  build_class_fn = Value();
  main_module = Value();
  modules = Value();
  builtins_dict = Value();
  extension_state.clear();  // also unmaps the interpreter's value stack
  stack_top = stack_limit = nullptr;
  native_modules_.clear();
  interned_ = Value();
  shapes.reset();  // drops the shapes' references to attribute names
  for (StrObject*& s : small_strs) {
    if (s) Value::decref(s);
    s = nullptr;
  }
  if (SliceObject* s = slice_cache) {
    slice_cache = nullptr;
    TypeObject* t = s->type;
    s->~SliceObject();
    vm_free(s);
    Value::decref(t);
  }
  gc_free_everything(*this);
  extension_state.clear();
}

// ---------------------------------------------------------------- exceptions

Value VM::new_exception(Exc type, std::string_view msg) {
  Value m = make_str(*this, msg);
  if (!m) return Value();
  return exception_new(*this, exc_type(type), &m, 1);
}

Value VM::raise(Exc type, std::string_view msg) {
  Value e = new_exception(type, msg);
  if (e) pending_ = std::move(e);
  return Value();
}

Value VM::raisef(Exc type, const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return raise(type, fmt);
  if (size_t(n) < sizeof buf) return raise(type, std::string_view(buf, size_t(n)));
  std::string big(size_t(n) + 1, '\0');
  va_start(ap, fmt);
  std::vsnprintf(big.data(), big.size(), fmt, ap);
  va_end(ap);
  big.resize(size_t(n));
  return raise(type, big);
}

Value VM::raise_value(Value exc) {
  TypeObject* base = exc_type(Exc::BaseException);
  if (is_kind(exc, ObjKind::Type) && is_subtype(exc.as<TypeObject>(), base)) {
    Value inst = call(exc, nullptr, 0);
    if (!inst) return Value();
    if (!isinstance(*this, inst, base)) {
      return raisef(Exc::TypeError,
                    "calling %s should have returned an instance of BaseException, not %s",
                    type_repr_name(exc.as<TypeObject>()).c_str(), type_name(*this, inst));
    }
    pending_ = std::move(inst);
    return Value();
  }
  if (is_kind(exc, ObjKind::Exception)) {
    pending_ = std::move(exc);
    return Value();
  }
  return raise(Exc::TypeError, "exceptions must derive from BaseException");
}

bool VM::exception_matches(Exc type) const {
  if (pending_.is_empty() || !pending_.is_object()) return false;
  return is_subtype(pending_.as_object()->type, exc_type(type));
}

// ---------------------------------------------------------------- strings

Value VM::intern(std::string_view s) {
  Value str = make_str(*this, s);
  if (!str) return Value();
  auto* table = interned_.as<DictObject>();
  Value found = dict_get_str(table, str.as<StrObject>());
  if (found) return found;
  str.as<StrObject>()->aux |= 2;  // interned
  if (!dict_setitem(*this, table, str, str)) return Value();
  return str;
}

// ---------------------------------------------------------------- natives

Value new_native(VM& vm, const char* name, NativeFn fn, Value data, Value owner) {
  auto* n = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
  n->fn = fn;
  n->name = name;
  n->data = std::move(data);
  n->owner = std::move(owner);
  return Value::steal(n);
}

void VM::add_function(const Value& dict, const char* name, NativeFn fn, Value data) {
  Value key = intern(name);
  Value f = new_native(*this, name, fn, std::move(data), Value::none());
  dict_setitem(*this, dict.as<DictObject>(), key, f);
}

void VM::add_method(TypeObject* type, const char* name, NativeFn fn) {
  Value key = intern(name);
  Value f = new_native(*this, name, fn, Value(), Value::borrow(type));
  dict_setitem(*this, type->dict.as<DictObject>(), key, f);
  type_modified(*this, type);
}

// VM::register_native_module and VM::import_module live in vm/import.cpp.

}  // namespace kiln::vm
