// vm/attr_cache.h — polymorphic inline caches for LOAD_ATTR, LOAD_METHOD and
// STORE_ATTR. Included by vm/interpreter.cpp only.
//
// Python's attribute lookup is a walk: the class's MRO for a data descriptor,
// then the instance __dict__, then the class again for methods and plain class
// attributes, then __getattr__. What the walk finds on the class side depends
// only on the class and its bases, so each attribute site memoises it, keyed
// on (class, TypeObject::version). Versions come from a process-wide counter
// and change whenever the class or one of its bases is modified, so an entry
// can never describe a different or changed class, even when a class's memory
// is reused.
//
// What still depends on the receiver is its own attributes. Most instances
// keep them in slots named by a hidden class (vm/shape.h): a way remembers
// the last shape it saw and the name's slot in it (or that it is absent), so
// a load is a shape compare and an indexed read, a method is proved
// unshadowed by the same compare, and a store that adds an attribute is a
// compare, a write and a shape swap. Instances that have left shape mode
// keep a __dict__: attributes are found there through an entry-position
// hint, and methods are proved unshadowed by the dict's one-word Bloom
// filter of key hashes (DictObject::key_bloom): a false positive costs one
// real lookup, never a wrong answer.
//
// A site keeps up to InlineCache::kWays receivers' classes (a polymorphic
// inline cache, as in Self and V8; richards' task classes need four); after
// that, ways are replaced round-robin. Receivers and the key they use:
//   Instance of a user class  class      kInstance / kProperty / kStore
//   module                    the module kModule (version: its dict's)
//   class (`C.x`)             the class  kClass
//   anything else             its class  kNoDict (methods only)
// Anything unusual — __getattribute__, user data descriptors other than
// property, __setattr__, dunder names the object model treats specially — is
// not cached and takes the generic path (vm::getattr / vm::setattr), which
// remains the definition of the semantics.
#pragma once

#include "vm/code.h"
#include "vm/dict.h"
#include "vm/object.h"
#include "vm/ops.h"
#include "vm/shape.h"
#include "vm/str.h"
#include "vm/type.h"
#include "vm/vm.h"

