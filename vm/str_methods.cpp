// vm/str_methods.cpp — the Python-visible methods of str (split, join,
// strip, find, replace, upper, isdigit, center, format, ...), registered on
// vm.types.str by init_str_type. Semantics and error messages follow CPython
// 3.11's Objects/unicodeobject.c; indices are code points, and ASCII strings
// take byte-level fast paths.
#include <fmt/format.h>

#include <cstring>
#include <string>
#include <vector>

#include "vm/format.h"
#include "vm/numbers.h"
#include "vm/str.h"
#include "vm/str_unicode.h"
#include "vm/tuple.h"

namespace kiln::vm {

namespace {

// ================================================================ argument checking

// self must be a str: "unbound method str.upper() needs an argument" /
// "descriptor 'upper' for 'str' objects doesn't apply to a 'int' object".
bool get_self(VM& vm, const CallArgs& a, const char* name, StrObject** self) {
  if (a.nargs == 0) {
    vm.raisef(Exc::TypeError, "unbound method str.%s() needs an argument", name);
    return false;
  }
  if (!is_str(a.args[0])) {
    vm.raisef(Exc::TypeError, "descriptor '%s' for 'str' objects doesn't apply to a '%s' object", name,
              type_name(vm, a.args[0]));
    return false;
  }
  *self = a.args[0].as<StrObject>();
  return true;
}

bool no_kw(VM& vm, const CallArgs& a, const char* name) {
  if (a.nkw()) {
    vm.raisef(Exc::TypeError, "str.%s() takes no keyword arguments", name);
    return false;
  }
  return true;
}

// METH_NOARGS
bool noargs(VM& vm, const CallArgs& a, const char* name, StrObject** self) {
  if (!get_self(vm, a, name, self) || !no_kw(vm, a, name)) return false;
  if (a.nargs != 1) {
    vm.raisef(Exc::TypeError, "str.%s() takes no arguments (%zu given)", name, a.nargs - 1);
    return false;
  }
  return true;
}

// METH_O
bool onearg(VM& vm, const CallArgs& a, const char* name, StrObject** self) {
  if (!get_self(vm, a, name, self) || !no_kw(vm, a, name)) return false;
  if (a.nargs != 2) {
    vm.raisef(Exc::TypeError, "str.%s() takes exactly one argument (%zu given)", name, a.nargs - 1);
    return false;
  }
  return true;
}

// Argument-clinic positional-only: "center expected at least 1 argument, got 0".
bool clinic(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max, StrObject** self) {
  if (!get_self(vm, a, name, self) || !no_kw(vm, a, name)) return false;
  size_t n = a.nargs - 1;
  if (n < min || n > max) {
    size_t bound = n < min ? min : max;
    const char* which = min == max ? "" : n < min ? "at least " : "at most ";
    vm.raisef(Exc::TypeError, "%s expected %s%zu argument%s, got %zu", name, which, bound, bound == 1 ? "" : "s", n);
    return false;
  }
  return true;
}

// Old-style PyArg_ParseTuple: "find() takes at least 1 argument (0 given)".
bool oldstyle(VM& vm, const CallArgs& a, const char* name, size_t min, size_t max, StrObject** self) {
  if (!get_self(vm, a, name, self) || !no_kw(vm, a, name)) return false;
  size_t n = a.nargs - 1;
  if (n < min) {
    vm.raisef(Exc::TypeError, "%s() takes at least %zu argument%s (%zu given)", name, min, min == 1 ? "" : "s", n);
    return false;
  }
  if (n > max) {
    vm.raisef(Exc::TypeError, "%s() takes at most %zu argument%s (%zu given)", name, max, max == 1 ? "" : "s", n);
    return false;
  }
  return true;
}

// Positional-or-keyword parameters (split, splitlines, expandtabs): fills
// out[0..names.size()) (Empty when not given).
bool kwparams(VM& vm, const CallArgs& a, const char* name, std::initializer_list<const char*> names, Value* out,
              StrObject** self) {
  if (!get_self(vm, a, name, self)) return false;
  size_t np = names.size();
  size_t n = a.nargs - 1;
  if (n + a.nkw() > np) {
    vm.raisef(Exc::TypeError, "%s() takes at most %zu argument%s (%zu given)", name, np, np == 1 ? "" : "s",
              n + a.nkw());
    return false;
  }
  for (size_t k = 0; k < n; ++k) out[k] = a.args[k + 1];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = str_view(a.kwnames->items[k]);
    size_t idx = 0;
    bool found = false;
    for (const char* pn : names) {
      if (kw == pn) {
        found = true;
        break;
      }
      ++idx;
    }
    if (!found) {
      vm.raise(Exc::TypeError, fmt::format("'{}' is an invalid keyword argument for {}()", kw, name));
      return false;
    }
    if (idx < n) {
      vm.raise(Exc::TypeError,
               fmt::format("argument for {}() given by name ('{}') and position ({})", name, kw, idx + 1));
      return false;
    }
    out[idx] = a.kwvalue(k);
  }
  return true;
}

// "must be str, not int"
bool need_str(VM& vm, const Value& v, StrObject** out) {
  if (!is_str(v)) {
    vm.raisef(Exc::TypeError, "must be str, not %s", type_name(vm, v));
    return false;
  }
  *out = v.as<StrObject>();
  return true;
}

// _PyEval_SliceIndex: None keeps the default.
bool slice_index(VM& vm, const Value& v, int64_t* out) {
  if (!v || v.is_none()) return true;
  if (int_value(v, out)) return true;
  if (v.is_object() && type_lookup(v.as_object()->type, vm.names.__index__)) return index_value(vm, v, out);
  vm.raise(Exc::TypeError, "slice indices must be integers or None or have an __index__ method");
  return false;
}

void adjust_indices(int64_t& start, int64_t& end, int64_t len) {
  if (end > len) {
    end = len;
  } else if (end < 0) {
    end += len;
    if (end < 0) end = 0;
  }
  if (start < 0) {
    start += len;
    if (start < 0) start = 0;
  }
}

// ================================================================ helpers

Value new_list(VM& vm) { return Value::steal(object_new<ListObject>(vm, ObjKind::List, vm.types.list)); }
void list_push(const Value& list, Value v) { list.as<ListObject>()->items.push_back(std::move(v)); }

// The unchanged string: self itself if it is an exact str, else a copy.
Value unchanged(VM& vm, StrObject* s) {
  if (s->type == vm.types.str) return Value::borrow(s);
  return make_str(vm, s->view());
}

std::vector<uint32_t> decode_all(std::string_view s) {
  std::vector<uint32_t> cps;
  cps.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) cps.push_back(unicode::decode(s.data(), s.size(), i));
  return cps;
}

