// Unit tests of object lifetime (vm/object.cpp) and the cycle collector
// (vm/gc.cpp): reference cycles of lists, dicts and class instances are
// freed, reachable objects survive, deep structures die without exhausting
// the C++ stack, atomic objects (str, int, range, ...) are never tracked,
// tuples of atomic values are untracked by a collection, collections are
// triggered by net new containers only and stay linear with many long-lived
// objects, and a VM's teardown frees everything, tracked or not.

#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "vm/dict.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/range.h"
#include "vm/slice.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

// Tracked objects (what the collector can see).
size_t count_objects(VM& vm) { return gc_tracked_count(vm); }

// An atomic object whose death the test can observe: an OpaqueObject whose
// destroy hook counts.
Value make_probe(VM& vm, int* deaths) {
  auto* o = object_new<OpaqueObject>(vm, ObjKind::Opaque, vm.types.object);
  o->payload = deaths;
  o->destroy = [](void* p) { ++*static_cast<int*>(p); };
  return Value::steal(o);
}

bool tracked(const Value& v) { return v.is_object() && gc_is_tracked(v.as_object()); }

class GcTest : public ::testing::Test {
 protected:
  GcTest() {
    options.gc_threshold = 0;  // collections only when the test asks
  }
  kiln::Options options;
  VM vm{options};
};

TEST_F(GcTest, RefcountingFreesAcyclicObjectsImmediately) {
  size_t before = count_objects(vm);
  int deaths = 0;
  {
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(make_str(vm, "a fresh string not interned"));
    l.as<ListObject>()->items.push_back(make_probe(vm, &deaths));
    EXPECT_EQ(count_objects(vm), before + 1);  // the list; str and probe are atomic
  }
  EXPECT_EQ(count_objects(vm), before);
  EXPECT_EQ(deaths, 1);
}

TEST_F(GcTest, AtomicObjectsAreNotTracked) {
  EXPECT_FALSE(tracked(make_str(vm, "text")));
  EXPECT_FALSE(tracked(vm.intern("interned")));
  Value big = make_int(vm, int64_t(1) << 60);
  ASSERT_TRUE(big.is_object());  // a boxed int
  EXPECT_FALSE(tracked(big));
  EXPECT_FALSE(tracked(range_new(vm, 0, 10, 1)));
  int deaths = 0;
  EXPECT_FALSE(tracked(make_probe(vm, &deaths)));
  EXPECT_EQ(deaths, 1);
  // Containers and everything else that can hold a reference are tracked.
  EXPECT_TRUE(tracked(list_new(vm, 0)));
  EXPECT_TRUE(tracked(dict_new(vm)));
  EXPECT_TRUE(tracked(tuple_new(vm, 2)));
  EXPECT_TRUE(tracked(Value::borrow(vm.types.str)));
  Value ns = dict_new(vm);
  Value b = Value::borrow(vm.types.object);
  Value cls = type_new(vm, make_str(vm, "C"), &b, 1, ns);
  ASSERT_TRUE(bool(cls));
  EXPECT_TRUE(tracked(vm.call0(cls)));
}

TEST_F(GcTest, CreatingAndDroppingStringsNeverCollects) {
  kiln::Options opts;
  opts.gc_threshold = 10;  // the bootstrap of this VM alone runs many collections
  VM small(opts);
  small.collect_cycles();  // generation 0's count starts from zero
  size_t runs = small.gc_collections;
  for (int i = 0; i < 10000; ++i) {
    Value keep = list_new(small, 0);  // a container that dies at once: net count unchanged
    for (int j = 0; j < 5; ++j) keep.as<ListObject>()->items.push_back(make_str(small, "s"));
  }
  std::vector<Value> strs;
  for (int i = 0; i < 10000; ++i) strs.push_back(make_str(small, "kept"));
  EXPECT_EQ(small.gc_collections, runs);
  // Surviving containers do count.
  std::vector<Value> lists;
  for (int i = 0; i < 100; ++i) lists.push_back(list_new(small, 0));
  EXPECT_GE(small.gc_collections, runs + 5);
}

