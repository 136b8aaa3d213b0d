// vm/tuple.h — the tuple type: an immutable sequence with its items stored
// inline after the header (TupleObject in vm/object.h).
//
// C++ callers build tuples with tuple_new (n Empty slots that the caller must
// fill before the tuple escapes), tuple_pack or tuple_from_array. Python-level
// behaviour — indexing and slicing, concatenation and repetition, lexicographic
// comparison, `in`, repr `(1,)`, and CPython's xxHash-based tuple hash (so that
// hash((1, 2)) equals CPython's) — is reached through `tuple_slots`, which
// vm/ops.cpp installs for ObjKind::Tuple, and through the methods that
// init_tuple_type registers (index, count).
//
// Memory: object_new constructs items[0]; tuple_new placement-constructs the
// other slots. tuple_destroy releases every item (see below); the cycle
// collector uses tuple_traverse / tuple_clear_refs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// A tuple of `n` Empty slots (class `tuple`, or `cls` for a subclass).
Value tuple_new(VM& vm, size_t n);
Value tuple_new_of(VM& vm, TypeObject* cls, size_t n);
Value tuple_pack(VM& vm, std::initializer_list<Value> items);
Value tuple_from_array(VM& vm, const Value* items, size_t n);
// tuple(iterable) as a C++ call (fast paths for list and tuple).
Value tuple_from_iterable(VM& vm, const Value& iterable);

inline TupleObject* as_tuple(const Value& v) { return v.as<TupleObject>(); }
inline size_t tuple_size(const TupleObject* t) { return t->size; }

// t[i] with negative indices; IndexError "tuple index out of range".
Value tuple_getitem_index(VM& vm, TupleObject* t, int64_t i);
// t[start:stop:step] for indices already adjusted by slice_indices.
Value tuple_slice(VM& vm, TupleObject* t, int64_t start, int64_t step, int64_t slicelength);
Value tuple_concat(VM& vm, TupleObject* a, TupleObject* b);
bool tuple_hash(VM& vm, TupleObject* t, int64_t* out);
Value tuple_repr(VM& vm, TupleObject* t);

// The whole of `cls(*args)` for tuple and its subclasses: tuple(), tuple(iterable).
Value tuple_type_call(VM& vm, TypeObject* cls, const CallArgs& a);

// Releases every item and leaves all `size` slots Empty, so that running
// ~TupleObject() afterwards (or not) is harmless. (vm/object.cpp may call it
// before freeing a tuple, or destroy the inline slots itself: both work.)
void tuple_destroy(TupleObject* t);
void tuple_traverse(TupleObject* t, VisitFn visit, void* ctx);
void tuple_clear_refs(TupleObject* t);

extern const KindSlots tuple_slots;
void init_tuple_type(VM& vm);

}  // namespace kiln::vm
