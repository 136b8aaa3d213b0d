// vm/slice.h — slice objects and the index arithmetic every sequence shares.
//
// `a[i:j:k]` builds a SliceObject (start/stop/step, None where omitted); list,
// tuple, range and str turn it into concrete indices with slice_indices,
// which applies CPython's rules exactly (PySlice_Unpack + PySlice_AdjustIndices:
// negative indices count from the end, out-of-range ones are clamped, a zero
// step is "slice step cannot be zero"). subscript_classify sorts a subscript
// into "an index" or "a slice" with the "<seq> indices must be integers or
// slices, not <type>" error the sequences raise.
//
// Python-visible: repr `slice(1, 2, None)`, comparisons (as tuples), the
// start/stop/step attributes and slice.indices(length). Slices are unhashable,
// as in CPython 3.11.
#pragma once

#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// slice(start, stop, step); pass None for an omitted part.
Value slice_new(VM& vm, Value start, Value stop, Value step);
inline SliceObject* as_slice(const Value& v) { return v.as<SliceObject>(); }

// PySlice_Unpack: reads start/stop/step (None -> defaults, __index__ for
// others: "slice indices must be integers or None or have an __index__ method")
// and rejects a zero step. Values are not yet adjusted to a length.
bool slice_unpack(VM& vm, SliceObject* s, int64_t* start, int64_t* stop, int64_t* step);
// PySlice_AdjustIndices: clamps to [0, length) and returns the slice length.
int64_t slice_adjust(int64_t length, int64_t* start, int64_t* stop, int64_t step);
// Both of the above.
bool slice_indices(VM& vm, SliceObject* s, int64_t length, int64_t* start, int64_t* stop,
                   int64_t* step, int64_t* slicelength);

// slice.indices(length) semantics (CPython's _PySlice_GetLongIndices): start
// and stop clamped to [0, length] (or [-1, length-1] for a negative step);
// "length should not be negative", "slice step cannot be zero". Used by
// range slicing.
bool slice_long_indices(VM& vm, SliceObject* s, int64_t length, int64_t* start, int64_t* stop,
                        int64_t* step);

// container[start:stop:step] (BINARY_SLICE; pass None for an omitted part).
// An exact str, list or tuple sliced by ints and None is sliced directly, as
// CPython 3.12's BINARY_SLICE does; anything else builds the slice object
// and goes through getitem (so __getitem__, __index__ and every error are
// the general path's).
Value getitem_slice(VM& vm, const Value& container, const Value& start, const Value& stop, const Value& step);

// Classifies a subscript `key` of a sequence: 1 = an integer index (ints,
// bools, objects with __index__) stored in *index; 2 = a slice; 0 = error
// with "<what> indices must be integers or slices, not <type>" pending
// (what = "list", "tuple", "range").
int subscript_classify(VM& vm, const Value& key, int64_t* index, const char* what);

// _PyEval_SliceIndexNotNone, for the start/stop arguments of index():
// "slice indices must be integers or have an __index__ method".
bool slice_index_not_none(VM& vm, const Value& v, int64_t* out);

// The whole of `slice(...)`: slice(stop), slice(start, stop[, step]).
Value slice_type_call(VM& vm, TypeObject* cls, const CallArgs& a);

void slice_traverse(SliceObject* s, VisitFn visit, void* ctx);
void slice_clear_refs(SliceObject* s);

extern const KindSlots slice_slots;
void init_slice_type(VM& vm);

}  // namespace kiln::vm
