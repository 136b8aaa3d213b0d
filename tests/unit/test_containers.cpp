// tests/unit/test_containers.cpp — list, tuple, set/frozenset, range, slice,
// sort and the builtin iterators (vm/list.h ... vm/iterators.h). Expected
// values (reprs, hashes, set orders, sort results with NaNs, error messages)
// were produced by CPython 3.11.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/iterators.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/range.h"
#include "vm/set.h"
#include "vm/slice.h"
#include "vm/sort.h"
#include "vm/tuple.h"
#include "vm/vm.h"

namespace kiln::vm {
namespace {

class ContainersTest : public ::testing::Test {
 protected:
  Options opts_;
  VM vm{opts_};

  Value I(int64_t i) { return make_int(vm, i); }
  Value F(double d) { return Value::from_double(d); }
  Value S(std::string_view s) { return make_str(vm, s); }
  Value L(std::initializer_list<Value> items) { return list_from_array(vm, items.begin(), items.size()); }
  Value T(std::initializer_list<Value> items) { return tuple_from_array(vm, items.begin(), items.size()); }
  Value ints(std::initializer_list<int64_t> xs) {
    Value l = list_new(vm);
    for (int64_t x : xs) list_append(as_list(l), I(x));
    return l;
  }
  std::string r(const Value& v) {
    if (!v) {
      std::string e = vm.has_exception() ? error() : "<empty>";
      ADD_FAILURE() << "expected a value, got " << e;
      return e;
    }
    Value s = repr(vm, v);
    if (!s) return "<repr failed: " + error() + ">";
    return std::string(str_view(s));
  }
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
  Value slice(Value a, Value b, Value c) { return slice_new(vm, a, b, c); }
  Value N() { return Value::none(); }
};

// ------------------------------------------------------------ list
TEST_F(ContainersTest, ListIndexingAndSlicing) {
  Value l = ints({5, 3, 8, 1, 9, 2});
  auto* lo = as_list(l);
  EXPECT_EQ(r(list_getitem_index(vm, lo, -2)), "9");
  EXPECT_FALSE(list_getitem_index(vm, lo, 6));
  EXPECT_EQ(error(), "IndexError: list index out of range");
  EXPECT_EQ(r(getitem(vm, l, slice(I(1), I(4), N()))), "[3, 8, 1]");
  EXPECT_EQ(r(getitem(vm, l, slice(N(), N(), I(-1)))), "[2, 9, 1, 8, 3, 5]");
  EXPECT_EQ(r(getitem(vm, l, slice(I(1), I(-1), I(2)))), "[3, 1]");
  EXPECT_EQ(r(getitem(vm, l, slice(I(-100), I(2), N()))), "[5, 3]");
  EXPECT_FALSE(getitem(vm, l, S("a")));
  EXPECT_EQ(error(), "TypeError: list indices must be integers or slices, not str");
  EXPECT_FALSE(getitem(vm, l, slice(N(), N(), I(0))));
  EXPECT_EQ(error(), "ValueError: slice step cannot be zero");

  ASSERT_TRUE(setitem(vm, l, slice(I(1), I(3), N()), ints({7, 7, 7})));
  EXPECT_EQ(r(l), "[5, 7, 7, 7, 1, 9, 2]");
  ASSERT_TRUE(setitem(vm, l, slice(I(5), I(2), N()), ints({0})));  // inserts before 5
  EXPECT_EQ(r(l), "[5, 7, 7, 7, 1, 0, 9, 2]");
  ASSERT_TRUE(setitem(vm, l, slice(N(), N(), I(-3)), ints({10, 20, 30})));
  EXPECT_EQ(r(l), "[5, 30, 7, 7, 20, 0, 9, 10]");
  EXPECT_FALSE(setitem(vm, l, slice(N(), N(), I(2)), ints({1})));
  EXPECT_EQ(error(), "ValueError: attempt to assign sequence of size 1 to extended slice of size 4");
  EXPECT_FALSE(setitem(vm, l, slice(I(0), I(1), N()), I(1)));
  EXPECT_EQ(error(), "TypeError: can only assign an iterable");
  EXPECT_FALSE(setitem(vm, l, slice(N(), N(), I(2)), I(1)));
  EXPECT_EQ(error(), "TypeError: must assign iterable to extended slice");
  ASSERT_TRUE(delitem(vm, l, slice(N(), N(), I(-3))));
  EXPECT_EQ(r(l), "[5, 7, 7, 0, 9]");
  ASSERT_TRUE(delitem(vm, l, I(0)));
  EXPECT_EQ(r(l), "[7, 7, 0, 9]");
  EXPECT_FALSE(delitem(vm, l, I(9)));
  EXPECT_EQ(error(), "IndexError: list assignment index out of range");
  // a[1:2] = a copies first.
  Value m = ints({1, 2, 3});
  ASSERT_TRUE(setitem(vm, m, slice(I(1), I(2), N()), m));
  EXPECT_EQ(r(m), "[1, 1, 2, 3, 3]");
}

TEST_F(ContainersTest, ListOperatorsAndMethods) {
  Value a = ints({1, 2});
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Add, a, ints({3}))), "[1, 2, 3]");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Mult, a, I(2))), "[1, 2, 1, 2]");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Mult, I(0), a)), "[]");
  EXPECT_FALSE(binary_op(vm, BinOpKind::Add, a, T({I(1)})));
  EXPECT_EQ(error(), "TypeError: can only concatenate list (not \"tuple\") to list");
  EXPECT_FALSE(binary_op(vm, BinOpKind::Mult, a, F(1.5)));
  EXPECT_EQ(error(), "TypeError: can't multiply sequence by non-int of type 'float'");
  Value b = inplace_op(vm, BinOpKind::Add, a, T({I(3), I(4)}));
  EXPECT_TRUE(b.is(a));
  EXPECT_EQ(r(a), "[1, 2, 3, 4]");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Lt, ints({1, 2}), ints({1, 3}))), "True");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Lt, ints({1}), ints({1, 0}))), "True");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Eq, ints({1, 2}), ints({1, 2}))), "True");
  EXPECT_FALSE(compare(vm, CmpOpKind::Lt, L({I(1)}), L({S("a")})));
  EXPECT_EQ(error(), "TypeError: '<' not supported between instances of 'int' and 'str'");

  Value l = ints({1, 2, 3});
  call(l, "insert", {I(-1), I(99)});
  call(l, "insert", {I(100), I(100)});
  EXPECT_EQ(r(l), "[1, 2, 99, 3, 100]");
  EXPECT_EQ(r(call(l, "pop")), "100");
  EXPECT_EQ(r(call(l, "pop", {I(0)})), "1");
  EXPECT_EQ(r(call(l, "index", {I(99)})), "1");
  EXPECT_FALSE(call(l, "index", {I(42)}));
  EXPECT_EQ(error(), "ValueError: 42 is not in list");
  EXPECT_FALSE(call(l, "remove", {I(42)}));
  EXPECT_EQ(error(), "ValueError: list.remove(x): x not in list");
  EXPECT_FALSE(call(list_new(vm), "pop"));
  EXPECT_EQ(error(), "IndexError: pop from empty list");
  EXPECT_FALSE(call(l, "pop", {I(7)}));
  EXPECT_EQ(error(), "IndexError: pop index out of range");
  EXPECT_FALSE(call(l, "append"));
  EXPECT_EQ(error(), "TypeError: list.append() takes exactly one argument (0 given)");
  EXPECT_FALSE(call(l, "insert", {I(1)}));
  EXPECT_EQ(error(), "TypeError: insert expected 2 arguments, got 1");
  EXPECT_EQ(r(call(l, "count", {I(2)})), "1");
  call(l, "reverse");
  EXPECT_EQ(r(l), "[3, 99, 2]");
  EXPECT_EQ(r(call(l, "copy")), "[3, 99, 2]");
  call(l, "clear");
  EXPECT_EQ(r(l), "[]");
}

