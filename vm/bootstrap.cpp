// vm/bootstrap.cpp — creating a VM's builtin world: every class of
// vm/builtin_types.def and vm/exceptions.def, the interned names, the methods
// each file registers (init_*_type), the builtins namespace and the native
// module table.
//
// The order matters because everything is made of objects: `type` must exist
// before any class (it is every class's class, including its own), `str` and
// `dict` before any name or class dict, and every class before the methods
// that are registered on them.

#include <cstring>
#include <string_view>

#include "stdlib/modules.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/kind_slots.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/type.h"
#include "vm/vm.h"

namespace kiln::vm {

void init_constructors(VM& vm);  // vm/constructors.cpp

namespace {
struct BuiltinTypeSpec {
  TypeObject* VM::Types::*field;
  const char* field_name;
  const char* pyname;
  ObjKind instance_kind;
  const char* base;  // field name of the base, "none" for object
};
const BuiltinTypeSpec kBuiltinTypes[] = {
#define TYPE(field, pyname, kind, base) {&VM::Types::field, #field, pyname, ObjKind::kind, #base},
#include "vm/builtin_types.def"
#undef TYPE
};

struct ExcSpec {
  const char* name;
  const char* base;
};
const ExcSpec kExceptions[] = {
#define EXC(name, base) {#name, #base},
#include "vm/exceptions.def"
#undef EXC
};

// A class object with its hierarchy set; names and dict are filled later,
// once str and dict exist.
TypeObject* raw_type(VM& vm, TypeObject* base, ObjKind instance_kind, uint16_t aux) {
  auto* t = object_new<TypeObject>(vm, ObjKind::Type, vm.types.type);
  t->instance_kind = instance_kind;
  t->aux = aux;
  t->version = next_type_version();
  t->mro.push_back(Value::borrow(t));
  if (base) {
    t->base = Value::borrow(base);
    for (const Value& m : base->mro) t->mro.push_back(m);
  } else {
    t->base = Value::none();
  }
  return t;
}

std::string_view python_name(std::string_view field) {
  if (field.size() > 1 && field.back() == '_' && field[field.size() - 2] != '_') field.remove_suffix(1);
  return field;
}

void name_type(VM& vm, TypeObject* t, const char* pyname, const Value& module) {
  t->name = vm.intern(pyname);
  t->qualname = t->name;
  t->module = module;
  t->dict = dict_new(vm);
}
}  // namespace

TypeObject* new_native_class(VM& vm, const char* name, const char* module, TypeObject* base, ObjKind instance_kind,
                             bool mutable_class) {
  TypeObject* t = raw_type(vm, base, instance_kind, mutable_class ? 0 : 1);
  t->vm = &vm;
  name_type(vm, t, name, vm.intern(module));
  return t;
}

void vm_bootstrap(VM& vm) {
  // 1. `type`, whose class is itself, then every other builtin class.
  {
    auto* t = object_new<TypeObject>(vm, ObjKind::Type, nullptr);
    t->type = t;
    Value::incref(t);
    vm.types.type = t;
  }
  for (const auto& spec : kBuiltinTypes) {
    TypeObject* base = nullptr;
    if (std::strcmp(spec.base, "none") != 0) {
      for (const auto& b : kBuiltinTypes) {
        if (std::strcmp(b.field_name, spec.base) == 0) base = vm.types.*b.field;
      }
    }
    if (spec.field == &VM::Types::type) {
      TypeObject* t = vm.types.type;
      t->instance_kind = ObjKind::Type;
      t->aux = 1;
      t->version = next_type_version();
      t->mro.push_back(Value::borrow(t));
      t->base = Value::borrow(base);
      for (const Value& m : base->mro) t->mro.push_back(m);
      continue;
    }
    vm.types.*spec.field = raw_type(vm, base, spec.instance_kind, 1);
  }
  // 2. The exception hierarchy (bases listed before subclasses).
  for (size_t i = 0; i < size_t(Exc::Count_); ++i) {
    TypeObject* base = vm.types.object;
    for (size_t j = 0; j < i; ++j) {
      if (std::strcmp(kExceptions[j].name, kExceptions[i].base) == 0) base = vm.exc_types_[j];
    }
    // Exceptions carry a __dict__ for user attributes (bit 1).
    vm.exc_types_[i] = raw_type(vm, base, ObjKind::Exception, 1 | 2);
  }
  // 3. Now str and dict can be made: the intern table, names and class dicts.
  vm.interned_ = dict_new(vm);
  Value builtins_name = vm.intern("builtins");
  for (const auto& spec : kBuiltinTypes) name_type(vm, vm.types.*spec.field, spec.pyname, builtins_name);
  for (size_t i = 0; i < size_t(Exc::Count_); ++i) {
    name_type(vm, vm.exc_types_[i], kExceptions[i].name, builtins_name);
  }
  // A trailing underscore keeps a C++ keyword out of the field name
  // (`default_`, `throw_`); the Python name has none.
#define X(n) vm.names.n = vm.intern(python_name(#n)).as<StrObject>();
  KILN_VM_NAMES(X)
#undef X
  vm.modules = dict_new(vm);
  vm.builtins_dict = dict_new(vm);

  // 4. Methods, from the files that implement each type.
  init_object_type(vm);
  init_exception_types(vm);
  init_callable_types(vm);
  init_descriptor_types(vm);
  init_int_type(vm);
  init_str_type(vm);
  init_list_type(vm);
  init_tuple_type(vm);
  init_dict_type(vm);
  init_set_type(vm);
  init_range_type(vm);
  init_slice_type(vm);
  init_iterator_types(vm);
  init_file_type(vm);
  init_constructors(vm);

  // Some init functions store into class dicts directly: renumber every
  // builtin class so that no lookup memoised during bootstrap survives.
#define TYPE(field, pyname, kind, base) vm.types.field->version = next_type_version();
#include "vm/builtin_types.def"
#undef TYPE
  for (size_t i = 0; i < size_t(Exc::Count_); ++i) vm.exc_types_[i]->version = next_type_version();

  // 5. The builtins namespace and the native modules.
  init_builtins(vm);
  register_stdlib_modules(vm);
}

}  // namespace kiln::vm
