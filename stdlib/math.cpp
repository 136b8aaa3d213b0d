// stdlib/math.cpp — the `math` module: CPython 3.11's functions and constants,
// with its argument checking and error messages. The numerics live in
// stdlib/math_kernels.cpp; this file converts arguments (PyFloat_AsDouble and
// __index__ rules), maps MathErr to ValueError("math domain error") /
// OverflowError("math range error"), and builds the module.
//
// Kiln's ints are 64-bit: results CPython would return as big ints
// (factorial(25), comb(100, 50), floor(1e300)) raise OverflowError instead.

// Python rounds every float operation on its own; a fused multiply-add would
// change results (GCC never fuses under -std=c++20; clang needs telling).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include <cerrno>
#include <cmath>
#include <limits>
#include <vector>

#include "stdlib/math_kernels.h"
#include "stdlib/modules.h"
#include "stdlib/native_util.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {

using mathk::MathErr;

Value math_result(VM& vm, MathErr e, double r) {
  switch (e) {
    case MathErr::None: return Value::from_double(r);
    case MathErr::Domain: return vm.raise(Exc::ValueError, "math domain error");
    case MathErr::Range: return vm.raise(Exc::OverflowError, "math range error");
  }
  return Value();
}

// ------------------------------------------------------------ one-argument libm functions
// MATH_FUNC1(name, c function, can_overflow): CPython's FUNC1 (math_1).
// MATH_FUNC1A(name, c function): CPython's FUNC1A (the function sets errno).
#define KILN_MATH_FUNC1(X)                                                               \
  X(acos, std::acos, false) X(acosh, std::acosh, false) X(asin, std::asin, false)       \
  X(asinh, std::asinh, false) X(atan, std::atan, false) X(atanh, std::atanh, false)     \
  X(cbrt, std::cbrt, false) X(cos, std::cos, false) X(cosh, std::cosh, true)            \
  X(exp, std::exp, true) X(exp2, std::exp2, true) X(expm1, std::expm1, true)            \
  X(fabs, std::fabs, false) X(log1p, mathk::m_log1p, false) X(sin, std::sin, false)     \
  X(sinh, std::sinh, true) X(sqrt, std::sqrt, false) X(tan, std::tan, false)            \
  X(tanh, std::tanh, false)
#define KILN_MATH_FUNC1A(X) \
  X(erf, std::erf) X(erfc, std::erfc) X(gamma, mathk::m_tgamma) X(lgamma, mathk::m_lgamma)
// Two-argument functions through CPython's math_2.
#define KILN_MATH_FUNC2(X) X(atan2, mathk::m_atan2) X(copysign, std::copysign) X(remainder, mathk::m_remainder)

