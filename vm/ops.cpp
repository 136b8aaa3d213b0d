// vm/ops.cpp — the abstract object protocol of vm/ops.h.
//
// Each operation tries, in order: inline fast paths for the immediates
// (small ints, floats, bools) that dominate real programs; the per-kind slot
// table for objects of builtin classes; and, for instances of user classes,
// the dunder method looked up on the class (never on the instance, as in
// CPython). Builtin classes whose methods were registered by name (the file
// type's __iter__, __enter__ ...) fall back to the dunder lookup too.

#include "vm/ops.h"

#include <cinttypes>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>

#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/float_repr.h"
#include "vm/format.h"
#include "vm/interpreter.h"
#include "vm/iterators.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/numbers.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

// ================================================================ slot tables

namespace {
const KindSlots kNoSlots{};

// Indexed by ObjKind (order of vm/object_kinds.def).
const KindSlots* const kSlotTable[] = {
    &int_slots,          // Int
    &str_slots,          // Str
    &list_slots,         // List
    &tuple_slots,        // Tuple
    &dict_slots,         // Dict
    &set_slots,          // Set
    &range_slots,        // Range
    &slice_slots,        // Slice
    &type_slots,         // Type
    &instance_slots,     // Instance
    &exception_slots,    // Exception
    &code_slots,         // Code
    &function_slots,     // Function
    &native_slots,       // Native
    &boundmethod_slots,  // BoundMethod
    &cell_slots,         // Cell
    &module_slots,       // Module
    &generator_slots,    // Generator
    &iterator_slots,     // Iterator
    &dictview_slots,     // DictView
    &property_slots,     // Property
    &staticmethod_slots, // StaticMethod
    &classmethod_slots,  // ClassMethod
    &super_slots,        // Super
    &kNoSlots,           // File: methods registered by name on the type
    &kNoSlots,           // Opaque
    &tensor_slots,       // Tensor (stdlib/torch/tensor_object.cpp)
};
static_assert(sizeof(kSlotTable) / sizeof(kSlotTable[0]) == size_t(ObjKind::Count_),
              "one slot table per object kind");

// Binary operator dunders: [op][0 plain, 1 reflected, 2 in-place].
using NameField = StrObject* VM::Names::*;
const NameField kBinopNames[][3] = {
    {&VM::Names::__add__, &VM::Names::__radd__, &VM::Names::__iadd__},
    {&VM::Names::__sub__, &VM::Names::__rsub__, &VM::Names::__isub__},
    {&VM::Names::__mul__, &VM::Names::__rmul__, &VM::Names::__imul__},
    {&VM::Names::__matmul__, &VM::Names::__rmatmul__, &VM::Names::__imatmul__},
    {&VM::Names::__truediv__, &VM::Names::__rtruediv__, &VM::Names::__itruediv__},
    {&VM::Names::__floordiv__, &VM::Names::__rfloordiv__, &VM::Names::__ifloordiv__},
    {&VM::Names::__mod__, &VM::Names::__rmod__, &VM::Names::__imod__},
    {&VM::Names::__pow__, &VM::Names::__rpow__, &VM::Names::__ipow__},
    {&VM::Names::__lshift__, &VM::Names::__rlshift__, &VM::Names::__ilshift__},
    {&VM::Names::__rshift__, &VM::Names::__rrshift__, &VM::Names::__irshift__},
    {&VM::Names::__or__, &VM::Names::__ror__, &VM::Names::__ior__},
    {&VM::Names::__xor__, &VM::Names::__rxor__, &VM::Names::__ixor__},
    {&VM::Names::__and__, &VM::Names::__rand__, &VM::Names::__iand__},
};
const char* const kBinopSymbols[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
const char* const kInplaceSymbols[] = {"+=", "-=", "*=", "@=", "/=", "//=", "%=", "**=", "<<=", ">>=", "|=", "^=", "&="};

inline StrObject* binop_name(VM& vm, BinOpKind op, int form) { return vm.names.*kBinopNames[size_t(op)][form]; }

// Rich comparison dunders indexed by CmpOpKind (Lt..GtE) and their reflections.
inline StrObject* cmp_name(VM& vm, CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt: return vm.names.__lt__;
    case CmpOpKind::LtE: return vm.names.__le__;
    case CmpOpKind::Eq: return vm.names.__eq__;
    case CmpOpKind::NotEq: return vm.names.__ne__;
    case CmpOpKind::Gt: return vm.names.__gt__;
    case CmpOpKind::GtE: return vm.names.__ge__;
    default: return nullptr;
  }
}
inline CmpOpKind reflect(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt: return CmpOpKind::Gt;
    case CmpOpKind::LtE: return CmpOpKind::GtE;
    case CmpOpKind::Gt: return CmpOpKind::Lt;
    case CmpOpKind::GtE: return CmpOpKind::LtE;
    default: return op;
  }
}
const char* cmp_symbol(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt: return "<";
    case CmpOpKind::LtE: return "<=";
    case CmpOpKind::Eq: return "==";
    case CmpOpKind::NotEq: return "!=";
    case CmpOpKind::Gt: return ">";
    case CmpOpKind::GtE: return ">=";
    default: return "?";
  }
}

// Special methods of user classes are looked up only among the user classes
// of the MRO (user_type_lookup): what a builtin base provides comes from its
// kind's slot table, which is faster and already implements it.
inline bool is_user(const Object* o) { return !type_is_builtin(o->type); }
inline Value user_special(const Object* o, StrObject* name) {
  return is_user(o) ? user_type_lookup(o->type, name) : Value();
}

