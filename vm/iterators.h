// vm/iterators.h — every builtin iterator type, on one object layout.
//
// All builtin iterators are IteratorObjects (vm/object.h): the `next` function
// pointer chooses the behaviour and `type` is the Python class (list_iterator,
// range_iterator, enumerate, zip, map, ...). The interpreter's FOR_ITER and
// vm::iter_next call `it->next(vm, it)` directly, so a loop over a list or a
// range costs one indirect call per step and no allocation beyond the value
// it yields. `next` returns the next value, or Empty: with an exception
// pending on error, or with none pending when exhausted. An exhausted
// iterator drops its reference to the iterated object (like CPython's), so
// it stays exhausted even if the container grows afterwards.
//
// Field use per type (IteratorObject: a, b, i, n, step):
//   list_iterator        a=list      i=next index
//   list_reverseiterator a=list      i=next index (counting down)
//   tuple_iterator       a=tuple     i=next index
//   range_iterator       i=next value, n=items left, step=step
//   set_iterator         a=set       i=table position, n=size at creation, step=items left
//   dict_*iterator       a=dict      i=entry position, n=size at creation, step=items left
//   seq_iterator         a=sequence  i=next index (calls __getitem__ until IndexError)
//   callable_iterator    a=callable  b=sentinel
//   enumerate            a=iterator  i=next count
//   zip                  a=tuple of iterators, step=1 if strict
//   map                  a=function  b=tuple of iterators
//   filter               a=function or None, b=iterator
//   reversed             a=sequence  i=next index (counting down)
// The str iterator (vm/str.cpp) uses this layout too, through iterator_new.
#pragma once

#include <cstddef>
#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// `next` of list_iterator and range_iterator (FOR_ITER inlines both).
Value list_next(VM& vm, IteratorObject* it);
Value range_next(VM& vm, IteratorObject* it);

// A new iterator of class `type` advanced by `next`.
Value iterator_new(VM& vm, TypeObject* type, IterNextFn next, Value a, Value b = Value());
inline IteratorObject* as_iterator(const Value& v) { return v.as<IteratorObject>(); }

Value make_list_iterator(VM& vm, const Value& list);
Value make_list_reverseiterator(VM& vm, const Value& list);
Value make_tuple_iterator(VM& vm, const Value& tuple);
// Yields start, start+step, ... (`length` items).
Value make_range_iterator(VM& vm, int64_t start, int64_t step, int64_t length);
Value make_set_iterator(VM& vm, const Value& set);
enum class DictIterKind : uint8_t { Keys, Values, Items };
Value make_dict_iterator(VM& vm, const Value& dict, DictIterKind kind, bool reversed = false);
// iter(seq) for objects with __getitem__ but no __iter__.
Value make_seq_iterator(VM& vm, const Value& seq);
// iter(callable, sentinel)
Value make_callable_iterator(VM& vm, const Value& callable, const Value& sentinel);
Value make_enumerate(VM& vm, const Value& iterable, int64_t start);
Value make_zip(VM& vm, const Value* iterables, size_t n, bool strict);
// map(func, *iterables); n >= 1.
Value make_map(VM& vm, const Value& func, const Value* iterables, size_t n);
// filter(func or None, iterable)
Value make_filter(VM& vm, const Value& func, const Value& iterable);
// reversed(seq): __reversed__ when the class has one (list, range, dict and
// its views included), else the sequence protocol (__len__ + __getitem__);
// "'set' object is not reversible" otherwise.
Value make_reversed(VM& vm, const Value& seq);

// The whole of `cls(*args, **kwargs)` for the iterator classes that Python
// code constructs, with CPython's argument errors.
Value enumerate_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
Value zip_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
Value map_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
Value filter_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
Value reversed_type_call(VM& vm, TypeObject* cls, const CallArgs& a);

void iterator_traverse(IteratorObject* it, VisitFn visit, void* ctx);
void iterator_clear_refs(IteratorObject* it);

// Kind Iterator: iter(it) is it; repr "<zip object at 0x...>". vm::iter_next
// calls IteratorObject::next for this kind.
extern const KindSlots iterator_slots;
// Registers __iter__, __next__ (and __length_hint__ where CPython has it)
// on every builtin iterator class.
void init_iterator_types(VM& vm);

}  // namespace kiln::vm
