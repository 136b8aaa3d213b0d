// vm/str_unicode.cpp — lookups in the generated Unicode tables. See str_unicode.h.
#include "vm/str_unicode.h"

#include <algorithm>

namespace kiln::vm::unicode {

namespace {

struct Range {
  uint32_t lo, hi;
};
// Code points start, start+stride, ... (count of them) map to cp + delta.
struct CaseRun {
  uint32_t start;
  uint32_t count;
  uint32_t stride;
  int32_t delta;
};
struct CaseMulti {
  uint32_t cp;
  int n;
  uint32_t m[3];
};

#include "vm/str_unicode_tables.inc"

template <size_t N>
bool in_ranges(const Range (&table)[N], uint32_t c) {
  const Range* end = table + N;
  const Range* it = std::upper_bound(table, end, c, [](uint32_t v, const Range& r) { return v < r.lo; });
  return it != table && c <= (it - 1)->hi;
}

template <size_t NR, size_t NM>
int map_case(const CaseRun (&runs)[NR], const CaseMulti (&multi)[NM], uint32_t c, uint32_t out[3]) {
  const CaseMulti* mend = multi + NM;
  const CaseMulti* m = std::lower_bound(multi, mend, c, [](const CaseMulti& e, uint32_t v) { return e.cp < v; });
  if (m != mend && m->cp == c) {
    for (int k = 0; k < m->n; ++k) out[k] = m->m[k];
    return m->n;
  }
  const CaseRun* rend = runs + NR;
  const CaseRun* it = std::upper_bound(runs, rend, c, [](uint32_t v, const CaseRun& r) { return v < r.start; });
  if (it != runs) {
    const CaseRun& r = *(it - 1);
    uint32_t off = c - r.start;
    if (off % r.stride == 0 && off / r.stride < r.count) {
      out[0] = uint32_t(int64_t(c) + r.delta);
      return 1;
    }
  }
  out[0] = c;
  return 1;
}

}  // namespace

size_t count_code_points(const char* s, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < n; ++i) count += (static_cast<unsigned char>(s[i]) & 0xc0) != 0x80;
  return count;
}

bool is_space(uint32_t c) {
  if (c < 128) return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  return in_ranges(k_space, c);
}
bool is_alpha(uint32_t c) {
  if (c < 128) return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  return in_ranges(k_alpha, c);
}
bool is_decimal(uint32_t c) {
  if (c < 128) return c >= '0' && c <= '9';
  return in_ranges(k_decimal, c);
}
bool is_digit(uint32_t c) {
  if (c < 128) return c >= '0' && c <= '9';
  return in_ranges(k_digit, c);
}
bool is_numeric(uint32_t c) {
  if (c < 128) return c >= '0' && c <= '9';
  return in_ranges(k_numeric, c);
}
bool is_printable(uint32_t c) {
  if (c < 128) return c >= 0x20 && c < 0x7f;
  return in_ranges(k_printable, c);
}
bool is_upper(uint32_t c) {
  if (c < 128) return c >= 'A' && c <= 'Z';
  return in_ranges(k_upper, c);
}
bool is_lower(uint32_t c) {
  if (c < 128) return c >= 'a' && c <= 'z';
  return in_ranges(k_lower, c);
}
bool is_titlecase(uint32_t c) { return c >= 128 && in_ranges(k_titlecase, c); }
bool is_cased(uint32_t c) { return is_upper(c) || is_lower(c) || is_titlecase(c); }
bool is_case_ignorable(uint32_t c) { return in_ranges(k_case_ignorable, c); }
bool is_id_start(uint32_t c) {
  if (c < 128) return c == '_' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  return in_ranges(k_id_start, c);
}
bool is_id_continue(uint32_t c) {
  if (c < 128) return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  return in_ranges(k_id_continue, c);
}

int decimal_value(uint32_t c) {
  if (c < 128) return (c >= '0' && c <= '9') ? int(c - '0') : -1;
  const Range* end = k_decimal + sizeof(k_decimal) / sizeof(k_decimal[0]);
  const Range* it = std::upper_bound(k_decimal, end, c, [](uint32_t v, const Range& r) { return v < r.lo; });
  if (it == k_decimal || c > (it - 1)->hi) return -1;
  // Every run of decimal digits in Unicode starts at a zero (checked by the generator).
  return int((c - (it - 1)->lo) % 10);
}

int to_upper(uint32_t c, uint32_t out[3]) {
  if (c < 128) {
    out[0] = (c >= 'a' && c <= 'z') ? c - 32 : c;
    return 1;
  }
  return map_case(k_upper_runs, k_upper_multi, c, out);
}
int to_lower(uint32_t c, uint32_t out[3]) {
  if (c < 128) {
    out[0] = (c >= 'A' && c <= 'Z') ? c + 32 : c;
    return 1;
  }
  return map_case(k_lower_runs, k_lower_multi, c, out);
}
int to_title(uint32_t c, uint32_t out[3]) {
  if (c < 128) {
    out[0] = (c >= 'a' && c <= 'z') ? c - 32 : c;
    return 1;
  }
  return map_case(k_title_runs, k_title_multi, c, out);
}
int to_casefold(uint32_t c, uint32_t out[3]) {
  if (c < 128) {
    out[0] = (c >= 'A' && c <= 'Z') ? c + 32 : c;
    return 1;
  }
  return map_case(k_casefold_runs, k_casefold_multi, c, out);
}

}  // namespace kiln::vm::unicode