// Calls an unbound special method found on the class with `self` first.
Value call_special(VM& vm, const Value& meth, const Value& self, const Value* args, size_t n) {
  if (is_kind(meth, ObjKind::Function) || is_kind(meth, ObjKind::Native)) {
    Value buf[4];
    if (n + 1 <= 4) {
      buf[0] = self;
      for (size_t i = 0; i < n; ++i) buf[i + 1] = args[i];
      if (is_kind(meth, ObjKind::Function)) return call_function(vm, meth.as<FunctionObject>(), CallArgs{buf, n + 1, nullptr});
      return vm.call(meth, buf, n + 1);
    }
    VmVector<Value> v;
    v.reserve(n + 1);
    v.push_back(self);
    for (size_t i = 0; i < n; ++i) v.push_back(args[i]);
    return vm.call(meth, v.data(), v.size());
  }
  Value bound = bind_descriptor(vm, meth, self, type_of(vm, self));
  if (!bound) return Value();
  return vm.call(bound, args, n);
}
inline Value call_special0(VM& vm, const Value& meth, const Value& self) {
  return call_special(vm, meth, self, nullptr, 0);
}
inline Value call_special1(VM& vm, const Value& meth, const Value& self, const Value& arg) {
  return call_special(vm, meth, self, &arg, 1);
}

// True if `m` is one of object's own default implementations (a native
// method owned by `object`), which the protocol implements inline.
inline bool is_object_default(VM& vm, const Value& m) {
  return is_kind(m, ObjKind::Native) && m.as<NativeObject>()->owner.is_object() &&
         m.as<NativeObject>()->owner.as_object() == vm.types.object;
}

// Kinds without a slot for an operation (File) may have registered the
// dunder by name on their builtin class.
inline Value builtin_special(VM& vm, const Object* o, StrObject* name) {
  Value m = type_lookup(o->type, name);
  if (m && is_object_default(vm, m)) return Value();
  return m;
}

Value default_repr(VM& vm, const Value& v) {
  TypeObject* t = type_of(vm, v);
  char buf[64];
  std::snprintf(buf, sizeof buf, " object at %p>", static_cast<void*>(v.is_object() ? v.as_object() : nullptr));
  std::string s = "<";
  if (!type_is_builtin(t) && is_str(t->module)) {
    std::string_view mod = str_view(t->module);
    if (mod != "builtins") {
      s += mod;
      s += '.';
    }
  }
  s += is_str(t->qualname) ? str_view(t->qualname) : std::string_view("?");
  s += buf;
  return make_str(vm, s);
}

Value check_str_result(VM& vm, Value r, const char* what) {
  if (!r) return r;
  if (!is_str(r)) {
    return vm.raisef(Exc::TypeError, "%s returned non-string (type %s)", what, type_name(vm, r));
  }
  return r;
}
}  // namespace

const KindSlots& kind_slots(ObjKind k) { return *kSlotTable[size_t(k)]; }

// ================================================================ type queries

TypeObject* type_of(VM& vm, const Value& v) {
  if (v.is_object()) return v.as_object()->type;
  if (v.is_small_int()) return vm.types.int_;
  if (v.is_double()) return vm.types.float_;
  if (v.is_bool()) return vm.types.bool_;
  if (v.is_none()) return vm.types.NoneType;
  if (v.is_not_implemented()) return vm.types.NotImplementedType;
  if (v.is_ellipsis()) return vm.types.ellipsis;
  return vm.types.NoneType;  // Empty never reaches Python code
}

bool is_subtype(const TypeObject* t, const TypeObject* base) {
  if (t == base) return true;
  for (const Value& m : t->mro) {
    if (m.as_object() == base) return true;
  }
  return false;
}

bool isinstance(VM& vm, const Value& v, const TypeObject* t) { return is_subtype(type_of(vm, v), t); }

const char* type_name(VM& vm, const Value& v) {
  TypeObject* t = type_of(vm, v);
  return is_str(t->name) ? t->name.as<StrObject>()->data : "?";
}

bool index_value(VM& vm, const Value& v, int64_t* out) {
  if (v.is_small_int()) {
    *out = v.as_small_int();
    return true;
  }
  if (int_value(v, out)) return true;
  if (v.is_object()) {
    Value m = user_special(v.as_object(), vm.names.__index__);
    if (!m) m = builtin_special(vm, v.as_object(), vm.names.__index__);  // library classes (torch.Tensor)
    if (m) {
      Value r = call_special0(vm, m, v);
      if (!r) return false;
      if (int_value(r, out)) return true;
      vm.raisef(Exc::TypeError, "__index__ returned non-int (type %s)", type_name(vm, r));
      return false;
    }
  }
  vm.raisef(Exc::TypeError, "'%s' object cannot be interpreted as an integer", type_name(vm, v));
  return false;
}

// ================================================================ repr / str

Value repr(VM& vm, const Value& v) {
  if (v.is_object()) {
    Object* o = v.as_object();
    if (Value m = user_special(o, vm.names.__repr__)) return check_str_result(vm, call_special0(vm, m, v), "__repr__");
    const KindSlots& s = kind_slots(o->kind);
    if (s.repr) return s.repr(vm, o);
    if (Value m = builtin_special(vm, o, vm.names.__repr__)) {
      return check_str_result(vm, call_special0(vm, m, v), "__repr__");
    }
    return default_repr(vm, v);
  }
  if (v.is_small_int()) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v.as_small_int());
    return make_ascii_str(vm, std::string_view(buf, size_t(r.ptr - buf)));
  }
  if (v.is_double()) return make_str(vm, float_repr(v.as_double()));
  if (v.is_true()) return make_str(vm, "True");
  if (v.is_false()) return make_str(vm, "False");
  if (v.is_none()) return make_str(vm, "None");
  if (v.is_not_implemented()) return make_str(vm, "NotImplemented");
  if (v.is_ellipsis()) return make_str(vm, "Ellipsis");
  return make_str(vm, "<NULL>");
}

