// vm/type.cpp — classes and instances: class creation, calling a class,
// attribute lookup with descriptors, and the methods of `object` and `type`.
// See vm/type.h for the model.

#include "vm/type.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "vm/args.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/shape.h"
#include "vm/str.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {

inline bool name_eq(StrObject* a, StrObject* b) {
  return a == b || (a->nbytes == b->nbytes && std::memcmp(a->data, b->data, a->nbytes) == 0);
}
inline bool name_is(StrObject* a, const char* s) {
  size_t n = std::strlen(s);
  return a->nbytes == n && std::memcmp(a->data, s, n) == 0;
}
inline Value str_value(StrObject* s) { return Value::borrow(s); }
inline DictObject* dict_of(const Value& v) { return v.as<DictObject>(); }


// The classes deriving from user classes, so that a change to a base can
// renumber them (see type_modified). Held strongly; freed with the VM.
struct SubclassRegistry {
  std::vector<Value> classes;
};
SubclassRegistry& registry(VM& vm) {
  auto& slot = vm.extension_state["kiln.subclasses"];
  if (!slot) slot = std::make_shared<SubclassRegistry>();
  return *static_cast<SubclassRegistry*>(slot.get());
}

void compute_hooks(VM& vm, TypeObject* t) {
  if (type_is_builtin(t)) return;
  uint16_t aux = t->aux & ~(kTypeGetattribute | kTypeGetattrHook | kTypeSetattr);
  Value m = type_lookup(t, vm.names.__getattribute__);
  if (m && !is_object_native(vm, m)) aux |= kTypeGetattribute;
  if (type_lookup(t, vm.names.__getattr__)) aux |= kTypeGetattrHook;
  m = type_lookup(t, vm.names.__setattr__);
  if (m && !is_object_native(vm, m)) aux |= kTypeSetattr;
  m = type_lookup(t, vm.names.__delattr__);
  if (m && !is_object_native(vm, m)) aux |= kTypeSetattr;
  t->aux = aux;
}

std::atomic<uint64_t> g_type_version{1};

Value attribute_error(VM& vm, const Value& obj, StrObject* name) {
  return vm.raisef(Exc::AttributeError, "'%s' object has no attribute '%s'", type_name(vm, obj), name->data);
}

}  // namespace

bool is_object_native(VM& vm, const Value& m) {
  return is_kind(m, ObjKind::Native) && m.as<NativeObject>()->owner.is_object() &&
         m.as<NativeObject>()->owner.as_object() == vm.types.object;
}

uint64_t next_type_version() { return g_type_version.fetch_add(1, std::memory_order_relaxed) + 1; }

void type_modified(VM& vm, TypeObject* t) {
  t->version = next_type_version();
  compute_hooks(vm, t);
  if (!(t->aux & kTypeHasSubclasses)) return;
  for (Value& c : registry(vm).classes) {
    auto* ct = c.as<TypeObject>();
    if (ct != t && is_subtype(ct, t)) {
      ct->version = next_type_version();
      compute_hooks(vm, ct);
    }
  }
}

std::string type_display_name(const TypeObject* t) {
  return is_str(t->name) ? std::string(str_view(t->name)) : std::string("?");
}

std::string type_repr_name(const TypeObject* t) {
  std::string q = is_str(t->qualname) ? std::string(str_view(t->qualname)) : type_display_name(t);
  if (is_str(t->module)) {
    std::string_view m = str_view(t->module);
    if (m != "builtins" && m != "__main__") return std::string(m) + "." + q;
  }
  return q;
}

// ================================================================ binding

Value make_bound_method(VM& vm, const Value& func, const Value& self) {
  // A builtin method bound to its object is a builtin_function_or_method
  // to Python ("abc".upper), a bound user function a `method`.
  TypeObject* cls = is_kind(func, ObjKind::Native) ? vm.types.builtin_function : vm.types.method;
  auto* m = object_new<BoundMethodObject>(vm, ObjKind::BoundMethod, cls);
  m->self = self;
  m->func = func;
  return Value::steal(m);
}

namespace {
inline bool is_user_object(const Value& v) { return v.is_object() && !type_is_builtin(v.as_object()->type); }
}  // namespace

bool is_data_descriptor(VM& vm, const Value& attr) {
  if (!attr.is_object()) return false;
  Object* o = attr.as_object();
  if (o->kind == ObjKind::Property) return true;
  if (type_is_builtin(o->type)) return false;
  return type_lookup(o->type, vm.names.__set__) || type_lookup(o->type, vm.names.__delete__);
}

Value property_get(VM& vm, PropertyObject* p, const Value& obj, StrObject* name) {
  if (!p->fget || p->fget.is_none()) {
    return vm.raisef(Exc::AttributeError, "property '%s' of '%s' object has no getter", name ? name->data : "?",
                     type_name(vm, obj));
  }
  return vm.call1(p->fget, obj);
}

Value bind_descriptor(VM& vm, const Value& attr, const Value& obj, TypeObject* owner) {
  if (!attr.is_object()) return attr;
  Object* o = attr.as_object();
  switch (o->kind) {
    case ObjKind::Function:
      return obj ? make_bound_method(vm, attr, obj) : attr;
    case ObjKind::Native:
      // Methods of builtin types bind; plain builtin functions stored as
      // class attributes do not (as in CPython).
      if (obj && static_cast<NativeObject*>(o)->owner.is_object()) return make_bound_method(vm, attr, obj);
      return attr;
    case ObjKind::StaticMethod:
      return static_cast<StaticMethodObject*>(o)->func;
    case ObjKind::ClassMethod: {
      Value cls = obj ? Value::borrow(type_of(vm, obj)) : Value::borrow(owner);
      return make_bound_method(vm, static_cast<ClassMethodObject*>(o)->func, cls);
    }
    case ObjKind::Property:
      if (!obj) return attr;
      return property_get(vm, static_cast<PropertyObject*>(o), obj, nullptr);
    default:
      break;
  }
  if (!type_is_builtin(o->type)) {
    Value get = type_lookup(o->type, vm.names.__get__);
    if (get) {
      Value args[3] = {attr, obj ? obj : Value::none(), Value::borrow(owner)};
      return vm.call(get, args, 3);
    }
  }
  return attr;
}

