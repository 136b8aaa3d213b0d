// vm/dict.cpp — the dict type: CPython's compact, insertion-ordered hash table.
#include "vm/dict.h"

#include <new>
#include <string>
#include <vector>

#include "vm/container_support.h"
#include "vm/iterators.h"
#include "vm/list.h"
#include "vm/set.h"
#include "vm/str.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {

using Entry = DictObject::Entry;
constexpr int32_t kIxEmpty = -1;
constexpr int32_t kIxDummy = -2;
constexpr size_t kMinSize = 8;
constexpr int kPerturbShift = 5;
constexpr int64_t kLookupError = -2;

// Two thirds of the index may be used before a resize (CPython's USABLE_FRACTION).
inline size_t usable_fraction(size_t n) { return (n << 1) / 3; }

// Smallest power of two >= max(minsize, 8).
size_t keysize_for(size_t minsize) {
  size_t n = kMinSize;
  while (n < minsize) n <<= 1;
  return n;
}

// Rebuilds the index at `newsize` slots and compacts the entries (drops the
// holes left by deletions). Positions change, so callers bump the version.
void rebuild(DictObject* d, size_t newsize) {
  if (d->entries.size() != d->used) {
    VmVector<Entry> live;
    live.reserve(usable_fraction(newsize));
    for (Entry& e : d->entries)
      if (!e.key.is_empty()) live.push_back(std::move(e));
    d->entries.swap(live);
  } else {
    d->entries.reserve(usable_fraction(newsize));
  }
  d->index.assign(newsize, kIxEmpty);
  size_t mask = newsize - 1;
  for (size_t pos = 0; pos < d->entries.size(); ++pos) {
    uint64_t h = uint64_t(d->entries[pos].hash);
    size_t i = size_t(h) & mask;
    for (uint64_t perturb = h; d->index[i] != kIxEmpty;) {
      perturb >>= kPerturbShift;
      i = (i * 5 + size_t(perturb) + 1) & mask;
    }
    d->index[i] = int32_t(pos);
  }
  d->filled = d->entries.size();
}

// Makes room for one more entry. Dummies count (CPython's dk_usable is not
// given back by a deletion): an index of live slots and dummies alone, with
// no empty slot left, would make every probe for an absent key loop forever.
void grow_if_full(DictObject* d) {
  size_t usable = usable_fraction(d->index.size());
  if (d->entries.size() < usable && d->filled < usable) return;
  rebuild(d, keysize_for(d->used * 3));  // CPython's GROWTH_RATE
}

constexpr int64_t kNeedGeneric = -3;