Value str(VM& vm, const Value& v) {
  if (v.is_object()) {
    Object* o = v.as_object();
    if (o->kind == ObjKind::Str && !is_user(o)) return v;
    if (Value m = user_special(o, vm.names.__str__)) return check_str_result(vm, call_special0(vm, m, v), "__str__");
    // str() of an instance of a str subclass is its text as an exact str.
    if (o->kind == ObjKind::Str) return make_str(vm, str_view(v));
    const KindSlots& s = kind_slots(o->kind);
    if (s.str) return s.str(vm, o);
    if (!is_user(o)) {
      if (Value m = builtin_special(vm, o, vm.names.__str__)) {
        return check_str_result(vm, call_special0(vm, m, v), "__str__");
      }
    }
    // object.__str__ is repr(), which honours a user __repr__.
    return repr(vm, v);
  }
  return repr(vm, v);
}

// ================================================================ truth, hash

int truthy(VM& vm, const Value& v) {
  if (v.is_true()) return 1;
  if (v.is_false() || v.is_none()) return 0;
  if (v.is_small_int()) return v.as_small_int() != 0;
  if (v.is_double()) return v.as_double() != 0.0;
  if (!v.is_object()) return 1;
  Object* o = v.as_object();
  if (is_user(o)) {
    if (Value m = user_type_lookup(o->type, vm.names.__bool__)) {
      Value r = call_special0(vm, m, v);
      if (!r) return -1;
      if (!r.is_bool()) {
        vm.raisef(Exc::TypeError, "__bool__ should return bool, returned %s", type_name(vm, r));
        return -1;
      }
      return r.is_true();
    }
    if (user_type_lookup(o->type, vm.names.__len__)) {
      int64_t n;
      if (!length(vm, v, &n)) return -1;
      return n != 0;
    }
  }
  const KindSlots& s = kind_slots(o->kind);
  if (s.truthy) return s.truthy(vm, o);
  if (s.len) {
    int64_t n;
    if (!s.len(vm, o, &n)) return -1;
    return n != 0;
  }
  return 1;
}

namespace {
// CPython's _Py_HashPointer: the address rotated so the low (always zero)
// alignment bits do not waste hash-table slots.
int64_t hash_pointer(const void* p) {
  uint64_t y = reinterpret_cast<uintptr_t>(p);
  y = (y >> 4) | (y << 60);
  int64_t h = int64_t(y);
  return h == -1 ? -2 : h;
}
}  // namespace

bool hash(VM& vm, const Value& v, int64_t* out) {
  if (v.is_small_int()) {
    int64_t i = v.as_small_int();
    *out = i == -1 ? -2 : i;
    return true;
  }
  if (v.is_bool()) {
    *out = v.is_true() ? 1 : 0;
    return true;
  }
  if (!v.is_object()) {
    if (v.is_double()) return number_hash(vm, v, out);
    // None, NotImplemented, Ellipsis: fixed per process, like an address.
    *out = hash_pointer(reinterpret_cast<const void*>(uintptr_t(v.bits() & 0xff) << 12));
    return true;
  }
  Object* o = v.as_object();
  if (o->kind == ObjKind::Str && static_cast<StrObject*>(o)->hash != -1) {
    *out = static_cast<StrObject*>(o)->hash;
    return true;
  }
  if (is_user(o)) {
    Value m = user_type_lookup(o->type, vm.names.__hash__);
    if (m && m.is_none()) {
      vm.raisef(Exc::TypeError, "unhashable type: '%s'", type_name(vm, v));
      return false;
    }
    if (m) {
      Value r = call_special0(vm, m, v);
      if (!r) return false;
      if (!is_int(r)) {
        vm.raise(Exc::TypeError, "__hash__ method should return an integer");
        return false;
      }
      // The result itself, as CPython's slot_tp_hash takes an int that fits
      // a Py_ssize_t (-1 is -2), so a str subclass's super().__hash__()
      // hashes like the str.
      int64_t h;
      if (!int_value(r, &h)) return hash(vm, r, out);
      *out = h == -1 ? -2 : h;
      return true;
    }
  }
  const KindSlots& s = kind_slots(o->kind);
  if (s.hash) return s.hash(vm, o, out);
  if (!s.richcompare) {
    // Objects compared by identity hash by identity.
    *out = hash_pointer(o);
    return true;
  }
  vm.raisef(Exc::TypeError, "unhashable type: '%s'", type_name(vm, v));
  return false;
}

// ================================================================ binary operators

Value kiln_types_call(VM& vm, const char* function, const Value* args, size_t nargs) {
  Value m = vm.import_module("_kiln_types");
  if (!m) return Value();
  Value f = getattr(vm, m, vm.intern(function).as<StrObject>());
  if (!f) return Value();
  return vm.call(f, args, nargs);
}

namespace {
Value unsupported(VM& vm, BinOpKind op, const Value& a, const Value& b, bool inplace) {
  // `int | None`, `str | list[int]`: classes joined into a union (the
  // aliases and unions themselves have __or__).
  if (op == BinOpKind::BitOr && !inplace && (is_kind(a, ObjKind::Type) || a.is_none()) &&
      (is_kind(b, ObjKind::Type) || b.is_none()) && !(a.is_none() && b.is_none())) {
    Value args[2] = {a, b};
    Value r = kiln_types_call(vm, "union", args, 2);
    if (!r || !r.is_not_implemented()) return r;
  }
  if (op == BinOpKind::Pow && !inplace) {
    return vm.raisef(Exc::TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'",
                     type_name(vm, a), type_name(vm, b));
  }
  return vm.raisef(Exc::TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                   inplace ? kInplaceSymbols[size_t(op)] : kBinopSymbols[size_t(op)], type_name(vm, a),
                   type_name(vm, b));
}

// One operand's implementation of `op`: reflected=false means `self` is the
// left operand. Returns NotImplemented when it does not apply.
Value operand_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected) {
  const Value& self = reflected ? b : a;
  const Value& other = reflected ? a : b;
  if (is_number(self)) return number_binop(vm, op, a, b);
  if (!self.is_object()) return Value::not_implemented();  // None, Ellipsis...
  Object* o = self.as_object();
  StrObject* name = binop_name(vm, op, reflected ? 1 : 0);
  if (Value m = user_special(o, name)) return call_special1(vm, m, self, other);
  const KindSlots& s = kind_slots(o->kind);
  if (s.binop) return s.binop(vm, op, a, b, reflected, false);
  if (Value m = builtin_special(vm, o, name)) return call_special1(vm, m, self, other);
  return Value::not_implemented();
}

