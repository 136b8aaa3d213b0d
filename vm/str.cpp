// vm/str.cpp — str objects: creation, hashing, comparison, indexing, slicing,
// iteration, repr, and the str slot table. See str.h; methods are in
// vm/str_methods.cpp.
#include "vm/str.h"

#include <fmt/format.h>

#include <cstring>
#include <string>

#ifdef KILN_SYSTEM_MALLOC
#include <malloc.h>
#else
#include <mimalloc.h>
#endif

#include "vm/container_support.h"
#include "vm/format.h"
#include "vm/numbers.h"
#include "vm/slice.h"
#include "vm/str_unicode.h"
#include "vm/tuple.h"

namespace kiln::vm {

// ================================================================ creation

namespace {
bool all_ascii(const char* p, size_t n) {
  // Eight bytes at a time: any high bit set means non-ASCII.
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; i < n; ++i)
    if (static_cast<unsigned char>(p[i]) >= 0x80) return false;
  return true;
}
}  // namespace

StrObject* str_new_of(VM& vm, TypeObject* cls, std::string_view utf8) {
  size_t n = utf8.size();
  auto* s = object_new<StrObject>(vm, ObjKind::Str, cls, sizeof(StrObject) + n);
  s->nbytes = n;
  if (n) std::memcpy(s->data, utf8.data(), n);
  s->data[n] = '\0';
  if (all_ascii(s->data, n)) {
    s->aux |= 1;
    s->length = int64_t(n);
  } else {
    s->length = int64_t(unicode::count_code_points(s->data, n));
  }
  return s;
}

StrObject* str_new(VM& vm, std::string_view utf8) { return str_new_of(vm, vm.types.str, utf8); }

Value make_str(VM& vm, std::string_view s) {
  // '' and one ASCII character: the VM's shared objects.
  if (s.size() <= 1 && (s.empty() || static_cast<unsigned char>(s[0]) < 128)) {
    StrObject*& slot = vm.small_strs[s.empty() ? 128 : static_cast<unsigned char>(s[0])];
    if (!slot) {
      slot = str_new(vm, s);
      str_hash(slot);
    }
    return Value::borrow(slot);
  }
  return Value::steal(str_new(vm, s));
}

std::string_view str_view(const Value& v) { return v.as<StrObject>()->view(); }

StrObject* str_alloc(VM& vm, size_t nbytes, int64_t length, bool ascii) {
  auto* s = object_new<StrObject>(vm, ObjKind::Str, vm.types.str, sizeof(StrObject) + nbytes);
  s->nbytes = nbytes;
  s->data[nbytes] = '\0';
  s->length = length;
  if (ascii) s->aux |= 1;
  return s;
}

Value make_ascii_str(VM& vm, std::string_view ascii) {
  size_t n = ascii.size();
  if (n <= 1) return make_str(vm, ascii);
  StrObject* s = str_alloc(vm, n, int64_t(n), true);
  std::memcpy(s->data, ascii.data(), n);
  return Value::steal(s);
}

Value str_from_code_point(VM& vm, uint32_t cp) {
  if (cp < 128) {
    char c = char(cp);
    return make_str(vm, std::string_view(&c, 1));
  }
  std::string buf;
  unicode::encode(cp, buf);
  return make_str(vm, buf);
}

size_t str_byte_offset(const StrObject* s, int64_t index) {
  if (s->is_ascii()) return size_t(index);
  const char* p = s->data;
  size_t i = 0, n = s->nbytes;
  for (int64_t k = 0; k < index && i < n; ++k) i += unicode::seq_len(static_cast<unsigned char>(p[i]));
  return i;
}

// ================================================================ hashing, comparison

namespace {
inline uint64_t mum(uint64_t a, uint64_t b) {
  unsigned __int128 r = (unsigned __int128)a * b;
  return uint64_t(r) ^ uint64_t(r >> 64);
}
}  // namespace