// ================================================================ generic attributes

namespace {
// The object's __dict__ if it has one now (none is created).
DictObject* own_dict(const OwnAttrs& own) {
  if (own.dict) return own.dict;
  if (own.dict_slot) return own.dict_slot->is_object() ? dict_of(*own.dict_slot) : nullptr;
  return own.inst ? instance_dict_if_any(own.inst) : nullptr;
}

// The object's own attribute `name`, or Empty.
Value own_attr(const OwnAttrs& own, StrObject* name) {
  if (own.inst) {
    Value* v = instance_attr(own.inst, name);
    return v ? *v : Value();
  }
  DictObject* d = own_dict(own);
  return d ? dict_get_str(d, name) : Value();
}
}  // namespace

Value generic_getattr(VM& vm, const Value& obj, StrObject* name, OwnAttrs own, bool missing_ok) {
  TypeObject* t = type_of(vm, obj);
  Value attr = type_lookup(t, name);
  if (attr && attr.is_object()) {
    Object* ao = attr.as_object();
    if (ao->kind == ObjKind::Function) {
      // The common case: a method. An instance attribute of the same name wins.
      if (Value v = own_attr(own, name)) return v;
      return make_bound_method(vm, attr, obj);
    }
    if (ao->kind == ObjKind::Property) return property_get(vm, static_cast<PropertyObject*>(ao), obj, name);
    if (is_user_object(attr) && is_data_descriptor(vm, attr)) return bind_descriptor(vm, attr, obj, t);
  }
  if (Value v = own_attr(own, name)) return v;
  if (attr) return bind_descriptor(vm, attr, obj, t);
  if (name_eq(name, vm.names.__class__)) return Value::borrow(t);
  if (name_eq(name, vm.names.__dict__)) {
    if (own.inst) {
      DictObject* d = instance_materialize_dict(vm, own.inst);
      return d ? Value::borrow(d) : Value();
    }
    if (DictObject* d = own_dict(own)) return Value::borrow(d);
  }
  if (name_eq(name, vm.names.__doc__)) return Value::none();
  if (missing_ok) return Value();
  return attribute_error(vm, obj, name);
}

bool generic_setattr(VM& vm, const Value& obj, StrObject* name, OwnAttrs own, const Value& value) {
  TypeObject* t = type_of(vm, obj);
  Value attr = type_lookup(t, name);
  if (attr && attr.is_object()) {
    Object* ao = attr.as_object();
    if (ao->kind == ObjKind::Property) {
      auto* p = static_cast<PropertyObject*>(ao);
      const Value& f = value ? p->fset : p->fdel;
      if (!f || f.is_none()) {
        // A builtin class's read-only attribute (int.real, ...) is a getset
        // descriptor in CPython, with its own message naming the class that
        // defines it.
        for (const Value& m : t->mro) {
          auto* mt = m.as<TypeObject>();
          if (!mt->dict.is_object() || !dict_get_str(mt->dict.as<DictObject>(), name).is(attr)) continue;
          if (type_is_builtin(mt)) {
            vm.raisef(Exc::AttributeError, "attribute '%s' of '%s' objects is not writable", name->data,
                      std::string(str_view(mt->name)).c_str());
            return false;
          }
          break;
        }
        vm.raisef(Exc::AttributeError, "property '%s' of '%s' object has no %s", name->data, type_name(vm, obj),
                  value ? "setter" : "deleter");
        return false;
      }
      Value r = value ? vm.call2(f, obj, value) : vm.call1(f, obj);
      return bool(r);
    }
    if (is_user_object(attr)) {
      StrObject* which = value ? vm.names.__set__ : vm.names.__delete__;
      Value m = type_lookup(ao->type, which);
      if (m) {
        Value r;
        if (value) {
          Value args[3] = {attr, obj, value};
          r = vm.call(m, args, 3);
        } else {
          r = vm.call2(m, attr, obj);
        }
        return bool(r);
      }
    }
  }
  if (own.inst) {
    if (value) return instance_store(vm, own.inst, name, value);
    DictObject* d = instance_materialize_dict(vm, own.inst);
    if (!d) return false;
    own.dict_slot = &own.inst->dict;
  }
  Value* dict = own.dict_slot;
  if (!dict) {
    if (attr) {
      vm.raisef(Exc::AttributeError, "'%s' object attribute '%s' is read-only", type_name(vm, obj), name->data);
    } else {
      attribute_error(vm, obj, name);
    }
    return false;
  }
  if (!value) {
    if (dict->is_object()) {
      DictObject* d = dict_of(*dict);
      if (dict_get_str(d, name)) return dict_delitem(vm, d, str_value(name));
    }
    attribute_error(vm, obj, name);
    return false;
  }
  if (!dict->is_object()) {
    *dict = dict_new(vm);
    if (!*dict) return false;
  }
  return dict_setitem(vm, dict_of(*dict), str_value(name), value);
}

// ================================================================ instances

