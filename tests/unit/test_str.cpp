// tests/unit/test_str.cpp — str objects, their methods, format(), str.format
// and `%` formatting (vm/str.*, vm/str_methods.cpp, vm/format.*) against
// tables that CPython 3.11 produced (tests/unit/test_str_gen.py writes
// tests/unit/test_str_tables.inc): repr/ascii of awkward strings, every
// method over a set of ASCII and non-ASCII strings (including error
// messages), the format mini-language over ints, floats and strs, and the
// str.format / % front ends.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/kiln.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/format.h"
#include "vm/iterators.h"
#include "vm/numbers.h"
#include "vm/ops.h"
#include "vm/slice.h"
#include "vm/str.h"
#include "vm/str_unicode.h"
#include "vm/tuple.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

// An argument value: N None, B bool, I int, F float, S str, T tuple, L list
// (items 's'+text / 'i'+digits, separated by \x1f), D dict (key \x1e value
// pairs separated by \x1f, str values).
struct Arg {
  char kind;
  int64_t i;
  double d;
  const char* s;
};
constexpr Arg N() { return {'N', 0, 0, nullptr}; }
constexpr Arg B(bool b) { return {'B', b ? 1 : 0, 0, nullptr}; }
constexpr Arg I(int64_t i) { return {'I', i, 0, nullptr}; }
constexpr Arg F(double d) { return {'F', 0, d, nullptr}; }
constexpr Arg S(const char* s) { return {'S', 0, 0, s}; }
constexpr Arg T(const char* s) { return {'T', 0, 0, s}; }
constexpr Arg L(const char* s) { return {'L', 0, 0, s}; }
constexpr Arg D(const char* s) { return {'D', 0, 0, s}; }

struct ReprCase {
  const char* s;
  const char* repr;
  const char* ascii;
  int64_t length;
};
struct CallCase {
  const char* self;
  const char* method;
  std::vector<Arg> args;
  const char* expected;
};
struct FormatCase {
  Arg value;
  const char* spec;
  const char* expected;
};
struct PercentCase {
  const char* fmt;
  Arg args;
  const char* expected;
};
struct StrFormatCase {
  const char* fmt;
  const char* expected;  // of fmt.format("ab", 7, 3, w=6, z="q")
};

#include "test_str_tables.inc"

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  size_t start = 0;
  for (;;) {
    size_t t = s.find(sep, start);
    out.emplace_back(s.substr(start, t == std::string_view::npos ? std::string_view::npos : t - start));
    if (t == std::string_view::npos) break;
    start = t + 1;
  }
  return out;
}

class Str : public ::testing::Test {
 protected:
  kiln::Options opts;
  VM vm{opts};

  Value item(const std::string& it) {
    if (it[0] == 'i') return make_int(vm, std::stoll(it.substr(1)));
    return make_str(vm, std::string_view(it).substr(1));
  }
  Value val(const Arg& a) {
    switch (a.kind) {
      case 'N': return Value::none();
      case 'B': return Value::boolean(a.i != 0);
      case 'I': return make_int(vm, a.i);
      case 'F': return Value::from_double(a.d);
      case 'S': return make_str(vm, a.s);
      case 'T': {
        std::vector<Value> items;
        for (const std::string& it : split(a.s, '\x1f')) items.push_back(item(it));
        return tuple_from_array(vm, items.data(), items.size());
      }
      case 'L': {
        auto* l = object_new<ListObject>(vm, ObjKind::List, vm.types.list);
        for (const std::string& it : split(a.s, '\x1f')) l->items.push_back(item(it));
        return Value::steal(l);
      }
      default: {
        Value d = dict_new(vm);
        for (const std::string& kv : split(a.s, '\x1f')) {
          size_t p = kv.find('\x1e');
          dict_setitem(vm, d.as<DictObject>(), make_str(vm, kv.substr(0, p)), make_str(vm, kv.substr(p + 1)));
        }
        return d;
      }
    }
  }
  std::string show(const Value& r) {
    if (!r) {
      if (!vm.has_exception()) return "<empty, no exception>";
      Value exc = vm.take_exception();
      return exception_summary(vm, exc);
    }
    Value s = repr(vm, r);
    if (!s) return show(s);
    return std::string(str_view(s));
  }
  // self.method(*args, **kw) through the registered native.
  Value call(const Value& self, const char* method, std::vector<Value> args,
             std::vector<std::pair<const char*, Value>> kw = {}) {
    Value m = type_lookup(vm.types.str, vm.intern(method).as<StrObject>());
    EXPECT_TRUE(is_kind(m, ObjKind::Native)) << method;
    if (!is_kind(m, ObjKind::Native)) return Value();
    std::vector<Value> all;
    all.push_back(self);
    for (auto& a : args) all.push_back(a);
    size_t npos = all.size();
    Value kwnames;
    if (!kw.empty()) {
      std::vector<Value> names;
      for (auto& [n, v] : kw) {
        names.push_back(vm.intern(n));
        all.push_back(v);
      }
      kwnames = tuple_from_array(vm, names.data(), names.size());
    }
    auto* native = m.as<NativeObject>();
    CallArgs ca{all.data(), npos, kwnames ? kwnames.as<TupleObject>() : nullptr};
    return native->fn(vm, ca, native->data);
  }
};