// Moves i back to the start of the previous code point and returns it.
uint32_t decode_prev(std::string_view s, size_t& i) {
  size_t j = i - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xc0) == 0x80 && i - j < 4) --j;
  size_t k = j;
  uint32_t cp = unicode::decode(s.data(), s.size(), k);
  i = j;
  return cp;
}

// Code point index of byte offset `off` in s.
int64_t cp_index(const StrObject* s, size_t off) {
  if (s->is_ascii()) return int64_t(off);
  return int64_t(unicode::count_code_points(s->data, off));
}

// ================================================================ split family

inline bool ascii_space(char c) { return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f); }

// A new list for split's results with room for the usual few fields
// (CPython's PREALLOC_SIZE): a five-field split would otherwise grow it
// four times.
Value new_split_list(VM& vm) {
  Value list = new_list(vm);
  list.as<ListObject>()->items.reserve(12);
  return list;
}

Value split_whitespace(VM& vm, StrObject* self, int64_t maxsplit) {
  Value list = new_split_list(vm);
  std::string_view s = self->view();
  size_t i = 0, n = s.size();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  if (self->is_ascii()) {
    auto& items = list.as<ListObject>()->items;
    for (;;) {
      while (i < n && ascii_space(s[i])) ++i;
      if (i >= n) break;
      if (maxsplit-- == 0) {
        items.push_back(make_ascii_str(vm, s.substr(i)));
        break;
      }
      size_t start = i;
      while (i < n && !ascii_space(s[i])) ++i;
      items.push_back(make_ascii_str(vm, s.substr(start, i - start)));
    }
    return list;
  }
  while (true) {
    // skip whitespace
    while (i < n) {
      size_t j = i;
      uint32_t c = unicode::decode(s.data(), n, j);
      if (!unicode::is_space(c)) break;
      i = j;
    }
    if (i >= n) break;
    if (maxsplit-- == 0) {
      // The rest, with trailing whitespace kept (CPython does not strip it).
      list_push(list, make_str(vm, s.substr(i)));
      return list;
    }
    size_t start = i;
    while (i < n) {
      size_t j = i;
      uint32_t c = unicode::decode(s.data(), n, j);
      if (unicode::is_space(c)) break;
      i = j;
    }
    list_push(list, make_str(vm, s.substr(start, i - start)));
  }
  return list;
}

Value rsplit_whitespace(VM& vm, StrObject* self, int64_t maxsplit) {
  Value list = new_split_list(vm);
  std::string_view s = self->view();
  size_t i = s.size();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  while (true) {
    while (i > 0) {
      size_t j = i;
      uint32_t c = decode_prev(s, j);
      if (!unicode::is_space(c)) break;
      i = j;
    }
    if (i == 0) break;
    if (maxsplit-- == 0) {
      list_push(list, make_str(vm, s.substr(0, i)));
      break;
    }
    size_t end = i;
    while (i > 0) {
      size_t j = i;
      uint32_t c = decode_prev(s, j);
      if (unicode::is_space(c)) break;
      i = j;
    }
    list_push(list, make_str(vm, s.substr(i, end - i)));
  }
  auto& items = list.as<ListObject>()->items;
  std::reverse(items.begin(), items.end());
  return list;
}

Value split_sep(VM& vm, StrObject* self, std::string_view sep, int64_t maxsplit) {
  Value list = new_split_list(vm);
  std::string_view s = self->view();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  size_t start = 0;
  auto& items = list.as<ListObject>()->items;
  if (sep.size() == 1) {
    // One-character separator: memchr.
    char c = sep[0];
    while (maxsplit-- > 0) {
      const void* hit = std::memchr(s.data() + start, c, s.size() - start);
      if (!hit) break;
      size_t pos = size_t(static_cast<const char*>(hit) - s.data());
      items.push_back(make_substr(vm, self, s.substr(start, pos - start)));
      start = pos + 1;
    }
  } else {
    while (maxsplit-- > 0) {
      size_t pos = s.find(sep, start);
      if (pos == std::string_view::npos) break;
      items.push_back(make_substr(vm, self, s.substr(start, pos - start)));
      start = pos + sep.size();
    }
  }
  items.push_back(make_substr(vm, self, s.substr(start)));
  return list;
}

Value rsplit_sep(VM& vm, StrObject* self, std::string_view sep, int64_t maxsplit) {
  Value list = new_split_list(vm);
  std::string_view s = self->view();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  size_t end = s.size();
  while (maxsplit-- > 0 && end >= sep.size()) {
    size_t pos = s.rfind(sep, end - sep.size());
    if (pos == std::string_view::npos) break;
    list_push(list, make_substr(vm, self, s.substr(pos + sep.size(), end - pos - sep.size())));
    end = pos;
  }
  list_push(list, make_substr(vm, self, s.substr(0, end)));
  auto& items = list.as<ListObject>()->items;
  std::reverse(items.begin(), items.end());
  return list;
}