Value instance_alloc(VM& vm, TypeObject* cls) {
  switch (cls->instance_kind) {
    case ObjKind::Instance: {
      uint32_t n = type_is_builtin(cls) ? 0 : cls->instance_slots;  // object() has no attributes
      auto* inst = object_new<InstanceObject>(vm, ObjKind::Instance, cls, sizeof(InstanceObject) + n * sizeof(Value));
      instance_init_slots(vm, inst, n);
      return Value::steal(inst);
    }
    case ObjKind::Exception: return exception_new(vm, cls, nullptr, 0);
    case ObjKind::List:
    case ObjKind::Dict:
    case ObjKind::Set:
      // User subclasses of list, dict and set: the builtin layout plus a __dict__.
      return Value::steal(alloc_with_trailing_dict(vm, cls->instance_kind, cls));
    default:
      return vm.raisef(Exc::TypeError, "cannot create '%s' instances", type_display_name(cls).c_str());
  }
}

FunctionObject* type_inline_init_slow(VM& vm, TypeObject* cls) {
  Value init;
  if (cls->instance_kind == ObjKind::Instance && !type_is_builtin(cls) &&
      is_object_native(vm, type_lookup(cls, vm.names.__new__))) {
    Value f = type_lookup(cls, vm.names.__init__);
    if (is_kind(f, ObjKind::Function)) init = std::move(f);
  }
  cls->init_cache = std::move(init);
  cls->init_cache_version = cls->version;
  return cls->init_cache.is_object() ? cls->init_cache.as<FunctionObject>() : nullptr;
}

Value user_type_lookup_slow(TypeObject* type, StrObject* name) {
  if (type_is_builtin(type)) return Value();
  // The attribute came from a user class unless the first builtin class of
  // the MRO resolves the name to the same object; the answer is memoised
  // beside type_lookup's (both are dropped when the class changes).
  TypeObject::LookupCacheEntry& e = type_lookup_entry(type, name);
  if (e.from_user < 0) {
    bool user = bool(e.value);
    if (user) {
      for (const Value& tv : type->mro) {
        auto* t = tv.as<TypeObject>();
        if (type_is_builtin(t)) {
          user = !type_lookup(t, name).is(e.value);
          break;
        }
      }
    }
    // type_lookup on a builtin class never touches this class's memo, so `e` is still the entry.
    e.from_user = user ? 1 : 0;
  }
  return e.from_user ? e.value : Value();
}

namespace {
// Where `o` keeps its own attributes: instances of user classes in slots or a
// __dict__, exceptions and user subclasses of list/dict/set in a __dict__
// slot; nowhere for other objects.
OwnAttrs own_attrs_of(Object* o) {
  switch (o->kind) {
    case ObjKind::Instance: return OwnAttrs::of_instance(static_cast<InstanceObject*>(o));
    case ObjKind::Exception: return OwnAttrs(&static_cast<ExceptionObject*>(o)->dict);
    default: return OwnAttrs(trailing_dict(o));
  }
}

// The object's __dict__, made if it has a place for one but none yet;
// Empty without an exception if it has no place for one.
Value own_dict_made(VM& vm, const OwnAttrs& own) {
  if (own.inst) {
    DictObject* d = instance_materialize_dict(vm, own.inst);
    return d ? Value::borrow(d) : Value();
  }
  if (!own.dict_slot) return Value();
  if (!own.dict_slot->is_object()) *own.dict_slot = dict_new(vm);
  return *own.dict_slot;
}
}  // namespace

Value user_object_getattr(VM& vm, Object* o, StrObject* name) {
  TypeObject* t = o->type;
  Value self = Value::borrow(o);
  OwnAttrs own = own_attrs_of(o);
  if (t->aux & (kTypeGetattribute | kTypeGetattrHook)) {
    Value r;
    if (t->aux & kTypeGetattribute) {
      Value m = type_lookup(t, vm.names.__getattribute__);
      r = vm.call2(m, self, str_value(name));
    } else {
      r = generic_getattr(vm, self, name, own, true);
      if (!r && !vm.has_exception()) attribute_error(vm, self, name);
    }
    if (!r && (t->aux & kTypeGetattrHook) && vm.exception_matches(Exc::AttributeError)) {
      vm.clear_exception();
      Value hook = type_lookup(t, vm.names.__getattr__);
      return vm.call2(hook, self, str_value(name));
    }
    return r;
  }
  if ((own.inst || own.dict_slot) && name_eq(name, vm.names.__dict__)) return own_dict_made(vm, own);
  return generic_getattr(vm, self, name, own, false);
}

bool user_object_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  TypeObject* t = o->type;
  Value self = Value::borrow(o);
  if (t->aux & kTypeSetattr) {
    Value m = type_lookup(t, value ? vm.names.__setattr__ : vm.names.__delattr__);
    if (m && !is_object_native(vm, m)) {
      Value r = value ? vm.call(m, std::array<Value, 3>{self, str_value(name), value}.data(), 3)
                      : vm.call2(m, self, str_value(name));
      return bool(r);
    }
  }
  OwnAttrs own = own_attrs_of(o);
  if (!own.inst && !own.dict_slot) return generic_setattr(vm, self, name, nullptr, value);
  if (name_eq(name, vm.names.__dict__)) {
    if (!is_kind(value, ObjKind::Dict)) {
      vm.raisef(Exc::TypeError, "__dict__ must be set to a dictionary, not a '%s'", value ? type_name(vm, value) : "NoneType");
      return false;
    }
    if (own.inst) {
      if (!instance_materialize_dict(vm, own.inst)) return false;
      own.inst->dict = value;
    } else {
      *own.dict_slot = value;
    }
    return true;
  }
  if (name_eq(name, vm.names.__class__)) {
    vm.raise(Exc::NotImplementedError, "assigning to __class__ is not supported yet");
    return false;
  }
  return generic_setattr(vm, self, name, own, value);
}

namespace {
Value instance_getattr(VM& vm, Object* o, StrObject* name) {
  if (type_is_builtin(o->type)) {
    // object() itself: nothing but object's methods.
    return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
  }
  return user_object_getattr(vm, o, name);
}

bool instance_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  if (type_is_builtin(o->type)) return generic_setattr(vm, Value::borrow(o), name, nullptr, value);
  return user_object_setattr(vm, o, name, value);
}

