// vm/format.cpp — the format mini-language, str.format and `%` formatting,
// ported from CPython 3.11 (Python/formatter_unicode.c,
// Objects/stringlib/unicode_format.h, Objects/unicodeobject.c). See format.h.
#include "vm/format.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#include "vm/float_repr.h"
#include "vm/numbers.h"
#include "vm/str.h"
#include "vm/str_unicode.h"

namespace kiln::vm {

namespace {

// Output larger than this is refused with MemoryError instead of being
// attempted (a width of 10**12 would otherwise abort the process).
constexpr int64_t kMaxOutput = int64_t(1) << 31;

Value raise_memory(VM& vm) { return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError))); }

void append_cp(std::string& out, uint32_t cp, int64_t count) {
  if (cp < 0x80) {
    out.append(size_t(count), char(cp));
    return;
  }
  std::string one;
  unicode::encode(cp, one);
  for (int64_t k = 0; k < count; ++k) out += one;
}

int64_t cp_len(std::string_view s) { return int64_t(unicode::count_code_points(s.data(), s.size())); }

// ================================================================ the spec mini-language

struct Spec {
  uint32_t fill = ' ';
  char align = '>';
  char sign = 0;
  bool no_neg_0 = false;
  bool alternate = false;
  int64_t width = -1;
  char thousands = 0;   // ',' or '_'
  int group = 3;        // 4 for '_' with b/o/x/X
  int64_t precision = -1;
  uint32_t type = 0;
};

bool is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// get_integer: digits -> value; false with ValueError on overflow.
bool read_integer(VM& vm, std::string_view s, size_t& pos, int64_t* out, int* consumed) {
  int64_t v = 0;
  *consumed = 0;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
    int d = s[pos] - '0';
    if (v > (INT64_MAX - d) / 10) {
      vm.raise(Exc::ValueError, "Too many decimal digits in format string");
      return false;
    }
    v = v * 10 + d;
    ++pos;
    ++*consumed;
  }
  *out = v;
  return true;
}

std::string type_char_text(uint32_t t) {
  if (t > 32 && t < 128) return std::string(1, char(t));
  return fmt::format("\\x{:x}", t);
}

// CPython's parse_internal_render_format_spec.
bool parse_spec(VM& vm, std::string_view s, uint32_t default_type, char default_align, const char* tname, Spec* f) {
  f->align = default_align;
  f->type = default_type;
  size_t pos = 0, n = s.size();
  bool fill_specified = false, align_specified = false;
  // The fill may be any character: decode the first two code points.
  size_t p1 = 0;
  uint32_t c0 = n ? unicode::decode(s.data(), n, p1) : 0;
  size_t p2 = p1;
  uint32_t c1 = p1 < n ? unicode::decode(s.data(), n, p2) : 0;
  if (p1 < n && is_align(c1)) {
    f->fill = c0;
    f->align = char(c1);
    fill_specified = align_specified = true;
    pos = p2;
  } else if (n && is_align(c0)) {
    f->align = char(c0);
    align_specified = true;
    pos = p1;
  }
  if (pos < n && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) f->sign = s[pos++];
  if (pos < n && s[pos] == 'z') {
    f->no_neg_0 = true;
    ++pos;
  }
  if (pos < n && s[pos] == '#') {
    f->alternate = true;
    ++pos;
  }
  if (!fill_specified && pos < n && s[pos] == '0') {
    f->fill = '0';
    if (!align_specified && default_align == '>') f->align = '=';
    ++pos;
  }
  int consumed;
  if (!read_integer(vm, s, pos, &f->width, &consumed)) return false;
  if (consumed == 0) f->width = -1;
  if (pos < n && s[pos] == ',') {
    f->thousands = ',';
    ++pos;
  }
  if (pos < n && s[pos] == '_') {
    if (f->thousands) {
      vm.raise(Exc::ValueError, "Cannot specify both ',' and '_'.");
      return false;
    }
    f->thousands = '_';
    ++pos;
  }
  if (pos < n && s[pos] == ',' && f->thousands == '_') {
    vm.raise(Exc::ValueError, "Cannot specify both ',' and '_'.");
    return false;
  }
  if (pos < n && s[pos] == '.') {
    ++pos;
    if (!read_integer(vm, s, pos, &f->precision, &consumed)) return false;
    if (consumed == 0) {
      vm.raise(Exc::ValueError, "Format specifier missing precision");
      return false;
    }
  }
  if (pos < n) {
    size_t q = pos;
    uint32_t t = unicode::decode(s.data(), n, q);
    if (q < n) {
      vm.raise(Exc::ValueError,
               fmt::format("Invalid format specifier '{}' for object of type '{}'", s, tname));
      return false;
    }
    f->type = t;
  }
  if (f->thousands) {
    switch (f->type) {
      case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
        break;
      case 'b': case 'o': case 'x': case 'X':
        if (f->thousands == '_') {
          f->group = 4;
          break;
        }
        [[fallthrough]];
      default:
        vm.raise(Exc::ValueError,
                 fmt::format("Cannot specify '{}' with '{}'.", f->thousands, type_char_text(f->type)));
        return false;
    }
  }
  return true;
}

Value unknown_type(VM& vm, uint32_t t, const char* tname) {
  return vm.raise(Exc::ValueError,
                  fmt::format("Unknown format code '{}' for object of type '{}'", type_char_text(t), tname));
}

