// vm/numbers.cpp — int, bool and float semantics (CPython's Objects/longobject.c
// and Objects/floatobject.c, restricted to 64-bit ints). See numbers.h.
#include "vm/numbers.h"

#include <cstdlib>
#include <cctype>

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "vm/container_support.h"
#include "vm/float_repr.h"
#include "vm/format.h"
#include "vm/str.h"
#include "vm/str_unicode.h"
#include "vm/tuple.h"

namespace kiln::vm {

// ================================================================ int values

bool int_value_slow(const Value& v, int64_t* out) {
  if (v.is_bool()) {
    *out = v.is_true() ? 1 : 0;
    return true;
  }
  if (is_kind(v, ObjKind::Int)) {
    *out = v.as<IntObject>()->value;
    return true;
  }
  return false;
}

Value make_boxed_int(VM& vm, int64_t i) {
  auto* o = object_new<IntObject>(vm, ObjKind::Int, vm.types.int_);
  o->value = i;
  return Value::steal(o);
}

bool number_as_double(const Value& v, double* out) {
  if (v.is_double()) {
    *out = v.as_double();
    return true;
  }
  int64_t i;
  if (int_value(v, &i)) {
    *out = double(i);
    return true;
  }
  return false;
}

std::string int_to_decimal(int64_t v) { return fmt::format_int(v).str(); }

namespace {

const char* const kBinopSymbol[] = {
#define X(name, sym, dunder) sym,
    KILN_AST_BINOPS(X)
#undef X
};

Value int_overflow(VM& vm, int64_t x, BinOpKind op, int64_t y) {
  return vm.raise(Exc::OverflowError, fmt::format("int too large: {} {} {} does not fit in Kiln's 64-bit int", x,
                                                  kBinopSymbol[size_t(op)], y));
}
Value overflow_msg(VM& vm, std::string_view what) {
  return vm.raise(Exc::OverflowError, fmt::format("int too large: {} does not fit in Kiln's 64-bit int", what));
}

constexpr double kTwo63 = 9223372036854775808.0;  // 2**63

// ================================================================ hashing

}  // namespace

int64_t hash_int(int64_t v) {
  uint64_t mag = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  int64_t h = int64_t(mag % kHashModulus);
  if (v < 0) h = -h;
  return h == -1 ? -2 : h;
}

// CPython's _Py_HashDouble (Python/pyhash.c): the value reduced modulo
// 2**61 - 1 as a rational number, so equal ints and floats hash alike.
int64_t hash_double(double v) {
  if (!std::isfinite(v)) {
    if (std::isinf(v)) return v > 0 ? kHashInf : -kHashInf;
    return 0;  // CPython hashes NaN by identity; Kiln's NaNs have none
  }
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & kHashModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    uint64_t y = uint64_t(m);
    m -= double(y);
    x += y;
    if (x >= kHashModulus) x -= kHashModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kHashModulus) | x >> (kHashBits - e);
  x = x * uint64_t(int64_t(sign));
  if (x == uint64_t(-1)) x = uint64_t(-2);
  return int64_t(x);
}

bool number_hash(VM& vm, const Value& v, int64_t* out) {
  int64_t i;
  if (v.is_double()) {
    *out = hash_double(v.as_double());
    return true;
  }
  if (int_value(v, &i)) {
    *out = hash_int(i);
    return true;
  }
  vm.raisef(Exc::TypeError, "unhashable type: '%s'", type_name(vm, v));
  return false;
}

bool number_truthy(const Value& v) {
  if (v.is_double()) return v.as_double() != 0.0;
  int64_t i = 0;
  int_value(v, &i);
  return i != 0;
}

// ================================================================ float arithmetic

