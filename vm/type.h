// vm/type.h — classes: creating them, calling them, and attribute lookup on
// their instances (implementation in vm/type.cpp).
//
// A class is a TypeObject (vm/object.h). Builtin classes are made once by the
// VM's bootstrap; user classes by `class` statements, which the compiler turns
// into a call of the builtin `__build_class__(body, name, *bases, **kw)` (as in
// CPython), landing in build_class() below. Kiln supports single inheritance
// from `object`, from another user class, or from an exception class; other
// builtin bases are rejected with NotImplementedError naming the base.
//
// Attribute lookup follows CPython's generic rules (PyObject_GenericGetAttr):
// data descriptors on the class (property) win over the instance __dict__,
// which wins over other class attributes; functions found on the class are
// bound to the instance (a BoundMethod), staticmethod/classmethod unwrap, and
// a class-defined __getattr__ is the fallback.
//
// Inline caches in the interpreter key on TypeObject::version: every change
// to a class's attributes gives it (and every user class deriving from it) a
// fresh version from a process-wide counter, so a version never repeats even
// when a type's memory is reused.
#pragma once

#include <string>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// ---------------------------------------------------------------- class creation
// __build_class__: runs `body` (the class body compiled as a function) with a
// new namespace dict and makes the class. `kwnames`/`kwvalues` are the class
// keywords (`class A(B, metaclass=M)`; a metaclass is NotImplementedError,
// other keywords go to __init_subclass__). Sets the __class__ cell the body
// returned, for zero-argument super().
Value build_class(VM& vm, FunctionObject* body, const Value& name, const Value* bases,
                  size_t nbases, const TupleObject* kwnames = nullptr,
                  const Value* kwvalues = nullptr);
// type(name, bases, dict): a class from a finished namespace.
Value type_new(VM& vm, const Value& name, const Value* bases, size_t nbases, const Value& ns);
// TypeObject::aux bits (vm/object.h defines bits 0 and 1).
constexpr uint16_t kTypeBuiltin = 1;        // created by the bootstrap; immutable
constexpr uint16_t kTypeHasDict = 2;        // instances carry a __dict__
constexpr uint16_t kTypeHasSubclasses = 4;  // some user class derives from it
constexpr uint16_t kTypeGetattribute = 8;   // defines __getattribute__ (not object's)
constexpr uint16_t kTypeGetattrHook = 16;   // defines __getattr__
constexpr uint16_t kTypeSetattr = 32;       // defines __setattr__ / __delattr__ (not object's)
constexpr uint16_t kTypeMutable = 64;       // a builtin class whose attributes Python may set (torch.Tensor and
                                            // nn.Parameter, which are Python classes in PyTorch)

// True for classes created by the VM's bootstrap (int, list, ValueError...).
inline bool type_is_builtin(const TypeObject* t) { return t->aux & 1; }
// A class attribute changed: gives `t` and its user subclasses new versions.
void type_modified(VM& vm, TypeObject* t);
// A fresh, never repeated version number.
uint64_t next_type_version();
// CPython's `tp_name`: "int", "ValueError", "A" (user classes: qualname).
std::string type_display_name(const TypeObject* t);
// The name as the traceback's last line prints it: "ValueError",
// "__main__.MyError" -> "MyError" (modules builtins and __main__ omitted),
// "mymod.MyError".
std::string type_repr_name(const TypeObject* t);

// A class defined by a native library module (torch.Tensor, torch.dtype):
// named `module.name`, deriving from `base`, with instances of layout
// `instance_kind`. Like the bootstrap's classes it is immutable from Python
// (type_is_builtin) unless `mutable_class`; a mutable one is treated as a
// user class by the protocol, so dunders in its dict (a native __repr__ on
// a tuple subclass) take precedence over the layout's slots.
// Returns a new reference.
TypeObject* new_native_class(VM& vm, const char* name, const char* module, TypeObject* base, ObjKind instance_kind,
                             bool mutable_class = false);

