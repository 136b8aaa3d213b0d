// Unit tests of the object protocol (vm/ops.cpp), classes (vm/type.cpp),
// exceptions (vm/exception.cpp) and argument parsing (vm/args.cpp), driven
// from C++ on a bare VM (no interpreter involved).

#include <gtest/gtest.h>

#include <string>

#include "kiln/kiln.h"
#include "vm/args.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

class OpsTest : public ::testing::Test {
 protected:
  kiln::Options options;
  VM vm{options};

  Value S(const char* s) { return make_str(vm, s); }
  Value I(int64_t i) { return make_int(vm, i); }
  std::string R(const Value& v) {
    Value r = repr(vm, v);
    EXPECT_TRUE(bool(r)) << pending();
    return r ? std::string(str_view(r)) : std::string("<error>");
  }
  // The pending exception as "Type: message", cleared.
  std::string pending() {
    if (!vm.has_exception()) return "<none>";
    Value e = vm.take_exception();
    return exception_summary(vm, e);
  }
  Value list_of(std::initializer_list<Value> items) {
    Value l = list_new(vm, 0);
    for (const Value& v : items) l.as<ListObject>()->items.push_back(v);
    return l;
  }
  // A user class `name` deriving from `base` with the given methods/attributes.
  Value make_class(const char* name, TypeObject* base, std::initializer_list<std::pair<const char*, Value>> attrs) {
    Value ns = dict_new(vm);
    dict_setitem(vm, ns.as<DictObject>(), vm.intern("__module__"), S("__main__"));
    for (auto& [k, v] : attrs) dict_setitem(vm, ns.as<DictObject>(), vm.intern(k), v);
    Value b = Value::borrow(base);
    Value cls = type_new(vm, S(name), &b, 1, ns);
    EXPECT_TRUE(bool(cls)) << pending();
    return cls;
  }
};

TEST_F(OpsTest, SmallIntArithmeticAndOverflowToBoxed) {
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Add, I(2), I(3))), "5");
  Value big = binary_op(vm, BinOpKind::Mult, I(int64_t(1) << 40), I(1 << 20));
  EXPECT_EQ(R(big), "1152921504606846976");
  EXPECT_TRUE(is_kind(big, ObjKind::Int));
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Sub, I(-5), I(7))), "-12");
}

TEST_F(OpsTest, FloatsAndMixedNumbers) {
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Add, Value::from_double(0.1), Value::from_double(0.2))),
            "0.30000000000000004");
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Div, I(1), I(4))), "0.25");
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Add, Value::boolean(true), Value::boolean(true))), "2");
}

TEST_F(OpsTest, UnsupportedOperandMessages) {
  EXPECT_FALSE(binary_op(vm, BinOpKind::Add, I(1), S("a")));
  EXPECT_EQ(pending(), "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  EXPECT_FALSE(inplace_op(vm, BinOpKind::Sub, list_of({}), I(1)));
  EXPECT_EQ(pending(), "TypeError: unsupported operand type(s) for -=: 'list' and 'int'");
  EXPECT_FALSE(binary_op(vm, BinOpKind::Pow, S("a"), I(2)));
  EXPECT_EQ(pending(), "TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'int'");
  EXPECT_FALSE(binary_op(vm, BinOpKind::Add, Value::none(), I(1)));
  EXPECT_EQ(pending(), "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'");
  EXPECT_FALSE(unary_op(vm, UnaryOpKind::USub, S("x")));
  EXPECT_EQ(pending(), "TypeError: bad operand type for unary -: 'str'");
}

TEST_F(OpsTest, SequenceOperatorsThroughSlots) {
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Add, S("ab"), S("cd"))), "'abcd'");
  EXPECT_EQ(R(binary_op(vm, BinOpKind::Mult, I(3), list_of({I(1)}))), "[1, 1, 1]");
  Value l = list_of({I(1)});
  Value r = inplace_op(vm, BinOpKind::Add, l, list_of({I(2)}));
  EXPECT_TRUE(r.is(l)) << "list += extends in place";
  EXPECT_EQ(R(l), "[1, 2]");
}