Value split_impl(VM& vm, const CallArgs& a, bool right) {
  const char* name = right ? "rsplit" : "split";
  Value p[2];
  StrObject* self;
  if (!kwparams(vm, a, name, {"sep", "maxsplit"}, p, &self)) return Value();
  int64_t maxsplit = -1;
  if (p[1] && !index_value(vm, p[1], &maxsplit)) return Value();
  if (!p[0] || p[0].is_none()) return right ? rsplit_whitespace(vm, self, maxsplit) : split_whitespace(vm, self, maxsplit);
  if (!is_str(p[0])) return vm.raisef(Exc::TypeError, "must be str or None, not %s", type_name(vm, p[0]));
  std::string_view sep = str_view(p[0]);
  if (sep.empty()) return vm.raise(Exc::ValueError, "empty separator");
  return right ? rsplit_sep(vm, self, sep, maxsplit) : split_sep(vm, self, sep, maxsplit);
}

Value m_split(VM& vm, const CallArgs& a, const Value&) { return split_impl(vm, a, false); }
Value m_rsplit(VM& vm, const CallArgs& a, const Value&) { return split_impl(vm, a, true); }

Value m_splitlines(VM& vm, const CallArgs& a, const Value&) {
  Value p[1];
  StrObject* self;
  if (!kwparams(vm, a, "splitlines", {"keepends"}, p, &self)) return Value();
  bool keepends = false;
  if (p[0]) {
    if (p[0].is_double()) return vm.raise(Exc::TypeError, "'float' object cannot be interpreted as an integer");
    int t = truthy(vm, p[0]);
    if (t < 0) return Value();
    keepends = t;
  }
  Value list = new_list(vm);
  std::string_view s = self->view();
  size_t i = 0, n = s.size();
  while (i < n) {
    size_t start = i;
    size_t eol = n, next = n;
    while (i < n) {
      size_t j = i;
      uint32_t c = unicode::decode(s.data(), n, j);
      if (unicode::is_linebreak(c)) {
        eol = i;
        next = j;
        if (c == '\r' && j < n && s[j] == '\n') next = j + 1;
        break;
      }
      i = j;
    }
    list_push(list, make_str(vm, s.substr(start, (keepends ? next : eol) - start)));
    i = next;
  }
  return list;
}

Value m_join(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!onearg(vm, a, "join", &self)) return Value();
  return str_join(vm, self, a.args[1]);
}

// ================================================================ strip

Value strip_impl(VM& vm, const CallArgs& a, const char* name, bool left, bool right) {
  StrObject* self;
  if (!clinic(vm, a, name, 0, 1, &self)) return Value();
  std::string_view s = self->view();
  size_t i = 0, j = s.size();
  if ((a.nargs == 1 || a.args[1].is_none()) && self->is_ascii()) {
    if (left)
      while (i < j && ascii_space(s[i])) ++i;
    if (right)
      while (j > i && ascii_space(s[j - 1])) --j;
  } else if (a.nargs == 1 || a.args[1].is_none()) {
    if (left) {
      while (i < j) {
        size_t k = i;
        if (!unicode::is_space(unicode::decode(s.data(), j, k))) break;
        i = k;
      }
    }
    if (right) {
      while (j > i) {
        size_t k = j;
        if (!unicode::is_space(decode_prev(s, k))) break;
        j = k;
      }
    }
  } else {
    if (!is_str(a.args[1])) return vm.raisef(Exc::TypeError, "%s arg must be None or str", name);
    std::string_view chars = str_view(a.args[1]);
    if (self->is_ascii() && a.args[1].as<StrObject>()->is_ascii()) {
      if (chars.size() <= 8) {
        // A few characters (the usual case): compare directly.
        auto strip_char = [&](char c) {
          for (char x : chars)
            if (x == c) return true;
          return false;
        };
        if (left)
          while (i < j && strip_char(s[i])) ++i;
        if (right)
          while (j > i && strip_char(s[j - 1])) --j;
      } else {
        bool table[128] = {};
        for (char c : chars) table[static_cast<unsigned char>(c)] = true;
        if (left)
          while (i < j && table[static_cast<unsigned char>(s[i])]) ++i;
        if (right)
          while (j > i && table[static_cast<unsigned char>(s[j - 1])]) --j;
      }
      if (i == 0 && j == s.size()) return unchanged(vm, self);
      return make_ascii_str(vm, s.substr(i, j - i));
    }
    std::vector<uint32_t> set = decode_all(chars);
    auto in_set = [&](uint32_t c) {
      for (uint32_t x : set)
        if (x == c) return true;
      return false;
    };
    if (left) {
      while (i < j) {
        size_t k = i;
        if (!in_set(unicode::decode(s.data(), j, k))) break;
        i = k;
      }
    }
    if (right) {
      while (j > i) {
        size_t k = j;
        if (!in_set(decode_prev(s, k))) break;
        j = k;
      }
    }
  }
  if (i == 0 && j == s.size()) return unchanged(vm, self);
  return make_substr(vm, self, s.substr(i, j - i));
}

Value m_strip(VM& vm, const CallArgs& a, const Value&) { return strip_impl(vm, a, "strip", true, true); }
Value m_lstrip(VM& vm, const CallArgs& a, const Value&) { return strip_impl(vm, a, "lstrip", true, false); }
Value m_rstrip(VM& vm, const CallArgs& a, const Value&) { return strip_impl(vm, a, "rstrip", false, true); }

// ================================================================ searching

// Byte range of the code point range [start, end) after adjust_indices.
void byte_range(const StrObject* s, int64_t start, int64_t end, size_t* b0, size_t* b1) {
  if (s->is_ascii()) {
    *b0 = size_t(start);
    *b1 = size_t(end);
    return;
  }
  *b0 = str_byte_offset(s, start);
  *b1 = str_byte_offset(s, end);
}

// Parses (sub[, start[, end]]) for find/rfind/index/rindex/count.
bool find_args(VM& vm, const CallArgs& a, const char* name, StrObject** self, StrObject** sub, int64_t* start,
               int64_t* end) {
  if (!oldstyle(vm, a, name, 1, 3, self)) return false;
  if (!need_str(vm, a.args[1], sub)) return false;
  *start = 0;
  *end = INT64_MAX;
  if (a.nargs > 2 && !slice_index(vm, a.args[2], start)) return false;
  if (a.nargs > 3 && !slice_index(vm, a.args[3], end)) return false;
  adjust_indices(*start, *end, (*self)->length);
  return true;
}