// lookup() for a str key while every entry met on the probe path with an
// equal hash is a str too (CPython's unicode-only lookdict): a tight loop
// that never calls __eq__. Returns kNeedGeneric when it meets another key
// with the same hash, for the generic loop to decide.
inline int64_t lookup_str(const DictObject* d, const StrObject* key, int64_t hash, size_t* slot) {
  const int32_t* index = d->index.data();
  const Entry* entries = d->entries.data();
  size_t mask = d->index.size() - 1;
  uint64_t perturb = uint64_t(hash);
  size_t i = size_t(perturb) & mask;
  for (;;) {
    int32_t ix = index[i];
    if (ix == kIxEmpty) return -1;
    if (ix >= 0) {
      const Entry& e = entries[ix];
      if (e.hash == hash) {
        if (!e.key.is_object()) return kNeedGeneric;
        const Object* k = e.key.as_object();
        if (k == key) {
          if (slot) *slot = i;
          return ix;
        }
        if (k->kind != ObjKind::Str) return kNeedGeneric;
        auto* ks = static_cast<const StrObject*>(k);
        if (ks->nbytes == key->nbytes && str_bytes_equal(ks, key, key->nbytes)) {
          if (slot) *slot = i;
          return ix;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + size_t(perturb) + 1) & mask;
  }
}

// The entry position of `key`, -1 when absent, kLookupError on error. An
// __eq__ that mutates the dict makes the lookup start over, as in CPython.
int64_t lookup(VM& vm, DictObject* d, const Value& key, int64_t hash, size_t* slot = nullptr) {
  if (d->index.empty()) return -1;
  if (is_str(key)) {
    int64_t r = lookup_str(d, key.as<StrObject>(), hash, slot);
    if (r != kNeedGeneric) return r;
  }
restart:
  if (d->index.empty()) return -1;
  size_t mask = d->index.size() - 1;
  uint64_t perturb = uint64_t(hash);
  size_t i = size_t(perturb) & mask;
  bool key_is_str = is_str(key);
  for (;;) {
    int32_t ix = d->index[i];
    if (ix == kIxEmpty) return -1;
    if (ix >= 0) {
      Entry& e = d->entries[size_t(ix)];
      if (e.key.is(key)) {
        if (slot) *slot = i;
        return ix;
      }
      if (e.hash == hash) {
        if (key_is_str && is_str(e.key)) {
          if (str_equal(e.key, key)) {
            if (slot) *slot = i;
            return ix;
          }
        } else {
          Value startkey = e.key;
          const int32_t* index_before = d->index.data();
          int cmp = equals(vm, startkey, key);
          if (cmp < 0) return kLookupError;
          if (d->index.data() != index_before || size_t(ix) >= d->entries.size() ||
              !d->entries[size_t(ix)].key.is(startkey))
            goto restart;
          if (cmp > 0) {
            if (slot) *slot = i;
            return ix;
          }
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + size_t(perturb) + 1) & mask;
  }
}

// First free (empty or dummy) index slot for `hash`.
size_t find_empty_slot(DictObject* d, int64_t hash) {
  size_t mask = d->index.size() - 1;
  uint64_t perturb = uint64_t(hash);
  size_t i = size_t(perturb) & mask;
  while (d->index[i] >= 0) {
    perturb >>= kPerturbShift;
    i = (i * 5 + size_t(perturb) + 1) & mask;
  }
  return i;
}

// Appends an entry for a key known to be absent.
void insert_new(DictObject* d, int64_t hash, Value key, Value value) {
  grow_if_full(d);
  size_t slot = find_empty_slot(d, hash);
  if (d->index[slot] == kIxEmpty) d->filled++;
  d->index[slot] = int32_t(d->entries.size());
  d->entries.push_back(Entry{hash, std::move(key), std::move(value)});
  d->key_bloom |= dict_bloom_bits(hash);
  d->used++;
  d->version++;
  d->mutations++;
}

// Removes the entry at `ix` (found at index slot `slot`) and returns its value.
Value remove_at(DictObject* d, int64_t ix, size_t slot) {
  Entry& e = d->entries[size_t(ix)];
  Value key = std::move(e.key);
  Value value = std::move(e.value);
  e.key = Value();
  d->index[slot] = kIxDummy;
  d->used--;
  d->version++;
  d->mutations++;
  // Trailing holes can be dropped at once (keeps popitem O(1) amortised).
  while (!d->entries.empty() && d->entries.back().key.is_empty() &&
         d->entries.size() > d->used) {
    // Only safe when no index slot still points at it: holes are always dummies.
    d->entries.pop_back();
  }
  return value;
}

bool key_hash(VM& vm, const Value& key, int64_t* h) { return hash_fast(vm, key, h); }

}  // namespace

// ------------------------------------------------------------ construction
Value dict_new_of(VM& vm, TypeObject* cls) {
  auto* d = object_new<DictObject>(vm, ObjKind::Dict, cls);
  return Value::steal(d);
}

Value dict_new(VM& vm, size_t reserve) {
  Value v = dict_new_of(vm, vm.types.dict);
  if (reserve) {
    auto* d = as_dict(v);
    rebuild(d, keysize_for((reserve * 3 + 1) / 2));
  }
  return v;
}

// ------------------------------------------------------------ lookup
Value dict_get_known_hash(VM& vm, DictObject* d, const Value& key, int64_t hash) {
  int64_t ix = lookup(vm, d, key, hash);
  if (ix < 0) return Value();
  return d->entries[size_t(ix)].value;
}

Value dict_get(VM& vm, DictObject* d, const Value& key) {
  int64_t h;
  if (!key_hash(vm, key, &h)) return Value();
  return dict_get_known_hash(vm, d, key, h);
}

Value dict_getitem(VM& vm, DictObject* d, const Value& key) {
  int64_t h;
  if (!key_hash(vm, key, &h)) return Value();
  int64_t ix = lookup(vm, d, key, h);
  if (ix >= 0) return d->entries[size_t(ix)].value;
  if (ix == kLookupError) return Value();
  return raise_key_error(vm, key);
}

int64_t dict_lookup_str_index(DictObject* d, StrObject* key) {
  if (d->used == 0) return -1;
  // A key whose hash is not cached yet gets it computed (and cached): O(len),
  // where scanning every entry made VM::intern of a new string (whose hash is
  // never cached) linear in the size of the interned table, and compiling a
  // module with many distinct names quadratic.
  int64_t h = str_hash(key);
  size_t mask = d->index.size() - 1;
  uint64_t perturb = uint64_t(h);
  size_t i = size_t(perturb) & mask;
  for (;;) {
    int32_t ix = d->index[i];
    if (ix == kIxEmpty) return -1;
    if (ix >= 0) {
      const Entry& e = d->entries[size_t(ix)];
      if (e.key.is_object()) {
        Object* k = e.key.as_object();
        if (k == key) return ix;
        if (e.hash == h && k->kind == ObjKind::Str) {
          auto* s = static_cast<StrObject*>(k);
          if (s->nbytes == key->nbytes && str_bytes_equal(s, key, s->nbytes)) return ix;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + size_t(perturb) + 1) & mask;
  }
}

Value dict_get_identical(const DictObject* d, const Value& key) {
  for (const auto& e : d->entries)
    if (!e.key.is_empty() && e.key.bits() == key.bits()) return e.value;
  return Value();
}

Value dict_get_str(DictObject* d, StrObject* key) {
  int64_t ix = dict_lookup_str_index(d, key);
  if (ix < 0) return Value();
  return d->entries[size_t(ix)].value;
}

int dict_contains_known_hash(VM& vm, DictObject* d, const Value& key, int64_t hash) {
  int64_t ix = lookup(vm, d, key, hash);
  if (ix == kLookupError) return -1;
  return ix >= 0 ? 1 : 0;
}

int dict_contains(VM& vm, DictObject* d, const Value& key) {
  int64_t h;
  if (!key_hash(vm, key, &h)) return -1;
  return dict_contains_known_hash(vm, d, key, h);
}

// ------------------------------------------------------------ mutation
bool dict_setitem_known_hash(VM& vm, DictObject* d, const Value& key_in, int64_t hash, const Value& value_in) {
  // Own the key and value: the caller's references may point into this dict.
  Value key = key_in, value = value_in;
  int64_t ix = lookup(vm, d, key, hash);
  if (ix == kLookupError) return false;
  try {
    if (ix >= 0) {
      Value old = std::move(d->entries[size_t(ix)].value);
      d->entries[size_t(ix)].value = std::move(value);
      d->mutations++;
      return true;
    }
    insert_new(d, hash, std::move(key), std::move(value));
  } catch (const std::bad_alloc&) {
    raise_no_memory(vm);
    return false;
  }
  return true;
}

bool dict_setitem(VM& vm, DictObject* d, const Value& key, const Value& value) {
  int64_t h;
  if (!key_hash(vm, key, &h)) return false;
  return dict_setitem_known_hash(vm, d, key, h, value);
}

bool dict_setitem_str(VM& vm, DictObject* d, StrObject* key, const Value& value) {
  int64_t ix = key->hash != -1 ? dict_lookup_str_index(d, key) : -1;
  if (ix >= 0) {
    Value v = value;
    Value old = std::move(d->entries[size_t(ix)].value);
    d->entries[size_t(ix)].value = std::move(v);
    d->mutations++;
    return true;
  }
  return dict_setitem(vm, d, Value::borrow(key), value);
}

int dict_pop(VM& vm, DictObject* d, const Value& key, Value* out) {
  int64_t h;
  if (!key_hash(vm, key, &h)) return -1;
  size_t slot = 0;
  int64_t ix = lookup(vm, d, key, h, &slot);
  if (ix == kLookupError) return -1;
  if (ix < 0) return 0;
  Value v = remove_at(d, ix, slot);
  if (out) *out = std::move(v);
  return 1;
}

int dict_delitem_str(VM& vm, DictObject* d, StrObject* key) {
  return dict_pop(vm, d, Value::borrow(key), nullptr);
}

bool dict_delitem(VM& vm, DictObject* d, const Value& key) {
  int r = dict_pop(vm, d, key, nullptr);
  if (r < 0) return false;
  if (r == 0) {
    raise_key_error(vm, key);
    return false;
  }
  return true;
}

Value dict_setdefault(VM& vm, DictObject* d, const Value& key_in, const Value& dflt) {
  Value key = key_in;
  int64_t h;
  if (!key_hash(vm, key, &h)) return Value();
  int64_t ix = lookup(vm, d, key, h);
  if (ix == kLookupError) return Value();
  if (ix >= 0) return d->entries[size_t(ix)].value;
  insert_new(d, h, std::move(key), dflt);
  return dflt;
}

int64_t dict_insert_absent_str(VM& vm, DictObject* d, StrObject* key, const Value& value) {
  try {
    insert_new(d, str_hash(key), Value::borrow(key), value);
  } catch (const std::bad_alloc&) {
    raise_no_memory(vm);
    return -1;
  }
  return int64_t(d->entries.size()) - 1;
}

void dict_clear(DictObject* d) {
  if (d->entries.empty() && d->index.empty()) return;
  // Detach first: releasing the items may run code that looks at the dict.
  VmVector<Entry> old_entries;
  VmVector<int32_t> old_index;
  old_entries.swap(d->entries);
  old_index.swap(d->index);
  d->used = 0;
  d->filled = 0;
  d->key_bloom = 0;
  d->version++;
  d->mutations++;
}

namespace {

// Fast merge of a dict `b` into `a` (CPython's dict_merge for dict arguments).
bool merge_dict(VM& vm, DictObject* a, DictObject* b, int override) {
  if (a == b || b->used == 0) return true;
  if (a->used == 0 && override != 0) {
    // Fresh target: copy entries in order with their hashes, no comparisons.
    rebuild(a, keysize_for(((a->used + b->used) * 3 + 1) / 2));
    for (const Entry& e : b->entries)
      if (!e.key.is_empty()) insert_new(a, e.hash, e.key, e.value);
    return true;
  }
  // Do one big resize at the start rather than many small ones.
  if (usable_fraction(a->index.size()) < a->entries.size() + b->used)
    rebuild(a, keysize_for(((a->used + b->used) * 3 + 1) / 2));
  size_t orig = b->entries.size();
  for (size_t i = 0; i < b->entries.size(); ++i) {
    if (b->entries[i].key.is_empty()) continue;
    Value key = b->entries[i].key;
    Value value = b->entries[i].value;
    int64_t h = b->entries[i].hash;
    if (override == 1) {
      if (!dict_setitem_known_hash(vm, a, key, h, value)) return false;
    } else {
      int r = dict_contains_known_hash(vm, a, key, h);
      if (r < 0) return false;
      if (r == 0) {
        if (!dict_setitem_known_hash(vm, a, key, h, value)) return false;
      } else if (override == 2) {
        raise_key_error(vm, key);
        return false;
      }
    }
    if (b->entries.size() != orig) {
      vm.raise(Exc::RuntimeError, "dict mutated during update");
      return false;
    }
  }
  return true;
}

// Merge from any mapping: for k in m.keys(): a[k] = m[k].
bool merge_mapping(VM& vm, DictObject* a, const Value& m, int override) {
  Value keys = vm.call_method(m, vm.names.keys, nullptr, 0);
  if (!keys) return false;
  Value it = get_iter(vm, keys);
  if (!it) return false;
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) return !vm.has_exception();
    if (override != 1) {
      int r = dict_contains(vm, a, key);
      if (r < 0) return false;
      if (r) {
        if (override == 2) {
          raise_key_error(vm, key);
          return false;
        }
        continue;
      }
    }
    Value value = getitem(vm, m, key);
    if (!value) return false;
    if (!dict_setitem(vm, a, key, value)) return false;
  }
}

// PyDict_MergeFromSeq2: an iterable of 2-sequences.
bool merge_pairs(VM& vm, DictObject* d, const Value& seq) {
  Value it = get_iter(vm, seq);
  if (!it) return false;
  for (size_t i = 0;; ++i) {
    Value item = next_fast(vm, it);
    if (!item) return !vm.has_exception();
    Value key, value;
    int64_t n = -1;
    if (is_kind(item, ObjKind::Tuple)) {
      auto* t = as_tuple(item);
      n = int64_t(t->size);
      if (n == 2) {
        key = t->items[0];
        value = t->items[1];
      }
    } else if (is_kind(item, ObjKind::List)) {
      auto* l = as_list(item);
      n = int64_t(l->items.size());
      if (n == 2) {
        key = l->items[0];
        value = l->items[1];
      }
    } else {
      Value sub = get_iter(vm, item);
      if (!sub) {
        if (vm.exception_matches(Exc::TypeError)) {
          vm.clear_exception();
          vm.raisef(Exc::TypeError, "cannot convert dictionary update sequence element #%zu to a sequence", i);
        }
        return false;
      }
      std::vector<Value> parts;
      for (;;) {
        Value x = next_fast(vm, sub);
        if (!x) {
          if (vm.has_exception()) return false;
          break;
        }
        parts.push_back(std::move(x));
      }
      n = int64_t(parts.size());
      if (n == 2) {
        key = parts[0];
        value = parts[1];
      }
    }
    if (n != 2) {
      vm.raisef(Exc::ValueError, "dictionary update sequence element #%zu has length %lld; 2 is required", i,
                (long long)n);
      return false;
    }
    if (!dict_setitem(vm, d, key, value)) return false;
  }
}

bool merge_kwargs(VM& vm, DictObject* d, const CallArgs& a) {
  for (size_t i = 0; i < a.nkw(); ++i)
    if (!dict_setitem(vm, d, a.kwnames->items[i], a.kwvalue(i))) return false;
  return true;
}

}  // namespace

bool dict_update(VM& vm, DictObject* d, const Value& other) {
  if (is_kind(other, ObjKind::Dict) && other.as_object()->type == vm.types.dict)
    return merge_dict(vm, d, as_dict(other), 1);
  Value keys = getattr_opt(vm, other, vm.names.keys);
  if (vm.has_exception()) return false;
  if (keys) {
    if (is_kind(other, ObjKind::Dict)) return merge_dict(vm, d, as_dict(other), 1);
    return merge_mapping(vm, d, other, 1);
  }
  return merge_pairs(vm, d, other);
}

bool dict_merge(VM& vm, DictObject* d, const Value& other, int override) {
  if (is_kind(other, ObjKind::Dict)) return merge_dict(vm, d, as_dict(other), override);
  Value keys = getattr_opt(vm, other, vm.names.keys);
  if (vm.has_exception()) return false;
  if (!keys) {
    vm.raisef(Exc::TypeError, "'%s' object is not a mapping", type_name(vm, other));
    return false;
  }
  return merge_mapping(vm, d, other, override);
}

bool dict_update_from(VM& vm, DictObject* d, const Value& other) { return dict_merge(vm, d, other, 1); }

Value dict_copy(VM& vm, DictObject* d) {
  Value r = dict_new(vm, d->used);
  auto* c = as_dict(r);
  for (const Entry& e : d->entries)
    if (!e.key.is_empty()) insert_new(c, e.hash, e.key, e.value);
  return r;
}

// ------------------------------------------------------------ iteration
bool dict_next_hash(DictObject* d, size_t* pos, Value* key, Value* value, int64_t* hash) {
  size_t i = *pos;
  while (i < d->entries.size() && d->entries[i].key.is_empty()) ++i;
  if (i >= d->entries.size()) {
    *pos = i;
    return false;
  }
  const Entry& e = d->entries[i];
  if (key) *key = e.key;
  if (value) *value = e.value;
  if (hash) *hash = e.hash;
  *pos = i + 1;
  return true;
}

bool dict_next(DictObject* d, size_t* pos, Value* key, Value* value) {
  return dict_next_hash(d, pos, key, value, nullptr);
}

Value dict_keys_list(VM& vm, DictObject* d) {
  Value r = list_new(vm, d->used);
  for (const Entry& e : d->entries)
    if (!e.key.is_empty()) list_append(as_list(r), e.key);
  return r;
}

Value dict_values_list(VM& vm, DictObject* d) {
  Value r = list_new(vm, d->used);
  for (const Entry& e : d->entries)
    if (!e.key.is_empty()) list_append(as_list(r), e.value);
  return r;
}

Value dict_items_list(VM& vm, DictObject* d) {
  Value r = list_new(vm, d->used);
  for (const Entry& e : d->entries)
    if (!e.key.is_empty()) list_append(as_list(r), tuple_pack(vm, {e.key, e.value}));
  return r;
}

Value dict_repr(VM& vm, DictObject* d) {
  if (d->used == 0) return make_str(vm, "{}");
  ReprGuard guard(vm, d);
  if (guard.status() < 0) return Value();
  if (guard.status() > 0) return make_str(vm, "{...}");
  std::string out = "{";
  bool first = true;
  // Index loop, re-reading the size: a key's or value's __repr__ may mutate d.
  for (size_t i = 0; i < d->entries.size(); ++i) {
    if (d->entries[i].key.is_empty()) continue;
    Value key = d->entries[i].key;
    Value value = d->entries[i].value;
    if (!first) out += ", ";
    first = false;
    Value rk = repr(vm, key);
    if (!rk) return Value();
    out += str_view(rk);
    out += ": ";
    Value rv = repr(vm, value);
    if (!rv) return Value();
    out += str_view(rv);
  }
  out += "}";
  return make_str(vm, out);
}

bool dict_init(VM& vm, DictObject* d, const CallArgs& a) {
  if (!arg_count(vm, a.nargs, "dict", 0, 1)) return false;
  if (a.nargs == 1 && !dict_update(vm, d, a.args[0])) return false;
  return merge_kwargs(vm, d, a);
}

Value dict_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  Value r = dict_new_of(vm, cls);
  if (cls != vm.types.dict) return r;  // a subclass is filled by __init__ (see dict.h)
  if (!dict_init(vm, as_dict(r), a)) return Value();
  return r;
}

Value dict_view_new(VM& vm, const Value& dict, TypeObject* view_type) {
  auto* v = object_new<DictViewObject>(vm, ObjKind::DictView, view_type);
  v->dict = dict;
  return Value::steal(v);
}

void dict_traverse(DictObject* d, VisitFn visit, void* ctx) {
  for (Entry& e : d->entries) {
    if (e.key.is_object()) visit(e.key, ctx);
    if (e.value.is_object()) visit(e.value, ctx);
  }
}

void dict_clear_refs(DictObject* d) { dict_clear(d); }

void dictview_traverse(DictViewObject* v, VisitFn visit, void* ctx) {
  if (v->dict.is_object()) visit(v->dict, ctx);
}

void dictview_clear_refs(DictViewObject* v) {
  Value old = std::move(v->dict);
  v->dict = Value::none();
}

// ------------------------------------------------------------ dict slots
namespace {

Value d_repr(VM& vm, Object* o) { return dict_repr(vm, static_cast<DictObject*>(o)); }

// CPython's dict_equal: same size, and every key of a maps to an equal value in b.
int dict_equal(VM& vm, DictObject* a, DictObject* b) {
  if (a->used != b->used) return 0;
  for (size_t i = 0; i < a->entries.size(); ++i) {
    if (a->entries[i].key.is_empty()) continue;
    Value key = a->entries[i].key;
    Value aval = a->entries[i].value;
    int64_t h = a->entries[i].hash;
    int64_t ix = lookup(vm, b, key, h);
    if (ix == kLookupError) return -1;
    if (ix < 0) return 0;
    Value bval = b->entries[size_t(ix)].value;
    int cmp = eq_fast(vm, aval, bval);
    if (cmp <= 0) return cmp;
  }
  return 1;
}

Value d_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_kind(other, ObjKind::Dict) || (op != CmpOpKind::Eq && op != CmpOpKind::NotEq))
    return Value::not_implemented();
  int r = dict_equal(vm, static_cast<DictObject*>(o), as_dict(other));
  if (r < 0) return Value();
  return Value::boolean(op == CmpOpKind::Eq ? r == 1 : r == 0);
}

bool d_len(VM&, Object* o, int64_t* out) {
  *out = int64_t(static_cast<DictObject*>(o)->used);
  return true;
}

Value d_getitem(VM& vm, Object* o, const Value& key) {
  auto* d = static_cast<DictObject*>(o);
  int64_t h;
  if (!key_hash(vm, key, &h)) return Value();
  int64_t ix = lookup(vm, d, key, h);
  if (ix >= 0) return d->entries[size_t(ix)].value;
  if (ix == kLookupError) return Value();
  if (o->type != vm.types.dict) {
    // Subclasses may define __missing__.
    Value missing = type_lookup(o->type, vm.names.__missing__);
    if (missing) return vm.call2(missing, Value::borrow(o), key);
  }
  return raise_key_error(vm, key);
}

bool d_setitem(VM& vm, Object* o, const Value& key, const Value& value) {
  auto* d = static_cast<DictObject*>(o);
  if (value.is_empty()) return dict_delitem(vm, d, key);
  return dict_setitem(vm, d, key, value);
}

int d_contains(VM& vm, Object* o, const Value& key) {
  return dict_contains(vm, static_cast<DictObject*>(o), key);
}

Value d_iter(VM& vm, Object* o) { return make_dict_iterator(vm, Value::borrow(o), DictIterKind::Keys); }

Value d_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  if (op != BinOpKind::BitOr) return Value::not_implemented();
  if (inplace && !reflected) {
    if (!dict_update(vm, as_dict(a), b)) return Value();
    return a;
  }
  if (!is_kind(a, ObjKind::Dict) || !is_kind(b, ObjKind::Dict)) return Value::not_implemented();
  Value r = dict_copy(vm, as_dict(a));
  if (!dict_update(vm, as_dict(r), b)) return Value();
  return r;
}

