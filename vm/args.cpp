// vm/args.cpp — argument parsing for native functions (see vm/args.h).

#include "vm/args.h"

#include <cstring>

#include "vm/ops.h"

namespace kiln::vm {

namespace {
bool kw_is(const CallArgs& a, size_t i, const char* name) {
  std::string_view k = str_view(a.kwnames->items[i]);
  return k.size() == std::strlen(name) && std::memcmp(k.data(), name, k.size()) == 0;
}
}  // namespace

bool parse_args(VM& vm, const CallArgs& a, const char* fname, const ArgSpec* specs, size_t nspecs, Value* out) {
  size_t npos_max = 0;  // parameters that can be given by position
  size_t nrequired = 0;
  for (size_t i = 0; i < nspecs; ++i) {
    if (!(specs[i].flags & kArgKwOnly)) npos_max = i + 1;
    if (specs[i].flags & kArgRequired) ++nrequired;
  }
  size_t nkw = a.nkw();
  size_t total = a.nargs + nkw;
  if (total > nspecs) {
    vm.raisef(Exc::TypeError, "%s() takes %s %zu argument%s (%zu given)", fname,
              nrequired == nspecs ? "exactly" : "at most", nspecs, nspecs == 1 ? "" : "s", total);
    return false;
  }
  if (a.nargs > npos_max) {
    vm.raisef(Exc::TypeError, "%s() takes %s %zu positional argument%s (%zu given)", fname,
              nrequired >= npos_max ? "exactly" : "at most", npos_max, npos_max == 1 ? "" : "s", a.nargs);
    return false;
  }
  for (size_t i = 0; i < nspecs; ++i) out[i] = i < a.nargs ? a.args[i] : Value();
  for (size_t k = 0; k < nkw; ++k) {
    size_t i = 0;
    for (; i < nspecs; ++i) {
      if (specs[i].name && !(specs[i].flags & kArgPosOnly) && kw_is(a, k, specs[i].name)) break;
    }
    if (i == nspecs) {
      vm.raisef(Exc::TypeError, "'%s' is an invalid keyword argument for %s()",
                a.kwnames->items[k].as<StrObject>()->data, fname);
      return false;
    }
    if (i < a.nargs) {
      vm.raisef(Exc::TypeError, "argument for %s() given by name ('%s') and position (%zu)", fname, specs[i].name,
                i + 1);
      return false;
    }
    out[i] = a.kwvalue(k);
  }
  for (size_t i = 0; i < nspecs; ++i) {
    if ((specs[i].flags & kArgRequired) && !out[i]) {
      if (specs[i].flags & kArgKwOnly) {
        vm.raisef(Exc::TypeError, "%s() missing required keyword-only argument '%s'", fname, specs[i].name);
      } else {
        vm.raisef(Exc::TypeError, "%s() missing required argument '%s' (pos %zu)", fname,
                  specs[i].name ? specs[i].name : "?", i + 1);
      }
      return false;
    }
  }
  return true;
}

bool args_no_kw(VM& vm, const CallArgs& a, const char* fname) {
  if (a.nkw() == 0) return true;
  vm.raisef(Exc::TypeError, "%s() takes no keyword arguments", fname);
  return false;
}

bool args_one_slow(VM& vm, const CallArgs& a, const char* fname) {
  if (!args_no_kw(vm, a, fname)) return false;
  if (a.nargs == 1) return true;
  vm.raisef(Exc::TypeError, "%s() takes exactly one argument (%zu given)", fname, a.nargs);
  return false;
}

bool args_none_slow(VM& vm, const CallArgs& a, const char* fname) {
  if (!args_no_kw(vm, a, fname)) return false;
  if (a.nargs == 0) return true;
  vm.raisef(Exc::TypeError, "%s() takes no arguments (%zu given)", fname, a.nargs);
  return false;
}

bool args_positional(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max) {
  if (!args_no_kw(vm, a, name)) return false;
  size_t n = a.nargs;
  if (n >= min && n <= max) return true;
  if (n < min) {
    vm.raisef(Exc::TypeError, "%s expected %s%zu argument%s, got %zu", name, min == max ? "" : "at least ", min,
              min == 1 ? "" : "s", n);
  } else {
    vm.raisef(Exc::TypeError, "%s expected %s%zu argument%s, got %zu", name, min == max ? "" : "at most ", max,
              max == 1 ? "" : "s", n);
  }
  return false;
}

Value args_keyword(const CallArgs& a, const char* name) {
  for (size_t k = 0; k < a.nkw(); ++k) {
    if (kw_is(a, k, name)) return a.kwvalue(k);
  }
  return Value();
}

}  // namespace kiln::vm