// A wyhash-style multiply-mix over 8-byte words.
int64_t str_hash(StrObject* s) {
  if (s->hash != -1) return s->hash;
  constexpr uint64_t P0 = 0xa0761d6478bd642full, P1 = 0xe7037ed1a0b428dbull, P2 = 0x8ebc6af09c88c6e3ull,
                     P3 = 0x589965cc75374cc3ull;
  const unsigned char* p = reinterpret_cast<const unsigned char*>(s->data);
  size_t n = s->nbytes;
  uint64_t h = P0 ^ (n * P1);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = mum(h ^ w ^ P1, P2);
  }
  uint64_t tail = 0;
  for (size_t k = 0; i + k < n; ++k) tail |= uint64_t(p[i + k]) << (8 * k);
  h = mum(h ^ tail ^ P3, P2 ^ n);
  h = mum(h, P0);
  int64_t r = int64_t(h);
  if (r == -1) r = -2;
  s->hash = r;
  return r;
}


// ================================================================ operators

Value str_concat(VM& vm, StrObject* a, StrObject* b) {
  if (b->nbytes == 0 && a->type == vm.types.str) return Value::borrow(a);
  if (a->nbytes == 0 && b->type == vm.types.str) return Value::borrow(b);
  size_t n = a->nbytes + b->nbytes;
  auto* s = object_new<StrObject>(vm, ObjKind::Str, vm.types.str, sizeof(StrObject) + n);
  s->nbytes = n;
  std::memcpy(s->data, a->data, a->nbytes);
  std::memcpy(s->data + a->nbytes, b->data, b->nbytes);
  s->data[n] = '\0';
  s->length = a->length + b->length;
  if (a->is_ascii() && b->is_ascii()) s->aux |= 1;
  return Value::steal(s);
}

Value str_concat_n(VM& vm, const Value* parts, size_t n) {
  size_t nbytes = 0;
  int64_t length = 0;
  bool ascii = true;
  for (size_t k = 0; k < n; ++k) {
    auto* p = parts[k].as<StrObject>();
    nbytes += p->nbytes;
    length += p->length;
    ascii &= p->is_ascii();
  }
  if (nbytes <= 1) {
    // '' or one character: the shared objects.
    for (size_t k = 0; k < n; ++k)
      if (parts[k].as<StrObject>()->nbytes) return make_str(vm, parts[k].as<StrObject>()->view());
    return make_str(vm, "");
  }
  StrObject* r = str_alloc(vm, nbytes, length, ascii);
  char* out = r->data;
  for (size_t k = 0; k < n; ++k) {
    auto* p = parts[k].as<StrObject>();
    std::memcpy(out, p->data, p->nbytes);
    out += p->nbytes;
  }
  return Value::steal(r);
}

Value str_repeat(VM& vm, StrObject* s, int64_t n) {
  if (n <= 0 || s->nbytes == 0) return make_str(vm, "");
  if (n == 1 && s->type == vm.types.str) return Value::borrow(s);
  // CPython: OverflowError when the length overflows Py_ssize_t, else MemoryError.
  if (uint64_t(n) > uint64_t(INT64_MAX) / uint64_t(s->length)) {
    return vm.raise(Exc::OverflowError, "repeated string is too long");
  }
  unsigned __int128 total = (unsigned __int128)s->nbytes * uint64_t(n);
  if (total > (uint64_t(1) << 40)) return vm.raise_value(Value::borrow(vm.exc_type(Exc::MemoryError)));
  size_t nb = size_t(total);
  StrObject* r;
  try {
    r = object_new<StrObject>(vm, ObjKind::Str, vm.types.str, sizeof(StrObject) + nb);
  } catch (const std::bad_alloc&) {
    return raise_no_memory(vm);  // MemoryError, as list and tuple repetition raise
  }
  r->nbytes = nb;
  r->length = s->length * n;
  r->aux |= s->aux & 1;
  if (s->nbytes == 1) {
    std::memset(r->data, s->data[0], nb);
  } else {
    // Doubling copies: log(n) memcpy calls.
    std::memcpy(r->data, s->data, s->nbytes);
    size_t done = s->nbytes;
    while (done < nb) {
      size_t chunk = done < nb - done ? done : nb - done;
      std::memcpy(r->data + done, r->data, chunk);
      done += chunk;
    }
  }
  r->data[nb] = '\0';
  return Value::steal(r);
}

namespace {
size_t usable_size(void* p) {
#ifdef KILN_SYSTEM_MALLOC
  return malloc_usable_size(p);
#else
  return mi_usable_size(p);
#endif
}
}  // namespace

