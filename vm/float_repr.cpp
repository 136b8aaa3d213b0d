// vm/float_repr.cpp — CPython's float formatting (Python/pystrtod.c) on top of
// std::to_chars. See float_repr.h.
#include "vm/float_repr.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

namespace kiln::vm {

namespace {

// The output of David Gay's dtoa that format_float_short works from: the
// significant digits without leading/trailing zeros (at least "0") and the
// position of the decimal point: value = 0.<digits> * 10**decpt.
struct Digits {
  std::string digits;
  int decpt = 1;
  bool negative = false;
};

// Parses to_chars' scientific output "-d.ddde+XX".
void digits_from_scientific(const char* p, const char* end, Digits* out) {
  out->negative = (*p == '-');
  if (out->negative) ++p;
  std::string& ds = out->digits;
  ds.clear();
  while (p < end && *p != 'e') {
    if (*p != '.') ds.push_back(*p);
    ++p;
  }
  int exp = 0;
  if (p < end) std::from_chars(p + 1 + (p[1] == '+'), end, exp);
  while (ds.size() > 1 && ds.back() == '0') ds.pop_back();
  if (ds == "0") {
    out->decpt = 1;
    return;
  }
  out->decpt = exp + 1;
}

// Parses to_chars' fixed output "-123.4560".
void digits_from_fixed(const char* p, const char* end, Digits* out) {
  out->negative = (*p == '-');
  if (out->negative) ++p;
  std::string& ds = out->digits;
  ds.clear();
  int intlen = 0;
  bool seen_point = false;
  for (; p < end; ++p) {
    if (*p == '.') {
      seen_point = true;
      continue;
    }
    ds.push_back(*p);
    if (!seen_point) ++intlen;
  }
  size_t lead = 0;
  while (lead < ds.size() && ds[lead] == '0') ++lead;
  if (lead == ds.size()) {  // rounds to zero
    ds = "0";
    out->decpt = 1;
    return;
  }
  ds.erase(0, lead);
  out->decpt = intlen - int(lead);
  while (ds.size() > 1 && ds.back() == '0') ds.pop_back();
}

// Gay's dtoa modes: 0 shortest round-trip, 2 `ndigits` significant digits,
// 3 `ndigits` digits after the decimal point.
void dtoa(double d, int mode, int ndigits, Digits* out) {
  // The usual precisions fit a buffer on the stack (formatting a float in a
  // loop allocated here every time); huge ones use the heap.
  char local[512];
  std::string heap;
  auto buffer = [&](size_t n) {
    if (n <= sizeof local) return local;
    heap.resize(n);
    return heap.data();
  };
  std::to_chars_result r;
  if (mode == 0) {
    char* b = buffer(64);
    r = std::to_chars(b, b + 64, d, std::chars_format::scientific);
    digits_from_scientific(b, r.ptr, out);
  } else if (mode == 2) {
    if (ndigits < 1) ndigits = 1;
    size_t n = size_t(ndigits) + 16;
    char* b = buffer(n);
    r = std::to_chars(b, b + n, d, std::chars_format::scientific, ndigits - 1);
    digits_from_scientific(b, r.ptr, out);
  } else {
    size_t n = size_t(ndigits) + 340;
    char* b = buffer(n);
    r = std::to_chars(b, b + n, d, std::chars_format::fixed, ndigits);
    digits_from_fixed(b, r.ptr, out);
  }
  out->negative = std::signbit(d);
}

// A port of CPython's format_float_short (Python/pystrtod.c).
std::string format_float_short(double d, char format_code, int mode, int precision, bool always_add_sign,
                               bool add_dot_0_if_integer, bool use_alt_formatting, bool no_negative_zero,
                               bool upper) {
  std::string out;
  if (std::isnan(d)) {
    // CPython ignores the sign of a NaN but honours '+'.
    if (always_add_sign) out.push_back('+');
    out += upper ? "NAN" : "nan";
    return out;
  }
  if (std::isinf(d)) {
    if (d < 0)
      out.push_back('-');
    else if (always_add_sign)
      out.push_back('+');
    out += upper ? "INF" : "inf";
    return out;
  }

  Digits dg;
  dtoa(d, mode, precision, &dg);
  const std::string& digits = dg.digits;
  int digits_len = int(digits.size());
  int decpt = dg.decpt;
  bool sign = dg.negative;
  if (no_negative_zero && sign && digits == "0") sign = false;

  bool use_exp = false;
  int exp = 0;
  int vdigits_end = digits_len;
  switch (format_code) {
    case 'e':
      use_exp = true;
      vdigits_end = precision;
      break;
    case 'f':
      vdigits_end = decpt + precision;
      break;
    case 'g':
      if (decpt <= -4 || decpt > (add_dot_0_if_integer ? precision - 1 : precision)) use_exp = true;
      if (use_alt_formatting) vdigits_end = precision;
      break;
    case 'r':
      // Exponential from 1e16 on: a 16-digit shortest repr padded with zeros
      // would look like a more precise value than it is.
      if (decpt <= -4 || decpt > 16) use_exp = true;
      break;
  }
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  // Ensure vdigits_start < decpt <= vdigits_end (strictly < when a ".0" is added).
  int vdigits_start = decpt <= 0 ? decpt - 1 : 0;
  if (!use_exp && add_dot_0_if_integer)
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt + 1;
  else
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt;

  out.reserve(size_t(vdigits_end - vdigits_start) + 12);
  if (sign)
    out.push_back('-');
  else if (always_add_sign)
    out.push_back('+');

  // Zero padding on the left of the digit string.
  if (decpt <= 0) {
    out.append(size_t(decpt - vdigits_start), '0');
    out.push_back('.');
    out.append(size_t(-decpt), '0');
  } else {
    out.append(size_t(-vdigits_start), '0');
  }
  // The digits, with the decimal point if it falls inside them.
  if (0 < decpt && decpt <= digits_len) {
    out.append(digits, 0, size_t(decpt));
    out.push_back('.');
    out.append(digits, size_t(decpt), std::string::npos);
  } else {
    out += digits;
  }
  // Zeros on the right.
  if (digits_len < decpt) {
    out.append(size_t(decpt - digits_len), '0');
    out.push_back('.');
    out.append(size_t(vdigits_end - decpt), '0');
  } else {
    out.append(size_t(vdigits_end - digits_len), '0');
  }
  if (out.back() == '.' && !use_alt_formatting) out.pop_back();

  if (use_exp) {
    char buf[16];
    int n = std::snprintf(buf, sizeof buf, "%c%+.02d", upper ? 'E' : 'e', exp);
    out.append(buf, size_t(n));
  }
  return out;
}

}  // namespace

std::string double_to_string(double d, char code, int precision, unsigned flags) {
  bool upper = false;
  int mode = 0;
  switch (code) {
    case 'E':
      upper = true;
      code = 'e';
      [[fallthrough]];
    case 'e':
      mode = 2;
      precision++;
      break;
    case 'F':
      upper = true;
      code = 'f';
      [[fallthrough]];
    case 'f':
      mode = 3;
      break;
    case 'G':
      upper = true;
      code = 'g';
      [[fallthrough]];
    case 'g':
      mode = 2;
      if (precision == 0) precision = 1;  // as CPython: 'g' with precision 0 means 1
      break;
    default:  // 'r'
      code = 'r';
      mode = 0;
      precision = 0;
      break;
  }
  return format_float_short(d, code, mode, precision, flags & kDtoaSign, flags & kDtoaAddDot0, flags & kDtoaAlt,
                            flags & kDtoaNoNegZero, upper);
}

std::string float_repr(double d) {
  return format_float_short(d, 'r', 0, 0, false, true, false, false, false);
}

double round_double(double x, int ndigits, bool* overflow) {
  *overflow = false;
  if (!std::isfinite(x)) return x;
  // Beyond these, x is its own rounding or rounds to a signed zero (CPython's
  // NDIGITS_MAX / NDIGITS_MIN).
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;

  std::string s;
  if (ndigits >= 0) {
    s.resize(size_t(ndigits) + 340);
    auto r = std::to_chars(s.data(), s.data() + s.size(), x, std::chars_format::fixed, ndigits);
    s.resize(size_t(r.ptr - s.data()));
  } else {
    // Round the exact integer part at 10**-ndigits, half to even; the
    // fractional part only matters as a tie breaker (sticky).
    double t = std::trunc(x);
    bool sticky = (x != t);
    std::string d(1, '0');
    d.resize(400);
    auto r = std::to_chars(d.data() + 1, d.data() + d.size(), std::fabs(t), std::chars_format::fixed, 0);
    d.resize(size_t(r.ptr - d.data()));
    int keep = int(d.size()) + ndigits;
    if (keep <= 0) return 0.0 * x;
    bool up = false;
    char first = d[size_t(keep)];
    if (first > '5') {
      up = true;
    } else if (first == '5') {
      bool rest_nonzero = sticky;
      for (size_t i = size_t(keep) + 1; i < d.size() && !rest_nonzero; ++i) rest_nonzero = d[i] != '0';
      up = rest_nonzero || ((d[size_t(keep) - 1] - '0') & 1);
    }
    d.resize(size_t(keep));
    if (up) {
      for (size_t i = d.size(); i-- > 0;) {
        if (d[i] == '9') {
          d[i] = '0';
        } else {
          d[i]++;
          break;
        }
      }
    }
    s = (std::signbit(x) ? "-" : "") + d + "e" + std::to_string(-ndigits);
  }
  double result = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), result);
  if (r.ec == std::errc::result_out_of_range) {
    result = std::strtod(s.c_str(), nullptr);
    if (std::isinf(result)) *overflow = true;
  }
  return result;
}

