// Unit tests of the scope analysis and the bytecode compiler (vm/symtable,
// vm/compiler): mostly regressions for what the front-end fuzzer
// (tests/fuzz/fuzz_compiler.cpp) found. Each such input once crashed, tripped
// a sanitizer or produced a malformed error; each test pins the behaviour
// CPython 3.11 has on the same source (the exception type, message, line and
// offset that `compile()` reports, or the program's output). The raw fuzzer
// inputs are also kept in tests/fuzz/regressions/ and replayed through the
// fuzz entry point by the CTest test `fuzz_regressions`.

#include <gtest/gtest.h>

#include <string>

#include "kiln/kiln.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/exception.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/vm.h"

using namespace kiln::vm;

namespace {

struct CompileOutcome {
  bool ok = false;
  std::string type, msg;  // msg: str(exc); for SyntaxError, its `msg` attribute
  int64_t lineno = 0, offset = 0;
  std::string dis;  // when ok
};

class CompilerTest : public ::testing::Test {
 protected:
  kiln::Options options;
  VM vm{options};

  int64_t int_attr(const Value& exc, const char* name) {
    Value key = vm.intern(name);
    Value v = getattr(vm, exc, key.as<StrObject>());
    int64_t i = -1;
    if (!v || !int_value(v, &i)) ADD_FAILURE() << "no int attribute " << name;
    vm.clear_exception();
    return i;
  }

  CompileOutcome compile(const std::string& src, bool interactive = false) {
    CompileOutcome r;
    Value code = compile_source(vm, src, "<test>", interactive);
    if (code) {
      r.ok = true;
      r.dis = disassemble(code.as<CodeObject>());
      return r;
    }
    EXPECT_TRUE(vm.has_exception());
    Value exc = vm.take_exception();
    r.type = type_repr_name_of(vm, exc);
    r.msg = exception_message(vm, exc);
    if (r.type == "SyntaxError" || r.type == "IndentationError" || r.type == "TabError") {
      Value key = vm.intern("msg");
      Value m = getattr(vm, exc, key.as<StrObject>());
      if (m && is_str(m)) r.msg = std::string(str_view(m));
      vm.clear_exception();
      r.lineno = int_attr(exc, "lineno");
      r.offset = int_attr(exc, "offset");
    }
    return r;
  }

