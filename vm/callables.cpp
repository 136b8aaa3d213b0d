// vm/callables.cpp — the behaviour of functions, builtin functions, bound
// methods, cells, modules, generators and code objects as Python values:
// their repr, attributes, hashing and equality, and the generator methods.
// Calling them is vm/call.cpp's job; running them is the interpreter's.

#include <cstdio>
#include <cstring>
#include <string>

#include "vm/args.h"
#include "vm/code.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/interpreter.h"
#include "vm/kind_slots.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {
bool name_is(StrObject* a, const char* s) {
  size_t n = std::strlen(s);
  return a->nbytes == n && std::memcmp(a->data, s, n) == 0;
}
std::string addr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
bool identity_hash(VM&, Object* o, int64_t* out) {
  uint64_t y = reinterpret_cast<uintptr_t>(o);
  y = (y >> 4) | (y << 60);
  *out = int64_t(y) == -1 ? -2 : int64_t(y);
  return true;
}
inline Value or_none(const Value& v) { return v ? v : Value::none(); }

// ================================================================ functions

Value function_repr(VM& vm, Object* o) {
  auto* f = static_cast<FunctionObject*>(o);
  std::string s = "<function ";
  s += is_str(f->qualname) ? str_view(f->qualname) : std::string_view("?");
  s += " at " + addr(o) + ">";
  return make_str(vm, s);
}

Value function_getattr(VM& vm, Object* o, StrObject* name) {
  auto* f = static_cast<FunctionObject*>(o);
  if (name->data[0] == '_' && name->data[1] == '_') {
    if (name_is(name, "__name__")) return f->name;
    if (name_is(name, "__qualname__")) return f->qualname;
    if (name_is(name, "__module__")) return or_none(f->module);
    if (name_is(name, "__doc__")) return or_none(f->doc);
    if (name_is(name, "__defaults__")) return or_none(f->defaults);
    if (name_is(name, "__kwdefaults__")) return or_none(f->kwdefaults);
    if (name_is(name, "__code__")) return f->code;
    if (name_is(name, "__globals__")) return f->globals;
    if (name_is(name, "__closure__")) return or_none(f->closure);
    if (name_is(name, "__dict__")) {
      if (!f->dict.is_object()) f->dict = dict_new(vm);
      return f->dict;
    }
    if (name_is(name, "__annotations__")) {
      if (f->dict.is_object()) {
        Value a = dict_get_str(f->dict.as<DictObject>(), name);
        if (a) return a;
      }
      return dict_new(vm);
    }
  }
  Value self = Value::borrow(o);
  DictObject* d = f->dict.is_object() ? f->dict.as<DictObject>() : nullptr;
  return generic_getattr(vm, self, name, d, false);
}

bool function_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  auto* f = static_cast<FunctionObject*>(o);
  if (name->data[0] == '_' && name->data[1] == '_') {
    bool is_name = name_is(name, "__name__"), is_qual = name_is(name, "__qualname__");
    if (is_name || is_qual) {
      if (!is_str(value)) {
        vm.raisef(Exc::TypeError, "__%s__ must be set to a string object", is_name ? "name" : "qualname");
        return false;
      }
      (is_name ? f->name : f->qualname) = value;
      return true;
    }
    if (name_is(name, "__doc__")) {
      f->doc = or_none(value);
      return true;
    }
    if (name_is(name, "__module__")) {
      f->module = or_none(value);
      return true;
    }
    if (name_is(name, "__defaults__")) {
      if (value && !value.is_none() && !is_kind(value, ObjKind::Tuple)) {
        vm.raise(Exc::TypeError, "__defaults__ must be set to a tuple object");
        return false;
      }
      f->defaults = or_none(value);
      f->version++;
      return true;
    }
    if (name_is(name, "__kwdefaults__")) {
      if (value && !value.is_none() && !is_kind(value, ObjKind::Dict)) {
        vm.raise(Exc::TypeError, "__kwdefaults__ must be set to a dict object");
        return false;
      }
      f->kwdefaults = or_none(value);
      f->version++;
      return true;
    }
    if (name_is(name, "__code__")) {
      if (!value || !is_kind(value, ObjKind::Code)) {
        vm.raise(Exc::TypeError, "__code__ must be set to a code object");
        return false;
      }
      size_t nfree = value.as<CodeObject>()->freevars.size();
      size_t ncells = is_kind(f->closure, ObjKind::Tuple) ? f->closure.as<TupleObject>()->size : 0;
      if (nfree != ncells) {
        vm.raisef(Exc::ValueError, "%s() requires a code object with %zu free vars, not %zu",
                  is_str(f->name) ? f->name.as<StrObject>()->data : "?", ncells, nfree);
        return false;
      }
      f->code = value;
      f->version++;
      return true;
    }
    if (name_is(name, "__dict__")) {
      if (!is_kind(value, ObjKind::Dict)) {
        vm.raise(Exc::TypeError, "__dict__ must be set to a dictionary");
        return false;
      }
      f->dict = value;
      return true;
    }
  }
  return generic_setattr(vm, Value::borrow(o), name, &f->dict, value);
}

