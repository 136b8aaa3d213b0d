// vm/sort.h — CPython's list sort (timsort with the 3.11 "powersort" merge
// policy), over Kiln Values.
//
// A port of Objects/listobject.c's listsort: natural runs found by count_run,
// short runs extended by binary insertion to minrun, runs merged with
// galloping merge_lo / merge_hi, pending runs collapsed by powerloss. Being
// the same algorithm, it makes the same comparisons in the same order as
// CPython, so even inconsistent orderings (NaNs, user __lt__ with side
// effects) give CPython's result.
//
// Comparisons use vm::less_than (any error stops the sort and propagates);
// when every key is a small int, every key a float or every key a str, a
// specialised comparison is used instead (as CPython's unsafe_*_compare),
// giving identical results without the generic dispatch; keys that are all
// non-empty tuples are compared item by item with the first items'
// specialised comparison (CPython's unsafe_tuple_compare).
#pragma once

#include <cstddef>

#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// Sorts keys[0..n) ascending and stably; when `values` is not null,
// values[i] moves together with keys[i] (list.sort(key=...) sorts the key
// array and carries the items along). Returns false with the exception
// pending if a comparison failed; the arrays then hold a permutation of
// their original contents (nothing is lost or duplicated).
bool timsort(VM& vm, Value* keys, Value* values, size_t n);

}  // namespace kiln::vm