Value str_concat_inplace(VM& vm, Value a, StrObject* b) {
  auto* s = a.as<StrObject>();
  size_t n = s->nbytes + b->nbytes;
  if (s->refcount == 1 && s->type == vm.types.str && !(s->aux & 2) && usable_size(s) >= sizeof(StrObject) + n) {
    std::memcpy(s->data + s->nbytes, b->data, b->nbytes);
    s->data[n] = '\0';
    s->nbytes = n;
    s->length += b->length;
    if (!b->is_ascii()) s->aux &= uint16_t(~1u);
    s->hash = -1;
    return a;
  }
  if (b->nbytes == 0 && s->type == vm.types.str) return a;
  // A new string with headroom, so that the next += can append in place.
  size_t cap = n + n / 2 + 16;
  auto* r = object_new<StrObject>(vm, ObjKind::Str, vm.types.str, sizeof(StrObject) + cap);
  r->nbytes = n;
  std::memcpy(r->data, s->data, s->nbytes);
  std::memcpy(r->data + s->nbytes, b->data, b->nbytes);
  r->data[n] = '\0';
  r->length = s->length + b->length;
  if (s->is_ascii() && b->is_ascii()) r->aux |= 1;
  return Value::steal(r);
}

bool str_contains(StrObject* s, std::string_view sub) {
  if (sub.empty()) return true;
  return memmem(s->data, s->nbytes, sub.data(), sub.size()) != nullptr;
}

Value str_getitem_index(VM& vm, StrObject* s, int64_t i) {
  if (i < 0) i += s->length;
  if (i < 0 || i >= s->length) return vm.raise(Exc::IndexError, "string index out of range");
  if (s->is_ascii()) return make_ascii_str(vm, std::string_view(s->data + i, 1));
  size_t off = str_byte_offset(s, i);
  size_t len = unicode::seq_len(static_cast<unsigned char>(s->data[off]));
  if (off + len > s->nbytes) len = s->nbytes - off;
  return make_str(vm, std::string_view(s->data + off, len));
}

Value str_slice(VM& vm, StrObject* s, int64_t start, int64_t step, int64_t slicelength) {
  if (slicelength <= 0) return make_str(vm, "");
  if (step == 1) {
    if (start == 0 && slicelength == s->length && s->type == vm.types.str) return Value::borrow(s);
    if (s->is_ascii()) return make_ascii_str(vm, std::string_view(s->data + start, size_t(slicelength)));
    size_t b0 = str_byte_offset(s, start);
    size_t b1 = b0;
    for (int64_t k = 0; k < slicelength && b1 < s->nbytes; ++k)
      b1 += unicode::seq_len(static_cast<unsigned char>(s->data[b1]));
    return make_str(vm, std::string_view(s->data + b0, b1 - b0));
  }
  if (s->is_ascii()) {
    if (slicelength == 1) return make_ascii_str(vm, std::string_view(s->data + start, 1));
    StrObject* r = str_alloc(vm, size_t(slicelength), slicelength, true);
    const char* src = s->data + start;
    char* dst = r->data;
    if (step == -1) {
      for (int64_t k = 0; k < slicelength; ++k) dst[k] = src[-k];
    } else {
      for (int64_t k = 0; k < slicelength; ++k) dst[k] = src[k * step];
    }
    return Value::steal(r);
  }
  std::string out;
  // Non-ASCII: index the code points once, then pick.
  std::vector<uint32_t> offs;
  offs.reserve(size_t(s->length) + 1);
  for (size_t i = 0; i < s->nbytes; i += unicode::seq_len(static_cast<unsigned char>(s->data[i])))
    offs.push_back(uint32_t(i));
  offs.push_back(uint32_t(s->nbytes));
  for (int64_t k = 0; k < slicelength; ++k) {
    int64_t idx = start + k * step;
    out.append(s->data + offs[size_t(idx)], offs[size_t(idx) + 1] - offs[size_t(idx)]);
  }
  return make_str(vm, out);
}

// ================================================================ iteration