namespace {

bool is_odd_integer(double w) { return std::fmod(std::fabs(w), 2.0) == 1.0; }

Value complex_unsupported(VM& vm) {
  return vm.raise(Exc::NotImplementedError,
                  "complex numbers are not supported by Kiln (a negative number raised to a fractional power)");
}

// CPython's float_pow, minus the complex results.
Value float_pow(VM& vm, double iv, double iw) {
  if (iw == 0) return Value::from_double(1.0);
  if (std::isnan(iv)) return Value::from_double(iv);
  if (std::isnan(iw)) return Value::from_double(iv == 1.0 ? 1.0 : iw);
  if (std::isinf(iw)) {
    iv = std::fabs(iv);
    if (iv == 1.0) return Value::from_double(1.0);
    if ((iw > 0.0) == (iv > 1.0)) return Value::from_double(std::fabs(iw));
    return Value::from_double(0.0);
  }
  if (std::isinf(iv)) {
    bool odd = is_odd_integer(iw);
    if (iw > 0.0) return Value::from_double(odd ? iv : std::fabs(iv));
    return Value::from_double(odd ? std::copysign(0.0, iv) : 0.0);
  }
  if (iv == 0.0) {
    bool odd = is_odd_integer(iw);
    if (iw < 0.0) return vm.raise(Exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
    return Value::from_double(odd ? iv : 0.0);
  }
  bool negate = false;
  if (iv < 0.0) {
    if (iw != std::floor(iw)) return complex_unsupported(vm);
    iv = -iv;
    negate = is_odd_integer(iw);
  }
  if (iv == 1.0) return Value::from_double(negate ? -1.0 : 1.0);
  double ix = std::pow(iv, iw);
  if (std::isinf(ix)) return vm.raise(Exc::OverflowError, "(34, 'Numerical result out of range')");
  return Value::from_double(negate ? -ix : ix);
}

// CPython's _float_div_mod: floor quotient and remainder with the sign of
// the divisor (wx != 0).
void float_div_mod(double vx, double wx, double* floordiv, double* mod) {
  *mod = std::fmod(vx, wx);
  double div = (vx - *mod) / wx;
  if (*mod) {
    if ((wx < 0) != (*mod < 0)) {
      *mod += wx;
      div -= 1.0;
    }
  } else {
    *mod = std::copysign(0.0, wx);
  }
  if (div) {
    *floordiv = std::floor(div);
    if (div - *floordiv > 0.5) *floordiv += 1.0;
  } else {
    *floordiv = std::copysign(0.0, vx / wx);
  }
}

double float_mod(double vx, double wx) {
  double mod = std::fmod(vx, wx);
  if (mod) {
    if ((wx < 0) != (mod < 0)) mod += wx;
  } else {
    mod = std::copysign(0.0, wx);
  }
  return mod;
}

Value float_binop(VM& vm, BinOpKind op, double x, double y) {
  switch (op) {
    case BinOpKind::Add: return Value::from_double(x + y);
    case BinOpKind::Sub: return Value::from_double(x - y);
    case BinOpKind::Mult: return Value::from_double(x * y);
    case BinOpKind::Div:
      if (y == 0.0) return vm.raise(Exc::ZeroDivisionError, "float division by zero");
      return Value::from_double(x / y);
    case BinOpKind::FloorDiv: {
      if (y == 0.0) return vm.raise(Exc::ZeroDivisionError, "float floor division by zero");
      double q, r;
      float_div_mod(x, y, &q, &r);
      return Value::from_double(q);
    }
    case BinOpKind::Mod:
      if (y == 0.0) return vm.raise(Exc::ZeroDivisionError, "float modulo");
      return Value::from_double(float_mod(x, y));
    case BinOpKind::Pow: return float_pow(vm, x, y);
    default: return Value::not_implemented();
  }
}

// ================================================================ int arithmetic

// int / int correctly rounded (CPython's long_true_divide), also beyond 2**53.
double int_true_divide(int64_t x, int64_t y) {
  constexpr int64_t k = int64_t(1) << 53;
  if (x >= -k && x <= k && y >= -k && y <= k) return double(x) / double(y);
  bool neg = (x < 0) != (y < 0);
  uint64_t a = x < 0 ? 0 - uint64_t(x) : uint64_t(x);
  uint64_t b = y < 0 ? 0 - uint64_t(y) : uint64_t(y);
  if (a == 0) return neg ? -0.0 : 0.0;
  uint64_t q = a / b, r = a % b;
  int exp = 0;
  // Long division until the quotient has 56+ bits (53 + guard bits); the
  // remainder then only breaks ties.
  while (q < (uint64_t(1) << 55)) {
    r <<= 1;  // r < b <= 2**63, so no overflow
    q <<= 1;
    if (r >= b) {
      r -= b;
      q |= 1;
    }
    --exp;
  }
  int nbits = 64 - __builtin_clzll(q);
  int shift = nbits - 53;
  uint64_t low = q & ((uint64_t(1) << shift) - 1);
  uint64_t half = uint64_t(1) << (shift - 1);
  uint64_t m = q >> shift;
  if (low > half || (low == half && (r != 0 || (m & 1)))) ++m;
  double d = std::ldexp(double(m), exp + shift);
  return neg ? -d : d;
}

// Nonnegative exponent (y >= 0).
bool int_pow_checked(int64_t base, int64_t e, int64_t* out) {
  if (base == 0) {
    *out = e == 0 ? 1 : 0;
    return true;
  }
  if (base == 1) {
    *out = 1;
    return true;
  }
  if (base == -1) {
    *out = (e & 1) ? -1 : 1;
    return true;
  }
  if (e >= 64) return false;  // |base| >= 2
  int64_t result = 1;
  for (;;) {
    if (e & 1) {
      if (__builtin_mul_overflow(result, base, &result)) return false;
    }
    e >>= 1;
    if (!e) break;
    if (__builtin_mul_overflow(base, base, &base)) return false;
  }
  *out = result;
  return true;
}

int64_t floor_div(int64_t x, int64_t y) {  // y != 0, not (INT64_MIN, -1)
  int64_t q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}
int64_t floor_mod(int64_t x, int64_t y) {  // y != 0
  if (y == -1) return 0;
  int64_t r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) r += y;
  return r;
}

Value int_binop(VM& vm, BinOpKind op, int64_t x, int64_t y) {
  int64_t r;
  switch (op) {
    case BinOpKind::Add:
      if (__builtin_add_overflow(x, y, &r)) return int_overflow(vm, x, op, y);
      return make_int(vm, r);
    case BinOpKind::Sub:
      if (__builtin_sub_overflow(x, y, &r)) return int_overflow(vm, x, op, y);
      return make_int(vm, r);
    case BinOpKind::Mult:
      if (__builtin_mul_overflow(x, y, &r)) return int_overflow(vm, x, op, y);
      return make_int(vm, r);
    case BinOpKind::Div:
      if (y == 0) return vm.raise(Exc::ZeroDivisionError, "division by zero");
      return Value::from_double(int_true_divide(x, y));
    case BinOpKind::FloorDiv:
      if (y == 0) return vm.raise(Exc::ZeroDivisionError, "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1) return int_overflow(vm, x, op, y);
      return make_int(vm, floor_div(x, y));
    case BinOpKind::Mod:
      if (y == 0) return vm.raise(Exc::ZeroDivisionError, "integer modulo by zero");
      return make_int(vm, floor_mod(x, y));
    case BinOpKind::Pow:
      if (y < 0) {
        if (x == 0) return vm.raise(Exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return float_pow(vm, double(x), double(y));
      }
      if (!int_pow_checked(x, y, &r)) return int_overflow(vm, x, op, y);
      return make_int(vm, r);
    case BinOpKind::LShift:
      if (y < 0) return vm.raise(Exc::ValueError, "negative shift count");
      if (x == 0) return Value::small_int(0);
      if (y >= 64) return int_overflow(vm, x, op, y);
      r = int64_t(uint64_t(x) << y);
      if ((r >> y) != x) return int_overflow(vm, x, op, y);
      return make_int(vm, r);
    case BinOpKind::RShift:
      if (y < 0) return vm.raise(Exc::ValueError, "negative shift count");
      if (y >= 64) return Value::small_int(x < 0 ? -1 : 0);
      return make_int(vm, x >> y);
    case BinOpKind::BitAnd: return make_int(vm, x & y);
    case BinOpKind::BitOr: return make_int(vm, x | y);
    case BinOpKind::BitXor: return make_int(vm, x ^ y);
    default: return Value::not_implemented();
  }
}

}  // namespace

namespace {
Value number_binop_or_notimpl(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  int64_t x, y;
  bool ai = int_value(a, &x);
  bool bi = int_value(b, &y);
  if (ai && bi) {
    // bool & | ^ bool stays a bool.
    if (a.is_bool() && b.is_bool()) {
      if (op == BinOpKind::BitAnd) return Value::boolean(x & y);
      if (op == BinOpKind::BitOr) return Value::boolean(x | y);
      if (op == BinOpKind::BitXor) return Value::boolean(x ^ y);
    }
    return int_binop(vm, op, x, y);
  }
  if ((ai || a.is_double()) && (bi || b.is_double())) {
    double dx = ai ? double(x) : a.as_double();
    double dy = bi ? double(y) : b.as_double();
    return float_binop(vm, op, dx, dy);
  }
  return Value::not_implemented();
}
}  // namespace

Value number_binop(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  Value r = number_binop_or_notimpl(vm, op, a, b);
  if (r.is_not_implemented() && is_number(a) && is_number(b)) {
    // No other class can take part when both operands are numbers.
    return vm.raise(Exc::TypeError, fmt::format("unsupported operand type(s) for {}: '{}' and '{}'",
                                                kBinopSymbol[size_t(op)], type_name(vm, a), type_name(vm, b)));
  }
  return r;
}

Value number_unary(VM& vm, UnaryOpKind op, const Value& v) {
  if (v.is_double()) {
    double d = v.as_double();
    if (op == UnaryOpKind::USub) return Value::from_double(-d);
    if (op == UnaryOpKind::UAdd) return v;
    if (op == UnaryOpKind::Not) return Value::boolean(d == 0.0);
    return Value::not_implemented();
  }
  int64_t i;
  if (!int_value(v, &i)) return Value::not_implemented();
  switch (op) {
    case UnaryOpKind::USub:
      if (i == INT64_MIN) return overflow_msg(vm, fmt::format("-({})", i));
      return make_int(vm, -i);
    case UnaryOpKind::UAdd: return make_int(vm, i);
    case UnaryOpKind::Invert: return make_int(vm, ~i);
    case UnaryOpKind::Not: return Value::boolean(i == 0);
  }
  return Value::not_implemented();
}

Value number_abs(VM& vm, const Value& v) {
  if (v.is_double()) return Value::from_double(std::fabs(v.as_double()));
  int64_t i;
  if (!int_value(v, &i)) return Value::not_implemented();
  if (i == INT64_MIN) return overflow_msg(vm, fmt::format("abs({})", i));
  return make_int(vm, i < 0 ? -i : i);
}

// ================================================================ comparison

namespace {
// Exact comparison of an int64 with a double: -1, 0, 1, or 2 for NaN.
int cmp_int_double(int64_t i, double d) {
  if (std::isnan(d)) return 2;
  if (d >= kTwo63) return -1;
  if (d < -kTwo63) return 1;
  double t = std::trunc(d);
  int64_t ti = int64_t(t);  // exact: |t| < 2**63
  if (i < ti) return -1;
  if (i > ti) return 1;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}
}  // namespace

int number_cmp(const Value& a, const Value& b) {
  int64_t x, y;
  bool ai = int_value(a, &x), bi = int_value(b, &y);
  if (ai && bi) return x < y ? -1 : x > y ? 1 : 0;
  if (ai) return cmp_int_double(x, b.as_double());
  if (bi) {
    int c = cmp_int_double(y, a.as_double());
    return c == 2 ? 2 : -c;
  }
  double dx = a.as_double(), dy = b.as_double();
  if (dx < dy) return -1;
  if (dx > dy) return 1;
  if (dx == dy) return 0;
  return 2;
}

Value number_compare(VM& vm, CmpOpKind op, const Value& a, const Value& b) {
  if (!is_number(a) || !is_number(b)) return Value::not_implemented();
  int c = number_cmp(a, b);
  if (c == 2) return Value::boolean(op == CmpOpKind::NotEq);
  switch (op) {
    case CmpOpKind::Lt: return Value::boolean(c < 0);
    case CmpOpKind::LtE: return Value::boolean(c <= 0);
    case CmpOpKind::Eq: return Value::boolean(c == 0);
    case CmpOpKind::NotEq: return Value::boolean(c != 0);
    case CmpOpKind::Gt: return Value::boolean(c > 0);
    case CmpOpKind::GtE: return Value::boolean(c >= 0);
    default: return Value::not_implemented();
  }
}

// ================================================================ divmod, pow, round

Value number_divmod(VM& vm, const Value& a, const Value& b) {
  int64_t x, y;
  bool ai = int_value(a, &x), bi = int_value(b, &y);
  if (ai && bi) {
    if (y == 0) return vm.raise(Exc::ZeroDivisionError, "integer division or modulo by zero");
    if (x == INT64_MIN && y == -1) return int_overflow(vm, x, BinOpKind::FloorDiv, y);
    Value q = make_int(vm, floor_div(x, y));
    Value r = make_int(vm, floor_mod(x, y));
    return tuple_pack(vm, {q, r});
  }
  if ((ai || a.is_double()) && (bi || b.is_double())) {
    double dx = ai ? double(x) : a.as_double();
    double dy = bi ? double(y) : b.as_double();
    if (dy == 0.0) return vm.raise(Exc::ZeroDivisionError, "float divmod()");
    double q, r;
    float_div_mod(dx, dy, &q, &r);
    return tuple_pack(vm, {Value::from_double(q), Value::from_double(r)});
  }
  return Value::not_implemented();
}

Value number_pow(VM& vm, const Value& base, const Value& exp, const Value& mod) {
  if (mod.is_empty() || mod.is_none()) return number_binop(vm, BinOpKind::Pow, base, exp);
  if (!is_number(base) || !is_number(exp) || !is_number(mod)) return Value::not_implemented();
  int64_t b, e, m;
  if (!int_value(base, &b) || !int_value(exp, &e) || !int_value(mod, &m)) {
    return vm.raise(Exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  }
  if (m == 0) return vm.raise(Exc::ValueError, "pow() 3rd argument cannot be 0");
  // Work modulo |m| with 128-bit products, then give the result m's sign.
  unsigned __int128 um = m < 0 ? (unsigned __int128)(0 - uint64_t(m)) : (unsigned __int128)uint64_t(m);
  __int128 bb = __int128(b) % __int128(um);
  if (bb < 0) bb += __int128(um);
  unsigned __int128 ub = (unsigned __int128)bb;
  if (e < 0) {
    // Modular inverse by the extended Euclidean algorithm.
    __int128 t = 0, newt = 1, r = __int128(um), newr = __int128(ub);
    while (newr != 0) {
      __int128 q = r / newr;
      __int128 tmp = t - q * newt;
      t = newt;
      newt = tmp;
      tmp = r - q * newr;
      r = newr;
      newr = tmp;
    }
    if (r != 1) {
      if (um == 1) return Value::small_int(0);
      return vm.raise(Exc::ValueError, "base is not invertible for the given modulus");
    }
    if (t < 0) t += __int128(um);
    ub = (unsigned __int128)t;
  }
  unsigned __int128 res = 1 % um, bp = ub;
  uint64_t ee = e < 0 ? 0 - uint64_t(e) : uint64_t(e);  // |e| (the base was inverted for e < 0)
  while (ee) {
    if (ee & 1) res = res * bp % um;
    bp = bp * bp % um;
    ee >>= 1;
  }
  int64_t out = int64_t(res);
  // Python's result has the sign of the modulus.
  if (m < 0 && out != 0) out = int64_t(__int128(out) + __int128(m));
  return make_int(vm, out);
}

namespace {
// round(x) for a float: nearest integer, ties to even; the result is an int.
Value round_float_to_int(VM& vm, double d) {
  double r = std::round(d);
  if (std::fabs(d - r) == 0.5) r = 2.0 * std::round(d / 2.0);
  return int_from_double(vm, r);
}
}  // namespace

Value number_round(VM& vm, const Value& x, const Value& ndigits) {
  if (!is_number(x)) return Value::not_implemented();
  bool have_n = !(ndigits.is_empty() || ndigits.is_none());
  if (!have_n) {
    if (x.is_double()) return round_float_to_int(vm, x.as_double());
    int64_t i;
    int_value(x, &i);
    return make_int(vm, i);
  }
  int64_t n;
  if (!index_value(vm, ndigits, &n)) return Value();
  if (x.is_double()) {
    int nd = n > 1000 ? 1000 : n < -1000 ? -1000 : int(n);
    bool overflow = false;
    double r = round_double(x.as_double(), nd, &overflow);
    if (overflow) return vm.raise(Exc::OverflowError, "rounded value too large to represent");
    return Value::from_double(r);
  }
  int64_t i;
  int_value(x, &i);
  if (n >= 0) return make_int(vm, i);
  if (n < -38) return Value::small_int(0);
  // Round half to even at 10**-n, in 128 bits (10**19 already exceeds int64).
  __int128 p = 1;
  for (int64_t k = 0; k < -n; ++k) p *= 10;
  __int128 v = i;
  __int128 q = v / p, r = v % p;
  if (r < 0) {
    r += p;
    q -= 1;
  }
  if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
  __int128 res = q * p;
  if (res > INT64_MAX || res < INT64_MIN) {
    return overflow_msg(vm, fmt::format("round({}, {})", i, n));
  }
  return make_int(vm, int64_t(res));
}

// ================================================================ text

Value number_repr(VM& vm, const Value& v) {
  if (v.is_double()) return make_str(vm, float_repr(v.as_double()));
  if (v.is_true()) return make_str(vm, "True");
  if (v.is_false()) return make_str(vm, "False");
  int64_t i = 0;
  int_value(v, &i);
  fmt::format_int f(i);
  return make_str(vm, std::string_view(f.data(), f.size()));
}

// ================================================================ conversions

Value int_from_double(VM& vm, double d) {
  if (std::isnan(d)) return vm.raise(Exc::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(d)) return vm.raise(Exc::OverflowError, "cannot convert float infinity to integer");
  double t = std::trunc(d);
  if (t >= kTwo63 || t < -kTwo63) return overflow_msg(vm, fmt::format("int({})", float_repr(d)));
  return make_int(vm, int64_t(t));
}

namespace {

// CPython's _PyUnicode_TransformDecimalAndSpaceToASCII: Unicode whitespace
// becomes ' ', Unicode decimal digits their ASCII digit, anything else
// non-ASCII '?' (which then fails to parse).
std::string_view to_ascii_digits(std::string_view s, std::string& buf) {
  bool ascii = true;
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return s;
  buf.clear();
  size_t i = 0;
  while (i < s.size()) {
    uint32_t cp = unicode::decode(s.data(), s.size(), i);
    if (cp < 0x80) {
      buf.push_back(char(cp));
    } else if (unicode::is_space(cp)) {
      buf.push_back(' ');
    } else {
      int d = unicode::decimal_value(cp);
      buf.push_back(d >= 0 ? char('0' + d) : '?');
    }
  }
  return buf;
}

bool ascii_space(char c) { return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f); }

std::string_view strip_ascii_space(std::string_view t) {
  size_t i = 0, n = t.size();
  while (i < n && ascii_space(t[i])) ++i;
  while (n > i && ascii_space(t[n - 1])) --n;
  return t.substr(i, n - i);
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// repr() of the original text for error messages (CPython's %R / %.200R).
std::string text_repr(VM& vm, std::string_view s, size_t max_chars = 0) {
  std::string r = str_repr_text(s);
  if (max_chars && r.size() > max_chars) {
    // Truncate by code points.
    size_t i = 0, count = 0;
    while (i < r.size() && count < max_chars) {
      i += unicode::seq_len(static_cast<unsigned char>(r[i]));
      ++count;
    }
    r.resize(i);
  }
  return r;
}

}  // namespace

Value int_from_string(VM& vm, std::string_view s, int base) {
  std::string buf;
  std::string_view t = strip_ascii_space(to_ascii_digits(s, buf));
  auto invalid = [&]() {
    return vm.raise(Exc::ValueError, fmt::format("invalid literal for int() with base {}: {}", base,
                                                 text_repr(vm, s, 200)));
  };
  size_t i = 0, n = t.size();
  bool neg = false;
  if (i < n && (t[i] == '+' || t[i] == '-')) neg = t[i++] == '-';
  int b = base;
  bool error_if_nonzero = false;
  auto prefix_is = [&](char lower) { return i + 1 < n && t[i] == '0' && (t[i + 1] | 0x20) == lower; };
  if (b == 0) {
    if (i >= n || t[i] != '0') {
      b = 10;
    } else if (prefix_is('x')) {
      b = 16;
    } else if (prefix_is('o')) {
      b = 8;
    } else if (prefix_is('b')) {
      b = 2;
    } else {
      error_if_nonzero = true;  // "old" C-style octal like 012 is invalid
      b = 10;
    }
  }
  if ((b == 16 && prefix_is('x')) || (b == 8 && prefix_is('o')) || (b == 2 && prefix_is('b'))) {
    i += 2;
    if (i < n && t[i] == '_') ++i;  // one underscore allowed after the prefix
  }
  if (i >= n || t[i] == '_') return invalid();
  // Magnitude up to 2**63 (for INT64_MIN); beyond that only keep validating.
  const uint64_t limit = neg ? uint64_t(1) << 63 : uint64_t(INT64_MAX);
  uint64_t mag = 0;
  bool too_big = false, prev_underscore = false;
  for (; i < n; ++i) {
    char c = t[i];
    if (c == '_') {
      if (prev_underscore) return invalid();
      prev_underscore = true;
      continue;
    }
    int d = digit_value(c);
    if (d >= b) return invalid();
    prev_underscore = false;
    if (!too_big) {
      unsigned __int128 next = (unsigned __int128)mag * unsigned(b) + unsigned(d);
      if (next > limit)
        too_big = true;
      else
        mag = uint64_t(next);
    }
  }
  if (prev_underscore) return invalid();
  if (error_if_nonzero && (mag != 0 || too_big)) return invalid();
  if (too_big) return overflow_msg(vm, fmt::format("int({})", text_repr(vm, s, 200)));
  int64_t v = neg ? int64_t(0 - mag) : int64_t(mag);
  return make_int(vm, v);
}

Value float_from_string(VM& vm, std::string_view s) {
  std::string buf;
  std::string_view t = strip_ascii_space(to_ascii_digits(s, buf));
  auto invalid = [&]() {
    return vm.raise(Exc::ValueError, fmt::format("could not convert string to float: {}", text_repr(vm, s)));
  };
  // Underscores are allowed only between two digits (PEP 515).
  std::string clean;
  std::string_view body = t;
  if (t.find('_') != std::string_view::npos) {
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '_') {
        bool ok = i > 0 && i + 1 < t.size() && t[i - 1] >= '0' && t[i - 1] <= '9' && t[i + 1] >= '0' && t[i + 1] <= '9';
        if (!ok) return invalid();
        continue;
      }
      clean.push_back(t[i]);
    }
    body = clean;
  }
  double d;
  if (!parse_double(body, &d)) return invalid();
  return Value::from_double(d);
}

namespace {

// Calls the special method `name` of v's class with v; Empty (no exception)
// if the class has none.
Value call_special(VM& vm, const Value& v, StrObject* name, bool* found) {
  Value m = type_lookup(type_of(vm, v), name);
  *found = bool(m);
  if (!m) return Value();
  return vm.call1(m, v);
}

Value int_from_object(VM& vm, const Value& x) {
  int64_t i;
  if (int_value(x, &i)) return make_int(vm, i);
  if (x.is_double()) return int_from_double(vm, x.as_double());
  if (is_str(x)) return int_from_string(vm, str_view(x), 10);
  if (x.is_object()) {
    bool found;
    Value r = call_special(vm, x, vm.names.__int__, &found);
    if (found) {
      if (!r) return r;
      if (!int_value(r, &i)) return vm.raisef(Exc::TypeError, "__int__ returned non-int (type %s)", type_name(vm, r));
      return make_int(vm, i);
    }
    r = call_special(vm, x, vm.names.__index__, &found);
    if (found) {
      if (!r) return r;
      if (!int_value(r, &i)) {
        return vm.raisef(Exc::TypeError, "__index__ returned non-int (type %s)", type_name(vm, r));
      }
      return make_int(vm, i);
    }
    r = call_special(vm, x, vm.names.__trunc__, &found);
    if (found) {
      if (!r) return r;
      if (int_value(r, &i)) return make_int(vm, i);
      Value r2 = call_special(vm, r, vm.names.__index__, &found);
      if (!found) {
        return vm.raisef(Exc::TypeError, "__trunc__ returned non-Integral (type %s)", type_name(vm, r));
      }
      if (!r2) return r2;
      if (!int_value(r2, &i)) {
        return vm.raisef(Exc::TypeError, "__index__ returned non-int (type %s)", type_name(vm, r2));
      }
      return make_int(vm, i);
    }
  }
  return vm.raisef(Exc::TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'",
                   type_name(vm, x));
}

}  // namespace

Value int_call(VM& vm, const CallArgs& a) {
  size_t total = a.nargs + a.nkw();
  if (total > 2) return vm.raisef(Exc::TypeError, "int() takes at most 2 arguments (%zu given)", total);
  Value x, base;
  if (a.nargs >= 1) x = a.args[0];
  if (a.nargs >= 2) base = a.args[1];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view name = str_view(a.kwnames->items[k]);
    if (name == "base" && a.nargs < 2) {
      base = a.kwvalue(k);
    } else if (name == "base") {
      return vm.raise(Exc::TypeError, "argument for int() given by name ('base') and position (2)");
    } else {
      return vm.raise(Exc::TypeError, fmt::format("'{}' is an invalid keyword argument for int()", name));
    }
  }
  if (!x) {
    if (base) return vm.raise(Exc::TypeError, "int() missing string argument");
    return Value::small_int(0);
  }
  if (!base) return int_from_object(vm, x);
  int64_t b;
  if (!index_value(vm, base, &b)) return Value();
  if (!(b == 0 || (b >= 2 && b <= 36))) return vm.raise(Exc::ValueError, "int() base must be >= 2 and <= 36, or 0");
  if (!is_str(x)) return vm.raise(Exc::TypeError, "int() can't convert non-string with explicit base");
  return int_from_string(vm, str_view(x), int(b));
}