// Whether b's class defines the reflected operator differently from a's
// (CPython's method_is_overloaded), for the subclass-first rule.
bool reflected_overridden(VM& vm, BinOpKind op, TypeObject* ta, TypeObject* tb) {
  if (type_is_builtin(tb)) return true;
  StrObject* rname = binop_name(vm, op, 1);
  Value mb = user_type_lookup(tb, rname);
  if (!mb) return false;
  Value ma = type_lookup(ta, rname);
  return !ma || !ma.is(mb);
}

Value binary_generic(VM& vm, BinOpKind op, const Value& a, const Value& b, bool inplace) {
  TypeObject* ta = type_of(vm, a);
  TypeObject* tb = type_of(vm, b);
  // Numbers of different classes (int and float) share one implementation.
  bool same = ta == tb || (is_number(a) && is_number(b));
  if (!same && is_subtype(tb, ta) && reflected_overridden(vm, op, ta, tb)) {
    Value r = operand_binop(vm, op, a, b, true);
    if (!r || !r.is_not_implemented()) return r;
    Value l = operand_binop(vm, op, a, b, false);
    if (!l || !l.is_not_implemented()) return l;
    return unsupported(vm, op, a, b, inplace);
  }
  Value l = operand_binop(vm, op, a, b, false);
  if (!l || !l.is_not_implemented()) return l;
  if (!same) {
    Value r = operand_binop(vm, op, a, b, true);
    if (!r || !r.is_not_implemented()) return r;
  }
  return unsupported(vm, op, a, b, inplace);
}

inline Value small_int_result(VM& vm, int64_t r) {
  return Value::fits_small_int(r) ? Value::small_int(r) : make_int(vm, r);
}
}  // namespace

Value binary_op_sole_method(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  if (!is_kind(a, ObjKind::Instance)) return Value();
  const Object* o = a.as_object();
  bool b_plain = b.is_small_int() || b.is_double() || b.is_bool() || b.is_none() ||
                 (b.is_object() && b.as_object()->type == o->type);
  if (!b_plain) return Value();
  return user_special(o, binop_name(vm, op, 0));
}

Value binary_op_unsupported(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  return unsupported(vm, op, a, b, false);
}

Value binary_op(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  // Fast paths: small ints (48-bit, so + and - cannot overflow int64) and floats.
  if (a.is_small_int() && b.is_small_int()) {
    int64_t x = a.as_small_int(), y = b.as_small_int();
    switch (op) {
      case BinOpKind::Add: return small_int_result(vm, x + y);
      case BinOpKind::Sub: return small_int_result(vm, x - y);
      case BinOpKind::Mult: {
        int64_t r;
        if (!__builtin_mul_overflow(x, y, &r)) return small_int_result(vm, r);
        break;
      }
      case BinOpKind::BitAnd: return Value::small_int(x & y);
      case BinOpKind::BitOr: return Value::small_int(x | y);
      case BinOpKind::BitXor: return Value::small_int(x ^ y);
      default: break;
    }
    return number_binop(vm, op, a, b);
  }
  if (a.is_double() && b.is_double()) {
    double x = a.as_double(), y = b.as_double();
    switch (op) {
      case BinOpKind::Add: return Value::from_double(x + y);
      case BinOpKind::Sub: return Value::from_double(x - y);
      case BinOpKind::Mult: return Value::from_double(x * y);
      case BinOpKind::Div:
        if (y != 0.0) return Value::from_double(x / y);
        break;
      default: break;
    }
    return number_binop(vm, op, a, b);
  }
  if (is_number(a) && is_number(b)) return number_binop(vm, op, a, b);
  return binary_generic(vm, op, a, b, false);
}

Value inplace_op(VM& vm, BinOpKind op, const Value& a, const Value& b) {
  if (a.is_object()) {
    Object* o = a.as_object();
    if (Value m = user_special(o, binop_name(vm, op, 2))) {
      Value r = call_special1(vm, m, a, b);
      if (!r || !r.is_not_implemented()) return r;
    } else {
      const KindSlots& s = kind_slots(o->kind);
      if (s.binop) {
        Value r = s.binop(vm, op, a, b, false, true);
        if (!r || !r.is_not_implemented()) return r;
      } else if (Value m2 = builtin_special(vm, o, binop_name(vm, op, 2))) {
        Value r = call_special1(vm, m2, a, b);
        if (!r || !r.is_not_implemented()) return r;
      }
    }
    return binary_generic(vm, op, a, b, true);
  }
  if (is_number(a) && is_number(b)) return binary_op(vm, op, a, b);
  return binary_generic(vm, op, a, b, true);
}