  void expect_syntax_error(const std::string& src, const std::string& msg, int64_t line, int64_t offset) {
    CompileOutcome r = compile(src);
    ASSERT_FALSE(r.ok) << src;
    EXPECT_EQ(r.type, "SyntaxError") << src;
    EXPECT_EQ(r.msg, msg) << src;
    EXPECT_EQ(r.lineno, line) << src;
    EXPECT_EQ(r.offset, offset) << src;
  }
};

// A `nonlocal` with no binding in an enclosing function was reported at
// line 0, column 0 (no position was recorded for the declaration).
TEST_F(CompilerTest, NonlocalWithoutBindingNamesTheStatement) {
  expect_syntax_error("def f():\n    def g():\n        nonlocal x\n", "no binding for nonlocal 'x' found", 3, 9);
  expect_syntax_error("def bank(b):\n    def deposit(n):\n        nonlocal balance\n        balance += n\n",
                      "no binding for nonlocal 'balance' found", 3, 9);
  expect_syntax_error("class C:\n    nonlocal x\n", "no binding for nonlocal 'x' found", 2, 5);
  expect_syntax_error("class C:\n    x = 1\n    nonlocal x\n", "name 'x' is assigned to before nonlocal declaration", 3, 5);
  expect_syntax_error("def f():\n    x = 1\n    class C:\n        def g():\n            pass; nonlocal y\n",
                      "no binding for nonlocal 'y' found", 5, 19);
}

// Found by replaying the fuzz corpus through CPython's compile() as well:
// Kiln accepted `[x for x in (y := [1, 2])]`, which CPython rejects, and
// reported every other assignment expression in a comprehension as a
// SyntaxError of its own. CPython's rules now come first; what remains is
// valid Python that Kiln does not support: NotImplementedError.
TEST_F(CompilerTest, AssignmentExpressionsInComprehensionsFollowCPython) {
  expect_syntax_error("[x for x in (y := [1, 2])]\n",
                      "assignment expression cannot be used in a comprehension iterable expression", 1, 14);
  expect_syntax_error("[x for x in (lambda: (y := 1))()]\n",
                      "assignment expression cannot be used in a comprehension iterable expression", 1, 23);
  expect_syntax_error("[x for x in a for z in [w for w in (y := b)]]\n",
                      "assignment expression cannot be used in a comprehension iterable expression", 1, 37);
  expect_syntax_error("[(x := 1) for x in [1]]\n", "assignment expression cannot rebind comprehension iteration variable 'x'",
                      1, 3);
  expect_syntax_error("[[x for x in a if (y := 1)] for z in b for y in c]\n",
                      "assignment expression cannot rebind comprehension iteration variable 'y'", 1, 20);
  expect_syntax_error("[x for x in a if (y := 1) for y in b]\n",
                      "comprehension inner loop cannot rebind assignment expression target 'y'", 1, 31);
  expect_syntax_error("[x for x in a if (y := 1) for z[y] in c]\n",
                      "comprehension inner loop cannot rebind assignment expression target 'y'", 1, 33);
  expect_syntax_error("def f():\n    class C:\n        z = [(y := 1) for x in a]\n",
                      "assignment expression within a comprehension cannot be used in a class body", 3, 15);
  // The target binds in the enclosing function, as in CPython.
  expect_syntax_error("def f():\n    [(y := 1) for x in a]\n    global y\n",
                      "name 'y' is assigned to before global declaration", 3, 5);
  // A SyntaxError found later, even by the code generator, wins.
  expect_syntax_error("[(y := 1) for x in a]\nbreak\n", "'break' outside loop", 2, 1);
  for (const char* src : {"[(y := x) for x in [1]]\n", "def f():\n    return [(y := x) for x in [1]], y\n",
                          "def f():\n    global y\n    [(y := 1) for x in a]\n"}) {
    CompileOutcome r = compile(src);
    ASSERT_FALSE(r.ok) << src;
    EXPECT_EQ(r.type, "NotImplementedError") << src;
    EXPECT_NE(r.msg.find("assignment expressions (:=) inside comprehensions are not supported"), std::string::npos)
        << r.msg;
  }
  // Outside comprehensions, := works.
  EXPECT_TRUE(compile("if (n := 10) > 5:\n    print(n)\n").ok);
}

// CPython's symbol table visits a comprehension's generators (target, then
// iterable, then conditions) before a dict comprehension's value, and the
// value before the key: the first `yield` in that order is the one reported.
TEST_F(CompilerTest, YieldInsideComprehensionReportedInCPythonOrder) {
  expect_syntax_error("def f():\n    {(yield 1): (yield 2) for x in a}\n", "'yield' inside dict comprehension", 2, 18);
  expect_syntax_error("def f():\n    [(yield 1) for x in a for y in (yield 2)]\n", "'yield' inside list comprehension",
                      2, 37);
  expect_syntax_error("def f():\n    [x for x in a for y[(yield 1)] in (yield 2)]\n",
                      "'yield' inside list comprehension", 2, 26);
  // A dict display: all keys, then all values (CPython's order).
  expect_syntax_error("def f():\n    [x for x in a if {1: (yield 1), (yield 2): 2}]\n", "'yield' inside list comprehension",
                      2, 38);
}

// Found by reading the compiler while adding it to the fuzzer (not a fuzzer
// finding): boxed-int constants were deduplicated through the map of
// immediates, keyed by `value ^ 0x5bd1e995`, so an int whose key equalled the
// bits of a float constant loaded that float instead.
TEST(Compiler, LargeIntConstantIsNotConfusedWithAFloatConstant) {
  kiln::Runtime rt;
  std::string out;
  rt.set_stdout([&out](std::string_view s) { out += s; });
  // 4845873200591137173 == bits(9007199254740992.0) ^ 0x5bd1e995
  ASSERT_TRUE(rt.run_string("x = 9007199254740992.0\ny = 4845873200591137173\nz = 4845873200591137173\n"
                            "print(x, y, y is z, -4845873200591137173)\n")
                  .ok);
  EXPECT_EQ(out, "9007199254740992.0 4845873200591137173 True -4845873200591137173\n");
}

// The peephole pass decides whether a load pair may form by looking one
// instruction ahead for a longer fusion; that look-ahead once recursed down
// a whole run of alternating local and constant loads (one C++ frame per
// instruction, quadratic time), which a large literal turns into a crash.
TEST_F(CompilerTest, LongRunsOfLoadPairsCompileInLinearTime) {
  std::string src = "def f(x):\n    return [";
  for (int i = 0; i < 200000; i++) src += "x, 1, ";
  src += "]\n";
  CompileOutcome r = compile(src);
  ASSERT_TRUE(r.ok) << r.type << ": " << r.msg;
  EXPECT_NE(r.dis.find("LOAD_FAST_LOAD_CONST"), std::string::npos);
  EXPECT_NE(r.dis.find("LOAD_CONST_LOAD_FAST"), std::string::npos);
}

}  // namespace