namespace kiln::vm::attr_cache {

enum Kind : uint8_t {
  kUnused = 0,
  kInstance,  // the instance __dict__ (via the hint), else the class attribute per `bind`
  kProperty,  // a property on the class (a data descriptor: wins over the __dict__)
  kModule,    // module attribute: entry `index` of the module dict at `version`
  kClass,     // attribute of the class receiver itself, per `bind`
  kNoDict,    // a method of a class whose instances have no __dict__ (builtins, immediates)
  kStore,     // STORE_ATTR into the instance __dict__ (no descriptor or __setattr__ intercepts)
};

enum Bind : uint8_t {
  kGeneric = 0,  // nothing cacheable on the class side: the generic path decides
  kPlain,        // `value` as it is
  kSelf,         // a method: `value` bound to the receiver
  kOwner,        // a classmethod: `value` bound to the class (`key`)
};

// True if `v` is a reference to exactly `o` (no reference counting).
inline bool holds(const Value& v, const Object* o) {
  return v.bits() == (Value::kPtrTag | reinterpret_cast<uint64_t>(o));
}

inline AttrCacheEntry* find(InlineCache& c, const Object* key, uint64_t version) {
  for (AttrCacheEntry& w : c.ways)
    if (w.key == key && w.version == version) return &w;
  return nullptr;
}

// The way to fill for `key`: its stale way, else a free one, else round-robin.
inline AttrCacheEntry& victim(InlineCache& c, const Object* key) {
  for (AttrCacheEntry& w : c.ways)
    if (w.key == key) return w;
  for (AttrCacheEntry& w : c.ways)
    if (!w.kind) return w;
  AttrCacheEntry& w = c.ways[c.next_way];
  c.next_way = uint32_t((c.next_way + 1) % InlineCache::kWays);
  return w;
}

inline void set_way(AttrCacheEntry& w, Kind kind, const Object* key, uint64_t version, StrObject* name) {
  w.kind = kind;
  w.key = key;
  w.version = version;
  w.bind = kGeneric;
  w.index = -1;
  w.shape = w.shape_to = nullptr;
  w.bloom = dict_bloom_bits(str_hash(name));
  w.value = Value();
}

// The value of `name` in `d`, found through the way's hint; null if absent.
inline Value* dict_find(AttrCacheEntry& w, DictObject* d, StrObject* name) {
  size_t i = size_t(int64_t(w.index));
  if (i < d->entries.size() && holds(d->entries[i].key, name)) return &d->entries[i].value;
  if ((d->key_bloom & w.bloom) != w.bloom) return nullptr;
  int64_t ix = dict_lookup_str_index(d, name);
  if (ix < 0) return nullptr;
  w.index = int32_t(ix);
  return &d->entries[size_t(ix)].value;
}

// The instance's own attribute `name` through the way's memo; null if absent.
[[gnu::always_inline]] inline Value* own_find(AttrCacheEntry& w, Object* o, StrObject* name) {
  auto* inst = static_cast<InstanceObject*>(o);
  if (const Shape* s = inst->shape) {
    if (s != w.shape) [[unlikely]] {
      w.shape = s;
      w.index = shape_find(s, name);
    }
    return w.index >= 0 ? &inst->slots()[w.index] : nullptr;
  }
  if (!inst->dict.is_object()) return nullptr;
  w.shape = nullptr;  // `index` is a dict hint from here on
  return dict_find(w, inst->dict.as<DictObject>(), name);
}

// The class-side result of a way for receiver `obj` (bind != kGeneric).
inline Value bind(VM& vm, const AttrCacheEntry& w, const Value& obj) {
  switch (w.bind) {
    case kPlain: return w.value;
    case kSelf: return make_bound_method(vm, w.value, obj);
    case kOwner: return make_bound_method(vm, w.value, Value::borrow(const_cast<Object*>(w.key)));
    default: return Value();
  }
}

// How a class attribute binds when read through an instance (`on_class`
// false) or on the class itself, as bind_descriptor would; kGeneric when it
// needs the full rules (absent, property, user objects that may define __get__).
inline Bind classify(const Value& attr, bool on_class, Value* value) {
  if (!attr) return kGeneric;
  if (!attr.is_object()) {
    *value = attr;
    return kPlain;
  }
  Object* o = attr.as_object();
  switch (o->kind) {
    case ObjKind::Function:
      *value = attr;
      return on_class ? kPlain : kSelf;
    case ObjKind::Native:
      *value = attr;
      return !on_class && static_cast<NativeObject*>(o)->owner.is_object() ? kSelf : kPlain;
    case ObjKind::StaticMethod:
      *value = static_cast<StaticMethodObject*>(o)->func;
      return kPlain;
    case ObjKind::ClassMethod:
      *value = static_cast<ClassMethodObject*>(o)->func;
      return kOwner;
    case ObjKind::Property:
      return kGeneric;
    default:
      break;
  }
  if (type_is_builtin(o->type)) {  // objects of builtin classes are not descriptors
    *value = attr;
    return kPlain;
  }
  return kGeneric;
}

inline bool is_dunder(StrObject* name) { return name->nbytes > 1 && name->data[0] == '_' && name->data[1] == '_'; }

// Kinds of objects of builtin classes that may carry their own attributes
// (a __dict__, or kind-specific getattr handling) and so never use kNoDict.
inline bool kind_has_own_attributes(ObjKind k) {
  return k == ObjKind::Instance || k == ObjKind::Exception || k == ObjKind::Function || k == ObjKind::Type ||
         k == ObjKind::Module || k == ObjKind::Super;
}

// Fills a way describing `name` on `obj` (for LOAD_METHOD when `method`);
// null when this receiver is not cacheable at this site.
[[gnu::noinline]] inline AttrCacheEntry* fill_load(VM& vm, InlineCache& c, const Value& obj, StrObject* name,
                                                   bool method) {
  TypeObject* t;
  if (obj.is_object()) {
    Object* o = obj.as_object();
    t = o->type;
    switch (o->kind) {
      case ObjKind::Module: {
        auto* d = static_cast<ModuleObject*>(o)->dict.as<DictObject>();
        int64_t ix = dict_lookup_str_index(d, name);
        if (ix < 0) return nullptr;
        AttrCacheEntry& w = victim(c, o);
        set_way(w, kModule, o, d->version, name);
        w.index = int32_t(ix);
        return &w;
      }
      case ObjKind::Type: {
        auto* cls = static_cast<TypeObject*>(o);
        if (is_dunder(name)) return nullptr;  // type's own attributes (__name__, __mro__, ...)
        Value attr = type_lookup(cls, name);
        Value value;
        Bind b = classify(attr, true, &value);
        if (b == kGeneric) return nullptr;
        AttrCacheEntry& w = victim(c, o);
        set_way(w, kClass, o, cls->version, name);
        w.bind = b;
        w.value = std::move(value);
        return &w;
      }
      case ObjKind::Instance: {
        if (type_is_builtin(t) || (t->aux & kTypeGetattribute)) return nullptr;
        if (name == vm.names.__dict__ || name == vm.names.__class__) return nullptr;
        Value attr = type_lookup(t, name);
        if (is_kind(attr, ObjKind::Property)) {
          AttrCacheEntry& w = victim(c, t);
          set_way(w, kProperty, t, t->version, name);
          w.value = std::move(attr);
          return &w;
        }
        if (attr && is_data_descriptor(vm, attr)) return nullptr;
        AttrCacheEntry& w = victim(c, t);
        set_way(w, kInstance, t, t->version, name);
        Value value;
        w.bind = classify(attr, false, &value);
        w.value = std::move(value);
        return &w;
      }
      default:
        if (kind_has_own_attributes(o->kind) || !type_is_builtin(t)) return nullptr;
        break;
    }
  } else {
    t = type_of(vm, obj);
  }
  // Builtin receivers without a __dict__: methods only.
  if (!method) return nullptr;
  Value attr = type_lookup(t, name);
  Value value;
  if (classify(attr, false, &value) != kSelf) return nullptr;
  AttrCacheEntry& w = victim(c, t);
  set_way(w, kNoDict, t, t->version, name);
  w.bind = kSelf;
  w.value = std::move(value);
  return &w;
}

// ------------------------------------------------------------ fast paths
// What almost every site sees: a few classes, instances of one shape per
// class. These are inlined into the interpreter and only read the ways; a
// false / null return means "take the full path" (which also fills them).

// The way of `c` for instance `o` of shape `s` if it is of `kind` and
// valid, else null.
[[gnu::always_inline]] inline const AttrCacheEntry* way_for(const InlineCache& c, const Object* o, const Shape* s,
                                                           Kind kind) {
  if (!s) return nullptr;
  for (const AttrCacheEntry& w : c.ways) {
    if (w.key == o->type) {
      return s == w.shape && w.version == o->type->version && w.kind == kind ? &w : nullptr;
    }
  }
  return nullptr;
}

// LOAD_ATTR of an instance attribute held in a slot: the slot, else null.
[[gnu::always_inline]] inline const Value* fast_load_slot(const InlineCache& c, const Value& obj) {
  if (!is_kind(obj, ObjKind::Instance)) return nullptr;
  auto* inst = obj.as<InstanceObject>();
  const AttrCacheEntry* w = way_for(c, inst, inst->shape, kInstance);
  if (!w || w->index < 0) return nullptr;
  return &inst->slots()[w->index];
}

// LOAD_METHOD of a method the receiver cannot shadow: the function, else
// null. Instances in shape mode whose shape lacks the name, and objects of
// builtin classes without a __dict__ (a str's or a list's methods).
[[gnu::always_inline]] inline const Value* fast_method(const InlineCache& c, const Value& obj) {
  if (!obj.is_object()) return nullptr;
  Object* o = obj.as_object();
  if (o->kind == ObjKind::Instance) {
    auto* inst = static_cast<InstanceObject*>(o);
    const AttrCacheEntry* w = way_for(c, inst, inst->shape, kInstance);
    if (!w || w->index >= 0 || w->bind != kSelf) return nullptr;
    return &w->value;
  }
  // A kNoDict way is only ever filled for kinds without own attributes.
  const AttrCacheEntry& w = c.ways[0];
  if (w.key == o->type && w.version == o->type->version && w.kind == kNoDict) return &w.value;
  return nullptr;
}

// STORE_ATTR replacing or adding a slot attribute as this site did before.
[[gnu::always_inline]] inline bool fast_store(const InlineCache& c, const Value& obj, Value&& v) {
  if (!is_kind(obj, ObjKind::Instance)) return false;
  auto* inst = obj.as<InstanceObject>();
  const AttrCacheEntry* w = way_for(c, inst, inst->shape, kStore);
  if (!w) return false;
  if (w->shape_to != w->shape) {
    if (uint32_t(w->index) >= inst->capacity) return false;
    inst->shape = w->shape_to;
  }
  inst->slots()[w->index] = std::move(v);
  return true;
}

// The way for `obj` if one is valid (null otherwise).
[[gnu::always_inline]] inline AttrCacheEntry* lookup(VM& vm, InlineCache& c, const Value& obj) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    switch (o->kind) {
      case ObjKind::Instance: {
        AttrCacheEntry* w = find(c, o->type, o->type->version);
        return w && (w->kind == kInstance || w->kind == kProperty) ? w : nullptr;
      }
      case ObjKind::Module: {
        AttrCacheEntry* w = find(c, o, static_cast<ModuleObject*>(o)->dict.as<DictObject>()->version);
        return w && w->kind == kModule ? w : nullptr;
      }
      case ObjKind::Type: {
        AttrCacheEntry* w = find(c, o, static_cast<TypeObject*>(o)->version);
        return w && w->kind == kClass ? w : nullptr;
      }
      default: {
        AttrCacheEntry* w = find(c, o->type, o->type->version);
        return w && w->kind == kNoDict ? w : nullptr;
      }
    }
  }
  TypeObject* t = type_of(vm, obj);
  AttrCacheEntry* w = find(c, t, t->version);
  return w && w->kind == kNoDict ? w : nullptr;
}