// ================================================================ builtin functions

Value native_repr(VM& vm, Object* o) {
  auto* n = static_cast<NativeObject*>(o);
  if (is_kind(n->owner, ObjKind::Type)) {
    std::string s = "<method '";
    s += n->name;
    s += "' of '";
    s += type_display_name(n->owner.as<TypeObject>());
    s += "' objects>";
    return make_str(vm, s);
  }
  return make_str(vm, std::string("<built-in function ") + n->name + ">");
}

Value native_getattr(VM& vm, Object* o, StrObject* name) {
  auto* n = static_cast<NativeObject*>(o);
  if (name_is(name, "__name__")) return make_str(vm, n->name);
  if (name_is(name, "__qualname__")) {
    if (is_kind(n->owner, ObjKind::Type)) {
      return make_str(vm, type_display_name(n->owner.as<TypeObject>()) + "." + n->name);
    }
    return make_str(vm, n->name);
  }
  if (name_is(name, "__module__")) {
    if (is_kind(n->data, ObjKind::Module)) return n->data.as<ModuleObject>()->name;
    return is_kind(n->owner, ObjKind::Type) ? Value::none() : make_str(vm, "builtins");
  }
  if (name_is(name, "__self__")) {
    if (is_kind(n->data, ObjKind::Module) || (n->data && !n->data.is_none())) return n->data;
    Value b = vm.import_module("builtins");
    if (!b) {
      vm.clear_exception();
      return Value::none();
    }
    return b;
  }
  if (name_is(name, "__doc__")) return Value::none();
  if (name_is(name, "__objclass__") && is_kind(n->owner, ObjKind::Type)) return n->owner;
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}

// ================================================================ bound methods

Value boundmethod_repr(VM& vm, Object* o) {
  auto* m = static_cast<BoundMethodObject*>(o);
  if (is_kind(m->func, ObjKind::Native)) {
    auto* n = m->func.as<NativeObject>();
    std::string s = "<built-in method ";
    s += n->name;
    s += " of ";
    s += type_name(vm, m->self);
    s += " object at " + addr(m->self.is_object() ? m->self.as_object() : nullptr) + ">";
    return make_str(vm, s);
  }
  Value qn = getattr_opt(vm, m->func, vm.names.__qualname__);
  if (!qn && vm.has_exception()) return Value();
  Value r = repr(vm, m->self);
  if (!r) return r;
  std::string s = "<bound method ";
  s += (qn && is_str(qn)) ? str_view(qn) : std::string_view("?");
  s += " of ";
  s += str_view(r);
  s += ">";
  return make_str(vm, s);
}

Value boundmethod_getattr(VM& vm, Object* o, StrObject* name) {
  auto* m = static_cast<BoundMethodObject*>(o);
  if (name_is(name, "__self__")) return m->self;
  if (name_is(name, "__func__")) return m->func;
  if (name_is(name, "__class__")) return Value::borrow(o->type);
  // Everything else is the function's (as CPython's method_getattro).
  return getattr(vm, m->func, name);
}