Value float_call(VM& vm, const CallArgs& a) {
  if (a.nkw()) return vm.raise(Exc::TypeError, "float() takes no keyword arguments");
  if (a.nargs > 1) return vm.raisef(Exc::TypeError, "float expected at most 1 argument, got %zu", a.nargs);
  if (a.nargs == 0) return Value::from_double(0.0);
  const Value& x = a.args[0];
  if (x.is_double()) return x;
  int64_t i;
  if (int_value(x, &i)) return Value::from_double(double(i));
  if (is_str(x)) return float_from_string(vm, str_view(x));
  if (x.is_object()) {
    bool found;
    Value r = call_special(vm, x, vm.names.__float__, &found);
    if (found) {
      if (!r) return r;
      if (!r.is_double()) {
        return vm.raisef(Exc::TypeError, "%s.__float__ returned non-float (type %s)", type_name(vm, x),
                         type_name(vm, r));
      }
      return r;
    }
    r = call_special(vm, x, vm.names.__index__, &found);
    if (found) {
      if (!r) return r;
      if (!int_value(r, &i)) {
        return vm.raisef(Exc::TypeError, "__index__ returned non-int (type %s)", type_name(vm, r));
      }
      return Value::from_double(double(i));
    }
  }
  return vm.raisef(Exc::TypeError, "float() argument must be a string or a real number, not '%s'", type_name(vm, x));
}

