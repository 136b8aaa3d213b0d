// vm/set.h — set and frozenset (one layout, SetObject; `aux` bit 0 = frozen).
//
// The hash table is a port of CPython 3.11's Objects/setobject.c: the same
// initial size (8), the same probing (LINEAR_PROBES = 9 neighbours, then a
// perturbed jump with PERTURB_SHIFT 5), the same resize rule (when fill*5 >=
// mask*3, to used*4, or used*2 past 50000 elements), the same dummy handling
// and the same algorithms for update/union/intersection/difference. The
// point is observable: the iteration order of a set — and so what
// print({5, 3, 1000, 2, 17, -1}) shows — is CPython's, and frozenset hashes
// equal CPython's.
//
// A slot is free when its key is Empty and its hash 0, a dummy (deleted)
// when its key is Empty and its hash -1 (no real hash is -1), active
// otherwise.
#pragma once

#include <cstddef>
#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

Value set_new(VM& vm);
Value frozenset_new(VM& vm);
// An empty set of class `cls`: set, frozenset, or a subclass of either.
Value set_new_of(VM& vm, TypeObject* cls);
// set(iterable) / frozenset(iterable) as C++ calls.
Value set_from_iterable(VM& vm, const Value& iterable);
Value frozenset_from_iterable(VM& vm, const Value& iterable);

inline SetObject* as_set(const Value& v) { return v.as<SetObject>(); }
inline bool set_is_frozen(const SetObject* s) { return (s->aux & 1) != 0; }
inline size_t set_size(const SetObject* s) { return s->used; }

bool set_add(VM& vm, SetObject* s, const Value& key);
bool set_add_known_hash(VM& vm, SetObject* s, const Value& key, int64_t hash);
// `key in s`; an unhashable set key is looked up as a frozenset, as CPython does.
int set_contains(VM& vm, SetObject* s, const Value& key);
// 1 removed, 0 absent, -1 error (set keys retried as frozensets).
int set_discard(VM& vm, SetObject* s, const Value& key);
// s.remove(key): KeyError(key) when absent.
bool set_remove(VM& vm, SetObject* s, const Value& key);
// s.pop(): KeyError "pop from an empty set".
Value set_pop(VM& vm, SetObject* s);
void set_clear(SetObject* s);
// A new set of s's base class (set or frozenset) with the same elements.
Value set_copy(VM& vm, SetObject* s);

// In-place algebra on s with any iterable `other` (CPython's *_update).
bool set_update(VM& vm, SetObject* s, const Value& other);
bool set_difference_update(VM& vm, SetObject* s, const Value& other);
bool set_intersection_update(VM& vm, SetObject* s, const Value& other);
bool set_symmetric_difference_update(VM& vm, SetObject* s, const Value& other);
// New sets (of s's base class).
Value set_union(VM& vm, SetObject* s, const Value& other);
Value set_intersection(VM& vm, SetObject* s, const Value& other);
Value set_difference(VM& vm, SetObject* s, const Value& other);
Value set_symmetric_difference(VM& vm, SetObject* s, const Value& other);
// s <= other for any iterable other.
int set_issubset(VM& vm, SetObject* s, const Value& other);

// Walks the active slots: start with *pos = 0; returns false at the end.
bool set_next(SetObject* s, size_t* pos, Value* key, int64_t* hash = nullptr);

Value set_repr(VM& vm, SetObject* s);
bool frozenset_hash(SetObject* s, int64_t* out);

// `set(*args)`: a new filled set. For a subclass of set it only allocates
// (CPython's set.__new__ ignores its arguments) and type_call runs __init__
// next. frozenset(...) is immutable, so frozenset_type_call always fills
// (for subclasses too, as CPython's frozenset.__new__).
Value set_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
Value frozenset_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
// set.__init__(self[, iterable]); `a` excludes self.
bool set_init(VM& vm, SetObject* s, const CallArgs& a);

void set_traverse(SetObject* s, VisitFn visit, void* ctx);
void set_clear_refs(SetObject* s);

extern const KindSlots set_slots;
// Registers the methods of set and of frozenset.
void init_set_type(VM& vm);

}  // namespace kiln::vm
