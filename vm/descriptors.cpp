// vm/descriptors.cpp — property, staticmethod, classmethod and super.
//
// The binding rules themselves (what `obj.attr` does when the class attribute
// is one of these) live in vm/type.cpp's bind_descriptor / generic_getattr;
// this file holds the objects: their constructors, attributes, methods
// (property.setter and friends) and the MRO walk of super().

#include <cstdio>
#include <cstring>
#include <string>

#include "vm/args.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/kind_slots.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {
bool name_is(StrObject* a, const char* s) {
  size_t n = std::strlen(s);
  return a->nbytes == n && std::memcmp(a->data, s, n) == 0;
}
std::string addr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
bool identity_hash(VM&, Object* o, int64_t* out) {
  uint64_t y = reinterpret_cast<uintptr_t>(o);
  y = (y >> 4) | (y << 60);
  *out = int64_t(y) == -1 ? -2 : int64_t(y);
  return true;
}
inline Value none_if_empty(const Value& v) { return v ? v : Value::none(); }

// ================================================================ property

Value new_property(VM& vm, TypeObject* cls, Value fget, Value fset, Value fdel, Value doc) {
  auto* p = object_new<PropertyObject>(vm, ObjKind::Property, cls);
  p->fget = none_if_empty(fget);
  p->fset = none_if_empty(fset);
  p->fdel = none_if_empty(fdel);
  // Like CPython, a property without a docstring borrows its getter's.
  if ((!doc || doc.is_none()) && !p->fget.is_none()) {
    doc = getattr_opt(vm, p->fget, vm.names.__doc__);
    if (!doc && vm.has_exception()) return Value();
  }
  p->doc = none_if_empty(doc);
  return Value::steal(p);
}

Value property_new(VM& vm, const CallArgs& a, const Value&) {
  static const ArgSpec spec[] = {{"fget"}, {"fset"}, {"fdel"}, {"doc"}};
  Value av[4];
  CallArgs rest{a.args + 1, a.nargs - 1, a.kwnames};
  if (!parse_args(vm, rest, "property", spec, av)) return Value();
  return new_property(vm, a.args[0].as<TypeObject>(), av[0], av[1], av[2], av[3]);
}

PropertyObject* prop_self(VM& vm, const CallArgs& a, const char* method) {
  if (a.nargs < 1 || !is_kind(a.args[0], ObjKind::Property)) {
    vm.raisef(Exc::TypeError, "descriptor '%s' for 'property' objects doesn't apply to this object", method);
    return nullptr;
  }
  return a.args[0].as<PropertyObject>();
}

// property.getter/setter/deleter: a copy with one function replaced.
Value prop_copy_with(VM& vm, const CallArgs& a, const char* method, int which) {
  PropertyObject* p = prop_self(vm, a, method);
  if (!p) return Value();
  if (a.nargs != 2 || a.nkw()) {
    return vm.raisef(Exc::TypeError, "property.%s() takes exactly one argument (%zu given)", method, a.nargs - 1);
  }
  Value fget = which == 0 ? a.args[1] : p->fget;
  Value fset = which == 1 ? a.args[1] : p->fset;
  Value fdel = which == 2 ? a.args[1] : p->fdel;
  // Keep an explicit docstring; a borrowed one follows the new getter.
  Value doc = which == 0 ? Value::none() : p->doc;
  return new_property(vm, p->type, fget, fset, fdel, doc);
}
Value prop_getter(VM& vm, const CallArgs& a, const Value&) { return prop_copy_with(vm, a, "getter", 0); }
Value prop_setter(VM& vm, const CallArgs& a, const Value&) { return prop_copy_with(vm, a, "setter", 1); }
Value prop_deleter(VM& vm, const CallArgs& a, const Value&) { return prop_copy_with(vm, a, "deleter", 2); }