// Returns the code point index of the first (or last) match, -1 if none.
int64_t find_impl(StrObject* self, StrObject* sub, int64_t start, int64_t end, bool reverse) {
  if (end - start < sub->length) return -1;
  if (sub->nbytes == 0) return reverse ? end : start;
  size_t b0, b1;
  byte_range(self, start, end, &b0, &b1);
  std::string_view hay(self->data + b0, b1 - b0);
  size_t pos = reverse ? hay.rfind(sub->view()) : hay.find(sub->view());
  if (pos == std::string_view::npos) return -1;
  return cp_index(self, b0 + pos);
}

Value find_family(VM& vm, const CallArgs& a, const char* name, bool reverse, bool raise) {
  StrObject *self, *sub;
  int64_t start, end;
  if (!find_args(vm, a, name, &self, &sub, &start, &end)) return Value();
  int64_t r = find_impl(self, sub, start, end, reverse);
  if (r < 0 && raise) return vm.raise(Exc::ValueError, "substring not found");
  return Value::small_int(r);
}

Value m_find(VM& vm, const CallArgs& a, const Value&) { return find_family(vm, a, "find", false, false); }
Value m_rfind(VM& vm, const CallArgs& a, const Value&) { return find_family(vm, a, "rfind", true, false); }
Value m_index(VM& vm, const CallArgs& a, const Value&) { return find_family(vm, a, "index", false, true); }
Value m_rindex(VM& vm, const CallArgs& a, const Value&) { return find_family(vm, a, "rindex", true, true); }

Value m_count(VM& vm, const CallArgs& a, const Value&) {
  StrObject *self, *sub;
  int64_t start, end;
  if (!find_args(vm, a, "count", &self, &sub, &start, &end)) return Value();
  if (end - start < sub->length) return Value::small_int(0);
  if (sub->nbytes == 0) return Value::small_int(end - start + 1);
  size_t b0, b1;
  byte_range(self, start, end, &b0, &b1);
  std::string_view hay(self->data + b0, b1 - b0);
  int64_t count = 0;
  size_t pos = 0;
  if (sub->nbytes == 1) {
    char c = sub->data[0];
    for (char h : hay) count += h == c;
    return Value::small_int(count);
  }
  while ((pos = hay.find(sub->view(), pos)) != std::string_view::npos) {
    ++count;
    pos += sub->nbytes;
  }
  return Value::small_int(count);
}

// tailmatch: direction < 0 startswith, > 0 endswith.
bool tailmatch(StrObject* self, StrObject* sub, int64_t start, int64_t end, int direction) {
  adjust_indices(start, end, self->length);
  end -= sub->length;
  if (end < start) return false;
  if (sub->nbytes == 0) return true;
  int64_t at = direction < 0 ? start : end;
  size_t b = self->is_ascii() ? size_t(at) : str_byte_offset(self, at);
  if (b + sub->nbytes > self->nbytes) return false;
  return std::memcmp(self->data + b, sub->data, sub->nbytes) == 0;
}

Value startsendswith(VM& vm, const CallArgs& a, const char* name, int direction) {
  StrObject* self;
  if (!oldstyle(vm, a, name, 1, 3, &self)) return Value();
  int64_t start = 0, end = INT64_MAX;
  if (a.nargs > 2 && !slice_index(vm, a.args[2], &start)) return Value();
  if (a.nargs > 3 && !slice_index(vm, a.args[3], &end)) return Value();
  const Value& arg = a.args[1];
  if (is_kind(arg, ObjKind::Tuple)) {
    auto* t = arg.as<TupleObject>();
    for (size_t k = 0; k < t->size; ++k) {
      if (!is_str(t->items[k])) {
        return vm.raisef(Exc::TypeError, "tuple for %s must only contain str, not %s", name,
                         type_name(vm, t->items[k]));
      }
      if (tailmatch(self, t->items[k].as<StrObject>(), start, end, direction)) return Value::boolean(true);
    }
    return Value::boolean(false);
  }
  if (!is_str(arg)) {
    return vm.raisef(Exc::TypeError, "%s first arg must be str or a tuple of str, not %s", name, type_name(vm, arg));
  }
  return Value::boolean(tailmatch(self, arg.as<StrObject>(), start, end, direction));
}

Value m_startswith(VM& vm, const CallArgs& a, const Value&) { return startsendswith(vm, a, "startswith", -1); }
Value m_endswith(VM& vm, const CallArgs& a, const Value&) { return startsendswith(vm, a, "endswith", 1); }

// ================================================================ replace, partition, prefixes

