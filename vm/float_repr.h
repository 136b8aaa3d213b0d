// vm/float_repr.h — turning doubles into text exactly as CPython does.
//
// CPython prints floats through one routine, PyOS_double_to_string
// (Python/pystrtod.c): David Gay's dtoa produces a digit string and a decimal
// point position, and `format_float_short` lays them out for the requested
// presentation ('r' for repr, 'e', 'f', 'g', upper-case variants). Kiln gets the
// same digit strings from std::to_chars, which is correctly rounded (shortest
// round-trip digits for repr; round-half-even on the exact binary value for a
// given precision, like dtoa), and ports format_float_short's layout rules, so
// `repr(x)`, `str(x)`, `format(x, spec)`, f-strings and `'%g' % x` match CPython
// character for character.
//
// Also here: `round(x, n)` for floats (CPython rounds the exact decimal
// expansion and converts back, so round(2.675, 2) == 2.67), and correctly
// rounded parsing of decimal text (std::from_chars).
#pragma once

#include <string>
#include <string_view>

namespace kiln::vm {

// repr(float) / str(float): shortest round-trip digits; '1.0', '1e+16', '1e-05',
// 'inf', '-inf', 'nan', '-0.0'.
std::string float_repr(double d);

// Flags for double_to_string (CPython's Py_DTSF_*).
enum DtoaFlags : unsigned {
  kDtoaSign = 1,          // always add a sign ('+' for non-negatives)
  kDtoaAddDot0 = 2,       // '1' -> '1.0' when no exponent is used
  kDtoaAlt = 4,           // '#': keep the decimal point and trailing zeros
  kDtoaNoNegZero = 8,     // 'z': -0.0 (also after rounding) prints without '-'
};

// CPython's PyOS_double_to_string. `code` is one of 'e' 'E' 'f' 'F' 'g' 'G'
// 'r' ('r' requires precision 0). Infinities print as 'inf'/'nan' (upper-case
// for 'E', 'F', 'G').
std::string double_to_string(double d, char code, int precision, unsigned flags = 0);

// Correctly rounds `x` to `ndigits` decimal places (negative: tens, hundreds,
// ...), like CPython's float.__round__. Sets *overflow (and returns inf) when
// the rounded value is too large to represent.
double round_double(double x, int ndigits, bool* overflow);

// Parses a complete decimal float literal (no whitespace, no underscores; an
// optional sign, digits with an optional '.', an optional exponent) or
// inf/infinity/nan in any case. Returns false if `s` is not one.
bool parse_double(std::string_view s, double* out);

}  // namespace kiln::vm
