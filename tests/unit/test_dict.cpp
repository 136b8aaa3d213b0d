// tests/unit/test_dict.cpp — the dict (vm/dict.h): ordering, growth and
// deletion, str fast paths and versions for inline caches, errors, merging,
// views and iteration. Expected reprs and messages are CPython 3.11's.
#include <gtest/gtest.h>

#include <string>

#include "kiln/kiln.h"
#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/iterators.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/set.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/vm.h"

namespace kiln::vm {
namespace {

class DictTest : public ::testing::Test {
 protected:
  Options opts_;
  VM vm{opts_};

  Value I(int64_t i) { return make_int(vm, i); }
  Value S(std::string_view s) { return make_str(vm, s); }
  std::string r(const Value& v) {
    Value s = repr(vm, v);
    EXPECT_TRUE(s) << "repr failed";
    if (!s) {
      vm.clear_exception();
      return "<error>";
    }
    return std::string(str_view(s));
  }
  // "TypeError: unhashable type: 'list'" for the pending exception (cleared).
  std::string error() {
    EXPECT_TRUE(vm.has_exception());
    if (!vm.has_exception()) return "<no exception>";
    Value e = vm.take_exception();
    Value m = str(vm, e);
    std::string msg = m ? std::string(str_view(m)) : "<str failed>";
    return std::string(type_name(vm, e)) + ": " + msg;
  }
  Value call(const Value& obj, const char* method, std::initializer_list<Value> args = {}) {
    Value name = vm.intern(method);
    return vm.call_method(obj, name.as<StrObject>(), args.begin(), args.size());
  }
};

TEST_F(DictTest, InsertionOrderAndReplace) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  ASSERT_TRUE(dict_setitem(vm, d, S("b"), I(1)));
  ASSERT_TRUE(dict_setitem(vm, d, S("a"), I(2)));
  ASSERT_TRUE(dict_setitem(vm, d, I(3), S("x")));
  EXPECT_EQ(r(dv), "{'b': 1, 'a': 2, 3: 'x'}");
  ASSERT_TRUE(dict_setitem(vm, d, S("b"), I(10)));  // replacing keeps the position
  EXPECT_EQ(r(dv), "{'b': 10, 'a': 2, 3: 'x'}");
  ASSERT_TRUE(dict_delitem(vm, d, S("b")));
  ASSERT_TRUE(dict_setitem(vm, d, S("b"), I(11)));  // re-inserted: goes last
  EXPECT_EQ(r(dv), "{'a': 2, 3: 'x', 'b': 11}");
  EXPECT_EQ(dict_size(d), 3u);
}

TEST_F(DictTest, NumericKeysUnify) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  ASSERT_TRUE(dict_setitem(vm, d, I(1), S("int")));
  ASSERT_TRUE(dict_setitem(vm, d, Value::from_double(1.0), S("float")));
  ASSERT_TRUE(dict_setitem(vm, d, Value::boolean(true), S("bool")));
  EXPECT_EQ(r(dv), "{1: 'bool'}");  // the first key object is kept, as in CPython
}

TEST_F(DictTest, GrowthDeletionAndLookup) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  for (int64_t i = 0; i < 20000; ++i) ASSERT_TRUE(dict_setitem(vm, d, I(i * 7919), I(i)));
  for (int64_t i = 0; i < 20000; i += 2) ASSERT_TRUE(dict_delitem(vm, d, I(i * 7919)));
  EXPECT_EQ(dict_size(d), 10000u);
  for (int64_t i = 0; i < 20000; ++i) {
    Value v = dict_get(vm, d, I(i * 7919));
    ASSERT_FALSE(vm.has_exception());
    if (i % 2) {
      ASSERT_TRUE(v);
      EXPECT_EQ(v.as_small_int(), i);
    } else {
      EXPECT_FALSE(v);
    }
  }
  // Iteration stays in insertion order across the deletions and resizes.
  size_t pos = 0;
  Value k, v;
  int64_t expect = 1;
  while (dict_next(d, &pos, &k, &v)) {
    EXPECT_EQ(v.as_small_int(), expect);
    expect += 2;
  }
  EXPECT_EQ(expect, 20001);
}