TEST_F(ContainersTest, ListReprRecursion) {
  Value l = ints({1});
  list_append(as_list(l), S("a"));
  list_append(as_list(l), l);
  EXPECT_EQ(r(l), "[1, 'a', [...]]");
  list_clear_refs(as_list(l));
}

// ------------------------------------------------------------ sort
TEST_F(ContainersTest, SortMatchesCPython) {
  Value l = L({F(3.0), F(NAN), F(1.0), F(2.0), F(NAN), F(0.5), F(-1.0)});
  ASSERT_TRUE(list_sort(vm, as_list(l), Value(), false));
  EXPECT_EQ(r(l), "[3.0, nan, -1.0, 1.0, 2.0, nan, 0.5]");
  // Stability with reverse=True.
  Value t = L({T({I(1), S("b")}), T({I(0), S("a")}), T({I(1), S("a")})});
  ASSERT_TRUE(list_sort(vm, as_list(t), Value(), true));
  EXPECT_EQ(r(t), "[(1, 'b'), (1, 'a'), (0, 'a')]");
  // Mixed types fail with CPython's message and keep every item.
  Value m = L({I(1), S("a"), I(0)});
  EXPECT_FALSE(list_sort(vm, as_list(m), Value(), false));
  EXPECT_EQ(error(), "TypeError: '<' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(list_size(as_list(m)), 3u);
  Value s = L({S("b"), S("a"), S("C"), S("\xc3\xa9"), S("")});
  ASSERT_TRUE(list_sort(vm, as_list(s), Value(), false));
  EXPECT_EQ(r(s), "['', 'C', 'a', 'b', '\xc3\xa9']");
}

TEST_F(ContainersTest, SortTupleKeysAsTupleComparison) {
  // Tuples whose first items are all ints, floats, strs, or mixed: the
  // specialised comparison of the first items must give what `<` gives.
  Value ti = L({T({I(2), S("b")}), T({I(1), S("z")}), T({I(2), S("a")}), T({I(1), S("a"), I(0)}), T({I(1), S("a")})});
  ASSERT_TRUE(list_sort(vm, as_list(ti), Value(), false));
  EXPECT_EQ(r(ti), "[(1, 'a'), (1, 'a', 0), (1, 'z'), (2, 'a'), (2, 'b')]");
  Value ts = L({T({S("b"), I(1)}), T({S("a"), I(2)}), T({S("b"), I(0)}), T({S(""), I(9)})});
  ASSERT_TRUE(list_sort(vm, as_list(ts), Value(), true));
  EXPECT_EQ(r(ts), "[('b', 1), ('b', 0), ('a', 2), ('', 9)]");
  Value tf = L({T({F(2.5), I(1)}), T({F(NAN), I(0)}), T({F(-1.0), I(3)}), T({F(2.5), I(0)})});
  ASSERT_TRUE(list_sort(vm, as_list(tf), Value(), false));
  EXPECT_EQ(r(tf), "[(2.5, 1), (nan, 0), (-1.0, 3), (2.5, 0)]");  // as CPython: nan breaks the order
  Value tm = L({T({I(2)}), T({F(1.5)}), T({I(1), I(1)}), T({F(1.0)})});
  ASSERT_TRUE(list_sort(vm, as_list(tm), Value(), false));
  EXPECT_EQ(r(tm), "[(1.0,), (1, 1), (1.5,), (2,)]");
  // Equal first items, incomparable second items: CPython's TypeError.
  Value te = L({T({I(1), S("a")}), T({I(1), I(2)})});
  EXPECT_FALSE(list_sort(vm, as_list(te), Value(), false));
  EXPECT_EQ(error(), "TypeError: '<' not supported between instances of 'int' and 'str'");
}

TEST_F(ContainersTest, SortLargeRandomIsSortedAndStable) {
  // A deterministic LCG: many runs, duplicates and descending stretches.
  uint64_t x = 12345;
  std::vector<int64_t> keys;
  Value l = list_new(vm);
  for (int i = 0; i < 5000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    int64_t k = int64_t((x >> 33) % 100);
    if (i % 500 < 100) k = 1000 - i % 500;  // descending runs
    list_append(as_list(l), T({I(k), I(i)}));
  }
  // Sort by key only (via a key list) and check order and stability.
  std::vector<Value> ks;
  auto& items = as_list(l)->items;
  for (auto& it : items) ks.push_back(as_tuple(it)->items[0]);
  ASSERT_TRUE(timsort(vm, ks.data(), items.data(), items.size()));
  for (size_t i = 1; i < items.size(); ++i) {
    auto* p = as_tuple(items[i - 1]);
    auto* q = as_tuple(items[i]);
    int64_t pk = p->items[0].as_small_int(), qk = q->items[0].as_small_int();
    ASSERT_LE(pk, qk);
    if (pk == qk) ASSERT_LT(p->items[1].as_small_int(), q->items[1].as_small_int());
  }
}

namespace {
Value mutate_key(VM& vm, const CallArgs& a, const Value& data) {
  // Appends to the list being sorted (held in `data`) and returns the item.
  list_append(as_list(data), make_int(vm, 0));
  return a.args[0];
}
}  // namespace

TEST_F(ContainersTest, SortDetectsMutation) {
  Value l = ints({3, 1, 2});
  auto* n = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
  n->fn = mutate_key;
  n->name = "mutate_key";
  n->data = l;
  n->owner = Value::none();
  Value key = Value::steal(n);
  EXPECT_FALSE(list_sort(vm, as_list(l), key, false));
  EXPECT_EQ(error(), "ValueError: list modified during sort");
  EXPECT_EQ(r(l), "[1, 2, 3]");
  as_list(l)->items.clear();
  n->data = Value::none();
}

// ------------------------------------------------------------ tuple
TEST_F(ContainersTest, Tuple) {
  EXPECT_EQ(r(T({})), "()");
  EXPECT_EQ(r(T({I(1)})), "(1,)");
  EXPECT_EQ(r(T({I(1), S("a")})), "(1, 'a')");
  int64_t h;
  ASSERT_TRUE(hash(vm, T({I(1), I(2)}), &h));
  EXPECT_EQ(h, -3550055125485641917);
  ASSERT_TRUE(hash(vm, T({}), &h));
  EXPECT_EQ(h, 5740354900026072187);
  ASSERT_TRUE(hash(vm, T({I(1)}), &h));
  EXPECT_EQ(h, -6644214454873602895);
  EXPECT_FALSE(hash(vm, T({I(1), list_new(vm)}), &h));
  EXPECT_EQ(error(), "TypeError: unhashable type: 'list'");
  Value t = T({I(1), I(2), I(3), I(2)});
  EXPECT_EQ(r(getitem(vm, t, slice(I(1), N(), N()))), "(2, 3, 2)");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Add, t, T({I(4)}))), "(1, 2, 3, 2, 4)");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Mult, T({I(1)}), I(3))), "(1, 1, 1)");
  EXPECT_EQ(r(call(t, "index", {I(2)})), "1");
  EXPECT_EQ(r(call(t, "count", {I(2)})), "2");
  EXPECT_FALSE(call(t, "index", {I(9)}));
  EXPECT_EQ(error(), "ValueError: tuple.index(x): x not in tuple");
  EXPECT_FALSE(getitem(vm, t, I(4)));
  EXPECT_EQ(error(), "IndexError: tuple index out of range");
  EXPECT_FALSE(binary_op(vm, BinOpKind::Add, t, ints({1})));
  EXPECT_EQ(error(), "TypeError: can only concatenate tuple (not \"list\") to tuple");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Gt, T({I(1), I(2)}), T({I(1)}))), "True");
}