TEST_F(Str, ReprAsciiAndLength) {
  for (const ReprCase& c : kReprCases) {
    Value s = make_str(vm, c.s);
    EXPECT_EQ(std::string(str_view(repr(vm, s))), c.repr);
    EXPECT_EQ(str_ascii_text(str_repr_text(c.s)), c.ascii);
    EXPECT_EQ(s.as<StrObject>()->length, c.length) << c.repr;
  }
}

TEST_F(Str, MethodsMatchCPython) {
  for (const CallCase& c : kCallCases) {
    std::vector<Value> args;
    for (const Arg& a : c.args) args.push_back(val(a));
    Value self = make_str(vm, c.self);
    EXPECT_EQ(show(call(self, c.method, args)), c.expected) << "repr(self)=" << str_repr_text(c.self) << " ." << c.method;
  }
}

TEST_F(Str, KeywordArguments) {
  Value s = make_str(vm, "a b  c");
  EXPECT_EQ(show(call(s, "split", {}, {{"maxsplit", make_int(vm, 1)}})), "['a', 'b  c']");
  EXPECT_EQ(show(call(s, "rsplit", {}, {{"sep", make_str(vm, " ")}, {"maxsplit", make_int(vm, 1)}})),
            "['a b ', 'c']");
  EXPECT_EQ(show(call(s, "split", {}, {{"sep", make_int(vm, 1)}})), "TypeError: must be str or None, not int");
  EXPECT_EQ(show(call(s, "split", {}, {{"x", make_int(vm, 1)}})),
            "TypeError: 'x' is an invalid keyword argument for split()");
  EXPECT_EQ(show(call(s, "split", {make_str(vm, " "), make_int(vm, 1)}, {{"sep", make_str(vm, " ")}})),
            "TypeError: split() takes at most 2 arguments (3 given)");
  EXPECT_EQ(show(call(make_str(vm, "a\nb"), "splitlines", {}, {{"keepends", Value::boolean(true)}})),
            "['a\\n', 'b']");
  EXPECT_EQ(show(call(make_str(vm, "\tx"), "expandtabs", {}, {{"tabsize", make_int(vm, 2)}})), "'  x'");
  EXPECT_EQ(show(call(s, "upper", {}, {{"x", make_int(vm, 1)}})), "TypeError: str.upper() takes no keyword arguments");
  EXPECT_EQ(show(call(s, "center", {make_int(vm, 5)}, {{"fillchar", make_str(vm, "x")}})),
            "TypeError: str.center() takes no keyword arguments");
  EXPECT_EQ(show(call(make_str(vm, "{a}-{0}"), "format", {make_int(vm, 1)}, {{"a", make_str(vm, "A")}})), "'A-1'");
  EXPECT_EQ(show(call(make_str(vm, "x"), "encode", {})).rfind("NotImplementedError:", 0), 0u);
}

