// vm/set.cpp — set and frozenset: a port of CPython 3.11's setobject.c.
#include "vm/set.h"

#include <new>
#include <string>
#include <utility>

#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/iterators.h"
#include "vm/list.h"

namespace kiln::vm {

namespace {

using Slot = SetObject::Slot;
constexpr size_t kMinSize = 8;
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

inline size_t mask_of(const SetObject* so) { return so->table.size() - 1; }
inline bool is_active(const Slot& s) { return !s.key.is_empty(); }

bool is_anyset(const Value& v) { return is_kind(v, ObjKind::Set); }
bool is_exact_str(VM& vm, const Value& v) { return is_str(v) && v.as_object()->type == vm.types.str; }

// set_lookkey: the slot holding `key`, or the free slot ending its probe
// sequence (key Empty); nullptr with an exception pending on error.
Slot* lookkey(VM& vm, SetObject* so, const Value& key, int64_t hash) {
restart:
  size_t mask = mask_of(so);
  size_t perturb = size_t(hash);
  size_t i = size_t(hash) & mask;
  bool key_str = is_exact_str(vm, key);
  for (;;) {
    Slot* entry = &so->table[i];
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    do {
      if (entry->hash == 0 && entry->key.is_empty()) return entry;
      if (entry->hash == hash) {  // a dummy's hash (-1) never matches a real one
        const Value& startkey = entry->key;
        if (startkey.is(key)) return entry;
        if (key_str && is_exact_str(vm, startkey)) {
          if (str_equal(startkey, key)) return entry;
        } else {
          Slot* table = so->table.data();
          Value sk = startkey;
          int cmp = equals(vm, sk, key);
          if (cmp < 0) return nullptr;
          if (table != so->table.data() || !entry->key.is(sk)) goto restart;
          if (cmp > 0) return entry;
          mask = mask_of(so);
        }
      }
      entry++;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// set_insert_clean: places a key known to be absent into a table without
// dummies (no comparisons, so no callbacks during a resize).
void insert_clean(VmVector<Slot>& table, size_t mask, Value key, int64_t hash) {
  size_t perturb = size_t(hash);
  size_t i = size_t(hash) & mask;
  Slot* entry;
  for (;;) {
    entry = &table[i];
    if (entry->key.is_empty()) goto found_null;
    if (i + kLinearProbes <= mask) {
      for (size_t j = 0; j < kLinearProbes; j++) {
        entry++;
        if (entry->key.is_empty()) goto found_null;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_null:
  entry->key = std::move(key);
  entry->hash = hash;
}

// set_table_resize: a table of the smallest power of two > minused.
void table_resize(SetObject* so, size_t minused) {
  size_t newsize = kMinSize;
  while (newsize <= minused) newsize <<= 1;
  if (newsize == kMinSize && so->table.size() == kMinSize && so->fill == so->used) {
    return;  // CPython keeps its small table as is when there is nothing to purge
  }
  VmVector<Slot> oldtable;
  oldtable.swap(so->table);
  so->table.resize(newsize);
  size_t newmask = newsize - 1;
  if (so->fill != so->used) so->fill = so->used;
  for (Slot& e : oldtable)
    if (is_active(e)) insert_clean(so->table, newmask, std::move(e.key), e.hash);
}

// set_add_entry.
bool add_entry(VM& vm, SetObject* so, const Value& key_in, int64_t hash) {
  Value key = key_in;  // held across comparisons that may run arbitrary code
  Slot* freeslot;
  Slot* entry;
  size_t perturb, mask, i, probes;
restart:
  mask = mask_of(so);
  i = size_t(hash) & mask;
  freeslot = nullptr;
  perturb = size_t(hash);
  for (;;) {
    entry = &so->table[i];
    probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    do {
      if (entry->hash == 0 && entry->key.is_empty()) goto found_unused_or_dummy;
      if (entry->hash == hash) {
        const Value& startkey = entry->key;
        if (startkey.is(key)) return true;
        if (is_exact_str(vm, startkey) && is_exact_str(vm, key)) {
          if (str_equal(startkey, key)) return true;
        } else {
          Slot* table = so->table.data();
          Value sk = startkey;
          int cmp = equals(vm, sk, key);
          if (cmp > 0) return true;
          if (cmp < 0) return false;
          if (table != so->table.data() || !entry->key.is(sk)) goto restart;
          mask = mask_of(so);
        }
      } else if (entry->hash == -1) {
        freeslot = entry;  // a dummy: reusable if the key turns out to be absent
      }
      entry++;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_unused_or_dummy:
  if (freeslot == nullptr) goto found_unused;
  so->used++;
  freeslot->key = std::move(key);
  freeslot->hash = hash;
  return true;
found_unused:
  so->fill++;
  so->used++;
  entry->key = std::move(key);
  entry->hash = hash;
  if (so->fill * 5 < mask * 3) return true;
  table_resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
  return true;
}

bool hash_of(VM& vm, const Value& key, int64_t* h) { return hash_fast(vm, key, h); }

bool add_key(VM& vm, SetObject* so, const Value& key) {
  int64_t h;
  if (!hash_of(vm, key, &h)) return false;
  return add_entry(vm, so, key, h);
}

int contains_entry(VM& vm, SetObject* so, const Value& key, int64_t hash) {
  Slot* e = lookkey(vm, so, key, hash);
  if (!e) return -1;
  return is_active(*e) ? 1 : 0;
}

int contains_key(VM& vm, SetObject* so, const Value& key) {
  int64_t h;
  if (!hash_of(vm, key, &h)) return -1;
  return contains_entry(vm, so, key, h);
}

// 1 found and removed, 0 absent, -1 error.
int discard_entry(VM& vm, SetObject* so, const Value& key, int64_t hash) {
  Slot* e = lookkey(vm, so, key, hash);
  if (!e) return -1;
  if (!is_active(*e)) return 0;
  Value old = std::move(e->key);
  e->key = Value();
  e->hash = -1;
  so->used--;
  return 1;
}

int discard_key(VM& vm, SetObject* so, const Value& key) {
  int64_t h;
  if (!hash_of(vm, key, &h)) return -1;
  return discard_entry(vm, so, key, h);
}

void clear_internal(SetObject* so) {
  // Detach the table first: releasing keys may run code that looks at the set.
  VmVector<Slot> old;
  old.swap(so->table);
  so->table.resize(kMinSize);
  so->fill = 0;
  so->used = 0;
  so->hash = -1;
}

TypeObject* base_type(VM& vm, TypeObject* t) {
  if (t == vm.types.set || t == vm.types.frozenset) return t;
  return is_subtype(t, vm.types.set) ? vm.types.set : vm.types.frozenset;
}

// set_merge: adds every element of another set.
void merge(VM& vm, SetObject* so, SetObject* other, bool* ok) {
  *ok = true;
  if (other == so || other->used == 0) return;
  // One big resize at the start rather than incremental ones.
  if ((so->fill + other->used) * 5 >= mask_of(so) * 3) table_resize(so, (so->used + other->used) * 2);
  // Empty target of the same size and no dummies to drop: copy slot by slot.
  if (so->fill == 0 && so->table.size() == other->table.size() && other->fill == other->used) {
    for (size_t i = 0; i < other->table.size(); ++i) {
      if (is_active(other->table[i])) {
        so->table[i].key = other->table[i].key;
        so->table[i].hash = other->table[i].hash;
      }
    }
    so->fill = other->fill;
    so->used = other->used;
    return;
  }
  // Empty target: insert_clean.
  if (so->fill == 0) {
    size_t newmask = mask_of(so);
    so->fill = other->used;
    so->used = other->used;
    for (size_t i = 0; i < other->table.size(); ++i) {
      const Slot& e = other->table[i];
      if (is_active(e)) insert_clean(so->table, newmask, e.key, e.hash);
    }
    return;
  }
  // General case: normal insertions.
  for (size_t i = 0; i < other->table.size(); ++i) {
    if (!is_active(other->table[i])) continue;
    Value key = other->table[i].key;
    if (!add_entry(vm, so, key, other->table[i].hash)) {
      *ok = false;
      return;
    }
  }
}

// set_update_internal.
bool update_internal(VM& vm, SetObject* so, const Value& other) {
  if (is_anyset(other)) {
    bool ok;
    merge(vm, so, as_set(other), &ok);
    return ok;
  }
  if (is_kind(other, ObjKind::Dict) && other.as_object()->type == vm.types.dict) {
    auto* d = as_dict(other);
    size_t dictsize = d->used;
    if ((so->fill + dictsize) * 5 >= mask_of(so) * 3) table_resize(so, (so->used + dictsize) * 2);
    size_t pos = 0;
    Value key;
    int64_t h;
    while (dict_next_hash(d, &pos, &key, nullptr, &h))
      if (!add_entry(vm, so, key, h)) return false;
    return true;
  }
  Value it = get_iter(vm, other);
  if (!it) return false;
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) return !vm.has_exception();
    if (!add_key(vm, so, key)) return false;
  }
}

// make_new_set
Value make_new_set(VM& vm, TypeObject* type, const Value* iterable) {
  Value r = set_new_of(vm, type);
  if (iterable && !update_internal(vm, as_set(r), *iterable)) return Value();
  return r;
}

Value make_new_set_basetype(VM& vm, TypeObject* type, const Value* iterable) {
  return make_new_set(vm, base_type(vm, type), iterable);
}

// set_swap_bodies: exchanges the contents of two sets.
void swap_bodies(VM& vm, SetObject* a, SetObject* b) {
  std::swap(a->fill, b->fill);
  std::swap(a->used, b->used);
  a->table.swap(b->table);
  if (is_subtype(a->type, vm.types.frozenset) && is_subtype(b->type, vm.types.frozenset)) {
    std::swap(a->hash, b->hash);
  } else {
    a->hash = -1;
    b->hash = -1;
  }
}

bool issubset_set(VM& vm, SetObject* so, SetObject* other, bool* result) {
  if (so->used > other->used) {
    *result = false;
    return true;
  }
  for (size_t i = 0; i < so->table.size(); ++i) {
    if (!is_active(so->table[i])) continue;
    Value key = so->table[i].key;
    int rv = contains_entry(vm, other, key, so->table[i].hash);
    if (rv < 0) return false;
    if (!rv) {
      *result = false;
      return true;
    }
  }
  *result = true;
  return true;
}

}  // namespace

// ------------------------------------------------------------ public API
Value set_new_of(VM& vm, TypeObject* cls) {
  auto* s = object_new<SetObject>(vm, ObjKind::Set, cls);
  s->table.resize(kMinSize);
  if (cls == vm.types.frozenset || (cls != vm.types.set && is_subtype(cls, vm.types.frozenset))) s->aux |= 1;
  return Value::steal(s);
}

Value set_new(VM& vm) { return set_new_of(vm, vm.types.set); }
Value frozenset_new(VM& vm) { return set_new_of(vm, vm.types.frozenset); }

Value set_from_iterable(VM& vm, const Value& iterable) { return make_new_set(vm, vm.types.set, &iterable); }

Value frozenset_from_iterable(VM& vm, const Value& iterable) {
  if (is_anyset(iterable) && iterable.as_object()->type == vm.types.frozenset) return iterable;
  return make_new_set(vm, vm.types.frozenset, &iterable);
}

bool set_add(VM& vm, SetObject* s, const Value& key) { return add_key(vm, s, key); }

bool set_add_known_hash(VM& vm, SetObject* s, const Value& key, int64_t hash) {
  return add_entry(vm, s, key, hash);
}

int set_contains(VM& vm, SetObject* s, const Value& key) {
  int rv = contains_key(vm, s, key);
  if (rv < 0) {
    // {1} in {frozenset({1})}: an unhashable set is looked up as a frozenset.
    if (!is_anyset(key) || set_is_frozen(as_set(key)) || !vm.exception_matches(Exc::TypeError)) return -1;
    vm.clear_exception();
    Value tmp = make_new_set(vm, vm.types.frozenset, &key);
    if (!tmp) return -1;
    rv = contains_key(vm, s, tmp);
  }
  return rv;
}

int set_discard(VM& vm, SetObject* s, const Value& key) {
  int rv = discard_key(vm, s, key);
  if (rv < 0) {
    if (!is_anyset(key) || set_is_frozen(as_set(key)) || !vm.exception_matches(Exc::TypeError)) return -1;
    vm.clear_exception();
    Value tmp = make_new_set(vm, vm.types.frozenset, &key);
    if (!tmp) return -1;
    rv = discard_key(vm, s, tmp);
  }
  return rv;
}

bool set_remove(VM& vm, SetObject* s, const Value& key) {
  int rv = set_discard(vm, s, key);
  if (rv < 0) return false;
  if (rv == 0) {
    raise_key_error(vm, key);
    return false;
  }
  return true;
}

Value set_pop(VM& vm, SetObject* so) {
  if (so->used == 0) return raise_key_error(vm, make_str(vm, "pop from an empty set"));
  size_t mask = mask_of(so);
  size_t i = so->finger & mask;
  while (!is_active(so->table[i])) {
    i++;
    if (i > mask) i = 0;
  }
  Value key = std::move(so->table[i].key);
  so->table[i].key = Value();
  so->table[i].hash = -1;
  so->used--;
  so->finger = i + 1;  // next place to start
  return key;
}

void set_clear(SetObject* s) { clear_internal(s); }

Value set_copy(VM& vm, SetObject* s) {
  Value self = Value::borrow(s);
  return make_new_set_basetype(vm, s->type, &self);
}

bool set_update(VM& vm, SetObject* s, const Value& other) { return update_internal(vm, s, other); }

Value set_union(VM& vm, SetObject* so, const Value& other) {
  Value result = set_copy(vm, so);
  if (!result) return Value();
  if (other.is_object() && other.as_object() == so) return result;
  if (!update_internal(vm, as_set(result), other)) return Value();
  return result;
}

Value set_intersection(VM& vm, SetObject* so, const Value& other_in) {
  if (other_in.is_object() && other_in.as_object() == so) return set_copy(vm, so);
  Value result = make_new_set_basetype(vm, so->type, nullptr);
  auto* res = as_set(result);
  Value other = other_in;
  if (is_anyset(other)) {
    Value self = Value::borrow(so);
    if (as_set(other)->used > so->used) std::swap(self, other);
    // Iterate the smaller set (now `other`), probing the larger (`self`).
    SetObject* big = as_set(self);
    SetObject* small = as_set(other);
    for (size_t i = 0; i < small->table.size(); ++i) {
      if (!is_active(small->table[i])) continue;
      Value key = small->table[i].key;
      int64_t h = small->table[i].hash;
      int rv = contains_entry(vm, big, key, h);
      if (rv < 0) return Value();
      if (rv && !add_entry(vm, res, key, h)) return Value();
    }
    return result;
  }
  Value it = get_iter(vm, other);
  if (!it) return Value();
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) {
      if (vm.has_exception()) return Value();
      return result;
    }
    int64_t h;
    if (!hash_of(vm, key, &h)) return Value();
    int rv = contains_entry(vm, so, key, h);
    if (rv < 0) return Value();
    if (rv) {
      if (!add_entry(vm, res, key, h)) return Value();
      if (res->used >= so->used) return result;
    }
  }
}

bool set_intersection_update(VM& vm, SetObject* s, const Value& other) {
  Value tmp = set_intersection(vm, s, other);
  if (!tmp) return false;
  swap_bodies(vm, s, as_set(tmp));
  return true;
}

bool set_difference_update(VM& vm, SetObject* so, const Value& other_in) {
  if (other_in.is_object() && other_in.as_object() == so) {
    clear_internal(so);
    return true;
  }
  if (is_anyset(other_in)) {
    Value other = other_in;
    // When the other set is much larger, use its intersection with us instead.
    if ((as_set(other)->used >> 3) > so->used) {
      other = set_intersection(vm, so, other);
      if (!other) return false;
    }
    SetObject* o = as_set(other);
    for (size_t i = 0; i < o->table.size(); ++i) {
      if (!is_active(o->table[i])) continue;
      Value key = o->table[i].key;
      if (discard_entry(vm, so, key, o->table[i].hash) < 0) return false;
    }
  } else {
    Value it = get_iter(vm, other_in);
    if (!it) return false;
    for (;;) {
      Value key = next_fast(vm, it);
      if (!key) {
        if (vm.has_exception()) return false;
        break;
      }
      if (discard_key(vm, so, key) < 0) return false;
    }
  }
  // If more than 1/4th are dummies, then resize them away.
  if ((so->fill - so->used) <= mask_of(so) / 4) return true;
  table_resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
  return true;
}

Value set_difference(VM& vm, SetObject* so, const Value& other) {
  size_t other_size;
  bool other_is_dict = is_kind(other, ObjKind::Dict) && other.as_object()->type == vm.types.dict;
  auto copy_and_difference = [&]() -> Value {
    Value result = set_copy(vm, so);
    if (!result) return Value();
    if (!set_difference_update(vm, as_set(result), other)) return Value();
    return result;
  };
  if (is_anyset(other)) {
    other_size = as_set(other)->used;
  } else if (other_is_dict) {
    other_size = as_dict(other)->used;
  } else {
    return copy_and_difference();
  }
  // If len(so) is much more than len(other), copying so and removing is cheaper.
  if ((so->used >> 2) > other_size) return copy_and_difference();
  Value result = make_new_set_basetype(vm, so->type, nullptr);
  auto* res = as_set(result);
  for (size_t i = 0; i < so->table.size(); ++i) {
    if (!is_active(so->table[i])) continue;
    Value key = so->table[i].key;
    int64_t h = so->table[i].hash;
    int rv = other_is_dict ? dict_contains_known_hash(vm, as_dict(other), key, h)
                           : contains_entry(vm, as_set(other), key, h);
    if (rv < 0) return Value();
    if (!rv && !add_entry(vm, res, key, h)) return Value();
  }
  return result;
}

bool set_symmetric_difference_update(VM& vm, SetObject* so, const Value& other) {
  if (other.is_object() && other.as_object() == so) {
    clear_internal(so);
    return true;
  }
  if (is_kind(other, ObjKind::Dict) && other.as_object()->type == vm.types.dict) {
    auto* d = as_dict(other);
    size_t pos = 0;
    Value key;
    int64_t h;
    while (dict_next_hash(d, &pos, &key, nullptr, &h)) {
      int rv = discard_entry(vm, so, key, h);
      if (rv < 0) return false;
      if (rv == 0 && !add_entry(vm, so, key, h)) return false;
    }
    return true;
  }
  Value otherset = is_anyset(other) ? other : make_new_set_basetype(vm, so->type, &other);
  if (!otherset) return false;
  SetObject* o = as_set(otherset);
  for (size_t i = 0; i < o->table.size(); ++i) {
    if (!is_active(o->table[i])) continue;
    Value key = o->table[i].key;
    int64_t h = o->table[i].hash;
    int rv = discard_entry(vm, so, key, h);
    if (rv < 0) return false;
    if (rv == 0 && !add_entry(vm, so, key, h)) return false;
  }
  return true;
}

Value set_symmetric_difference(VM& vm, SetObject* so, const Value& other) {
  Value otherset = make_new_set_basetype(vm, so->type, &other);
  if (!otherset) return Value();
  if (!set_symmetric_difference_update(vm, as_set(otherset), Value::borrow(so))) return Value();
  return otherset;
}

int set_issubset(VM& vm, SetObject* so, const Value& other) {
  if (!is_anyset(other)) {
    Value tmp = set_intersection(vm, so, other);
    if (!tmp) return -1;
    return as_set(tmp)->used == so->used ? 1 : 0;
  }
  bool r;
  if (!issubset_set(vm, so, as_set(other), &r)) return -1;
  return r ? 1 : 0;
}

namespace {

int set_issuperset(VM& vm, SetObject* so, const Value& other) {
  if (is_anyset(other)) {
    bool r;
    if (!issubset_set(vm, as_set(other), so, &r)) return -1;
    return r ? 1 : 0;
  }
  Value it = get_iter(vm, other);
  if (!it) return -1;
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) return vm.has_exception() ? -1 : 1;
    int rv = contains_key(vm, so, key);
    if (rv <= 0) return rv;
  }
}

int set_isdisjoint(VM& vm, SetObject* so, const Value& other_in) {
  if (other_in.is_object() && other_in.as_object() == so) return so->used == 0 ? 1 : 0;
  if (is_anyset(other_in)) {
    SetObject* a = so;
    SetObject* b = as_set(other_in);
    if (b->used > a->used) std::swap(a, b);
    // Iterate b (the smaller), probe a.
    for (size_t i = 0; i < b->table.size(); ++i) {
      if (!is_active(b->table[i])) continue;
      Value key = b->table[i].key;
      int rv = contains_entry(vm, a, key, b->table[i].hash);
      if (rv < 0) return -1;
      if (rv) return 0;
    }
    return 1;
  }
  Value it = get_iter(vm, other_in);
  if (!it) return -1;
  for (;;) {
    Value key = next_fast(vm, it);
    if (!key) return vm.has_exception() ? -1 : 1;
    int rv = contains_key(vm, so, key);
    if (rv < 0) return -1;
    if (rv) return 0;
  }
}

}  // namespace

bool set_next(SetObject* s, size_t* pos, Value* key, int64_t* hash) {
  size_t i = *pos;
  while (i < s->table.size() && !is_active(s->table[i])) ++i;
  *pos = i + 1;
  if (i >= s->table.size()) return false;
  if (key) *key = s->table[i].key;
  if (hash) *hash = s->table[i].hash;
  return true;
}

Value set_repr(VM& vm, SetObject* so) {
  std::string_view tn = str_view(so->type->name);
  ReprGuard guard(vm, so);
  if (guard.status() < 0) return Value();
  if (guard.status() > 0) return make_str(vm, std::string(tn) + "(...)");
  if (so->used == 0) return make_str(vm, std::string(tn) + "()");
  Value keys = list_new(vm, so->used);
  for (const Slot& e : so->table)
    if (is_active(e)) list_append(as_list(keys), e.key);
  Value listrepr = repr(vm, keys);
  if (!listrepr) return Value();
  std::string_view lr = str_view(listrepr);
  std::string inner(lr.substr(1, lr.size() - 2));
  if (so->type != vm.types.set) return make_str(vm, std::string(tn) + "({" + inner + "})");
  return make_str(vm, "{" + inner + "}");
}

namespace {
uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; }
}  // namespace

bool frozenset_hash(SetObject* so, int64_t* out) {
  if (so->hash != -1) {
    *out = so->hash;
    return true;
  }
  uint64_t hash = 0;
  // Xor in every slot's hash (free slots hold 0, dummies -1), then cancel
  // the free and dummy slots out: the result depends only on the elements.
  for (const Slot& e : so->table) hash ^= shuffle_bits(uint64_t(e.hash));
  if ((so->table.size() - so->fill) & 1) hash ^= shuffle_bits(0);
  if ((so->fill - so->used) & 1) hash ^= shuffle_bits(uint64_t(-1));
  hash ^= (uint64_t(so->used) + 1) * 1927868237ull;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069u + 907133923ull;
  if (hash == uint64_t(-1)) hash = 590923713ull;
  so->hash = int64_t(hash);
  *out = so->hash;
  return true;
}

bool set_init(VM& vm, SetObject* s, const CallArgs& a) {
  std::string_view tn = str_view(s->type->name);
  if (a.nkw() != 0) {
    vm.raisef(Exc::TypeError, "%.*s() takes no keyword arguments", int(tn.size()), tn.data());
    return false;
  }
  std::string name(tn);
  if (!arg_count(vm, a.nargs, name.c_str(), 0, 1)) return false;
  if (s->fill) clear_internal(s);
  s->hash = -1;
  if (a.nargs == 0) return true;
  return update_internal(vm, s, a.args[0]);
}

Value set_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (cls != vm.types.set) return set_new_of(vm, cls);  // a subclass is filled by __init__ (see set.h)
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "set() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "set", 0, 1)) return Value();
  return make_new_set(vm, cls, a.nargs ? &a.args[0] : nullptr);
}

Value frozenset_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (a.nkw() != 0) return vm.raise(Exc::TypeError, "frozenset() takes no keyword arguments");
  if (!arg_count(vm, a.nargs, "frozenset", 0, 1)) return Value();
  if (cls == vm.types.frozenset && a.nargs == 1 && is_anyset(a.args[0]) &&
      a.args[0].as_object()->type == vm.types.frozenset)
    return a.args[0];  // frozenset(f) is f
  return make_new_set(vm, cls, a.nargs ? &a.args[0] : nullptr);
}