// _PyUnicode_InsertThousandsGrouping: digits grouped from the right,
// zero-padded (separators included) up to min_width.
std::string group_digits(std::string_view digits, int64_t min_width, char sep, int group) {
  std::string rev;
  int64_t remaining = int64_t(digits.size());
  size_t dpos = digits.size();
  bool use_sep = false, broken = false;
  auto put = [&](int64_t n_chars, int64_t n_zeros) {
    if (use_sep) rev.push_back(sep);
    for (int64_t k = 0; k < n_chars; ++k) rev.push_back(digits[--dpos]);
    rev.append(size_t(n_zeros), '0');
  };
  if (sep) {
    for (;;) {
      int64_t l = std::min<int64_t>(group, std::max<int64_t>(std::max(remaining, min_width), 1));
      int64_t n_zeros = std::max<int64_t>(0, l - remaining);
      int64_t n_chars = std::max<int64_t>(0, std::min(remaining, l));
      put(n_chars, n_zeros);
      use_sep = true;
      remaining -= n_chars;
      min_width -= l;
      if (remaining <= 0 && min_width <= 0) {
        broken = true;
        break;
      }
      min_width -= 1;
    }
  }
  if (!broken) {
    int64_t l = std::max<int64_t>(std::max(remaining, min_width), 1);
    int64_t n_zeros = std::max<int64_t>(0, l - remaining);
    int64_t n_chars = std::max<int64_t>(0, std::min(remaining, l));
    put(n_chars, n_zeros);
  }
  std::reverse(rev.begin(), rev.end());
  return rev;
}

// calc_number_widths + fill_number: lays out
//   <lpad><sign><prefix><spad><grouped digits><decimal><remainder><rpad>
bool fill_number(VM& vm, std::string& out, const Spec& f, char sign_char, std::string_view prefix,
                 std::string_view digits, bool has_decimal, std::string_view remainder, int64_t remainder_cps,
                 bool upper) {
  char sign = 0;
  if (f.sign == '+')
    sign = sign_char == '-' ? '-' : '+';
  else if (f.sign == ' ')
    sign = sign_char == '-' ? '-' : ' ';
  else if (sign_char == '-')
    sign = '-';
  int64_t n_non_digit = (sign ? 1 : 0) + int64_t(prefix.size()) + (has_decimal ? 1 : 0) + remainder_cps;
  int64_t min_width = (f.fill == '0' && f.align == '=') ? f.width - n_non_digit : 0;
  if (min_width > kMaxOutput || f.width > kMaxOutput) {
    raise_memory(vm);
    return false;
  }
  std::string grouped;
  if (!digits.empty()) grouped = group_digits(digits, min_width, f.thousands, f.group);
  if (upper) {
    for (char& c : grouped) c = char(std::toupper(static_cast<unsigned char>(c)));
  }
  int64_t padding = f.width - (n_non_digit + int64_t(grouped.size()));
  int64_t lpad = 0, spad = 0, rpad = 0;
  if (padding > 0) {
    switch (f.align) {
      case '<': rpad = padding; break;
      case '^':
        lpad = padding / 2;
        rpad = padding - lpad;
        break;
      case '=': spad = padding; break;
      default: lpad = padding; break;
    }
  }
  append_cp(out, f.fill, lpad);
  if (sign) out.push_back(sign);
  if (!prefix.empty()) {
    for (char c : prefix) out.push_back(upper ? char(std::toupper(static_cast<unsigned char>(c))) : c);
  }
  append_cp(out, f.fill, spad);
  out += grouped;
  if (has_decimal) out.push_back('.');
  out += remainder;
  append_cp(out, f.fill, rpad);
  return true;
}

// Digits of |v| in `base` (lower-case).
std::string magnitude_digits(int64_t v, int base) {
  uint64_t m = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  if (m == 0) return "0";
  char buf[72];
  int i = 72;
  while (m) {
    buf[--i] = "0123456789abcdef"[m % unsigned(base)];
    m /= unsigned(base);
  }
  return std::string(buf + i, size_t(72 - i));
}

bool format_float_spec(VM& vm, std::string& out, double val, Spec f);

// format_long_internal (int types); float types convert first.
bool format_int_spec(VM& vm, std::string& out, int64_t v, const Spec& f, const char* tname) {
  switch (f.type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
      break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return format_float_spec(vm, out, double(v), f);
    default:
      unknown_type(vm, f.type, tname);
      return false;
  }
  if (f.precision != -1) {
    vm.raise(Exc::ValueError, "Precision not allowed in integer format specifier");
    return false;
  }
  if (f.no_neg_0) {
    vm.raise(Exc::ValueError, "Negative zero coercion (z) not allowed in integer format specifier");
    return false;
  }
  if (f.type == 'c') {
    if (f.sign) {
      vm.raise(Exc::ValueError, "Sign not allowed with integer format specifier 'c'");
      return false;
    }
    if (f.alternate) {
      vm.raise(Exc::ValueError, "Alternate form (#) not allowed with integer format specifier 'c'");
      return false;
    }
    if (v < 0 || v > 0x10ffff) {
      vm.raise(Exc::OverflowError, "%c arg not in range(0x110000)");
      return false;
    }
    std::string ch;
    unicode::encode(uint32_t(v), ch);
    return fill_number(vm, out, f, 0, "", "", false, ch, 1, false);
  }
  int base = 10;
  const char* prefix = "";
  switch (f.type) {
    case 'b': base = 2; prefix = "0b"; break;
    case 'o': base = 8; prefix = "0o"; break;
    case 'x': case 'X': base = 16; prefix = "0x"; break;
    default: break;
  }
  std::string digits = magnitude_digits(v, base);
  Spec g = f;
  if (f.type == 'n') g.thousands = 0;  // the C locale has no grouping
  return fill_number(vm, out, g, v < 0 ? '-' : 0, f.alternate ? prefix : "", digits, false, "", 0, f.type == 'X');
}