TEST_F(OpsTest, ComparisonsAndEquality) {
  EXPECT_TRUE(compare(vm, CmpOpKind::Lt, I(1), Value::from_double(1.5)).is_true());
  EXPECT_EQ(equals(vm, I(1), Value::from_double(1.0)), 1);
  EXPECT_EQ(equals(vm, S("a"), S("a")), 1);
  EXPECT_EQ(equals(vm, Value::none(), I(0)), 0);
  EXPECT_TRUE(compare(vm, CmpOpKind::NotEq, Value::none(), I(0)).is_true());
  EXPECT_FALSE(compare(vm, CmpOpKind::Lt, list_of({}), I(3)));
  EXPECT_EQ(pending(), "TypeError: '<' not supported between instances of 'list' and 'int'");
  EXPECT_EQ(less_than(vm, S("abc"), S("abd")), 1);
  EXPECT_TRUE(compare(vm, CmpOpKind::In, I(2), list_of({I(1), I(2)})).is_true());
  EXPECT_TRUE(compare(vm, CmpOpKind::NotIn, S("z"), S("abc")).is_true());
}

TEST_F(OpsTest, HashMatchesCPython) {
  int64_t h;
  ASSERT_TRUE(hash(vm, I(-1), &h));
  EXPECT_EQ(h, -2);
  ASSERT_TRUE(hash(vm, Value::from_double(1.0), &h));
  EXPECT_EQ(h, 1);
  ASSERT_TRUE(hash(vm, Value::boolean(true), &h));
  EXPECT_EQ(h, 1);
  EXPECT_FALSE(hash(vm, list_of({}), &h));
  EXPECT_EQ(pending(), "TypeError: unhashable type: 'list'");
}

TEST_F(OpsTest, ReprOfImmediates) {
  EXPECT_EQ(R(Value::none()), "None");
  EXPECT_EQ(R(Value::boolean(false)), "False");
  EXPECT_EQ(R(Value::from_double(1e16)), "1e+16");
  EXPECT_EQ(R(Value::ellipsis()), "Ellipsis");
  EXPECT_EQ(R(Value::not_implemented()), "NotImplemented");
  EXPECT_EQ(R(Value::borrow(vm.types.int_)), "<class 'int'>");
}

TEST_F(OpsTest, ContainersAndIteration) {
  Value l = list_of({I(10), I(20), I(30)});
  EXPECT_EQ(R(getitem(vm, l, I(-1))), "30");
  EXPECT_FALSE(getitem(vm, l, I(3)));
  EXPECT_EQ(pending(), "IndexError: list index out of range");
  int64_t n;
  ASSERT_TRUE(length(vm, l, &n));
  EXPECT_EQ(n, 3);
  EXPECT_FALSE(length(vm, I(5), &n));
  EXPECT_EQ(pending(), "TypeError: object of type 'int' has no len()");
  EXPECT_FALSE(get_iter(vm, I(5)));
  EXPECT_EQ(pending(), "TypeError: 'int' object is not iterable");
  EXPECT_FALSE(getitem(vm, I(5), I(0)));
  EXPECT_EQ(pending(), "TypeError: 'int' object is not subscriptable");
  Value it = get_iter(vm, l);
  int64_t sum = 0;
  for (Value x; (x = iter_next(vm, it));) sum += x.as_small_int();
  EXPECT_FALSE(vm.has_exception());
  EXPECT_EQ(sum, 60);
  EXPECT_FALSE(setitem(vm, tuple_pack(vm, {I(1)}), I(0), I(2)));
  EXPECT_EQ(pending(), "TypeError: 'tuple' object does not support item assignment");
  Value t = sequence_to_tuple(vm, l);
  EXPECT_EQ(R(t), "(10, 20, 30)");
}

