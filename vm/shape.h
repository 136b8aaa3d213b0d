// vm/shape.h — hidden classes: instance attributes stored inline.
//
// Most instances of a class get the same attributes, set in the same order
// by the same __init__. Giving each of them a private hash table (a dict
// object, its entry array and its index: three allocations, plus growth) is
// what made instance creation and attribute stores slow. Instead, as Self's
// maps, V8's hidden classes and CPython 3.11's shared-key inline values do,
// an instance keeps its attribute values in an array inside the object
// (InstanceObject::slots(), allocated with it) and points at a Shape that
// says which name each slot holds.
//
// Shapes form one tree per VM. The root has no attributes; a child adds one
// name to its parent's (a "transition"). Instances that add the same names in
// the same order share every shape on the way, so the attribute caches
// (vm/attr_cache.h) memoise "this shape holds `name` in slot i" and a load is
// a pointer compare and an indexed read; a store that adds an attribute is a
// compare, a write and a shape pointer swap. Shapes are never freed before
// the VM, so a shape pointer can never describe a different shape.
//
// An instance leaves shape mode for good, and keeps a real dict as before,
// when something needs a dict or does not fit: `__dict__` is read or
// assigned (vars(), dir()), an attribute is deleted, more attributes arrive
// than the object has slots for, or the tree hits its size limits (names set
// from data, `setattr(o, f"k{i}", ...)`, would otherwise grow it without
// bound). The slot count of a new instance is its class's learned
// `instance_slots`: an instance that overflows raises it (up to
// kMaxAttributes) so that later instances of the class fit.
//
// Names are interned when a transition is made (shapes compare interned
// pointers, and hold a reference each); a lookup with a name that is not
// interned compares contents.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "vm/object.h"

namespace kiln::vm {

class VM;

struct Shape {
  const Shape* parent = nullptr;
  Value name;                  // the attribute this shape adds (interned str); Empty at the root
  uint32_t size = 0;           // attributes held: slots [0, size)
  uint64_t bloom = 0;          // dict_bloom_bits of every name (a quick proof of absence)
  std::vector<StrObject*> keys;                   // names by slot (borrowed from the chain's `name`s)
  std::vector<std::unique_ptr<Shape>> children;  // transitions, each adding one name
};

struct ShapeTree {
  static constexpr uint32_t kMaxAttributes = 32;  // beyond: a dict (CPython's shared keys stop at 30)
  static constexpr size_t kMaxShapes = size_t(1) << 16;
  static constexpr size_t kMaxChildren = 64;
  Shape root;
  size_t count = 1;
};

// The slot of `name` in `s`, or -1.
int32_t shape_find(const Shape* s, StrObject* name);

// ------------------------------------------------------------ instances
// Puts a new instance (zeroed, slots not yet constructed) into shape mode.
void instance_init_slots(VM& vm, InstanceObject* inst, uint32_t capacity);

// The value of attribute `name` of `inst` (either mode), or null.
Value* instance_attr(InstanceObject* inst, StrObject* name);
// inst.name = value, in either mode. The caller has ruled out descriptors
// and __setattr__. False with an exception pending (MemoryError) on failure.
bool instance_store(VM& vm, InstanceObject* inst, StrObject* name, const Value& value);
// The slow half of instance_store for a shape-mode instance: a new
// attribute. Sets *from / *to / *slot to the transition made (for the store
// cache) when it stayed in shape mode, else leaves them null / -1.
bool instance_store_slow(VM& vm, InstanceObject* inst, StrObject* name, const Value& value, const Shape** from,
                         const Shape** to, int32_t* slot);
// Switches `inst` to a real __dict__ (once; then returns it). Null with
// MemoryError pending on failure.
DictObject* instance_materialize_dict(VM& vm, InstanceObject* inst);
// The instance's dict if it has left shape mode, else null (no allocation).
inline DictObject* instance_dict_if_any(const InstanceObject* inst) {
  return inst->shape ? nullptr : (inst->dict.is_object() ? inst->dict.as<DictObject>() : nullptr);
}

}  // namespace kiln::vm