void set_traverse(SetObject* s, VisitFn visit, void* ctx) {
  for (Slot& e : s->table)
    if (e.key.is_object()) visit(e.key, ctx);
}

void set_clear_refs(SetObject* s) { clear_internal(s); }

// ------------------------------------------------------------ slots
namespace {

Value s_repr(VM& vm, Object* o) { return set_repr(vm, static_cast<SetObject*>(o)); }

bool s_hash(VM& vm, Object* o, int64_t* out) {
  auto* s = static_cast<SetObject*>(o);
  if (!set_is_frozen(s)) {
    vm.raisef(Exc::TypeError, "unhashable type: '%s'", type_name(vm, Value::borrow(o)));
    return false;
  }
  return frozenset_hash(s, out);
}

Value s_richcompare(VM& vm, Object* o, const Value& w, CmpOpKind op) {
  if (!is_anyset(w)) return Value::not_implemented();
  auto* v = static_cast<SetObject*>(o);
  auto* ws = as_set(w);
  Value self = Value::borrow(o);
  int r;
  switch (op) {
    case CmpOpKind::Eq:
    case CmpOpKind::NotEq:
      if (v->used != ws->used) {
        r = 0;
      } else if (v->hash != -1 && ws->hash != -1 && v->hash != ws->hash) {
        r = 0;
      } else {
        r = set_issubset(vm, v, w);
      }
      if (r < 0) return Value();
      return Value::boolean(op == CmpOpKind::Eq ? r == 1 : r == 0);
    case CmpOpKind::LtE:
      r = set_issubset(vm, v, w);
      break;
    case CmpOpKind::GtE:
      r = set_issuperset(vm, v, w);
      break;
    case CmpOpKind::Lt:
      r = v->used >= ws->used ? 0 : set_issubset(vm, v, w);
      break;
    case CmpOpKind::Gt:
      r = v->used <= ws->used ? 0 : set_issuperset(vm, v, w);
      break;
    default:
      return Value::not_implemented();
  }
  if (r < 0) return Value();
  return Value::boolean(r == 1);
}

bool s_len(VM&, Object* o, int64_t* out) {
  *out = int64_t(static_cast<SetObject*>(o)->used);
  return true;
}

int s_contains(VM& vm, Object* o, const Value& key) { return set_contains(vm, static_cast<SetObject*>(o), key); }

Value s_iter(VM& vm, Object* o) { return make_set_iterator(vm, Value::borrow(o)); }

Value s_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  if (op != BinOpKind::BitOr && op != BinOpKind::BitAnd && op != BinOpKind::Sub && op != BinOpKind::BitXor)
    return Value::not_implemented();
  // In-place forms exist for set only (a frozenset gets a new frozenset).
  if (inplace && !reflected && !set_is_frozen(as_set(a))) {
    if (!is_anyset(b)) return Value::not_implemented();
    auto* so = as_set(a);
    bool ok = true;
    switch (op) {
      case BinOpKind::BitOr: ok = update_internal(vm, so, b); break;
      case BinOpKind::BitAnd: ok = set_intersection_update(vm, so, b); break;
      case BinOpKind::Sub: ok = set_difference_update(vm, so, b); break;
      default: ok = set_symmetric_difference_update(vm, so, b); break;
    }
    if (!ok) return Value();
    return a;
  }
  // Binary forms take the left operand as `so`, whichever side we are.
  if (!is_anyset(a) || !is_anyset(b)) return Value::not_implemented();
  auto* so = as_set(a);
  switch (op) {
    case BinOpKind::BitOr: return set_union(vm, so, b);
    case BinOpKind::BitAnd: return set_intersection(vm, so, b);
    case BinOpKind::Sub: return set_difference(vm, so, b);
    default: return set_symmetric_difference(vm, so, b);
  }
}