Value m_replace(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!clinic(vm, a, "replace", 2, 3, &self)) return Value();
  for (int k = 1; k <= 2; ++k) {
    if (!is_str(a.args[k])) {
      return vm.raisef(Exc::TypeError, "replace() argument %d must be str, not %s", k, type_name(vm, a.args[k]));
    }
  }
  int64_t count = -1;
  if (a.nargs > 3 && !index_value(vm, a.args[3], &count)) return Value();
  if (count < 0) count = INT64_MAX;
  std::string_view s = self->view(), old = str_view(a.args[1]), rep = str_view(a.args[2]);
  std::string out;
  if (old.empty()) {
    // Insert `rep` before every character and at the end, up to count times.
    size_t i = 0;
    int64_t done = 0;
    while (done < count) {
      out += rep;
      ++done;
      if (i >= s.size()) break;
      size_t len = unicode::seq_len(static_cast<unsigned char>(s[i]));
      out.append(s.substr(i, len));
      i += len;
    }
    out.append(s.substr(i < s.size() ? i : s.size()));
    return make_str(vm, out);
  }
  size_t pos = 0;
  int64_t done = 0;
  size_t found = s.find(old);
  if (found == std::string_view::npos || count == 0) return unchanged(vm, self);
  auto* rs = a.args[2].as<StrObject>();
  if (self->is_ascii() && rs->is_ascii()) {
    // Count the matches, then build the result in place.
    size_t matches = 0;
    for (size_t f = found; f != std::string_view::npos && int64_t(matches) < count; f = s.find(old, f + old.size()))
      ++matches;
    size_t nbytes = s.size() - matches * old.size() + matches * rep.size();
    StrObject* r = str_alloc(vm, nbytes, int64_t(nbytes), true);
    char* p = r->data;
    for (size_t k = 0; k < matches; ++k) {
      std::memcpy(p, s.data() + pos, found - pos);
      p += found - pos;
      std::memcpy(p, rep.data(), rep.size());
      p += rep.size();
      pos = found + old.size();
      found = s.find(old, pos);
    }
    std::memcpy(p, s.data() + pos, s.size() - pos);
    return Value::steal(r);
  }
  while (found != std::string_view::npos && done < count) {
    out.append(s.data() + pos, found - pos);
    out += rep;
    pos = found + old.size();
    ++done;
    found = s.find(old, pos);
  }
  out.append(s.data() + pos, s.size() - pos);
  return make_str(vm, out);
}

Value partition_impl(VM& vm, const CallArgs& a, bool right) {
  StrObject* self;
  if (!onearg(vm, a, right ? "rpartition" : "partition", &self)) return Value();
  StrObject* sep;
  if (!need_str(vm, a.args[1], &sep)) return Value();
  if (sep->nbytes == 0) return vm.raise(Exc::ValueError, "empty separator");
  std::string_view s = self->view();
  size_t pos = right ? s.rfind(sep->view()) : s.find(sep->view());
  if (pos == std::string_view::npos) {
    Value empty = make_str(vm, "");
    if (right) return tuple_pack(vm, {empty, empty, unchanged(vm, self)});
    return tuple_pack(vm, {unchanged(vm, self), empty, empty});
  }
  return tuple_pack(vm, {make_str(vm, s.substr(0, pos)), a.args[1], make_str(vm, s.substr(pos + sep->nbytes))});
}

Value m_partition(VM& vm, const CallArgs& a, const Value&) { return partition_impl(vm, a, false); }
Value m_rpartition(VM& vm, const CallArgs& a, const Value&) { return partition_impl(vm, a, true); }

Value affix_impl(VM& vm, const CallArgs& a, const char* name, bool prefix) {
  StrObject* self;
  if (!onearg(vm, a, name, &self)) return Value();
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "%s() argument must be str, not %s", name, type_name(vm, a.args[1]));
  }
  std::string_view s = self->view(), x = str_view(a.args[1]);
  if (prefix && !x.empty() && s.substr(0, x.size()) == x) return make_str(vm, s.substr(x.size()));
  if (!prefix && !x.empty() && s.size() >= x.size() && s.substr(s.size() - x.size()) == x) {
    return make_str(vm, s.substr(0, s.size() - x.size()));
  }
  return unchanged(vm, self);
}

Value m_removeprefix(VM& vm, const CallArgs& a, const Value&) { return affix_impl(vm, a, "removeprefix", true); }
Value m_removesuffix(VM& vm, const CallArgs& a, const Value&) { return affix_impl(vm, a, "removesuffix", false); }

// ================================================================ case mapping

// CPython's handle_capital_sigma: Σ becomes ς at the end of a word.
uint32_t capital_sigma(const std::vector<uint32_t>& cps, size_t i) {
  size_t j = i;
  uint32_t c = 0;
  bool found = false;
  while (j > 0) {
    c = cps[--j];
    if (!unicode::is_case_ignorable(c)) {
      found = true;
      break;
    }
  }
  bool final_sigma = found && unicode::is_cased(c);
  if (final_sigma && i + 1 < cps.size()) {
    size_t k = i + 1;
    for (; k < cps.size(); ++k) {
      c = cps[k];
      if (!unicode::is_case_ignorable(c)) break;
    }
    final_sigma = k == cps.size() || !unicode::is_cased(c);
  }
  return final_sigma ? 0x3c2 : 0x3c3;
}

int lower_at(const std::vector<uint32_t>& cps, size_t i, uint32_t out[3]) {
  if (cps[i] == 0x3a3) {
    out[0] = capital_sigma(cps, i);
    return 1;
  }
  return unicode::to_lower(cps[i], out);
}

void put(std::string& out, const uint32_t* m, int n) {
  for (int k = 0; k < n; ++k) unicode::encode(m[k], out);
}

enum class CaseOp { Upper, Lower, Casefold, Swapcase, Title, Capitalize };