Value int_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  Value r = int_call(vm, a);
  if (!r || cls == vm.types.int_) return r;
  // An instance of a subclass of int: boxed whatever its size, so that it can
  // carry its class (int_value reads it like any boxed int).
  int64_t i;
  int_value(r, &i);
  auto* o = object_new<IntObject>(vm, ObjKind::Int, cls);
  o->value = i;
  return Value::steal(o);
}

Value float_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  if (cls != vm.types.float_) {
    return vm.raise(Exc::NotImplementedError, "subclasses of float are not supported by Kiln");
  }
  return float_call(vm, a);
}

// ================================================================ slots for boxed ints

namespace {

Value int_slot_repr(VM& vm, Object* o) { return make_str(vm, int_to_decimal(static_cast<IntObject*>(o)->value)); }
bool int_slot_hash(VM& vm, Object* o, int64_t* out) {
  *out = hash_int(static_cast<IntObject*>(o)->value);
  return true;
}
Value int_slot_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  Value self = Value::borrow(o);
  return number_compare(vm, op, self, other);
}
int int_slot_truthy(VM& vm, Object* o) { return static_cast<IntObject*>(o)->value != 0; }
Value int_slot_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  return number_binop(vm, op, a, b);
}

}  // namespace

const KindSlots int_slots = [] {
  KindSlots s;
  s.repr = int_slot_repr;
  s.hash = int_slot_hash;
  s.richcompare = int_slot_richcompare;
  s.truthy = int_slot_truthy;
  s.binop = int_slot_binop;
  return s;
}();

