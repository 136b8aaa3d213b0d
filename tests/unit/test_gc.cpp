// Unit tests of object lifetime (vm/object.cpp) and the cycle collector
// (vm/gc.cpp): reference cycles of lists, dicts and class instances are
// freed, reachable objects survive, and deep structures die without
// exhausting the C++ stack.

#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "vm/dict.h"
#include "vm/gc.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/type.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

size_t count_objects(VM& vm) {
  size_t n = 0;
  for (Object* o = vm.gc_head.gc_next; o != &vm.gc_head; o = o->gc_next) ++n;
  return n;
}

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
  {
    Value l = list_new(vm, 0);
    l.as<ListObject>()->items.push_back(make_str(vm, "a fresh string not interned"));
    EXPECT_EQ(count_objects(vm), before + 2);
  }
  EXPECT_EQ(count_objects(vm), before);
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