TEST_F(GcTest, SelfReferencingListIsCollected) {
  vm.collect_cycles();
  size_t before = count_objects(vm);
  {
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(l);
  }
  EXPECT_EQ(count_objects(vm), before + 1);
  vm.collect_cycles();
  EXPECT_EQ(count_objects(vm), before);
}

TEST_F(GcTest, ReachableCyclesSurvive) {
  vm.collect_cycles();
  Value keep = list_new(vm, 0);
  {
    Value d = dict_new(vm);
    dict_setitem(vm, d.as<DictObject>(), make_str(vm, "self"), d);
    keep.as<ListObject>()->items.push_back(d);
  }
  size_t before = count_objects(vm);
  vm.collect_cycles();
  EXPECT_EQ(count_objects(vm), before);
  ASSERT_EQ(keep.as<ListObject>()->items.size(), 1u);
  EXPECT_TRUE(is_kind(keep.as<ListObject>()->items[0], ObjKind::Dict));
}

TEST_F(GcTest, InstanceCyclesThroughAttributesAreCollected) {
  Value ns = dict_new(vm);
  Value b = Value::borrow(vm.types.object);
  Value cls = type_new(vm, make_str(vm, "Node"), &b, 1, ns);
  ASSERT_TRUE(bool(cls));
  StrObject* other = vm.intern("other").as<StrObject>();  // interned for good
  vm.collect_cycles();
  size_t before = count_objects(vm);
  {
    Value a = vm.call0(cls);
    Value c = vm.call0(cls);
    ASSERT_TRUE(setattr(vm, a, other, c));
    ASSERT_TRUE(setattr(vm, c, other, a));
  }
  EXPECT_GT(count_objects(vm), before);
  vm.collect_cycles();
  EXPECT_EQ(count_objects(vm), before);
}

TEST_F(GcTest, YoungCollectionLeavesOldObjectsAlone) {
  Value keep = list_new(vm, 0);
  vm.collect_cycles();  // `keep` is old now
  {
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(l);
  }
  size_t before = count_objects(vm);
  EXPECT_EQ(gc_collect_young(vm), 1u);
  EXPECT_EQ(count_objects(vm), before - 1);
  EXPECT_EQ(keep.as<ListObject>()->refcount, 1u);
}

TEST_F(GcTest, CycleThroughContainersFreesTheAtomicObjectsItHolds) {
  vm.collect_cycles();
  size_t before = count_objects(vm);
  int deaths = 0;
  {
    // list -> dict -> tuple -> list, with strings, an int box and a probe inside.
    Value l = list_new(vm, 0);
    Value d = dict_new(vm);
    Value t = tuple_pack(vm, {l, make_probe(vm, &deaths), make_int(vm, int64_t(1) << 50)});
    dict_setitem(vm, d.as<DictObject>(), make_str(vm, "back"), t);
    l.as<ListObject>()->items.push_back(d);
    l.as<ListObject>()->items.push_back(make_str(vm, "payload"));
    EXPECT_EQ(count_objects(vm), before + 3);
  }
  EXPECT_EQ(deaths, 0);
  EXPECT_EQ(gc_collect_young(vm), 3u);
  EXPECT_EQ(count_objects(vm), before);
  EXPECT_EQ(deaths, 1);
}

