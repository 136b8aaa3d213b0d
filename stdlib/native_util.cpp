// stdlib/native_util.cpp — see native_util.h.

#include "stdlib/native_util.h"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "vm/dict.h"
#include "vm/list.h"
#include "vm/tuple.h"

namespace kiln::vm {

// ------------------------------------------------------------ C-function style
bool native_no_kwargs(VM& vm, const CallArgs& a, const char* fname) {
  if (a.nkw() == 0) return true;
  vm.raisef(Exc::TypeError, "%s() takes no keyword arguments", fname);
  return false;
}

bool native_one_arg(VM& vm, const CallArgs& a, const char* fname) {
  if (!native_no_kwargs(vm, a, fname)) return false;
  if (a.nargs == 1) return true;
  vm.raisef(Exc::TypeError, "%s() takes exactly one argument (%zu given)", fname, a.nargs);
  return false;
}

bool native_no_args(VM& vm, const CallArgs& a, const char* fname) {
  if (!native_no_kwargs(vm, a, fname)) return false;
  if (a.nargs == 0) return true;
  vm.raisef(Exc::TypeError, "%s() takes no arguments (%zu given)", fname, a.nargs);
  return false;
}

bool native_positional(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max) {
  if (a.nargs < min) {
    vm.raisef(Exc::TypeError, "%s expected %s%zu argument%s, got %zu", name, min == max ? "" : "at least ", min,
              min == 1 ? "" : "s", a.nargs);
    return false;
  }
  if (a.nargs > max) {
    vm.raisef(Exc::TypeError, "%s expected %s%zu argument%s, got %zu", name, min == max ? "" : "at most ", max,
              max == 1 ? "" : "s", a.nargs);
    return false;
  }
  return true;
}

bool bind_clinic_args(VM& vm, const CallArgs& a, const ClinicSignature& sig, Value* out) {
  const char* const* params = sig.params.begin();
  size_t maxargs = sig.params.size(), nargs = a.nargs, nkw = a.nkw();
  for (size_t i = 0; i < maxargs; i++) out[i] = Value();
  if (nargs + nkw > maxargs) {
    vm.raisef(Exc::TypeError, "%s() takes at most %zu %sargument%s (%zu given)", sig.fname, maxargs,
              nargs == 0 ? "keyword " : "", maxargs == 1 ? "" : "s", nargs + nkw);
    return false;
  }
  if (nargs > sig.maxpos) {
    if (sig.maxpos == 0)
      vm.raisef(Exc::TypeError, "%s() takes no positional arguments", sig.fname);
    else
      vm.raisef(Exc::TypeError, "%s() takes %s %zu positional argument%s (%zu given)", sig.fname,
                sig.minpos < sig.maxpos ? "at most" : "exactly", sig.maxpos, sig.maxpos == 1 ? "" : "s", nargs);
    return false;
  }
  size_t minposonly = sig.posonly < sig.minpos ? sig.posonly : sig.minpos;
  if (nargs < minposonly) {
    vm.raisef(Exc::TypeError, "%s() takes %s %zu positional argument%s (%zu given)", sig.fname,
              minposonly < sig.maxpos ? "at least" : "exactly", minposonly, minposonly == 1 ? "" : "s", nargs);
    return false;
  }
  for (size_t i = 0; i < nargs; i++) out[i] = a.args[i];
  auto find_kw = [&](const char* name) -> const Value* {
    for (size_t k = 0; k < nkw; k++)
      if (str_view(a.kwnames->items[k]) == name) return &a.kwvalue(k);
    return nullptr;
  };
  size_t left = nkw;
  for (size_t i = nargs > sig.posonly ? nargs : sig.posonly; i < maxargs; i++) {
    const Value* v = left ? find_kw(params[i]) : nullptr;
    if (v) {
      --left;
      out[i] = *v;
      continue;
    }
    if (i < sig.minpos) {
      vm.raisef(Exc::TypeError, "%s() missing required argument '%s' (pos %zu)", sig.fname, params[i], i + 1);
      return false;
    }
    if (!left) break;
  }
  if (left > 0) {
    for (size_t i = sig.posonly; i < nargs; i++) {
      if (find_kw(params[i])) {
        vm.raisef(Exc::TypeError, "argument for %s() given by name ('%s') and position (%zu)", sig.fname, params[i],
                  i + 1);
        return false;
      }
    }
    for (size_t k = 0; k < nkw; k++) {
      std::string_view kw = str_view(a.kwnames->items[k]);
      bool known = false;
      for (size_t i = sig.posonly; i < maxargs; i++)
        if (kw == params[i]) known = true;
      if (!known) {
        vm.raisef(Exc::TypeError, "'%.*s' is an invalid keyword argument for %s()", int(kw.size()), kw.data(),
                  sig.fname);
        return false;
      }
    }
  }
  return true;
}

// ------------------------------------------------------------ Python-function style
namespace {
// "'a'", "'a' and 'b'", "'a', 'b', and 'c'" — CPython's list of missing names.
std::string quoted_list(const std::vector<const char*>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); i++) {
    if (i > 0) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += '\'';
    s += names[i];
    s += '\'';
  }
  return s;
}
}  // namespace