Value case_impl(VM& vm, const CallArgs& a, const char* name, CaseOp op) {
  StrObject* self;
  if (!noargs(vm, a, name, &self)) return Value();
  std::string_view s = self->view();
  if (self->is_ascii()) {
    // ASCII in, ASCII out, same length: build the result in place.
    if (s.size() <= 1) {
      char c = s.empty() ? 0 : s[0];
      bool up = c >= 'A' && c <= 'Z', low = c >= 'a' && c <= 'z';
      if ((op == CaseOp::Upper || op == CaseOp::Title || op == CaseOp::Capitalize) && low) c = char(c - 32);
      else if ((op == CaseOp::Lower || op == CaseOp::Casefold) && up) c = char(c + 32);
      else if (op == CaseOp::Swapcase) c = up ? char(c + 32) : low ? char(c - 32) : c;
      return make_str(vm, std::string_view(&c, s.size()));
    }
    StrObject* r = str_alloc(vm, s.size(), int64_t(s.size()), true);
    char* out = r->data;
    const char* in = s.data();
    size_t n = s.size();
    if (op == CaseOp::Lower || op == CaseOp::Casefold) {
      for (size_t i = 0; i < n; ++i) {
        char c = in[i];
        out[i] = (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
      }
      return Value::steal(r);
    }
    if (op == CaseOp::Upper) {
      for (size_t i = 0; i < n; ++i) {
        char c = in[i];
        out[i] = (c >= 'a' && c <= 'z') ? char(c - 32) : c;
      }
      return Value::steal(r);
    }
    bool prev_cased = false;
    for (size_t i = 0; i < n; ++i) {
      char c = s[i];
      bool up = c >= 'A' && c <= 'Z', low = c >= 'a' && c <= 'z';
      switch (op) {
        case CaseOp::Upper: c = low ? char(c - 32) : c; break;
        case CaseOp::Lower:
        case CaseOp::Casefold: c = up ? char(c + 32) : c; break;
        case CaseOp::Swapcase: c = up ? char(c + 32) : low ? char(c - 32) : c; break;
        case CaseOp::Title:
          if (prev_cased)
            c = up ? char(c + 32) : c;
          else
            c = low ? char(c - 32) : c;
          prev_cased = up || low;
          break;
        case CaseOp::Capitalize:
          if (i == 0)
            c = low ? char(c - 32) : c;
          else
            c = up ? char(c + 32) : c;
          break;
      }
      out[i] = c;
    }
    return Value::steal(r);
  }
  std::string out;
  out.reserve(s.size());
  std::vector<uint32_t> cps = decode_all(s);
  uint32_t m[3];
  bool prev_cased = false;
  for (size_t i = 0; i < cps.size(); ++i) {
    uint32_t c = cps[i];
    int n = 1;
    switch (op) {
      case CaseOp::Upper: n = unicode::to_upper(c, m); break;
      case CaseOp::Lower: n = lower_at(cps, i, m); break;
      case CaseOp::Casefold: n = unicode::to_casefold(c, m); break;
      case CaseOp::Swapcase:
        if (unicode::is_upper(c))
          n = lower_at(cps, i, m);
        else if (unicode::is_lower(c))
          n = unicode::to_upper(c, m);
        else
          m[0] = c;
        break;
      case CaseOp::Title:
        n = prev_cased ? lower_at(cps, i, m) : unicode::to_title(c, m);
        prev_cased = unicode::is_cased(c);
        break;
      case CaseOp::Capitalize:
        n = i == 0 ? unicode::to_title(c, m) : lower_at(cps, i, m);
        break;
    }
    put(out, m, n);
  }
  return make_str(vm, out);
}

Value m_upper(VM& vm, const CallArgs& a, const Value&) { return case_impl(vm, a, "upper", CaseOp::Upper); }
Value m_lower(VM& vm, const CallArgs& a, const Value&) { return case_impl(vm, a, "lower", CaseOp::Lower); }
Value m_casefold(VM& vm, const CallArgs& a, const Value&) { return case_impl(vm, a, "casefold", CaseOp::Casefold); }
Value m_swapcase(VM& vm, const CallArgs& a, const Value&) { return case_impl(vm, a, "swapcase", CaseOp::Swapcase); }
Value m_title(VM& vm, const CallArgs& a, const Value&) { return case_impl(vm, a, "title", CaseOp::Title); }
Value m_capitalize(VM& vm, const CallArgs& a, const Value&) {
  return case_impl(vm, a, "capitalize", CaseOp::Capitalize);
}

// ================================================================ predicates

template <bool (*Pred)(uint32_t)>
Value all_chars(VM& vm, const CallArgs& a, const char* name, bool empty_result) {
  StrObject* self;
  if (!noargs(vm, a, name, &self)) return Value();
  std::string_view s = self->view();
  if (s.empty()) return Value::boolean(empty_result);
  if (self->is_ascii()) {
    for (char c : s)
      if (!Pred(static_cast<unsigned char>(c))) return Value::boolean(false);
    return Value::boolean(true);
  }
  size_t i = 0;
  while (i < s.size()) {
    if (!Pred(unicode::decode(s.data(), s.size(), i))) return Value::boolean(false);
  }
  return Value::boolean(true);
}

Value m_isdigit(VM& vm, const CallArgs& a, const Value&) { return all_chars<unicode::is_digit>(vm, a, "isdigit", false); }
Value m_isdecimal(VM& vm, const CallArgs& a, const Value&) {
  return all_chars<unicode::is_decimal>(vm, a, "isdecimal", false);
}
Value m_isnumeric(VM& vm, const CallArgs& a, const Value&) {
  return all_chars<unicode::is_numeric>(vm, a, "isnumeric", false);
}
Value m_isalpha(VM& vm, const CallArgs& a, const Value&) { return all_chars<unicode::is_alpha>(vm, a, "isalpha", false); }
Value m_isalnum(VM& vm, const CallArgs& a, const Value&) { return all_chars<unicode::is_alnum>(vm, a, "isalnum", false); }
Value m_isspace(VM& vm, const CallArgs& a, const Value&) { return all_chars<unicode::is_space>(vm, a, "isspace", false); }
Value m_isprintable(VM& vm, const CallArgs& a, const Value&) {
  return all_chars<unicode::is_printable>(vm, a, "isprintable", true);
}

Value m_isascii(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!noargs(vm, a, "isascii", &self)) return Value();
  return Value::boolean(self->is_ascii());
}

Value m_isupper(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!noargs(vm, a, "isupper", &self)) return Value();
  std::string_view s = self->view();
  bool cased = false;
  size_t i = 0;
  while (i < s.size()) {
    uint32_t c = unicode::decode(s.data(), s.size(), i);
    if (unicode::is_lower(c) || unicode::is_titlecase(c)) return Value::boolean(false);
    if (unicode::is_upper(c)) cased = true;
  }
  return Value::boolean(cased);
}