// ------------------------------------------------------------ dict methods
#define DICT_TYPE vm.types.dict
#define SELF as_dict(a.args[0])

Value m_get(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, DICT_TYPE, "get", 1, 2)) return Value();
  Value v = dict_get(vm, SELF, a.args[1]);
  if (v) return v;
  if (vm.has_exception()) return Value();
  return a.nargs == 3 ? a.args[2] : Value::none();
}

Value m_setdefault(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, DICT_TYPE, "setdefault", 1, 2)) return Value();
  return dict_setdefault(vm, SELF, a.args[1], a.nargs == 3 ? a.args[2] : Value::none());
}

Value m_pop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_range(vm, a, DICT_TYPE, "pop", 1, 2)) return Value();
  Value out;
  int r = dict_pop(vm, SELF, a.args[1], &out);
  if (r < 0) return Value();
  if (r > 0) return out;
  if (a.nargs == 3) return a.args[2];
  return raise_key_error(vm, a.args[1]);
}

Value m_popitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "popitem")) return Value();
  auto* d = SELF;
  if (d->used == 0) return raise_key_error(vm, make_str(vm, "popitem(): dictionary is empty"));
  size_t i = d->entries.size();
  while (i > 0 && d->entries[i - 1].key.is_empty()) --i;
  Entry& e = d->entries[i - 1];
  Value key = e.key;
  // Find the index slot pointing at this entry.
  size_t mask = d->index.size() - 1;
  uint64_t perturb = uint64_t(e.hash);
  size_t slot = size_t(perturb) & mask;
  while (d->index[slot] != int32_t(i - 1)) {
    perturb >>= kPerturbShift;
    slot = (slot * 5 + size_t(perturb) + 1) & mask;
  }
  Value value = remove_at(d, int64_t(i - 1), slot);
  return tuple_pack(vm, {key, value});
}