bool match_py_args(const PyParams& p, size_t nargs, const Value* kwnames, size_t nkw, const int* pos_param,
                   int* slot, std::string* error) {
  const char* const* params = p.params;
  size_t nparams = p.nparams;
  for (size_t i = 0; i < nparams; i++) slot[i] = -1;
  size_t npos = nargs < p.npositional ? nargs : p.npositional;
  for (size_t i = 0; i < npos; i++) slot[pos_param ? size_t(pos_param[i]) : i] = int(i);
  size_t nkwonly_given = 0;
  for (size_t k = 0; k < nkw; k++) {
    std::string_view kw = str_view(kwnames[k]);
    size_t idx = nparams;
    for (size_t i = 0; i < nparams; i++)
      if (kw == params[i]) idx = i;
    if (idx == nparams) {
      *error = fmt::format("{}() got an unexpected keyword argument '{}'", p.qualname, kw);
      return false;
    }
    if (slot[idx] >= 0) {
      *error = fmt::format("{}() got multiple values for argument '{}'", p.qualname, params[idx]);
      return false;
    }
    if (idx >= p.npositional) nkwonly_given++;
    slot[idx] = int(nargs + k);
  }
  if (nargs > p.npositional && p.torch_style) {
    size_t takes = p.npositional - p.self_args, given = nargs - p.self_args;
    if (takes == 0 && p.nparams == p.self_args)  // (no parameter at all: CPython's METH_NOARGS message)
      *error = fmt::format("_TensorBase.{}() takes no arguments ({} given)", p.qualname, given);
    else
      *error = fmt::format("{}() takes {} positional argument{} but {} {} given", p.qualname, takes, takes == 1 ? "" : "s",
                           given, given == 1 ? "was" : "were");
    return false;
  }
  if (nargs > p.npositional) {
    // Counts include `self`, as CPython reports for methods.
    size_t lo = p.nrequired + 1, hi = p.npositional + 1, given = nargs + 1;
    std::string takes = lo == hi ? std::to_string(hi) : "from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (nkwonly_given)
      *error = fmt::format("{}() takes {} positional argument{} but {} positional argument{} (and {} keyword-only "
                           "argument{}) were given",
                           p.qualname, takes, hi == 1 && lo == hi ? "" : "s", given, given == 1 ? "" : "s",
                           nkwonly_given, nkwonly_given == 1 ? "" : "s");
    else
      *error = fmt::format("{}() takes {} positional argument{} but {} {} given", p.qualname, takes,
                           hi == 1 && lo == hi ? "" : "s", given, given == 1 ? "was" : "were");
    return false;
  }
  std::vector<const char*> missing;
  for (size_t i = 0; i < p.nrequired; i++)
    if (slot[i] < 0) missing.push_back(params[i]);
  if (!missing.empty() && p.torch_style) {
    // PyTorch's words, "arguments" for one included (python_arg_parser.cpp).
    std::string names;
    for (const char* m : missing) names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", m);
    *error = fmt::format("{}() missing {} required positional argument{}: {}", p.qualname, missing.size(),
                         missing.size() == 1 ? "s" : "", names);
    return false;
  }
  if (!missing.empty()) {
    *error = fmt::format("{}() missing {} required positional argument{}: {}", p.qualname, missing.size(),
                         missing.size() == 1 ? "" : "s", quoted_list(missing));
    return false;
  }
  for (size_t i = p.npositional; i < p.npositional + p.nkwonly_required && i < nparams; i++)
    if (slot[i] < 0) missing.push_back(params[i]);
  if (!missing.empty()) {
    *error = fmt::format("{}() missing {} required keyword-only argument{}: {}", p.qualname, missing.size(),
                         missing.size() == 1 ? "" : "s", quoted_list(missing));
    return false;
  }
  return true;
}