// ------------------------------------------------------------ set / frozenset
TEST_F(ContainersTest, SetOrderMatchesCPython) {
  Value s = set_new(vm);
  for (int64_t x : {5, 3, 1000, 2, 17, -1}) ASSERT_TRUE(set_add(vm, as_set(s), I(x)));
  EXPECT_EQ(r(s), "{2, 3, 5, 1000, 17, -1}");
  // A frozenset merged into an empty set (what `{5, 3, 1000, 2, 17, -1}` compiles to).
  Value f = frozenset_from_iterable(vm, ints({5, 3, 1000, 2, 17, -1}));
  Value m = set_new(vm);
  ASSERT_TRUE(set_update(vm, as_set(m), f));
  EXPECT_EQ(r(m), "{17, 2, 3, 5, 1000, -1}");
  Value t = set_new(vm);
  for (int64_t i = 0; i < 20; ++i) ASSERT_TRUE(set_add(vm, as_set(t), I(i * 37 % 101)));
  EXPECT_EQ(r(t), "{0, 3, 10, 13, 20, 23, 30, 37, 40, 47, 50, 57, 60, 67, 74, 77, 84, 87, 94, 97}");
  EXPECT_EQ(set_discard(vm, as_set(t), I(37)), 1);
  EXPECT_EQ(set_discard(vm, as_set(t), I(74)), 1);
  for (int64_t x : {200, 300, 5}) ASSERT_TRUE(set_add(vm, as_set(t), I(x)));
  EXPECT_EQ(r(t), "{0, 3, 5, 10, 13, 20, 23, 30, 40, 300, 47, 50, 57, 60, 67, 200, 77, 84, 87, 94, 97}");
}