// format_float_internal
bool format_float_spec(VM& vm, std::string& out, double val, Spec f) {
  switch (f.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
      break;
    default:
      unknown_type(vm, f.type, "float");
      return false;
  }
  if (f.precision > INT32_MAX) {
    vm.raise(Exc::ValueError, "precision too big");
    return false;
  }
  if (f.precision > kMaxOutput) {
    raise_memory(vm);
    return false;
  }
  int precision = int(f.precision);
  unsigned flags = 0;
  int default_precision = 6;
  char type = char(f.type);
  if (f.alternate) flags |= kDtoaAlt;
  if (f.no_neg_0) flags |= kDtoaNoNegZero;
  if (type == 0) {
    flags |= kDtoaAddDot0;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n') type = 'g';
  bool add_pct = false;
  if (type == '%') {
    type = 'f';
    val *= 100;
    add_pct = true;
  }
  if (precision < 0)
    precision = default_precision;
  else if (type == 'r')
    type = 'g';
  std::string buf = double_to_string(val, type, precision, flags);
  if (add_pct) buf.push_back('%');
  std::string_view s = buf;
  char sign_char = 0;
  if (!s.empty() && s[0] == '-') {
    sign_char = '-';
    s.remove_prefix(1);
  }
  size_t d = 0;
  while (d < s.size() && s[d] >= '0' && s[d] <= '9') ++d;
  bool has_decimal = d < s.size() && s[d] == '.';
  std::string_view rem = s.substr(d + (has_decimal ? 1 : 0));
  if (f.type == 'n') f.thousands = 0;
  return fill_number(vm, out, f, sign_char, "", s.substr(0, d), has_decimal, rem, int64_t(rem.size()), false);
}

// format_string_internal
bool format_str_spec(VM& vm, std::string& out, StrObject* s, const Spec& f) {
  if (f.type != 's') {
    unknown_type(vm, f.type, "str");
    return false;
  }
  if (f.sign) {
    vm.raise(Exc::ValueError, f.sign == ' ' ? "Space not allowed in string format specifier"
                                            : "Sign not allowed in string format specifier");
    return false;
  }
  if (f.no_neg_0) {
    vm.raise(Exc::ValueError, "Negative zero coercion (z) not allowed in string format specifier");
    return false;
  }
  if (f.alternate) {
    vm.raise(Exc::ValueError, "Alternate form (#) not allowed in string format specifier");
    return false;
  }
  if (f.align == '=') {
    vm.raise(Exc::ValueError, "'=' alignment not allowed in string format specifier");
    return false;
  }
  if (f.width > kMaxOutput) {
    raise_memory(vm);
    return false;
  }
  int64_t len = s->length;
  std::string_view text = s->view();
  if (f.precision >= 0 && len > f.precision) {
    len = f.precision;
    text = text.substr(0, str_byte_offset(s, len));
  }
  int64_t total = f.width > len ? f.width : len;
  int64_t lpad = f.align == '>' ? total - len : f.align == '^' ? (total - len) / 2 : 0;
  int64_t rpad = total - len - lpad;
  append_cp(out, f.fill, lpad);
  out += text;
  append_cp(out, f.fill, rpad);
  return true;
}

const char* builtin_type_name(VM& vm, const Value& v) {
  if (v.is_double()) return "float";
  if (v.is_bool()) return "bool";
  return type_name(vm, v);
}

// The specs f-strings use most, `[0][width][.precision][type]` (no fill,
// align, sign, grouping or `#`): formatted into a stack buffer, with no
// Spec, no std::string and no UTF-8 scan of the result. Anything else, and
// non-finite floats, return Empty for the general path (which also raises
// every error, e.g. a precision given for an int). The digits come from the
// same routines the general path uses.
Value format_simple_number(VM& vm, const Value& v, std::string_view spec) {
  constexpr int64_t kMaxSimple = 64;
  size_t pos = 0, n = spec.size();
  bool zero = pos < n && spec[pos] == '0';
  if (zero) ++pos;
  int64_t width = 0;
  for (; pos < n && spec[pos] >= '0' && spec[pos] <= '9'; ++pos) {
    width = width * 10 + (spec[pos] - '0');
    if (width > kMaxSimple) return Value();  // (and before it could overflow)
  }
  int64_t precision = -1;
  if (pos < n && spec[pos] == '.') {
    ++pos;
    precision = 0;
    size_t first = pos;
    for (; pos < n && spec[pos] >= '0' && spec[pos] <= '9'; ++pos) {
      precision = precision * 10 + (spec[pos] - '0');
      if (precision > kMaxSimple) return Value();
    }
    if (pos == first) return Value();
  }
  char type = 0;
  if (pos < n) type = spec[pos++];
  if (pos != n) return Value();

  char buf[2 * kMaxSimple + 400];  // 'f' of a double below 1e308 with <= 64 decimals fits
  std::string_view body;  // the sign (if any) and the digits
  int64_t i;
  if (v.is_double()) {
    // Fixed and exponent notation of a finite double, correctly rounded as
    // CPython's dtoa rounds: std::to_chars with a precision is exact too.
    double d = v.as_double();
    bool fixed = type == 'f' || type == 'F';
    if (!fixed && type != 'e' && type != 'E') return Value();
    if (!std::isfinite(d)) return Value();
    auto res = std::to_chars(buf, buf + sizeof buf, d, fixed ? std::chars_format::fixed : std::chars_format::scientific,
                             precision < 0 ? 6 : int(precision));
    if (res.ec != std::errc()) return Value();
    if (type == 'E')
      for (char* p = buf; p < res.ptr; ++p)
        if (*p == 'e') *p = 'E';
    body = std::string_view(buf, size_t(res.ptr - buf));
  } else if (int_value(v, &i)) {
    int base;
    switch (type) {
      case 0: case 'd': base = 10; break;
      case 'x': case 'X': base = 16; break;
      case 'o': base = 8; break;
      case 'b': base = 2; break;
      default: return Value();
    }
    if (precision >= 0) return Value();
    uint64_t m = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
    char* end = buf + sizeof buf;
    char* p = end;
    const char* digit_chars = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
      *--p = digit_chars[m % unsigned(base)];
      m /= unsigned(base);
    } while (m);
    if (i < 0) *--p = '-';
    body = std::string_view(p, size_t(end - p));
  } else {
    return Value();
  }
  int64_t pad = width - int64_t(body.size());
  if (pad <= 0) return make_ascii_str(vm, body);
  // '0' means fill '0' with '=' alignment (zeros after the sign); otherwise
  // numbers align right.
  StrObject* r = str_alloc(vm, size_t(width), width, true);
  char* out = r->data;
  bool sign = body[0] == '-';
  if (zero && sign) {
    *out++ = '-';
    body.remove_prefix(1);
  }
  std::memset(out, zero ? '0' : ' ', size_t(pad));
  std::memcpy(out + pad, body.data(), body.size());
  return Value::steal(r);
}

}  // namespace

