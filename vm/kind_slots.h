// vm/kind_slots.h — the per-kind slot tables and type initialisers that
// vm/ops.cpp and vm/bootstrap.cpp collect from the files implementing each
// kind.
//
// vm/ops.h defines `KindSlots`, the small table of C++ functions a builtin
// object kind provides (repr, hash, richcompare, getitem, ...). Each kind's
// file defines one table (`list_slots` in vm/list.cpp, ...); kind_slots() in
// vm/ops.cpp indexes them by ObjKind so the protocol dispatches with one load.
// Likewise every builtin type's Python-visible methods are registered by an
// `init_*_type(VM&)` function of the file that implements the type; the VM's
// bootstrap (vm/bootstrap.cpp) calls them all once the type objects exist.
//
// This header is the list of what the core expects from each file. The
// declarations match the owners' headers; a duplicate `extern` declaration is
// harmless, and keeping them here in one place documents the dependency.
#pragma once

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

// ---------------------------------------------------------------- slot tables
// numbers + strings (vm/numbers.cpp, vm/str.cpp)
extern const KindSlots int_slots;        // boxed ints (kind Int)
extern const KindSlots str_slots;
// containers (vm/list.cpp, vm/tuple.cpp, vm/dict.cpp, vm/set.cpp, vm/range.cpp,
// vm/slice.cpp, vm/iterators.cpp)
extern const KindSlots list_slots;
extern const KindSlots tuple_slots;
extern const KindSlots dict_slots;
extern const KindSlots dictview_slots;   // dict_keys / dict_values / dict_items
extern const KindSlots set_slots;        // set and frozenset
extern const KindSlots range_slots;
extern const KindSlots slice_slots;
extern const KindSlots iterator_slots;   // every builtin iterator
// core (vm/type.cpp, vm/exception.cpp, vm/callables.cpp, vm/descriptors.cpp)
extern const KindSlots type_slots;
extern const KindSlots instance_slots;
extern const KindSlots exception_slots;
extern const KindSlots function_slots;
extern const KindSlots native_slots;
extern const KindSlots boundmethod_slots;
extern const KindSlots cell_slots;
extern const KindSlots module_slots;
extern const KindSlots generator_slots;
extern const KindSlots code_slots;
extern const KindSlots property_slots;
extern const KindSlots staticmethod_slots;
extern const KindSlots classmethod_slots;
extern const KindSlots super_slots;
// torch.Tensor (stdlib/torch/tensor_object.cpp)
extern const KindSlots tensor_slots;
// Kinds without a table of their own (File, Opaque) get the generic defaults:
// <TextIOWrapper object at 0x...> repr and dunder methods looked up on the type.

// ---------------------------------------------------------------- type initialisers
// Called by vm_bootstrap (vm/bootstrap.cpp) in this order, after every type
// object exists and the interned names are set. Each registers the methods of
// its types with vm.add_method.
void init_int_type(VM& vm);        // vm/numbers.cpp: int and float methods
void init_str_type(VM& vm);        // vm/str.cpp
void init_list_type(VM& vm);       // vm/list.cpp
void init_tuple_type(VM& vm);      // vm/tuple.cpp
void init_dict_type(VM& vm);       // vm/dict.cpp (dict and its views)
void init_set_type(VM& vm);        // vm/set.cpp (set and frozenset)
void init_range_type(VM& vm);      // vm/range.cpp
void init_slice_type(VM& vm);      // vm/slice.cpp
void init_iterator_types(VM& vm);  // vm/iterators.cpp
// core
void init_object_type(VM& vm);     // vm/type.cpp: object and type
void init_exception_types(VM& vm); // vm/exception.cpp
void init_callable_types(VM& vm);  // vm/callables.cpp: function, method, generator...
void init_descriptor_types(VM& vm);// vm/descriptors.cpp
void init_builtins(VM& vm);        // stdlib/builtins.cpp: fills vm.builtins_dict

}  // namespace kiln::vm
