// vm/value.h — the 64-bit value word every part of the VM passes around.
//
// Representation (NaN-boxing, as in LuaJIT and Wren):
//   * a double is stored as itself; a NaN from outside (parsing, math
//     functions, conversions) is canonicalised to 0x7ff8... so that no real
//     double ever has the tag bits below; + - * / results keep the
//     hardware's NaN (0x7ff8... or x86's 0xfff8...), which cannot either;
//   * 0x7ffc_0000_0000_000N   immediates: Empty, None, False, True,
//                             NotImplemented, Ellipsis;
//   * 0x7ffd_xxxx_xxxx_xxxx   a "small int": 48-bit two's complement payload;
//     Python ints outside that range (up to int64) live in a boxed IntObject;
//     beyond int64 Kiln raises OverflowError (Kiln's ints are 64-bit);
//   * 0xfffc_pppp_pppp_pppp   a pointer to a reference-counted heap Object.
//
// `Value` is an RAII handle: copying increments the object's reference count,
// destruction decrements it, moving steals. A heap object is freed the moment
// its last reference dies, as in CPython. `Value()` is the Empty value: it is
// never visible to Python code and means "no value / an exception is pending"
// when returned from a native function (like CPython's NULL).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

namespace kiln::vm {

struct Object;
void object_destroy(Object* o);  // vm/object.cpp: runs when the count hits zero

// The first word of every heap object; kept here so Value can count references
// without including the whole object model.
struct ObjectHeader {
  uint32_t refcount;
};

class Value {
 public:
  static constexpr uint64_t kQNaN = 0x7ffc000000000000ull;
  static constexpr uint64_t kTagMask = 0xffff000000000000ull;
  static constexpr uint64_t kImmTag = 0x7ffc000000000000ull;
  static constexpr uint64_t kIntTag = 0x7ffd000000000000ull;
  static constexpr uint64_t kPtrTag = 0xfffc000000000000ull;
  static constexpr uint64_t kPayload = 0x0000ffffffffffffull;
  static constexpr uint64_t kCanonicalNaN = 0x7ff8000000000000ull;

  static constexpr int64_t kSmallIntMin = -(int64_t(1) << 47);
  static constexpr int64_t kSmallIntMax = (int64_t(1) << 47) - 1;

  enum Imm : uint64_t { kEmpty = 0, kNone = 1, kFalse = 2, kTrue = 3, kNotImplemented = 4, kEllipsis = 5 };

  // ---- construction
  constexpr Value() noexcept : bits_(kImmTag | kEmpty) {}
  static constexpr Value none() noexcept { return raw(kImmTag | kNone); }
  static constexpr Value boolean(bool b) noexcept { return raw(kImmTag | (b ? kTrue : kFalse)); }
  static constexpr Value not_implemented() noexcept { return raw(kImmTag | kNotImplemented); }
  static constexpr Value ellipsis() noexcept { return raw(kImmTag | kEllipsis); }
  static Value from_double(double d) noexcept {
    uint64_t b = std::bit_cast<uint64_t>(d);
    if (d != d) b = kCanonicalNaN;
    return raw(b);
  }
  // A double computed by + - * / from doubles held in Values: its NaNs are
  // the hardware's default NaN (0xfff8... on x86, 0x7ff8... elsewhere) or an
  // operand's NaN passed through, never a tag pattern, so the check above
  // is skipped (it costs a compare on every float result).
  static Value from_arith_double(double d) noexcept { return raw(std::bit_cast<uint64_t>(d)); }
  static constexpr bool fits_small_int(int64_t i) noexcept { return i >= kSmallIntMin && i <= kSmallIntMax; }
  // Precondition: fits_small_int(i). Use vm::make_int for arbitrary int64.
  static constexpr Value small_int(int64_t i) noexcept { return raw(kIntTag | (uint64_t(i) & kPayload)); }
  // Adopts a reference the caller owns (e.g. a freshly allocated object).
  static Value steal(Object* o) noexcept { return raw(kPtrTag | reinterpret_cast<uint64_t>(o)); }
  // Takes a new reference.
  static Value borrow(Object* o) noexcept {
    incref(o);
    return steal(o);
  }
  static constexpr Value from_raw_bits(uint64_t b) noexcept { return raw(b); }