// ================================================================ methods

namespace {

bool check_self(VM& vm, const CallArgs& a, bool want_float, const char* name) {
  if (a.nargs >= 1 && (want_float ? a.args[0].is_double() : is_int(a.args[0]))) return true;
  const char* owner = want_float ? "float" : "int";
  if (a.nargs == 0) {
    vm.raisef(Exc::TypeError, "unbound method %s.%s() needs an argument", owner, name);
  } else {
    vm.raisef(Exc::TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, owner,
              type_name(vm, a.args[0]));
  }
  return false;
}

bool check_noargs(VM& vm, const CallArgs& a, bool want_float, const char* name) {
  if (!check_self(vm, a, want_float, name)) return false;
  const char* owner = want_float ? "float" : "int";
  if (a.nkw()) {
    vm.raisef(Exc::TypeError, "%s.%s() takes no keyword arguments", owner, name);
    return false;
  }
  if (a.nargs != 1) {
    vm.raisef(Exc::TypeError, "%s.%s() takes no arguments (%zu given)", owner, name, a.nargs - 1);
    return false;
  }
  return true;
}

Value m_int_bit_length(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, false, "bit_length")) return Value();
  int64_t i;
  int_value(a.args[0], &i);
  uint64_t mag = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
  return Value::small_int(mag ? 64 - __builtin_clzll(mag) : 0);
}
Value m_int_bit_count(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, false, "bit_count")) return Value();
  int64_t i;
  int_value(a.args[0], &i);
  uint64_t mag = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
  return Value::small_int(__builtin_popcountll(mag));
}
Value m_int_conjugate(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, false, "conjugate")) return Value();
  int64_t i;
  int_value(a.args[0], &i);
  return make_int(vm, i);
}
Value m_int_as_integer_ratio(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, false, "as_integer_ratio")) return Value();
  int64_t i;
  int_value(a.args[0], &i);
  return tuple_pack(vm, {make_int(vm, i), Value::small_int(1)});
}
Value m_int_format(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, false, "__format__")) return Value();
  if (a.nargs != 2 || !is_str(a.args[1])) {
    if (a.nargs == 2) {
      return vm.raisef(Exc::TypeError, "__format__() argument must be str, not %s", type_name(vm, a.args[1]));
    }
    return vm.raisef(Exc::TypeError, "__format__ expected 1 argument, got %zu", a.nargs - 1);
  }
  return format_value(vm, a.args[0], str_view(a.args[1]));
}
Value m_number_round(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1 || !is_number(a.args[0])) {
    return vm.raise(Exc::TypeError, "descriptor '__round__' requires a number");
  }
  if (a.nargs > 2) return vm.raisef(Exc::TypeError, "__round__ expected at most 1 argument, got %zu", a.nargs - 1);
  return number_round(vm, a.args[0], a.nargs == 2 ? a.args[1] : Value());
}
Value m_number_trunc(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_number(a.args[0])) return vm.raise(Exc::TypeError, "descriptor '__trunc__' requires a number");
  if (a.args[0].is_double()) return int_from_double(vm, a.args[0].as_double());
  int64_t i;
  int_value(a.args[0], &i);
  return make_int(vm, i);
}
Value m_float_is_integer(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, true, "is_integer")) return Value();
  double d = a.args[0].as_double();
  return Value::boolean(std::isfinite(d) && std::floor(d) == d);
}
Value m_float_conjugate(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, true, "conjugate")) return Value();
  return a.args[0];
}
Value m_float_as_integer_ratio(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, true, "as_integer_ratio")) return Value();
  double d = a.args[0].as_double();
  if (std::isinf(d)) return vm.raise(Exc::OverflowError, "cannot convert Infinity to integer ratio");
  if (std::isnan(d)) return vm.raise(Exc::ValueError, "cannot convert NaN to integer ratio");
  int e;
  double m = std::frexp(d, &e);
  for (int k = 0; k < 300 && m != std::floor(m); ++k) {
    m *= 2.0;
    --e;
  }
  // d == m * 2**e with m integral.
  if (std::fabs(m) >= kTwo63) return overflow_msg(vm, fmt::format("{}.as_integer_ratio()", float_repr(d)));
  int64_t num = int64_t(m);
  int64_t den = 1;
  if (e > 0) {
    for (int k = 0; k < e; ++k) {
      if (__builtin_mul_overflow(num, int64_t(2), &num)) {
        return overflow_msg(vm, fmt::format("{}.as_integer_ratio()", float_repr(d)));
      }
    }
  } else {
    // Reduce: strip common factors of two.
    while (e < 0 && (num & 1) == 0 && num != 0) {
      num /= 2;
      ++e;
    }
    if (num == 0) e = 0;
    if (-e >= 63) return overflow_msg(vm, fmt::format("{}.as_integer_ratio()", float_repr(d)));
    den = int64_t(1) << -e;
  }
  return tuple_pack(vm, {make_int(vm, num), make_int(vm, den)});
}
Value m_float_hex(VM& vm, const CallArgs& a, const Value&) {
  if (!check_noargs(vm, a, true, "hex")) return Value();
  double d = a.args[0].as_double();
  if (std::isnan(d)) return make_str(vm, "nan");
  if (std::isinf(d)) return make_str(vm, d > 0 ? "inf" : "-inf");
  if (d == 0) return make_str(vm, std::signbit(d) ? "-0x0.0p+0" : "0x0.0p+0");
  // CPython's float.hex: 0x1.<13 hex digits>p<exp>, subnormals as 0x0.<...>p-1022.
  uint64_t bits = std::bit_cast<uint64_t>(d);
  bool neg = bits >> 63;
  int bexp = int((bits >> 52) & 0x7ff);
  uint64_t mant = bits & ((uint64_t(1) << 52) - 1);
  int lead = 1;
  int exp;
  if (bexp == 0) {
    lead = 0;
    exp = -1022;
  } else {
    exp = bexp - 1023;
  }
  std::string s = fmt::format("{}0x{}.{:013x}p{:+d}", neg ? "-" : "", lead, mant, exp);
  return make_str(vm, s);
}
Value m_float_format(VM& vm, const CallArgs& a, const Value&) {
  if (!check_self(vm, a, true, "__format__")) return Value();
  if (a.nargs != 2 || !is_str(a.args[1])) {
    if (a.nargs == 2) {
      return vm.raisef(Exc::TypeError, "__format__() argument must be str, not %s", type_name(vm, a.args[1]));
    }
    return vm.raisef(Exc::TypeError, "__format__ expected 1 argument, got %zu", a.nargs - 1);
  }
  return format_value(vm, a.args[0], str_view(a.args[1]));
}
// Read-only attributes real / imag / numerator / denominator (getters get {self}).
Value g_self(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1) return Value::none();
  int64_t i;
  if (int_value(a.args[0], &i)) return make_int(vm, i);
  return a.args[0];
}
Value g_zero(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs >= 1 && a.args[0].is_double()) return Value::from_double(0.0);
  return Value::small_int(0);
}
Value g_one(VM& vm, const CallArgs& a, const Value&) { return Value::small_int(1); }

}  // namespace