Value m_islower(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!noargs(vm, a, "islower", &self)) return Value();
  std::string_view s = self->view();
  bool cased = false;
  size_t i = 0;
  while (i < s.size()) {
    uint32_t c = unicode::decode(s.data(), s.size(), i);
    if (unicode::is_upper(c) || unicode::is_titlecase(c)) return Value::boolean(false);
    if (unicode::is_lower(c)) cased = true;
  }
  return Value::boolean(cased);
}

Value m_istitle(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!noargs(vm, a, "istitle", &self)) return Value();
  std::string_view s = self->view();
  bool cased = false, prev_cased = false;
  size_t i = 0;
  while (i < s.size()) {
    uint32_t c = unicode::decode(s.data(), s.size(), i);
    if (unicode::is_upper(c) || unicode::is_titlecase(c)) {
      if (prev_cased) return Value::boolean(false);
      prev_cased = cased = true;
    } else if (unicode::is_lower(c)) {
      if (!prev_cased) return Value::boolean(false);
      prev_cased = cased = true;
    } else {
      prev_cased = false;
    }
  }
  return Value::boolean(cased);
}

Value m_isidentifier(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!noargs(vm, a, "isidentifier", &self)) return Value();
  std::string_view s = self->view();
  if (s.empty()) return Value::boolean(false);
  size_t i = 0;
  if (!unicode::is_id_start(unicode::decode(s.data(), s.size(), i))) return Value::boolean(false);
  while (i < s.size()) {
    if (!unicode::is_id_continue(unicode::decode(s.data(), s.size(), i))) return Value::boolean(false);
  }
  return Value::boolean(true);
}

// ================================================================ padding

bool fill_char(VM& vm, const CallArgs& a, size_t idx, std::string* fill) {
  if (a.nargs <= idx) {
    *fill = " ";
    return true;
  }
  const Value& f = a.args[idx];
  if (!is_str(f)) {
    vm.raisef(Exc::TypeError, "The fill character must be a unicode character, not %s", type_name(vm, f));
    return false;
  }
  if (f.as<StrObject>()->length != 1) {
    vm.raise(Exc::TypeError, "The fill character must be exactly one character long");
    return false;
  }
  *fill = std::string(str_view(f));
  return true;
}

Value pad(VM& vm, StrObject* self, int64_t left, int64_t right, std::string_view fill) {
  if (left + right > (int64_t(1) << 32)) return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError)));
  std::string out;
  out.reserve(size_t(left + right) * fill.size() + self->nbytes);
  for (int64_t k = 0; k < left; ++k) out += fill;
  out += self->view();
  for (int64_t k = 0; k < right; ++k) out += fill;
  return make_str(vm, out);
}

enum class Justify { Left, Right, Center };

Value justify(VM& vm, const CallArgs& a, const char* name, Justify how) {
  StrObject* self;
  if (!clinic(vm, a, name, 1, 2, &self)) return Value();
  int64_t width;
  if (!index_value(vm, a.args[1], &width)) return Value();
  std::string fill;
  if (!fill_char(vm, a, 2, &fill)) return Value();
  if (self->length >= width) return unchanged(vm, self);
  int64_t marg = width - self->length;
  switch (how) {
    case Justify::Left: return pad(vm, self, 0, marg, fill);
    case Justify::Right: return pad(vm, self, marg, 0, fill);
    case Justify::Center: {
      int64_t left = marg / 2 + (marg & width & 1);
      return pad(vm, self, left, marg - left, fill);
    }
  }
  return Value();
}

Value m_ljust(VM& vm, const CallArgs& a, const Value&) { return justify(vm, a, "ljust", Justify::Left); }
Value m_rjust(VM& vm, const CallArgs& a, const Value&) { return justify(vm, a, "rjust", Justify::Right); }
Value m_center(VM& vm, const CallArgs& a, const Value&) { return justify(vm, a, "center", Justify::Center); }

Value m_zfill(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!onearg(vm, a, "zfill", &self)) return Value();
  int64_t width;
  if (!index_value(vm, a.args[1], &width)) return Value();
  if (self->length >= width) return unchanged(vm, self);
  int64_t fill = width - self->length;
  if (fill > (int64_t(1) << 32)) return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError)));
  std::string out(size_t(fill), '0');
  out += self->view();
  char c = out[size_t(fill)];
  if (c == '+' || c == '-') {
    out[0] = c;
    out[size_t(fill)] = '0';
  }
  return make_str(vm, out);
}

Value m_expandtabs(VM& vm, const CallArgs& a, const Value&) {
  Value p[1];
  StrObject* self;
  if (!kwparams(vm, a, "expandtabs", {"tabsize"}, p, &self)) return Value();
  int64_t tabsize = 8;
  if (p[0] && !index_value(vm, p[0], &tabsize)) return Value();
  std::string_view s = self->view();
  std::string out;
  int64_t col = 0;
  size_t i = 0;
  while (i < s.size()) {
    size_t st = i;
    uint32_t c = unicode::decode(s.data(), s.size(), i);
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t incr = tabsize - (col % tabsize);
        if (int64_t(out.size()) + incr > (int64_t(1) << 32)) {
          return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError)));
        }
        out.append(size_t(incr), ' ');
        col += incr;
      }
    } else {
      ++col;
      out.append(s.data() + st, i - st);
      if (c == '\n' || c == '\r') col = 0;
    }
  }
  return make_str(vm, out);
}

// ================================================================ formatting and the rest

Value m_format(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!get_self(vm, a, "format", &self)) return Value();
  CallArgs rest{a.args + 1, a.nargs - 1, a.kwnames};
  return str_format(vm, self, rest);
}

Value m_format_map(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!onearg(vm, a, "format_map", &self)) return Value();
  return str_format_map(vm, self, a.args[1]);
}

Value m_dunder_format(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!get_self(vm, a, "__format__", &self)) return Value();
  if (a.nargs != 2) return vm.raisef(Exc::TypeError, "__format__ expected 1 argument, got %zu", a.nargs - 1);
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "__format__() argument must be str, not %s", type_name(vm, a.args[1]));
  }
  return format_value(vm, a.args[0], str_view(a.args[1]));
}