TEST_F(OpsTest, AttributeErrors) {
  EXPECT_FALSE(getattr(vm, I(1), vm.intern("nope").as<StrObject>()));
  EXPECT_EQ(pending(), "AttributeError: 'int' object has no attribute 'nope'");
  Value cls = make_class("A", vm.types.object, {});
  EXPECT_FALSE(getattr(vm, cls, vm.intern("x").as<StrObject>()));
  EXPECT_EQ(pending(), "AttributeError: type object 'A' has no attribute 'x'");
  EXPECT_FALSE(setattr(vm, I(1), vm.intern("x").as<StrObject>(), I(2)));
  EXPECT_EQ(pending(), "AttributeError: 'int' object has no attribute 'x'");
  EXPECT_FALSE(setattr(vm, Value::borrow(vm.types.int_), vm.intern("x").as<StrObject>(), I(2)));
  EXPECT_EQ(pending(), "TypeError: cannot set 'x' attribute of immutable type 'int'");
}

TEST_F(OpsTest, UserClassInstancesAndAttributes) {
  Value cls = make_class("Point", vm.types.object, {{"kind", S("pt")}});
  Value p = vm.call0(cls);
  ASSERT_TRUE(bool(p)) << pending();
  StrObject* x = vm.intern("x").as<StrObject>();
  ASSERT_TRUE(setattr(vm, p, x, I(3)));
  EXPECT_EQ(R(getattr(vm, p, x)), "3");
  EXPECT_EQ(R(getattr(vm, p, vm.intern("kind").as<StrObject>())), "'pt'");
  EXPECT_EQ(R(cls), "<class '__main__.Point'>");
  EXPECT_EQ(R(p).rfind("<__main__.Point object at 0x", 0), 0u);
  EXPECT_FALSE(vm.call1(cls, I(1)));
  EXPECT_EQ(pending(), "TypeError: Point() takes no arguments");
  EXPECT_FALSE(getattr(vm, p, vm.intern("y").as<StrObject>()));
  EXPECT_EQ(pending(), "AttributeError: 'Point' object has no attribute 'y'");
  EXPECT_TRUE(isinstance(vm, p, cls.as<TypeObject>()));
  EXPECT_TRUE(isinstance(vm, p, vm.types.object));
  // Class attribute changes renumber the version (inline caches key on it).
  uint64_t v0 = cls.as<TypeObject>()->version;
  ASSERT_TRUE(setattr(vm, cls, vm.intern("kind").as<StrObject>(), S("point")));
  EXPECT_NE(cls.as<TypeObject>()->version, v0);
}

TEST_F(OpsTest, SubclassVersionsFollowTheBase) {
  Value base = make_class("Base", vm.types.object, {});
  Value sub = make_class("Sub", base.as<TypeObject>(), {});
  uint64_t v0 = sub.as<TypeObject>()->version;
  ASSERT_TRUE(setattr(vm, base, vm.intern("x").as<StrObject>(), I(1)));
  EXPECT_NE(sub.as<TypeObject>()->version, v0);
  EXPECT_EQ(R(getattr(vm, sub, vm.intern("x").as<StrObject>())), "1");
}

TEST_F(OpsTest, SubclassingUnsupportedBuiltinsIsRejected) {
  Value ns = dict_new(vm);
  Value b = Value::borrow(vm.types.int_);
  EXPECT_FALSE(type_new(vm, S("X"), &b, 1, ns));
  EXPECT_EQ(pending(), "NotImplementedError: subclassing builtin type 'int' is not supported yet");
}

TEST_F(OpsTest, ListSubclassKeepsListBehaviour) {
  Value cls = make_class("MyList", vm.types.list, {});
  Value l = vm.call1(cls, list_of({I(1), I(2)}));
  ASSERT_TRUE(bool(l)) << pending();
  EXPECT_EQ(R(l), "[1, 2]");
  int64_t n;
  ASSERT_TRUE(length(vm, l, &n));
  EXPECT_EQ(n, 2);
  ASSERT_TRUE(setattr(vm, l, vm.intern("tag").as<StrObject>(), S("t")));
  EXPECT_EQ(R(getattr(vm, l, vm.intern("tag").as<StrObject>())), "'t'");
  EXPECT_TRUE(isinstance(vm, l, vm.types.list));
}