// ---------------------------------------------------------------- instances
// Calls a class: builtin classes dispatch to their constructor (int(x),
// list(it), ...); user classes run __new__ and __init__.
Value type_call(VM& vm, TypeObject* cls, const CallArgs& a);
// A new, empty instance of `cls` (kind Instance or Exception, from its bases).
Value instance_alloc(VM& vm, TypeObject* cls);
// For `cls(...)` run by the interpreter itself: the Python __init__ to run
// on a fresh instance_alloc() when that is all the call does (a user class
// of plain instances whose __new__ is object's), else null. Memoised per
// class version.
FunctionObject* type_inline_init_slow(VM& vm, TypeObject* cls);
inline FunctionObject* type_inline_init(VM& vm, TypeObject* cls) {
  if (cls->init_cache_version == cls->version) [[likely]]
    return cls->init_cache.is_object() ? cls->init_cache.as<FunctionObject>() : nullptr;
  return type_inline_init_slow(vm, cls);
}

// ---------------------------------------------------------------- attributes
// Where an object keeps its own attributes, for the generic lookups below:
// nowhere (null), a __dict__, or an instance, which may hold them in slots
// (vm/shape.h) or in a __dict__. For stores, `dict_slot` is the slot of a
// __dict__ that is created on demand.
struct OwnAttrs {
  DictObject* dict = nullptr;
  Value* dict_slot = nullptr;
  InstanceObject* inst = nullptr;
  OwnAttrs(std::nullptr_t) {}
  OwnAttrs(DictObject* d) : dict(d) {}
  OwnAttrs(Value* slot) : dict_slot(slot) {}
  static OwnAttrs of_instance(InstanceObject* i) {
    OwnAttrs a(nullptr);
    a.inst = i;
    return a;
  }
};
// Generic attribute lookup on any object whose class dict holds its
// attributes; `own` is where the object's own attributes are (a dict for
// getattr). With `missing_ok`, an absent attribute returns Empty without an
// exception.
Value generic_getattr(VM& vm, const Value& obj, StrObject* name, OwnAttrs own, bool missing_ok);
// Stores into the object's own attributes (`own`: a dict slot or an
// instance) unless a data descriptor on the class intercepts it. `value`
// Empty: delete.
bool generic_setattr(VM& vm, const Value& obj, StrObject* name, OwnAttrs own, const Value& value);
// Binds a class attribute found by type_lookup to `obj` (functions become
// bound methods, property calls its getter...). `obj` Empty: accessed on
// the class `owner` itself.
Value bind_descriptor(VM& vm, const Value& attr, const Value& obj, TypeObject* owner);
// Lookups on a class object (`A.x`): metaclass `type` attributes, then the
// class's MRO.
Value type_getattr_value(VM& vm, TypeObject* t, StrObject* name, bool missing_ok);
// Looks `name` up among the user classes at the front of type's MRO only
// (stopping at the first builtin class): what builtin bases provide comes
// from their kind's slots. Empty if absent.
Value user_type_lookup_slow(TypeObject* type, StrObject* name);
inline Value user_type_lookup(TypeObject* type, StrObject* name) {
  if (type_is_builtin(type)) return Value();
  const TypeObject::LookupCacheEntry* e = type->lookup_hit(name);
  if (e && e->from_user >= 0) [[likely]]
    return e->from_user ? e->value : Value();
  return user_type_lookup_slow(type, name);
}
// Attribute access on instances of user classes, whatever their layout:
// __getattribute__/__getattr__ hooks, descriptors, the instance __dict__.
Value user_object_getattr(VM& vm, Object* o, StrObject* name);
bool user_object_setattr(VM& vm, Object* o, StrObject* name, const Value& value);
// A user object is a descriptor if its class defines __get__, and a data
// descriptor (wins over the instance __dict__) if it also defines __set__ or
// __delete__; property is one.
bool is_data_descriptor(VM& vm, const Value& attr);
// property.__get__: calls fget (AttributeError naming `name` if it has none).
Value property_get(VM& vm, PropertyObject* p, const Value& obj, StrObject* name);
// True for object's own methods (object.__new__, object.__init__, ...).
bool is_object_native(VM& vm, const Value& m);
// A new bound method object.
Value make_bound_method(VM& vm, const Value& func, const Value& self);

}  // namespace kiln::vm