Value instance_repr(VM& vm, Object* o) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(o));
  std::string s = "<";
  TypeObject* t = o->type;
  if (!type_is_builtin(t) && is_str(t->module) && str_view(t->module) != "builtins") {
    s += str_view(t->module);
    s += '.';
  }
  s += is_str(t->qualname) ? str_view(t->qualname) : std::string_view("?");
  s += " object at ";
  s += buf;
  s += '>';
  return make_str(vm, s);
}

bool identity_hash(VM&, Object* o, int64_t* out) {
  uint64_t y = reinterpret_cast<uintptr_t>(o);
  y = (y >> 4) | (y << 60);
  *out = int64_t(y) == -1 ? -2 : int64_t(y);
  return true;
}
}  // namespace

const KindSlots instance_slots = [] {
  KindSlots s;
  s.repr = instance_repr;
  s.hash = identity_hash;
  s.getattr = instance_getattr;
  s.setattr = instance_setattr;
  return s;
}();

// ================================================================ class objects

namespace {
Value type_repr(VM& vm, Object* o) {
  auto* t = static_cast<TypeObject*>(o);
  std::string s = "<class '";
  if (is_str(t->module) && str_view(t->module) != "builtins") {
    s += str_view(t->module);
    s += '.';
  }
  s += is_str(t->qualname) ? str_view(t->qualname) : std::string_view("?");
  s += "'>";
  return make_str(vm, s);
}

Value mro_tuple(VM& vm, TypeObject* t) { return tuple_from_array(vm, t->mro.data(), t->mro.size()); }

Value bases_tuple(VM& vm, TypeObject* t) {
  if (t->base.is_object()) return tuple_pack(vm, {t->base});
  return tuple_new(vm, 0);
}

Value type_getattr(VM& vm, Object* o, StrObject* name) {
  return type_getattr_value(vm, static_cast<TypeObject*>(o), name, false);
}

bool type_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  auto* t = static_cast<TypeObject*>(o);
  if (type_is_builtin(t) && !(t->aux & kTypeMutable)) {
    vm.raisef(Exc::TypeError, "cannot set '%s' attribute of immutable type '%s'", name->data,
              type_display_name(t).c_str());
    return false;
  }
  if (type_is_builtin(t) && name->data[0] == '_' && name->data[1] == '_') {
    // The protocol reads a builtin class's dunders from its layout's slots,
    // never from its dict: a replaced one would be silently ignored.
    vm.raisef(Exc::NotImplementedError, "setting special attribute '%s' of class '%s' is not supported by Kiln",
              name->data, type_display_name(t).c_str());
    return false;
  }
  if (name_eq(name, vm.names.__name__) || name_eq(name, vm.names.__qualname__)) {
    if (!is_str(value)) {
      vm.raisef(Exc::TypeError, "can only assign string to %s.%s, not '%s'", type_display_name(t).c_str(),
                name->data, value ? type_name(vm, value) : "NoneType");
      return false;
    }
    if (name_eq(name, vm.names.__name__)) t->name = value;
    else t->qualname = value;
    type_modified(vm, t);  // a new version: the tracer's CLASS_VERSION guards read names too
    return true;
  }
  if (name_eq(name, vm.names.__module__) && value) t->module = value;
  // Data descriptors on the metaclass (none in Kiln) would go first; then the dict.
  DictObject* d = dict_of(t->dict);
  bool ok;
  if (!value) {
    if (!dict_get_str(d, name)) {
      vm.raisef(Exc::AttributeError, "type object '%s' has no attribute '%s'", type_display_name(t).c_str(),
                name->data);
      return false;
    }
    ok = dict_delitem(vm, d, str_value(name));
  } else {
    ok = dict_setitem(vm, d, str_value(name), value);
  }
  type_modified(vm, t);
  return ok;
}

Value type_call_slot(VM& vm, Object* o, const CallArgs& a) { return type_call(vm, static_cast<TypeObject*>(o), a); }
}  // namespace

const KindSlots type_slots = [] {
  KindSlots s;
  s.repr = type_repr;
  s.hash = identity_hash;
  s.call = type_call_slot;
  s.getattr = type_getattr;
  s.setattr = type_setattr;
  return s;
}();

Value type_getattr_value(VM& vm, TypeObject* t, StrObject* name, bool missing_ok) {
  // Special attributes stored in the TypeObject itself.
  if (name->data[0] == '_' && name->data[1] == '_') {
    if (name_eq(name, vm.names.__name__)) return t->name;
    if (name_eq(name, vm.names.__qualname__)) return t->qualname;
    if (name_eq(name, vm.names.__module__)) {
      Value m = dict_get_str(dict_of(t->dict), name);
      if (m) return m;
      return t->module ? t->module : Value::none();
    }
    if (name_eq(name, vm.names.__mro__)) return mro_tuple(vm, t);
    if (name_eq(name, vm.names.__bases__)) return bases_tuple(vm, t);
    if (name_eq(name, vm.names.__base__)) return t->base ? t->base : Value::none();
    if (name_eq(name, vm.names.__class__)) return Value::borrow(vm.types.type);
    if (name_eq(name, vm.names.__dict__)) {
      // CPython returns a read-only mappingproxy; a copy keeps the class's
      // own dict (and its version) out of reach.
      return dict_copy(vm, dict_of(t->dict));
    }
    if (name_eq(name, vm.names.__doc__)) {
      Value d = dict_get_str(dict_of(t->dict), name);
      return d ? d : Value::none();
    }
    if (name_eq(name, vm.names.__annotations__) && !type_is_builtin(t)) {
      // A class's own annotations, never a base's; a class without any gets
      // an empty dict on first access, kept in its namespace (CPython 3.10+).
      Value d = dict_get_str(dict_of(t->dict), name);
      if (d) return d;
      d = dict_new(vm);
      if (!d || !type_setattr(vm, t, name, d)) return Value();
      return d;
    }
  }
  Value attr = type_lookup(t, name);
  if (attr) return bind_descriptor(vm, attr, Value(), t);
  // Attributes of the metaclass `type` (mro, __subclasses__...), bound to t.
  if (t != vm.types.type) {
    Value meta = type_lookup(vm.types.type, name);
    if (meta) return bind_descriptor(vm, meta, Value::borrow(t), vm.types.type);
  }
  if (missing_ok) return Value();
  return vm.raisef(Exc::AttributeError, "type object '%s' has no attribute '%s'", type_display_name(t).c_str(),
                   name->data);
}

