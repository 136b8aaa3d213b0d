// vm/numbers.h — int, bool and float: arithmetic, comparison, hashing,
// conversion, with CPython's exact semantics.
//
// Kiln's ints are 64-bit: values in the 48-bit small-int range are immediates
// (vm/value.h), other int64 values are boxed IntObjects, and any result that
// does not fit int64 raises OverflowError naming the operation instead of
// wrapping or silently going to floats. Floats are always immediates (doubles);
// bools are immediates that behave as the ints 0 and 1 (`True + True == 2`,
// but `True & False is False`).
//
// The interpreter inlines the common small-int and float cases of each opcode;
// everything else lands here, so these functions are the source of truth:
// floor division and modulo take the sign of the divisor, `/` is correctly
// rounded even for ints beyond 2**53, comparisons between ints and floats are
// exact (2**53 + 1 > 2.0**53), and hashes equal CPython's (ints modulo
// 2**61 - 1, floats by CPython's algorithm, so hash(1.0) == hash(1) and sets of
// numbers iterate in CPython's order).
//
// Conventions: functions taking VM& follow the VM's error convention (Empty
// with an exception pending). Binary operations return NotImplemented when an
// operand is not a number, so that vm/ops.cpp can try the other operand.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// ------------------------------------------------------------ hashing
constexpr int kHashBits = 61;
constexpr uint64_t kHashModulus = (uint64_t(1) << kHashBits) - 1;  // a Mersenne prime
constexpr int64_t kHashInf = 314159;
int64_t hash_int(int64_t v);     // hash(-1) == -2, ints mod 2**61-1 with sign
int64_t hash_double(double d);   // equal to hash_int for integral values

// ------------------------------------------------------------ predicates
inline bool is_float(const Value& v) { return v.is_double(); }
// int, bool or float
inline bool is_number(const Value& v) { return v.is_double() || is_int(v); }
// Reads an int, bool or float as a double; false (no exception) otherwise.
bool number_as_double(const Value& v, double* out);

// ------------------------------------------------------------ operators
// a <op> b for ints, bools and floats; NotImplemented when an operand is
// not a number. For two numbers the result is never NotImplemented: an
// operator they do not support (float & int, int @ int) raises CPython's
// "unsupported operand type(s) for &: 'float' and 'int'" TypeError.
Value number_binop(VM& vm, BinOpKind op, const Value& a, const Value& b);
// -v, +v, ~v (Invert on floats is NotImplemented); `not` is not handled here.
Value number_unary(VM& vm, UnaryOpKind op, const Value& v);
Value number_abs(VM& vm, const Value& v);
// <, <=, ==, !=, >, >= between numbers (exact); NotImplemented otherwise.
Value number_compare(VM& vm, CmpOpKind op, const Value& a, const Value& b);
// Three-way comparison of two numbers: -1, 0, 1, or 2 when unordered (NaN).
// Precondition: is_number(a) && is_number(b).
int number_cmp(const Value& a, const Value& b);
// divmod(a, b): a (q, r) tuple, NotImplemented for non-numbers.
Value number_divmod(VM& vm, const Value& a, const Value& b);
// pow(base, exp[, mod]); `mod` Empty or None for the two-argument form.
Value number_pow(VM& vm, const Value& base, const Value& exp, const Value& mod);
// round(x[, ndigits]); `ndigits` Empty or None for the one-argument form
// (which returns an int). NotImplemented if x is not a number.
Value number_round(VM& vm, const Value& x, const Value& ndigits);
// 1 / 0 for a number (never fails).
bool number_truthy(const Value& v);
// hash() of an int, bool or float (never fails for those; TypeError otherwise).
bool number_hash(VM& vm, const Value& v, int64_t* out);

// ------------------------------------------------------------ text
// repr() == str() of an int, bool or float.
Value number_repr(VM& vm, const Value& v);
std::string int_to_decimal(int64_t v);

// ------------------------------------------------------------ conversions
// int(x) for a float: truncates; ValueError for NaN, OverflowError for inf
// and beyond int64.
Value int_from_double(VM& vm, double d);
// int(s, base) for text (base 0 or 2..36, already checked): whitespace,
// sign, base prefixes, underscores, Unicode decimal digits, as CPython.
// `s` is the whole original string (it appears in the error message).
Value int_from_string(VM& vm, std::string_view s, int base);
// float(s) for text: whitespace, underscores, inf/infinity/nan.
Value float_from_string(VM& vm, std::string_view s);
// The builtins int(x=0, base=10) and float(x=0.0) as called from Python
// (arguments without the class). Handle numbers, strings, and objects with
// __int__ / __index__ / __trunc__ (int) or __float__ / __index__ (float).
Value int_call(VM& vm, const CallArgs& args);
Value float_call(VM& vm, const CallArgs& args);
// `cls(*args)` for int / float and their subclasses (instances of a subclass
// of int are IntObjects of that class; subclasses of float are refused with
// NotImplementedError, since Kiln's floats are immediates).
Value int_type_call(VM& vm, TypeObject* cls, const CallArgs& args);
Value float_type_call(VM& vm, TypeObject* cls, const CallArgs& args);

// Slots for boxed ints (kind Int).
extern const KindSlots int_slots;

// Registers int's and float's methods (bit_length, is_integer, __format__, ...).
void init_int_type(VM& vm);

}  // namespace kiln::vm