// The operator dunders of int and float as methods ((10).__add__(5),
// float.__lt__, ...), returning NotImplemented for operands the type does not
// handle, as CPython's slot wrappers do: int's accept only ints, float's
// ints and floats.
bool dunder_args(VM& vm, const CallArgs& a, size_t n, const char* name) {
  if (a.nkw()) {
    vm.raisef(Exc::TypeError, "%s() takes no keyword arguments", name);
    return false;
  }
  if (a.nargs != n + 1) {
    vm.raisef(Exc::TypeError, "expected %zu argument%s, got %zu", n, n == 1 ? "" : "s", a.nargs ? a.nargs - 1 : 0);
    return false;
  }
  return true;
}

template <BinOpKind OP, bool REFLECTED, bool FLOAT>
Value m_number_binop_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 1, "__op__")) return Value();
  const Value& other = a.args[1];
  if (!(FLOAT ? is_number(other) : is_int(other))) return Value::not_implemented();
  return REFLECTED ? number_binop(vm, OP, other, a.args[0]) : number_binop(vm, OP, a.args[0], other);
}

template <CmpOpKind OP, bool FLOAT>
Value m_number_cmp_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 1, "__cmp__")) return Value();
  const Value& other = a.args[1];
  if (!(FLOAT ? is_number(other) : is_int(other))) return Value::not_implemented();
  return number_compare(vm, OP, a.args[0], other);
}