// ------------------------------------------------------------ methods
#define SELF as_set(a.args[0])

// `owner` for argument messages: set methods on set, shared ones on either.
TypeObject* owner_of(VM& vm, const CallArgs& a) {
  if (a.nargs && is_anyset(a.args[0]) && set_is_frozen(as_set(a.args[0]))) return vm.types.frozenset;
  return vm.types.set;
}

// The methods that take *others: union, intersection, difference, update...
bool varargs_check(VM& vm, const CallArgs& a, TypeObject* owner, const char* name) {
  if (!arg_self(vm, a, owner, name)) return false;
  if (a.nkw() != 0) {
    std::string_view tn = str_view(owner->name);
    vm.raisef(Exc::TypeError, "%.*s.%s() takes no keyword arguments", int(tn.size()), tn.data(), name);
    return false;
  }
  return true;
}

Value m_add(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.set, "add")) return Value();
  if (!set_add(vm, SELF, a.args[1])) return Value();
  return Value::none();
}

Value m_clear(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, vm.types.set, "clear")) return Value();
  clear_internal(SELF);
  return Value::none();
}

Value m_copy(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, owner_of(vm, a), "copy")) return Value();
  if (a.args[0].as_object()->type == vm.types.frozenset) return a.args[0];
  return set_copy(vm, SELF);
}

