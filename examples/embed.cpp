// examples/embed.cpp — Kiln as a scripting engine inside a C++ program.
//
// Built by CMake as `kiln_embed_example` and run by CTest (example_embed):
// it exits 0 only if every step below behaves as documented in
// include/kiln/kiln.h. Build your own program the same way: link the `kiln`
// library target and include "kiln/kiln.h".
#include <cstdio>
#include <string>

#include "kiln/kiln.h"

namespace {

int failures = 0;

void expect(bool ok, const char* what, const std::string& detail = "") {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  if (!ok) {
    if (!detail.empty()) std::printf("     got: %s\n", detail.c_str());
    ++failures;
  }
}

}  // namespace

int main() {
  // 1. A runtime whose print() output goes to a C++ string instead of stdout.
  kiln::Options options;          // the defaults (Options::from_environment() reads KILN_*)
  options.recursion_limit = 200;  // fields mirror include/kiln/options.def
  kiln::Runtime rt(options);
  std::string out, err;
  rt.set_stdout([&](std::string_view s) { out.append(s); });
  rt.set_stderr([&](std::string_view s) { err.append(s); });

  kiln::Result r = rt.run_string(
      "def fib(n):\n"
      "    a, b = 0, 1\n"
      "    for _ in range(n):\n"
      "        a, b = b, a + b\n"
      "    return a\n"
      "print([fib(i) for i in range(10)], f'{fib(50):,}')\n",
      "<embedded>");
  expect(r.ok, "run_string runs a script");
  expect(out == "[0, 1, 1, 2, 3, 5, 8, 13, 21, 34] 12,586,269,025\n", "print() output reaches the stdout sink", out);

  // 2. The runtime keeps its __main__ between calls, like a session.
  out.clear();
  r = rt.run_string("print(fib(20) + 1)", "<embedded>");
  expect(r.ok && out == "6766\n", "globals persist across run_string calls", out);

  // 3. A Python exception comes back as a Result with CPython's traceback.
  err.clear();
  r = rt.run_string("def f(x):\n    return 1 / x\nf(0)\n", "calc.py");
  expect(!r.ok && r.error.type == "ZeroDivisionError", "an uncaught exception fails the Result", r.error.type);
  expect(r.error.message == "division by zero", "the Result carries the message", r.error.message);
  expect(r.error.traceback.find("Traceback (most recent call last):") != std::string::npos &&
             r.error.traceback.find("File \"calc.py\", line 2, in f") != std::string::npos &&
             r.error.traceback.find("ZeroDivisionError: division by zero") != std::string::npos,
         "the traceback names file, line and function", r.error.traceback);

  // 4. Options reach the VM: recursion_limit = 200 gives RecursionError, not a crash.
  r = rt.run_string("def down(n):\n    return down(n + 1)\ndown(0)\n", "deep.py");
  expect(!r.ok && r.error.type == "RecursionError", "recursion_limit is honoured", r.error.type);

  // 5. Runtimes are independent: nothing leaks from one to another.
  kiln::Runtime other(options);
  std::string other_err;
  other.set_stderr([&](std::string_view s) { other_err.append(s); });
  r = other.run_string("fib(3)", "<other>");
  expect(!r.ok && r.error.type == "NameError" && r.error.message == "name 'fib' is not defined",
         "a second runtime has its own globals", r.error.message);

  // 6. check() turns a failed Result into a C++ exception.
  try {
    rt.run_string("raise ValueError('bad input')").check();
    expect(false, "check() throws kiln::Error");
  } catch (const kiln::Error& e) {
    expect(e.info().type == "ValueError" && e.info().message == "bad input", "check() throws kiln::Error",
           e.info().type + ": " + e.info().message);
  }

  // 7. sys.exit() is a SystemExit Result with its code, not a process exit.
  r = rt.run_string("import sys\nsys.exit(3)\n");
  expect(!r.ok && r.error.type == "SystemExit" && r.error.exit_code == 3, "sys.exit(3) is reported, not obeyed",
         r.error.type);

  std::printf("%s\n", failures == 0 ? "embed example: all ok" : "embed example: FAILED");
  return failures == 0 ? 0 : 1;
}