Value m_keys(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "keys")) return Value();
  return dict_view_new(vm, a.args[0], vm.types.dict_keys);
}

Value m_values(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "values")) return Value();
  return dict_view_new(vm, a.args[0], vm.types.dict_values);
}

Value m_items(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "items")) return Value();
  return dict_view_new(vm, a.args[0], vm.types.dict_items);
}

Value m_update(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_self(vm, a, DICT_TYPE, "update")) return Value();
  if (!arg_count(vm, a.nargs - 1, "update", 0, 1)) return Value();
  auto* d = SELF;
  if (a.nargs == 2 && !dict_update(vm, d, a.args[1])) return Value();
  if (!merge_kwargs(vm, d, a)) return Value();
  return Value::none();
}

Value m_clear(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "clear")) return Value();
  dict_clear(SELF);
  return Value::none();
}

Value m_copy(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "copy")) return Value();
  return dict_copy(vm, SELF);
}

// dict.fromkeys(iterable, value=None) — a classmethod: args[0] is the class.
Value m_fromkeys(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs == 0 || !is_kind(a.args[0], ObjKind::Type)) return vm.raise(Exc::TypeError, "fromkeys: bad class");
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "dict.fromkeys() takes no keyword arguments");
  if (!arg_count(vm, a.nargs - 1, "fromkeys", 1, 2)) return Value();
  auto* cls = a.args[0].as<TypeObject>();
  Value value = a.nargs == 3 ? a.args[2] : Value::none();
  Value d = cls == vm.types.dict ? dict_new(vm) : vm.call0(a.args[0]);
  if (!d) return Value();
  bool exact = is_kind(d, ObjKind::Dict) && d.as_object()->type == vm.types.dict;
  const Value& iterable = a.args[1];
  if (exact && is_kind(iterable, ObjKind::Dict)) {
    auto* src = as_dict(iterable);
    for (size_t i = 0; i < src->entries.size(); ++i) {
      if (src->entries[i].key.is_empty()) continue;
      Value k = src->entries[i].key;
      if (!dict_setitem_known_hash(vm, as_dict(d), k, src->entries[i].hash, value)) return Value();
    }
    return d;
  }
  Value it = get_iter(vm, iterable);
  if (!it) return Value();
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) {
      if (vm.has_exception()) return Value();
      return d;
    }
    bool ok = exact ? dict_setitem(vm, as_dict(d), key, value) : setitem(vm, d, key, value);
    if (!ok) return Value();
  }
}

