// vm/str_unicode.h — the Unicode character database that str needs.
//
// CPython answers `'é'.upper()`, `'٣'.isdigit()`, `'\xa0'.isprintable()` from
// its own copy of the Unicode database. Kiln carries compact tables generated
// from CPython itself (vm/str_unicode_gen.py -> vm/str_unicode_tables.inc:
// sorted code point ranges for each predicate, runs of constant offset for the
// case mappings, and the few one-to-many mappings such as 'ß'.upper() == 'SS'),
// so every predicate and case mapping matches CPython 3.11 exactly. ASCII is
// answered inline without touching the tables.
//
// Also here: UTF-8 encoding and decoding of single code points, used by all of
// vm/str*.cpp. Kiln strings are UTF-8; lone surrogates (legal in Python str)
// are stored as their 3-byte encoding, like WTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace kiln::vm::unicode {

// ------------------------------------------------------------ UTF-8
// Decodes the code point at s[i] (i < n) and advances i. Invalid bytes decode
// as themselves (never reads past n).
inline uint32_t decode(const char* s, size_t n, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) {
    ++i;
    return c;
  }
  int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  if (len == 1 || i + size_t(len) > n) {
    ++i;
    return c;
  }
  uint32_t cp = c & (0x3f >> (len - 1));
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3f);
  i += size_t(len);
  return cp;
}
// Bytes taken by the UTF-8 sequence that starts with byte `c`.
inline size_t seq_len(unsigned char c) { return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1; }
inline void encode(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(char(cp));
  } else if (cp < 0x800) {
    out.push_back(char(0xc0 | (cp >> 6)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    out.push_back(char(0xe0 | (cp >> 12)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  } else {
    out.push_back(char(0xf0 | (cp >> 18)));
    out.push_back(char(0x80 | ((cp >> 12) & 0x3f)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(char(0x80 | (cp & 0x3f)));
  }
}
// Number of code points in valid UTF-8 text (counts non-continuation bytes).
size_t count_code_points(const char* s, size_t n);

// ------------------------------------------------------------ predicates
// Each is CPython's str.isX() for a one-character string.
bool is_space(uint32_t c);
bool is_alpha(uint32_t c);
bool is_decimal(uint32_t c);
bool is_digit(uint32_t c);
bool is_numeric(uint32_t c);
bool is_printable(uint32_t c);
bool is_upper(uint32_t c);       // IsUppercase and not lower/title
bool is_lower(uint32_t c);
bool is_titlecase(uint32_t c);   // category Lt
bool is_cased(uint32_t c);       // upper, lower or titlecase
bool is_case_ignorable(uint32_t c);
bool is_id_start(uint32_t c);    // XID_Start or '_'
bool is_id_continue(uint32_t c); // XID_Continue
inline bool is_alnum(uint32_t c) { return is_alpha(c) || is_decimal(c) || is_digit(c) || is_numeric(c); }
// Value of a decimal digit (is_decimal(c)), else -1.
int decimal_value(uint32_t c);
// Line boundaries of str.splitlines: \n \r \v \f \x1c \x1d \x1e \x85 \u2028 \u2029.
inline bool is_linebreak(uint32_t c) {
  return c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x85 ||
         c == 0x2028 || c == 0x2029;
}

// ------------------------------------------------------------ case mappings
// Full mappings (possibly several code points); write up to 3 into out and
// return how many.
int to_upper(uint32_t c, uint32_t out[3]);
int to_lower(uint32_t c, uint32_t out[3]);
int to_title(uint32_t c, uint32_t out[3]);
int to_casefold(uint32_t c, uint32_t out[3]);

}  // namespace kiln::vm::unicode