Value m_discard(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.set, "discard")) return Value();
  if (set_discard(vm, SELF, a.args[1]) < 0) return Value();
  return Value::none();
}

Value m_remove(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.set, "remove")) return Value();
  if (!set_remove(vm, SELF, a.args[1])) return Value();
  return Value::none();
}

Value m_pop(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_noargs(vm, a, vm.types.set, "pop")) return Value();
  return set_pop(vm, SELF);
}

Value m_union(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, owner_of(vm, a), "union")) return Value();
  auto* so = SELF;
  Value result = set_copy(vm, so);
  if (!result) return Value();
  for (size_t i = 1; i < a.nargs; ++i) {
    if (a.args[i].is_object() && a.args[i].as_object() == so) continue;
    if (!update_internal(vm, as_set(result), a.args[i])) return Value();
  }
  return result;
}

Value m_intersection(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, owner_of(vm, a), "intersection")) return Value();
  if (a.nargs == 1) return set_copy(vm, SELF);
  Value result = a.args[0];
  for (size_t i = 1; i < a.nargs; ++i) {
    Value next = set_intersection(vm, as_set(result), a.args[i]);
    if (!next) return Value();
    result = std::move(next);
  }
  return result;
}

Value m_intersection_update(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, vm.types.set, "intersection_update")) return Value();
  Value tmp = m_intersection(vm, a, Value());
  if (!tmp) return Value();
  if (!tmp.is(a.args[0])) swap_bodies(vm, SELF, as_set(tmp));
  return Value::none();
}