Value unary_op(VM& vm, UnaryOpKind op, const Value& v) {
  if (op == UnaryOpKind::Not) {
    int t = truthy(vm, v);
    if (t < 0) return Value();
    return Value::boolean(!t);
  }
  if (v.is_small_int()) {
    int64_t i = v.as_small_int();
    switch (op) {
      case UnaryOpKind::USub: return Value::small_int(-i);  // 48-bit: cannot overflow
      case UnaryOpKind::UAdd: return v;
      case UnaryOpKind::Invert: return Value::small_int(~i);
      default: break;
    }
  }
  if (v.is_double()) {
    if (op == UnaryOpKind::USub) return Value::from_double(-v.as_double());
    if (op == UnaryOpKind::UAdd) return v;
  }
  const char* sym = op == UnaryOpKind::USub ? "-" : op == UnaryOpKind::UAdd ? "+" : "~";
  if (is_number(v)) {
    Value r = number_unary(vm, op, v);
    if (!r || !r.is_not_implemented()) return r;
    return vm.raisef(Exc::TypeError, "bad operand type for unary %s: '%s'", sym, type_name(vm, v));
  }
  if (v.is_object()) {
    StrObject* name = op == UnaryOpKind::USub   ? vm.names.__neg__
                      : op == UnaryOpKind::UAdd ? vm.names.__pos__
                                                : vm.names.__invert__;
    Object* o = v.as_object();
    Value m = is_user(o) ? user_type_lookup(o->type, name) : builtin_special(vm, o, name);
    if (m) return call_special0(vm, m, v);
  }
  return vm.raisef(Exc::TypeError, "bad operand type for unary %s: '%s'", sym, type_name(vm, v));
}

// ================================================================ comparisons

namespace {
// One side of a rich comparison. NotImplemented when it does not apply.
Value operand_compare(VM& vm, CmpOpKind op, const Value& self, const Value& other) {
  if (is_number(self)) return number_compare(vm, op, self, other);
  if (!self.is_object()) {
    // None, NotImplemented, Ellipsis: compared by identity only.
    if (op == CmpOpKind::Eq) return self.is(other) ? Value::boolean(true) : Value::not_implemented();
    if (op == CmpOpKind::NotEq) return self.is(other) ? Value::boolean(false) : Value::not_implemented();
    return Value::not_implemented();
  }
  Object* o = self.as_object();
  if (is_user(o)) {
    if (Value m = user_type_lookup(o->type, cmp_name(vm, op))) return call_special1(vm, m, self, other);
    if (op == CmpOpKind::NotEq) {
      // object.__ne__ inverts __eq__ (so defining __eq__ alone gives !=).
      if (Value eq = user_type_lookup(o->type, vm.names.__eq__)) {
        Value r = call_special1(vm, eq, self, other);
        if (!r || r.is_not_implemented()) return r;
        int t = truthy(vm, r);
        if (t < 0) return Value();
        return Value::boolean(!t);
      }
    }
  }
  const KindSlots& s = kind_slots(o->kind);
  if (s.richcompare) return s.richcompare(vm, o, other, op);
  if (!is_user(o)) {
    if (Value m = builtin_special(vm, o, cmp_name(vm, op))) return call_special1(vm, m, self, other);
  }
  // object's defaults: identity for ==, the inverse for !=.
  if (op == CmpOpKind::Eq) return self.is(other) ? Value::boolean(true) : Value::not_implemented();
  if (op == CmpOpKind::NotEq) return self.is(other) ? Value::boolean(false) : Value::not_implemented();
  return Value::not_implemented();
}

bool has_own_compare(VM& vm, TypeObject* t, CmpOpKind op) {
  if (type_is_builtin(t)) return true;
  return bool(user_type_lookup(t, cmp_name(vm, op)));
}

Value rich_compare(VM& vm, CmpOpKind op, const Value& a, const Value& b) {
  TypeObject* ta = type_of(vm, a);
  TypeObject* tb = type_of(vm, b);
  bool same = ta == tb || (is_number(a) && is_number(b));
  bool checked_reverse = false;
  if (!same && is_subtype(tb, ta) && has_own_compare(vm, tb, reflect(op))) {
    checked_reverse = true;
    Value r = operand_compare(vm, reflect(op), b, a);
    if (!r || !r.is_not_implemented()) return r;
  }
  Value l = operand_compare(vm, op, a, b);
  if (!l || !l.is_not_implemented()) return l;
  // Unlike binary operators, the reflection is tried even for two operands
  // of one class (a > b falls back to b < a).
  if (!checked_reverse && !(is_number(a) && is_number(b))) {
    Value r = operand_compare(vm, reflect(op), b, a);
    if (!r || !r.is_not_implemented()) return r;
  }
  if (op == CmpOpKind::Eq) return Value::boolean(a.is(b));
  if (op == CmpOpKind::NotEq) return Value::boolean(!a.is(b));
  return vm.raisef(Exc::TypeError, "'%s' not supported between instances of '%s' and '%s'", cmp_symbol(op),
                   type_name(vm, a), type_name(vm, b));
}

inline Value cmp_ints(CmpOpKind op, int64_t x, int64_t y) {
  switch (op) {
    case CmpOpKind::Lt: return Value::boolean(x < y);
    case CmpOpKind::LtE: return Value::boolean(x <= y);
    case CmpOpKind::Eq: return Value::boolean(x == y);
    case CmpOpKind::NotEq: return Value::boolean(x != y);
    case CmpOpKind::Gt: return Value::boolean(x > y);
    case CmpOpKind::GtE: return Value::boolean(x >= y);
    default: return Value();
  }
}
inline Value cmp_doubles(CmpOpKind op, double x, double y) {
  switch (op) {
    case CmpOpKind::Lt: return Value::boolean(x < y);
    case CmpOpKind::LtE: return Value::boolean(x <= y);
    case CmpOpKind::Eq: return Value::boolean(x == y);
    case CmpOpKind::NotEq: return Value::boolean(x != y);
    case CmpOpKind::Gt: return Value::boolean(x > y);
    case CmpOpKind::GtE: return Value::boolean(x >= y);
    default: return Value();
  }
}
}  // namespace