TEST_F(OpsTest, ExceptionsStrReprAndTraceback) {
  Value e = vm.new_exception(Exc::ValueError, "bad value");
  EXPECT_EQ(R(e), "ValueError('bad value')");
  EXPECT_EQ(exception_summary(vm, e), "ValueError: bad value");
  Value k = S("key");
  Value ke = exception_new(vm, vm.exc_type(Exc::KeyError), &k, 1);
  EXPECT_EQ(exception_message(vm, ke), "'key'");
  Value two[2] = {I(1), S("x")};
  Value multi = exception_new(vm, vm.exc_type(Exc::Exception), two, 2);
  EXPECT_EQ(exception_message(vm, multi), "(1, 'x')");
  vm.sources["t.py"] = "x = 1\n    y = 1 / 0  \n";
  exception_add_frame(vm, e, S("t.py"), 2, S("f"));
  exception_add_frame(vm, e, S("t.py"), 1, S("<module>"));
  EXPECT_EQ(format_exception(vm, e),
            "Traceback (most recent call last):\n"
            "  File \"t.py\", line 1, in <module>\n"
            "    x = 1\n"
            "  File \"t.py\", line 2, in f\n"
            "    y = 1 / 0\n"
            "ValueError: bad value\n");
}

TEST_F(OpsTest, ChainedExceptionsFormatLikeCPython) {
  Value first = vm.new_exception(Exc::KeyError, "a");
  Value second = vm.new_exception(Exc::ValueError, "b");
  second.as<ExceptionObject>()->context = first;
  EXPECT_EQ(format_exception(vm, second),
            "KeyError: 'a'\n"
            "\nDuring handling of the above exception, another exception occurred:\n\n"
            "ValueError: b\n");
  second.as<ExceptionObject>()->cause = first;
  second.as<ExceptionObject>()->suppress_context = true;
  EXPECT_EQ(format_exception(vm, second),
            "KeyError: 'a'\n"
            "\nThe above exception was the direct cause of the following exception:\n\n"
            "ValueError: b\n");
}

TEST_F(OpsTest, SyntaxErrorsPrintTheLineAndCaret) {
  Value e = make_syntax_error(vm, Exc::SyntaxError, "invalid syntax", "d.py", 1, 9, 12, "x = foo bar baz");
  EXPECT_EQ(format_exception(vm, e),
            "  File \"d.py\", line 1\n"
            "    x = foo bar baz\n"
            "            ^^^\n"
            "SyntaxError: invalid syntax\n");
  EXPECT_EQ(exception_message(vm, e), "invalid syntax (d.py, line 1)");
}

TEST_F(OpsTest, ParseArgsMessages) {
  static const ArgSpec spec[] = {{"number", kArgRequired}, {"ndigits"}};
  Value out[2];
  Value args[3] = {I(1), I(2), I(3)};
  EXPECT_FALSE(parse_args(vm, CallArgs{args, 3, nullptr}, "round", spec, out));
  EXPECT_EQ(pending(), "TypeError: round() takes at most 2 arguments (3 given)");
  EXPECT_FALSE(parse_args(vm, CallArgs{args, 0, nullptr}, "round", spec, out));
  EXPECT_EQ(pending(), "TypeError: round() missing required argument 'number' (pos 1)");
  Value kwn = tuple_pack(vm, {vm.intern("ndigits")});
  Value kwargs[2] = {I(5), I(1)};
  ASSERT_TRUE(parse_args(vm, CallArgs{kwargs, 1, kwn.as<TupleObject>()}, "round", spec, out));
  EXPECT_EQ(R(out[1]), "1");
  Value bad = tuple_pack(vm, {vm.intern("x")});
  EXPECT_FALSE(parse_args(vm, CallArgs{kwargs, 1, bad.as<TupleObject>()}, "round", spec, out));
  EXPECT_EQ(pending(), "TypeError: 'x' is an invalid keyword argument for round()");
  EXPECT_FALSE(args_positional(vm, CallArgs{args, 1, nullptr}, "divmod", 2, 2));
  EXPECT_EQ(pending(), "TypeError: divmod expected 2 arguments, got 1");
}

TEST_F(OpsTest, CallingNonCallables) {
  EXPECT_FALSE(vm.call0(I(5)));
  EXPECT_EQ(pending(), "TypeError: 'int' object is not callable");
}

}  // namespace
