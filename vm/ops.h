// vm/ops.h — the abstract object protocol (CPython's abstract.c / object.c).
//
// Everything that operates on "any value" goes through here: the interpreter's
// opcodes, the builtins, library modules. Each operation dispatches on the
// value's representation:
//   * immediates (small ints, floats, bools, None) are handled inline or in
//     vm/numbers.cpp;
//   * heap objects of builtin kinds through the per-kind slot table
//     (KindSlots below; one table per kind, filled by that kind's file);
//   * instances of user classes (and user subclasses of builtin types) by
//     looking up the dunder method on the class (__add__, __getitem__, ...).
// All functions follow the VM's error convention (Empty / false / -1 with an
// exception pending). Messages are CPython's, word for word.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vm/ast.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

using ast::BinOpKind;
using ast::CmpOpKind;
using ast::UnaryOpKind;

// ------------------------------------------------------------ per-kind slots
// Filled by the file that implements a kind (vm/list.cpp fills list_slots...).
// A null slot means "not supported" (ops.cpp raises CPython's TypeError) or,
// where noted, a generic default.
struct KindSlots {
  Value (*repr)(VM&, Object*) = nullptr;                       // required
  Value (*str)(VM&, Object*) = nullptr;                        // null: repr
  bool (*hash)(VM&, Object*, int64_t* out) = nullptr;          // null: unhashable
  // Returns NotImplemented when it does not know `other`.
  Value (*richcompare)(VM&, Object*, const Value& other, CmpOpKind op) = nullptr;  // null: identity ==/!=
  int (*truthy)(VM&, Object*) = nullptr;                       // null: len != 0, else true
  bool (*len)(VM&, Object*, int64_t* out) = nullptr;
  Value (*getitem)(VM&, Object*, const Value& key) = nullptr;
  bool (*setitem)(VM&, Object*, const Value& key, const Value& value) = nullptr;  // value Empty: delete
  int (*contains)(VM&, Object*, const Value& item) = nullptr;  // null: iterate
  Value (*iter)(VM&, Object*) = nullptr;
  // Binary operators where this kind is the left (reflected=false) or right
  // (reflected=true) operand; `inplace` for +=, *= ... Returns NotImplemented
  // when it does not handle the combination.
  Value (*binop)(VM&, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) = nullptr;
  Value (*call)(VM&, Object*, const CallArgs&) = nullptr;
  // Attribute lookup override (modules, instances...). null: generic lookup
  // through the type's MRO (methods bound to the object).
  Value (*getattr)(VM&, Object*, StrObject* name) = nullptr;
  bool (*setattr)(VM&, Object*, StrObject* name, const Value& value) = nullptr;  // value Empty: delete
};
const KindSlots& kind_slots(ObjKind k);

// ------------------------------------------------------------ type queries
TypeObject* type_of(VM& vm, const Value& v);
bool is_subtype(const TypeObject* t, const TypeObject* base);
bool isinstance(VM& vm, const Value& v, const TypeObject* t);
inline bool is_kind(const Value& v, ObjKind k) { return v.is_object() && v.as_object()->kind == k; }
inline bool is_str(const Value& v) { return is_kind(v, ObjKind::Str); }
// int in the Python sense: small int, boxed int, or bool.
inline bool is_int(const Value& v) { return v.is_small_int() || v.is_bool() || is_kind(v, ObjKind::Int); }
// Reads an int (or bool) into *out; false if v is not an int (no exception set).
bool int_value_slow(const Value& v, int64_t* out);  // int_value's out-of-line half
inline bool int_value(const Value& v, int64_t* out) {
  if (v.is_small_int()) [[likely]] {
    *out = v.as_small_int();
    return true;
  }
  return int_value_slow(v, out);
}
// Any int64 as a Value (small or boxed).
Value make_boxed_int(VM& vm, int64_t i);  // make_int's out-of-line half
inline Value make_int(VM& vm, int64_t i) {
  if (Value::fits_small_int(i)) [[likely]]
    return Value::small_int(i);
  return make_boxed_int(vm, i);
}
// Converts with __index__ semantics; raises TypeError "'<T>' object cannot be interpreted as an integer".
bool index_value(VM& vm, const Value& v, int64_t* out);
// A str Value from UTF-8 text (vm/str.cpp).
Value make_str(VM& vm, std::string_view s);
std::string_view str_view(const Value& v);  // precondition: is_str(v)
const char* type_name(VM& vm, const Value& v);