Value prop_get(VM& vm, const CallArgs& a, const Value&) {
  PropertyObject* p = prop_self(vm, a, "__get__");
  if (!p) return Value();
  if (a.nargs < 2 || a.nargs > 3) return vm.raise(Exc::TypeError, "__get__(None, None) is invalid");
  if (a.args[1].is_none()) return a.args[0];
  if (p->fget.is_none()) {
    return vm.raisef(Exc::AttributeError, "property of '%s' object has no getter", type_name(vm, a.args[1]));
  }
  return vm.call1(p->fget, a.args[1]);
}

Value prop_set(VM& vm, const CallArgs& a, const Value&) {
  PropertyObject* p = prop_self(vm, a, "__set__");
  if (!p) return Value();
  if (a.nargs != 3) return vm.raisef(Exc::TypeError, "expected 2 arguments, got %zu", a.nargs - 1);
  if (p->fset.is_none()) {
    return vm.raisef(Exc::AttributeError, "property of '%s' object has no setter", type_name(vm, a.args[1]));
  }
  Value r = vm.call2(p->fset, a.args[1], a.args[2]);
  return r ? Value::none() : r;
}

Value prop_delete(VM& vm, const CallArgs& a, const Value&) {
  PropertyObject* p = prop_self(vm, a, "__delete__");
  if (!p) return Value();
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "expected 1 argument, got %zu", a.nargs - 1);
  if (p->fdel.is_none()) {
    return vm.raisef(Exc::AttributeError, "property of '%s' object has no deleter", type_name(vm, a.args[1]));
  }
  Value r = vm.call1(p->fdel, a.args[1]);
  return r ? Value::none() : r;
}

Value property_getattr(VM& vm, Object* o, StrObject* name) {
  auto* p = static_cast<PropertyObject*>(o);
  if (name_is(name, "fget")) return p->fget;
  if (name_is(name, "fset")) return p->fset;
  if (name_is(name, "fdel")) return p->fdel;
  if (name_is(name, "__doc__")) return p->doc;
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}

Value generic_repr(VM& vm, Object* o) {
  std::string s = "<";
  s += type_display_name(o->type);
  s += " object at " + addr(o) + ">";
  return make_str(vm, s);
}

// ================================================================ staticmethod / classmethod

Value wrapper_new(VM& vm, const CallArgs& a, const char* name, bool is_static) {
  if (a.nkw()) return vm.raisef(Exc::TypeError, "%s() takes no keyword arguments", name);
  if (a.nargs != 2) {
    return vm.raisef(Exc::TypeError, "%s expected 1 argument, got %zu", name, a.nargs - 1);
  }
  auto* cls = a.args[0].as<TypeObject>();
  if (is_static) {
    auto* s = object_new<StaticMethodObject>(vm, ObjKind::StaticMethod, cls);
    s->func = a.args[1];
    return Value::steal(s);
  }
  auto* c = object_new<ClassMethodObject>(vm, ObjKind::ClassMethod, cls);
  c->func = a.args[1];
  return Value::steal(c);
}
Value staticmethod_new(VM& vm, const CallArgs& a, const Value&) { return wrapper_new(vm, a, "staticmethod", true); }
Value classmethod_new(VM& vm, const CallArgs& a, const Value&) { return wrapper_new(vm, a, "classmethod", false); }

Value wrapper_repr(VM& vm, const char* kind, const Value& func) {
  Value r = repr(vm, func);
  if (!r) return r;
  std::string s = std::string("<") + kind + "(";
  s += str_view(r);
  s += ")>";
  return make_str(vm, s);
}
Value staticmethod_repr(VM& vm, Object* o) {
  return wrapper_repr(vm, "staticmethod", static_cast<StaticMethodObject*>(o)->func);
}
Value classmethod_repr(VM& vm, Object* o) {
  return wrapper_repr(vm, "classmethod", static_cast<ClassMethodObject*>(o)->func);
}