// LOAD_ATTR through way `w` (valid for obj). Empty with an exception pending on error.
inline Value load_with(VM& vm, AttrCacheEntry& w, const Value& obj, StrObject* name) {
  switch (w.kind) {
    case kInstance: {
      if (Value* v = own_find(w, obj.as_object(), name)) return *v;
      if (w.bind != kGeneric) return bind(vm, w, obj);
      break;
    }
    case kProperty: return property_get(vm, w.value.as<PropertyObject>(), obj, name);
    case kModule: return static_cast<ModuleObject*>(obj.as_object())->dict.as<DictObject>()->entries[size_t(w.index)].value;
    case kClass:
    case kNoDict: return bind(vm, w, obj);
    default: break;
  }
  return getattr(vm, obj, name);
}

[[gnu::always_inline]] inline Value load_attr(VM& vm, InlineCache& c, const Value& obj, StrObject* name) {
  AttrCacheEntry* w = lookup(vm, c, obj);
  if (!w) w = fill_load(vm, c, obj, name, false);
  if (!w) return getattr(vm, obj, name);
  return load_with(vm, *w, obj, name);
}

// LOAD_METHOD: (function, self) for methods, so that CALL_METHOD needs no
// bound-method object; otherwise *meth Empty and *self_or_attr the callable.
// Returns false with an exception pending on error.
inline bool load_method(VM& vm, InlineCache& c, const Value& obj, StrObject* name, Value* meth, Value* self_or_attr) {
  AttrCacheEntry* w = lookup(vm, c, obj);
  if (!w) w = fill_load(vm, c, obj, name, true);
  if (w && w->bind == kSelf) {
    // A method, unless the instance __dict__ shadows it.
    if (w->kind == kNoDict || w->kind == kClass) {
      *meth = w->value;
      *self_or_attr = obj;
      return true;
    }
    if (w->kind == kInstance) {
      Value* v = own_find(*w, obj.as_object(), name);
      if (!v) {
        *meth = w->value;
        *self_or_attr = obj;
      } else {
        *self_or_attr = *v;
      }
      return true;
    }
  }
  Value v = w ? load_with(vm, *w, obj, name) : getattr(vm, obj, name);
  if (!v) return false;
  *self_or_attr = std::move(v);
  return true;
}