Value m_reversed(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, DICT_TYPE, "__reversed__")) return Value();
  return make_dict_iterator(vm, a.args[0], DictIterKind::Keys, true);
}

Value m_init(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper_self(vm, a, DICT_TYPE, "__init__")) return Value();
  CallArgs rest{a.args + 1, a.nargs - 1, a.kwnames};
  if (!dict_init(vm, SELF, rest)) return Value();
  return Value::none();
}

// dict.__getitem__ is a real method in CPython (METH_O), not a slot wrapper.
Value m_getitem(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, DICT_TYPE, "__getitem__")) return Value();
  return d_getitem(vm, a.args[0].as_object(), a.args[1]);
}

#undef DICT_TYPE
#undef SELF

// ------------------------------------------------------------ views
DictViewObject* as_view(const Value& v) { return v.as<DictViewObject>(); }
bool is_keys_view(VM& vm, const Value& v) { return is_kind(v, ObjKind::DictView) && v.as_object()->type == vm.types.dict_keys; }
bool is_items_view(VM& vm, const Value& v) { return is_kind(v, ObjKind::DictView) && v.as_object()->type == vm.types.dict_items; }
bool is_setlike_view(VM& vm, const Value& v) { return is_keys_view(vm, v) || is_items_view(vm, v); }
bool is_anyset(const Value& v) { return is_kind(v, ObjKind::Set); }