TEST_F(Str, FormatSpecMiniLanguage) {
  for (const FormatCase& c : kFormatCases) {
    Value v = val(c.value);
    EXPECT_EQ(show(format(vm, v, c.spec)), c.expected) << show(v) << " spec '" << c.spec << "'";
  }
}

TEST_F(Str, PercentFormatting) {
  for (const PercentCase& c : kPercentCases) {
    Value fmt = make_str(vm, c.fmt);
    EXPECT_EQ(show(binary_op(vm, BinOpKind::Mod, fmt, val(c.args))), c.expected) << "'" << c.fmt << "'";
  }
}

TEST_F(Str, StrFormat) {
  for (const StrFormatCase& c : kStrFormatCases) {
    Value r = call(make_str(vm, c.fmt), "format", {make_str(vm, "ab"), make_int(vm, 7), make_int(vm, 3)},
                   {{"w", make_int(vm, 6)}, {"z", make_str(vm, "q")}});
    EXPECT_EQ(show(r), c.expected) << "'" << c.fmt << "'";
  }
}

TEST_F(Str, OperatorsAndProtocol) {
  Value a = make_str(vm, "héllo");
  Value b = make_str(vm, "héllo");
  int64_t ha, hb;
  ASSERT_TRUE(hash(vm, a, &ha));
  ASSERT_TRUE(hash(vm, b, &hb));
  EXPECT_EQ(ha, hb);
  EXPECT_NE(ha, -1);
  EXPECT_EQ(equals(vm, a, b), 1);
  EXPECT_EQ(show(compare(vm, CmpOpKind::Lt, make_str(vm, "a"), make_str(vm, "é"))), "True");
  EXPECT_EQ(show(compare(vm, CmpOpKind::Lt, make_str(vm, "\xef\xbf\xbf"), make_str(vm, "\xf0\x9f\x98\x80"))), "True");
  EXPECT_EQ(show(binary_op(vm, BinOpKind::Add, a, make_str(vm, "!"))), "'héllo!'");
  EXPECT_EQ(show(binary_op(vm, BinOpKind::Mult, make_int(vm, 3), make_str(vm, "ab"))), "'ababab'");
  EXPECT_EQ(show(binary_op(vm, BinOpKind::Mult, Value::from_double(1.5), make_str(vm, "ab"))),
            "TypeError: can't multiply sequence by non-int of type 'float'");
  EXPECT_EQ(show(binary_op(vm, BinOpKind::Add, a, make_int(vm, 1))),
            "TypeError: can only concatenate str (not \"int\") to str");
  int64_t n;
  ASSERT_TRUE(length(vm, a, &n));
  EXPECT_EQ(n, 5);
  EXPECT_EQ(contains(vm, a, make_str(vm, "él")), 1);
  EXPECT_EQ(show(getitem(vm, a, make_int(vm, -4))), "'é'");
  Value sl = slice_new(vm, Value::none(), Value::none(), make_int(vm, -2));
  EXPECT_EQ(show(getitem(vm, a, sl)), "'olh'");
  // Iteration keeps a byte cursor over the UTF-8.
  Value it = get_iter(vm, make_str(vm, "aé😀"));
  std::string joined;
  while (Value x = iter_next(vm, it)) joined += std::string(str_view(x)) + "|";
  EXPECT_FALSE(vm.has_exception());
  EXPECT_EQ(joined, "a|é|😀|");
  EXPECT_EQ(type_of(vm, it), vm.types.str_iterator);
}