Value wrapper_getattr(VM& vm, Object* o, StrObject* name, const Value& func) {
  if (name_is(name, "__func__") || name_is(name, "__wrapped__")) return func;
  if (name_is(name, "__name__") || name_is(name, "__qualname__") || name_is(name, "__doc__") ||
      name_is(name, "__module__")) {
    return getattr(vm, func, name);
  }
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}
Value staticmethod_getattr(VM& vm, Object* o, StrObject* name) {
  return wrapper_getattr(vm, o, name, static_cast<StaticMethodObject*>(o)->func);
}
Value classmethod_getattr(VM& vm, Object* o, StrObject* name) {
  return wrapper_getattr(vm, o, name, static_cast<ClassMethodObject*>(o)->func);
}

// staticmethod objects are callable (Python 3.10+).
Value staticmethod_call(VM& vm, Object* o, const CallArgs& a) {
  return vm.call(static_cast<StaticMethodObject*>(o)->func, a.args, a.nargs, a.kwnames);
}

Value staticmethod_get(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 2 || !is_kind(a.args[0], ObjKind::StaticMethod)) {
    return vm.raise(Exc::TypeError, "__get__(None, None) is invalid");
  }
  return a.args[0].as<StaticMethodObject>()->func;
}

Value classmethod_get(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 2 || !is_kind(a.args[0], ObjKind::ClassMethod)) {
    return vm.raise(Exc::TypeError, "__get__(None, None) is invalid");
  }
  Value owner = a.nargs >= 3 && !a.args[2].is_none() ? a.args[2] : Value::borrow(type_of(vm, a.args[1]));
  return make_bound_method(vm, a.args[0].as<ClassMethodObject>()->func, owner);
}

// ================================================================ super

// The class of `obj` as super() sees it: obj itself if it is a subclass of
// `type` (super in a classmethod), else type(obj) if it is an instance.
bool super_check(VM& vm, TypeObject* type, const Value& obj, TypeObject** out) {
  if (is_kind(obj, ObjKind::Type) && is_subtype(obj.as<TypeObject>(), type)) {
    *out = obj.as<TypeObject>();
    return true;
  }
  TypeObject* t = type_of(vm, obj);
  if (is_subtype(t, type)) {
    *out = t;
    return true;
  }
  vm.raise(Exc::TypeError, "super(type, obj): obj must be an instance or subtype of type");
  return false;
}

Value super_new(VM& vm, const CallArgs& a, const Value&) {
  if (a.nkw()) return vm.raise(Exc::TypeError, "super() takes no keyword arguments");
  size_t n = a.nargs - 1;
  if (n > 2) return vm.raisef(Exc::TypeError, "super() takes at most 2 arguments (%zu given)", n);
  Value type, obj;
  if (n == 0) {
    if (!current_super_args(vm, &type, &obj)) return Value();
  } else {
    type = a.args[1];
    if (n == 2) obj = a.args[2];
  }
  if (!is_kind(type, ObjKind::Type)) {
    return vm.raisef(Exc::TypeError, "super() argument 1 must be a type, not %s", type_name(vm, type));
  }
  auto* s = object_new<SuperObject>(vm, ObjKind::Super, a.args[0].as<TypeObject>());
  Value sv = Value::steal(s);
  s->type = type;
  if (obj && !obj.is_none()) {
    TypeObject* ot;
    if (!super_check(vm, type.as<TypeObject>(), obj, &ot)) return Value();
    s->obj = obj;
    s->obj_type = Value::borrow(ot);
  } else {
    s->obj = Value::none();
    s->obj_type = Value::none();
  }
  return sv;
}