Value m_encode(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!get_self(vm, a, "encode", &self)) return Value();
  return vm.raise(Exc::NotImplementedError, "str.encode() is not supported by Kiln (there is no bytes type)");
}

Value m_translate(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!onearg(vm, a, "translate", &self)) return Value();
  const Value& table = a.args[1];
  std::string_view s = self->view();
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    size_t st = i;
    uint32_t c = unicode::decode(s.data(), s.size(), i);
    Value r = getitem(vm, table, Value::small_int(c));
    if (!r) {
      if (vm.exception_matches(Exc::LookupError)) {
        vm.clear_exception();
        out.append(s.data() + st, i - st);
        continue;
      }
      return r;
    }
    if (r.is_none()) continue;
    int64_t x;
    if (int_value(r, &x)) {
      if (x < 0 || x > 0x10ffff) return vm.raise(Exc::ValueError, "character mapping must be in range(0x110000)");
      unicode::encode(uint32_t(x), out);
    } else if (is_str(r)) {
      out += str_view(r);
    } else {
      return vm.raise(Exc::TypeError, "character mapping must return integer, None or str");
    }
  }
  return make_str(vm, out);
}

// Dunder wrappers over the slots, so that subclasses of str (whose
// operations go through the class dict) behave like str.
bool dunder_self(VM& vm, const CallArgs& a, const char* name, size_t nargs, StrObject** self) {
  if (!get_self(vm, a, name, self)) return false;
  if (a.nargs != nargs + 1 || a.nkw()) {
    vm.raisef(Exc::TypeError, "expected %zu argument%s, got %zu", nargs, nargs == 1 ? "" : "s", a.nargs - 1);
    return false;
  }
  return true;
}
Value m_len(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__len__", 0, &self)) return Value();
  return Value::small_int(self->length);
}
Value m_getitem(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__getitem__", 1, &self)) return Value();
  return str_slots.getitem(vm, self, a.args[1]);
}
Value m_contains(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__contains__", 1, &self)) return Value();
  int r = str_slots.contains(vm, self, a.args[1]);
  if (r < 0) return Value();
  return Value::boolean(r);
}
Value m_iter(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__iter__", 0, &self)) return Value();
  return str_iter(vm, self);
}
Value m_hash(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__hash__", 0, &self)) return Value();
  return make_int(vm, str_hash(self));
}
Value m_str(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__str__", 0, &self)) return Value();
  return make_str(vm, self->view());
}
Value m_repr(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__repr__", 0, &self)) return Value();
  return str_repr(vm, self);
}
template <BinOpKind Op, bool Reflected>
Value m_binop(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__op__", 1, &self)) return Value();
  if (Reflected) return str_slots.binop(vm, Op, a.args[1], a.args[0], true, false);
  return str_slots.binop(vm, Op, a.args[0], a.args[1], false, false);
}
template <CmpOpKind Op>
Value m_compare(VM& vm, const CallArgs& a, const Value&) {
  StrObject* self;
  if (!dunder_self(vm, a, "__cmp__", 1, &self)) return Value();
  return str_slots.richcompare(vm, self, a.args[1], Op);
}

}  // namespace

void init_str_type(VM& vm) {
  TypeObject* t = vm.types.str;
  struct Entry {
    const char* name;
    NativeFn fn;
  };
  static const Entry kMethods[] = {
      {"split", m_split}, {"rsplit", m_rsplit}, {"splitlines", m_splitlines}, {"join", m_join},
      {"strip", m_strip}, {"lstrip", m_lstrip}, {"rstrip", m_rstrip}, {"find", m_find}, {"rfind", m_rfind},
      {"index", m_index}, {"rindex", m_rindex}, {"count", m_count}, {"startswith", m_startswith},
      {"endswith", m_endswith}, {"replace", m_replace}, {"partition", m_partition}, {"rpartition", m_rpartition},
      {"removeprefix", m_removeprefix}, {"removesuffix", m_removesuffix}, {"upper", m_upper}, {"lower", m_lower},
      {"casefold", m_casefold}, {"swapcase", m_swapcase}, {"title", m_title}, {"capitalize", m_capitalize},
      {"isdigit", m_isdigit}, {"isdecimal", m_isdecimal}, {"isnumeric", m_isnumeric}, {"isalpha", m_isalpha},
      {"isalnum", m_isalnum}, {"isspace", m_isspace}, {"isprintable", m_isprintable}, {"isascii", m_isascii},
      {"isupper", m_isupper}, {"islower", m_islower}, {"istitle", m_istitle}, {"isidentifier", m_isidentifier},
      {"ljust", m_ljust}, {"rjust", m_rjust}, {"center", m_center}, {"zfill", m_zfill},
      {"expandtabs", m_expandtabs}, {"format", m_format}, {"format_map", m_format_map},
      {"__format__", m_dunder_format}, {"encode", m_encode}, {"translate", m_translate},
      {"__len__", m_len}, {"__getitem__", m_getitem}, {"__contains__", m_contains}, {"__iter__", m_iter},
      {"__hash__", m_hash}, {"__str__", m_str}, {"__repr__", m_repr},
      {"__add__", m_binop<BinOpKind::Add, false>}, {"__mul__", m_binop<BinOpKind::Mult, false>},
      {"__rmul__", m_binop<BinOpKind::Mult, true>}, {"__mod__", m_binop<BinOpKind::Mod, false>},
      {"__eq__", m_compare<CmpOpKind::Eq>}, {"__ne__", m_compare<CmpOpKind::NotEq>},
      {"__lt__", m_compare<CmpOpKind::Lt>}, {"__le__", m_compare<CmpOpKind::LtE>},
      {"__gt__", m_compare<CmpOpKind::Gt>}, {"__ge__", m_compare<CmpOpKind::GtE>},
  };
  for (const Entry& e : kMethods) vm.add_method(t, e.name, e.fn);
}

}  // namespace kiln::vm