bool boundmethod_setattr(VM& vm, Object* o, StrObject* name, const Value&) {
  vm.raisef(Exc::AttributeError, "'method' object has no attribute '%s'", name->data);
  return false;
}

Value boundmethod_compare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  if ((op != CmpOpKind::Eq && op != CmpOpKind::NotEq) || !is_kind(other, ObjKind::BoundMethod)) {
    return Value::not_implemented();
  }
  auto* a = static_cast<BoundMethodObject*>(o);
  auto* b = other.as<BoundMethodObject>();
  int eq = a->self.is(b->self) ? equals(vm, a->func, b->func) : 0;
  if (eq < 0) return Value();
  return Value::boolean(op == CmpOpKind::Eq ? eq : !eq);
}

bool boundmethod_hash(VM& vm, Object* o, int64_t* out) {
  auto* m = static_cast<BoundMethodObject*>(o);
  int64_t hs = 0, hf = 0;
  if (m->self.is_object()) identity_hash(vm, m->self.as_object(), &hs);
  else if (!hash(vm, m->self, &hs)) return false;
  if (!hash(vm, m->func, &hf)) return false;
  int64_t h = hs ^ hf;
  *out = h == -1 ? -2 : h;
  return true;
}

// ================================================================ cells, modules, code

Value cell_repr(VM& vm, Object* o) {
  auto* c = static_cast<CellObject*>(o);
  std::string s = "<cell at " + addr(o) + ": ";
  if (!c->contents) {
    s += "empty>";
  } else {
    s += type_name(vm, c->contents);
    s += " object at " + addr(c->contents.is_object() ? c->contents.as_object() : nullptr) + ">";
  }
  return make_str(vm, s);
}

Value cell_getattr(VM& vm, Object* o, StrObject* name) {
  auto* c = static_cast<CellObject*>(o);
  if (name_is(name, "cell_contents")) {
    if (!c->contents) return vm.raise(Exc::ValueError, "Cell is empty");
    return c->contents;
  }
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}

bool cell_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  if (name_is(name, "cell_contents")) {
    static_cast<CellObject*>(o)->contents = value;  // Empty (del) leaves the cell empty
    return true;
  }
  vm.raisef(Exc::AttributeError, "'cell' object has no attribute '%s'", name->data);
  return false;
}

Value module_repr(VM& vm, Object* o) {
  auto* m = static_cast<ModuleObject*>(o);
  std::string s = "<module '";
  s += is_str(m->name) ? str_view(m->name) : std::string_view("?");
  s += "'";
  Value file;
  if (m->dict.is_object()) file = dict_get_str(m->dict.as<DictObject>(), vm.names.__file__);
  if (file && is_str(file)) {
    s += " from '";
    s += str_view(file);
    s += "'>";
  } else {
    s += " (built-in)>";
  }
  return make_str(vm, s);
}

Value module_getattr(VM& vm, Object* o, StrObject* name) {
  auto* m = static_cast<ModuleObject*>(o);
  if (m->dict.is_object()) {
    Value v = dict_get_str(m->dict.as<DictObject>(), name);
    if (v) return v;
    if (name_is(name, "__dict__")) return m->dict;
  }
  if (name_is(name, "__class__")) return Value::borrow(o->type);
  Value r = generic_getattr(vm, Value::borrow(o), name, nullptr, true);
  if (r || vm.has_exception()) return r;
  // PEP 562: a module's own __getattr__ answers names its dict lacks.
  if (m->dict.is_object()) {
    Value hook = dict_get_str(m->dict.as<DictObject>(), vm.names.__getattr__);
    if (hook) return vm.call1(hook, Value::borrow(name));
  }
  return vm.raisef(Exc::AttributeError, "module '%s' has no attribute '%s'",
                   is_str(m->name) ? m->name.as<StrObject>()->data : "?", name->data);
}