Value m_difference(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, owner_of(vm, a), "difference")) return Value();
  auto* so = SELF;
  if (a.nargs == 1) return set_copy(vm, so);
  Value result = set_difference(vm, so, a.args[1]);
  if (!result) return Value();
  for (size_t i = 2; i < a.nargs; ++i)
    if (!set_difference_update(vm, as_set(result), a.args[i])) return Value();
  return result;
}

Value m_difference_update(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, vm.types.set, "difference_update")) return Value();
  for (size_t i = 1; i < a.nargs; ++i)
    if (!set_difference_update(vm, SELF, a.args[i])) return Value();
  return Value::none();
}

Value m_symmetric_difference(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, owner_of(vm, a), "symmetric_difference")) return Value();
  return set_symmetric_difference(vm, SELF, a.args[1]);
}

Value m_symmetric_difference_update(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, vm.types.set, "symmetric_difference_update")) return Value();
  if (!set_symmetric_difference_update(vm, SELF, a.args[1])) return Value();
  return Value::none();
}

Value m_update(VM& vm, const CallArgs& a, const Value&) {
  if (!varargs_check(vm, a, vm.types.set, "update")) return Value();
  for (size_t i = 1; i < a.nargs; ++i)
    if (!update_internal(vm, SELF, a.args[i])) return Value();
  return Value::none();
}