template <UnaryOpKind OP>
Value m_number_unary_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 0, "__unary__")) return Value();
  return number_unary(vm, OP, a.args[0]);
}

Value m_number_abs_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 0, "__abs__")) return Value();
  return number_abs(vm, a.args[0]);
}

Value m_number_bool_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 0, "__bool__")) return Value();
  int64_t i;
  if (int_value(a.args[0], &i)) return Value::boolean(i != 0);
  return Value::boolean(a.args[0].is_double() && a.args[0].as_double() != 0.0);
}

Value m_int_index_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (!dunder_args(vm, a, 0, "__index__")) return Value();
  int64_t i;
  if (!int_value(a.args[0], &i)) return vm.raise(Exc::TypeError, "descriptor '__index__' requires an 'int' object");
  return make_int(vm, i);
}

template <bool FLOAT>
void add_number_dunders(VM& vm, TypeObject* t) {
#define KILN_NUM_BINOP(name, sym, dunder)                                                   \
  if (FLOAT ? (BinOpKind::name <= BinOpKind::Pow && BinOpKind::name != BinOpKind::MatMult)  \
            : BinOpKind::name != BinOpKind::MatMult) {                                      \
    vm.add_method(t, dunder, m_number_binop_dunder<BinOpKind::name, false, FLOAT>);         \
    std::string r = std::string("__r") + (dunder + 2);                                      \
    vm.add_method(t, static_cast<const char*>(vm.intern(r).as<StrObject>()->data),          \
                  m_number_binop_dunder<BinOpKind::name, true, FLOAT>);                     \
  }
  KILN_AST_BINOPS(KILN_NUM_BINOP)
#undef KILN_NUM_BINOP
  vm.add_method(t, "__lt__", m_number_cmp_dunder<CmpOpKind::Lt, FLOAT>);
  vm.add_method(t, "__le__", m_number_cmp_dunder<CmpOpKind::LtE, FLOAT>);
  vm.add_method(t, "__eq__", m_number_cmp_dunder<CmpOpKind::Eq, FLOAT>);
  vm.add_method(t, "__ne__", m_number_cmp_dunder<CmpOpKind::NotEq, FLOAT>);
  vm.add_method(t, "__gt__", m_number_cmp_dunder<CmpOpKind::Gt, FLOAT>);
  vm.add_method(t, "__ge__", m_number_cmp_dunder<CmpOpKind::GtE, FLOAT>);
  vm.add_method(t, "__neg__", m_number_unary_dunder<UnaryOpKind::USub>);
  vm.add_method(t, "__pos__", m_number_unary_dunder<UnaryOpKind::UAdd>);
  vm.add_method(t, "__abs__", m_number_abs_dunder);
  vm.add_method(t, "__bool__", m_number_bool_dunder);
  if (!FLOAT) {
    vm.add_method(t, "__invert__", m_number_unary_dunder<UnaryOpKind::Invert>);
    vm.add_method(t, "__index__", m_int_index_dunder);
  }
}

