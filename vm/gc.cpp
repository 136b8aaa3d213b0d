// vm/gc.cpp — the cycle collector (see vm/gc.h for the design).
//
// While a collection runs, each examined object's `gc_prev` link holds its
// working reference count (CPython 3.8+ does the same with _gc_prev); the
// links are rebuilt from the `gc_next` chain before anything is freed.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "vm/gc.h"
#include "vm/traverse.h"

namespace kiln::vm {

namespace {

constexpr int kOldest = VM::kGcGenerations - 1;

inline void list_init(Object* head) { head->gc_prev = head->gc_next = head; }

inline void list_append(Object* o, Object* head) {
  Object* last = head->gc_prev;
  o->gc_prev = last;
  o->gc_next = head;
  last->gc_next = o;
  head->gc_prev = o;
}

// Moves every object of `from` to the end of `to`; `from` is left empty.
inline void list_merge(Object* from, Object* to) {
  if (from->gc_next == from) return;
  Object* first = from->gc_next;
  Object* last = from->gc_prev;
  Object* tail = to->gc_prev;
  tail->gc_next = first;
  first->gc_prev = tail;
  last->gc_next = to;
  to->gc_prev = last;
  list_init(from);
}

size_t list_size(Object* head) {
  size_t n = 0;
  for (Object* o = head->gc_next; o != head; o = o->gc_next) ++n;
  return n;
}

// The working count lives in gc_prev (copied bytewise: no aliasing games).
inline uintptr_t refs_of(const Object* o) {
  uintptr_t r;
  std::memcpy(&r, &o->gc_prev, sizeof r);
  return r;
}
inline void set_refs(Object* o, uintptr_t r) { std::memcpy(&o->gc_prev, &r, sizeof r); }

inline Object* child_in_set(const Value& v) {
  if (!v.is_object()) return nullptr;
  Object* c = v.as_object();
  return (c->gc_flags & kGcInSet) ? c : nullptr;
}

// While the survivors' links are being rebuilt (step 4 of collect), an object
// is tracked if it is still flagged as in the set (not reached yet by that
// walk) or has a prev link (outside the set, or already rebuilt).
inline bool tracked_during_rebuild(const Object* o) { return (o->gc_flags & kGcInSet) || o->gc_prev; }

// CPython's _PyTuple_MaybeUntrack: a tuple of the builtin class that holds
// only untracked values can never be part of a cycle (its items cannot
// change), so the collector stops examining it. A tuple still being filled
// has an Empty slot and stays tracked.
bool tuple_can_untrack(TupleObject* t) {
  if (!t->type || !(t->type->aux & 1)) return false;
  for (size_t i = 0; i < t->size; ++i) {
    const Value& v = t->items[i];
    if (v.is_empty()) return false;
    if (v.is_object() && tracked_during_rebuild(v.as_object())) return false;
  }
  return true;
}

struct CollectResult {
  size_t examined = 0;
  size_t survivors = 0;
  size_t freed = 0;
  size_t untracked = 0;
};

// Examines every object of the list `young`. Survivors stay in `young` (tuples
// found untrackable leave it); the garbage is returned, still linked, for the
// caller to clear once the survivors have moved on.
CollectResult find_garbage(Object* young, std::vector<Object*>& garbage) {
  CollectResult r;
  // 1. working counts = reference counts. gc_prev is overwritten from here
  //    on; iterate with gc_next only.
  for (Object* o = young->gc_next; o != young; o = o->gc_next) {
    o->gc_flags = uint8_t((o->gc_flags & ~kGcReachable) | kGcInSet);
    set_refs(o, o->refcount);
    ++r.examined;
  }
  // 2. remove references that come from inside the set.
  auto subtract_ref = [](Value& child) {
    if (Object* c = child_in_set(child)) set_refs(c, refs_of(c) - 1);
  };
  for (Object* o = young->gc_next; o != young; o = o->gc_next) object_visit_children(o, subtract_ref);
  // 3. whatever is still referenced from outside is reachable, and so is
  //    everything it reaches.
  std::vector<Object*> stack;
  auto mark_child = [&stack](Value& child) {
    Object* c = child_in_set(child);
    if (c && !(c->gc_flags & kGcReachable)) {
      c->gc_flags |= kGcReachable;
      stack.push_back(c);
    }
  };
  for (Object* o = young->gc_next; o != young; o = o->gc_next) {
    if (refs_of(o) > 0 && !(o->gc_flags & kGcReachable)) {
      o->gc_flags |= kGcReachable;
      stack.push_back(o);
      while (!stack.empty()) {
        Object* x = stack.back();
        stack.pop_back();
        object_visit_children(x, mark_child);
      }
    }
  }
  // 4. rebuild the prev links, untrack tuples of atomic values, set the
  //    garbage aside (it stays linked until it dies).
  Object* prev = young;
  Object* next;
  for (Object* o = young->gc_next; o != young; o = next) {
    next = o->gc_next;
    bool reachable = o->gc_flags & kGcReachable;
    o->gc_flags &= uint8_t(~(kGcInSet | kGcReachable));
    if (reachable) {
      if (o->kind == ObjKind::Tuple && tuple_can_untrack(static_cast<TupleObject*>(o))) {
        o->gc_prev = o->gc_next = nullptr;
        ++r.untracked;
        continue;
      }
      ++r.survivors;
    } else {
      garbage.push_back(o);
    }
    o->gc_prev = prev;
    prev->gc_next = o;
    prev = o;
  }
  prev->gc_next = young;
  young->gc_prev = prev;
  return r;
}

// Breaks the cycles. The extra references keep every garbage object alive
// until all are cleared, so no destructor sees a half-cleared peer.
void free_garbage(std::vector<Object*>& garbage) {
  for (Object* o : garbage) Value::incref(o);
  for (Object* o : garbage) object_clear(o);
  for (Object* o : garbage) Value::decref(o);
}

size_t collect(VM& vm, int generation) {
  auto& gens = vm.gc_generations;
  bool was_collecting = vm.gc_collecting;
  vm.gc_collecting = true;
  auto t0 = vm.gc_debug >= 2 ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
  if (generation < kOldest) ++gens[generation + 1].count;
  for (int i = 0; i <= generation; ++i) gens[i].count = 0;
  for (int i = 0; i < generation; ++i) list_merge(&gens[i].head, &gens[generation].head);
  Object* young = &gens[generation].head;
  Object* older = generation < kOldest ? &gens[generation + 1].head : young;

  std::vector<Object*> garbage;
  CollectResult r = find_garbage(young, garbage);
  r.freed = garbage.size();
  if (young != older) {
    if (generation == kOldest - 1) vm.gc_long_lived_pending += r.survivors;
    list_merge(young, older);
  } else {
    vm.gc_long_lived_pending = 0;
    vm.gc_long_lived_total = r.survivors;
  }
  ++vm.gc_collections;
  vm.gc_examined += r.examined;
  if (!garbage.empty()) free_garbage(garbage);

  if (vm.gc_debug >= 2) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr,
                 "kiln gc: generation %d: %zu examined, %zu unreachable, %zu tuples untracked, "
                 "%zu survivors; generations now %zu/%zu/%zu; %.3f ms\n",
                 generation, r.examined, r.freed, r.untracked, r.survivors, list_size(&gens[0].head),
                 list_size(&gens[1].head), list_size(&gens[2].head), ms);
  }
  vm.gc_collecting = was_collecting;
  return r.freed;
}