TEST_F(GcTest, TuplesOfAtomicValuesAreUntrackedByACollection) {
  Value atoms = tuple_pack(vm, {make_str(vm, "a"), Value::small_int(1), Value::none(), make_int(vm, int64_t(1) << 60)});
  Value holder = tuple_pack(vm, {list_new(vm, 0)});
  Value nested = tuple_pack(vm, {atoms});
  Value unfilled = tuple_new(vm, 2);  // still being built: an Empty slot
  EXPECT_TRUE(tracked(atoms));
  vm.collect_cycles();
  EXPECT_FALSE(tracked(atoms));
  EXPECT_TRUE(tracked(holder));
  EXPECT_TRUE(tracked(unfilled));
  // `nested` came after `atoms` in the list: it saw it untracked already.
  EXPECT_FALSE(tracked(nested));
  // A cycle through an untracked tuple's container still dies.
  {
    Value l = list_new(vm, 0);
    Value t = tuple_pack(vm, {l});
    l.as<ListObject>()->items.push_back(t);
  }
  size_t before = count_objects(vm);
  EXPECT_EQ(gc_collect_young(vm), 2u);
  EXPECT_EQ(count_objects(vm), before - 2);
}

TEST_F(GcTest, SlicesOfAtomicValuesAreUntrackedAndReused) {
  Value a = slice_new(vm, Value::small_int(1), make_int(vm, int64_t(1) << 60), Value::none());
  EXPECT_FALSE(tracked(a));
  Object* first = a.as_object();
  a = Value();  // kept as the VM's cached slice
  Value b = slice_new(vm, Value::none(), Value::small_int(2), Value::none());
  EXPECT_EQ(b.as_object(), first);
  EXPECT_FALSE(tracked(b));
  EXPECT_EQ(b.as<SliceObject>()->refcount, 1u);
  EXPECT_TRUE(b.as<SliceObject>()->start.is_none());
  // A slice holding a container is tracked, and a cycle through it dies.
  vm.collect_cycles();
  size_t before = count_objects(vm);
  {
    Value l = list_new(vm, 0);
    Value s = slice_new(vm, l, Value::none(), Value::none());
    EXPECT_TRUE(tracked(s));
    l.as<ListObject>()->items.push_back(s);
  }
  EXPECT_EQ(count_objects(vm), before + 2);
  vm.collect_cycles();
  EXPECT_EQ(count_objects(vm), before);
}

TEST_F(GcTest, StrSubclassInstancesAreTrackedAndTheirCyclesCollected) {
  Value g = dict_new(vm);
  dict_setitem(vm, g.as<DictObject>(), Value::borrow(vm.names.__builtins__), vm.builtins_dict);
  Value r = exec_source(vm, "class S(str):\n    pass\nS.me = S('x')\nok = type(S.me) is S\n", "<gc test>", g);
  ASSERT_TRUE(bool(r)) << "exec failed";
  Value s = dict_get_str(g.as<DictObject>(), vm.intern("S").as<StrObject>());
  ASSERT_TRUE(bool(s));
  Value me = getattr(vm, s, vm.intern("me").as<StrObject>());
  ASSERT_TRUE(bool(me));
  EXPECT_EQ(me.as_object()->kind, ObjKind::Str);
  EXPECT_TRUE(tracked(me));  // it holds its class
  me = Value();
  s = Value();
  dict_delitem(vm, g.as<DictObject>(), vm.intern("S"));
  vm.collect_cycles();
  size_t before = count_objects(vm);
  vm.collect_cycles();
  EXPECT_EQ(count_objects(vm), before);
}

TEST_F(GcTest, DeeplyNestedListsDieWithoutStackOverflow) {
  size_t before = count_objects(vm);
  {
    Value l = list_new(vm, 0);
    for (int i = 0; i < 1000000; ++i) {
      Value outer = list_new(vm, 1);
      outer.as<ListObject>()->items.push_back(std::move(l));
      l = std::move(outer);
    }
  }
  EXPECT_EQ(count_objects(vm), before);
}

TEST(GcLifetime, VmTeardownFreesCycles) {
  // Run under LeakSanitizer: cycles left at teardown must not leak.
  kiln::Options options;
  options.gc_threshold = 0;
  VM vm(options);
  Value l = list_new(vm, 0);
  l.as<ListObject>()->items.push_back(l);
  Value d = dict_new(vm);
  dict_setitem(vm, d.as<DictObject>(), make_str(vm, "k"), d);
}