bool parse_double(std::string_view s, double* out) {
  size_t i = 0, n = s.size();
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  std::string_view body = s.substr(i);
  auto ieq = [](std::string_view a, const char* b) {
    if (a.size() != std::strlen(b)) return false;
    for (size_t k = 0; k < a.size(); ++k)
      if ((a[k] | 0x20) != b[k]) return false;
    return true;
  };
  if (ieq(body, "inf") || ieq(body, "infinity")) {
    *out = neg ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  if (ieq(body, "nan")) {
    *out = neg ? -NAN : NAN;
    return true;
  }
  // Validate the grammar: digits [. digits] [e [sign] digits], with at least
  // one mantissa digit (from_chars alone would accept "inf" spellings, hex...).
  size_t j = i, mant = 0;
  while (j < n && s[j] >= '0' && s[j] <= '9') ++j, ++mant;
  if (j < n && s[j] == '.') {
    ++j;
    while (j < n && s[j] >= '0' && s[j] <= '9') ++j, ++mant;
  }
  if (mant == 0) return false;
  if (j < n && (s[j] == 'e' || s[j] == 'E')) {
    ++j;
    if (j < n && (s[j] == '+' || s[j] == '-')) ++j;
    size_t ed = 0;
    while (j < n && s[j] >= '0' && s[j] <= '9') ++j, ++ed;
    if (ed == 0) return false;
  }
  if (j != n) return false;
  // from_chars rejects a leading '+'; parse the body and apply the sign.
  double v = 0;
  auto r = std::from_chars(s.data() + i, s.data() + n, v);
  if (r.ec == std::errc::result_out_of_range) {
    std::string tmp(s.substr(i));
    v = std::strtod(tmp.c_str(), nullptr);  // inf on overflow, 0 / subnormal on underflow
  } else if (r.ec != std::errc() || r.ptr != s.data() + n) {
    return false;
  }
  *out = neg ? -v : v;
  return true;
}

}  // namespace kiln::vm