namespace {
Value str_iter_next(VM& vm, IteratorObject* it) {
  if (!it->a) return Value();
  auto* s = it->a.as<StrObject>();
  if (it->i >= int64_t(s->nbytes)) {
    it->a = Value();  // exhausted: drop the string, as CPython does
    return Value();
  }
  size_t off = size_t(it->i);
  unsigned char c = static_cast<unsigned char>(s->data[off]);
  if (c < 128) {
    // One ASCII character: the VM's shared str, no allocation.
    it->i += 1;
    StrObject* one = vm.small_strs[c];
    if (one) return Value::borrow(one);
    return make_str(vm, std::string_view(s->data + off, 1));
  }
  size_t len = unicode::seq_len(c);
  if (off + len > s->nbytes) len = s->nbytes - off;
  it->i += int64_t(len);
  return make_str(vm, std::string_view(s->data + off, len));
}
}  // namespace

Value str_iter(VM& vm, StrObject* s) {
  auto* it = object_new<IteratorObject>(vm, ObjKind::Iterator, vm.types.str_iterator);
  it->next = str_iter_next;
  it->a = Value::borrow(s);
  it->i = 0;
  it->n = int64_t(s->nbytes);
  return Value::steal(it);
}

// ================================================================ repr

namespace {
const char kHex[] = "0123456789abcdef";

void append_escape(std::string& out, uint32_t c) {
  if (c < 0x100) {
    out += "\\x";
    out.push_back(kHex[(c >> 4) & 0xf]);
    out.push_back(kHex[c & 0xf]);
  } else if (c < 0x10000) {
    out += "\\u";
    for (int sh = 12; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 0xf]);
  } else {
    out += "\\U";
    for (int sh = 28; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 0xf]);
  }
}

std::string repr_impl(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = (has_single && !has_double) ? '"' : '\'';
  std::string out;
  out.reserve(s.size() + 2);
  out.push_back(quote);
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      if (b == static_cast<unsigned char>(quote) || b == '\\') {
        out.push_back('\\');
        out.push_back(char(b));
      } else if (b == '\t') {
        out += "\\t";
      } else if (b == '\n') {
        out += "\\n";
      } else if (b == '\r') {
        out += "\\r";
      } else if (b < 0x20 || b == 0x7f) {
        append_escape(out, b);
      } else {
        out.push_back(char(b));
      }
      continue;
    }
    size_t start = i;
    uint32_t c = unicode::decode(s.data(), n, i);
    if (unicode::is_printable(c)) {
      out.append(s.data() + start, i - start);
    } else {
      append_escape(out, c);
    }
  }
  out.push_back(quote);
  return out;
}
}  // namespace

std::string str_repr_text(std::string_view s) { return repr_impl(s); }

Value str_repr(VM& vm, StrObject* s) {
  // Printable ASCII with no ' or \: the text in single quotes, copied once.
  bool plain = s->is_ascii();
  for (size_t i = 0; plain && i < s->nbytes; ++i) {
    char c = s->data[i];
    plain = c >= 0x20 && c < 0x7f && c != '\'' && c != '\\';
  }
  if (!plain) return make_str(vm, repr_impl(s->view()));
  StrObject* r = str_alloc(vm, s->nbytes + 2, int64_t(s->nbytes) + 2, true);
  r->data[0] = '\'';
  std::memcpy(r->data + 1, s->data, s->nbytes);
  r->data[s->nbytes + 1] = '\'';
  return Value::steal(r);
}
std::string str_ascii_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      out.push_back(text[i++]);
      continue;
    }
    append_escape(out, unicode::decode(text.data(), text.size(), i));
  }
  return out;
}

// ================================================================ builtins

Value str_call(VM& vm, const CallArgs& a) {
  size_t total = a.nargs + a.nkw();
  if (total > 3) return vm.raisef(Exc::TypeError, "str() takes at most 3 arguments (%zu given)", total);
  Value obj, encoding, errors;
  if (a.nargs >= 1) obj = a.args[0];
  if (a.nargs >= 2) encoding = a.args[1];
  if (a.nargs >= 3) errors = a.args[2];
  static const char* const kNames[] = {"object", "encoding", "errors"};
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view name = str_view(a.kwnames->items[k]);
    size_t pos = 3;
    for (size_t j = 0; j < 3; ++j)
      if (name == kNames[j]) pos = j;
    if (pos == 3) return vm.raise(Exc::TypeError, fmt::format("'{}' is an invalid keyword argument for str()", name));
    if (pos < a.nargs) {
      return vm.raise(Exc::TypeError,
                      fmt::format("argument for str() given by name ('{}') and position ({})", name, pos + 1));
    }
    (pos == 0 ? obj : pos == 1 ? encoding : errors) = a.kwvalue(k);
  }
  if (!obj) return make_str(vm, "");
  if (encoding || errors) {
    if (is_str(obj)) return vm.raise(Exc::TypeError, "decoding str is not supported");
    return vm.raisef(Exc::TypeError, "decoding to str: need a bytes-like object, %s found", type_name(vm, obj));
  }
  return str(vm, obj);
}