Value format_value(VM& vm, const Value& v, std::string_view spec) {
  if (!spec.empty() && !is_str(v)) {
    if (Value r = format_simple_number(vm, v, spec)) return r;
  }
  std::string out;
  if (is_str(v)) {
    auto* s = v.as<StrObject>();
    if (spec.empty()) return s->type == vm.types.str ? v : make_str(vm, s->view());
    Spec f;
    if (!parse_spec(vm, spec, 's', '<', type_name(vm, v), &f)) return Value();
    if (!format_str_spec(vm, out, s, f)) return Value();
    return make_str(vm, out);
  }
  if (v.is_double()) {
    if (spec.empty()) return make_str(vm, float_repr(v.as_double()));
    Spec f;
    if (!parse_spec(vm, spec, 0, '>', "float", &f)) return Value();
    if (!format_float_spec(vm, out, v.as_double(), f)) return Value();
    return make_str(vm, out);
  }
  int64_t i;
  if (int_value(v, &i)) {
    if (spec.empty()) return number_repr(vm, v.is_bool() ? v : make_int(vm, i));
    const char* tname = builtin_type_name(vm, v);
    Spec f;
    if (!parse_spec(vm, spec, 'd', '>', tname, &f)) return Value();
    if (!format_int_spec(vm, out, i, f, tname)) return Value();
    return make_str(vm, out);
  }
  return vm.raisef(Exc::TypeError, "unsupported format string passed to %s.__format__", type_name(vm, v));
}

std::string int_to_base_string(int64_t v, int base) {
  std::string out;
  if (v < 0) out.push_back('-');
  if (base == 2) out += "0b";
  if (base == 8) out += "0o";
  if (base == 16) out += "0x";
  out += magnitude_digits(v, base);
  return out;
}

// ================================================================ str.format

