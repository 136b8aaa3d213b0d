// vm/list.h — the list type: a mutable sequence over a VmVector<Value>.
//
// The interpreter and the builtins use the C++ API below directly on hot paths
// (BUILD_LIST, LIST_APPEND in comprehensions, subscripting, `for x in lst`);
// everything else reaches lists through `list_slots` (installed by vm/ops.cpp
// for ObjKind::List) and the methods init_list_type registers (append, extend,
// insert, pop, remove, index, count, clear, copy, reverse, sort, and the
// dunders a subclass reaches through super()).
//
// Semantics follow CPython 3.11 exactly: negative indices, slicing with steps
// (extended-slice assignment needs an equal-length sequence), `+` only with
// lists, `+=` with any iterable, lexicographic comparison, repr `[1, [...]]`
// for a list that contains itself, the same error messages. list.sort is the
// timsort of vm/sort.h; the list appears empty while it is being sorted and
// "list modified during sort" is raised if a key function or comparison
// touched it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

Value list_new(VM& vm, size_t reserve = 0);
// An empty list of class `cls` (list or a subclass).
Value list_new_of(VM& vm, TypeObject* cls);
Value list_from_array(VM& vm, const Value* items, size_t n);
// list(iterable) as a C++ call.
Value list_from_iterable(VM& vm, const Value& iterable);

inline ListObject* as_list(const Value& v) { return v.as<ListObject>(); }
inline size_t list_size(const ListObject* l) { return l->items.size(); }
// Cannot fail (bar out-of-memory).
inline void list_append(ListObject* l, Value v) { l->items.push_back(std::move(v)); }
// lst.extend(iterable) / lst += iterable.
bool list_extend(VM& vm, ListObject* l, const Value& iterable);

// l[i] with negative indices; IndexError "list index out of range".
Value list_getitem_index(VM& vm, ListObject* l, int64_t i);
// l[i] = v; IndexError "list assignment index out of range".
bool list_setitem_index(VM& vm, ListObject* l, int64_t i, Value v);
// l.insert(where, v), clamped as CPython does.
void list_insert(ListObject* l, int64_t where, Value v);
// l.pop(i): "pop from empty list", "pop index out of range".
Value list_pop(VM& vm, ListObject* l, int64_t i = -1);
// l[slice]
Value list_getslice(VM& vm, ListObject* l, SliceObject* s);
// l[start:stop:step] for indices already adjusted by slice_indices.
Value list_slice(VM& vm, ListObject* l, int64_t start, int64_t step, int64_t slicelength);
// l[slice] = v, or del l[slice] when v is Empty.
bool list_setslice(VM& vm, ListObject* l, SliceObject* s, const Value& v);
// l.sort(key=key, reverse=reverse); key None or Empty means no key.
bool list_sort(VM& vm, ListObject* l, const Value& key, bool reverse);
// Reads the `key=` and `reverse=` keyword arguments of `a` (positionals are
// the caller's business) and sorts: shared by list.sort and sorted(). Errors:
// "'foo' is an invalid keyword argument for sort()", and reverse= must be an int.
bool list_sort_kw(VM& vm, ListObject* l, const CallArgs& a);
void list_reverse(ListObject* l);
Value list_repr(VM& vm, ListObject* l);

// `list(*args)`: a new list filled by list_init. For a subclass `cls` it only
// allocates (CPython's list.__new__ ignores its arguments): type_call runs
// __init__ next — the subclass's own, or list.__init__ (registered by
// init_list_type), which clears and refills as CPython's does.
Value list_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
// list.__init__(self[, iterable]); `a` holds only the arguments after self.
bool list_init(VM& vm, ListObject* l, const CallArgs& a);

void list_traverse(ListObject* l, VisitFn visit, void* ctx);
void list_clear_refs(ListObject* l);

extern const KindSlots list_slots;
void init_list_type(VM& vm);

}  // namespace kiln::vm