#define X(name, f, ov)                                                          \
  double libm_##name(double x) { return f(x); }                                \
  Value math_##name(VM& vm, const CallArgs& a, const Value&) {                  \
    double x, r;                                                                \
    if (!native_one_arg(vm, a, "math." #name) || !to_double(vm, a.args[0], &x)) \
      return Value();                                                           \
    MathErr err = mathk::math_1(x, libm_##name, ov, &r);                      \
    return math_result(vm, err, r);                                           \
  }
KILN_MATH_FUNC1(X)
#undef X

#define X(name, f)                                                              \
  double libm_##name(double x) { return f(x); }                                \
  Value math_##name(VM& vm, const CallArgs& a, const Value&) {                  \
    double x, r;                                                                \
    if (!native_one_arg(vm, a, "math." #name) || !to_double(vm, a.args[0], &x)) \
      return Value();                                                           \
    MathErr err = mathk::math_1a(x, libm_##name, &r);                         \
    return math_result(vm, err, r);                                           \
  }
KILN_MATH_FUNC1A(X)
#undef X

// Reads two float arguments with CPython's FUNC2 checks.
bool two_doubles(VM& vm, const CallArgs& a, const char* name, const char* qualname, double* x, double* y) {
  return native_no_kwargs(vm, a, qualname) && native_positional(vm, a, name, 2, 2) &&
         to_double(vm, a.args[0], x) && to_double(vm, a.args[1], y);
}

#define X(name, f)                                                           \
  double libm2_##name(double x, double y) { return f(x, y); }               \
  Value math_##name(VM& vm, const CallArgs& a, const Value&) {               \
    double x, y, r;                                                          \
    if (!two_doubles(vm, a, #name, "math." #name, &x, &y)) return Value();   \
    MathErr err = mathk::math_2(x, y, libm2_##name, &r);                      \
    return math_result(vm, err, r);                                           \
  }
KILN_MATH_FUNC2(X)
#undef X

// ------------------------------------------------------------ simple float functions
Value math_degrees(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.degrees") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::from_double(x * (180.0 / 3.141592653589793238462643383279502884197));
}

Value math_radians(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.radians") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::from_double(x * (3.141592653589793238462643383279502884197 / 180.0));
}

Value math_isfinite(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.isfinite") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::boolean(std::isfinite(x));
}

Value math_isinf(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.isinf") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::boolean(std::isinf(x));
}

Value math_isnan(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.isnan") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::boolean(std::isnan(x));
}

Value math_ulp(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.ulp") || !to_double(vm, a.args[0], &x)) return Value();
  return Value::from_double(mathk::ulp(x));
}

Value math_nextafter(VM& vm, const CallArgs& a, const Value&) {
  double x, y;
  if (!two_doubles(vm, a, "nextafter", "math.nextafter", &x, &y)) return Value();
  return Value::from_double(mathk::nextafter(x, y));
}

Value math_pow(VM& vm, const CallArgs& a, const Value&) {
  double x, y, r;
  if (!two_doubles(vm, a, "pow", "math.pow", &x, &y)) return Value();
  MathErr err = mathk::pow(x, y, &r);
  return math_result(vm, err, r);
}

Value math_fmod(VM& vm, const CallArgs& a, const Value&) {
  double x, y, r;
  if (!two_doubles(vm, a, "fmod", "math.fmod", &x, &y)) return Value();
  MathErr err = mathk::fmod(x, y, &r);
  return math_result(vm, err, r);
}

Value math_ldexp(VM& vm, const CallArgs& a, const Value&) {
  double x, r;
  if (!native_no_kwargs(vm, a, "math.ldexp") || !native_positional(vm, a, "ldexp", 2, 2) ||
      !to_double(vm, a.args[0], &x))
    return Value();
  int64_t e;
  if (!int_value(a.args[1], &e)) return vm.raise(Exc::TypeError, "Expected an int as second argument to ldexp.");
  MathErr err = mathk::ldexp(x, e, &r);
  return math_result(vm, err, r);
}

Value math_modf(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.modf") || !to_double(vm, a.args[0], &x)) return Value();
  double ip, fp;
  if (std::isinf(x)) {
    fp = std::copysign(0.0, x);
    ip = x;
  } else if (std::isnan(x)) {
    fp = ip = x;
  } else {
    fp = std::modf(x, &ip);
  }
  return make_tuple(vm, {Value::from_double(fp), Value::from_double(ip)});
}

Value math_frexp(VM& vm, const CallArgs& a, const Value&) {
  double x;
  if (!native_one_arg(vm, a, "math.frexp") || !to_double(vm, a.args[0], &x)) return Value();
  int e = 0;
  if (!(std::isnan(x) || std::isinf(x) || x == 0.0)) x = std::frexp(x, &e);
  return make_tuple(vm, {Value::from_double(x), make_int(vm, e)});
}

// ------------------------------------------------------------ logarithms
// CPython's loghelper: ints are checked for sign first (so log(0) and log(-1)
// are domain errors without a float conversion), then converted.
bool log_helper(VM& vm, const Value& v, double (*f)(double), double* out) {
  int64_t i;
  if (int_value(v, &i)) {
    if (i <= 0) {
      vm.raise(Exc::ValueError, "math domain error");
      return false;
    }
    *out = f(double(i));
    return true;
  }
  double x;
  if (!to_double(vm, v, &x)) return false;
  MathErr e = mathk::math_1(x, f, false, out);
  if (e != MathErr::None) {
    math_result(vm, e, 0.0);
    return false;
  }
  return true;
}

Value math_log(VM& vm, const CallArgs& a, const Value&) {
  if (a.nkw()) return vm.raise(Exc::TypeError, "log() takes no keyword arguments");
  if (a.nargs < 1 || a.nargs > 2) return vm.raise(Exc::TypeError, "math.log requires 1 to 2 arguments");
  double num, den;
  if (!log_helper(vm, a.args[0], mathk::m_log, &num)) return Value();
  if (a.nargs == 1) return Value::from_double(num);
  if (!log_helper(vm, a.args[1], mathk::m_log, &den)) return Value();
  if (den == 0.0) return vm.raise(Exc::ZeroDivisionError, "float division by zero");
  return Value::from_double(num / den);
}

Value math_log2(VM& vm, const CallArgs& a, const Value&) {
  double r;
  if (!native_one_arg(vm, a, "math.log2") || !log_helper(vm, a.args[0], mathk::m_log2, &r)) return Value();
  return Value::from_double(r);
}

Value math_log10(VM& vm, const CallArgs& a, const Value&) {
  double r;
  if (!native_one_arg(vm, a, "math.log10") || !log_helper(vm, a.args[0], mathk::m_log10, &r)) return Value();
  return Value::from_double(r);
}

// ------------------------------------------------------------ rounding to ints
// floor/ceil: exact floats directly; other objects through __floor__/__ceil__,
// then through their float value.
Value round_to_int(VM& vm, const CallArgs& a, const char* qualname, StrObject* special, double (*f)(double)) {
  if (!native_one_arg(vm, a, qualname)) return Value();
  const Value& v = a.args[0];
  if (v.is_double()) return int_from_double(vm, f(v.as_double()), qualname);
  int64_t i;
  if (int_value(v, &i)) return make_int(vm, i);  // int.__floor__ returns int(self): bool -> int
  if (v.is_object()) {
    Value r = call_special(vm, v, special);
    if (!r.is_empty() || vm.has_exception()) return r;
  }
  double x;
  if (!to_double(vm, v, &x)) return Value();
  return int_from_double(vm, f(x), qualname);
}

double c_floor(double x) { return std::floor(x); }
double c_ceil(double x) { return std::ceil(x); }

Value math_floor(VM& vm, const CallArgs& a, const Value&) {
  return round_to_int(vm, a, "math.floor", vm.names.__floor__, c_floor);
}

Value math_ceil(VM& vm, const CallArgs& a, const Value&) {
  return round_to_int(vm, a, "math.ceil", vm.names.__ceil__, c_ceil);
}

Value math_trunc(VM& vm, const CallArgs& a, const Value&) {
  if (!native_one_arg(vm, a, "math.trunc")) return Value();
  const Value& v = a.args[0];
  if (v.is_double()) return int_from_double(vm, std::trunc(v.as_double()), "math.trunc");
  int64_t i;
  if (int_value(v, &i)) return make_int(vm, i);
  if (v.is_object()) {
    Value r = call_special(vm, v, vm.names.__trunc__);
    if (!r.is_empty() || vm.has_exception()) return r;
  }
  return vm.raisef(Exc::TypeError, "type %.100s doesn't define __trunc__ method", type_name(vm, v));
}

// ------------------------------------------------------------ integer functions
Value math_factorial(VM& vm, const CallArgs& a, const Value&) {
  int64_t n, r;
  if (!native_one_arg(vm, a, "math.factorial") || !index_value(vm, a.args[0], &n)) return Value();
  if (n < 0) return vm.raise(Exc::ValueError, "factorial() not defined for negative values");
  if (!mathk::factorial(n, &r))
    return vm.raisef(Exc::OverflowError, "factorial(%lld) does not fit in Kiln's 64-bit int", (long long)n);
  return make_int(vm, r);
}

Value math_isqrt(VM& vm, const CallArgs& a, const Value&) {
  int64_t n;
  if (!native_one_arg(vm, a, "math.isqrt") || !index_value(vm, a.args[0], &n)) return Value();
  if (n < 0) return vm.raise(Exc::ValueError, "isqrt() argument must be nonnegative");
  return make_int(vm, int64_t(mathk::isqrt(uint64_t(n))));
}

Value math_gcd(VM& vm, const CallArgs& a, const Value&) {
  if (!native_no_kwargs(vm, a, "math.gcd")) return Value();
  uint64_t g = 0;
  for (size_t i = 0; i < a.nargs; i++) {
    int64_t v;
    if (!index_value(vm, a.args[i], &v)) return Value();
    if (g != 1) g = mathk::gcd(g, mathk::uabs(v));  // once 1, only the argument types are checked
  }
  if (g > uint64_t(INT64_MAX)) return vm.raise(Exc::OverflowError, "gcd() result does not fit in Kiln's 64-bit int");
  return make_int(vm, int64_t(g));
}

Value math_lcm(VM& vm, const CallArgs& a, const Value&) {
  if (!native_no_kwargs(vm, a, "math.lcm")) return Value();
  uint64_t l = 1;
  for (size_t i = 0; i < a.nargs; i++) {
    int64_t v;
    if (!index_value(vm, a.args[i], &v)) return Value();
    uint64_t b = mathk::uabs(v);
    if (l == 0) continue;  // once 0, only the argument types are checked
    if (b == 0) {
      l = 0;
      continue;
    }
    uint64_t f = l / mathk::gcd(l, b);
    if (__builtin_mul_overflow(f, b, &l) || l > uint64_t(INT64_MAX))
      return vm.raise(Exc::OverflowError, "lcm() result does not fit in Kiln's 64-bit int");
  }
  if (l > uint64_t(INT64_MAX)) return vm.raise(Exc::OverflowError, "lcm() result does not fit in Kiln's 64-bit int");
  return make_int(vm, int64_t(l));
}

Value math_comb(VM& vm, const CallArgs& a, const Value&) {
  int64_t n, k, r;
  if (!native_no_kwargs(vm, a, "math.comb") || !native_positional(vm, a, "comb", 2, 2) ||
      !index_value(vm, a.args[0], &n) || !index_value(vm, a.args[1], &k))
    return Value();
  if (n < 0) return vm.raise(Exc::ValueError, "n must be a non-negative integer");
  if (k < 0) return vm.raise(Exc::ValueError, "k must be a non-negative integer");
  if (!mathk::comb(n, k, &r))
    return vm.raisef(Exc::OverflowError, "comb(%lld, %lld) does not fit in Kiln's 64-bit int", (long long)n,
                     (long long)k);
  return make_int(vm, r);
}

Value math_perm(VM& vm, const CallArgs& a, const Value& self) {
  if (!native_no_kwargs(vm, a, "math.perm") || !native_positional(vm, a, "perm", 1, 2)) return Value();
  if (a.nargs == 1 || a.args[1].is_none()) {
    CallArgs one{a.args, 1, nullptr};
    return math_factorial(vm, one, self);
  }
  int64_t n, k, r;
  if (!index_value(vm, a.args[0], &n) || !index_value(vm, a.args[1], &k)) return Value();
  if (n < 0) return vm.raise(Exc::ValueError, "n must be a non-negative integer");
  if (k < 0) return vm.raise(Exc::ValueError, "k must be a non-negative integer");
  if (!mathk::perm(n, k, &r))
    return vm.raisef(Exc::OverflowError, "perm(%lld, %lld) does not fit in Kiln's 64-bit int", (long long)n,
                     (long long)k);
  return make_int(vm, r);
}

// ------------------------------------------------------------ sums, products, norms
Value math_fsum(VM& vm, const CallArgs& a, const Value&) {
  if (!native_one_arg(vm, a, "math.fsum")) return Value();
  Value it = get_iter(vm, a.args[0]);
  if (it.is_empty()) return Value();
  mathk::Fsum acc;
  for (;;) {
    Value item = iter_next(vm, it);
    if (item.is_empty()) {
      if (vm.has_exception()) return Value();
      break;
    }
    double x;
    if (!to_double(vm, item, &x)) return Value();
    if (!acc.add(x)) return vm.raise(Exc::OverflowError, "intermediate overflow in fsum");
  }
  double r;
  if (acc.result(&r) == mathk::Fsum::Status::InfMinusInf) return vm.raise(Exc::ValueError, "-inf + inf in fsum");
  return Value::from_double(r);
}

Value math_prod(VM& vm, const CallArgs& a, const Value&) {
  Value args[2];
  if (!bind_clinic_args(vm, a, {"prod", {"iterable", "start"}, 1, 1, 1}, args)) return Value();
  Value start = args[1].is_empty() ? Value::small_int(1) : args[1];
  Value it = get_iter(vm, args[0]);
  if (it.is_empty()) return Value();
  Value result = start;
  for (;;) {
    Value item = iter_next(vm, it);
    if (item.is_empty()) {
      if (vm.has_exception()) return Value();
      return result;
    }
    // Fast paths keep ints and floats out of the generic protocol.
    int64_t p;
    if (result.is_small_int() && item.is_small_int() &&
        !__builtin_mul_overflow(result.as_small_int(), item.as_small_int(), &p) && Value::fits_small_int(p)) {
      result = Value::small_int(p);
      continue;
    }
    if (result.is_double() && (item.is_double() || item.is_small_int())) {
      result = Value::from_double(result.as_double() *
                                  (item.is_double() ? item.as_double() : double(item.as_small_int())));
      continue;
    }
    result = binary_op(vm, BinOpKind::Mult, result, item);
    if (result.is_empty()) return Value();
  }
}

Value math_hypot(VM& vm, const CallArgs& a, const Value&) {
  if (!native_no_kwargs(vm, a, "math.hypot")) return Value();
  std::vector<double> coords(a.nargs);
  double max = 0.0;
  bool found_nan = false;
  for (size_t i = 0; i < a.nargs; i++) {
    double x;
    if (!to_double(vm, a.args[i], &x)) return Value();
    x = std::fabs(x);
    coords[i] = x;
    found_nan |= std::isnan(x);
    if (x > max) max = x;
  }
  return Value::from_double(mathk::vector_norm(coords.size(), coords.data(), max, found_nan));
}

Value math_dist(VM& vm, const CallArgs& a, const Value&) {
  if (!native_no_kwargs(vm, a, "math.dist") || !native_positional(vm, a, "dist", 2, 2)) return Value();
  Value p = is_kind(a.args[0], ObjKind::Tuple) ? a.args[0] : sequence_to_tuple(vm, a.args[0]);
  if (p.is_empty()) return Value();
  Value q = is_kind(a.args[1], ObjKind::Tuple) ? a.args[1] : sequence_to_tuple(vm, a.args[1]);
  if (q.is_empty()) return Value();
  auto* pt = p.as<TupleObject>();
  auto* qt = q.as<TupleObject>();
  if (pt->size != qt->size) return vm.raise(Exc::ValueError, "both points must have the same number of dimensions");
  std::vector<double> diffs(pt->size);
  double max = 0.0;
  bool found_nan = false;
  for (size_t i = 0; i < pt->size; i++) {
    double px, qx;
    if (!to_double(vm, pt->items[i], &px) || !to_double(vm, qt->items[i], &qx)) return Value();
    double x = std::fabs(px - qx);
    diffs[i] = x;
    found_nan |= std::isnan(x);
    if (x > max) max = x;
  }
  return Value::from_double(mathk::vector_norm(diffs.size(), diffs.data(), max, found_nan));
}

Value math_isclose(VM& vm, const CallArgs& a, const Value&) {
  Value args[4];
  if (!bind_clinic_args(vm, a, {"isclose", {"a", "b", "rel_tol", "abs_tol"}, 0, 2, 2}, args)) return Value();
  const Value* got[4] = {&args[0], &args[1], args[2].is_empty() ? nullptr : &args[2],
                         args[3].is_empty() ? nullptr : &args[3]};
  double x, y, rel_tol = 1e-09, abs_tol = 0.0;
  if (!to_double(vm, *got[0], &x) || !to_double(vm, *got[1], &y)) return Value();
  if (got[2] && !to_double(vm, *got[2], &rel_tol)) return Value();
  if (got[3] && !to_double(vm, *got[3], &abs_tol)) return Value();
  if (rel_tol < 0.0 || abs_tol < 0.0) return vm.raise(Exc::ValueError, "tolerances must be non-negative");
  if (x == y) return Value::boolean(true);  // also catches two infinities of the same sign
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double diff = std::fabs(y - x);
  return Value::boolean(diff <= std::fabs(rel_tol * y) || diff <= std::fabs(rel_tol * x) || diff <= abs_tol);
}

}  // namespace

Value init_math_module(VM& vm) {
  Value m = new_native_module(vm, "math");
  if (m.is_empty()) return m;
  const Value& d = module_dict(m);
#define X(name, ...) vm.add_function(d, #name, math_##name);
  KILN_MATH_FUNC1(X)
  KILN_MATH_FUNC1A(X)
  KILN_MATH_FUNC2(X)
#undef X
  struct Entry {
    const char* name;
    NativeFn fn;
  };
  static const Entry kFunctions[] = {
      {"ceil", math_ceil},         {"comb", math_comb},         {"degrees", math_degrees},
      {"dist", math_dist},         {"factorial", math_factorial}, {"floor", math_floor},
      {"fmod", math_fmod},         {"frexp", math_frexp},       {"fsum", math_fsum},
      {"gcd", math_gcd},           {"hypot", math_hypot},       {"isclose", math_isclose},
      {"isfinite", math_isfinite}, {"isinf", math_isinf},       {"isnan", math_isnan},
      {"isqrt", math_isqrt},       {"lcm", math_lcm},           {"ldexp", math_ldexp},
      {"log", math_log},           {"log10", math_log10},       {"log2", math_log2},
      {"modf", math_modf},         {"nextafter", math_nextafter}, {"perm", math_perm},
      {"pow", math_pow},           {"prod", math_prod},         {"radians", math_radians},
      {"trunc", math_trunc},       {"ulp", math_ulp},
  };
  for (const Entry& e : kFunctions) vm.add_function(d, e.name, e.fn);
  const double inf = std::numeric_limits<double>::infinity();
  if (!module_set(vm, m, "pi", Value::from_double(3.141592653589793)) ||
      !module_set(vm, m, "e", Value::from_double(2.718281828459045)) ||
      !module_set(vm, m, "tau", Value::from_double(6.283185307179586)) ||
      !module_set(vm, m, "inf", Value::from_double(inf)) ||
      !module_set(vm, m, "nan", Value::from_double(std::numeric_limits<double>::quiet_NaN())))
    return Value();
  return m;
}

}  // namespace kiln::vm
