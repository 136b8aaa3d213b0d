// vm/gc.h — the cycle collector's interface (implementation in vm/gc.cpp).
//
// Reference counting frees almost everything the moment it dies; what it
// cannot free is a group of objects that refer to each other (a list holding
// itself, an instance whose method closes over it, a class and its methods).
// The collector finds those the way CPython's gc module does: for a set of
// objects it copies each reference count, subtracts the references that come
// from inside the set (found with object_traverse), and whatever still has a
// positive count is referenced from outside — a C++ local, a frame, a VM root.
// Everything reachable from those survives; the rest is garbage and is broken
// up with object_clear.
//
// Two generations keep the cost proportional to new allocations: new objects
// are flagged young and always sit at the tail of the VM's object list (they
// are appended there), so a young collection only walks that suffix; objects
// that survive become old. A full collection runs when the objects promoted
// since the last full one exceed a quarter of the old generation (CPython's
// long-lived heuristic), and when the VM is destroyed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kiln/kiln.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace kiln::vm {

// Object::gc_flags bits.
constexpr uint8_t kGcYoung = 1;       // allocated since the last collection
constexpr uint8_t kGcInSet = 2;       // being examined by the running collection
constexpr uint8_t kGcReachable = 4;   // found reachable by the running collection
// Not a collector state: the object (an instance of a user subclass of list,
// dict or set) carries a __dict__ Value right after its layout struct.
constexpr uint8_t kGcTrailingDict = 8;

// The __dict__ slot after the layout of an object flagged kGcTrailingDict
// (see instance_alloc in vm/type.cpp), or null.
Value* trailing_dict(Object* o);
// Allocates an object of kind List, Dict or Set with a trailing __dict__ slot.
Object* alloc_with_trailing_dict(VM& vm, ObjKind kind, TypeObject* cls);

// Allocations between two young collections (options().gc_threshold; 0 = never).
inline size_t gc_threshold(const VM& vm) {
  int t = vm.options().gc_threshold;
  return t > 0 ? size_t(t) : SIZE_MAX;
}

// Collects the young generation (and the old one too when it is due).
// Called by object_link every gc_threshold() allocations. Returns the number
// of objects freed.
size_t gc_collect_young(VM& vm);
// Collects every object of the VM (VM::collect_cycles calls this).
size_t gc_collect_all(VM& vm);
// VM teardown: breaks every remaining reference between the VM's objects and
// frees them all, so that a whole run is leak-free.
void gc_free_everything(VM& vm);

// Frees an object's memory without touching its references (for the last step
// of gc_free_everything, after object_clear); defined in vm/object.cpp.
void object_force_free(Object* o);

}  // namespace kiln::vm