Value view_repr(VM& vm, Object* o) {
  ReprGuard guard(vm, o);
  if (guard.status() < 0) return Value();
  std::string_view tn = str_view(o->type->name);
  if (guard.status() > 0) return make_str(vm, "...");
  Value seq = list_from_iterable(vm, Value::borrow(o));
  if (!seq) return Value();
  Value r = repr(vm, seq);
  if (!r) return Value();
  std::string out(tn);
  out += "(";
  out += str_view(r);
  out += ")";
  return make_str(vm, out);
}

bool view_len(VM&, Object* o, int64_t* out) {
  *out = int64_t(as_dict(static_cast<DictViewObject*>(o)->dict)->used);
  return true;
}

Value view_iter(VM& vm, Object* o) {
  auto* v = static_cast<DictViewObject*>(o);
  DictIterKind k = o->type == vm.types.dict_keys     ? DictIterKind::Keys
                   : o->type == vm.types.dict_values ? DictIterKind::Values
                                                     : DictIterKind::Items;
  return make_dict_iterator(vm, v->dict, k);
}

// (key, value) in d.items()
int items_contains(VM& vm, DictObject* d, const Value& item) {
  if (!is_kind(item, ObjKind::Tuple) || as_tuple(item)->size != 2) return 0;
  auto* t = as_tuple(item);
  Value key = t->items[0];
  Value found = dict_get(vm, d, key);
  if (!found) return vm.has_exception() ? -1 : 0;
  return eq_fast(vm, found, t->items[1]);
}

