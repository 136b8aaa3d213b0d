// stdlib/native_util.h — small helpers shared by the native modules of
// stdlib/ (math, random, time, sys, open): argument checking with CPython's
// exact error messages, float conversion with CPython's rules, and building
// module objects, tuples and lists.
//
// Two calling styles are mimicked, because CPython itself has two and the
// messages differ:
//   * C functions (math.sqrt, time.sleep): "math.sqrt() takes exactly one
//     argument (2 given)", "pow expected 2 arguments, got 1",
//     "math.sqrt() takes no keyword arguments";
//   * Python functions (random.randint is a bound method written in Python):
//     "Random.randint() missing 1 required positional argument: 'b'",
//     "Random.shuffle() takes 2 positional arguments but 3 were given"
//     (counting `self`, as CPython does).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// ------------------------------------------------------------ C-function style
// "<fname>() takes no keyword arguments"
bool native_no_kwargs(VM& vm, const CallArgs& a, const char* fname);
// METH_O: "<fname>() takes exactly one argument (N given)"; also rejects keywords.
bool native_one_arg(VM& vm, const CallArgs& a, const char* fname);
// METH_NOARGS: "<fname>() takes no arguments (N given)"; also rejects keywords.
bool native_no_args(VM& vm, const CallArgs& a, const char* fname);
// _PyArg_CheckPositional: "<name> expected 2 arguments, got 1",
// "<name> expected at least 1 argument, got 0", "... at most 2 arguments, got 4".
bool native_positional(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max);

// Argument Clinic's keyword parser (_PyArg_UnpackKeywords), for C functions
// with named parameters (open, math.isclose, math.prod): `params` lists every
// parameter; the first `posonly` are positional-only; positions [0, maxpos)
// may be given positionally; the first `minpos` are required. Parameters past
// maxpos are keyword-only (none required). out[i]: the argument, or Empty.
struct ClinicSignature {
  const char* fname;                     // "open"
  std::initializer_list<const char*> params;
  size_t posonly;
  size_t minpos;
  size_t maxpos;
};
bool bind_clinic_args(VM& vm, const CallArgs& a, const ClinicSignature& sig, Value* out);

// ------------------------------------------------------------ Python-function style
// Binds a call to the parameters of a Python `def` (after `self`):
// `params` are the names, the first `npositional` positional-or-keyword, the
// rest keyword-only; the first `nrequired` positional ones have no default
// (keyword-only ones listed in `kwonly_required` count as required too).
// On success out[i] holds each argument, or Empty where the default applies.
struct PySignature {
  const char* qualname;                  // "Random.randint"
  std::initializer_list<const char*> params;
  size_t npositional;
  size_t nrequired;
  size_t nkwonly_required = 0;           // the first N keyword-only params are required
};
bool bind_py_args(VM& vm, const CallArgs& a, const PySignature& sig, Value* out);
// The matching under bind_py_args, for binders of other signatures (the
// torch op registry's schemas): slot[i] is the index of the argument bound
// to parameter i (positional 0..nargs-1, keywords nargs..nargs+nkw-1) or -1
// (not given). pos_param[i], if given, is the parameter positional argument
// i binds to (a method whose receiver is not the first parameter). On a
// call that does not fit: false, *error the TypeError's message.
struct PyParams {
  const char* qualname;
  const char* const* params;
  size_t nparams;
  size_t npositional;
  size_t nrequired;
  size_t nkwonly_required = 0;
  // PyTorch's arg parser's words for wrong counts (the torch op registry):
  // counts without self (`self_args`: 1 in a method call), the missing
  // names in double quotes.
  bool torch_style = false;
  size_t self_args = 0;
};
bool match_py_args(const PyParams& p, size_t nargs, const Value* kwnames, size_t nkw, const int* pos_param,
                   int* slot, std::string* error);

// ------------------------------------------------------------ conversions
// PyFloat_AsDouble: float, int, bool, objects with __float__ or __index__;
// TypeError "must be real number, not str" otherwise.
bool to_double(VM& vm, const Value& v, double* out);
// A float or an int result as a Value.
inline Value float_value(double d) { return Value::from_double(d); }
// Python int from a double (floor/ceil/trunc results): OverflowError for
// infinities ("cannot convert float infinity to integer") and for values
// outside Kiln's 64-bit ints; ValueError for NaN.
Value int_from_double(VM& vm, double d, const char* fname);

// ------------------------------------------------------------ objects
// A new module object with an empty namespace holding __name__ (and __doc__ None).
Value new_native_module(VM& vm, std::string_view name);
// The module's namespace dict (precondition: is_kind(m, Module)).
inline const Value& module_dict(const Value& m) { return m.as<ModuleObject>()->dict; }
// Sets dict[name] = value in a module namespace (the name is interned).
bool module_set(VM& vm, const Value& module, const char* name, const Value& value);
Value make_tuple(VM& vm, std::initializer_list<Value> items);
Value make_tuple_n(VM& vm, size_t n);          // n None slots, filled by the caller
Value new_list(VM& vm, size_t reserve = 0);
void list_push(const Value& list, Value item);  // precondition: is_kind(list, List)

// Calls a special method (looked up on the type, never the instance, as
// CPython's _PyObject_LookupSpecial) with no arguments. Returns Empty with no
// exception pending when the type lacks it.
Value call_special(VM& vm, const Value& obj, StrObject* name);

}  // namespace kiln::vm