// ------------------------------------------------------------ protocol
Value repr(VM& vm, const Value& v);   // always a str on success
Value str(VM& vm, const Value& v);
int truthy(VM& vm, const Value& v);   // 1, 0, or -1 on error
bool is_callable(VM& vm, const Value& v);  // builtins.callable()
bool hash(VM& vm, const Value& v, int64_t* out);
Value binary_op(VM& vm, BinOpKind op, const Value& a, const Value& b);
Value inplace_op(VM& vm, BinOpKind op, const Value& a, const Value& b);
// For the interpreter's inlined operator calls: the user-defined method
// `type(a).__op__` when `a op b` would call it first and only it (a is an
// instance of a user class, b of the same class or an int, float, bool or
// None, whose reflected methods never accept a user object); Empty otherwise.
Value binary_op_sole_method(VM& vm, BinOpKind op, const Value& a, const Value& b);
// The TypeError of `a op b` when no operand implements it.
Value binary_op_unsupported(VM& vm, BinOpKind op, const Value& a, const Value& b);
Value unary_op(VM& vm, UnaryOpKind op, const Value& v);
Value compare(VM& vm, CmpOpKind op, const Value& a, const Value& b);  // result of <, ==, in, is ...
int equals(VM& vm, const Value& a, const Value& b);                   // 1, 0, -1 on error
int less_than(VM& vm, const Value& a, const Value& b);                // for sort/min/max
bool length(VM& vm, const Value& v, int64_t* out);
Value getitem(VM& vm, const Value& obj, const Value& key);
bool setitem(VM& vm, const Value& obj, const Value& key, const Value& value);
bool delitem(VM& vm, const Value& obj, const Value& key);
int contains(VM& vm, const Value& container, const Value& item);
Value get_iter(VM& vm, const Value& v);
// Next item; Empty with no exception pending means exhausted (StopIteration is swallowed).
Value iter_next(VM& vm, const Value& it);
Value getattr(VM& vm, const Value& obj, StrObject* name);
// Calls function `function` of the embedded module _kiln_types
// (stdlib/lib/_kiln_types.py: GenericAlias, union, UnionType).
Value kiln_types_call(VM& vm, const char* function, const Value* args, size_t nargs);
// Like getattr, but a missing attribute returns Empty with no exception.
Value getattr_opt(VM& vm, const Value& obj, StrObject* name);
bool setattr(VM& vm, const Value& obj, StrObject* name, const Value& value);
bool delattr(VM& vm, const Value& obj, StrObject* name);
// Looks `name` up in the MRO of `type` without binding; Empty if absent.
// (The memo's hits inline; type_lookup_slow fills it.)
Value type_lookup_slow(TypeObject* type, StrObject* name);
inline Value type_lookup(TypeObject* type, StrObject* name) {
  if (const TypeObject::LookupCacheEntry* e = type->lookup_hit(name)) [[likely]]
    return e->value;
  return type_lookup_slow(type, name);
}
// type_lookup's memo entry for `name` (filled, valid until the class changes).
TypeObject::LookupCacheEntry& type_lookup_entry(TypeObject* type, StrObject* name);
// format(value, spec) -> str
Value format(VM& vm, const Value& v, std::string_view spec);
// Collects any iterable into a new list (fast paths for list/tuple).
Value sequence_to_list(VM& vm, const Value& iterable);
Value sequence_to_tuple(VM& vm, const Value& iterable);

}  // namespace kiln::vm
