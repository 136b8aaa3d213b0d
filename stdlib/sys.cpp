// stdlib/sys.cpp — the `sys` module: argv, exit, path, modules, the console
// streams, recursion limit, and the version / platform constants.
//
// CPython's "struct sequences" (sys.version_info, sys.float_info,
// sys.implementation) print as `sys.version_info(major=3, ...)`, index like
// tuples and have named fields. Kiln builds them from a few lines of Python
// run in a private namespace (a small class with __getitem__, comparisons
// and a CPython-style repr); should that fail, plain tuples / namespace
// modules stand in, so `import sys` always works.
//
// Kiln follows CPython 3.11: sys.version_info is (3, 11, 0, 'final', 0) and
// sys.version names Kiln ("3.11.0 (Kiln 0.1.0)").

#include <cfloat>
#include <cstdint>
#include <string>

#include "stdlib/modules.h"
#include "stdlib/native_util.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/vm.h"

#ifndef KILN_VERSION
#define KILN_VERSION "0.1.0"
#endif

namespace kiln::vm {

namespace {

constexpr const char* kPythonVersion = "3.11.0";

Value sys_exit(VM& vm, const CallArgs& a, const Value&) {
  if (!native_no_kwargs(vm, a, "sys.exit") || !native_positional(vm, a, "exit", 0, 1)) return Value();
  Value cls = Value::borrow(vm.exc_type(Exc::SystemExit));
  if (a.nargs == 0) return vm.raise_value(cls);
  Value exc = vm.call(cls, a.args, 1);
  if (exc.is_empty()) return exc;
  return vm.raise_value(exc);
}

Value sys_getrecursionlimit(VM& vm, const CallArgs& a, const Value&) {
  if ((a.nargs || a.nkw()) && !native_no_args(vm, a, "sys.getrecursionlimit")) return Value();
  return make_int(vm, vm.recursion_limit);
}

Value sys_setrecursionlimit(VM& vm, const CallArgs& a, const Value&) {
  int64_t n;
  if (!native_one_arg(vm, a, "sys.setrecursionlimit") || !index_value(vm, a.args[0], &n)) return Value();
  if (n < 1) return vm.raise(Exc::ValueError, "recursion limit must be greater or equal than 1");
  if (n > INT32_MAX) return vm.raise(Exc::OverflowError, "Python int too large to convert to C int");
  if (n <= vm.call_depth)
    return vm.raisef(Exc::RecursionError,
                     "cannot set the recursion limit to %lld at the recursion depth %d: the limit is too low",
                     (long long)n, vm.call_depth);
  vm.recursion_limit = int(n);
  return Value::none();
}

Value sys_intern(VM& vm, const CallArgs& a, const Value&) {
  if (!native_one_arg(vm, a, "sys.intern")) return Value();
  if (!is_str(a.args[0]))
    return vm.raisef(Exc::TypeError, "intern() argument must be str, not %.200s", type_name(vm, a.args[0]));
  return vm.intern(str_view(a.args[0]));
}

Value str_list(VM& vm, const std::vector<std::string>& items) {
  Value list = new_list(vm, items.size());
  if (list.is_empty()) return list;
  for (const std::string& s : items) {
    Value v = make_str(vm, s);
    if (v.is_empty()) return v;
    list_push(list, std::move(v));
  }
  return list;
}

// The struct sequences, written in Kiln's own dialect of Python.
constexpr const char* kStructSeqSource = R"PY(
class _StructSeq:
    def __init__(self, values):
        self._values = tuple(values)
        for name, value in zip(self._fields, self._values):
            setattr(self, name, value)
    def __repr__(self):
        return self._name + '(' + ', '.join([f + '=' + repr(v) for f, v in zip(self._fields, self._values)]) + ')'
    def __len__(self):
        return len(self._values)
    def __getitem__(self, index):
        return self._values[index]
    def __iter__(self):
        return iter(self._values)
    def __hash__(self):
        return hash(self._values)
    def __eq__(self, other):
        return self._values == _as_tuple(other)
    def __ne__(self, other):
        return self._values != _as_tuple(other)
    def __lt__(self, other):
        return self._values < _as_tuple(other)
    def __le__(self, other):
        return self._values <= _as_tuple(other)
    def __gt__(self, other):
        return self._values > _as_tuple(other)
    def __ge__(self, other):
        return self._values >= _as_tuple(other)

def _as_tuple(other):
    if isinstance(other, _StructSeq):
        return other._values
    return other

class version_info(_StructSeq):
    _name = 'sys.version_info'
    _fields = ('major', 'minor', 'micro', 'releaselevel', 'serial')

class float_info(_StructSeq):
    _name = 'sys.float_info'
    _fields = ('max', 'max_exp', 'max_10_exp', 'min', 'min_exp', 'min_10_exp', 'dig', 'mant_dig',
               'epsilon', 'radix', 'rounds')

class int_info(_StructSeq):
    _name = 'sys.int_info'
    _fields = ('bits_per_digit', 'sizeof_digit', 'default_max_str_digits', 'str_digits_check_threshold')

_version_info = version_info((3, 11, 0, 'final', 0))
_float_info = float_info((1.7976931348623157e+308, 1024, 308, 2.2250738585072014e-308, -1021, -307, 15, 53,
                          2.220446049250313e-16, 2, 1))
_int_info = int_info((64, 8, 4300, 640))

class _Namespace:
    def __init__(self, **kwargs):
        for k in kwargs:
            setattr(self, k, kwargs[k])
        self._keys = list(kwargs)
    def __repr__(self):
        return 'namespace(' + ', '.join([k + '=' + repr(getattr(self, k)) for k in self._keys]) + ')'

_implementation = _Namespace(name='kiln', cache_tag=None, version=_version_info, hexversion=0x030B00F0)
)PY";

// Runs kStructSeqSource and stores its objects in the sys namespace.
bool add_struct_seqs(VM& vm, const Value& m) {
  Value ns = dict_new(vm);
  if (ns.is_empty()) return false;
  Value name_key = vm.intern("__name__");
  if (!dict_setitem(vm, ns.as<DictObject>(), name_key, make_str(vm, "sys"))) return false;
  if (exec_source(vm, kStructSeqSource, "<sys>", ns).is_empty()) return false;
  static const char* const kNames[][2] = {{"_version_info", "version_info"},
                                          {"_float_info", "float_info"},
                                          {"_int_info", "int_info"},
                                          {"_implementation", "implementation"}};
  for (auto& n : kNames) {
    Value v = getitem(vm, ns, vm.intern(n[0]));
    if (v.is_empty() || !module_set(vm, m, n[1], v)) return false;
  }
  return true;
}

// Plain stand-ins for the struct sequences when they cannot be built.
bool add_plain_infos(VM& vm, const Value& m) {
  Value vi = make_tuple(vm, {Value::small_int(3), Value::small_int(11), Value::small_int(0), make_str(vm, "final"),
                             Value::small_int(0)});
  if (vi.is_empty() || !module_set(vm, m, "version_info", vi)) return false;
  Value fi = new_native_module(vm, "sys.float_info");
  if (fi.is_empty()) return false;
  struct {
    const char* name;
    Value v;
  } fields[] = {{"max", Value::from_double(DBL_MAX)},   {"max_exp", Value::small_int(DBL_MAX_EXP)},
                {"max_10_exp", Value::small_int(DBL_MAX_10_EXP)}, {"min", Value::from_double(DBL_MIN)},
                {"min_exp", Value::small_int(DBL_MIN_EXP)}, {"min_10_exp", Value::small_int(DBL_MIN_10_EXP)},
                {"dig", Value::small_int(DBL_DIG)},     {"mant_dig", Value::small_int(DBL_MANT_DIG)},
                {"epsilon", Value::from_double(DBL_EPSILON)}, {"radix", Value::small_int(FLT_RADIX)},
                {"rounds", Value::small_int(1)}};
  for (auto& f : fields)
    if (!module_set(vm, fi, f.name, f.v)) return false;
  if (!module_set(vm, m, "float_info", fi)) return false;
  Value impl = new_native_module(vm, "sys.implementation");
  if (impl.is_empty() || !module_set(vm, impl, "name", make_str(vm, "kiln")) ||
      !module_set(vm, impl, "cache_tag", Value::none()) || !module_set(vm, impl, "version", vi) ||
      !module_set(vm, m, "implementation", impl))
    return false;
  return true;
}

}  // namespace