// CPython's collect_generations: the oldest generation whose count exceeds
// its threshold, except that a full collection also waits until a quarter
// of the long-lived objects are new.
void collect_automatic(VM& vm) {
  auto& gens = vm.gc_generations;
  for (int i = kOldest; i >= 0; --i) {
    if (gens[i].count > gens[i].threshold) {
      if (i == kOldest && vm.gc_long_lived_pending < vm.gc_long_lived_total / 4) continue;
      collect(vm, i);
      return;
    }
  }
}

}  // namespace

void gc_init(VM& vm) {
  for (auto& g : vm.gc_generations) {
    Object& h = g.head;
    h.refcount = 1;
    h.kind = ObjKind::Count_;
    h.gc_flags = 0;
    h.type = nullptr;
    list_init(&h);
    g.count = 0;
  }
  int t = vm.options().gc_threshold;
  vm.gc_generations[0].threshold = t > 0 ? size_t(t) : SIZE_MAX;
  vm.gc_generations[1].threshold = 10;
  vm.gc_generations[2].threshold = 10;
  if (const char* d = std::getenv("KILN_GC_DEBUG")) vm.gc_debug = std::strstr(d, "stats") ? 2 : 1;
}

void gc_track_new(VM& vm, Object* o) {
  if (o->kind == ObjKind::Type) static_cast<TypeObject*>(o)->vm = &vm;
  auto& g0 = vm.gc_generations[0];
  // Collect before linking: the new object, possibly not fully built yet,
  // takes no part. Every other live Value is counted, so this is safe.
  if (++g0.count > g0.threshold && !vm.gc_collecting) {
    collect_automatic(vm);
    g0.count = 1;
  }
  list_append(o, &g0.head);
}