Value super_getattr(VM& vm, Object* o, StrObject* name) {
  auto* s = static_cast<SuperObject*>(o);
  if (is_kind(s->obj_type, ObjKind::Type) && !name_is(name, "__class__")) {
    auto* start = s->type.as<TypeObject>();
    auto* ot = s->obj_type.as<TypeObject>();
    size_t i = 0;
    while (i < ot->mro.size() && ot->mro[i].as_object() != start) ++i;
    for (++i; i < ot->mro.size(); ++i) {
      auto* t = ot->mro[i].as<TypeObject>();
      if (!t->dict.is_object()) continue;
      Value attr = dict_get_str(t->dict.as<DictObject>(), name);
      if (!attr) continue;
      // super() in a classmethod (obj is the class): functions stay unbound.
      bool obj_is_class = s->obj.is(s->obj_type);
      if (is_kind(attr, ObjKind::Property) && !obj_is_class) {
        auto* p = attr.as<PropertyObject>();
        if (p->fget.is_none()) {
          return vm.raisef(Exc::AttributeError, "property '%s' of '%s' object has no getter", name->data,
                           type_name(vm, s->obj));
        }
        return vm.call1(p->fget, s->obj);
      }
      if (is_kind(attr, ObjKind::ClassMethod)) {
        return make_bound_method(vm, attr.as<ClassMethodObject>()->func, s->obj_type);
      }
      return bind_descriptor(vm, attr, obj_is_class ? Value() : s->obj, ot);
    }
  }
  if (name_is(name, "__thisclass__")) return s->type;
  if (name_is(name, "__self__")) return s->obj;
  if (name_is(name, "__self_class__")) return s->obj_type;
  Value r = generic_getattr(vm, Value::borrow(o), name, nullptr, true);
  if (r || vm.has_exception()) return r;
  return vm.raisef(Exc::AttributeError, "'super' object has no attribute '%s'", name->data);
}

Value super_repr(VM& vm, Object* o) {
  auto* s = static_cast<SuperObject*>(o);
  std::string out = "<super: <class '";
  out += is_kind(s->type, ObjKind::Type) ? type_display_name(s->type.as<TypeObject>()) : std::string("?");
  out += "'>, ";
  if (is_kind(s->obj_type, ObjKind::Type)) {
    out += "<";
    out += type_display_name(s->obj_type.as<TypeObject>());
    out += " object>";
  } else {
    out += "NULL";
  }
  out += ">";
  return make_str(vm, out);
}
}  // namespace

const KindSlots property_slots = [] {
  KindSlots s;
  s.repr = generic_repr;
  s.hash = identity_hash;
  s.getattr = property_getattr;
  return s;
}();

const KindSlots staticmethod_slots = [] {
  KindSlots s;
  s.repr = staticmethod_repr;
  s.hash = identity_hash;
  s.getattr = staticmethod_getattr;
  s.call = staticmethod_call;
  return s;
}();

const KindSlots classmethod_slots = [] {
  KindSlots s;
  s.repr = classmethod_repr;
  s.hash = identity_hash;
  s.getattr = classmethod_getattr;
  return s;
}();

const KindSlots super_slots = [] {
  KindSlots s;
  s.repr = super_repr;
  s.hash = identity_hash;
  s.getattr = super_getattr;
  return s;
}();

void init_descriptor_types(VM& vm) {
  TypeObject* p = vm.types.property;
  vm.add_method(p, "__new__", property_new);
  vm.add_method(p, "getter", prop_getter);
  vm.add_method(p, "setter", prop_setter);
  vm.add_method(p, "deleter", prop_deleter);
  vm.add_method(p, "__get__", prop_get);
  vm.add_method(p, "__set__", prop_set);
  vm.add_method(p, "__delete__", prop_delete);
  vm.add_method(vm.types.staticmethod, "__new__", staticmethod_new);
  vm.add_method(vm.types.staticmethod, "__get__", staticmethod_get);
  vm.add_method(vm.types.classmethod, "__new__", classmethod_new);
  vm.add_method(vm.types.classmethod, "__get__", classmethod_get);
  vm.add_method(vm.types.super, "__new__", super_new);
}

}  // namespace kiln::vm
