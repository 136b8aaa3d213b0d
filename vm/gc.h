// vm/gc.h — the cycle collector's interface (implementation in vm/gc.cpp).
//
// Reference counting frees almost everything the moment it dies; what it
// cannot free is a group of objects that refer to each other (a list holding
// itself, an instance whose method closes over it, a class and its methods).
// The collector finds those the way CPython's gc module does: for a set of
// objects it copies each reference count, subtracts the references that come
// from inside the set (found with object_traverse), and whatever still has a
// positive count is referenced from outside — a C++ local, a frame, a VM root,
// an untracked object. Everything reachable from those survives; the rest is
// garbage and is broken up with object_clear.
//
// What is tracked. Only objects that can hold references take part: every
// kind except the atomic ones of kind_is_atomic (vm/object.h: str, boxed int,
// range, opaque payloads), plus atomic objects whose class is a user class
// (a str subclass instance references its class, which may reference it
// back). Atomic objects are never linked into a list, never counted toward a
// collection and never visited (a reference to one is simply not in the set),
// so a program that makes millions of strings pays nothing here. Like
// CPython, a collection also untracks the tuples it finds holding only
// untracked values (tuples cannot change once built; a tuple still being
// filled has an Empty slot and is left alone), and a slice of untracked
// values (ints, None) is never tracked (vm/slice.cpp). An untracked object
// is treated as an outside reference: the collector stays safe, it only
// cannot see a cycle through one, which none of these can be part of.
//
// Generations (CPython's scheme and thresholds). Tracked objects live in one
// of three circular lists, VM::gc_generations. New ones are appended to
// generation 0, whose count is the number of tracked objects allocated minus
// those freed since its last collection; when it exceeds
// options().gc_threshold (default 700; 0 = never automatically) a collection
// runs, at the allocation, before the new object is linked. A collection of
// generation g merges the younger lists into g, examines only that list, and
// moves the survivors one generation older. Generation 1 is collected instead
// of 0 once 0 has been collected 10 times, and generation 2 (everything) once
// 1 has been collected 10 times *and* the objects promoted into 2 since the
// last full collection exceed a quarter of those it held then: with many
// long-lived objects, full collections get rarer as the heap grows, so the
// total work stays linear in the number of allocations (no quadratic
// behaviour when a program builds a large structure).
//
// Freeing an object: a tracked object unlinks itself (the lists are
// sentinel-headed, so no VM pointer is needed) and decrements generation 0's
// count through its class's TypeObject::vm. A collection runs no Python code
// (Kiln has no __del__), and none starts while one is running.
//
// VM teardown (gc_free_everything): the VM first drops its roots (modules,
// the intern table, pending exceptions, extension state) in ~VM, then every
// tracked object is cleared, which frees every atomic object they held;
// finally the VM's own references to the builtin classes go. What is still
// alive after that is referenced from outside the VM's objects (a Value
// leaked by C++ code): tracked ones are freed anyway and, with KILN_GC_DEBUG
// set, listed on stderr; leaked atomic objects stay leaked (LeakSanitizer
// names them under the asan preset). KILN_GC_DEBUG=stats also prints one
// line per collection.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kiln/kiln.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace kiln::vm {

// Object::gc_flags bits.
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

// Sets up the generation lists and thresholds (VM's constructor).
void gc_init(VM& vm);

// Whether the collector tracks `o` (it is linked into a generation list).
inline bool gc_is_tracked(const Object* o) { return o->gc_prev != nullptr; }
// Number of tracked objects in all generations (walks the lists; for tests
// and statistics).
size_t gc_tracked_count(VM& vm);

// Collects generation `generation` (0, 1 or 2) and the younger ones;
// survivors move one generation older. Returns the number of objects freed.
size_t gc_collect_generation(VM& vm, int generation);
// Collects the youngest generation only.
inline size_t gc_collect_young(VM& vm) { return gc_collect_generation(vm, 0); }
// Collects every tracked object of the VM (VM::collect_cycles calls this).
inline size_t gc_collect_all(VM& vm) { return gc_collect_generation(vm, VM::kGcGenerations - 1); }
// VM teardown: breaks every remaining reference between the VM's objects and
// frees them all, so that a whole run is leak-free.
void gc_free_everything(VM& vm);

// Frees an object's memory without touching its references (for the last step
// of gc_free_everything, after object_clear); defined in vm/object.cpp.
void object_force_free(Object* o);

}  // namespace kiln::vm