// ================================================================ creating classes

namespace {
Value make_staticmethod(VM& vm, const Value& f) {
  auto* s = object_new<StaticMethodObject>(vm, ObjKind::StaticMethod, vm.types.staticmethod);
  s->func = f;
  return Value::steal(s);
}
Value make_classmethod(VM& vm, const Value& f) {
  auto* s = object_new<ClassMethodObject>(vm, ObjKind::ClassMethod, vm.types.classmethod);
  s->func = f;
  return Value::steal(s);
}

bool check_base(VM& vm, const Value& b, TypeObject** out) {
  if (!is_kind(b, ObjKind::Type)) {
    vm.raisef(Exc::TypeError, "bases must be types, not '%s'", type_name(vm, b));
    return false;
  }
  auto* bt = b.as<TypeObject>();
  if (bt == vm.types.bool_ || bt == vm.types.NoneType || bt == vm.types.NotImplementedType ||
      bt == vm.types.ellipsis || bt == vm.types.function || bt == vm.types.builtin_function ||
      bt == vm.types.method || bt == vm.types.generator || bt == vm.types.range || bt == vm.types.slice ||
      bt == vm.types.cell || bt == vm.types.code || bt == vm.types.staticmethod ||
      bt == vm.types.classmethod || bt == vm.types.super) {
    vm.raisef(Exc::TypeError, "type '%s' is not an acceptable base type", type_display_name(bt).c_str());
    return false;
  }
  // Subclassable: object, user classes, exceptions, and the containers and
  // str, whose instances keep their builtin layout (plus a __dict__).
  bool ok = bt == vm.types.object || !type_is_builtin(bt) || bt->instance_kind == ObjKind::Exception ||
            bt == vm.types.list || bt == vm.types.dict || bt == vm.types.set || bt == vm.types.frozenset ||
            bt == vm.types.tuple || bt == vm.types.str;
  if (!ok) {
    vm.raisef(Exc::NotImplementedError, "subclassing builtin type '%s' is not supported yet",
              type_display_name(bt).c_str());
    return false;
  }
  *out = bt;
  return true;
}

// Makes the class object from a finished namespace `ns` (used as the class
// dict as it is: callers pass a dict nobody else holds).
Value make_class(VM& vm, const Value& name, TypeObject* base, Value ns) {
  DictObject* d = dict_of(ns);
  // __new__ is implicitly a staticmethod, __init_subclass__ and
  // __class_getitem__ implicitly classmethods (as in CPython).
  Value f = dict_get_str(d, vm.names.__new__);
  if (is_kind(f, ObjKind::Function) && !dict_setitem(vm, d, str_value(vm.names.__new__), make_staticmethod(vm, f)))
    return Value();
  for (StrObject* n : {vm.names.__init_subclass__, vm.names.__class_getitem__}) {
    f = dict_get_str(d, n);
    if (is_kind(f, ObjKind::Function) && !dict_setitem(vm, d, str_value(n), make_classmethod(vm, f))) return Value();
  }
  // Defining __eq__ without __hash__ makes instances unhashable.
  if (dict_get_str(d, vm.names.__eq__) && !dict_get_str(d, vm.names.__hash__)) {
    if (!dict_setitem(vm, d, str_value(vm.names.__hash__), Value::none())) return Value();
  }
  Value qualname = dict_get_str(d, vm.names.__qualname__);
  if (qualname) {
    if (!is_str(qualname)) {
      return vm.raisef(Exc::TypeError, "type __qualname__ must be a str, not %s", type_name(vm, qualname));
    }
    if (!dict_delitem(vm, d, str_value(vm.names.__qualname__))) return Value();
  } else {
    qualname = name;
  }
  Value module = dict_get_str(d, vm.names.__module__);

  auto* t = object_new<TypeObject>(vm, ObjKind::Type, vm.types.type);
  Value tv = Value::steal(t);
  t->name = name;
  t->qualname = qualname;
  t->module = module ? module : Value::none();
  t->dict = std::move(ns);
  t->base = Value::borrow(base);
  t->mro.reserve(base->mro.size() + 1);
  t->mro.push_back(tv);
  for (const Value& m : base->mro) t->mro.push_back(m);
  t->instance_kind = base->instance_kind;
  // Instances have a __dict__ unless they are tuples, strs or frozensets
  // (immutable layouts made by their class's constructor).
  bool immutable = is_subtype(base, vm.types.tuple) || is_subtype(base, vm.types.str) ||
                   is_subtype(base, vm.types.frozenset);
  t->aux = immutable ? 0 : kTypeHasDict;
  t->version = next_type_version();
  compute_hooks(vm, t);
  if (!type_is_builtin(base)) {
    base->aux |= kTypeHasSubclasses;
    for (const Value& m : base->mro) {
      auto* mt = m.as<TypeObject>();
      if (!type_is_builtin(mt)) mt->aux |= kTypeHasSubclasses;
    }
    registry(vm).classes.push_back(tv);
  }
  return tv;
}

// __set_name__ on descriptors, then the base's __init_subclass__.
bool finish_class(VM& vm, const Value& cls, const TupleObject* kwnames, const Value* kwvalues) {
  auto* t = cls.as<TypeObject>();
  DictObject* d = dict_of(t->dict);
  // Collect first: __set_name__ may modify the dict.
  std::vector<std::pair<Value, Value>> named;
  for (auto& e : d->entries) {
    if (!e.key || !is_user_object(e.value)) continue;
    if (type_lookup(e.value.as_object()->type, vm.names.__set_name__)) named.emplace_back(e.key, e.value);
  }
  for (auto& [k, v] : named) {
    Value m = type_lookup(v.as_object()->type, vm.names.__set_name__);
    Value args[3] = {v, cls, k};
    if (!vm.call(m, args, 3)) return false;
  }
  auto* base = t->base.as<TypeObject>();
  Value init_sub = type_lookup(base, vm.names.__init_subclass__);
  size_t nkw = kwnames ? kwnames->size : 0;
  if (init_sub && !is_object_native(vm, init_sub)) {
    Value bound = bind_descriptor(vm, init_sub, Value(), t);
    if (!bound) return false;
    // super(cls, cls).__init_subclass__(**kw): bound to the new class.
    if (is_kind(bound, ObjKind::BoundMethod)) bound.as<BoundMethodObject>()->self = cls;
    return bool(vm.call(bound, kwvalues, 0, nkw ? kwnames : nullptr));
  }
  if (nkw) {
    vm.raisef(Exc::TypeError, "%s.__init_subclass__() takes no keyword arguments", type_display_name(t).c_str());
    return false;
  }
  return true;
}
}  // namespace