// STORE_ATTR. Returns false with an exception pending on error.
inline bool store_attr(VM& vm, InlineCache& c, const Value& obj, StrObject* name, const Value& v) {
  if (!is_kind(obj, ObjKind::Instance)) return setattr(vm, obj, name, v);
  Object* o = obj.as_object();
  TypeObject* t = o->type;
  AttrCacheEntry* w = find(c, t, t->version);
  if (!w || w->kind != kStore) {
    // Fill: only when nothing on the class intercepts the store.
    if (type_is_builtin(t) || (t->aux & kTypeSetattr) || name == vm.names.__dict__ || name == vm.names.__class__)
      return setattr(vm, obj, name, v);
    Value attr = type_lookup(t, name);
    if (attr && is_data_descriptor(vm, attr)) return setattr(vm, obj, name, v);
    w = &victim(c, t);
    set_way(*w, kStore, t, t->version, name);
  }
  auto* inst = static_cast<InstanceObject*>(o);
  if (const Shape* s = inst->shape) {
    if (s == w->shape) {
      Value* slots = inst->slots();
      if (w->shape_to == s) {  // replacing an attribute
        slots[w->index] = v;
        return true;
      }
      if (uint32_t(w->index) < inst->capacity) {  // adding one: the transition this site made before
        slots[w->index] = v;
        inst->shape = w->shape_to;
        return true;
      }
    }
    const Shape *from, *to;
    int32_t slot;
    if (!instance_store_slow(vm, inst, name, v, &from, &to, &slot)) return false;
    if (from) {
      w->shape = from;
      w->shape_to = to;
      w->index = slot;
    }
    return true;
  }
  w->shape = nullptr;  // `index` is a dict hint from here on
  Value& slot = inst->dict;
  if (!slot.is_object()) {
    slot = dict_new(vm);
    if (!slot) return false;
  }
  auto* d = slot.as<DictObject>();
  size_t i = size_t(int64_t(w->index));
  if (i < d->entries.size() && holds(d->entries[i].key, name)) {
    d->entries[i].value = v;
    d->mutations++;
    return true;
  }
  int64_t ix = (d->key_bloom & w->bloom) == w->bloom ? dict_lookup_str_index(d, name) : -1;
  if (ix >= 0) {
    d->entries[size_t(ix)].value = v;
    d->mutations++;
  } else {
    ix = dict_insert_absent_str(vm, d, name, v);
    if (ix < 0) return false;
  }
  w->index = int32_t(ix);
  return true;
}

}  // namespace kiln::vm::attr_cache