bool bind_py_args(VM& vm, const CallArgs& a, const PySignature& sig, Value* out) {
  constexpr size_t kMax = 16;
  size_t nparams = sig.params.size();
  int small[kMax];
  std::vector<int> big;
  int* slot = small;
  if (nparams > kMax) {
    big.resize(nparams);
    slot = big.data();
  }
  std::string error;
  PyParams p{sig.qualname, sig.params.begin(), nparams, sig.npositional, sig.nrequired, sig.nkwonly_required};
  if (!match_py_args(p, a.nargs, a.nkw() ? a.kwnames->items : nullptr, a.nkw(), nullptr, slot, &error)) {
    vm.raise(Exc::TypeError, error);
    return false;
  }
  for (size_t i = 0; i < nparams; i++)
    out[i] = slot[i] < 0 ? Value() : a.args[slot[i]];  // keyword values follow the positional ones
  return true;
}

// ------------------------------------------------------------ conversions
bool to_double(VM& vm, const Value& v, double* out) {
  if (v.is_double()) {
    *out = v.as_double();
    return true;
  }
  int64_t i;
  if (int_value(v, &i)) {
    *out = double(i);
    return true;
  }
  if (v.is_object()) {
    Value r = call_special(vm, v, vm.names.__float__);
    if (vm.has_exception()) return false;
    if (!r.is_empty()) {
      if (!r.is_double()) {
        vm.raisef(Exc::TypeError, "%.50s.__float__ returned non-float (type %.50s)", type_name(vm, v),
                  type_name(vm, r));
        return false;
      }
      *out = r.as_double();
      return true;
    }
    r = call_special(vm, v, vm.names.__index__);
    if (vm.has_exception()) return false;
    if (!r.is_empty()) {
      if (!int_value(r, &i)) {
        vm.raisef(Exc::TypeError, "__index__ returned non-int (type %.200s)", type_name(vm, r));
        return false;
      }
      *out = double(i);
      return true;
    }
  }
  vm.raisef(Exc::TypeError, "must be real number, not %.200s", type_name(vm, v));
  return false;
}

Value int_from_double(VM& vm, double d, const char* fname) {
  if (std::isinf(d)) return vm.raise(Exc::OverflowError, "cannot convert float infinity to integer");
  if (std::isnan(d)) return vm.raise(Exc::ValueError, "cannot convert float NaN to integer");
  // Both bounds are exact powers of two, so the comparison is exact.
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
    return vm.raisef(Exc::OverflowError, "%s() result does not fit in Kiln's 64-bit int", fname);
  return make_int(vm, int64_t(d));
}

// ------------------------------------------------------------ objects
Value new_native_module(VM& vm, std::string_view name) {
  auto* m = object_new<ModuleObject>(vm, ObjKind::Module, vm.types.module);
  Value mod = Value::steal(m);
  m->name = make_str(vm, name);
  m->dict = dict_new(vm);
  if (m->name.is_empty() || m->dict.is_empty()) return Value();
  if (!module_set(vm, mod, "__name__", m->name) || !module_set(vm, mod, "__doc__", Value::none())) return Value();
  return mod;
}

bool module_set(VM& vm, const Value& module, const char* name, const Value& value) {
  Value key = vm.intern(name);
  if (key.is_empty()) return false;
  return dict_setitem(vm, module_dict(module).as<DictObject>(), key, value);
}

Value make_tuple(VM& vm, std::initializer_list<Value> items) {
  Value t = tuple_new(vm, items.size());
  if (t.is_empty()) return t;
  auto* tp = t.as<TupleObject>();
  size_t i = 0;
  for (const Value& v : items) tp->items[i++] = v;
  return t;
}

Value make_tuple_n(VM& vm, size_t n) { return tuple_new(vm, n); }

Value new_list(VM& vm, size_t reserve) { return list_new(vm, reserve); }

void list_push(const Value& list, Value item) { list.as<ListObject>()->items.push_back(std::move(item)); }

Value call_special(VM& vm, const Value& obj, StrObject* name) {
  Value fn = type_lookup(type_of(vm, obj), name);
  if (fn.is_empty()) return Value();
  return vm.call(fn, &obj, 1);
}

}  // namespace kiln::vm