TEST_F(Str, BuildingBlocks) {
  EXPECT_EQ(str_repr_text("a'b"), "\"a'b\"");
  EXPECT_EQ(str_repr_text("a'b\""), "'a\\'b\"'");
  EXPECT_EQ(str_ascii_text("'é€😀'"), "'\\xe9\\u20ac\\U0001f600'");
  EXPECT_EQ(int_to_base_string(-255, 16), "-0xff");
  EXPECT_EQ(int_to_base_string(5, 2), "0b101");
  EXPECT_EQ(int_to_base_string(8, 8), "0o10");
  EXPECT_EQ(int_to_base_string(INT64_MIN, 10), "-9223372036854775808");
  EXPECT_EQ(show(str_from_code_point(vm, 0x20ac)), "'€'");
  StrObject* s = str_new(vm, "ab€c");
  Value keep = Value::steal(s);
  EXPECT_EQ(s->length, 4);
  EXPECT_FALSE(s->is_ascii());
  EXPECT_EQ(str_byte_offset(s, 3), 5u);
  EXPECT_EQ(show(str_repeat(vm, s, 0)), "''");
  EXPECT_EQ(show(str_repeat(vm, s, 3)), "'ab€cab€cab€c'");
  Value sep = make_str(vm, ", ");
  EXPECT_EQ(show(str_join(vm, sep.as<StrObject>(), val(L("sa\037sb")))), "'a, b'");
  EXPECT_EQ(unicode::count_code_points("h\xc3\xa9", 3), 2u);
}

TEST_F(Str, EmptyAndAsciiCharactersAreSharedObjects) {
  Value a = make_str(vm, "a");
  EXPECT_TRUE(a.is(make_str(vm, "a")));
  EXPECT_TRUE(make_str(vm, "").is(make_str(vm, "")));
  EXPECT_TRUE(a.is(str_from_code_point(vm, 'a')));
  EXPECT_TRUE(a.is(str_getitem_index(vm, make_str(vm, "xay").as<StrObject>(), 1)));
  EXPECT_FALSE(make_str(vm, "\xc3\xa9").is(make_str(vm, "\xc3\xa9")));  // only ASCII is shared
  // A shared character is never appended to in place.
  Value s = make_str(vm, "a");
  s = str_concat_inplace(vm, std::move(s), make_str(vm, "bc").as<StrObject>());
  EXPECT_EQ(show(s), "'abc'");
  EXPECT_EQ(show(a), "'a'");
  EXPECT_EQ(show(make_str(vm, "a")), "'a'");
  // Iteration hands out the shared characters, and decodes the rest.
  Value it = str_iter(vm, make_str(vm, "a\xc3\xa9" "b").as<StrObject>());
  auto* iter = it.as<IteratorObject>();
  Value c1 = iter->next(vm, iter), c2 = iter->next(vm, iter), c3 = iter->next(vm, iter);
  EXPECT_TRUE(c1.is(a));
  EXPECT_EQ(show(c2), "'\xc3\xa9'");
  EXPECT_EQ(show(c3), "'b'");
  EXPECT_FALSE(bool(iter->next(vm, iter)));
}