int view_contains(VM& vm, Object* o, const Value& item) {
  auto* d = as_dict(static_cast<DictViewObject*>(o)->dict);
  if (o->type == vm.types.dict_keys) return dict_contains(vm, d, item);
  if (o->type == vm.types.dict_items) return items_contains(vm, d, item);
  for (size_t i = 0; i < d->entries.size(); ++i) {
    if (d->entries[i].key.is_empty()) continue;
    Value v = d->entries[i].value;
    int k = eq_fast(vm, v, item);
    if (k != 0) return k;
  }
  return 0;
}

// Every element of `a` is in `b` (both iterables supporting `in`).
int all_contained_in(VM& vm, const Value& a, const Value& b) {
  Value it = get_iter(vm, a);
  if (!it) return -1;
  for (;;) {
    Value x = next_fast(vm, it);
    if (!x) return vm.has_exception() ? -1 : 1;
    int r = contains(vm, b, x);
    if (r <= 0) return r;
  }
}

Value view_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (o->type == vm.types.dict_values) return Value::not_implemented();
  if (!is_anyset(other) && !is_setlike_view(vm, other)) return Value::not_implemented();
  Value self = Value::borrow(o);
  int64_t len_self = 0, len_other = 0;
  if (!length(vm, self, &len_self) || !length(vm, other, &len_other)) return Value();
  int ok = 0;
  switch (op) {
    case CmpOpKind::NotEq:
    case CmpOpKind::Eq:
      if (len_self == len_other) ok = all_contained_in(vm, self, other);
      if (op == CmpOpKind::NotEq && ok >= 0) ok = !ok;
      break;
    case CmpOpKind::Lt:
      if (len_self < len_other) ok = all_contained_in(vm, self, other);
      break;
    case CmpOpKind::LtE:
      if (len_self <= len_other) ok = all_contained_in(vm, self, other);
      break;
    case CmpOpKind::Gt:
      if (len_self > len_other) ok = all_contained_in(vm, other, self);
      break;
    case CmpOpKind::GtE:
      if (len_self >= len_other) ok = all_contained_in(vm, other, self);
      break;
    default:
      return Value::not_implemented();
  }
  if (ok < 0) return Value();
  return Value::boolean(ok != 0);
}

// dictviews_to_set: set(x) for the left operand of a view set operation; a
// keys view of a plain dict is converted from the dict itself (the dict path
// of set.update sizes the table up front, which decides the set's order).
Value to_set(VM& vm, const Value& x) {
  if (is_keys_view(vm, x)) {
    const Value& d = as_view(x)->dict;
    if (d.as_object()->type == vm.types.dict) return set_from_iterable(vm, d);
  }
  return set_from_iterable(vm, x);
}