Value build_class(VM& vm, FunctionObject* body, const Value& name, const Value* bases, size_t nbases,
                  const TupleObject* kwnames, const Value* kwvalues) {
  if (!is_str(name)) return vm.raise(Exc::TypeError, "__build_class__: name is not a string");
  size_t nkw = kwnames ? kwnames->size : 0;
  for (size_t i = 0; i < nkw; ++i) {
    if (str_view(kwnames->items[i]) == "metaclass") {
      return vm.raise(Exc::NotImplementedError, "metaclasses are not supported yet (class keyword 'metaclass')");
    }
  }
  if (nbases > 1) return vm.raise(Exc::NotImplementedError, "multiple inheritance is not supported yet");
  TypeObject* base = vm.types.object;
  if (nbases == 1 && !check_base(vm, bases[0], &base)) return Value();
  Value ns = dict_new(vm);
  if (!ns) return ns;
  DictObject* d = dict_of(ns);
  Value modname;
  if (is_kind(body->globals, ObjKind::Dict)) modname = dict_get_str(dict_of(body->globals), vm.names.__name__);
  if (modname && !dict_setitem(vm, d, str_value(vm.names.__module__), modname)) return Value();
  Value qualname = is_str(body->qualname) ? body->qualname : name;
  if (!dict_setitem(vm, d, str_value(vm.names.__qualname__), qualname)) return Value();
  Value cell = run_class_body(vm, body, ns);
  if (!cell) return cell;
  Value cls = make_class(vm, name, base, ns);
  if (!cls) return cls;
  if (is_kind(cell, ObjKind::Cell)) cell.as<CellObject>()->contents = cls;
  if (!finish_class(vm, cls, kwnames, kwvalues ? kwvalues : nullptr)) return Value();
  return cls;
}

Value type_new(VM& vm, const Value& name, const Value* bases, size_t nbases, const Value& ns) {
  if (!is_str(name)) {
    return vm.raisef(Exc::TypeError, "type.__new__() argument 1 must be str, not %s", type_name(vm, name));
  }
  if (!is_kind(ns, ObjKind::Dict)) {
    return vm.raisef(Exc::TypeError, "type.__new__() argument 3 must be dict, not %s", type_name(vm, ns));
  }
  if (nbases > 1) return vm.raise(Exc::NotImplementedError, "multiple inheritance is not supported yet");
  TypeObject* base = vm.types.object;
  if (nbases == 1 && !check_base(vm, bases[0], &base)) return Value();
  Value copy = dict_copy(vm, dict_of(ns));
  if (!copy) return copy;
  if (!dict_get_str(dict_of(copy), vm.names.__module__)) {
    Value g = current_globals(vm);
    Value modname;
    if (is_kind(g, ObjKind::Dict)) modname = dict_get_str(dict_of(g), vm.names.__name__);
    if (vm.has_exception()) vm.clear_exception();
    if (modname && !dict_setitem(vm, dict_of(copy), str_value(vm.names.__module__), modname)) return Value();
  }
  Value cls = make_class(vm, name, base, copy);
  if (!cls) return cls;
  if (!finish_class(vm, cls, nullptr, nullptr)) return Value();
  return cls;
}

// ================================================================ calling classes

namespace {
bool excess_args(const CallArgs& a) { return a.nargs > 0 || a.nkw() > 0; }

// Arguments with the class prepended (for __new__).
Value call_with_first(VM& vm, const Value& f, const Value& first, const CallArgs& a) {
  size_t total = a.nargs + a.nkw();
  Value small[8];
  VmVector<Value> big;
  Value* v = small;
  if (total + 1 > std::size(small)) {
    big.resize(total + 1);
    v = big.data();
  }
  v[0] = first;
  for (size_t i = 0; i < total; ++i) v[i + 1] = a.args[i];
  return vm.call(f, v, a.nargs + 1, a.kwnames);
}
}  // namespace