Value compare(VM& vm, CmpOpKind op, const Value& a, const Value& b) {
  switch (op) {
    case CmpOpKind::Is: return Value::boolean(a.is(b));
    case CmpOpKind::IsNot: return Value::boolean(!a.is(b));
    case CmpOpKind::In:
    case CmpOpKind::NotIn: {
      int r = contains(vm, b, a);
      if (r < 0) return Value();
      return Value::boolean(op == CmpOpKind::In ? r : !r);
    }
    default: break;
  }
  if (a.is_small_int() && b.is_small_int()) return cmp_ints(op, a.as_small_int(), b.as_small_int());
  if (a.is_double() && b.is_double()) return cmp_doubles(op, a.as_double(), b.as_double());
  if (is_str(a) && is_str(b) && !is_user(a.as_object()) && !is_user(b.as_object())) {
    return str_slots.richcompare(vm, a.as_object(), b, op);
  }
  return rich_compare(vm, op, a, b);
}

int equals(VM& vm, const Value& a, const Value& b) {
  if (a.is(b)) return 1;
  if (a.is_small_int() && b.is_small_int()) return 0;
  if (a.is_double() && b.is_double()) return a.as_double() == b.as_double();
  Value r = compare(vm, CmpOpKind::Eq, a, b);
  if (!r) return -1;
  if (r.is_bool()) return r.is_true();
  return truthy(vm, r);
}

int less_than(VM& vm, const Value& a, const Value& b) {
  if (a.is_small_int() && b.is_small_int()) return a.as_small_int() < b.as_small_int();
  if (a.is_double() && b.is_double()) return a.as_double() < b.as_double();
  Value r = compare(vm, CmpOpKind::Lt, a, b);
  if (!r) return -1;
  if (r.is_bool()) return r.is_true();
  return truthy(vm, r);
}

// ================================================================ containers

// Kiln's stand-in for a metaclass's __iter__ / __len__ / __contains__ (Kiln
// has no metaclasses): iter(C), len(C) and `x in C` on a class C call C's
// classmethod __class_iter__ / __class_len__ / __class_contains__ when it
// defines one (the enum module's classes do). Empty when C has none.
static Value class_hook(VM& vm, const Value& cls, const char* name, const Value* args, size_t nargs) {
  if (!is_kind(cls, ObjKind::Type)) return Value();
  auto* t = cls.as<TypeObject>();
  Value h = type_lookup(t, vm.intern(name).as<StrObject>());
  if (!h) return Value();
  Value bound = bind_descriptor(vm, h, Value(), t);
  if (!bound) return Value();
  Value r = vm.call(bound, args, nargs);
  return r ? r : Value();
}

bool length(VM& vm, const Value& v, int64_t* out) {
  if (v.is_object()) {
    Object* o = v.as_object();
    Value m = user_special(o, vm.names.__len__);
    if (!m) {
      if (o->kind == ObjKind::List) {
        *out = int64_t(static_cast<ListObject*>(o)->items.size());
        return true;
      }
      const KindSlots& s = kind_slots(o->kind);
      if (s.len) return s.len(vm, o, out);
      if (!is_user(o)) m = builtin_special(vm, o, vm.names.__len__);
    }
    if (m) {
      Value r = call_special0(vm, m, v);
      if (!r) return false;
      int64_t n;
      if (!int_value(r, &n)) {
        vm.raisef(Exc::TypeError, "'%s' object cannot be interpreted as an integer", type_name(vm, r));
        return false;
      }
      if (n < 0) {
        vm.raise(Exc::ValueError, "__len__() should return >= 0");
        return false;
      }
      *out = n;
      return true;
    }
    if (o->kind == ObjKind::Type && type_lookup(static_cast<TypeObject*>(o), vm.intern("__class_len__").as<StrObject>())) {
      Value r = class_hook(vm, v, "__class_len__", nullptr, 0);
      if (!r) return false;
      if (!int_value(r, out)) {
        vm.raisef(Exc::TypeError, "'%s' object cannot be interpreted as an integer", type_name(vm, r));
        return false;
      }
      return true;
    }
  }
  vm.raisef(Exc::TypeError, "object of type '%s' has no len()", type_name(vm, v));
  return false;
}

Value getitem(VM& vm, const Value& obj, const Value& key) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    if (is_user(o)) {
      if (Value m = user_type_lookup(o->type, vm.names.__getitem__)) return call_special1(vm, m, obj, key);
    } else if (key.is_small_int()) {
      // Lists and tuples indexed by small ints are the hot case.
      int64_t i = key.as_small_int();
      if (o->kind == ObjKind::List) {
        auto& items = static_cast<ListObject*>(o)->items;
        int64_t n = int64_t(items.size());
        if (i < 0) i += n;
        if (i >= 0 && i < n) return items[size_t(i)];
      } else if (o->kind == ObjKind::Tuple) {
        auto* t = static_cast<TupleObject*>(o);
        int64_t n = int64_t(t->size);
        if (i < 0) i += n;
        if (i >= 0 && i < n) return t->items[i];
      }
    }
    const KindSlots& s = kind_slots(o->kind);
    if (s.getitem) return s.getitem(vm, o, key);
    if (o->kind == ObjKind::Type) {
      auto* t = static_cast<TypeObject*>(o);
      Value cg = type_lookup(t, vm.names.__class_getitem__);
      if (cg) {
        Value bound = bind_descriptor(vm, cg, Value(), t);
        if (!bound) return Value();
        return vm.call1(bound, key);
      }
      if (t == vm.types.list || t == vm.types.dict || t == vm.types.tuple || t == vm.types.set ||
          t == vm.types.frozenset || t == vm.types.type) {
        // list[int]: a types.GenericAlias (annotations at module and class level are evaluated).
        Value args[2] = {obj, key};
        return kiln_types_call(vm, "GenericAlias", args, 2);
      }
      return vm.raisef(Exc::TypeError, "type '%s' is not subscriptable", type_display_name(t).c_str());
    }
    if (!is_user(o)) {
      if (Value m = builtin_special(vm, o, vm.names.__getitem__)) return call_special1(vm, m, obj, key);
    }
  }
  return vm.raisef(Exc::TypeError, "'%s' object is not subscriptable", type_name(vm, obj));
}