Value str_type_call(VM& vm, TypeObject* cls, const CallArgs& a) {
  Value r = str_call(vm, a);
  if (!r || cls == vm.types.str) return r;
  return Value::steal(str_new_of(vm, cls, str_view(r)));
}

Value str_join(VM& vm, StrObject* sep, const Value& iterable) {
  // Materialise the items first (join reads them twice: sizes, then bytes).
  Value seq = iterable;
  if (!is_kind(iterable, ObjKind::List) && !is_kind(iterable, ObjKind::Tuple)) {
    Value it = get_iter(vm, iterable);
    if (!it) {
      if (vm.exception_matches(Exc::TypeError)) {
        vm.clear_exception();
        return vm.raise(Exc::TypeError, "can only join an iterable");
      }
      return it;
    }
    seq = sequence_to_list(vm, it);
    if (!seq) return seq;
  }
  const Value* items;
  size_t n;
  if (is_kind(seq, ObjKind::List)) {
    items = seq.as<ListObject>()->items.data();
    n = seq.as<ListObject>()->items.size();
  } else {
    items = seq.as<TupleObject>()->items;
    n = seq.as<TupleObject>()->size;
  }
  if (n == 1 && is_str(items[0]) && items[0].as_object()->type == vm.types.str) return items[0];
  size_t total = 0;
  int64_t length = 0;
  bool ascii = sep->is_ascii();
  for (size_t k = 0; k < n; ++k) {
    if (!is_str(items[k])) {
      return vm.raisef(Exc::TypeError, "sequence item %zu: expected str instance, %s found", k,
                       type_name(vm, items[k]));
    }
    auto* s = items[k].as<StrObject>();
    total += s->nbytes;
    length += s->length;
    ascii = ascii && s->is_ascii();
  }
  if (n > 1) {
    total += sep->nbytes * (n - 1);
    length += sep->length * int64_t(n - 1);
  }
  auto* r = object_new<StrObject>(vm, ObjKind::Str, vm.types.str, sizeof(StrObject) + total);
  char* p = r->data;
  for (size_t k = 0; k < n; ++k) {
    if (k && sep->nbytes) {
      std::memcpy(p, sep->data, sep->nbytes);
      p += sep->nbytes;
    }
    auto* s = items[k].as<StrObject>();
    std::memcpy(p, s->data, s->nbytes);
    p += s->nbytes;
  }
  *p = '\0';
  r->nbytes = total;
  r->length = length;
  if (ascii) r->aux |= 1;
  return Value::steal(r);
}

// ================================================================ slots

namespace {

Value slot_repr(VM& vm, Object* o) { return str_repr(vm, static_cast<StrObject*>(o)); }

Value slot_str(VM& vm, Object* o) {
  auto* s = static_cast<StrObject*>(o);
  if (s->type == vm.types.str) return Value::borrow(s);
  return make_str(vm, s->view());  // str(subclass instance) is an exact str
}

bool slot_hash(VM& vm, Object* o, int64_t* out) {
  *out = str_hash(static_cast<StrObject*>(o));
  return true;
}

Value slot_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if (!is_str(other)) return Value::not_implemented();
  auto* a = static_cast<StrObject*>(o);
  auto* b = other.as<StrObject>();
  switch (op) {
    case CmpOpKind::Eq: return Value::boolean(str_eq(a, b));
    case CmpOpKind::NotEq: return Value::boolean(!str_eq(a, b));
    default: break;
  }
  int c = str_compare(a->view(), b->view());
  switch (op) {
    case CmpOpKind::Lt: return Value::boolean(c < 0);
    case CmpOpKind::LtE: return Value::boolean(c <= 0);
    case CmpOpKind::Gt: return Value::boolean(c > 0);
    case CmpOpKind::GtE: return Value::boolean(c >= 0);
    default: return Value::not_implemented();
  }
}

