// Unit tests of the public embedding API (include/kiln/kiln.h) and of the
// compiler/interpreter behind it: independent runtimes in one process, output
// sinks, tracebacks and exit codes in Result, the REPL entry points, and the
// disassembler.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "kiln/kiln.h"

namespace {

struct Captured {
  std::string out, err;
};

void capture(kiln::Runtime& rt, Captured& c) {
  rt.set_stdout([&c](std::string_view s) { c.out += s; });
  rt.set_stderr([&c](std::string_view s) { c.err += s; });
}

TEST(Runtime, TwoRuntimesKeepSeparateState) {
  kiln::Runtime a, b;
  Captured ca, cb;
  capture(a, ca);
  capture(b, cb);
  ASSERT_TRUE(a.run_string("x = 1\nclass C:\n    n = 10\n").ok);
  ASSERT_TRUE(b.run_string("x = 2\nclass C:\n    n = 20\n").ok);
  // Interleaved runs see only their own globals and classes.
  ASSERT_TRUE(a.run_interactive("print(x, C.n)\n").ok);
  ASSERT_TRUE(b.run_interactive("print(x, C.n)\n").ok);
  EXPECT_EQ(ca.out, "1 10\n");
  EXPECT_EQ(cb.out, "2 20\n");
}

TEST(Runtime, RuntimesCanBeCreatedAndDestroyedRepeatedly) {
  for (int i = 0; i < 20; i++) {
    kiln::Runtime rt;
    Captured c;
    capture(rt, c);
    ASSERT_TRUE(rt.run_string("import math, random\nrandom.seed(1)\nprint([i * i for i in range(3)], "
                              "round(math.sqrt(2), 3))\n")
                    .ok);
    EXPECT_EQ(c.out, "[0, 1, 4] 1.414\n");
  }
}

TEST(Runtime, UncaughtExceptionGivesTracebackAndExitCode) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  auto r = rt.run_string("def f(x):\n    return 1 // x\nf(0)\n", "prog.py");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.type, "ZeroDivisionError");
  EXPECT_EQ(r.error.message, "integer division or modulo by zero");
  EXPECT_EQ(r.error.exit_code, 1);
  EXPECT_NE(r.error.traceback.find("Traceback (most recent call last):"), std::string::npos);
  EXPECT_NE(r.error.traceback.find("File \"prog.py\", line 3, in <module>"), std::string::npos);
  EXPECT_NE(r.error.traceback.find("File \"prog.py\", line 2, in f"), std::string::npos);
  EXPECT_EQ(c.err, r.error.traceback);
  EXPECT_THROW(r.check(), kiln::Error);
}

TEST(Runtime, SyntaxErrorNamesLineAndColumn) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  auto r = rt.run_string("x = 1\ny = (2 +\n", "bad.py");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.type, "SyntaxError");
  EXPECT_NE(c.err.find("File \"bad.py\", line 2"), std::string::npos) << c.err;
  EXPECT_NE(c.err.find("'(' was never closed"), std::string::npos) << c.err;
}

TEST(Runtime, UnsupportedFeatureIsNotImplementedErrorWithLine) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  auto r = rt.run_string("x = 1\nasync def f():\n    pass\n", "feat.py");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.type, "NotImplementedError");
  EXPECT_NE(r.error.message.find("async"), std::string::npos) << r.error.message;
  EXPECT_NE(c.err.find("line 2"), std::string::npos) << c.err;
}

TEST(Runtime, SystemExitSetsExitCode) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  auto r = rt.run_string("import sys\nprint('bye')\nsys.exit(3)\nprint('not reached')\n");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error.exit_code, 3);
  EXPECT_EQ(c.out, "bye\n");
  auto ok = rt.run_string("import sys\nsys.exit()\n");
  EXPECT_TRUE(ok.ok);
  EXPECT_EQ(ok.error.exit_code, 0);
}

TEST(Runtime, RecursionErrorInsteadOfStackOverflow) {
  kiln::Options o;
  o.recursion_limit = 200;
  kiln::Runtime rt(o);
  Captured c;
  capture(rt, c);
  auto r = rt.run_string("def f(n):\n    return f(n + 1)\nf(0)\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error.type, "RecursionError");
  // The runtime is still usable afterwards.
  EXPECT_TRUE(rt.run_string("print(sum(range(10)))\n").ok);
  EXPECT_EQ(c.out, "45\n");
}

TEST(Runtime, InteractiveEchoesExpressionValues) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  ASSERT_TRUE(rt.run_interactive("1 + 2\n").ok);
  ASSERT_TRUE(rt.run_interactive("None\n").ok);
  ASSERT_TRUE(rt.run_interactive("'a' * 2\n").ok);
  EXPECT_EQ(c.out, "3\n'aa'\n");
  EXPECT_TRUE(rt.is_incomplete("def f():\n"));
  EXPECT_TRUE(rt.is_incomplete("x = (1,\n"));
  EXPECT_FALSE(rt.is_incomplete("x = 1\n"));
  EXPECT_FALSE(rt.is_incomplete("def f():\n    return 1\n\n"));
}

TEST(Runtime, DisassemblerShowsCodeObjectsAndExceptionTable) {
  std::string path = testing::TempDir() + "kiln_dis_test.py";
  {
    std::ofstream f(path);
    f << "def g(a):\n    try:\n        return a[0]\n    except IndexError:\n        return None\n";
  }
  kiln::Runtime rt;
  std::string out;
  ASSERT_TRUE(rt.disassemble_file(path, &out).ok);
  EXPECT_NE(out.find("<code object g"), std::string::npos) << out;
  EXPECT_NE(out.find("BINARY_SUBSCR"), std::string::npos) << out;
  EXPECT_NE(out.find("CHECK_EXC_MATCH"), std::string::npos) << out;
  EXPECT_NE(out.find("ExceptionTable:"), std::string::npos) << out;
}

TEST(Runtime, GeneratorsClosuresAndFinallyInterplay) {
  kiln::Runtime rt;
  Captured c;
  capture(rt, c);
  const char* src =
      "def gen():\n"
      "    try:\n"
      "        for i in range(3):\n"
      "            yield i\n"
      "    finally:\n"
      "        print('closed')\n"
      "def outer():\n"
      "    acc = []\n"
      "    def add(x):\n"
      "        acc.append(x * 10)\n"
      "    for v in gen():\n"
      "        add(v)\n"
      "    return acc\n"
      "print(outer())\n"
      "def f():\n"
      "    for i in range(5):\n"
      "        try:\n"
      "            if i == 3:\n"
      "                return i\n"
      "        finally:\n"
      "            print('fin', i)\n"
      "print(f())\n";
  ASSERT_TRUE(rt.run_string(src).ok) << c.err;
  EXPECT_EQ(c.out, "closed\n[0, 10, 20]\nfin 0\nfin 1\nfin 2\nfin 3\n3\n");
}

}  // namespace