TEST_F(Str, ResultsBuiltInPlace) {
  Value s = make_str(vm, "Hello, World");
  auto* so = s.as<StrObject>();
  EXPECT_EQ(show(str_slice(vm, so, 11, -1, 12)), "'dlroW ,olleH'");
  EXPECT_EQ(show(str_slice(vm, so, 0, 3, 4)), "'Hl r'");
  EXPECT_EQ(show(str_slice(vm, so, 4, 1, 1)), "'o'");
  Value u = make_str(vm, "h\xc3\xa9llo");
  EXPECT_EQ(show(str_slice(vm, u.as<StrObject>(), 4, -1, 5)), "'oll\xc3\xa9h'");
  EXPECT_EQ(show(call(s, "lower", {})), "'hello, world'");
  EXPECT_EQ(show(call(s, "upper", {})), "'HELLO, WORLD'");
  EXPECT_EQ(show(call(make_str(vm, "Q"), "lower", {})), "'q'");
  EXPECT_EQ(show(call(s, "replace", {make_str(vm, "l"), make_str(vm, "LL")})), "'HeLLLLo, WorLLd'");
  EXPECT_EQ(show(call(s, "replace", {make_str(vm, "l"), make_str(vm, ""), make_int(vm, 2)})), "'Heo, World'");
  EXPECT_EQ(show(call(s, "replace", {make_str(vm, "Hello, World"), make_str(vm, "")})), "''");
  EXPECT_EQ(show(call(make_str(vm, "\x1f x \t"), "strip", {})), "'x'");
  EXPECT_EQ(show(call(make_str(vm, ",.a!?"), "strip", {make_str(vm, ",.;!?")})), "'a'");
  EXPECT_EQ(show(call(make_str(vm, "abcxyzcba"), "strip", {make_str(vm, "abcdefghijk")})), "'xyz'");
  EXPECT_EQ(show(call(make_str(vm, "a,,b,"), "split", {make_str(vm, ",")})), "['a', '', 'b', '']");
  EXPECT_EQ(show(call(make_str(vm, "a,\xc3\xa9,b"), "split", {make_str(vm, ",")})), "['a', '\xc3\xa9', 'b']");
  EXPECT_EQ(str_compare("a", "b"), -1);
  EXPECT_EQ(str_compare("ab", "a"), 1);
  EXPECT_EQ(str_compare("", ""), 0);
  EXPECT_LT(str_compare("ab", "ac"), 0);
  EXPECT_LT(str_compare("z", "\xc3\xa9"), 0);
}

TEST_F(Str, ShortEqualityAndPlainSlices) {
  // Every length around the 8-byte word, differing only in the last byte.
  for (size_t n = 1; n <= 10; ++n) {
    std::string a(n, 'x'), b(n, 'x');
    b.back() = 'y';
    Value va = make_str(vm, a), va2 = make_str(vm, a), vb = make_str(vm, b);
    EXPECT_TRUE(str_eq(va.as<StrObject>(), va2.as<StrObject>())) << n;
    EXPECT_FALSE(str_eq(va.as<StrObject>(), vb.as<StrObject>())) << n;
  }
  Value s = make_str(vm, "abcdef");
  auto sl = [&](Value a, Value b) { return show(getitem(vm, s, slice_new(vm, a, b, Value::none()))); };
  EXPECT_EQ(sl(Value::small_int(1), Value::small_int(3)), "'bc'");
  EXPECT_EQ(sl(Value::small_int(-2), Value::none()), "'ef'");
  EXPECT_EQ(sl(Value::none(), Value::small_int(-4)), "'ab'");
  EXPECT_EQ(sl(Value::small_int(4), Value::small_int(100)), "'ef'");
  EXPECT_EQ(sl(Value::small_int(-100), Value::small_int(2)), "'ab'");
  EXPECT_EQ(sl(Value::small_int(5), Value::small_int(2)), "''");
  EXPECT_EQ(sl(Value::boolean(true), Value::small_int(2)), "'b'");
}

TEST_F(Str, ConcatInPlaceIsLinear) {
  // The interpreter's `s += t` with the only reference: appends in place once
  // the string has headroom.
  Value s = make_str(vm, "ab");
  Value t = make_str(vm, "é");
  s = str_concat_inplace(vm, std::move(s), t.as<StrObject>());
  Object* first = s.as_object();
  for (int k = 0; k < 3; ++k) s = str_concat_inplace(vm, std::move(s), t.as<StrObject>());
  EXPECT_EQ(s.as_object(), first);
  EXPECT_EQ(show(s), "'abéééé'");
  EXPECT_EQ(s.as<StrObject>()->length, 6);
  EXPECT_FALSE(s.as<StrObject>()->is_ascii());
  // A shared string is never modified.
  Value shared = s;
  Value r = str_concat_inplace(vm, Value(s), make_str(vm, "!").as<StrObject>());
  EXPECT_EQ(show(shared), "'abéééé'");
  EXPECT_EQ(show(r), "'abéééé!'");
  int64_t h1, h2;
  ASSERT_TRUE(hash(vm, r, &h1));
  ASSERT_TRUE(hash(vm, make_str(vm, "abéééé!"), &h2));
  EXPECT_EQ(h1, h2);
}

}  // namespace