TEST_F(DictTest, StrFastPathsAndVersion) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  Value name = vm.intern("alpha");
  auto* s = name.as<StrObject>();
  EXPECT_EQ(dict_lookup_str_index(d, s), -1);
  uint64_t v0 = d->version;
  ASSERT_TRUE(dict_setitem(vm, d, name, I(1)));
  EXPECT_NE(d->version, v0);
  int64_t ix = dict_lookup_str_index(d, s);
  ASSERT_GE(ix, 0);
  EXPECT_EQ(d->entries[size_t(ix)].value.as_small_int(), 1);
  // Replacing the value keeps the version and the position.
  uint64_t v1 = d->version;
  ASSERT_TRUE(dict_setitem_str(vm, d, s, I(2)));
  EXPECT_EQ(d->version, v1);
  EXPECT_EQ(dict_lookup_str_index(d, s), ix);
  EXPECT_EQ(dict_get_str(d, s).as_small_int(), 2);
  // An equal but distinct str object finds the same entry. Its hash was not
  // computed yet: the lookup computes and caches it (it used to scan every
  // entry instead, which made VM::intern linear in the interned table).
  Value other = make_str(vm, "alpha");
  EXPECT_EQ(other.as<StrObject>()->hash, -1);
  EXPECT_EQ(dict_lookup_str_index(d, other.as<StrObject>()), ix);
  EXPECT_EQ(other.as<StrObject>()->hash, str_hash(s));
  Value absent = make_str(vm, "not a key");
  EXPECT_EQ(dict_lookup_str_index(d, absent.as<StrObject>()), -1);
  // Other keys do not disturb it; deletion bumps the version.
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(dict_setitem(vm, d, I(i), I(i)));
  EXPECT_EQ(dict_get_str(d, s).as_small_int(), 2);
  uint64_t v2 = d->version;
  EXPECT_EQ(dict_delitem_str(vm, d, s), 1);
  EXPECT_NE(d->version, v2);
  EXPECT_EQ(dict_lookup_str_index(d, s), -1);
  EXPECT_EQ(dict_delitem_str(vm, d, s), 0);
  EXPECT_FALSE(vm.has_exception());
}

TEST_F(DictTest, Errors) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  EXPECT_FALSE(dict_setitem(vm, d, list_new(vm), I(1)));
  EXPECT_EQ(error(), "TypeError: unhashable type: 'list'");
  EXPECT_FALSE(dict_getitem(vm, d, S("missing")));
  EXPECT_EQ(error(), "KeyError: 'missing'");
  EXPECT_FALSE(dict_getitem(vm, d, tuple_pack(vm, {I(1), I(2)})));
  EXPECT_EQ(error(), "KeyError: (1, 2)");
  EXPECT_FALSE(call(dv, "popitem"));
  EXPECT_EQ(error(), "KeyError: 'popitem(): dictionary is empty'");
  EXPECT_FALSE(call(dv, "get"));
  EXPECT_EQ(error(), "TypeError: get expected at least 1 argument, got 0");
  EXPECT_FALSE(call(dv, "keys", {I(1)}));
  EXPECT_EQ(error(), "TypeError: dict.keys() takes no arguments (1 given)");
  Value bad = list_from_array(vm, std::initializer_list<Value>{tuple_pack(vm, {I(1), I(2), I(3)})}.begin(), 1);
  EXPECT_FALSE(dict_update(vm, d, bad));
  EXPECT_EQ(error(), "ValueError: dictionary update sequence element #0 has length 3; 2 is required");
  Value bad2 = list_from_array(vm, std::initializer_list<Value>{I(5)}.begin(), 1);
  EXPECT_FALSE(dict_update(vm, d, bad2));
  EXPECT_EQ(error(), "TypeError: cannot convert dictionary update sequence element #0 to a sequence");
  EXPECT_FALSE(dict_merge(vm, d, I(3), 1));
  EXPECT_EQ(error(), "TypeError: 'int' object is not a mapping");
}

TEST_F(DictTest, MethodsAndMerge) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  Value pairs = list_new(vm);
  list_append(as_list(pairs), tuple_pack(vm, {S("x"), I(1)}));
  list_append(as_list(pairs), list_from_array(vm, std::initializer_list<Value>{S("y"), I(2)}.begin(), 2));
  ASSERT_TRUE(dict_update(vm, d, pairs));
  EXPECT_EQ(r(dv), "{'x': 1, 'y': 2}");
  EXPECT_EQ(r(dict_setdefault(vm, d, S("z"), I(3))), "3");
  EXPECT_EQ(r(dict_setdefault(vm, d, S("x"), I(9))), "1");
  EXPECT_EQ(r(call(dv, "popitem")), "('z', 3)");
  EXPECT_EQ(r(call(dv, "pop", {S("q"), S("dflt")})), "'dflt'");
  EXPECT_EQ(r(call(dv, "get", {S("y")})), "2");
  Value c = dict_copy(vm, d);
  EXPECT_EQ(r(c), "{'x': 1, 'y': 2}");
  Value other = dict_new(vm);
  ASSERT_TRUE(dict_setitem(vm, as_dict(other), S("y"), I(20)));
  ASSERT_TRUE(dict_setitem(vm, as_dict(other), S("w"), I(30)));
  ASSERT_TRUE(dict_merge(vm, as_dict(c), other, 0));  // keep existing
  EXPECT_EQ(r(c), "{'x': 1, 'y': 2, 'w': 30}");
  EXPECT_FALSE(dict_merge(vm, as_dict(c), other, 2));  // duplicates are errors
  EXPECT_EQ(error(), "KeyError: 'y'");
  Value u = binary_op(vm, BinOpKind::BitOr, dv, other);
  EXPECT_EQ(r(u), "{'x': 1, 'y': 20, 'w': 30}");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Eq, dv, dict_copy(vm, d))), "True");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Eq, dv, other)), "False");
  dict_clear(d);
  EXPECT_EQ(r(dv), "{}");
}