// CPython's _PyDictView_Intersect.
Value view_intersect(VM& vm, Value self, Value other) {
  if (!is_setlike_view(vm, self)) std::swap(self, other);
  int64_t len_self = int64_t(as_dict(as_view(self)->dict)->used);
  if (is_anyset(other) && other.as_object()->type == vm.types.set) {
    int64_t len_other = int64_t(as_set(other)->used);
    if (len_self <= len_other) return set_intersection(vm, as_set(other), self);
  }
  if (is_setlike_view(vm, other)) {
    int64_t len_other = int64_t(as_dict(as_view(other)->dict)->used);
    if (len_other > len_self) std::swap(self, other);
  }
  Value result = set_new(vm);
  Value it = get_iter(vm, other);
  if (!it) return Value();
  auto* d = as_dict(as_view(self)->dict);
  bool keys = is_keys_view(vm, self);
  for (;;) {
    Value x = next_fast(vm, it);
    if (!x) {
      if (vm.has_exception()) return Value();
      return result;
    }
    int r = keys ? dict_contains(vm, d, x) : items_contains(vm, d, x);
    if (r < 0) return Value();
    if (r && !set_add(vm, as_set(result), x)) return Value();
  }
}

Value view_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  const Value& self = reflected ? b : a;
  if (self.as_object()->type == vm.types.dict_values) return Value::not_implemented();
  switch (op) {
    case BinOpKind::BitAnd:
      return view_intersect(vm, a, b);
    case BinOpKind::BitOr: {
      Value r = to_set(vm, a);
      if (!r || !set_update(vm, as_set(r), b)) return Value();
      return r;
    }
    case BinOpKind::Sub: {
      Value r = to_set(vm, a);
      if (!r || !set_difference_update(vm, as_set(r), b)) return Value();
      return r;
    }
    case BinOpKind::BitXor: {
      Value r = to_set(vm, a);
      if (!r || !set_symmetric_difference_update(vm, as_set(r), b)) return Value();
      return r;
    }
    default:
      return Value::not_implemented();
  }
}

Value view_isdisjoint(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || a.nkw() != 0) return vm.raise(Exc::TypeError, "isdisjoint() takes exactly one argument");
  const Value& self = a.args[0];
  Value it = get_iter(vm, a.args[1]);
  if (!it) return Value();
  for (;;) {
    Value x = next_fast(vm, it);
    if (!x) {
      if (vm.has_exception()) return Value();
      return Value::boolean(true);
    }
    int r = view_contains(vm, self.as_object(), x);
    if (r < 0) return Value();
    if (r) return Value::boolean(false);
  }
}

Value view_reversed(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::DictView))
    return vm.raise(Exc::TypeError, "__reversed__() takes no arguments");
  Object* o = a.args[0].as_object();
  DictIterKind k = o->type == vm.types.dict_keys     ? DictIterKind::Keys
                   : o->type == vm.types.dict_values ? DictIterKind::Values
                                                     : DictIterKind::Items;
  return make_dict_iterator(vm, as_view(a.args[0])->dict, k, true);
}

}  // namespace

const KindSlots dict_slots = {
    .repr = d_repr,
    .richcompare = d_richcompare,
    .len = d_len,
    .getitem = d_getitem,
    .setitem = d_setitem,
    .contains = d_contains,
    .iter = d_iter,
    .binop = d_binop,
};

const KindSlots dictview_slots = {
    .repr = view_repr,
    .richcompare = view_richcompare,
    .len = view_len,
    .contains = view_contains,
    .iter = view_iter,
    .binop = view_binop,
};

void init_dict_type(VM& vm) {
  TypeObject* t = vm.types.dict;
  vm.add_method(t, "get", m_get);
  vm.add_method(t, "setdefault", m_setdefault);
  vm.add_method(t, "pop", m_pop);
  vm.add_method(t, "popitem", m_popitem);
  vm.add_method(t, "keys", m_keys);
  vm.add_method(t, "values", m_values);
  vm.add_method(t, "items", m_items);
  vm.add_method(t, "update", m_update);
  vm.add_method(t, "clear", m_clear);
  vm.add_method(t, "copy", m_copy);
  vm.add_method(t, "__reversed__", m_reversed);
  vm.add_method(t, "__init__", m_init);
  vm.add_method(t, "__getitem__", m_getitem);
  add_classmethod(vm, t, "fromkeys", m_fromkeys);
  vm.add_method(t, "__len__", dunder_len<dict_slots, &VM::Types::dict>);
  vm.add_method(t, "__setitem__", dunder_setitem<dict_slots, &VM::Types::dict>);
  vm.add_method(t, "__delitem__", dunder_delitem<dict_slots, &VM::Types::dict>);
  vm.add_method(t, "__contains__", dunder_contains<dict_slots, &VM::Types::dict>);
  vm.add_method(t, "__iter__", dunder_iter<dict_slots, &VM::Types::dict>);
  add_compare_and_repr<dict_slots, &VM::Types::dict>(vm, t);
  add_binop<dict_slots, &VM::Types::dict, BinOpKind::BitOr, true>(vm, t);
  set_unhashable(vm, t);
  for (TypeObject* v : {vm.types.dict_keys, vm.types.dict_values, vm.types.dict_items}) {
    vm.add_method(v, "__reversed__", view_reversed);
    if (v != vm.types.dict_values) vm.add_method(v, "isdisjoint", view_isdisjoint);
  }
}

}  // namespace kiln::vm