bool module_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  auto* m = static_cast<ModuleObject*>(o);
  if (!m->dict.is_object()) m->dict = dict_new(vm);
  DictObject* d = m->dict.as<DictObject>();
  if (!value) {
    if (!dict_get_str(d, name)) {
      vm.raisef(Exc::AttributeError, "module '%s' has no attribute '%s'",
                is_str(m->name) ? m->name.as<StrObject>()->data : "?", name->data);
      return false;
    }
    return dict_delitem(vm, d, Value::borrow(name));
  }
  return dict_setitem(vm, d, Value::borrow(name), value);
}

Value code_repr(VM& vm, Object* o) {
  auto* c = static_cast<CodeObject*>(o);
  std::string s = "<code object ";
  s += is_str(c->name) ? str_view(c->name) : std::string_view("?");
  s += " at " + addr(o) + ", file \"";
  s += is_str(c->filename) ? str_view(c->filename) : std::string_view("?");
  s += "\", line " + std::to_string(c->firstlineno) + ">";
  return make_str(vm, s);
}

Value code_getattr(VM& vm, Object* o, StrObject* name) {
  auto* c = static_cast<CodeObject*>(o);
  if (name_is(name, "co_name")) return c->name;
  if (name_is(name, "co_qualname")) return c->qualname;
  if (name_is(name, "co_filename")) return c->filename;
  if (name_is(name, "co_firstlineno")) return make_int(vm, c->firstlineno);
  if (name_is(name, "co_argcount")) return make_int(vm, c->argcount);
  if (name_is(name, "co_kwonlyargcount")) return make_int(vm, c->kwonlyargcount);
  if (name_is(name, "co_posonlyargcount")) return make_int(vm, c->posonlyargcount);
  if (name_is(name, "co_nlocals")) return make_int(vm, c->nlocals);
  if (name_is(name, "co_varnames")) return tuple_from_array(vm, c->varnames.data(), c->varnames.size());
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}

// ================================================================ generators

Value generator_repr(VM& vm, Object* o) {
  auto* g = static_cast<GeneratorObject*>(o);
  std::string s = "<generator object ";
  s += is_str(g->qualname) ? str_view(g->qualname) : std::string_view("?");
  s += " at " + addr(o) + ">";
  return make_str(vm, s);
}

Value generator_iter(VM&, Object* o) { return Value::borrow(o); }

Value generator_getattr(VM& vm, Object* o, StrObject* name) {
  auto* g = static_cast<GeneratorObject*>(o);
  if (name_is(name, "__name__")) return g->name;
  if (name_is(name, "__qualname__")) return g->qualname;
  if (name_is(name, "gi_running")) return Value::boolean(g->running);
  return generic_getattr(vm, Value::borrow(o), name, nullptr, false);
}

GeneratorObject* gen_self(VM& vm, const CallArgs& a, const char* method) {
  if (a.nargs < 1 || !is_kind(a.args[0], ObjKind::Generator)) {
    vm.raisef(Exc::TypeError, "descriptor '%s' for 'generator' objects doesn't apply to this object", method);
    return nullptr;
  }
  return a.args[0].as<GeneratorObject>();
}

Value gen_next(VM& vm, const CallArgs& a, const Value&) {
  GeneratorObject* g = gen_self(vm, a, "__next__");
  if (!g) return Value();
  if (a.nargs != 1) return vm.raisef(Exc::TypeError, "expected 0 arguments, got %zu", a.nargs - 1);
  Value r = generator_send(vm, g, Value::none());
  // Exhaustion without an exception pending means StopIteration to Python.
  if (!r && !vm.has_exception()) vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  return r;
}

Value gen_iter(VM& vm, const CallArgs& a, const Value&) {
  GeneratorObject* g = gen_self(vm, a, "__iter__");
  if (!g) return Value();
  return a.args[0];
}

Value gen_send(VM& vm, const CallArgs& a, const Value&) {
  GeneratorObject* g = gen_self(vm, a, "send");
  if (!g) return Value();
  if (a.nargs != 2 || a.nkw()) {
    return vm.raisef(Exc::TypeError, "generator.send() takes exactly one argument (%zu given)", a.nargs - 1);
  }
  Value r = generator_send(vm, g, a.args[1]);
  if (!r && !vm.has_exception()) vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  return r;
}

