// vm/str.h — Python's str: immutable Unicode text stored as UTF-8.
//
// A StrObject (vm/object.h) holds its UTF-8 bytes inline, NUL-terminated, with
// its length in code points and an is-ASCII bit, so that the overwhelmingly
// common ASCII strings index, slice and iterate by byte offset, while other
// strings stay correct (indexing by code point walks the UTF-8; iteration keeps
// a byte cursor, so a loop over any string is linear). Equality and ordering
// compare bytes, which for UTF-8 is exactly code point order, as in CPython.
// Hashes are computed once and cached in the object (CPython's str hash is
// randomised per process, so any good 64-bit hash is faithful).
//
// This header is the C++ interface other parts of the VM use; the
// Python-visible behaviour — operators through `str_slots` (installed by
// vm/ops.cpp for ObjKind::Str) and the methods registered by init_str_type —
// follows CPython 3.11 including its error messages. The methods themselves
// live in vm/str_methods.cpp; the Unicode tables in vm/str_unicode.*.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// ------------------------------------------------------------ creation
// A new str holding `utf8` (which must be valid UTF-8, or WTF-8 for lone
// surrogates). The caller owns the one reference (wrap with Value::steal).
// make_str (vm/ops.h) is the Value-returning form.
StrObject* str_new(VM& vm, std::string_view utf8);
// The same with an explicit class (for subclasses of str).
StrObject* str_new_of(VM& vm, TypeObject* cls, std::string_view utf8);
// A str of one code point (chr()); the caller checks 0 <= cp < 0x110000.
Value str_from_code_point(VM& vm, uint32_t cp);
// A new exact str of `nbytes` bytes for the caller to fill (data[nbytes] is
// already NUL), with its length in code points and its is-ASCII bit. For
// results built in place, without a temporary std::string.
StrObject* str_alloc(VM& vm, size_t nbytes, int64_t length, bool ascii);
// make_str for text known to be ASCII (skips the scan; '' and one character
// are the VM's shared objects, as with make_str).
Value make_ascii_str(VM& vm, std::string_view ascii);
// make_str for a piece of `parent`'s text: an ASCII parent's pieces are
// ASCII, so they need no scan.
inline Value make_substr(VM& vm, const StrObject* parent, std::string_view sub) {
  return parent->is_ascii() ? make_ascii_str(vm, sub) : make_str(vm, sub);
}
inline StrObject* as_str(const Value& v) { return v.as<StrObject>(); }

// ------------------------------------------------------------ basic operations
int64_t str_hash(StrObject* s);  // computed once, cached in s->hash; never -1
// Whether two strs of the same byte length `n` hold the same bytes. Short
// texts (dict keys, words, characters) are compared as one masked 8-byte
// word: every StrObject has at least 8 bytes from `data` on (the tail of the
// struct), so the loads stay inside the allocation.
// (`data` follows the header and three 8-byte fields.)
static_assert(sizeof(StrObject) >= sizeof(Object) + 3 * sizeof(int64_t) + 8);
inline bool str_bytes_equal(const StrObject* a, const StrObject* b, size_t n) {
  if constexpr (std::endian::native == std::endian::little) {
    if (n <= 8) {
      uint64_t x, y;
      std::memcpy(&x, a->data, 8);
      std::memcpy(&y, b->data, 8);
      uint64_t mask = n == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * n)) - 1;
      return ((x ^ y) & mask) == 0;
    }
  }
  return std::memcmp(a->data, b->data, n) == 0;
}
inline bool str_eq(const StrObject* a, const StrObject* b) {
  return a == b || (a->nbytes == b->nbytes && (a->hash == -1 || b->hash == -1 || a->hash == b->hash) &&
                    str_bytes_equal(a, b, a->nbytes));
}
// <0, 0, >0 in code point order (UTF-8 byte order). The first bytes decide
// most comparisons (`"a" <= ch <= "z"`), so they are compared inline.
inline int str_compare(std::string_view a, std::string_view b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  if (n) {
    unsigned char x = static_cast<unsigned char>(a[0]), y = static_cast<unsigned char>(b[0]);
    if (x != y) return x < y ? -1 : 1;
    int c = n > 1 ? std::memcmp(a.data() + 1, b.data() + 1, n - 1) : 0;
    if (c) return c;
  }
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}
Value str_concat(VM& vm, StrObject* a, StrObject* b);
// The concatenation of n strs (an f-string's BUILD_STRING): one allocation.
Value str_concat_n(VM& vm, const Value* parts, size_t n);
// a += b for the interpreter when it holds the only reference to `a` (its
// refcount is 1: the variable being assigned was cleared first). Appends in
// place when a's allocation has room, and gives new results headroom, so a
// loop of `s += t` is linear as in CPython (unicode_concatenate). Otherwise
// the same as str_concat. Consumes `a`.
Value str_concat_inplace(VM& vm, Value a, StrObject* b);
// s * n (n <= 0 gives ''); MemoryError / OverflowError when too long, as CPython.
Value str_repeat(VM& vm, StrObject* s, int64_t n);
// `sub in s`
bool str_contains(StrObject* s, std::string_view sub);
// s[i] (negative i counts from the end); IndexError "string index out of range".
Value str_getitem_index(VM& vm, StrObject* s, int64_t i);
// s[start:stop:step] for indices already adjusted by slice_indices.
Value str_slice(VM& vm, StrObject* s, int64_t start, int64_t step, int64_t slicelength);
// iter(s): a str_iterator (IteratorObject: a = the str, i = byte offset).
Value str_iter(VM& vm, StrObject* s);

// Byte offset of code point `index` (0 <= index <= length).
size_t str_byte_offset(const StrObject* s, int64_t index);

// ------------------------------------------------------------ repr
// repr() of text, with CPython's quote choice and escapes.
std::string str_repr_text(std::string_view s);
// repr(s) as a str object.
Value str_repr(VM& vm, StrObject* s);
// ascii(x) is str_ascii_text(repr(x)): the text with every non-ASCII
// character escaped (\xe9, \u20ac, \U0001f600).
std::string str_ascii_text(std::string_view text);

// ------------------------------------------------------------ builtins
// str(object='') / str(object, encoding, errors) as called from Python
// (arguments without the class).
Value str_call(VM& vm, const CallArgs& args);
// `cls(*args)` for str and its subclasses.
Value str_type_call(VM& vm, TypeObject* cls, const CallArgs& args);
// sep.join(iterable)
Value str_join(VM& vm, StrObject* sep, const Value& iterable);

extern const KindSlots str_slots;
// Registers str's methods (vm/str_methods.cpp).
void init_str_type(VM& vm);

}  // namespace kiln::vm