namespace {

struct FormatArgs {
  const Value* pos = nullptr;
  size_t npos = 0;
  const TupleObject* kwnames = nullptr;  // str.format keywords
  const Value* kwvalues = nullptr;
  Value mapping;                         // format_map
  bool have_positional = true;
};

enum class AutoState { Init, Auto, Manual };
struct AutoNumber {
  AutoState state = AutoState::Init;
  int64_t next = 0;
};

// get_integer of unicode_format.h: -1 if not all decimal digits.
bool field_integer(VM& vm, std::string_view s, int64_t* out) {
  *out = -1;
  if (s.empty()) return true;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return true;
    int d = c - '0';
    if (v > (INT64_MAX - d) / 10) {
      vm.raise(Exc::ValueError, "Too many decimal digits in format string");
      return false;
    }
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

Value get_field_object(VM& vm, std::string_view field, const FormatArgs& a, AutoNumber* autonum) {
  size_t i = 0;
  while (i < field.size() && field[i] != '.' && field[i] != '[') ++i;
  std::string_view first = field.substr(0, i);
  std::string_view rest = field.substr(i);
  int64_t index;
  if (!field_integer(vm, first, &index)) return Value();
  bool empty = first.empty();
  bool numeric = empty || index != -1;
  if (autonum) {
    if (autonum->state == AutoState::Init && numeric) autonum->state = empty ? AutoState::Auto : AutoState::Manual;
    if (numeric) {
      if (autonum->state == AutoState::Manual && empty) {
        return vm.raise(Exc::ValueError, "cannot switch from manual field specification to automatic field numbering");
      }
      if (autonum->state == AutoState::Auto && !empty) {
        return vm.raise(Exc::ValueError, "cannot switch from automatic field numbering to manual field specification");
      }
    }
    if (empty) index = autonum->next++;
  }
  Value obj;
  if (index == -1) {
    if (a.mapping) {
      obj = getitem(vm, a.mapping, make_str(vm, first));
    } else {
      bool found = false;
      for (size_t k = 0; a.kwnames && k < a.kwnames->size; ++k) {
        if (str_view(a.kwnames->items[k]) == first) {
          obj = a.kwvalues[k];
          found = true;
          break;
        }
      }
      if (!found) return vm.raise(Exc::KeyError, first);
    }
    if (!obj) return obj;
  } else {
    if (!a.have_positional) return vm.raise(Exc::ValueError, "Format string contains positional fields");
    if (uint64_t(index) >= a.npos) {
      return vm.raise(Exc::IndexError,
                      fmt::format("Replacement index {} out of range for positional args tuple", index));
    }
    obj = a.pos[index];
  }
  // .attr and [key] lookups.
  size_t p = 0;
  while (p < rest.size()) {
    char c = rest[p++];
    std::string_view name;
    bool is_attr = false;
    if (c == '.') {
      is_attr = true;
      size_t s0 = p;
      while (p < rest.size() && rest[p] != '.' && rest[p] != '[') ++p;
      name = rest.substr(s0, p - s0);
    } else if (c == '[') {
      size_t s0 = p;
      while (p < rest.size() && rest[p] != ']') ++p;
      if (p >= rest.size()) return vm.raise(Exc::ValueError, "Missing ']' in format string");
      name = rest.substr(s0, p - s0);
      ++p;  // the ']'
    } else {
      return vm.raise(Exc::ValueError, "Only '.' or '[' may follow ']' in format field specifier");
    }
    if (name.empty()) return vm.raise(Exc::ValueError, "Empty attribute in format string");
    if (is_attr) {
      Value n = vm.intern(name);
      if (!n) return n;
      obj = getattr(vm, obj, n.as<StrObject>());
    } else {
      int64_t idx;
      if (!field_integer(vm, name, &idx)) return Value();
      if (idx == -1)
        obj = getitem(vm, obj, make_str(vm, name));
      else
        obj = getitem(vm, obj, make_int(vm, idx));
    }
    if (!obj) return obj;
  }
  return obj;
}

bool build_string(VM& vm, std::string_view fmtstr, const FormatArgs& a, int depth, AutoNumber* autonum,
                  std::string& out);

bool output_markup(VM& vm, std::string_view field, std::string_view spec, bool spec_needs_expanding,
                   uint32_t conversion, const FormatArgs& a, int depth, AutoNumber* autonum, std::string& out) {
  Value obj = get_field_object(vm, field, a, autonum);
  if (!obj) return false;
  if (conversion) {
    Value conv;
    switch (conversion) {
      case 'r': conv = repr(vm, obj); break;
      case 's': conv = str(vm, obj); break;
      case 'a': {
        Value r = repr(vm, obj);
        if (r) conv = make_str(vm, str_ascii_text(str_view(r)));
        break;
      }
      default:
        vm.raise(Exc::ValueError, fmt::format("Unknown conversion specifier {}", type_char_text(conversion)));
        return false;
    }
    if (!conv) return false;
    obj = conv;
  }
  std::string expanded;
  if (spec_needs_expanding) {
    if (!build_string(vm, spec, a, depth - 1, autonum, expanded)) return false;
    spec = expanded;
  }
  Value r = format(vm, obj, spec);
  if (!r) return false;
  out += str_view(r);
  return true;
}

// MarkupIterator + parse_field + build_string of unicode_format.h.
bool build_string(VM& vm, std::string_view s, const FormatArgs& a, int depth, AutoNumber* autonum,
                  std::string& out) {
  if (depth <= 0) {
    vm.raise(Exc::ValueError, "Max string recursion exceeded");
    return false;
  }
  size_t pos = 0, n = s.size();
  while (pos < n) {
    // Literal text up to the first '{' or '}'.
    size_t start = pos;
    char c = 0;
    bool markup = false;
    while (pos < n) {
      c = s[pos++];
      if (c == '{' || c == '}') {
        markup = true;
        break;
      }
    }
    bool at_end = pos >= n;
    size_t len = pos - start;
    if (markup && c == '}' && (at_end || s[pos] != '}')) {
      vm.raise(Exc::ValueError, "Single '}' encountered in format string");
      return false;
    }
    if (markup && at_end && c == '{') {
      vm.raise(Exc::ValueError, "Single '{' encountered in format string");
      return false;
    }
    if (markup && !at_end) {
      if (s[pos] == c) {
        ++pos;  // '{{' or '}}': a literal brace
        markup = false;
      } else {
        --len;
      }
    }
    out.append(s.data() + start, len);
    if (!markup) continue;
    // parse_field: the field name ends at '}', ':' or '!' (brackets skip).
    size_t fstart = pos;
    c = 0;
    while (pos < n) {
      c = s[pos++];
      if (c == '{') {
        vm.raise(Exc::ValueError, "unexpected '{' in field name");
        return false;
      }
      if (c == '[') {
        while (pos < n && s[pos] != ']') ++pos;
        continue;
      }
      if (c == '}' || c == ':' || c == '!') break;
    }
    std::string_view field = s.substr(fstart, pos - fstart - (c == '}' || c == ':' || c == '!' ? 1 : 0));
    uint32_t conversion = 0;
    std::string_view spec;
    bool needs_expanding = false;
    if (c == '!' || c == ':') {
      if (c == '!') {
        if (pos >= n) {
          vm.raise(Exc::ValueError, "end of string while looking for conversion specifier");
          return false;
        }
        size_t q = pos;
        conversion = unicode::decode(s.data(), n, q);
        pos = q;
        if (pos < n) {
          char d = s[pos++];
          if (d == '}') {
            if (!output_markup(vm, field, "", false, conversion, a, depth, autonum, out)) return false;
            continue;
          }
          if (d != ':') {
            vm.raise(Exc::ValueError, "expected ':' after conversion specifier");
            return false;
          }
        }
      }
      size_t sstart = pos;
      int count = 1;
      bool closed = false;
      while (pos < n) {
        char d = s[pos++];
        if (d == '{') {
          needs_expanding = true;
          ++count;
        } else if (d == '}') {
          if (--count == 0) {
            spec = s.substr(sstart, pos - 1 - sstart);
            closed = true;
            break;
          }
        }
      }
      if (!closed) {
        vm.raise(Exc::ValueError, "unmatched '{' in format spec");
        return false;
      }
    } else if (c != '}') {
      vm.raise(Exc::ValueError, "expected '}' before end of string");
      return false;
    }
    if (!output_markup(vm, field, spec, needs_expanding, conversion, a, depth, autonum, out)) return false;
  }
  return true;
}

}  // namespace

Value str_format(VM& vm, StrObject* fmtstr, const CallArgs& args) {
  FormatArgs a;
  a.pos = args.args;
  a.npos = args.nargs;
  a.kwnames = args.kwnames;
  a.kwvalues = args.args + args.nargs;
  AutoNumber autonum;
  std::string out;
  if (!build_string(vm, fmtstr->view(), a, 2, &autonum, out)) return Value();
  return make_str(vm, out);
}

Value str_format_map(VM& vm, StrObject* fmtstr, const Value& mapping) {
  FormatArgs a;
  a.mapping = mapping;
  a.have_positional = false;
  AutoNumber autonum;
  std::string out;
  if (!build_string(vm, fmtstr->view(), a, 2, &autonum, out)) return Value();
  return make_str(vm, out);
}

// ================================================================ printf-style %

namespace {

enum : unsigned { F_LJUST = 1, F_SIGN = 2, F_BLANK = 4, F_ALT = 8, F_ZERO = 16 };

struct PctArg {
  uint32_t ch = 0;
  unsigned flags = 0;
  int64_t width = -1;
  int64_t prec = -1;
  bool sign = false;
};

struct PctCtx {
  Value args;
  int64_t arglen = -1;
  int64_t argidx = -2;
  Value dict;
};

Value next_arg(VM& vm, PctCtx& c) {
  if (c.argidx < c.arglen) {
    int64_t i = c.argidx++;
    if (c.arglen < 0) return c.args;
    return c.args.as<TupleObject>()->items[i];
  }
  return vm.raise(Exc::TypeError, "not enough arguments for format string");
}

// PyNumber_Check: ints, floats, and objects with __index__/__int__/__float__.
bool number_like(VM& vm, const Value& v) {
  if (is_number(v)) return true;
  if (!v.is_object() || is_str(v)) return false;
  TypeObject* t = v.as_object()->type;
  return type_lookup(t, vm.names.__index__) || type_lookup(t, vm.names.__int__) ||
         type_lookup(t, vm.names.__float__);
}

// mainformatlong + _PyUnicode_FormatLong
bool pct_format_long(VM& vm, const Value& v, PctArg& arg, std::string& out) {
  char type = char(arg.ch);
  auto wrongtype = [&]() {
    if (type == 'o' || type == 'x' || type == 'X') {
      vm.raisef(Exc::TypeError, "%%%c format: an integer is required, not %s", type, type_name(vm, v));
    } else {
      vm.raisef(Exc::TypeError, "%%%c format: a real number is required, not %s", type, type_name(vm, v));
    }
    return false;
  };
  if (!number_like(vm, v)) return wrongtype();
  int64_t i;
  if (!int_value(v, &i)) {
    Value iv;
    if (type == 'o' || type == 'x' || type == 'X') {
      if (v.is_double()) return wrongtype();
      if (!index_value(vm, v, &i)) {
        if (vm.exception_matches(Exc::TypeError)) {
          vm.clear_exception();
          return wrongtype();
        }
        return false;
      }
    } else {
      CallArgs ca{&v, 1, nullptr};
      iv = int_call(vm, ca);
      if (!iv) {
        if (vm.exception_matches(Exc::TypeError)) {
          vm.clear_exception();
          return wrongtype();
        }
        return false;
      }
      int_value(iv, &i);
    }
  }
  int base = (type == 'o') ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
  std::string digits = magnitude_digits(i, base);
  std::string res;
  if (i < 0) res.push_back('-');
  if ((arg.flags & F_ALT) && base != 10) {
    res.push_back('0');
    res.push_back(base == 8 ? 'o' : 'x');
  }
  if (arg.prec > int64_t(digits.size())) {
    if (arg.prec > kMaxOutput) {
      raise_memory(vm);
      return false;
    }
    res.append(size_t(arg.prec - int64_t(digits.size())), '0');
  }
  res += digits;
  if (type == 'X') {
    for (char& ch : res)
      if (ch >= 'a' && ch <= 'x') ch = char(ch - 'a' + 'A');
  }
  out = std::move(res);
  return true;
}

bool pct_format_float(VM& vm, const Value& v, const PctArg& arg, std::string& out) {
  double x;
  if (!number_as_double(v, &x)) {
    bool ok = false;
    if (v.is_object() && !is_str(v)) {
      TypeObject* t = v.as_object()->type;
      if (type_lookup(t, vm.names.__float__) || type_lookup(t, vm.names.__index__)) {
        CallArgs ca{&v, 1, nullptr};
        Value f = float_call(vm, ca);
        if (!f) return false;
        x = f.as_double();
        ok = true;
      }
    }
    if (!ok) {
      vm.raisef(Exc::TypeError, "must be real number, not %s", type_name(vm, v));
      return false;
    }
  }
  int prec = arg.prec < 0 ? 6 : int(arg.prec);
  out = double_to_string(x, char(arg.ch), prec, (arg.flags & F_ALT) ? unsigned(kDtoaAlt) : 0u);
  return true;
}

// unicode_format_arg_output
void pct_output(std::string& out, PctArg& arg, std::string_view str) {
  uint32_t fill = (arg.sign && (arg.flags & F_ZERO)) ? '0' : ' ';
  int64_t len = cp_len(str);
  if ((arg.width == -1 || arg.width <= len) && (arg.prec == -1 || arg.prec >= len) &&
      !(arg.flags & (F_SIGN | F_BLANK))) {
    out += str;
    return;
  }
  if (arg.ch == 's' || arg.ch == 'r' || arg.ch == 'a') {
    if (arg.prec >= 0 && len > arg.prec) {
      len = arg.prec;
      size_t i = 0;
      for (int64_t k = 0; k < len; ++k) i += unicode::seq_len(static_cast<unsigned char>(str[i]));
      str = str.substr(0, i);
    }
  }
  size_t pindex = 0;
  char signchar = 0;
  if (arg.sign) {
    char ch = str.empty() ? 0 : str[0];
    if (ch == '-' || ch == '+') {
      signchar = ch;
      --len;
      ++pindex;
    } else if (arg.flags & F_SIGN) {
      signchar = '+';
    } else if (arg.flags & F_BLANK) {
      signchar = ' ';
    } else {
      arg.sign = false;
    }
  }
  if (arg.width < len) arg.width = len;
  if (arg.sign) {
    if (fill != ' ') out.push_back(signchar);
    if (arg.width > len) arg.width--;
  }
  bool alt_prefix = (arg.flags & F_ALT) && (arg.ch == 'x' || arg.ch == 'X' || arg.ch == 'o');
  if (alt_prefix) {
    if (fill != ' ') {
      out.append(str.substr(pindex, 2));
      pindex += 2;
    }
    arg.width -= 2;
    if (arg.width < 0) arg.width = 0;
    len -= 2;
  }
  if (arg.width > len && !(arg.flags & F_LJUST)) {
    append_cp(out, fill, arg.width - len);
    arg.width = len;
  }
  if (fill == ' ') {
    if (arg.sign) out.push_back(signchar);
    if (alt_prefix) {
      out.append(str.substr(pindex, 2));
      pindex += 2;
    }
  }
  if (len > 0) out.append(str.substr(pindex));
  if (arg.width > len) out.append(size_t(arg.width - len), ' ');
}

bool is_mapping_for_percent(VM& vm, const Value& v) {
  if (!v.is_object()) return false;
  Object* o = v.as_object();
  if (o->kind == ObjKind::Tuple || o->kind == ObjKind::Str) return false;
  if (o->kind == ObjKind::Dict || o->kind == ObjKind::List || o->kind == ObjKind::Range) return true;
  return bool(type_lookup(o->type, vm.names.__getitem__));
}

}  // namespace

Value percent_format(VM& vm, StrObject* fmtobj, const Value& args) {
  std::string_view s = fmtobj->view();
  PctCtx c;
  c.args = args;
  if (is_kind(args, ObjKind::Tuple)) {
    c.arglen = int64_t(args.as<TupleObject>()->size);
    c.argidx = 0;
  }
  if (is_mapping_for_percent(vm, args)) c.dict = args;
  std::string out;
  size_t pos = 0, n = s.size();
  while (pos < n) {
    size_t lit = s.find('%', pos);
    if (lit == std::string_view::npos) lit = n;
    out.append(s.data() + pos, lit - pos);
    pos = lit;
    if (pos >= n) break;
    ++pos;  // the '%'
    if (pos < n && s[pos] == '%') {
      out.push_back('%');
      ++pos;
      continue;
    }
    PctArg arg;
    auto incomplete = [&]() { return vm.raise(Exc::ValueError, "incomplete format"); };
    if (pos < n && s[pos] == '(') {
      if (!c.dict) return vm.raise(Exc::TypeError, "format requires a mapping");
      ++pos;
      size_t keystart = pos;
      int pcount = 1;
      while (pcount > 0 && pos < n) {
        if (s[pos] == ')')
          --pcount;
        else if (s[pos] == '(')
          ++pcount;
        ++pos;
      }
      if (pcount > 0) return vm.raise(Exc::ValueError, "incomplete format key");
      Value key = make_str(vm, s.substr(keystart, pos - 1 - keystart));
      Value v = getitem(vm, c.dict, key);
      if (!v) return v;
      c.args = v;
      c.arglen = -1;
      c.argidx = -2;
    }
    // flags
    bool have_ch = false;
    while (pos < n) {
      char ch = s[pos++];
      switch (ch) {
        case '-': arg.flags |= F_LJUST; continue;
        case '+': arg.flags |= F_SIGN; continue;
        case ' ': arg.flags |= F_BLANK; continue;
        case '#': arg.flags |= F_ALT; continue;
        case '0': arg.flags |= F_ZERO; continue;
        default: break;
      }
      --pos;
      have_ch = true;
      break;
    }
    if (!have_ch) return incomplete();
    // width
    if (s[pos] == '*') {
      ++pos;
      Value v = next_arg(vm, c);
      if (!v) return v;
      int64_t w;
      if (!int_value(v, &w)) return vm.raise(Exc::TypeError, "* wants int");
      if (w < 0) {
        arg.flags |= F_LJUST;
        w = -w;
      }
      arg.width = w;
    } else if (s[pos] >= '0' && s[pos] <= '9') {
      int64_t w = 0;
      while (pos < n && s[pos] >= '0' && s[pos] <= '9') {
        int d = s[pos++] - '0';
        if (w > (INT64_MAX - d) / 10) return vm.raise(Exc::ValueError, "width too big");
        w = w * 10 + d;
      }
      arg.width = w;
    }
    // precision
    if (pos < n && s[pos] == '.') {
      ++pos;
      arg.prec = 0;
      if (pos < n && s[pos] == '*') {
        ++pos;
        Value v = next_arg(vm, c);
        if (!v) return v;
        int64_t p;
        if (!int_value(v, &p)) return vm.raise(Exc::TypeError, "* wants int");
        if (p > INT32_MAX || p < INT32_MIN) {
          return vm.raise(Exc::OverflowError, "Python int too large to convert to C int");
        }
        arg.prec = p < 0 ? 0 : p;
      } else {
        int64_t p = 0;
        while (pos < n && s[pos] >= '0' && s[pos] <= '9') {
          int d = s[pos++] - '0';
          if (p > (INT32_MAX - d) / 10) return vm.raise(Exc::ValueError, "precision too big");
          p = p * 10 + d;
        }
        arg.prec = p;
      }
    }
    if (pos < n && (s[pos] == 'h' || s[pos] == 'l' || s[pos] == 'L')) ++pos;
    if (pos >= n) return incomplete();
    size_t chpos = pos;
    arg.ch = unicode::decode(s.data(), n, pos);
    if (arg.width > kMaxOutput) return raise_memory(vm);

    Value v = next_arg(vm, c);
    if (!v) return v;
    std::string piece;
    switch (arg.ch) {
      case 's': case 'r': case 'a': {
        Value r;
        if (arg.ch == 's') {
          r = str(vm, v);
        } else {
          r = repr(vm, v);
          if (r && arg.ch == 'a') r = make_str(vm, str_ascii_text(str_view(r)));
        }
        if (!r) return r;
        piece = std::string(str_view(r));
        break;
      }
      case 'i': case 'd': case 'u': case 'o': case 'x': case 'X':
        if (!pct_format_long(vm, v, arg, piece)) return Value();
        arg.sign = true;
        break;
      case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
        if (!pct_format_float(vm, v, arg, piece)) return Value();
        arg.sign = true;
        break;
      case 'c': {
        uint32_t ch;
        if (is_str(v)) {
          if (v.as<StrObject>()->length != 1) return vm.raise(Exc::TypeError, "%c requires int or char");
          size_t q = 0;
          ch = unicode::decode(v.as<StrObject>()->data, v.as<StrObject>()->nbytes, q);
        } else {
          int64_t x;
          if (!int_value(v, &x)) {
            bool has_index = v.is_object() && type_lookup(v.as_object()->type, vm.names.__index__);
            if (!has_index) return vm.raise(Exc::TypeError, "%c requires int or char");
            if (!index_value(vm, v, &x)) return Value();
          }
          if (x < 0 || x > 0x10ffff) return vm.raise(Exc::OverflowError, "%c arg not in range(0x110000)");
          ch = uint32_t(x);
        }
        unicode::encode(ch, piece);
        break;
      }
      default: {
        int64_t index = cp_len(s.substr(0, chpos));
        char shown = (arg.ch >= 31 && arg.ch <= 126) ? char(arg.ch) : '?';
        return vm.raise(Exc::ValueError, fmt::format("unsupported format character '{}' (0x{:x}) at index {}", shown,
                                                     arg.ch, index));
      }
    }
    pct_output(out, arg, piece);
    if (c.dict && c.argidx < c.arglen) {
      return vm.raise(Exc::TypeError, "not all arguments converted during string formatting");
    }
  }
  if (c.argidx < c.arglen && !c.dict) {
    return vm.raise(Exc::TypeError, "not all arguments converted during string formatting");
  }
  return make_str(vm, out);
}

}  // namespace kiln::vm