TEST_F(ContainersTest, SetAlgebraAndHash) {
  Value a = set_from_iterable(vm, ints({1, 2, 3, 4}));
  Value b = set_from_iterable(vm, ints({3, 4, 5}));
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitOr, a, b)), "{1, 2, 3, 4, 5}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitAnd, a, b)), "{3, 4}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::Sub, a, b)), "{1, 2}");
  EXPECT_EQ(r(binary_op(vm, BinOpKind::BitXor, a, b)), "{1, 2, 5}");
  EXPECT_EQ(r(compare(vm, CmpOpKind::LtE, set_from_iterable(vm, ints({3})), b)), "True");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Lt, b, b)), "False");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Eq, a, frozenset_from_iterable(vm, ints({4, 3, 2, 1})))), "True");
  EXPECT_FALSE(binary_op(vm, BinOpKind::BitOr, a, ints({1})));
  EXPECT_EQ(error(), "TypeError: unsupported operand type(s) for |: 'set' and 'list'");
  int64_t h;
  ASSERT_TRUE(hash(vm, frozenset_from_iterable(vm, ints({1, 2})), &h));
  EXPECT_EQ(h, -1826646154956904602);
  ASSERT_TRUE(hash(vm, frozenset_new(vm), &h));
  EXPECT_EQ(h, 133146708735736);
  ASSERT_TRUE(hash(vm, frozenset_from_iterable(vm, make_range_iterator(vm, 0, 1, 10)), &h));
  EXPECT_EQ(h, 3895031357313128696);
  EXPECT_FALSE(hash(vm, a, &h));
  EXPECT_EQ(error(), "TypeError: unhashable type: 'set'");
  EXPECT_EQ(r(set_new(vm)), "set()");
  EXPECT_EQ(r(frozenset_new(vm)), "frozenset()");
  EXPECT_EQ(r(frozenset_from_iterable(vm, ints({1, 2}))), "frozenset({1, 2})");
  EXPECT_FALSE(set_pop(vm, as_set(set_new(vm))));
  EXPECT_EQ(error(), "KeyError: 'pop from an empty set'");
  EXPECT_FALSE(set_remove(vm, as_set(a), T({I(1), I(2)})));
  EXPECT_EQ(error(), "KeyError: (1, 2)");
  // A set is looked up as a frozenset.
  Value fs = set_new(vm);
  ASSERT_TRUE(set_add(vm, as_set(fs), frozenset_from_iterable(vm, ints({1}))));
  EXPECT_EQ(set_contains(vm, as_set(fs), set_from_iterable(vm, ints({1}))), 1);
  // Iteration guard.
  Value it = get_iter(vm, b);
  ASSERT_TRUE(iter_next(vm, it));
  ASSERT_TRUE(set_add(vm, as_set(b), I(99)));
  EXPECT_FALSE(iter_next(vm, it));
  EXPECT_EQ(error(), "RuntimeError: Set changed size during iteration");
}