TEST_F(DictTest, ReprRecursion) {
  Value dv = dict_new(vm);
  ASSERT_TRUE(dict_setitem(vm, as_dict(dv), I(1), dv));
  EXPECT_EQ(r(dv), "{1: {...}}");
  dict_clear(as_dict(dv));  // break the cycle
}

TEST_F(DictTest, Views) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  for (int i = 1; i <= 3; ++i) ASSERT_TRUE(dict_setitem(vm, d, I(i), I(i * i)));
  Value keys = call(dv, "keys"), values = call(dv, "values"), items = call(dv, "items");
  EXPECT_EQ(r(keys), "dict_keys([1, 2, 3])");
  EXPECT_EQ(r(values), "dict_values([1, 4, 9])");
  EXPECT_EQ(r(items), "dict_items([(1, 1), (2, 4), (3, 9)])");
  EXPECT_EQ(contains(vm, keys, I(2)), 1);
  EXPECT_EQ(contains(vm, values, I(4)), 1);
  EXPECT_EQ(contains(vm, items, tuple_pack(vm, {I(2), I(4)})), 1);
  EXPECT_EQ(contains(vm, items, tuple_pack(vm, {I(2), I(5)})), 0);
  int64_t n;
  ASSERT_TRUE(length(vm, keys, &n));
  EXPECT_EQ(n, 3);
  Value other = set_new(vm);
  set_add(vm, as_set(other), I(3));
  set_add(vm, as_set(other), I(4));
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitAnd, keys, other)), "{3}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitOr, keys, other)), "{1, 2, 3, 4}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Sub, keys, other)), "{1, 2}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitXor, keys, other)), "{1, 2, 4}");
  // Views see later changes.
  ASSERT_TRUE(dict_setitem(vm, d, I(4), I(16)));
  EXPECT_EQ(r(keys), "dict_keys([1, 2, 3, 4])");
}

TEST_F(DictTest, IterationGuards) {
  Value dv = dict_new(vm);
  auto* d = as_dict(dv);
  ASSERT_TRUE(dict_setitem(vm, d, I(1), I(1)));
  Value it = get_iter(vm, dv);
  ASSERT_TRUE(it);
  Value first = iter_next(vm, it);
  EXPECT_EQ(r(first), "1");
  ASSERT_TRUE(dict_setitem(vm, d, I(2), I(2)));
  EXPECT_FALSE(iter_next(vm, it));
  EXPECT_EQ(error(), "RuntimeError: dictionary changed size during iteration");
  // Items iterate as tuples; reversed() walks backwards.
  Value items = list_from_iterable(vm, make_dict_iterator(vm, dv, DictIterKind::Items));
  EXPECT_EQ(r(items), "[(1, 1), (2, 2)]");
  Value rev = list_from_iterable(vm, make_reversed(vm, dv));
  EXPECT_EQ(r(rev), "[2, 1]");
}

TEST_F(DictTest, FromkeysAndTypeCall) {
  Value cls = Value::borrow(vm.types.dict);
  Value src = list_from_array(vm, std::initializer_list<Value>{S("a"), S("b")}.begin(), 2);
  EXPECT_EQ(r(call(cls, "fromkeys", {src, I(0)})), "{'a': 0, 'b': 0}");
  Value kwnames = tuple_pack(vm, {vm.intern("k")});
  Value kwvalues[] = {I(5)};
  Value d = dict_type_call(vm, vm.types.dict, CallArgs{kwvalues, 0, as_tuple(kwnames)});
  ASSERT_TRUE(d);
  EXPECT_EQ(r(d), "{'k': 5}");
  Value args[] = {src, I(5)};
  Value d2 = dict_type_call(vm, vm.types.dict, CallArgs{args, 2, nullptr});
  EXPECT_FALSE(d2);
  EXPECT_EQ(error(), "TypeError: dict expected at most 1 argument, got 2");
}

}  // namespace
}  // namespace kiln::vm