// float.fromhex(s): CPython's grammar ([sign] ['0x'] hexdigits ['.' hexdigits]
// ['p' exponent], or inf / infinity / nan), parsed by strtod once the string
// is known to be hexadecimal (strtod alone would also accept decimal).
Value m_float_fromhex(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || a.nkw() || !is_str(a.args[1])) {
    if (a.nargs == 2 && !a.nkw()) return vm.raisef(Exc::TypeError, "must be str, not %s", type_name(vm, a.args[1]));
    return vm.raisef(Exc::TypeError, "float.fromhex() takes exactly one argument (%zu given)", a.nargs ? a.nargs - 1 : 0);
  }
  std::string t(str_view(a.args[1]));
  size_t b = t.find_first_not_of(" \t\n\r\f\v"), e = t.find_last_not_of(" \t\n\r\f\v");
  std::string body = b == std::string::npos ? "" : t.substr(b, e - b + 1);
  std::string sign;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    sign = body.substr(0, 1);
    body = body.substr(1);
  }
  std::string lower;
  for (char c : body) lower += char(std::tolower(static_cast<unsigned char>(c)));
  double r = 0;
  bool ok = false;
  if (lower == "inf" || lower == "infinity" || lower == "nan") {
    r = std::strtod((sign + lower).c_str(), nullptr);
    ok = true;
  } else {
    std::string digits = lower.rfind("0x", 0) == 0 ? lower.substr(2) : lower;
    size_t i = 0, nd = 0;
    while (i < digits.size() && std::isxdigit(static_cast<unsigned char>(digits[i]))) i++, nd++;
    if (i < digits.size() && digits[i] == '.') {
      i++;
      while (i < digits.size() && std::isxdigit(static_cast<unsigned char>(digits[i]))) i++, nd++;
    }
    if (nd > 0 && i < digits.size() && digits[i] == 'p') {
      size_t j = i + 1;
      if (j < digits.size() && (digits[j] == '+' || digits[j] == '-')) j++;
      size_t start = j;
      while (j < digits.size() && std::isdigit(static_cast<unsigned char>(digits[j]))) j++;
      i = j > start ? j : std::string::npos;
    }
    if (nd > 0 && i == digits.size()) {
      std::string h = sign + "0x" + digits;
      char* end = nullptr;
      errno = 0;
      r = std::strtod(h.c_str(), &end);
      if (std::isinf(r)) return vm.raise(Exc::OverflowError, "hexadecimal value too large to represent as a float");
      ok = end && *end == 0;
    }
  }
  if (!ok) return vm.raise(Exc::ValueError, "invalid hexadecimal floating-point string");
  Value v = Value::from_double(r);
  TypeObject* cls = is_kind(a.args[0], ObjKind::Type) ? a.args[0].as<TypeObject>() : vm.types.float_;
  if (cls != vm.types.float_) return vm.call1(a.args[0], v);
  return v;
}

void init_int_type(VM& vm) {
  TypeObject* i = vm.types.int_;
  vm.add_method(i, "bit_length", m_int_bit_length);
  vm.add_method(i, "bit_count", m_int_bit_count);
  vm.add_method(i, "conjugate", m_int_conjugate);
  vm.add_method(i, "as_integer_ratio", m_int_as_integer_ratio);
  vm.add_method(i, "__format__", m_int_format);
  vm.add_method(i, "__round__", m_number_round);
  vm.add_method(i, "__trunc__", m_number_trunc);
  add_getter(vm, i, "real", g_self);
  add_getter(vm, i, "imag", g_zero);
  add_getter(vm, i, "numerator", g_self);
  add_getter(vm, i, "denominator", g_one);
  TypeObject* f = vm.types.float_;
  vm.add_method(f, "is_integer", m_float_is_integer);
  vm.add_method(f, "conjugate", m_float_conjugate);
  vm.add_method(f, "as_integer_ratio", m_float_as_integer_ratio);
  vm.add_method(f, "hex", m_float_hex);
  add_classmethod(vm, f, "fromhex", m_float_fromhex);
  add_number_dunders<false>(vm, vm.types.int_);
  add_number_dunders<true>(vm, f);
  vm.add_method(f, "__format__", m_float_format);
  vm.add_method(f, "__round__", m_number_round);
  vm.add_method(f, "__trunc__", m_number_trunc);
  add_getter(vm, f, "real", g_self);
  add_getter(vm, f, "imag", g_zero);
}

}  // namespace kiln::vm
