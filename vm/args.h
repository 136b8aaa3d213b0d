// vm/args.h — argument parsing for native functions, with CPython's messages.
//
// A native function receives a CallArgs (positional values, then one value
// per keyword name; vm/object.h). Most builtins take a handful of named
// parameters with defaults; parse_args binds a call to such a signature and
// reports mistakes exactly as CPython's getargs.c does for builtins:
//
//   static const ArgSpec spec[] = {{"iterable", kArgRequired}, {"start"}};
//   Value av[2];
//   if (!parse_args(vm, a, "enumerate", spec, av)) return Value();
//   // av[1] is Empty when `start` was omitted: apply the default yourself.
//
// Messages: "enumerate() takes at most 2 arguments (3 given)",
// "round() missing required argument 'number' (pos 1)",
// "'x' is an invalid keyword argument for int()",
// "argument for int() given by name ('base') and position (2)".
// The other helpers cover the two other styles builtins use:
// METH_O / METH_NOARGS ("len() takes exactly one argument (2 given)") and
// Argument Clinic's positional checks ("divmod expected 2 arguments, got 1").
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

enum ArgFlags : uint8_t {
  kArgRequired = 1,  // must be given
  kArgKwOnly = 2,    // may only be passed by keyword
  kArgPosOnly = 4,   // may only be passed by position
};

struct ArgSpec {
  const char* name;
  uint8_t flags = 0;
};

// Binds `a` to `specs` (at most 16). out[i] receives the i-th argument, or
// Empty when it was omitted. Returns false with TypeError pending on mismatch.
bool parse_args(VM& vm, const CallArgs& a, const char* fname, const ArgSpec* specs, size_t nspecs, Value* out);
template <size_t N>
inline bool parse_args(VM& vm, const CallArgs& a, const char* fname, const ArgSpec (&specs)[N], Value* out) {
  return parse_args(vm, a, fname, specs, N, out);
}
inline bool parse_args(VM& vm, const CallArgs& a, const char* fname, std::initializer_list<ArgSpec> specs,
                       Value* out) {
  return parse_args(vm, a, fname, specs.begin(), specs.size(), out);
}

// "<fname>() takes no keyword arguments"
bool args_no_kw(VM& vm, const CallArgs& a, const char* fname);
// METH_O: "<fname>() takes exactly one argument (N given)" (keywords rejected too).
bool args_one_slow(VM& vm, const CallArgs& a, const char* fname);
inline bool args_one(VM& vm, const CallArgs& a, const char* fname) {
  if (a.nargs == 1 && !a.kwnames) [[likely]]
    return true;
  return args_one_slow(vm, a, fname);
}
// METH_NOARGS: "<fname>() takes no arguments (N given)".
bool args_none_slow(VM& vm, const CallArgs& a, const char* fname);
inline bool args_none(VM& vm, const CallArgs& a, const char* fname) {
  if (a.nargs == 0 && !a.kwnames) [[likely]]
    return true;
  return args_none_slow(vm, a, fname);
}
// Argument Clinic's _PyArg_CheckPositional (keywords rejected first):
// "<name> expected 2 arguments, got 1", "<name> expected at least 1 argument,
// got 0", "<name> expected at most 3 arguments, got 4".
bool args_positional(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max);
// Looks a keyword argument up by name; Empty if absent.
Value args_keyword(const CallArgs& a, const char* name);

}  // namespace kiln::vm