Value type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (cls == vm.types.type) {
    if (a.nargs == 1 && a.nkw() == 0) return Value::borrow(type_of(vm, a.args[0]));
    if (a.nargs == 3 && a.nkw() == 0) {
      const Value& bases = a.args[1];
      if (!is_kind(bases, ObjKind::Tuple)) {
        return vm.raisef(Exc::TypeError, "type.__new__() argument 2 must be tuple, not %s", type_name(vm, bases));
      }
      return type_new(vm, a.args[0], bases.as<TupleObject>()->items, bases.as<TupleObject>()->size, a.args[2]);
    }
    return vm.raise(Exc::TypeError, "type() takes 1 or 3 arguments");
  }
  // Builtin classes other than object and the exceptions: their constructor.
  if (type_is_builtin(cls) && cls != vm.types.object && cls->instance_kind != ObjKind::Exception) {
    if (cls->builtin_new) return cls->builtin_new(vm, cls, a);
    Value ctor = dict_get_str(dict_of(cls->dict), vm.names.__new__);
    if (!is_kind(ctor, ObjKind::Native)) {
      return vm.raisef(Exc::TypeError, "cannot create '%s' instances", type_display_name(cls).c_str());
    }
    return call_with_first(vm, ctor, Value::borrow(cls), a);
  }
  // object, exceptions and user classes: __new__ then __init__.
  Value newm = type_lookup(cls, vm.names.__new__);
  Value init = type_lookup(cls, vm.names.__init__);
  bool builtin_new = is_kind(newm, ObjKind::Native) && is_kind(newm.as<NativeObject>()->owner, ObjKind::Type);
  bool object_new_ = is_object_native(vm, newm);
  bool default_init = is_object_native(vm, init);
  Value obj;
  ObjKind k = cls->instance_kind;
  if (builtin_new && (k == ObjKind::Instance || k == ObjKind::Exception || k == ObjKind::List ||
                      k == ObjKind::Dict || (k == ObjKind::Set && (cls->aux & kTypeHasDict)))) {
    if (object_new_ && default_init && excess_args(a)) {
      return vm.raisef(Exc::TypeError, "%s() takes no arguments", type_display_name(cls).c_str());
    }
    obj = instance_alloc(vm, cls);
    if (!obj) return obj;
    if (k == ObjKind::Exception && !exception_set_args(vm, obj, a)) return Value();
  } else {
    // A user __new__ (a staticmethod), or the constructor of an immutable
    // builtin base (tuple, str, frozenset) that builds the instance.
    Value f = bind_descriptor(vm, newm, Value(), cls);
    if (!f) return f;
    obj = call_with_first(vm, f, Value::borrow(cls), a);
    if (!obj) return obj;
    // __init__ runs only when __new__ returned an instance of the class.
    if (!isinstance(vm, obj, cls)) return obj;
  }
  if (default_init) return obj;
  Value r;
  if (is_kind(init, ObjKind::Function) || is_kind(init, ObjKind::Native)) {
    r = call_with_first(vm, init, obj, a);
  } else {
    Value bound = bind_descriptor(vm, init, obj, cls);
    if (!bound) return bound;
    r = vm.call(bound, a.args, a.nargs, a.kwnames);
  }
  if (!r) return r;
  if (!r.is_none()) {
    return vm.raisef(Exc::TypeError, "__init__() should return None, not '%s'", type_name(vm, r));
  }
  return obj;
}

// ================================================================ object's and type's methods

namespace {
bool check_self(VM& vm, const CallArgs& a, const char* name) {
  if (a.nargs < 1) {
    vm.raisef(Exc::TypeError, "descriptor '%s' of 'object' object needs an argument", name);
    return false;
  }
  return true;
}

Value object_init(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, "__init__")) return Value();
  if (a.nargs > 1 || a.nkw() > 0) {
    TypeObject* t = type_of(vm, a.args[0]);
    Value init = type_lookup(t, vm.names.__init__);
    if (!is_object_native(vm, init)) {
      return vm.raise(Exc::TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
    }
    Value newm = type_lookup(t, vm.names.__new__);
    if (is_object_native(vm, newm)) {
      return vm.raisef(Exc::TypeError, "%s() takes no arguments", type_display_name(t).c_str());
    }
  }
  return Value::none();
}

Value object_new_native(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1) return vm.raise(Exc::TypeError, "object.__new__(): not enough arguments");
  if (!is_kind(a.args[0], ObjKind::Type)) {
    return vm.raisef(Exc::TypeError, "object.__new__(X): X is not a type object (%s)", type_name(vm, a.args[0]));
  }
  auto* cls = a.args[0].as<TypeObject>();
  if (a.nargs > 1 || a.nkw() > 0) {
    Value newm = type_lookup(cls, vm.names.__new__);
    Value init = type_lookup(cls, vm.names.__init__);
    if (!is_object_native(vm, newm) && is_object_native(vm, init)) {
      return vm.raise(Exc::TypeError, "object.__new__() takes exactly one argument (the type to instantiate)");
    }
    if (is_object_native(vm, init)) {
      return vm.raisef(Exc::TypeError, "%s() takes no arguments", type_display_name(cls).c_str());
    }
  }
  if (type_is_builtin(cls) && cls != vm.types.object && cls->instance_kind != ObjKind::Exception) {
    return vm.raisef(Exc::TypeError, "object.__new__(%s) is not safe, use %s.__new__()",
                     type_display_name(cls).c_str(), type_display_name(cls).c_str());
  }
  return instance_alloc(vm, cls);
}

Value object_repr(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, "__repr__")) return Value();
  const Value& self = a.args[0];
  if (self.is_object()) return instance_repr(vm, self.as_object());
  return repr(vm, self);
}

Value object_str(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, "__str__")) return Value();
  return repr(vm, a.args[0]);
}

Value object_eq(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  return a.args[0].is(a.args[1]) ? Value::boolean(true) : Value::not_implemented();
}