Value m_issubset(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, owner_of(vm, a), "issubset")) return Value();
  int r = set_issubset(vm, SELF, a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r == 1);
}

Value m_issuperset(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, owner_of(vm, a), "issuperset")) return Value();
  int r = set_issuperset(vm, SELF, a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r == 1);
}

Value m_isdisjoint(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, owner_of(vm, a), "isdisjoint")) return Value();
  int r = set_isdisjoint(vm, SELF, a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r == 1);
}

Value m_contains(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_one(vm, a, owner_of(vm, a), "__contains__")) return Value();
  int r = set_contains(vm, SELF, a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r == 1);
}

Value m_init(VM& vm, const CallArgs& a, const Value&) {
  if (!arg_wrapper_self(vm, a, vm.types.set, "__init__")) return Value();
  CallArgs rest{a.args + 1, a.nargs - 1, a.kwnames};
  if (!set_init(vm, SELF, rest)) return Value();
  return Value::none();
}

#undef SELF

}  // namespace

const KindSlots set_slots = {
    .repr = s_repr,
    .hash = s_hash,
    .richcompare = s_richcompare,
    .len = s_len,
    .contains = s_contains,
    .iter = s_iter,
    .binop = s_binop,
};

void init_set_type(VM& vm) {
  TypeObject* s = vm.types.set;
  TypeObject* f = vm.types.frozenset;
  vm.add_method(s, "add", m_add);
  vm.add_method(s, "clear", m_clear);
  vm.add_method(s, "discard", m_discard);
  vm.add_method(s, "remove", m_remove);
  vm.add_method(s, "pop", m_pop);
  vm.add_method(s, "intersection_update", m_intersection_update);
  vm.add_method(s, "difference_update", m_difference_update);
  vm.add_method(s, "symmetric_difference_update", m_symmetric_difference_update);
  vm.add_method(s, "update", m_update);
  vm.add_method(s, "__init__", m_init);
  for (TypeObject* t : {s, f}) {
    vm.add_method(t, "copy", m_copy);
    vm.add_method(t, "union", m_union);
    vm.add_method(t, "intersection", m_intersection);
    vm.add_method(t, "difference", m_difference);
    vm.add_method(t, "symmetric_difference", m_symmetric_difference);
    vm.add_method(t, "issubset", m_issubset);
    vm.add_method(t, "issuperset", m_issuperset);
    vm.add_method(t, "isdisjoint", m_isdisjoint);
    vm.add_method(t, "__contains__", m_contains);
  }
  vm.add_method(s, "__len__", dunder_len<set_slots, &VM::Types::set>);
  vm.add_method(s, "__iter__", dunder_iter<set_slots, &VM::Types::set>);
  vm.add_method(f, "__len__", dunder_len<set_slots, &VM::Types::frozenset>);
  vm.add_method(f, "__iter__", dunder_iter<set_slots, &VM::Types::frozenset>);
  vm.add_method(f, "__hash__", dunder_hash<set_slots, &VM::Types::frozenset>);
  set_unhashable(vm, s);
  add_compare_and_repr<set_slots, &VM::Types::set>(vm, s);
  add_compare_and_repr<set_slots, &VM::Types::frozenset>(vm, f);
  add_binop<set_slots, &VM::Types::set, BinOpKind::BitAnd, true>(vm, s);
  add_binop<set_slots, &VM::Types::set, BinOpKind::BitOr, true>(vm, s);
  add_binop<set_slots, &VM::Types::set, BinOpKind::BitXor, true>(vm, s);
  add_binop<set_slots, &VM::Types::set, BinOpKind::Sub, true>(vm, s);
  add_binop<set_slots, &VM::Types::frozenset, BinOpKind::BitAnd, false>(vm, f);
  add_binop<set_slots, &VM::Types::frozenset, BinOpKind::BitOr, false>(vm, f);
  add_binop<set_slots, &VM::Types::frozenset, BinOpKind::BitXor, false>(vm, f);
  add_binop<set_slots, &VM::Types::frozenset, BinOpKind::Sub, false>(vm, f);
}

}  // namespace kiln::vm