bool setitem(VM& vm, const Value& obj, const Value& key, const Value& value) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    Value m = user_special(o, vm.names.__setitem__);
    if (!m) {
      if (o->kind == ObjKind::List && key.is_small_int()) {
        auto& items = static_cast<ListObject*>(o)->items;
        int64_t i = key.as_small_int(), n = int64_t(items.size());
        if (i < 0) i += n;
        if (i >= 0 && i < n) {
          items[size_t(i)] = value;
          return true;
        }
      }
      const KindSlots& s = kind_slots(o->kind);
      if (s.setitem) return s.setitem(vm, o, key, value);
      if (!is_user(o)) m = builtin_special(vm, o, vm.names.__setitem__);
    }
    if (m) {
      Value args[2] = {key, value};
      return bool(call_special(vm, m, obj, args, 2));
    }
  }
  vm.raisef(Exc::TypeError, "'%s' object does not support item assignment", type_name(vm, obj));
  return false;
}

bool delitem(VM& vm, const Value& obj, const Value& key) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    Value m = user_special(o, vm.names.__delitem__);
    if (!m) {
      const KindSlots& s = kind_slots(o->kind);
      if (s.setitem) return s.setitem(vm, o, key, Value());
      if (!is_user(o)) m = builtin_special(vm, o, vm.names.__delitem__);
    }
    if (m) return bool(call_special1(vm, m, obj, key));
  }
  vm.raisef(Exc::TypeError, "'%s' object doesn't support item deletion", type_name(vm, obj));
  return false;
}

int contains(VM& vm, const Value& container, const Value& item) {
  if (container.is_object()) {
    Object* o = container.as_object();
    Value m = user_special(o, vm.names.__contains__);
    if (!m) {
      const KindSlots& s = kind_slots(o->kind);
      if (s.contains) return s.contains(vm, o, item);
      if (!is_user(o)) m = builtin_special(vm, o, vm.names.__contains__);
    }
    if (m) {
      Value r = call_special1(vm, m, container, item);
      if (!r) return -1;
      return truthy(vm, r);
    }
    if (o->kind == ObjKind::Type && type_lookup(static_cast<TypeObject*>(o), vm.intern("__class_contains__").as<StrObject>())) {
      Value r = class_hook(vm, container, "__class_contains__", &item, 1);
      if (!r) return -1;
      return truthy(vm, r);
    }
    bool iterable = kind_slots(o->kind).iter || type_lookup(o->type, vm.names.__iter__) ||
                    type_lookup(o->type, vm.names.__getitem__) || kind_slots(o->kind).getitem;
    if (iterable) {
      Value it = get_iter(vm, container);
      if (!it) return -1;
      for (;;) {
        Value x = iter_next(vm, it);
        if (!x) return vm.has_exception() ? -1 : 0;
        int eq = equals(vm, x, item);
        if (eq != 0) return eq;
      }
    }
  }
  vm.raisef(Exc::TypeError, "argument of type '%s' is not iterable", type_name(vm, container));
  return -1;
}

// ================================================================ iteration

Value get_iter(VM& vm, const Value& v) {
  if (v.is_object()) {
    Object* o = v.as_object();
    Value m = user_special(o, vm.names.__iter__);
    if (!m) {
      const KindSlots& s = kind_slots(o->kind);
      if (s.iter) return s.iter(vm, o);
      if (!is_user(o)) m = builtin_special(vm, o, vm.names.__iter__);
    }
    if (m) {
      if (m.is_none()) return vm.raisef(Exc::TypeError, "'%s' object is not iterable", type_name(vm, v));
      Value it = call_special0(vm, m, v);
      if (!it) return it;
      bool is_iterator = is_kind(it, ObjKind::Iterator) || is_kind(it, ObjKind::Generator) ||
                         type_lookup(type_of(vm, it), vm.names.__next__);
      if (!is_iterator) {
        return vm.raisef(Exc::TypeError, "iter() returned non-iterator of type '%s'", type_name(vm, it));
      }
      return it;
    }
    if (type_lookup(o->type, vm.names.__getitem__) || kind_slots(o->kind).getitem) {
      if (o->kind != ObjKind::Dict && o->kind != ObjKind::Type) return make_seq_iterator(vm, v);
    }
    if (o->kind == ObjKind::Type && type_lookup(static_cast<TypeObject*>(o), vm.intern("__class_iter__").as<StrObject>())) {
      Value it = class_hook(vm, v, "__class_iter__", nullptr, 0);
      if (!it) return it;
      return get_iter(vm, it);  // the hook may return any iterable
    }
  }
  return vm.raisef(Exc::TypeError, "'%s' object is not iterable", type_name(vm, v));
}

Value iter_next(VM& vm, const Value& it) {
  if (it.is_object()) {
    Object* o = it.as_object();
    if (o->kind == ObjKind::Iterator) {
      auto* io = static_cast<IteratorObject*>(o);
      return io->next(vm, io);
    }
    if (o->kind == ObjKind::Generator) {
      Value r = generator_send(vm, static_cast<GeneratorObject*>(o), Value::none());
      if (!r && vm.exception_matches(Exc::StopIteration)) vm.clear_exception();
      return r;
    }
    Value m = is_user(o) ? user_type_lookup(o->type, vm.names.__next__) : builtin_special(vm, o, vm.names.__next__);
    if (m) {
      Value r = call_special0(vm, m, it);
      if (!r && vm.exception_matches(Exc::StopIteration)) vm.clear_exception();
      return r;
    }
  }
  return vm.raisef(Exc::TypeError, "'%s' object is not an iterator", type_name(vm, it));
}