Value object_ne(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  Value eq = type_lookup(type_of(vm, a.args[0]), vm.names.__eq__);
  if (!eq || is_object_native(vm, eq)) return a.args[0].is(a.args[1]) ? Value::boolean(false) : Value::not_implemented();
  Value r = vm.call2(eq, a.args[0], a.args[1]);
  if (!r || r.is_not_implemented()) return r;
  int t = truthy(vm, r);
  if (t < 0) return Value();
  return Value::boolean(!t);
}

Value object_cmp_not_impl(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  return Value::not_implemented();
}

Value object_hash(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, "__hash__")) return Value();
  int64_t h;
  if (a.args[0].is_object()) {
    identity_hash(vm, a.args[0].as_object(), &h);
  } else if (!hash(vm, a.args[0], &h)) {
    return Value();
  }
  return make_int(vm, h);
}

Value object_setattr_native(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 3) return vm.raisef(Exc::TypeError, "expected 2 arguments, got %zu", a.nargs ? a.nargs - 1 : 0);
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  const Value& self = a.args[0];
  StrObject* name = a.args[1].as<StrObject>();
  if (is_kind(self, ObjKind::Instance) && (self.as_object()->type->aux & kTypeHasDict)) {
    return generic_setattr(vm, self, name, OwnAttrs::of_instance(self.as<InstanceObject>()), a.args[2]) ? Value::none()
                                                                                                         : Value();
  }
  return setattr(vm, self, name, a.args[2]) ? Value::none() : Value();
}

Value object_delattr_native(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  const Value& self = a.args[0];
  StrObject* name = a.args[1].as<StrObject>();
  if (is_kind(self, ObjKind::Instance) && (self.as_object()->type->aux & kTypeHasDict)) {
    return generic_setattr(vm, self, name, OwnAttrs::of_instance(self.as<InstanceObject>()), Value()) ? Value::none()
                                                                                                       : Value();
  }
  return delattr(vm, self, name) ? Value::none() : Value();
}

Value object_getattribute(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  const Value& self = a.args[0];
  StrObject* name = a.args[1].as<StrObject>();
  if (is_kind(self, ObjKind::Instance)) {
    auto* inst = self.as<InstanceObject>();
    if (name_eq(name, vm.names.__dict__) && (self.as_object()->type->aux & kTypeHasDict)) {
      DictObject* d = instance_materialize_dict(vm, inst);
      return d ? Value::borrow(d) : Value();
    }
    return generic_getattr(vm, self, name, OwnAttrs::of_instance(inst), false);
  }
  return getattr(vm, self, name);
}

Value object_format(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs ? a.nargs - 1 : 0);
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "__format__() argument must be str, not %s", type_name(vm, a.args[1]));
  }
  if (str_view(a.args[1]).empty()) return str(vm, a.args[0]);
  return vm.raisef(Exc::TypeError, "unsupported format string passed to %s.__format__",
                   type_display_name(type_of(vm, a.args[0])).c_str());
}

Value object_init_subclass(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs > 1 || a.nkw() > 0) {
    return vm.raise(Exc::TypeError, "__init_subclass__() takes no keyword arguments");
  }
  return Value::none();
}

Value type_mro(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::Type)) {
    return vm.raise(Exc::TypeError, "descriptor 'mro' of 'type' object needs an argument");
  }
  auto* t = a.args[0].as<TypeObject>();
  Value l = list_new(vm, t->mro.size());
  for (const Value& m : t->mro) l.as<ListObject>()->items.push_back(m);
  return l;
}

Value type_subclasses(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::Type)) {
    return vm.raise(Exc::TypeError, "descriptor '__subclasses__' of 'type' object needs an argument");
  }
  auto* t = a.args[0].as<TypeObject>();
  Value l = list_new(vm, 0);
  for (const Value& c : registry(vm).classes) {
    if (c.as<TypeObject>()->base.is_object() && c.as<TypeObject>()->base.as_object() == t) {
      l.as<ListObject>()->items.push_back(c);
    }
  }
  return l;
}

// Adds a native method owned by `object` (the protocol recognises these as
// the defaults it implements inline).
void add_object_method(VM& vm, const char* name, NativeFn fn) { vm.add_method(vm.types.object, name, fn); }
}  // namespace

void init_object_type(VM& vm) {
  add_object_method(vm, "__init__", object_init);
  add_object_method(vm, "__new__", object_new_native);
  add_object_method(vm, "__repr__", object_repr);
  add_object_method(vm, "__str__", object_str);
  add_object_method(vm, "__eq__", object_eq);
  add_object_method(vm, "__ne__", object_ne);
  add_object_method(vm, "__lt__", object_cmp_not_impl);
  add_object_method(vm, "__le__", object_cmp_not_impl);
  add_object_method(vm, "__gt__", object_cmp_not_impl);
  add_object_method(vm, "__ge__", object_cmp_not_impl);
  add_object_method(vm, "__hash__", object_hash);
  add_object_method(vm, "__setattr__", object_setattr_native);
  add_object_method(vm, "__delattr__", object_delattr_native);
  add_object_method(vm, "__getattribute__", object_getattribute);
  add_object_method(vm, "__format__", object_format);
  // __init_subclass__ is a classmethod on object.
  {
    Value key = vm.intern("__init_subclass__");
    auto* n = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
    n->fn = object_init_subclass;
    n->name = "__init_subclass__";
    n->data = Value();
    n->owner = Value::borrow(vm.types.object);
    Value cm = make_classmethod(vm, Value::steal(n));
    dict_setitem(vm, dict_of(vm.types.object->dict), key, cm);
  }
  vm.add_method(vm.types.type, "mro", type_mro);
  vm.add_method(vm.types.type, "__subclasses__", type_subclasses);
}

}  // namespace kiln::vm