// ------------------------------------------------------------ range and slice
TEST_F(ContainersTest, Range) {
  Value r1 = range_new(vm, 10, -10, -3);
  EXPECT_EQ(r(r1), "range(10, -10, -3)");
  EXPECT_EQ(r(list_from_iterable(vm, r1)), "[10, 7, 4, 1, -2, -5, -8]");
  EXPECT_EQ(r(getitem(vm, r1, slice(I(2), I(5), N()))), "range(4, -5, -3)");
  EXPECT_EQ(r(getitem(vm, range_new(vm, 1, 100, 7), slice(N(), N(), I(-2)))), "range(99, -6, -14)");
  EXPECT_EQ(r(getitem(vm, r1, I(-1))), "-8");
  EXPECT_FALSE(getitem(vm, r1, I(7)));
  EXPECT_EQ(error(), "IndexError: range object index out of range");
  EXPECT_EQ(contains(vm, r1, I(4)), 1);
  EXPECT_EQ(contains(vm, r1, I(5)), 0);
  EXPECT_EQ(contains(vm, r1, F(4.0)), 1);
  EXPECT_EQ(r(call(r1, "index", {I(-5)})), "5");
  EXPECT_FALSE(call(r1, "index", {I(0)}));
  EXPECT_EQ(error(), "ValueError: 0 is not in range");
  EXPECT_EQ(r(range_new(vm, 0, 5, 1)), "range(0, 5)");
  EXPECT_EQ(r(compare(vm, CmpOpKind::Eq, range_new(vm, 0, 0, 1), range_new(vm, 5, 5, 2))), "True");
  EXPECT_EQ(r(list_from_iterable(vm, make_reversed(vm, r1))), "[-8, -5, -2, 1, 4, 7, 10]");
  EXPECT_FALSE(range_new(vm, 1, 2, 0));
  EXPECT_EQ(error(), "ValueError: range() arg 3 must not be zero");
  Value args[] = {I(1), I(2), I(3), I(4)};
  EXPECT_FALSE(range_type_call(vm, vm.types.range, CallArgs{args, 4, nullptr}));
  EXPECT_EQ(error(), "TypeError: range expected at most 3 arguments, got 4");
}

