// vm/dict.h — the dict type and its key/value/item views.
//
// Layout (DictObject in vm/object.h): CPython's compact dict. `entries` holds
// (hash, key, value) in insertion order — a deleted entry keeps an Empty key
// until the next resize compacts the array — and `index` is an open-addressing
// table of entry positions probed with CPython's perturbation sequence.
// Iteration walks `entries`, so a dict iterates in insertion order.
//
// Keys are compared by identity first, then by content for two strs (no
// call), and only then with vm::equals; if an __eq__ mutates the dict during
// a lookup, the lookup restarts (as in CPython). Hashing goes through
// vm::hash (TypeError "unhashable type: 'list'").
//
// The interpreter's inline caches look str keys up with
// dict_lookup_str_index, which never raises and returns a stable entry
// position: positions change only when keys are inserted (a resize compacts
// the entries) or removed, and both bump DictObject::version. Replacing the
// value of an existing key does not bump the version.
//
// Views (DictViewObject, classes dict_keys / dict_values / dict_items)
// support len, iteration, `in`, repr `dict_keys([1, 2])`, comparisons with
// sets (keys and items) and the set operators & | - ^ (returning sets).
#pragma once

#include <cstddef>
#include <cstdint>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// A new empty dict with room for `reserve` keys before its first resize.
Value dict_new(VM& vm, size_t reserve = 0);
// An empty dict of class `cls` (dict or a subclass).
Value dict_new_of(VM& vm, TypeObject* cls);
inline DictObject* as_dict(const Value& v) { return v.as<DictObject>(); }
inline size_t dict_size(const DictObject* d) { return d->used; }

// ------------------------------------------------------------ lookup
// The value for `key`, or Empty: missing (no exception) or failed (exception
// pending: unhashable key, an __eq__ that raised). Test vm.has_exception().
Value dict_get(VM& vm, DictObject* d, const Value& key);
// As dict_get, with the key's hash already known.
Value dict_get_known_hash(VM& vm, DictObject* d, const Value& key, int64_t hash);
// d[key] for a plain dict: KeyError(key) when missing.
Value dict_getitem(VM& vm, DictObject* d, const Value& key);
// Str fast paths; never raise. Only str keys can match (a non-str key equal
// to a str is ignored). The key's hash is computed (and cached) if it was
// not yet.
int64_t dict_lookup_str_index(DictObject* d, StrObject* key);  // entry position or -1
Value dict_get_str(DictObject* d, StrObject* key);             // value or Empty
// The value of the entry whose key is `key` itself (no hashing, no __eq__:
// the tracer's guarded lookups by an object compared by identity), or Empty.
Value dict_get_identical(const DictObject* d, const Value& key);
// 1 present, 0 absent, -1 error.
int dict_contains(VM& vm, DictObject* d, const Value& key);
int dict_contains_known_hash(VM& vm, DictObject* d, const Value& key, int64_t hash);

// ------------------------------------------------------------ mutation
bool dict_setitem(VM& vm, DictObject* d, const Value& key, const Value& value);
bool dict_setitem_known_hash(VM& vm, DictObject* d, const Value& key, int64_t hash, const Value& value);
bool dict_setitem_str(VM& vm, DictObject* d, StrObject* key, const Value& value);
// Appends `key` (whose hash is computed) known to be absent from `d` (e.g.
// proved by DictObject::key_bloom); returns its entry position, or -1 with
// MemoryError pending.
int64_t dict_insert_absent_str(VM& vm, DictObject* d, StrObject* key, const Value& value);
// del d[key]: KeyError(key) when missing.
bool dict_delitem(VM& vm, DictObject* d, const Value& key);
// del d[key] for a str key: 1 deleted, 0 absent (no exception), -1 error.
int dict_delitem_str(VM& vm, DictObject* d, StrObject* key);
// Removes key: 1 removed (*out = its value, if out), 0 absent, -1 error.
int dict_pop(VM& vm, DictObject* d, const Value& key, Value* out);
// d.setdefault(key, dflt): the existing or newly inserted value.
Value dict_setdefault(VM& vm, DictObject* d, const Value& key, const Value& dflt);
void dict_clear(DictObject* d);
// d.update(other): a dict, a mapping (has keys()), or an iterable of pairs,
// with CPython's errors ("dictionary update sequence element #0 has length
// 3; 2 is required", ...).
bool dict_update(VM& vm, DictObject* d, const Value& other);
// PyDict_Merge for dicts and mappings (`{**m}`, `f(**m)`). override: 1 =
// replace existing keys, 0 = keep them, 2 = raise KeyError(key) on a
// duplicate (the interpreter turns that into "got multiple values for
// keyword argument"). A non-mapping raises "'int' object is not a mapping".
bool dict_merge(VM& vm, DictObject* d, const Value& other, int override);
// `{**other}` (DICT_UPDATE): dict_merge(d, other, 1).
bool dict_update_from(VM& vm, DictObject* d, const Value& other);
// A new plain dict with the same items.
Value dict_copy(VM& vm, DictObject* d);

// ------------------------------------------------------------ iteration
// Walks the live entries: start with *pos = 0; returns false at the end.
// key/value may be null. Do not mutate the dict during the walk.
bool dict_next(DictObject* d, size_t* pos, Value* key, Value* value);
// Same, also reporting the stored hash.
bool dict_next_hash(DictObject* d, size_t* pos, Value* key, Value* value, int64_t* hash);
Value dict_keys_list(VM& vm, DictObject* d);
Value dict_values_list(VM& vm, DictObject* d);
Value dict_items_list(VM& vm, DictObject* d);

Value dict_repr(VM& vm, DictObject* d);

// `dict(*args, **kwargs)`: a new dict filled by dict_init. For a subclass
// `cls` it only allocates (CPython's dict.__new__ ignores its arguments):
// type_call runs __init__ next — the subclass's own or dict.__init__.
Value dict_type_call(VM& vm, TypeObject* cls, const CallArgs& a);
// dict.__init__(self, [mapping_or_iterable], **kwargs); `a` excludes self.
bool dict_init(VM& vm, DictObject* d, const CallArgs& a);

// dict_keys / dict_values / dict_items over `dict`.
Value dict_view_new(VM& vm, const Value& dict, TypeObject* view_type);

void dict_traverse(DictObject* d, VisitFn visit, void* ctx);
void dict_clear_refs(DictObject* d);
void dictview_traverse(DictViewObject* v, VisitFn visit, void* ctx);
void dictview_clear_refs(DictViewObject* v);

extern const KindSlots dict_slots;
extern const KindSlots dictview_slots;
// Registers the methods of dict and of the three view classes.
void init_dict_type(VM& vm);

}  // namespace kiln::vm