int slot_truthy(VM& vm, Object* o) { return static_cast<StrObject*>(o)->nbytes != 0; }

bool slot_len(VM& vm, Object* o, int64_t* out) {
  *out = static_cast<StrObject*>(o)->length;
  return true;
}

Value slot_getitem(VM& vm, Object* o, const Value& key) {
  auto* s = static_cast<StrObject*>(o);
  int64_t i;
  if (int_value(key, &i)) return str_getitem_index(vm, s, i);
  if (is_kind(key, ObjKind::Slice)) {
    auto* sl = key.as<SliceObject>();
    int64_t start, stop, step, len;
    if (sl->step.is_none() && (sl->start.is_none() || sl->start.is_small_int()) &&
        (sl->stop.is_none() || sl->stop.is_small_int())) {
      // s[i:j] with plain ints: no argument conversion needed.
      start = sl->start.is_none() ? 0 : sl->start.as_small_int();
      stop = sl->stop.is_none() ? s->length : sl->stop.as_small_int();
      len = slice_adjust(s->length, &start, &stop, 1);
      return str_slice(vm, s, start, 1, len);
    }
    if (!slice_indices(vm, sl, s->length, &start, &stop, &step, &len)) return Value();
    return str_slice(vm, s, start, step, len);
  }
  if (key.is_object() && type_lookup(key.as_object()->type, vm.names.__index__)) {
    if (!index_value(vm, key, &i)) return Value();
    return str_getitem_index(vm, s, i);
  }
  return vm.raisef(Exc::TypeError, "string indices must be integers, not '%s'", type_name(vm, key));
}

int slot_contains(VM& vm, Object* o, const Value& item) {
  if (!is_str(item)) {
    vm.raisef(Exc::TypeError, "'in <string>' requires string as left operand, not %s", type_name(vm, item));
    return -1;
  }
  return str_contains(static_cast<StrObject*>(o), str_view(item));
}

Value slot_iter(VM& vm, Object* o) { return str_iter(vm, static_cast<StrObject*>(o)); }

// Whether `v`'s class defines the dunder `name` itself (a user class that
// should get its chance at a reflected operator before str raises).
bool user_defines(VM& vm, const Value& v, StrObject* name) {
  if (!v.is_object() || is_str(v)) return false;
  TypeObject* t = v.as_object()->type;
  if (t->aux & 1) return false;  // builtin class
  return bool(type_lookup(t, name));
}

Value slot_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  const Value& self = reflected ? b : a;
  const Value& other = reflected ? a : b;
  auto* s = self.as<StrObject>();
  switch (op) {
    case BinOpKind::Add:
      if (reflected) return Value::not_implemented();
      if (is_str(other)) return str_concat(vm, s, other.as<StrObject>());
      if (user_defines(vm, other, vm.names.__radd__)) return Value::not_implemented();
      return vm.raisef(Exc::TypeError, "can only concatenate str (not \"%s\") to str", type_name(vm, other));
    case BinOpKind::Mult: {
      int64_t n;
      if (int_value(other, &n)) return str_repeat(vm, s, n);
      if (other.is_object() && !is_str(other) && type_lookup(other.as_object()->type, vm.names.__index__)) {
        if (!index_value(vm, other, &n)) return Value();
        return str_repeat(vm, s, n);
      }
      if (!reflected && user_defines(vm, other, vm.names.__rmul__)) return Value::not_implemented();
      return vm.raisef(Exc::TypeError, "can't multiply sequence by non-int of type '%s'", type_name(vm, other));
    }
    case BinOpKind::Mod:
      if (reflected) return Value::not_implemented();
      return percent_format(vm, s, other);
    default: return Value::not_implemented();
  }
}

}  // namespace

const KindSlots str_slots = [] {
  KindSlots s;
  s.repr = slot_repr;
  s.str = slot_str;
  s.hash = slot_hash;
  s.richcompare = slot_richcompare;
  s.truthy = slot_truthy;
  s.len = slot_len;
  s.getitem = slot_getitem;
  s.contains = slot_contains;
  s.iter = slot_iter;
  s.binop = slot_binop;
  return s;
}();

}  // namespace kiln::vm
