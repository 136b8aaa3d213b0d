// tests/unit/stdlib_test_util.h — runs a Kiln script through the public API
// and returns what it printed, for the end-to-end tests of the standard
// modules (test_math.cpp, test_random.cpp, test_stdlib_io.cpp). Each test
// case pairs a script with the stdout CPython 3.11 printed for it.
#pragma once

#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln_test {

struct ScriptCase {
  const char* name;
  const char* source;
  const char* expected;  // CPython 3.11's stdout
};

// stdout of the script; an uncaught error is appended as "<Type>: <message>".
inline std::string run_script(std::string_view source) {
  kiln::Runtime rt;
  std::string out;
  rt.set_stdout([&out](std::string_view s) { out += s; });
  rt.set_stderr([](std::string_view) {});
  kiln::Result r = rt.run_string(source);
  if (!r.ok) out += "<uncaught> " + r.error.type + ": " + r.error.message + "\n";
  return out;
}

}  // namespace kiln_test