  // ---- RAII
  // Copies, moves and assignments are always inlined: the interpreter does
  // little else, and an out-of-line call per store costs more than the work.
  [[gnu::always_inline]] Value(const Value& o) noexcept : bits_(o.bits_) {
    if (is_object()) incref(as_object());
  }
  [[gnu::always_inline]] constexpr Value(Value&& o) noexcept : bits_(o.bits_) { o.bits_ = kImmTag | kEmpty; }
  // The old value is released after the new one is in place (its destructor
  // may look at this slot again).
  [[gnu::always_inline]] Value& operator=(const Value& o) noexcept {
    Value tmp(o);
    swap(tmp);
    return *this;
  }
  [[gnu::always_inline]] Value& operator=(Value&& o) noexcept {
    Value tmp(std::move(o));
    swap(tmp);
    return *this;
  }
  [[gnu::always_inline]] constexpr ~Value() {
    if (is_object()) decref(as_object());
  }
  void swap(Value& o) noexcept { std::swap(bits_, o.bits_); }
  // Gives up ownership without decrementing (the caller now owns the reference).
  uint64_t release_bits() noexcept {
    uint64_t b = bits_;
    bits_ = kImmTag | kEmpty;
    return b;
  }

  // The interpreter's value stack keeps dead slots above its stack pointer:
  // init_raw stores into such a slot without releasing what it held.
  void init_raw(uint64_t b) noexcept { bits_ = b; }
  // The bits of a new reference to this value (the object's count is
  // incremented), for init_raw: a copy with no temporary Value to empty.
  [[gnu::always_inline]] uint64_t new_ref_bits() const noexcept {
    if (is_object()) incref(as_object());
    return bits_;
  }

  // ---- predicates
  constexpr uint64_t bits() const noexcept { return bits_; }
  constexpr bool is_double() const noexcept { return (bits_ & kQNaN) != kQNaN; }
  constexpr bool is_small_int() const noexcept { return (bits_ & kTagMask) == kIntTag; }
  // The top 14 bits are all ones only for pointers (0xfffc..: no double has
  // them, negative NaNs being canonicalised): an arithmetic shift and a
  // compare with -1, where testing the 16-bit tag needs two 64-bit constants.
  constexpr bool is_object() const noexcept { return (int64_t(bits_) >> 50) == -1; }
  constexpr bool is_empty() const noexcept { return bits_ == (kImmTag | kEmpty); }
  constexpr bool is_none() const noexcept { return bits_ == (kImmTag | kNone); }
  constexpr bool is_true() const noexcept { return bits_ == (kImmTag | kTrue); }
  constexpr bool is_false() const noexcept { return bits_ == (kImmTag | kFalse); }
  constexpr bool is_bool() const noexcept { return is_true() || is_false(); }
  constexpr bool is_not_implemented() const noexcept { return bits_ == (kImmTag | kNotImplemented); }
  constexpr bool is_ellipsis() const noexcept { return bits_ == (kImmTag | kEllipsis); }
  constexpr bool is_immediate() const noexcept { return (bits_ & kTagMask) == kImmTag; }
  explicit constexpr operator bool() const noexcept { return !is_empty(); }
  // Identity (Python `is`).
  constexpr bool is(const Value& o) const noexcept { return bits_ == o.bits_; }

  // ---- accessors (unchecked; test first)
  double as_double() const noexcept { return std::bit_cast<double>(bits_); }
  constexpr int64_t as_small_int() const noexcept { return int64_t(bits_ << 16) >> 16; }
  Object* as_object() const noexcept { return reinterpret_cast<Object*>(bits_ & kPayload); }
  template <class T> T* as() const noexcept { return static_cast<T*>(as_object()); }

  [[gnu::always_inline]] static void incref(Object* o) noexcept { ++reinterpret_cast<ObjectHeader*>(o)->refcount; }
  [[gnu::always_inline]] static void decref(Object* o) noexcept {
    if (--reinterpret_cast<ObjectHeader*>(o)->refcount == 0) object_destroy(o);
  }

 private:
  struct RawTag {};
  constexpr Value(uint64_t b, RawTag) noexcept : bits_(b) {}
  static constexpr Value raw(uint64_t b) noexcept { return Value(b, RawTag{}); }
  uint64_t bits_;
};

static_assert(sizeof(Value) == 8, "Value must stay one machine word");
static_assert((int64_t(Value::kPtrTag) >> 50) == -1 && (int64_t(Value::kPtrTag | Value::kPayload) >> 50) == -1 &&
                  (int64_t(Value::kIntTag | Value::kPayload) >> 50) != -1 &&
                  (int64_t(Value::kImmTag | Value::kPayload) >> 50) != -1 &&
                  (int64_t(0xfff0000000000000ull) >> 50) != -1,  // -inf
              "is_object's shift test must single out the pointer tag");

}  // namespace kiln::vm