Value gen_throw(VM& vm, const CallArgs& a, const Value&) {
  GeneratorObject* g = gen_self(vm, a, "throw");
  if (!g) return Value();
  if (a.nargs < 2 || a.nargs > 4 || a.nkw()) {
    return vm.raisef(Exc::TypeError, "throw expected at least 1 argument, got %zu", a.nargs - 1);
  }
  const Value& typ = a.args[1];
  Value exc;
  if (is_kind(typ, ObjKind::Type) && is_subtype(typ.as<TypeObject>(), vm.exc_type(Exc::BaseException))) {
    if (a.nargs >= 3 && !a.args[2].is_none()) {
      if (is_kind(a.args[2], ObjKind::Exception) && isinstance(vm, a.args[2], typ.as<TypeObject>())) {
        exc = a.args[2];
      } else {
        exc = vm.call1(typ, a.args[2]);
      }
    } else {
      exc = vm.call0(typ);
    }
    if (!exc) return exc;
  } else if (is_kind(typ, ObjKind::Exception)) {
    if (a.nargs >= 3 && !a.args[2].is_none()) {
      return vm.raise(Exc::TypeError, "instance exception may not have a separate value");
    }
    exc = typ;
  } else {
    return vm.raisef(Exc::TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
                     type_name(vm, typ));
  }
  Value r = generator_throw(vm, g, exc);
  if (!r && !vm.has_exception()) vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  return r;
}

Value gen_close(VM& vm, const CallArgs& a, const Value&) {
  GeneratorObject* g = gen_self(vm, a, "close");
  if (!g) return Value();
  if (a.nargs != 1) return vm.raisef(Exc::TypeError, "generator.close() takes no arguments (%zu given)", a.nargs - 1);
  return generator_close(vm, g);
}

Value function_get(VM& vm, const CallArgs& a, const Value&) {
  // function.__get__(obj, type=None)
  if (a.nargs < 2 || a.nargs > 3) return vm.raise(Exc::TypeError, "__get__(None, None) is invalid");
  if (a.args[1].is_none()) return a.args[0];
  return make_bound_method(vm, a.args[0], a.args[1]);
}
}  // namespace

// ================================================================ slot tables

const KindSlots function_slots = [] {
  KindSlots s;
  s.repr = function_repr;
  s.hash = identity_hash;
  s.getattr = function_getattr;
  s.setattr = function_setattr;
  return s;
}();

const KindSlots native_slots = [] {
  KindSlots s;
  s.repr = native_repr;
  s.hash = identity_hash;
  s.getattr = native_getattr;
  return s;
}();

const KindSlots boundmethod_slots = [] {
  KindSlots s;
  s.repr = boundmethod_repr;
  s.hash = boundmethod_hash;
  s.richcompare = boundmethod_compare;
  s.getattr = boundmethod_getattr;
  s.setattr = boundmethod_setattr;
  return s;
}();

const KindSlots cell_slots = [] {
  KindSlots s;
  s.repr = cell_repr;
  s.hash = identity_hash;
  s.getattr = cell_getattr;
  s.setattr = cell_setattr;
  return s;
}();

const KindSlots module_slots = [] {
  KindSlots s;
  s.repr = module_repr;
  s.hash = identity_hash;
  s.getattr = module_getattr;
  s.setattr = module_setattr;
  return s;
}();

const KindSlots generator_slots = [] {
  KindSlots s;
  s.repr = generator_repr;
  s.hash = identity_hash;
  s.iter = generator_iter;
  s.getattr = generator_getattr;
  return s;
}();

const KindSlots code_slots = [] {
  KindSlots s;
  s.repr = code_repr;
  s.hash = identity_hash;
  s.getattr = code_getattr;
  return s;
}();

void init_callable_types(VM& vm) {
  TypeObject* g = vm.types.generator;
  vm.add_method(g, "__next__", gen_next);
  vm.add_method(g, "__iter__", gen_iter);
  vm.add_method(g, "send", gen_send);
  vm.add_method(g, "throw", gen_throw);
  vm.add_method(g, "close", gen_close);
  vm.add_method(vm.types.function, "__get__", function_get);
}

}  // namespace kiln::vm