size_t gc_tracked_count(VM& vm) {
  size_t n = 0;
  for (auto& g : vm.gc_generations) n += list_size(&g.head);
  return n;
}

size_t gc_collect_generation(VM& vm, int generation) {
  if (generation < 0) generation = 0;
  if (generation > kOldest) generation = kOldest;
  return collect(vm, generation);
}

void VM::collect_cycles() { gc_collect_all(*this); }

void gc_free_everything(VM& vm) {
  gc_collect_all(vm);
  vm.gc_collecting = true;  // nothing below may start a collection
  auto& gens = vm.gc_generations;
  Object* head = &gens[kOldest].head;
  for (int i = 0; i < kOldest; ++i) list_merge(&gens[i].head, head);
  std::vector<Object*> all;
  for (Object* o = head->gc_next; o != head; o = o->gc_next) all.push_back(o);
  for (Object* o : all) Value::incref(o);
  // Clearing the tracked objects also frees every untracked object that only
  // they referenced (strings, ints, untracked tuples, ...).
  for (Object* o : all) object_clear(o);
  // `type` is its own class: drop that self-reference, which no traversal
  // sees (classes do not visit builtin classes), or it would outlive the VM.
  if (TypeObject* tt = vm.types.type; tt && tt->type == tt) {
    tt->type = nullptr;
    Value::decref(tt);
  }
  // The VM owns one reference to each builtin class (vm.types, exc_type).
#define TYPE(field, pyname, kind, base) Value::decref(vm.types.field);
#include "vm/builtin_types.def"
#undef TYPE
  for (size_t i = 0; i < size_t(Exc::Count_); ++i) Value::decref(vm.exc_type(Exc(i)));
  // Each object dies when its own extra reference goes (or later, when the
  // last object holding its class does).
  for (Object* o : all) Value::decref(o);
  // Anything left is still referenced from outside the VM's objects (a Value
  // leaked by C++ code): free the memory anyway; the VM is gone.
  for (int i = 0; i < kOldest; ++i) list_merge(&gens[i].head, head);
  size_t leaked = list_size(head);
  if (leaked && vm.gc_debug) {
    std::fprintf(stderr, "kiln: %zu objects still referenced from outside at VM teardown:", leaked);
    size_t shown = 0;
    for (Object* o = head->gc_next; o != head && shown < 400; o = o->gc_next, ++shown) {
      const char* tn = o->type && o->type->name.is_object() ? o->type->name.as<StrObject>()->data : "?";
      std::fprintf(stderr, " %s:%s(rc=%u)", obj_kind_name(o->kind), tn, o->refcount);
    }
    std::fprintf(stderr, "\n");
  }
  while (head->gc_next != head) object_force_free(head->gc_next);
  for (auto& g : gens) g.count = 0;
}

}  // namespace kiln::vm