TEST_F(ContainersTest, SliceIndices) {
  struct Case {
    Value start, stop, step;
    const char* expect;
    int64_t len;
  };
  Case cases[] = {
      {N(), N(), N(), "(0, 7, 1)", 7},         {I(1), N(), N(), "(1, 7, 1)", 6},
      {I(-3), N(), N(), "(4, 7, 1)", 3},       {N(), I(-1), N(), "(0, 6, 1)", 6},
      {N(), N(), I(-1), "(6, -1, -1)", 7},     {I(5), I(1), I(-2), "(5, 1, -2)", 2},
      {I(-100), I(100), I(3), "(0, 7, 3)", 3}, {I(100), I(-100), I(-3), "(6, -1, -3)", 3},
      {I(2), I(2), N(), "(2, 2, 1)", 0},       {I(0), I(10), I(4), "(0, 7, 4)", 2},
  };
  for (auto& c : cases) {
    Value s = slice(c.start, c.stop, c.step);
    EXPECT_EQ(r(call(s, "indices", {I(7)})), c.expect);
    int64_t start, stop, step, n;
    ASSERT_TRUE(slice_indices(vm, as_slice(s), 7, &start, &stop, &step, &n));
    EXPECT_EQ(n, c.len) << c.expect;
  }
  EXPECT_EQ(r(slice(I(1), I(2), N())), "slice(1, 2, None)");
  EXPECT_FALSE(call(slice(N(), N(), I(0)), "indices", {I(5)}));
  EXPECT_EQ(error(), "ValueError: slice step cannot be zero");
  EXPECT_FALSE(call(slice(I(1), N(), N()), "indices", {I(-1)}));
  EXPECT_EQ(error(), "ValueError: length should not be negative");
  int64_t a, b, c, n;
  EXPECT_FALSE(slice_indices(vm, as_slice(slice(S("x"), N(), N())), 3, &a, &b, &c, &n));
  EXPECT_EQ(error(), "TypeError: slice indices must be integers or None or have an __index__ method");
}

// ------------------------------------------------------------ iterators
TEST_F(ContainersTest, Iterators) {
  EXPECT_EQ(r(list_from_iterable(vm, make_enumerate(vm, ints({5, 6}), 10))), "[(10, 5), (11, 6)]");
  Value zs[] = {ints({1, 2, 3}), T({S("a"), S("b")})};
  EXPECT_EQ(r(list_from_iterable(vm, make_zip(vm, zs, 2, false))), "[(1, 'a'), (2, 'b')]");
  EXPECT_FALSE(list_from_iterable(vm, make_zip(vm, zs, 2, true)));
  EXPECT_EQ(error(), "ValueError: zip() argument 2 is shorter than argument 1");
  Value zl[] = {ints({1}), ints({1}), ints({1, 2})};
  EXPECT_FALSE(list_from_iterable(vm, make_zip(vm, zl, 3, true)));
  EXPECT_EQ(error(), "ValueError: zip() argument 3 is longer than arguments 1-2");
  EXPECT_EQ(r(list_from_iterable(vm, make_filter(vm, N(), L({I(0), I(1), S(""), S("a")})))), "[1, 'a']");
  EXPECT_EQ(r(list_from_iterable(vm, make_reversed(vm, T({I(1), I(2)})))), "[2, 1]");
  EXPECT_EQ(r(list_from_iterable(vm, make_reversed(vm, ints({1, 2, 3})))), "[3, 2, 1]");
  EXPECT_FALSE(make_reversed(vm, set_new(vm)));
  EXPECT_EQ(error(), "TypeError: 'set' object is not reversible");
  EXPECT_FALSE(make_enumerate(vm, I(1), 0));
  EXPECT_EQ(error(), "TypeError: 'int' object is not iterable");
  // An exhausted list iterator stays exhausted when the list grows.
  Value l = ints({1});
  Value it = get_iter(vm, l);
  EXPECT_EQ(r(iter_next(vm, it)), "1");
  EXPECT_FALSE(iter_next(vm, it));
  EXPECT_FALSE(vm.has_exception());
  list_append(as_list(l), I(2));
  EXPECT_FALSE(iter_next(vm, it));
  std::string rep = r(it);
  EXPECT_EQ(rep.rfind("<list_iterator object at 0x", 0), 0u) << rep;
}

}  // namespace
}  // namespace kiln::vm