// ================================================================ attributes

Value getattr(VM& vm, const Value& obj, StrObject* name) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    const KindSlots& s = kind_slots(o->kind);
    if (s.getattr) return s.getattr(vm, o, name);
    // Instances of user subclasses of builtin containers.
    if (is_user(o)) return user_object_getattr(vm, o, name);
  }
  return generic_getattr(vm, obj, name, nullptr, false);
}

Value getattr_opt(VM& vm, const Value& obj, StrObject* name) {
  Value r = getattr(vm, obj, name);
  if (!r && vm.exception_matches(Exc::AttributeError)) vm.clear_exception();
  return r;
}

bool setattr(VM& vm, const Value& obj, StrObject* name, const Value& value) {
  if (obj.is_object()) {
    Object* o = obj.as_object();
    const KindSlots& s = kind_slots(o->kind);
    if (s.setattr) return s.setattr(vm, o, name, value);
    if (is_user(o)) return user_object_setattr(vm, o, name, value);
  }
  // Objects without an instance dict: only data descriptors can be assigned.
  return generic_setattr(vm, obj, name, nullptr, value);
}

bool delattr(VM& vm, const Value& obj, StrObject* name) { return setattr(vm, obj, name, Value()); }

static Value type_lookup_uncached(TypeObject* type, StrObject* name) {
  for (const Value& t : type->mro) {
    const Value& d = t.as<TypeObject>()->dict;
    if (!d.is_object()) continue;
    Value v = dict_get_str(d.as<DictObject>(), name);
    if (v) return v;
  }
  return Value();
}

// Every operator on an instance, every call of a class and every cache miss
// of the interpreter looks names up along the MRO; a per-type memo keyed on
// the type's version makes the repeat lookups one compare.
TypeObject::LookupCacheEntry& type_lookup_entry(TypeObject* type, StrObject* name) {
  if (type->lookup_cache_version != type->version) {
    for (auto& e : type->lookup_cache) {
      e.name = Value();
      e.value = Value();
      e.from_user = -1;
    }
    type->lookup_cache_version = type->version;
  }
  auto& e = type->lookup_cache[TypeObject::lookup_slot(name)];
  uint64_t name_bits = Value::kPtrTag | reinterpret_cast<uint64_t>(name);
  if (e.name.bits() == name_bits) return e;
  e.value = type_lookup_uncached(type, name);
  e.name = Value::borrow(name);
  e.from_user = -1;
  return e;
}

Value type_lookup_slow(TypeObject* type, StrObject* name) { return type_lookup_entry(type, name).value; }

// ================================================================ format

Value format(VM& vm, const Value& v, std::string_view spec) {
  if (v.is_object()) {
    Value m = user_special(v.as_object(), vm.names.__format__);
    // Library classes (torch.Tensor) register __format__ on their class.
    if (!m && !is_number(v) && !is_str(v)) m = builtin_special(vm, v.as_object(), vm.names.__format__);
    if (m) {
      Value s = make_str(vm, spec);
      if (!s) return s;
      Value r = call_special1(vm, m, v, s);
      if (r && !is_str(r)) {
        return vm.raisef(Exc::TypeError, "__format__ must return a str, not %s", type_name(vm, r));
      }
      return r;
    }
  }
  if (is_number(v) || is_str(v)) return format_value(vm, v, spec);
  if (spec.empty()) return str(vm, v);
  return vm.raisef(Exc::TypeError, "unsupported format string passed to %s.__format__",
                   type_display_name(type_of(vm, v)).c_str());
}

// ================================================================ collecting

Value sequence_to_list(VM& vm, const Value& iterable) {
  if ((is_kind(iterable, ObjKind::List) || is_kind(iterable, ObjKind::Tuple)) && !is_user(iterable.as_object())) {
    const Value* begin;
    size_t n;
    if (is_kind(iterable, ObjKind::List)) {
      auto& items = iterable.as<ListObject>()->items;
      begin = items.data();
      n = items.size();
    } else {
      begin = iterable.as<TupleObject>()->items;
      n = iterable.as<TupleObject>()->size;
    }
    Value list = list_new(vm, n);
    auto& out = list.as<ListObject>()->items;
    out.assign(begin, begin + n);
    return list;
  }
  Value it = get_iter(vm, iterable);
  if (!it) return it;
  Value list = list_new(vm, 0);
  auto& out = list.as<ListObject>()->items;
  for (;;) {
    Value x;
    if (is_kind(it, ObjKind::Iterator)) {
      auto* io = it.as<IteratorObject>();
      x = io->next(vm, io);
    } else {
      x = iter_next(vm, it);
    }
    if (!x) {
      if (vm.has_exception()) return Value();
      return list;
    }
    out.push_back(std::move(x));
  }
}

Value sequence_to_tuple(VM& vm, const Value& iterable) {
  if (is_kind(iterable, ObjKind::Tuple) && !is_user(iterable.as_object())) return iterable;
  Value list = sequence_to_list(vm, iterable);
  if (!list) return list;
  auto& items = list.as<ListObject>()->items;
  Value t = tuple_new(vm, items.size());
  if (!t) return t;
  auto* tp = t.as<TupleObject>();
  for (size_t i = 0; i < items.size(); ++i) tp->items[i] = std::move(items[i]);
  return t;
}

bool is_callable(VM& vm, const Value& v) {
  if (!v.is_object()) return false;
  switch (v.as_object()->kind) {
    case ObjKind::Function:
    case ObjKind::Native:
    case ObjKind::BoundMethod:
    case ObjKind::Type:
    case ObjKind::StaticMethod:
      return true;
    default:
      return bool(type_lookup(v.as_object()->type, vm.names.__call__));
  }
}

}  // namespace kiln::vm