TEST(GcLifetime, VmTeardownFreesUntrackedObjectsHeldByCyclesAndRoots) {
  int deaths = 0;
  {
    kiln::Options options;
    options.gc_threshold = 0;
    VM vm(options);
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(l);
    l.as<ListObject>()->items.push_back(make_probe(vm, &deaths));
    // An atomic object held by a VM root (a module global of __main__-like dict
    // in sys.modules) and by a class attribute.
    Value d = dict_new(vm);
    dict_setitem(vm, d.as<DictObject>(), make_str(vm, "probe"), make_probe(vm, &deaths));
    dict_setitem(vm, vm.modules.as<DictObject>(), make_str(vm, "fake_module"), d);
    dict_setitem(vm, vm.types.object->dict.as<DictObject>(), make_str(vm, "_probe"), make_probe(vm, &deaths));
    // A tuple untracked by a collection, holding a probe, inside a cycle.
    Value t = tuple_pack(vm, {make_probe(vm, &deaths), make_str(vm, "in a tuple")});
    vm.collect_cycles();
    EXPECT_FALSE(tracked(t));
    l.as<ListObject>()->items.push_back(t);
    EXPECT_EQ(deaths, 0);
  }
  EXPECT_EQ(deaths, 4);
}

TEST(GcLifetime, TwoVmsInOneProcessKeepSeparateGenerations) {
  kiln::Options options;
  options.gc_threshold = 50;
  auto a = std::make_unique<VM>(options);
  auto b = std::make_unique<VM>(options);
  size_t base_b = count_objects(*b);
  std::vector<Value> keep_a, keep_b;
  for (int i = 0; i < 2000; ++i) {
    Value la = list_new(*a, 0);
    la.as<ListObject>()->items.push_back(la);  // garbage cycles in a
    keep_a.push_back(list_new(*a, 0));
    keep_b.push_back(list_new(*b, 0));
    keep_b.back().as<ListObject>()->items.push_back(make_str(*b, "b"));
  }
  EXPECT_EQ(count_objects(*b), base_b + 2000);
  keep_b.clear();
  EXPECT_EQ(count_objects(*b), base_b);
  keep_a.clear();
  a->collect_cycles();
  a.reset();
  b->collect_cycles();
  EXPECT_EQ(count_objects(*b), base_b);
}

TEST(GcLifetime, ManyLongLivedObjectsKeepCollectionsLinear) {
  kiln::Options options;  // the default threshold
  VM vm(options);
  size_t runs = vm.gc_collections;
  Value big = list_new(vm, 0);
  constexpr int kN = 300000;
  for (int i = 0; i < kN; ++i) big.as<ListObject>()->items.push_back(list_new(vm, 0));
  size_t collections = vm.gc_collections - runs;
  // About one young collection per threshold (700) of new containers.
  EXPECT_GE(collections, size_t(kN / 700 / 2));
  EXPECT_LE(collections, size_t(kN / 700 * 2));
  // Full collections are rare: objects promoted into the oldest generation
  // since the last full one must exceed a quarter of it, so the sizes grow
  // geometrically and every object is examined a bounded number of times
  // (a collector that walked all old objects at each young collection would
  // examine about kN * kN / 1400 of them).
  EXPECT_LE(vm.gc_examined, size_t(kN) * 8);
}

TEST(GcLifetime, AutomaticCollectionsRunEveryThreshold) {
  kiln::Options options;
  options.gc_threshold = 1000;
  VM vm(options);
  size_t base = count_objects(vm);
  for (int i = 0; i < 100000; ++i) {
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(l);
  }
  // At most one threshold's worth of garbage cycles is left uncollected.
  EXPECT_LT(count_objects(vm), base + 2000);
}

}  // namespace