Value init_sys_module(VM& vm) {
  Value m = new_native_module(vm, "sys");
  if (m.is_empty()) return m;
  const Value& d = module_dict(m);
  vm.add_function(d, "exit", sys_exit);
  vm.add_function(d, "getrecursionlimit", sys_getrecursionlimit);
  vm.add_function(d, "setrecursionlimit", sys_setrecursionlimit);
  vm.add_function(d, "intern", sys_intern);

  Value argv = str_list(vm, vm.argv);
  Value path = str_list(vm, vm.module_path);
  Value out = make_console_file(vm, 1), err = make_console_file(vm, 2), in = make_console_file(vm, 3);
  std::string version = std::string(kPythonVersion) + " (Kiln " KILN_VERSION ")";
  if (argv.is_empty() || path.is_empty() || out.is_empty() || err.is_empty() || in.is_empty()) return Value();
  struct {
    const char* name;
    Value v;
  } attrs[] = {
      {"argv", argv},
      {"path", path},
      {"modules", vm.modules.is_empty() ? Value::none() : vm.modules},
      {"stdout", out},
      {"stderr", err},
      {"stdin", in},
      {"__stdout__", out},
      {"__stderr__", err},
      {"__stdin__", in},
      {"maxsize", make_int(vm, INT64_MAX)},
      {"maxunicode", make_int(vm, 0x10FFFF)},
      {"version", make_str(vm, version)},
      {"hexversion", make_int(vm, 0x030B00F0)},
      {"platform", make_str(vm, "linux")},
      {"byteorder", make_str(vm, "little")},
      {"executable", make_str(vm, "")},
      {"copyright", make_str(vm, "Kiln: a runtime for a subset of Python 3.11")},
      {"dont_write_bytecode", Value::boolean(true)},
  };
  for (auto& a : attrs)
    if (a.v.is_empty() || !module_set(vm, m, a.name, a.v)) return Value();
  if (!add_struct_seqs(vm, m)) {
    vm.clear_exception();
    if (!add_plain_infos(vm, m)) return Value();
  }
  return m;
}

}  // namespace kiln::vm
