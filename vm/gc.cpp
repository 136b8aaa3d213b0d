// vm/gc.cpp — the cycle collector (see vm/gc.h for the algorithm).
//
// While a collection runs, each examined object's `gc_prev` link holds its
// working reference count (CPython 3.8+ does the same with _gc_prev); the
// links are rebuilt from the `gc_next` chain before anything is freed.

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "vm/gc.h"

namespace kiln::vm {

namespace {

struct GcState {
  size_t old_total = 0;     // old objects after the last full collection
  size_t old_pending = 0;   // promoted to old since then
};

GcState& state(VM& vm) {
  auto& slot = vm.extension_state["kiln.gc"];
  if (!slot) slot = std::make_shared<GcState>();
  return *static_cast<GcState*>(slot.get());
}

inline uintptr_t& refs_of(Object* o) { return reinterpret_cast<uintptr_t&>(o->gc_prev); }

inline Object* child_in_set(const Value& v) {
  if (!v.is_object()) return nullptr;
  Object* c = v.as_object();
  return (c->gc_flags & kGcInSet) ? c : nullptr;
}

void subtract_ref(Value& child, void*) {
  if (Object* c = child_in_set(child)) --refs_of(c);
}

struct MarkCtx {
  std::vector<Object*> stack;
};
void mark_child(Value& child, void* ctx) {
  Object* c = child_in_set(child);
  if (c && !(c->gc_flags & kGcReachable)) {
    c->gc_flags |= kGcReachable;
    static_cast<MarkCtx*>(ctx)->stack.push_back(c);
  }
}

// Collects the objects after `before` up to the end of the list. Returns the
// number freed; `survivors` receives how many were kept.
size_t collect_from(VM& vm, Object* before, size_t* survivors) {
  Object* head = &vm.gc_head;
  // 1. working counts = reference counts.
  for (Object* o = before->gc_next; o != head; o = o->gc_next) {
    o->gc_flags = (o->gc_flags & ~kGcReachable) | kGcInSet;
  }
  // gc_prev is overwritten from here on; iterate with gc_next only.
  for (Object* o = before->gc_next; o != head; o = o->gc_next) refs_of(o) = o->refcount;
  // 2. remove references that come from inside the set.
  for (Object* o = before->gc_next; o != head; o = o->gc_next) object_traverse(o, subtract_ref, nullptr);
  // 3. whatever is still referenced from outside is reachable, and so is
  //    everything it reaches.
  MarkCtx mc;
  for (Object* o = before->gc_next; o != head; o = o->gc_next) {
    if (refs_of(o) > 0 && !(o->gc_flags & kGcReachable)) {
      o->gc_flags |= kGcReachable;
      mc.stack.push_back(o);
      while (!mc.stack.empty()) {
        Object* x = mc.stack.back();
        mc.stack.pop_back();
        object_traverse(x, mark_child, &mc);
      }
    }
  }
  // 4. rebuild the prev links; collect the garbage; survivors become old.
  std::vector<Object*> garbage;
  size_t kept = 0;
  Object* prev = before;
  for (Object* o = before->gc_next; o != head; o = o->gc_next) {
    o->gc_prev = prev;
    prev = o;
    if (o->gc_flags & kGcReachable) {
      ++kept;
    } else {
      garbage.push_back(o);
    }
    o->gc_flags &= uint8_t(~(kGcInSet | kGcReachable | kGcYoung));
  }
  head->gc_prev = prev;
  if (survivors) *survivors = kept;
  if (garbage.empty()) return 0;
  // 5. break the cycles. The extra references keep every garbage object
  //    alive until all are cleared, so no destructor sees a half-cleared peer.
  for (Object* o : garbage) Value::incref(o);
  for (Object* o : garbage) object_clear(o);
  for (Object* o : garbage) Value::decref(o);
  return garbage.size();
}

}  // namespace

size_t gc_collect_all(VM& vm) {
  vm.allocs_since_collect = 0;
  size_t kept = 0;
  size_t freed = collect_from(vm, &vm.gc_head, &kept);
  GcState& st = state(vm);
  st.old_total = kept;
  st.old_pending = 0;
  vm.live_objects = kept;
  return freed;
}

size_t gc_collect_young(VM& vm) {
  vm.allocs_since_collect = 0;
  GcState& st = state(vm);
  if (st.old_pending > st.old_total / 4 + 1000) return gc_collect_all(vm);
  // Young objects form the tail of the list: walk back to the last old one.
  Object* head = &vm.gc_head;
  Object* before = head->gc_prev;
  while (before != head && (before->gc_flags & kGcYoung)) before = before->gc_prev;
  size_t kept = 0;
  size_t freed = collect_from(vm, before, &kept);
  st.old_pending += kept;
  vm.live_objects = st.old_total + st.old_pending;
  return freed;
}

void VM::collect_cycles() { gc_collect_all(*this); }

void gc_free_everything(VM& vm) {
  gc_collect_all(vm);
  Object* head = &vm.gc_head;
  std::vector<Object*> all;
  for (Object* o = head->gc_next; o != head; o = o->gc_next) all.push_back(o);
  for (Object* o : all) Value::incref(o);
  for (Object* o : all) object_clear(o);
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
  size_t leaked = 0;
  for (Object* o = head->gc_next; o != head; o = o->gc_next) ++leaked;
  if (leaked && std::getenv("KILN_GC_DEBUG")) {
    std::fprintf(stderr, "kiln: %zu objects still referenced from outside at VM teardown:", leaked);
    size_t shown = 0;
    for (Object* o = head->gc_next; o != head && shown < 400; o = o->gc_next, ++shown) {
      const char* tn = o->type && o->type->name.is_object() ? o->type->name.as<StrObject>()->data : "?";
      std::fprintf(stderr, " %s:%s(rc=%u)", obj_kind_name(o->kind), tn, o->refcount);
    }
    std::fprintf(stderr, "\n");
  }
  while (head->gc_next != head) object_force_free(head->gc_next);
  vm.live_objects = 0;
}

}  // namespace kiln::vm
