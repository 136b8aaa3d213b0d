// vm/range.h — the range type: an immutable arithmetic sequence of ints.
//
// A RangeObject stores start, stop, step and the precomputed length, so len,
// indexing, `in` for ints and index()/count() are O(1). Slicing returns a new
// range (range(10)[2:8:2] == range(2, 8, 2)); iteration yields from a
// range_iterator (vm/iterators.h) that counts with plain int64s. Equality is
// by the sequence of values (range(0) == range(5, 5)), hashing follows
// CPython's (hash of (len, start, step) with None for the parts that do not
// matter), and repr is `range(0, 10)` or `range(0, 10, 2)`.
#pragma once

#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// range(start, stop, step); ValueError "range() arg 3 must not be zero" for a
// zero step, OverflowError when the length does not fit an int64.
Value range_new(VM& vm, int64_t start, int64_t stop, int64_t step);
inline RangeObject* as_range(const Value& v) { return v.as<RangeObject>(); }
// Number of items of range(start, stop, step) (step != 0), in 128 bits.
__int128 range_length(int64_t start, int64_t stop, int64_t step);

// The whole of `range(...)`: range(stop), range(start, stop[, step]), with
// __index__ conversion and CPython's argument errors.
Value range_type_call(VM& vm, TypeObject* cls, const CallArgs& a);

extern const KindSlots range_slots;
void init_range_type(VM& vm);

}  // namespace kiln::vm
