// vm/interpreter.cpp — the bytecode interpreter: one dispatch loop for every
// CodeObject, frames, argument binding, generators and exception unwinding.
//
// Dispatch: computed goto (GCC/Clang labels-as-values) with a `switch`
// fallback behind the same TARGET/DISPATCH macros (define
// KILN_SWITCH_DISPATCH to get the switch). Each opcode has its fast path
// inline (small ints, floats, lists, inline-cached attribute and global
// lookups) and calls the generic protocol in vm/ops.h otherwise.
//
// Errors are values: an operation that fails leaves the exception pending in
// the VM and the loop jumps to `error`, which records the traceback entry,
// consults the code's exception table for a handler, unwinds the value stack
// to the handler's depth and continues there, or returns Empty to the caller.
//
// The value stack: slots [0, nlocals+ncells) are live Values; the operand
// stack above them holds live Values below `sp` and dead bits above it
// (PUSH uses Value::init_raw; POP moves the bits out), so pushing never
// releases anything.
#include "vm/interpreter.h"

#include <pthread.h>
#include <sys/mman.h>

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "vm/attr_cache.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/container_support.h"
#include "vm/dict.h"
#include "vm/frame.h"
#include "vm/iterators.h"
#include "vm/list.h"
#include "vm/numbers.h"
#include "vm/ops.h"
#include "vm/set.h"
#include "vm/slice.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {

// ------------------------------------------------------------------ stack space
constexpr size_t kValueStackBytes = size_t(256) << 20;  // reserved, touched on demand

struct ValueStackRegion {
  void* base = nullptr;
  size_t bytes = 0;
  ~ValueStackRegion() {
    if (base) munmap(base, bytes);
  }
};

bool ensure_value_stack(VM& vm) {
  if (vm.stack_top) return true;
  auto region = std::make_shared<ValueStackRegion>();
  void* p = mmap(nullptr, kValueStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    vm.raise(Exc::MemoryError, "cannot reserve the interpreter's value stack");
    return false;
  }
  region->base = p;
  region->bytes = kValueStackBytes;
  vm.extension_state["kiln.interpreter.stack"] = region;
  vm.stack_top = static_cast<Value*>(p);
  vm.stack_limit = vm.stack_top + kValueStackBytes / sizeof(Value);
  return true;
}

// The native stack bound: leave 256 KiB of headroom for natives and the
// error path below the thread's real limit.
void ensure_native_limit(VM& vm) {
  if (vm.native_stack_limit) return;
  pthread_attr_t attr;
  void* addr = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
  }
  if (addr && size > (size_t(512) << 10)) {
    vm.native_stack_limit = static_cast<char*>(addr) + (size_t(256) << 10);
  } else {
    char here;
    vm.native_stack_limit = &here - (size_t(4) << 20);
  }
}

inline bool native_stack_exhausted(VM& vm) {
  char here;
  return &here < vm.native_stack_limit;
}

// ------------------------------------------------------------------ helpers
inline StrObject* name_at(const CodeObject* co, uint32_t i) { return co->names[i].as<StrObject>(); }

Value raise_recursion(VM& vm) {
  return vm.raise(Exc::RecursionError, "maximum recursion depth exceeded");
}

std::string fn_qualname(FunctionObject* fn) {
  return std::string(str_view(fn->qualname));
}

std::string join_names(const std::vector<std::string>& names) {
  // 'a' / 'a' and 'b' / 'a', 'b', and 'c'  (CPython's format)
  std::string out;
  for (size_t i = 0; i < names.size(); i++) {
    if (i > 0) {
      if (names.size() == 2) out += " and ";
      else if (i + 1 == names.size()) out += ", and ";
      else out += ", ";
    }
    out += "'" + names[i] + "'";
  }
  return out;
}

// Binds a call's arguments into a fresh frame's local slots with CPython's
// rules and error messages. Slots must be Empty on entry.
bool bind_arguments(VM& vm, FunctionObject* fn, CodeObject* co, const CallArgs& a, Value* locals) {
  const size_t argcount = size_t(co->argcount);
  const size_t kwonly = size_t(co->kwonlyargcount);
  const bool has_varargs = co->flags & kCodeVarargs;
  const bool has_varkw = co->flags & kCodeVarkeywords;
  const size_t npos = a.nargs;
  size_t ncopy = npos < argcount ? npos : argcount;
  for (size_t i = 0; i < ncopy; i++) locals[i] = a.args[i];
  size_t slot = argcount + kwonly;
  if (has_varargs) {
    size_t extra = npos > argcount ? npos - argcount : 0;
    Value t = tuple_new(vm, extra);
    for (size_t i = 0; i < extra; i++) t.as<TupleObject>()->items[i] = a.args[argcount + i];
    locals[slot++] = std::move(t);
  } else if (npos > argcount) {
    size_t ndef = fn->defaults.is_object() ? fn->defaults.as<TupleObject>()->size : 0;
    size_t kwgiven = 0;
    for (size_t k = 0; k < a.nkw(); k++) {
      std::string_view kn = str_view(a.kwnames->items[k]);
      for (size_t j = argcount; j < argcount + kwonly; j++)
        if (str_view(co->varnames[j]) == kn) kwgiven++;
    }
    std::string takes;
    if (ndef > 0) takes = "from " + std::to_string(argcount - ndef) + " to " + std::to_string(argcount);
    else takes = std::to_string(argcount);
    std::string msg = fn_qualname(fn) + "() takes " + takes + " positional argument" +
                      (argcount == 1 && ndef == 0 ? "" : "s") + " but " + std::to_string(npos);
    if (kwgiven) {
      msg += " positional argument" + std::string(npos == 1 ? "" : "s") + " (and " + std::to_string(kwgiven) +
             " keyword-only argument" + (kwgiven == 1 ? "" : "s") + ") were given";
    } else {
      msg += npos == 1 ? " was given" : " were given";
    }
    vm.raise(Exc::TypeError, msg);
    return false;
  }
  Value kwdict;
  if (has_varkw) {
    kwdict = dict_new(vm);
    locals[slot] = kwdict;
  }
  // Keyword arguments.
  for (size_t k = 0; k < a.nkw(); k++) {
    const Value& kname = a.kwnames->items[k];
    const Value& kval = a.kwvalue(k);
    StrObject* ks = kname.as<StrObject>();
    size_t found = SIZE_MAX;
    for (size_t j = size_t(co->posonlyargcount); j < argcount + kwonly; j++) {
      if (co->varnames[j].is(kname) || str_view(co->varnames[j]) == ks->view()) {
        found = j;
        break;
      }
    }
    if (found == SIZE_MAX) {
      if (has_varkw) {
        if (!dict_setitem(vm, kwdict.as<DictObject>(), kname, kval)) return false;
        continue;
      }
      for (size_t j = 0; j < size_t(co->posonlyargcount); j++) {
        if (str_view(co->varnames[j]) == ks->view()) {
          vm.raise(Exc::TypeError, fn_qualname(fn) +
                                       "() got some positional-only arguments passed as keyword arguments: '" +
                                       std::string(ks->view()) + "'");
          return false;
        }
      }
      vm.raise(Exc::TypeError,
               fn_qualname(fn) + "() got an unexpected keyword argument '" + std::string(ks->view()) + "'");
      return false;
    }
    if (!locals[found].is_empty()) {
      vm.raise(Exc::TypeError,
               fn_qualname(fn) + "() got multiple values for argument '" + std::string(ks->view()) + "'");
      return false;
    }
    locals[found] = kval;
  }
  // Defaults for missing positionals.
  if (npos < argcount) {
    size_t ndef = fn->defaults.is_object() ? fn->defaults.as<TupleObject>()->size : 0;
    size_t first_def = argcount - ndef;
    std::vector<std::string> missing;
    for (size_t i = npos; i < argcount; i++) {
      if (!locals[i].is_empty()) continue;
      if (i >= first_def) locals[i] = fn->defaults.as<TupleObject>()->items[i - first_def];
      else missing.push_back(std::string(str_view(co->varnames[i])));
    }
    if (!missing.empty()) {
      vm.raise(Exc::TypeError, fn_qualname(fn) + "() missing " + std::to_string(missing.size()) +
                                   " required positional argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                   join_names(missing));
      return false;
    }
  }
  if (kwonly) {
    std::vector<std::string> missing;
    for (size_t j = argcount; j < argcount + kwonly; j++) {
      if (!locals[j].is_empty()) continue;
      Value d;
      if (fn->kwdefaults.is_object()) d = dict_get_str(fn->kwdefaults.as<DictObject>(), co->varnames[j].as<StrObject>());
      if (d) locals[j] = d;
      else missing.push_back(std::string(str_view(co->varnames[j])));
    }
    if (!missing.empty()) {
      vm.raise(Exc::TypeError, fn_qualname(fn) + "() missing " + std::to_string(missing.size()) +
                                   " required keyword-only argument" + (missing.size() == 1 ? "" : "s") + ": " +
                                   join_names(missing));
      return false;
    }
  }
  return true;
}

// Creates the cells of a new frame: its own cellvars (from parameters where
// cell2arg says so) and the closure's cells for its freevars.
void setup_cells(VM& vm, FunctionObject* fn, CodeObject* co, Value* slots) {
  Value* cells = slots + co->nlocals;
  size_t ncell = co->cellvars.size();
  for (size_t i = 0; i < ncell; i++) {
    CellObject* c = object_new<CellObject>(vm, ObjKind::Cell, vm.types.cell);
    int32_t arg = co->cell2arg[i];
    if (arg >= 0) c->contents = slots[arg];
    cells[i] = Value::steal(c);
  }
  if (fn && fn->closure.is_object()) {
    auto* cl = fn->closure.as<TupleObject>();
    for (size_t i = 0; i < co->freevars.size() && i < cl->size; i++) cells[ncell + i] = cl->items[i];
  }
}

void add_traceback(VM& vm, Frame* f, uint32_t pc) {
  const Value& exc = vm.pending_exception();
  if (!is_kind(exc, ObjKind::Exception)) return;
  int line = f->code->line_of(pc);
  // Line -1: an instruction of tracer-generated code whose frame is not the
  // user's (the call of a resume function, whose own frame shows the line).
  if (line < 0) return;
  auto* e = exc.as<ExceptionObject>();
  if (!e->traceback.is_object()) e->traceback = list_new(vm, 0);
  Value entry = tuple_new(vm, 3);
  auto* t = entry.as<TupleObject>();
  t->items[0] = f->code->filename;
  t->items[1] = Value::small_int(line);
  t->items[2] = f->code->name;
  auto& items = e->traceback.as<ListObject>()->items;
  items.insert(items.begin(), std::move(entry));
}

// __context__: an exception raised while another is being handled.
void set_context(VM& vm) {
  if (vm.handled_exception.is_empty() || vm.handled_exception.is_none()) return;
  const Value& exc = vm.pending_exception();
  if (!is_kind(exc, ObjKind::Exception) || exc.is(vm.handled_exception)) return;
  auto* e = exc.as<ExceptionObject>();
  if (!e->context.is_empty() && !e->context.is_none()) return;
  // Avoid creating a cycle in the context chain.
  Value o = vm.handled_exception;
  for (int guard = 0; guard < 1000 && is_kind(o, ObjKind::Exception); guard++) {
    if (o.is(exc)) return;
    Value next = o.as<ExceptionObject>()->context;
    o = next;
  }
  e->context = vm.handled_exception;
}

const ExcEntry* find_handler(const CodeObject* co, uint32_t pc) {
  const ExcEntry* best = nullptr;
  for (auto& e : co->exc_table) {
    if (pc >= e.start && pc < e.end) {
      if (!best || (e.end - e.start) < (best->end - best->start)) best = &e;
    }
  }
  return best;
}

Value make_function(VM& vm, Frame* f, Value code, uint32_t flags, Value* sp_args) {
  auto* co = code.as<CodeObject>();
  FunctionObject* fn = object_new<FunctionObject>(vm, ObjKind::Function, vm.types.function);
  Value result = Value::steal(fn);
  fn->code = code;
  fn->globals = Value::borrow(f->globals);
  fn->name = co->name;
  fn->qualname = co->qualname;
  fn->defaults = Value::none();
  fn->kwdefaults = Value::none();
  fn->closure = Value::none();
  fn->doc = Value::none();
  int i = 0;
  if (flags & 1) fn->defaults = std::move(sp_args[i++]);
  if (flags & 2) fn->kwdefaults = std::move(sp_args[i++]);
  if (flags & 8) fn->closure = std::move(sp_args[i++]);
  if (!co->consts.empty() && is_str(co->consts[0]) && !(co->flags & (kCodeModule | kCodeClassBody)) &&
      !(co->flags & kCodeComprehension) && str_view(co->name) != "<lambda>") {
    // A docstring is consts[0] only when the compiler put it there; a
    // leading None marks "no docstring".
    fn->doc = co->consts[0];
  }
  Value modname = dict_get_str(f->globals, vm.names.__name__);
  fn->module = modname ? modname : Value::none();
  return result;
}

Value builtin_build_class(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 2 || !is_kind(a.args[0], ObjKind::Function) || !is_str(a.args[1])) {
    return vm.raise(Exc::TypeError, "__build_class__: expected a function and a class name");
  }
  return build_class(vm, a.args[0].as<FunctionObject>(), a.args[1], a.args + 2, a.nargs - 2, a.kwnames,
                     a.args + a.nargs);
}

Value get_build_class(VM& vm) {
  if (!vm.build_class_fn) {
    NativeObject* n = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
    n->fn = builtin_build_class;
    n->name = "__build_class__";
    n->data = Value::none();
    n->owner = Value::none();
    vm.build_class_fn = Value::steal(n);
  }
  return vm.build_class_fn;
}

// Calls `callable` with the vectorcall convention, with a fast path for
// natives (no extra indirection through VM::call).
[[gnu::always_inline]] inline Value call_any(VM& vm, const Value& callable, const Value* args, size_t nargs, const TupleObject* kw) {
  if (callable.is_object()) {
    Object* o = callable.as_object();
    if (o->kind == ObjKind::Function) return call_function(vm, static_cast<FunctionObject*>(o), CallArgs{args, nargs, kw});
    if (o->kind == ObjKind::Native) {
      auto* n = static_cast<NativeObject*>(o);
      return n->fn(vm, CallArgs{args, nargs, kw}, n->data);
    }
  }
  return vm.call(callable, args, nargs, kw);
}

bool unpack_iterable(VM& vm, const Value& seq, size_t before, size_t after, bool has_star, Value* out_top) {
  // Fills out_top[0 .. before+after+has_star) in *stack order* (last target
  // first), as UNPACK_SEQUENCE leaves the first item on top.
  Value list = sequence_to_list(vm, seq);
  if (!list) {
    if (vm.exception_matches(Exc::TypeError) && !is_kind(seq, ObjKind::List) && !is_kind(seq, ObjKind::Tuple)) {
      // CPython: "cannot unpack non-iterable int object"
      Value it = get_iter(vm, seq);
      if (!it) {
        vm.clear_exception();
        vm.raise(Exc::TypeError, std::string("cannot unpack non-iterable ") + type_name(vm, seq) + " object");
      }
    }
    return false;
  }
  auto& items = list.as<ListObject>()->items;
  size_t n = items.size();
  if (!has_star) {
    if (n != before) {
      if (n < before)
        vm.raisef(Exc::ValueError, "not enough values to unpack (expected %zu, got %zu)", before, n);
      else
        vm.raisef(Exc::ValueError, "too many values to unpack (expected %zu)", before);
      return false;
    }
    for (size_t i = 0; i < n; i++) out_top[n - 1 - i] = items[i];
    return true;
  }
  if (n < before + after) {
    vm.raisef(Exc::ValueError, "not enough values to unpack (expected at least %zu, got %zu)", before + after, n);
    return false;
  }
  size_t total = before + 1 + after;
  size_t k = 0;
  for (size_t i = 0; i < before; i++) out_top[total - 1 - k++] = items[i];
  Value mid = list_new(vm, 0);
  auto& mv = mid.as<ListObject>()->items;
  for (size_t i = before; i < n - after; i++) mv.push_back(items[i]);
  out_top[total - 1 - k++] = std::move(mid);
  for (size_t i = n - after; i < n; i++) out_top[total - 1 - k++] = items[i];
  return true;
}

// Exception matching for `except T:` (T a class or a tuple of classes).
int exc_matches(VM& vm, const Value& exc, const Value& type) {
  if (is_kind(type, ObjKind::Tuple)) {
    for (auto& t : *type.as<TupleObject>()) {
      int r = exc_matches(vm, exc, t);
      if (r) return r;
    }
    return 0;
  }
  if (!is_kind(type, ObjKind::Type) || !is_subtype(type.as<TypeObject>(), vm.exc_type(Exc::BaseException))) {
    vm.raise(Exc::TypeError, "catching classes that do not inherit from BaseException is not allowed");
    return -1;
  }
  return isinstance(vm, exc, type.as<TypeObject>()) ? 1 : 0;
}

// CPython's _PyObject_FunctionStr: "mod.qualname()" (or "qualname()" for
// builtins), used in the messages of f(*x) / f(**x) errors.
std::string function_str(VM& vm, const Value& f) {
  Value qn = getattr_opt(vm, f, vm.names.__qualname__);
  vm.clear_exception();
  if (!qn || !is_str(qn)) {
    Value r = str(vm, f);
    vm.clear_exception();
    return r ? std::string(str_view(r)) : std::string("object");
  }
  Value mod = getattr_opt(vm, f, vm.names.__module__);
  vm.clear_exception();
  std::string out;
  if (mod && is_str(mod) && str_view(mod) != "builtins") out = std::string(str_view(mod)) + ".";
  return out + std::string(str_view(qn)) + "()";
}

bool has_iter_method(VM& vm, const Value& v) {
  TypeObject* t = type_of(vm, v);
  return type_lookup(t, vm.names.__iter__).is_object() || type_lookup(t, vm.names.__getitem__).is_object();
}

Value do_raise(VM& vm, Value exc, Value cause) {
  if (is_kind(exc, ObjKind::Type)) {
    auto* t = exc.as<TypeObject>();
    if (!is_subtype(t, vm.exc_type(Exc::BaseException)))
      return vm.raise(Exc::TypeError, "exceptions must derive from BaseException");
    exc = vm.call0(exc);
    if (!exc) return Value();
    if (!is_kind(exc, ObjKind::Exception)) {
      return vm.raisef(Exc::TypeError,
                       "calling %s should have returned an instance of BaseException, not %s",
                       type_display_name(t).c_str(), type_name(vm, exc));
    }
  } else if (!is_kind(exc, ObjKind::Exception)) {
    return vm.raise(Exc::TypeError, "exceptions must derive from BaseException");
  }
  if (cause) {
    auto* e = exc.as<ExceptionObject>();
    if (cause.is_none()) {
      e->cause = Value::none();
    } else if (is_kind(cause, ObjKind::Type) && is_subtype(cause.as<TypeObject>(), vm.exc_type(Exc::BaseException))) {
      Value c = vm.call0(cause);
      if (!c) return Value();
      e->cause = c;
    } else if (is_kind(cause, ObjKind::Exception)) {
      e->cause = cause;
    } else {
      return vm.raise(Exc::TypeError, "exception causes must derive from BaseException");
    }
    e->suppress_context = true;
  }
  return vm.raise_value(exc);
}

Value format_value(VM& vm, Value v, uint32_t flags, const Value* spec) {
  uint32_t conv = flags & 3;
  if (conv == 1) v = str(vm, v);
  else if (conv == 2 || conv == 3) v = repr(vm, v);
  if (!v) return Value();
  if (conv == 3) v = make_str(vm, str_ascii_text(str_view(v)));
  if (spec) {
    if (!is_str(*spec)) return vm.raise(Exc::TypeError, "format spec must be a str");
    return format(vm, v, str_view(*spec));
  }
  if (is_str(v) && v.as<Object>()->type == vm.types.str) return v;
  return format(vm, v, "");
}

Value import_name(VM& vm, Frame* f, StrObject* name, const Value& fromlist, const Value& level) {
  int64_t lv = 0;
  int_value(level, &lv);
  if (lv > 0) {
    Value pkg = dict_get_str(f->globals, vm.intern("__package__").as<StrObject>());
    if (!pkg || !is_str(pkg) || str_view(pkg).empty()) {
      return vm.raise(Exc::ImportError, "attempted relative import with no known parent package");
    }
    // CPython's _resolve_name: each level beyond the first drops one
    // trailing component of the package.
    std::string full = std::string(str_view(pkg));
    for (int64_t k = 1; k < lv; ++k) {
      size_t dot = full.rfind('.');
      if (dot == std::string::npos)
        return vm.raise(Exc::ImportError, "attempted relative import beyond top-level package");
      full.resize(dot);
    }
    if (!name->view().empty()) full += "." + std::string(name->view());
    return vm.import_module(full);
  }
  Value mod = vm.import_module(name->view());
  if (!mod) return Value();
  // `import a.b` binds `a`: return the top-level package unless there is a fromlist.
  if (fromlist.is_none() || fromlist.is_empty()) {
    std::string_view n = name->view();
    size_t dot = n.find('.');
    if (dot != std::string_view::npos) return vm.import_module(n.substr(0, dot));
  }
  return mod;
}

Value import_from(VM& vm, const Value& mod, StrObject* name) {
  Value v = getattr_opt(vm, mod, name);
  if (v) return v;
  if (vm.has_exception()) return Value();
  // A submodule not yet imported: `from pkg import sub`.
  if (is_kind(mod, ObjKind::Module)) {
    Value modname = mod.as<ModuleObject>()->name;
    std::string full = std::string(str_view(modname)) + "." + std::string(name->view());
    Value sub = vm.import_module(full);
    if (sub) return sub;
    if (vm.exception_matches(Exc::ModuleNotFoundError)) {
      vm.clear_exception();
      Value file = getattr_opt(vm, mod, vm.names.__file__);
      vm.clear_exception();
      std::string where = file && is_str(file) ? " (" + std::string(str_view(file)) + ")" : " (unknown location)";
      return vm.raise(Exc::ImportError, "cannot import name '" + std::string(name->view()) + "' from '" +
                                            std::string(str_view(modname)) + "'" + where);
    }
    return Value();
  }
  return vm.raise(Exc::ImportError, "cannot import name '" + std::string(name->view()) + "'");
}

bool import_star(VM& vm, Frame* f, const Value& mod) {
  if (!is_kind(mod, ObjKind::Module)) {
    vm.raise(Exc::TypeError, "import * expects a module");
    return false;
  }
  auto* md = mod.as<ModuleObject>()->dict.as<DictObject>();
  Value all = dict_get_str(md, vm.names.__all__);
  DictObject* target = f->locals_dict.is_object() ? f->locals_dict.as<DictObject>() : f->globals;
  if (all) {
    Value names = sequence_to_list(vm, all);
    if (!names) return false;
    for (auto& n : names.as<ListObject>()->items) {
      if (!is_str(n)) continue;
      Value v = getattr(vm, mod, n.as<StrObject>());
      if (!v) return false;
      if (!dict_setitem(vm, target, n, v)) return false;
    }
    return true;
  }
  for (auto& e : md->entries) {
    if (e.key.is_empty() || !is_str(e.key)) continue;
    if (str_view(e.key).starts_with("_")) continue;
    if (!dict_setitem(vm, target, e.key, e.value)) return false;
  }
  return true;
}

// Sends `v` into the sub-iterator of a `yield from`. Returns the yielded
// value; Empty with no exception pending when the sub-iterator finished
// (its return value in *ret); Empty with an exception on error.
Value yield_from_send(VM& vm, const Value& sub, const Value& v, Value* ret) {
  Value r;
  if (is_kind(sub, ObjKind::Generator)) {
    r = generator_send(vm, sub.as<GeneratorObject>(), v);
  } else if (v.is_none()) {
    r = iter_next(vm, sub);
    if (!r && !vm.has_exception()) {
      *ret = Value::none();
      return Value();
    }
    return r;
  } else {
    Value sendname = vm.intern("send");
    r = vm.call_method(sub, sendname.as<StrObject>(), &v, 1);
  }
  if (!r && vm.exception_matches(Exc::StopIteration)) {
    Value exc = vm.take_exception();
    auto* e = exc.as<ExceptionObject>();
    if (e->args.is_object() && e->args.as<TupleObject>()->size > 0) *ret = e->args.as<TupleObject>()->items[0];
    else *ret = Value::none();
    return Value();
  }
  return r;
}

Value execute(VM& vm, Frame* f, bool throwing);

}  // namespace

// ==================================================================== generators
namespace {

struct GenFrame {
  Frame frame;
  Value func_ref;  // keeps the function (and so the code) alive
  Value* slots = nullptr;
  int nslots = 0;
  bool yielded = false;
};

GenFrame* gen_frame(GeneratorObject* g) { return reinterpret_cast<GenFrame*>(g->frame); }

Value make_generator(VM& vm, FunctionObject* fn, CodeObject* co, const CallArgs& a) {
  int nslots = co->nlocals + co->ncells() + co->stacksize;
  auto* gf = new GenFrame();
  gf->slots = static_cast<Value*>(vm_alloc(sizeof(Value) * size_t(nslots)));
  for (int i = 0; i < nslots; i++) new (&gf->slots[i]) Value();
  gf->nslots = nslots;
  gf->func_ref = Value::borrow(fn);
  Frame& f = gf->frame;
  f.code = co;
  f.func = fn;
  f.slots = gf->slots;
  f.globals = fn->globals.as<DictObject>();
  f.sp = f.stack_base();
  f.pc = 0;
  auto free_frame = [&]() {
    for (int i = 0; i < nslots; i++) gf->slots[i].~Value();
    vm_free(gf->slots);
    delete gf;
  };
  if (!bind_arguments(vm, fn, co, a, gf->slots)) {
    free_frame();
    return Value();
  }
  setup_cells(vm, fn, co, gf->slots);
  GeneratorObject* g = object_new<GeneratorObject>(vm, ObjKind::Generator, vm.types.generator);
  g->frame = &gf->frame;
  g->name = fn->name;
  g->qualname = fn->qualname;
  f.gen = g;
  return Value::steal(g);
}

Value resume_generator(VM& vm, GeneratorObject* g, const Value& sent, bool throwing) {
  if (g->running) {
    return vm.raise(Exc::ValueError, "generator already executing");
  }
  if (g->finished || !g->frame) {
    if (throwing) return Value();  // exception already pending
    return vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  }
  GenFrame* gf = gen_frame(g);
  Frame* f = &gf->frame;
  if (f->pc == 0 && !gf->yielded) {
    if (!throwing && !sent.is_none()) {
      return vm.raise(Exc::TypeError, "can't send non-None value to a just-started generator");
    }
  } else if (!throwing) {
    (f->sp++)->init_raw(Value(sent).release_bits());
  }
  Value keep = Value::borrow(g);
  g->running = true;
  gf->yielded = false;
  Value r = execute(vm, f, throwing);
  g->running = false;
  if (gf->yielded) return r;
  g->finished = true;
  if (!r) {
    if (vm.exception_matches(Exc::StopIteration)) {
      Value old = vm.take_exception();
      vm.raise(Exc::RuntimeError, "generator raised StopIteration");
      auto* e = vm.pending_exception().as<ExceptionObject>();
      e->cause = old;
      e->context = old;
      e->suppress_context = true;
    }
    generator_free_frame(g);
    return Value();
  }
  generator_free_frame(g);
  // Return value: StopIteration(value).
  Value stop;
  if (r.is_none()) {
    stop = vm.call0(Value::borrow(vm.exc_type(Exc::StopIteration)));
  } else {
    stop = vm.call1(Value::borrow(vm.exc_type(Exc::StopIteration)), r);
  }
  if (!stop) return Value();
  return vm.raise_value(stop);
}

}  // namespace

Value generator_send(VM& vm, GeneratorObject* gen, const Value& sent) { return resume_generator(vm, gen, sent, false); }

Value generator_throw(VM& vm, GeneratorObject* gen, const Value& exc) {
  if (gen->running) return vm.raise(Exc::ValueError, "generator already executing");
  // Delegate to a generator we are `yield from`-ing.
  if (gen->frame && !gen->finished) {
    GenFrame* gf = gen_frame(gen);
    Frame* f = &gf->frame;
    if (gf->frame.pc > 0 && decode_op(f->code->code[f->pc]) == Op::YIELD_FROM && f->sp > f->stack_base()) {
      Value sub = f->sp[-1];
      if (is_kind(sub, ObjKind::Generator)) {
        gen->running = true;
        Value r = generator_throw(vm, sub.as<GeneratorObject>(), exc);
        gen->running = false;
        if (r) return r;  // the sub-generator yielded
        if (vm.exception_matches(Exc::StopIteration)) {
          // Sub-generator returned: continue after the YIELD_FROM with its value.
          Value stop = vm.take_exception();
          auto* e = stop.as<ExceptionObject>();
          Value val = e->args.is_object() && e->args.as<TupleObject>()->size ? e->args.as<TupleObject>()->items[0]
                                                                             : Value::none();
          Value popped = Value::from_raw_bits((--f->sp)->bits());
          f->pc++;
          return resume_generator(vm, gen, val, false);
        }
        // Propagate the sub-generator's exception at our suspension point.
        if (!gen->finished) {
          Value popped = Value::from_raw_bits((--f->sp)->bits());
          f->pc++;
          return resume_generator(vm, gen, Value::none(), true);
        }
        return Value();
      }
    }
  }
  Value e = exc;
  if (is_kind(e, ObjKind::Type)) {
    e = vm.call0(exc);
    if (!e) return Value();
  }
  if (!is_kind(e, ObjKind::Exception)) return vm.raise(Exc::TypeError, "exceptions must derive from BaseException");
  vm.raise_value(e);
  if (!gen->frame || gen->finished) return Value();
  GenFrame* gf = gen_frame(gen);
  if (gf->frame.pc == 0 && !gf->yielded) {
    // Not started: the exception is raised "at the def line" and ends the generator.
    gen->finished = true;
    generator_free_frame(gen);
    return Value();
  }
  return resume_generator(vm, gen, Value::none(), true);
}

Value generator_close(VM& vm, GeneratorObject* gen) {
  if (!gen->frame || gen->finished) {
    gen->finished = true;
    return Value::none();
  }
  GenFrame* gf = gen_frame(gen);
  if (gf->frame.pc == 0) {
    gen->finished = true;
    generator_free_frame(gen);
    return Value::none();
  }
  Value r = generator_throw(vm, gen, Value::borrow(vm.exc_type(Exc::GeneratorExit)));
  if (r) return vm.raise(Exc::RuntimeError, "generator ignored GeneratorExit");
  if (vm.exception_matches(Exc::GeneratorExit) || vm.exception_matches(Exc::StopIteration)) {
    vm.clear_exception();
    return Value::none();
  }
  return Value();
}

bool generator_close_on_drop(GeneratorObject* gen) {
  if (!gen->frame || gen->finished || gen->running) return false;
  VM* vm = gen->type ? gen->type->vm : nullptr;
  if (!vm || vm->gc_collecting || vm->finalizing) return false;
  GenFrame* gf = gen_frame(gen);
  const Frame& f = gf->frame;
  if (f.pc == 0 && !gf->yielded) return false;  // not started: nothing to unwind
  if (!find_handler(f.code, f.pc > 0 ? f.pc - 1 : 0) && !find_handler(f.code, f.pc)) return false;
  gen->refcount = 1;  // alive again while its frame unwinds
  Value gen_ref = Value::steal(gen);
  Value pending = vm->take_exception();
  Value handled = vm->handled_exception;
  if (!generator_close(*vm, gen)) {
    Value exc = vm->take_exception();
    Value r = repr(*vm, gen_ref);
    Value s = exc ? str(*vm, exc) : Value();
    vm->clear_exception();
    std::string text = fmt::format("Exception ignored in: {}\n{}{}{}\n", r ? str_view(r) : "<generator>",
                                   exc ? type_name(*vm, exc) : "Exception", s && str_view(s).size() ? ": " : "",
                                   s ? str_view(s) : "");
    std::fwrite(text.data(), 1, text.size(), stderr);
  }
  vm->handled_exception = handled;
  if (pending) vm->raise_value(pending);
  gen->finished = true;  // closed or not (it may have yielded again), it is not closed twice
  return true;           // gen_ref's release destroys it
}

void generator_free_frame(GeneratorObject* gen) {
  if (!gen->frame) return;
  GenFrame* gf = gen_frame(gen);
  gen->frame = nullptr;
  // Live values: locals and cells, plus the operand stack below sp.
  Frame& f = gf->frame;
  Value* live_end = f.sp ? f.sp : f.stack_base();
  Value* base = f.stack_base();
  for (Value* p = gf->slots; p < base; p++) p->~Value();
  for (Value* p = base; p < live_end; p++) p->~Value();
  vm_free(gf->slots);
  delete gf;
}

void generator_traverse(GeneratorObject* gen, VisitFn visit, void* ctx) {
  if (!gen->frame) return;
  GenFrame* gf = gen_frame(gen);
  Frame& f = gf->frame;
  Value* base = f.stack_base();
  for (Value* p = gf->slots; p < base; p++) visit(*p, ctx);
  // While the generator runs, its operand stack lives in the interpreter's
  // registers and f.sp is stale (values pushed or popped since it last
  // stopped): what is on it is reached from the running frame, which the
  // collector treats as a root, so it is not visited.
  if (!gen->running)
    for (Value* p = base; p < f.sp; p++) visit(*p, ctx);
  visit(gf->func_ref, ctx);
  visit(f.locals_dict, ctx);
}

// ==================================================================== calls
namespace {

// Fills the locals and cells of a fresh frame (uninitialised `slots`) from a
// call's arguments. When they bind one to one and `movable` is given (the
// same array as a.args), they are moved out of it (left Empty) instead of
// copied. Returns false with the exception pending and the slots released.
inline bool fill_slots(VM& vm, FunctionObject* fn, CodeObject* co, const CallArgs& a, Value* slots, Value* movable) {
  int nlive = co->nlive_;
  if (a.nkw() == 0 && a.nargs == size_t(co->argcount) && !(co->flags & (kCodeVarargs | kCodeVarkeywords)) &&
      co->kwonlyargcount == 0) {
    for (size_t i = 0; i < a.nargs; i++)
      slots[i].init_raw(movable ? movable[i].release_bits() : Value(a.args[i]).release_bits());
    for (int i = int(a.nargs); i < nlive; i++) slots[i].init_raw(Value().bits());
  } else {
    for (int i = 0; i < nlive; i++) slots[i].init_raw(Value().bits());
    if (!bind_arguments(vm, fn, co, a, slots)) {
      for (int i = 0; i < nlive; i++) slots[i].~Value();
      return false;
    }
  }
  if (co->ncells()) setup_cells(vm, fn, co, slots);
  return true;
}

// The tracer's choice of code for a frame of `co` whose arguments are bound
// into `slots` (VM::jit_enter): `co`, or compiled code with the same locals
// and cells. On failure (null, exception pending) the locals are released.
// The caller reserved co->nslots_ slots; more are taken here if needed.
[[gnu::noinline]] CodeObject* jit_select(VM& vm, FunctionObject* fn, CodeObject* co, Value* slots) {
  if (!vm.jit_enter || vm.jit_disabled) return co;
  CodeObject* run = vm.jit_enter(vm, fn, co, slots);
  if (run && run->nslots_ > co->nslots_ && slots + run->nslots_ > vm.stack_limit) {
    raise_recursion(vm);
    run = nullptr;
  }
  if (!run)
    for (int i = 0; i < co->nlive_; i++) slots[i].~Value();
  return run;
}

// Runs `fn` with arguments already bound into `slots`.
inline Value run_frame(VM& vm, FunctionObject* fn, CodeObject* co, Value* slots) {
  Frame f;
  f.code = co;
  f.func = fn;
  f.slots = slots;
  f.globals = fn->globals.as<DictObject>();
  f.sp = f.stack_base();
  Value r = execute(vm, &f, false);
  // Release locals and cells (the operand stack is empty or already unwound).
  Value* base = f.stack_base();
  for (Value* p = slots; p < base; p++) p->~Value();
  return r;
}

}  // namespace

Value call_function(VM& vm, FunctionObject* fn, const CallArgs& a) {
  CodeObject* co = fn->code.as<CodeObject>();
  if (co->flags & kCodeGenerator) return make_generator(vm, fn, co, a);
  if (!vm.stack_top && !ensure_value_stack(vm)) return Value();
  if (vm.call_depth >= vm.recursion_limit || native_stack_exhausted(vm)) return raise_recursion(vm);
  int nslots = co->nslots_;
  Value* slots = vm.stack_top;
  if (slots + nslots > vm.stack_limit) return raise_recursion(vm);
  vm.stack_top = slots + nslots;
  if (!fill_slots(vm, fn, co, a, slots, nullptr)) {
    vm.stack_top = slots;
    return Value();
  }
  if (co->flags & kCodeJitWatch) [[unlikely]] {
    co = jit_select(vm, fn, co, slots);
    if (!co) {
      vm.stack_top = slots;
      return Value();
    }
    vm.stack_top = slots + co->nslots_;
  }
  vm.call_depth++;
  Value r = run_frame(vm, fn, co, slots);
  vm.call_depth--;
  vm.stack_top = slots;
  return r;
}

Value run_module_code(VM& vm, CodeObject* code, const Value& globals) {
  if (!vm.stack_top && !ensure_value_stack(vm)) return Value();
  ensure_native_limit(vm);
  Value keep = Value::borrow(code);
  int nslots = code->nlocals + code->ncells() + code->stacksize;
  Value* slots = vm.stack_top;
  if (slots + nslots > vm.stack_limit) return raise_recursion(vm);
  for (int i = 0; i < code->nlocals + code->ncells(); i++) slots[i].init_raw(Value().bits());
  vm.stack_top = slots + nslots;
  Frame f;
  f.code = code;
  f.slots = slots;
  f.globals = globals.as<DictObject>();
  f.locals_dict = globals;
  f.sp = f.stack_base();
  // The builtins module is reachable from every module's globals.
  if (!dict_get_str(f.globals, vm.names.__builtins__)) {
    dict_setitem(vm, f.globals, Value::borrow(vm.names.__builtins__), vm.builtins_dict);
  }
  Value r = execute(vm, &f, false);
  for (Value* p = slots; p < f.stack_base(); p++) p->~Value();
  vm.stack_top = slots;
  return r;
}

Value run_class_body(VM& vm, FunctionObject* body, const Value& ns) {
  CodeObject* co = body->code.as<CodeObject>();
  if (!vm.stack_top && !ensure_value_stack(vm)) return Value();
  if (vm.call_depth >= vm.recursion_limit || native_stack_exhausted(vm)) return raise_recursion(vm);
  int nslots = co->nlocals + co->ncells() + co->stacksize;
  Value* slots = vm.stack_top;
  if (slots + nslots > vm.stack_limit) return raise_recursion(vm);
  for (int i = 0; i < co->nlocals + co->ncells(); i++) slots[i].init_raw(Value().bits());
  vm.stack_top = slots + nslots;
  setup_cells(vm, body, co, slots);
  Frame f;
  f.code = co;
  f.func = body;
  f.slots = slots;
  f.globals = body->globals.as<DictObject>();
  f.locals_dict = ns;
  f.sp = f.stack_base();
  vm.call_depth++;
  Value r = execute(vm, &f, false);
  vm.call_depth--;
  for (Value* p = slots; p < f.stack_base(); p++) p->~Value();
  vm.stack_top = slots;
  return r;
}

bool current_super_args(VM& vm, Value* type, Value* obj) {
  Frame* f = vm.current_frame;
  if (!f || !f->func) {
    vm.raise(Exc::RuntimeError, "super(): no arguments");
    return false;
  }
  CodeObject* co = f->code;
  if (co->argcount == 0 && !(co->flags & kCodeVarargs)) {
    vm.raise(Exc::RuntimeError, "super(): no arguments");
    return false;
  }
  Value first = f->slots[0];
  // The first argument may have been moved into a cell.
  for (size_t i = 0; i < co->cellvars.size(); i++) {
    if (co->cell2arg[i] == 0) first = f->cells()[i].as<CellObject>()->contents;
  }
  if (!first) {
    vm.raise(Exc::RuntimeError, "super(): arg[0] deleted");
    return false;
  }
  for (size_t i = 0; i < co->freevars.size(); i++) {
    if (str_view(co->freevars[i]) == "__class__") {
      Value cell = f->cells()[co->cellvars.size() + i];
      Value cls = cell.as<CellObject>()->contents;
      if (!cls || !is_kind(cls, ObjKind::Type)) {
        vm.raise(Exc::RuntimeError, "super(): empty __class__ cell");
        return false;
      }
      *type = cls;
      *obj = first;
      return true;
    }
  }
  vm.raise(Exc::RuntimeError, "super(): __class__ cell not found");
  return false;
}

Value current_globals(VM& vm) {
  if (!vm.current_frame) return vm.main_module ? vm.main_module.as<ModuleObject>()->dict : dict_new(vm);
  return Value::borrow(vm.current_frame->globals);
}

Value current_locals(VM& vm) {
  Frame* f = vm.current_frame;
  if (!f) return current_globals(vm);
  if (f->locals_dict.is_object()) return f->locals_dict;
  Value d = dict_new(vm);
  CodeObject* co = f->code;
  for (int i = 0; i < co->nlocals; i++) {
    if (f->slots[i].is_empty()) continue;
    bool is_cell = false;
    for (size_t c = 0; c < co->cellvars.size(); c++)
      if (co->cellvars[c].is(co->varnames[i])) is_cell = true;
    if (is_cell) continue;
    dict_setitem(vm, d.as<DictObject>(), co->varnames[i], f->slots[i]);
  }
  size_t ncell = co->cellvars.size();
  for (size_t c = 0; c < size_t(co->ncells()); c++) {
    Value name = c < ncell ? co->cellvars[c] : co->freevars[c - ncell];
    Value cell = f->cells()[c];
    if (!is_kind(cell, ObjKind::Cell)) continue;
    Value v = cell.as<CellObject>()->contents;
    if (v) dict_setitem(vm, d.as<DictObject>(), name, v);
  }
  return d;
}

Value exec_source(VM& vm, std::string_view source, const std::string& filename, const Value& globals) {
  Value code = compile_source(vm, source, filename, false);
  if (!code) return Value();
  return run_module_code(vm, code.as<CodeObject>(), globals);
}

// ==================================================================== the loop
namespace {

[[gnu::always_inline]] inline bool small_int_binop(BinOpKind op, int64_t a, int64_t b, int64_t* out) {
  switch (op) {
    case BinOpKind::Add: *out = a + b; return true;  // 48-bit operands cannot overflow int64
    case BinOpKind::Sub: *out = a - b; return true;
    case BinOpKind::Mult: return !__builtin_mul_overflow(a, b, out);
    case BinOpKind::FloorDiv: {
      if (b == 0) return false;
      int64_t q = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
      *out = q;
      return true;
    }
    case BinOpKind::Mod: {
      if (b == 0) return false;
      int64_t m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      *out = m;
      return true;
    }
    case BinOpKind::BitAnd: *out = a & b; return true;
    case BinOpKind::BitOr: *out = a | b; return true;
    case BinOpKind::BitXor: *out = a ^ b; return true;
    case BinOpKind::LShift:
      if (b < 0 || b >= 16) return false;  // generic path checks overflow / negative counts
      *out = a << b;
      return true;
    case BinOpKind::RShift:
      if (b < 0) return false;
      *out = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
      return true;
    default: return false;
  }
}

[[gnu::always_inline]] inline bool float_binop(BinOpKind op, double a, double b, double* out) {
  switch (op) {
    case BinOpKind::Add: *out = a + b; return true;
    case BinOpKind::Sub: *out = a - b; return true;
    case BinOpKind::Mult: *out = a * b; return true;
    case BinOpKind::Div:
      if (b == 0) return false;
      *out = a / b;
      return true;
    default: return false;
  }
}

// Fast numeric binary op; Empty means "take the generic path".
[[gnu::always_inline]] inline Value fast_binop(BinOpKind op, const Value& a, const Value& b) {
  if (a.is_small_int() && b.is_small_int()) {
    int64_t r;
    if (op == BinOpKind::Div) {
      int64_t y = b.as_small_int();
      if (y == 0) return Value();
      return Value::from_arith_double(double(a.as_small_int()) / double(y));
    }
    if (small_int_binop(op, a.as_small_int(), b.as_small_int(), &r) && Value::fits_small_int(r))
      return Value::small_int(r);
    return Value();
  }
  if (a.is_double()) {
    double x = a.as_double(), y, r;
    if (b.is_double()) y = b.as_double();
    else if (b.is_small_int()) y = double(b.as_small_int());
    else return Value();
    if (float_binop(op, x, y, &r)) return Value::from_arith_double(r);
    return Value();
  }
  if (a.is_small_int() && b.is_double()) {
    double r;
    if (float_binop(op, double(a.as_small_int()), b.as_double(), &r)) return Value::from_arith_double(r);
  }
  return Value();
}

// Fast comparison of two numbers; returns -1 for "take the generic path".
[[gnu::always_inline]] inline int fast_compare(CmpOpKind op, const Value& a, const Value& b) {
  if (a.is_small_int() && b.is_small_int()) {
    int64_t x = a.as_small_int(), y = b.as_small_int();
    switch (op) {
      case CmpOpKind::Lt: return x < y;
      case CmpOpKind::LtE: return x <= y;
      case CmpOpKind::Eq: return x == y;
      case CmpOpKind::NotEq: return x != y;
      case CmpOpKind::Gt: return x > y;
      case CmpOpKind::GtE: return x >= y;
      default: return -1;
    }
  }
  if (a.is_double() && b.is_double()) {
    double x = a.as_double(), y = b.as_double();
    switch (op) {
      case CmpOpKind::Lt: return x < y;
      case CmpOpKind::LtE: return x <= y;
      case CmpOpKind::Eq: return x == y;
      case CmpOpKind::NotEq: return x != y;
      case CmpOpKind::Gt: return x > y;
      case CmpOpKind::GtE: return x >= y;
      default: return -1;
    }
  }
  return -1;
}

// Fast comparison of two exact strs (subclasses may override the
// operators); -1 for "take the generic path".
[[gnu::always_inline]] inline int fast_compare_str(VM& vm, CmpOpKind op, const Value& a, const Value& b) {
  if (!is_kind(a, ObjKind::Str) || !is_kind(b, ObjKind::Str)) return -1;
  auto* x = a.as<StrObject>();
  auto* y = b.as<StrObject>();
  if (x->type != vm.types.str || y->type != vm.types.str) return -1;
  switch (op) {
    case CmpOpKind::Eq: return str_eq(x, y);
    case CmpOpKind::NotEq: return !str_eq(x, y);
    case CmpOpKind::Lt: return str_compare(x->view(), y->view()) < 0;
    case CmpOpKind::LtE: return str_compare(x->view(), y->view()) <= 0;
    case CmpOpKind::Gt: return str_compare(x->view(), y->view()) > 0;
    case CmpOpKind::GtE: return str_compare(x->view(), y->view()) >= 0;
    default: return -1;
  }
}

// seq[key] for an exact list or tuple and an int index in range: the item,
// else null (the generic path decides, errors included).
[[gnu::always_inline]] inline const Value* fast_item(VM& vm, const Value& seq, const Value& key) {
  if (!key.is_small_int() || !seq.is_object()) return nullptr;
  Object* o = seq.as_object();
  int64_t i = key.as_small_int();
  if (o->kind == ObjKind::List && o->type == vm.types.list) {
    auto& items = static_cast<ListObject*>(o)->items;
    int64_t n = int64_t(items.size());
    if (i < 0) i += n;
    return i >= 0 && i < n ? &items[size_t(i)] : nullptr;
  }
  if (o->kind == ObjKind::Tuple && o->type == vm.types.tuple) {
    auto* t = static_cast<TupleObject*>(o);
    int64_t n = int64_t(t->size);
    if (i < 0) i += n;
    return i >= 0 && i < n ? &t->items[i] : nullptr;
  }
  return nullptr;
}

// The slot seq[key] = ... writes for an exact list and an int index in
// range, else null.
[[gnu::always_inline]] inline Value* fast_list_slot(VM& vm, const Value& seq, const Value& key) {
  if (!key.is_small_int() || !is_kind(seq, ObjKind::List) || seq.as_object()->type != vm.types.list) return nullptr;
  auto& items = seq.as<ListObject>()->items;
  int64_t i = key.as_small_int(), n = int64_t(items.size());
  if (i < 0) i += n;
  return i >= 0 && i < n ? &items[size_t(i)] : nullptr;
}

// `v` if it is a dict of the exact builtin class (a subclass may override
// the item methods), else null.
[[gnu::always_inline]] inline DictObject* exact_dict(VM& vm, const Value& v) {
  return is_kind(v, ObjKind::Dict) && v.as_object()->type == vm.types.dict ? v.as<DictObject>() : nullptr;
}

// FOR_ITER's step: true with a new reference to the next item in *item, or
// false when the iterator is exhausted or raised (the exception pending).
// Ranges of small ints and lists inline; everything else out of line.
bool for_iter_next_slow(VM& vm, const Value& it, uint64_t* item) {
  Value next;
  if (is_kind(it, ObjKind::Iterator)) {
    auto* io = it.as<IteratorObject>();
    next = io->next(vm, io);
  } else if (is_kind(it, ObjKind::Generator)) {
    next = generator_send(vm, it.as<GeneratorObject>(), Value::none());
    if (!next && vm.exception_matches(Exc::StopIteration)) vm.clear_exception();
  } else {
    next = iter_next(vm, it);
  }
  if (!next) return false;
  *item = next.release_bits();
  return true;
}

[[gnu::always_inline]] inline bool for_iter_next(VM& vm, const Value& it, uint64_t* item) {
  if (is_kind(it, ObjKind::Iterator)) {
    auto* io = it.as<IteratorObject>();
    if (io->next == range_next && io->n > 0 && Value::fits_small_int(io->i)) {
      int64_t v = io->i;
      io->i = int64_t(uint64_t(io->i) + uint64_t(io->step));
      io->n--;
      *item = Value::small_int(v).bits();
      return true;
    }
    if (io->next == list_next && io->a.is_object()) {
      auto* l = io->a.as<ListObject>();
      if (io->i < int64_t(l->items.size())) {
        *item = l->items[size_t(io->i++)].new_ref_bits();
        return true;
      }
    }
  }
  return for_iter_next_slow(vm, it, item);
}

// `item in container`: 1, 0, or -1 with an exception pending; an exact
// dict inline.
[[gnu::always_inline]] inline int fast_contains(VM& vm, const Value& container, const Value& item) {
  if (DictObject* d = exact_dict(vm, container)) {
    int64_t h;
    if (!hash_fast(vm, item, &h)) return -1;
    return dict_contains_known_hash(vm, d, item, h);
  }
  return contains(vm, container, item);
}

// Truthiness with the common immediates inline.
[[gnu::always_inline]] inline int fast_truthy(VM& vm, const Value& v) {
  if (v.is_true()) return 1;
  if (v.is_false() || v.is_none()) return 0;
  if (v.is_small_int()) return v.as_small_int() != 0;
  return truthy(vm, v);
}

Value load_global_slow(VM& vm, Frame* f, InlineCache& c, StrObject* name) {
  DictObject* g = f->globals;
  int64_t idx = dict_lookup_str_index(g, name);
  if (idx >= 0) {
    c.kind = 1;
    c.type = g;
    c.version = g->version;
    c.index = idx;
    return g->entries[size_t(idx)].value;
  }
  // __builtins__ of this module (normally VM's builtins dict).
  DictObject* b = vm.builtins_dict.as<DictObject>();
  idx = dict_lookup_str_index(b, name);
  if (idx >= 0) {
    c.kind = 2;
    c.type = g;
    c.version = g->version;
    c.version2 = b->version;
    c.index = idx;
    return b->entries[size_t(idx)].value;
  }
  return vm.raisef(Exc::NameError, "name '%s' is not defined", std::string(name->view()).c_str());
}

// ------------------------------------------------------------ inlined calls
// Value-stack slots taken by the Frame record of an inlined call.
constexpr int kFrameSlots = int((sizeof(Frame) + sizeof(Value) - 1) / sizeof(Value));

// Pushes the frame of a call of plain function `fn` made by execute() itself.
// The frame record and its slots are carved from the value stack; arguments
// that bind one to one are moved out of args[] (left Empty), others copied.
// Returns null with an exception pending (RecursionError, a binding error).
// A frame for `fn` called with `a`, pushed on the value stack above every
// live frame; the arguments are copied, or moved out of `movable` (a.args
// itself) when given. Null with the exception pending on failure.
inline Frame* push_inlined_frame(VM& vm, FunctionObject* fn, CodeObject* co, const CallArgs& a, Value* movable) {
  if (vm.call_depth >= vm.recursion_limit) {
    raise_recursion(vm);
    return nullptr;
  }
  if (!vm.stack_top && !ensure_value_stack(vm)) return nullptr;  // a generator resumed first
  Value* mem = vm.stack_top;
  Value* slots = mem + kFrameSlots;
  if (slots + co->nslots_ > vm.stack_limit) {
    raise_recursion(vm);
    return nullptr;
  }
  if (!fill_slots(vm, fn, co, a, slots, movable)) return nullptr;
  if (co->flags & kCodeJitWatch) [[unlikely]] {
    // The tracer may run natives: reserve this frame's memory first.
    vm.stack_top = slots + co->nslots_;
    co = jit_select(vm, fn, co, slots);
    vm.stack_top = mem;
    if (!co) return nullptr;
  }
  // Field by field (a value-initialised Frame compiles to a slow `rep stos`).
  Frame* nf = new (mem) Frame;
  nf->code = co;
  nf->func = fn;
  nf->slots = slots;
  nf->sp = slots + co->nlive_;
  nf->pc = 0;
  nf->last_pc = 0;
  nf->globals = fn->globals.as<DictObject>();
  nf->back = nullptr;
  nf->gen = nullptr;
  nf->inlined = true;
  nf->binop = -1;
  vm.stack_top = slots + co->nslots_;
  vm.call_depth++;
  return nf;
}
// The same for positional arguments on the caller's stack (moved out).
inline Frame* push_inlined_frame(VM& vm, FunctionObject* fn, CodeObject* co, Value* args, size_t nargs) {
  return push_inlined_frame(vm, fn, co, CallArgs{args, nargs, nullptr}, args);
}

// Whether a call of `callable` may run inlined: a Python function that is
// not a generator function (calling one makes a generator instead).
inline bool inlinable_function(const Value& callable) {
  return is_kind(callable, ObjKind::Function) &&
         !(callable.as<FunctionObject>()->code.as<CodeObject>()->flags & kCodeGenerator);
}

// Pops an inlined frame whose operand stack is down to `sp`: releases its
// locals, cells and stack, then the function.
inline void pop_inlined_frame(VM& vm, Frame* done, Value* sp) {
  for (Value* p = done->slots; p < sp; p++) p->~Value();
  vm.call_depth--;
  vm.stack_top = reinterpret_cast<Value*>(done);
  done->~Frame();
}

Value execute(VM& vm, Frame* f, bool throwing) {
#if defined(__GNUC__) && !defined(KILN_SWITCH_DISPATCH)
#define KILN_COMPUTED_GOTO 1
  static const void* const dispatch_table[] = {
#define OP(name, effect, kind) &&L_##name,
#include "vm/opcodes.def"
#undef OP
  };
#define TARGET(name) L_##name:
// A computed goto does not run the destructors of the scope it leaves (GCC
// documents this), so DISPATCH goes through an ordinary `goto`, which does;
// FAST_DISPATCH threads directly and is only used where every local Value
// has been moved out (holds Empty).
#define FAST_DISPATCH()                    \
  do {                                     \
    insn = *ip++;                          \
    goto* dispatch_table[insn & 0xff];     \
  } while (0)
#define DISPATCH() goto dispatch
#else
#define TARGET(name) case Op::name:
#define FAST_DISPATCH() goto dispatch
#define DISPATCH() goto dispatch
#endif

  // The running frame's state, reloaded when an inlined call enters or returns.
  // Few long-lived variables, so that GCC can keep them in callee-saved
  // registers across the loop (vm, f, ip, sp, insn): with more, it spilled
  // ip and sp, putting a store and a reload on every instruction's critical
  // path. co, locals, code_base, cells and consts are derived from f where
  // needed (one load from a register-held pointer, off that path).
  const uint32_t* ip = f->code->code.data() + f->pc;
  Value* sp = f->sp;
  uint32_t insn = 0;
  bool reraise = false;
  Value* fn_args = nullptr;  // inline_call's operands
  size_t fn_nargs = 0;
#define LOAD_FRAME_STATE()           \
  do {                               \
    ip = co->code.data() + f->pc;    \
    sp = f->sp;                      \
  } while (0)
// Saves the running frame's position and switches the loop to `nf`, a frame
// from push_inlined_frame.
#define ENTER_INLINED_FRAME(nf)          \
  do {                                   \
    f->sp = sp;                          \
    f->pc = uint32_t(ip - code_base);    \
    (nf)->back = f;                      \
    vm.current_frame = (nf);             \
    f = (nf);                            \
    LOAD_FRAME_STATE();                  \
  } while (0)
#define co (f->code)
#define locals (f->slots)
// Runs function `fn` (code `fco`) called with `callargs`, whose callable
// sits at base[0] with its operands above it, as an inlined frame: the frame
// takes the function's reference and the operands are dropped (moved out of
// `movable` when it is callargs' own array).
#define RUN_INLINED(fn, fco, callargs, movable)                                  \
  do {                                                                           \
    Frame* nf_ = push_inlined_frame(vm, fn, fco, callargs, movable);             \
    if (!nf_) {                                                                  \
      while (sp > base) DROP();                                                  \
      GOTO_ERROR();                                                              \
    }                                                                            \
    nf_->func_ref = Value::from_raw_bits(base[0].release_bits());                \
    while (sp > base) DROP();                                                    \
    ENTER_INLINED_FRAME(nf_);                                                    \
    DISPATCH();                                                                  \
  } while (0)
#define code_base (co->code.data())
#define cells (locals + co->nlocals)
#define consts (co->consts.data())

  f->back = vm.current_frame;
  vm.current_frame = f;

#define ARG() (insn >> 8)
#define PUSH(v) ((sp++)->init_raw((v).release_bits()))
#define PUSH_COPY(v) ((sp++)->init_raw((v).new_ref_bits()))  // pushes a new reference to v
#define POP() Value::from_raw_bits((--sp)->bits())
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define DROP() ((--sp)->~Value())
#define GOTO_ERROR() goto error
// Marks the label just before it as rarely reached (GCC's label attribute;
// it steers register allocation towards the handlers' fast paths).
#if defined(__GNUC__) && !defined(__clang__)
#define KILN_COLD_LABEL __attribute__((cold))
#else
#define KILN_COLD_LABEL
#endif
#define CHECK(v) \
  if (!(v)) [[unlikely]] GOTO_ERROR()
#define JUMP_TO(t) (ip = code_base + (t))
// A taken conditional jump: a backward one (a loop's test at its bottom)
// polls for SIGINT, as JUMP does.
#define JUMP_POLL(t)                                              \
  do {                                                            \
    const uint32_t* dst_ = code_base + (t);                       \
    if (dst_ < ip && vm.interrupt_requested) goto interrupted;    \
    ip = dst_;                                                    \
  } while (0)

  if (throwing) {
    // generator.throw(): the exception is pending; raise it at the suspension point.
    reraise = false;
    goto error;
  }

#ifdef KILN_COMPUTED_GOTO
dispatch:
  FAST_DISPATCH();
#else
dispatch:
  insn = *ip++;
  switch (Op(insn & 0xff)) {
#endif

  TARGET(NOP) { FAST_DISPATCH(); }
  TARGET(POP_TOP) {
    DROP();
    FAST_DISPATCH();
  }
  TARGET(ROT_TWO) {
    std::swap(sp[-1], sp[-2]);
    FAST_DISPATCH();
  }
  TARGET(ROT_THREE) {
    uint64_t top = sp[-1].bits();
    sp[-1].init_raw(sp[-2].bits());
    sp[-2].init_raw(sp[-3].bits());
    sp[-3].init_raw(top);
    FAST_DISPATCH();
  }
  TARGET(ROT_FOUR) {
    uint64_t top = sp[-1].bits();
    sp[-1].init_raw(sp[-2].bits());
    sp[-2].init_raw(sp[-3].bits());
    sp[-3].init_raw(sp[-4].bits());
    sp[-4].init_raw(top);
    DISPATCH();
  }
  TARGET(DUP_TOP) {
    Value v = TOP();
    PUSH(v);
    FAST_DISPATCH();
  }
  TARGET(DUP_TOP_TWO) {
    Value a = sp[-2], b = sp[-1];
    PUSH(a);
    PUSH(b);
    DISPATCH();
  }
  TARGET(LOAD_CONST) {
    PUSH_COPY(consts[ARG()]);
    FAST_DISPATCH();
  }
load_fast:  // superinstructions that fall back to a plain LOAD_FAST (insn re-encoded)
  TARGET(LOAD_FAST) {
    const Value& v = locals[ARG()];
    if (v.is_empty()) {
      vm.raisef(Exc::UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                std::string(str_view(co->varnames[ARG()])).c_str());
      GOTO_ERROR();
    }
    PUSH_COPY(v);
    FAST_DISPATCH();
  }
  TARGET(LOAD_FAST_LOAD_FAST) {
    uint32_t a = ARG() & 0xfff, b = ARG() >> 12;
    if (locals[a].is_empty() || locals[b].is_empty()) {
      // Let the plain instructions report the error.
      insn = encode(Op::LOAD_FAST, a);
      goto load_fast;
    }
    PUSH_COPY(locals[a]);
    PUSH_COPY(locals[b]);
    ip++;
    FAST_DISPATCH();
  }
  TARGET(LOAD_FAST_LOAD_CONST) {
    const Value& v = locals[ARG() & 0xfff];
    if (v.is_empty()) {
      insn = encode(Op::LOAD_FAST, ARG() & 0xfff);
      goto load_fast;  // reports the unbound local
    }
    PUSH_COPY(v);
    PUSH_COPY(consts[ARG() >> 12]);
    ip++;
    FAST_DISPATCH();
  }
  TARGET(LOAD_CONST_LOAD_FAST) {
    PUSH_COPY(consts[ARG() & 0xfff]);
    const Value& v = locals[ARG() >> 12];
    if (!v.is_empty()) {
      PUSH_COPY(v);
      ip++;
    }  // else the LOAD_FAST that follows reports the unbound local
    FAST_DISPATCH();
  }
  TARGET(LOAD_FAST_LOAD_FAST_SUBSCR) {
    // LOAD_FAST a; LOAD_FAST b; BINARY_SUBSCR for a list or tuple indexed
    // by an int in range; anything else (unbound locals included) runs the
    // three originals.
    if (const Value* item = fast_item(vm, locals[ARG() & 0xfff], locals[ARG() >> 12])) {
      PUSH_COPY(*item);
      ip += 2;
      FAST_DISPATCH();
    }
    insn = encode(Op::LOAD_FAST, ARG() & 0xfff);
    goto load_fast;
  }
  TARGET(LOAD_FAST_LOAD_FAST_STORE_SUBSCR) {
    // LOAD_FAST a; LOAD_FAST b; STORE_SUBSCR (a[b] = TOS) for a list indexed
    // by an int in range; anything else runs the three originals.
    if (Value* slot = fast_list_slot(vm, locals[ARG() & 0xfff], locals[ARG() >> 12])) {
      *slot = POP();
      ip += 2;
      DISPATCH();
    }
    insn = encode(Op::LOAD_FAST, ARG() & 0xfff);
    goto load_fast;
  }
  TARGET(STORE_FAST) {
    locals[ARG()] = POP();
    FAST_DISPATCH();
  }
// STORE_FAST_LOAD_FAST a | b << 12 (argument `ab`) storing `v`, with ip
// just past its word: a = v, then b pushed and the LOAD_FAST b that follows
// skipped, unless b is unbound (that LOAD_FAST then reports it). Also the
// tail of the fused forms that absorb such a word.
#define STORE_FAST_THEN_LOAD_FAST(ab, v)          \
  do {                                            \
    locals[(ab) & 0xfff] = (v);                   \
    const Value& b_ = locals[(ab) >> 12];         \
    if (!b_.is_empty()) {                         \
      PUSH_COPY(b_);                              \
      ip++;                                       \
    }                                             \
  } while (0)
  TARGET(STORE_FAST_LOAD_FAST) {
    STORE_FAST_THEN_LOAD_FAST(ARG(), POP());
    FAST_DISPATCH();
  }
  TARGET(DELETE_FAST) {
    if (locals[ARG()].is_empty()) {
      vm.raisef(Exc::UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                std::string(str_view(co->varnames[ARG()])).c_str());
      GOTO_ERROR();
    }
    locals[ARG()] = Value();
    DISPATCH();
  }
  TARGET(LOAD_DEREF) {
    auto* cell = cells[ARG()].as<CellObject>();
    if (cell->contents.is_empty()) {
      uint32_t i = ARG();
      size_t ncell = co->cellvars.size();
      std::string name(str_view(i < ncell ? co->cellvars[i] : co->freevars[i - ncell]));
      if (i < ncell)
        vm.raisef(Exc::UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value",
                  name.c_str());
      else
        vm.raisef(Exc::NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
                  name.c_str());
      GOTO_ERROR();
    }
    PUSH_COPY(cell->contents);
    FAST_DISPATCH();
  }
  TARGET(STORE_DEREF) {
    cells[ARG()].as<CellObject>()->contents = POP();
    FAST_DISPATCH();
  }
  TARGET(DELETE_DEREF) {
    auto* cell = cells[ARG()].as<CellObject>();
    if (cell->contents.is_empty()) {
      vm.raise(Exc::NameError, "free variable referenced before assignment");
      GOTO_ERROR();
    }
    cell->contents = Value();
    DISPATCH();
  }
  TARGET(LOAD_CLOSURE) {
    Value c = cells[ARG()];
    PUSH(c);
    DISPATCH();
  }
  TARGET(LOAD_CLASSDEREF) {
    uint32_t i = ARG();
    size_t ncell = co->cellvars.size();
    const Value& name = i < ncell ? co->cellvars[i] : co->freevars[i - ncell];
    if (f->locals_dict.is_object()) {
      Value v = dict_get_str(f->locals_dict.as<DictObject>(), name.as<StrObject>());
      if (v) {
        PUSH(v);
        DISPATCH();
      }
    }
    auto* cell = cells[i].as<CellObject>();
    if (cell->contents.is_empty()) {
      vm.raisef(Exc::NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
                std::string(str_view(name)).c_str());
      GOTO_ERROR();
    }
    PUSH_COPY(cell->contents);
    DISPATCH();
  }
  TARGET(LOAD_GLOBAL) {
    InlineCache& c = co->caches[ARG()];
    DictObject* g = f->globals;
    if (c.type == g && c.version == g->version) {
      if (c.kind == 1) {
        PUSH_COPY(g->entries[size_t(c.index)].value);
        FAST_DISPATCH();
      }
      DictObject* b = vm.builtins_dict.as<DictObject>();
      if (c.kind == 2 && c.version2 == b->version) {
        PUSH_COPY(b->entries[size_t(c.index)].value);
        FAST_DISPATCH();
      }
    }
    Value v = load_global_slow(vm, f, c, name_at(co, c.name));
    CHECK(v);
    PUSH(v);
    FAST_DISPATCH();
  }
  TARGET(STORE_GLOBAL) {
    Value v = POP();
    CHECK(dict_setitem_str(vm, f->globals, name_at(co, ARG()), v));  // names are interned: hash cached
    DISPATCH();
  }
  TARGET(DELETE_GLOBAL) {
    int r = dict_delitem_str(vm, f->globals, name_at(co, ARG()));
    if (r == 0) {
      vm.raisef(Exc::NameError, "name '%s' is not defined", std::string(name_at(co, ARG())->view()).c_str());
      GOTO_ERROR();
    }
    CHECK(r > 0);
    DISPATCH();
  }
  TARGET(LOAD_NAME) {
    StrObject* name = name_at(co, ARG());
    Value v;
    if (f->locals_dict.is_object()) {
      if (f->locals_dict.as_object()->type == vm.types.dict) {
        v = dict_get_str(f->locals_dict.as<DictObject>(), name);
      } else {
        v = getitem(vm, f->locals_dict, Value::borrow(name));
        if (!v) {
          if (!vm.exception_matches(Exc::KeyError)) GOTO_ERROR();
          vm.clear_exception();
        }
      }
    }
    if (!v) v = dict_get_str(f->globals, name);
    if (!v) v = dict_get_str(vm.builtins_dict.as<DictObject>(), name);
    if (!v) {
      vm.raisef(Exc::NameError, "name '%s' is not defined", std::string(name->view()).c_str());
      GOTO_ERROR();
    }
    PUSH(v);
    DISPATCH();
  }
  TARGET(STORE_NAME) {
    Value v = POP();
    if (f->locals_dict.is_object()) {
      CHECK(setitem(vm, f->locals_dict, co->names[ARG()], v));
    } else {
      CHECK(dict_setitem_str(vm, f->globals, name_at(co, ARG()), v));
    }
    DISPATCH();
  }
  TARGET(DELETE_NAME) {
    Value target = f->locals_dict.is_object() ? f->locals_dict : Value::borrow(f->globals);
    if (!delitem(vm, target, co->names[ARG()])) {
      if (vm.exception_matches(Exc::KeyError)) {
        vm.clear_exception();
        vm.raisef(Exc::NameError, "name '%s' is not defined", std::string(name_at(co, ARG())->view()).c_str());
      }
      GOTO_ERROR();
    }
    DISPATCH();
  }
load_attr:
  TARGET(LOAD_ATTR) {
    InlineCache& c = co->caches[ARG()];
    if (const Value* slot = attr_cache::fast_load_slot(c, TOP())) {
      Value v = *slot;
      TOP() = std::move(v);
      FAST_DISPATCH();
    }
    Value v = attr_cache::load_attr(vm, c, TOP(), name_at(co, c.name));
    CHECK(v);
    TOP() = std::move(v);
    FAST_DISPATCH();
  }
  TARGET(LOAD_FAST_LOAD_ATTR) {
    // LOAD_FAST a; LOAD_ATTR c of an instance attribute held in a slot: no
    // reference to the receiver is taken. Anything else (an unbound local
    // included) runs the two originals.
    if (const Value* slot = attr_cache::fast_load_slot(co->caches[decode_arg(*ip)], locals[ARG()])) {
      PUSH_COPY(*slot);
      ip++;
      FAST_DISPATCH();
    }
    insn = encode(Op::LOAD_FAST, ARG());
    goto load_fast;
  }
  TARGET(LOAD_FAST_LOAD_METHOD) {
    // LOAD_FAST a; LOAD_METHOD c of a method the receiver cannot shadow;
    // anything else runs the two originals.
    const Value& obj = locals[ARG()];
    if (const Value* m = attr_cache::fast_method(co->caches[decode_arg(*ip)], obj)) {
      PUSH_COPY(*m);
      PUSH_COPY(obj);
      ip++;
      FAST_DISPATCH();
    }
    insn = encode(Op::LOAD_FAST, ARG());
    goto load_fast;
  }
store_attr:
  TARGET(STORE_ATTR) {
    InlineCache& c = co->caches[ARG()];
    Value obj = POP();
    Value v = POP();
    if (attr_cache::fast_store(c, obj, std::move(v))) DISPATCH();
    CHECK(attr_cache::store_attr(vm, c, obj, name_at(co, c.name), v));
    DISPATCH();
  }
  TARGET(DELETE_ATTR) {
    Value obj = POP();
    CHECK(delattr(vm, obj, name_at(co, ARG())));
    DISPATCH();
  }
  TARGET(LOAD_METHOD) {
    InlineCache& c = co->caches[ARG()];
    if (const Value* m = attr_cache::fast_method(c, TOP())) {
      Value self = POP();
      PUSH_COPY(*m);
      PUSH(self);
      FAST_DISPATCH();
    }
    Value obj = POP();
    Value meth, self;
    if (!attr_cache::load_method(vm, c, obj, name_at(co, c.name), &meth, &self)) GOTO_ERROR();
    PUSH(meth);
    PUSH(self);
    DISPATCH();
  }
  TARGET(CALL_METHOD) {
    uint32_t n = ARG();
    Value* base = sp - n - 2;
    if (is_kind(base[0], ObjKind::Function)) {
      fn_args = base + 1;
      fn_nargs = n + 1;
      goto inline_call;
    }
    Value r;
    if (base[0].is_empty()) {
      r = call_any(vm, base[1], base + 2, n, nullptr);
    } else {
      r = call_any(vm, base[0], base + 1, n + 1, nullptr);
    }
    while (sp > base) DROP();
    CHECK(r);
    PUSH(r);
    if (vm.interrupt_requested) goto interrupted;
    FAST_DISPATCH();
  }
  TARGET(CALL) {
    uint32_t n = ARG();
    Value* base = sp - n - 1;
    if (is_kind(base[0], ObjKind::Function)) {
      fn_args = base + 1;
      fn_nargs = n;
      goto inline_call;
    }
    if (is_kind(base[0], ObjKind::Native)) {
      // A builtin function (len, isinstance, ...): called directly.
      auto* nat = base[0].as<NativeObject>();
      Value r = nat->fn(vm, CallArgs{base + 1, n, nullptr}, nat->data);
      while (sp > base) DROP();
      CHECK(r);
      PUSH(r);
      if (vm.interrupt_requested) goto interrupted;
      FAST_DISPATCH();
    }
    {
      // A bound method of a Python function, or an instance whose class
      // defines __call__ as one: [callable, args...] becomes [function,
      // self, args...] (the compiler leaves two spare slots above every
      // stack depth) and the function runs inlined.
      const Value* func = nullptr;
      const Value* self = nullptr;
      if (is_kind(base[0], ObjKind::BoundMethod)) {
        auto* bm = base[0].as<BoundMethodObject>();
        if (is_kind(bm->func, ObjKind::Function)) {
          func = &bm->func;
          self = &bm->self;
        }
      } else if (is_kind(base[0], ObjKind::Instance) && !type_is_builtin(base[0].as_object()->type)) {
        const Value& call = type_lookup_entry(base[0].as_object()->type, vm.names.__call__).value;
        if (is_kind(call, ObjKind::Function)) {
          func = &call;
          self = &base[0];
        }
      }
      if (func) {
        Value callable = Value::from_raw_bits(base[0].release_bits());  // keeps func and self alive
        for (Value* p = sp; p > base + 1; --p) p->init_raw(p[-1].bits());
        base[1].init_raw((self == &base[0] ? callable : *self).new_ref_bits());
        base[0].init_raw(func->new_ref_bits());
        ++sp;
        fn_args = base + 1;
        fn_nargs = n + 1;
        goto inline_call;  // destroys `callable` (an ordinary goto leaves its scope properly)
      }
    }
    if (is_kind(base[0], ObjKind::Type)) {
      // `C(args)` for a plain user class (object's __new__, a Python
      // __init__): allocate here and run __init__ inlined; its frame
      // returns the instance. Everything else goes through type_call.
      auto* cls = base[0].as<TypeObject>();
      FunctionObject* init_fn = type_inline_init(vm, cls);
      if (init_fn && !(init_fn->code.as<CodeObject>()->flags & kCodeGenerator)) {
        Value init = Value::borrow(init_fn);  // base[0], the class, is replaced below
        Value obj = instance_alloc(vm, cls);
        CHECK(obj);
        base[0] = obj;  // the instance holds its class
        Frame* nf = push_inlined_frame(vm, init_fn, init_fn->code.as<CodeObject>(), base, n + 1);
        if (!nf) {
          while (sp > base) DROP();
          GOTO_ERROR();
        }
        nf->func_ref = std::move(init);
        nf->ctor_self = std::move(obj);
        while (sp > base) DROP();
        ENTER_INLINED_FRAME(nf);
        DISPATCH();
      }
    }
    Value r = call_any(vm, base[0], base + 1, n, nullptr);
    while (sp > base) DROP();
    CHECK(r);
    PUSH(r);
    if (vm.interrupt_requested) goto interrupted;
    FAST_DISPATCH();
  }
  // A call of a plain Python function from CALL or CALL_METHOD: the callee
  // runs in this loop (no C++ recursion). fn_args[-1] is the function;
  // generator functions take the ordinary path (they return a generator).
inline_call : {
    Value* base = fn_args - 1;
    auto* fn = base[0].as<FunctionObject>();
    CodeObject* nco = fn->code.as<CodeObject>();
    if (nco->flags & kCodeGenerator) {
      Value r = call_function(vm, fn, CallArgs{fn_args, fn_nargs, nullptr});
      while (sp > base) DROP();
      CHECK(r);
      PUSH(r);
      DISPATCH();
    }
    RUN_INLINED(fn, nco, (CallArgs{fn_args, fn_nargs, nullptr}), fn_args);
  }
  TARGET(CALL_KW) {
    uint32_t n = ARG();
    Value kwnames = POP();
    auto* kw = kwnames.as<TupleObject>();
    Value* base = sp - n - 1;
    if (inlinable_function(base[0])) {
      auto* fn = base[0].as<FunctionObject>();
      RUN_INLINED(fn, fn->code.as<CodeObject>(), (CallArgs{base + 1, n - kw->size, kw}), nullptr);
    }
    Value r = call_any(vm, base[0], base + 1, n - kw->size, kw);
    while (sp > base) DROP();
    CHECK(r);
    PUSH(r);
    DISPATCH();
  }
  TARGET(CALL_EX) {
    Value kwargs;
    if (ARG() & 1) kwargs = POP();
    Value args = POP();
    Value fn = POP();
    if (ARG() & kCallExRaw) {
      // The call's own `*a` / `**k` values: a mapping check first, then the
      // iterable, with the messages DICT_MERGE and LIST_EXTEND give.
      if (kwargs && !is_kind(kwargs, ObjKind::Dict)) {
        Value tmp = dict_new(vm);
        CHECK(tmp);
        if (!dict_update_from(vm, tmp.as<DictObject>(), kwargs)) {
          vm.clear_exception();
          vm.raisef(Exc::TypeError, "%s argument after ** must be a mapping, not %s", function_str(vm, fn).c_str(),
                    type_name(vm, kwargs));
          GOTO_ERROR();
        }
        kwargs = std::move(tmp);
      }
      if (!is_kind(args, ObjKind::Tuple) || args.as_object()->type != vm.types.tuple) {
        Value l = sequence_to_list(vm, args);
        if (!l) {
          if (vm.exception_matches(Exc::TypeError) && !has_iter_method(vm, args)) {
            vm.clear_exception();
            vm.raisef(Exc::TypeError, "%s argument after * must be an iterable, not %s", function_str(vm, fn).c_str(),
                      type_name(vm, args));
          }
          GOTO_ERROR();
        }
        auto& items = l.as<ListObject>()->items;
        Value t = tuple_new(vm, items.size());
        CHECK(t);
        for (size_t i = 0; i < items.size(); i++) t.as<TupleObject>()->items[i] = std::move(items[i]);
        args = std::move(t);
      }
    }
    auto* t = args.as<TupleObject>();
    CallArgs a{t->items, t->size, nullptr};
    std::vector<Value> all;
    Value names;
    if (kwargs && kwargs.as<DictObject>()->used) {
      auto* d = kwargs.as<DictObject>();
      all.reserve(t->size + d->used);
      for (size_t i = 0; i < t->size; i++) all.push_back(t->items[i]);
      names = tuple_new(vm, d->used);
      CHECK(names);
      size_t k = 0;
      for (auto& e : d->entries) {
        if (e.key.is_empty()) continue;
        if (!is_str(e.key)) {
          vm.raise(Exc::TypeError, "keywords must be strings");
          GOTO_ERROR();
        }
        names.as<TupleObject>()->items[k++] = e.key;
        all.push_back(e.value);
      }
      a = CallArgs{all.data(), t->size, names.as<TupleObject>()};
    }
    if (inlinable_function(fn)) {
      auto* fo = fn.as<FunctionObject>();
      Frame* nf = push_inlined_frame(vm, fo, fo->code.as<CodeObject>(), a, nullptr);
      CHECK(nf);
      nf->func_ref = std::move(fn);
      ENTER_INLINED_FRAME(nf);
      DISPATCH();
    }
    Value r = call_any(vm, fn, a.args, a.nargs, a.kwnames);
    CHECK(r);
    PUSH(r);
    DISPATCH();
  }
  TARGET(BINARY_OP) {
    BinOpKind op = BinOpKind(ARG());
    Value r = fast_binop(op, sp[-2], sp[-1]);
    if (!r && is_kind(sp[-2], ObjKind::Str) && sp[-2].as_object()->type == vm.types.str) {
      // str + str and str * int of exact strs (a subclass may define __radd__
      // or __rmul__, which the general path honours).
      if (op == BinOpKind::Add && is_kind(sp[-1], ObjKind::Str) && sp[-1].as_object()->type == vm.types.str) {
        r = str_concat(vm, sp[-2].as<StrObject>(), sp[-1].as<StrObject>());
        CHECK(r);
      } else if (op == BinOpKind::Mult && sp[-1].is_small_int()) {
        r = str_repeat(vm, sp[-2].as<StrObject>(), sp[-1].as_small_int());
        CHECK(r);
      }
    }
    if (!r && sp[-2].is_object()) {
      // A user class's __op__ that alone decides: run it inlined; the
      // operands stay on this stack until it returns (RETURN_VALUE).
      Value m = binary_op_sole_method(vm, op, sp[-2], sp[-1]);
      if (is_kind(m, ObjKind::Function) &&
          !(m.as<FunctionObject>()->code.as<CodeObject>()->flags & kCodeGenerator)) {
        Value args[2] = {sp[-2], sp[-1]};
        auto* fn = m.as<FunctionObject>();
        Frame* nf = push_inlined_frame(vm, fn, fn->code.as<CodeObject>(), args, 2);
        if (!nf) GOTO_ERROR();
        nf->func_ref = std::move(m);
        nf->binop = int8_t(op);
        ENTER_INLINED_FRAME(nf);
        DISPATCH();
      }
    }
    if (!r) {
      r = binary_op(vm, op, sp[-2], sp[-1]);
      CHECK(r);
    }
    DROP();
    TOP() = std::move(r);
    FAST_DISPATCH();
  }
  TARGET(INPLACE_OP) {
    BinOpKind op = BinOpKind(ARG());
    if (op == BinOpKind::Add && is_kind(sp[-2], ObjKind::Str) && is_kind(sp[-1], ObjKind::Str) &&
        sp[-2].as_object()->type == vm.types.str) {
      // `s += t` where the next instruction stores back into local s: drop
      // the local's reference first so the string can grow in place
      // (CPython's unicode_concatenate); a loop of += is then linear.
      uint32_t next = *ip;
      Op nop = decode_op(next);
      uint32_t target = nop == Op::STORE_FAST ? decode_arg(next)
                        : nop == Op::STORE_FAST_LOAD_FAST ? (decode_arg(next) & 0xfff)
                                                           : UINT32_MAX;
      if (target != UINT32_MAX && locals[target].is(sp[-2])) locals[target] = Value();
      Value b = POP();
      Value a = POP();
      Value r = str_concat_inplace(vm, std::move(a), b.as<StrObject>());
      CHECK(r);
      PUSH(r);
      DISPATCH();
    }
    Value r = fast_binop(op, sp[-2], sp[-1]);
    if (!r) {
      r = inplace_op(vm, op, sp[-2], sp[-1]);
      CHECK(r);
    }
    DROP();
    TOP() = std::move(r);
    FAST_DISPATCH();
  }
  TARGET(UNARY_OP) {
    UnaryOpKind op = UnaryOpKind(ARG());
    Value& v = TOP();
    if (op == UnaryOpKind::Not) {
      int t = fast_truthy(vm, v);
      CHECK(t >= 0);
      v = Value::boolean(!t);
      DISPATCH();
    }
    if (op == UnaryOpKind::USub) {
      if (v.is_small_int() && v.as_small_int() != Value::kSmallIntMin) {
        v = Value::small_int(-v.as_small_int());
        DISPATCH();
      }
      if (v.is_double()) {
        v = Value::from_double(-v.as_double());
        DISPATCH();
      }
    }
    Value r = unary_op(vm, op, v);
    CHECK(r);
    v = std::move(r);
    DISPATCH();
  }
  TARGET(COMPARE_OP) {
    CmpOpKind op = CmpOpKind(ARG());
    int t = fast_compare(op, sp[-2], sp[-1]);
    if (t < 0) t = fast_compare_str(vm, op, sp[-2], sp[-1]);
    Value r;
    if (t >= 0) r = Value::boolean(t);
    else {
      r = compare(vm, op, sp[-2], sp[-1]);
      CHECK(r);
    }
    DROP();
    TOP() = std::move(r);
    FAST_DISPATCH();
  }
  TARGET(COMPARE_JUMP) {
    CmpOpKind op = CmpOpKind(ARG() & 0x7);
    uint32_t target = ARG() >> 4;
    int t = fast_compare(op, sp[-2], sp[-1]);
    if (t < 0) t = fast_compare_str(vm, op, sp[-2], sp[-1]);
    if (t < 0) {
      Value r = compare(vm, op, sp[-2], sp[-1]);
      CHECK(r);
      t = fast_truthy(vm, r);
      CHECK(t >= 0);
    }  // r released here, before the threaded dispatch below
    DROP();
    DROP();
    if (t == int((ARG() >> 3) & 1)) JUMP_POLL(target);
    else ip++;
    FAST_DISPATCH();
  }
  // Fused LOAD_FAST a; <rhs>; COMPARE_OP cmp; POP_JUMP_IF_x t on two
  // numbers (t is read from the fourth word); anything else, an unbound
  // local included, runs the four originals.
#define FUSED_COMPARE_JUMP(rhs, cmp, jump_if_true)                           \
  do {                                                                       \
    int t_ = fast_compare(CmpOpKind(cmp), locals[ARG() & 0xff], (rhs));      \
    if (t_ >= 0) {                                                           \
      if (t_ == int(jump_if_true)) JUMP_POLL(decode_arg(ip[2]));             \
      else ip += 3;                                                          \
      FAST_DISPATCH();                                                       \
    }                                                                        \
    insn = encode(Op::LOAD_FAST, ARG() & 0xff);                              \
    goto load_fast;                                                          \
  } while (0)
  TARGET(LOAD_FAST_LOAD_FAST_COMPARE_JUMP) {
    FUSED_COMPARE_JUMP(locals[(ARG() >> 8) & 0xff], (ARG() >> 16) & 0xf, ARG() >> 20);
  }
  TARGET(LOAD_FAST_LOAD_CONST_COMPARE_JUMP) {
    FUSED_COMPARE_JUMP(consts[(ARG() >> 8) & 0x3ff], (ARG() >> 18) & 0x7, ARG() >> 21);
  }
#undef FUSED_COMPARE_JUMP
  // Fused LOAD_FAST a; <rhs>; BINARY_OP/INPLACE_OP op on two numbers, the
  // result delivered by `deliver` (pushed, or stored into the local of the
  // STORE_FAST that follows); anything else, an unbound local included,
  // runs the originals.
#define FUSED_BINARY(rhs, op, deliver)                                       \
  do {                                                                       \
    Value r_ = fast_binop(BinOpKind(op), locals[ARG() & 0xff], (rhs));       \
    if (r_) {                                                                \
      deliver;                                                               \
      FAST_DISPATCH();                                                       \
    }                                                                        \
    insn = encode(Op::LOAD_FAST, ARG() & 0xff);                              \
    goto load_fast;                                                          \
  } while (0)
#define PUSH_RESULT \
  PUSH(r_);         \
  ip += 2
#define STORE_RESULT                               \
  locals[decode_arg(ip[2])] = std::move(r_);       \
  ip += 3
  TARGET(LOAD_FAST_LOAD_FAST_BINARY) { FUSED_BINARY(locals[(ARG() >> 8) & 0xff], ARG() >> 16, PUSH_RESULT); }
  TARGET(LOAD_FAST_LOAD_CONST_BINARY) { FUSED_BINARY(consts[(ARG() >> 8) & 0x3ff], ARG() >> 18, PUSH_RESULT); }
  TARGET(LOAD_FAST_LOAD_FAST_BINARY_STORE_FAST) {
    FUSED_BINARY(locals[(ARG() >> 8) & 0xff], ARG() >> 16, STORE_RESULT);
  }
  TARGET(LOAD_FAST_LOAD_CONST_BINARY_STORE_FAST) {
    FUSED_BINARY(consts[(ARG() >> 8) & 0x3ff], ARG() >> 18, STORE_RESULT);
  }
#undef PUSH_RESULT
#undef STORE_RESULT
#undef FUSED_BINARY
  TARGET(LOAD_CONST_BINARY) {
    // LOAD_CONST k; BINARY_OP/INPLACE_OP op on two numbers; anything else
    // pushes the constant and runs the operator instruction.
    const Value& k = consts[ARG() & 0xffff];
    Value r = fast_binop(BinOpKind(ARG() >> 16), TOP(), k);
    if (r) {
      TOP().init_raw(r.release_bits());  // TOS was a number: nothing to release
      ip++;
      FAST_DISPATCH();
    }
    PUSH_COPY(k);
    FAST_DISPATCH();
  }
  // Second halves run from the first without a dispatch: `insn` becomes
  // the second word, as if it had been fetched.
  TARGET(DUP_TOP_TWO_BINARY_SUBSCR) {
    sp[0].init_raw(sp[-2].new_ref_bits());
    sp[1].init_raw(sp[-1].new_ref_bits());
    sp += 2;
    insn = *ip++;
    goto binary_subscr;
  }
  TARGET(ROT_THREE_STORE_SUBSCR) {
    uint64_t top = sp[-1].bits();
    sp[-1].init_raw(sp[-2].bits());
    sp[-2].init_raw(sp[-3].bits());
    sp[-3].init_raw(top);
    insn = *ip++;
    goto store_subscr;
  }
  TARGET(DUP_TOP_LOAD_ATTR) {
    sp[0].init_raw(sp[-1].new_ref_bits());
    sp++;
    insn = *ip++;
    goto load_attr;
  }
  TARGET(ROT_TWO_STORE_ATTR) {
    std::swap(sp[-1], sp[-2]);
    insn = *ip++;
    goto store_attr;
  }
  TARGET(JUMP_FOR_ITER) {
    if (vm.interrupt_requested) goto interrupted;
    JUMP_TO(ARG());
    insn = *ip++;
    if (Op(insn & 0xff) == Op::FOR_ITER_STORE_FAST_LOAD_FAST) goto for_iter_store_fast_load_fast;
    if (Op(insn & 0xff) == Op::FOR_ITER_STORE_FAST) goto for_iter_store_fast;
    goto for_iter;
  }
  TARGET(IS_OP_JUMP) {
    bool r = sp[-2].is(sp[-1]) != bool(ARG() & 1);
    DROP();
    DROP();
    if (r == bool(ARG() & 2)) JUMP_POLL(ARG() >> 2);
    else ip++;
    FAST_DISPATCH();
  }
  TARGET(CONTAINS_OP_JUMP) {
    int r = fast_contains(vm, sp[-1], sp[-2]);
    CHECK(r >= 0);
    DROP();
    DROP();
    if ((bool(r) != bool(ARG() & 1)) == bool(ARG() & 2)) JUMP_POLL(ARG() >> 2);
    else ip++;
    FAST_DISPATCH();
  }
  TARGET(IS_OP) {
    bool same = sp[-2].is(sp[-1]);
    DROP();
    TOP() = Value::boolean(ARG() ? !same : same);
    DISPATCH();
  }
  TARGET(CONTAINS_OP) {
    int r = fast_contains(vm, sp[-1], sp[-2]);
    CHECK(r >= 0);
    DROP();
    TOP() = Value::boolean(ARG() ? !r : r);
    DISPATCH();
  }
binary_subscr:
  TARGET(BINARY_SUBSCR) {
    Value& container = sp[-2];
    const Value& key = sp[-1];
    Value r;
    if (const Value* item = fast_item(vm, container, key)) r = *item;
    if (!r) {
      if (DictObject* d = exact_dict(vm, container)) {
        int64_t h;
        CHECK(hash_fast(vm, key, &h));
        r = dict_get_known_hash(vm, d, key, h);
        CHECK(r || !vm.has_exception());
      }
      if (!r) {  // not a dict, or a missing key (getitem raises the KeyError)
        r = getitem(vm, container, key);
        CHECK(r);
      }
    }
    DROP();
    TOP() = std::move(r);
    FAST_DISPATCH();
  }
store_subscr:
  TARGET(STORE_SUBSCR) {
    // TOS1[TOS] = TOS2
    const Value& key = sp[-1];
    Value& container = sp[-2];
    if (Value* slot = fast_list_slot(vm, container, key)) {
      *slot = std::move(sp[-3]);
      DROP();
      DROP();
      sp--;  // sp[-3] was moved out (now Empty)
      DISPATCH();
    }
    if (DictObject* d = exact_dict(vm, container)) {
      int64_t h;
      CHECK(hash_fast(vm, key, &h));
      CHECK(dict_setitem_known_hash(vm, d, key, h, sp[-3]));
    } else {
      CHECK(setitem(vm, container, key, sp[-3]));
    }
    DROP();
    DROP();
    DROP();
    DISPATCH();
  }
  TARGET(DELETE_SUBSCR) {
    CHECK(delitem(vm, sp[-2], sp[-1]));
    DROP();
    DROP();
    DISPATCH();
  }
  TARGET(BUILD_TUPLE) {
    uint32_t n = ARG();
    Value t = tuple_new(vm, n);
    auto* to = t.as<TupleObject>();
    for (uint32_t i = 0; i < n; i++) to->items[i] = Value::from_raw_bits(sp[int(i) - int(n)].bits());
    sp -= n;
    PUSH(t);
    DISPATCH();
  }
  TARGET(BUILD_LIST) {
    uint32_t n = ARG();
    Value l = list_new(vm, n);
    auto& items = l.as<ListObject>()->items;
    for (uint32_t i = 0; i < n; i++) items.push_back(Value::from_raw_bits(sp[int(i) - int(n)].bits()));
    sp -= n;
    PUSH(l);
    DISPATCH();
  }
  TARGET(BUILD_SET) {
    uint32_t n = ARG();
    Value s = set_new(vm);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) ok = set_add(vm, s.as<SetObject>(), sp[int(i) - int(n)]);
    for (uint32_t i = 0; i < n; i++) DROP();
    CHECK(ok);
    PUSH(s);
    DISPATCH();
  }
  TARGET(BUILD_MAP) {
    uint32_t n = ARG();
    Value d = dict_new(vm);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++)
      ok = dict_setitem(vm, d.as<DictObject>(), sp[int(2 * i) - int(2 * n)], sp[int(2 * i + 1) - int(2 * n)]);
    for (uint32_t i = 0; i < 2 * n; i++) DROP();
    CHECK(ok);
    PUSH(d);
    DISPATCH();
  }
  TARGET(BINARY_SLICE) {
    uint32_t n = ARG();
    Value* parts = sp - n;
    Value r = getitem_slice(vm, parts[-1], parts[0], parts[1], n == 3 ? parts[2] : Value::none());
    CHECK(r);
    for (uint32_t k = 0; k < n; ++k) DROP();
    TOP() = std::move(r);
    DISPATCH();
  }
  TARGET(BUILD_SLICE) {
    Value step = ARG() == 3 ? POP() : Value::none();
    Value stop = POP();
    Value start = POP();
    Value s = slice_new(vm, std::move(start), std::move(stop), std::move(step));
    CHECK(s);
    PUSH(s);
    DISPATCH();
  }
  TARGET(BUILD_STRING) {
    uint32_t n = ARG();
    Value s = str_concat_n(vm, sp - n, n);
    CHECK(s);
    for (uint32_t i = 0; i < n; i++) DROP();
    PUSH(s);
    DISPATCH();
  }
  TARGET(LIST_APPEND) {
    Value v = POP();
    sp[-int(ARG())].as<ListObject>()->items.push_back(std::move(v));
    DISPATCH();
  }
  TARGET(SET_ADD) {
    Value v = POP();
    CHECK(set_add(vm, sp[-int(ARG())].as<SetObject>(), v));
    DISPATCH();
  }
  TARGET(MAP_ADD) {
    Value v = POP();
    Value k = POP();
    CHECK(dict_setitem(vm, sp[-int(ARG())].as<DictObject>(), k, v));
    DISPATCH();
  }
  TARGET(LIST_EXTEND) {
    Value it = POP();
    uint32_t depth = ARG() & 0xffff;
    auto& items = sp[-int(depth)].as<ListObject>()->items;
    Value l = sequence_to_list(vm, it);
    if (!l) {
      if (vm.exception_matches(Exc::TypeError) && !has_iter_method(vm, it)) {
        vm.clear_exception();
        if (ARG() & kCallArgsFlag)
          vm.raisef(Exc::TypeError, "%s argument after * must be an iterable, not %s",
                    function_str(vm, sp[-int(depth) - 1]).c_str(), type_name(vm, it));
        else
          vm.raisef(Exc::TypeError, "Value after * must be an iterable, not %s", type_name(vm, it));
      }
      GOTO_ERROR();
    }
    for (auto& x : l.as<ListObject>()->items) items.push_back(x);
    DISPATCH();
  }
  TARGET(SET_UPDATE) {
    Value it = POP();
    CHECK(set_update(vm, sp[-int(ARG())].as<SetObject>(), it));
    DISPATCH();
  }
  TARGET(DICT_UPDATE) {
    Value other = POP();
    if (!dict_update_from(vm, sp[-int(ARG())].as<DictObject>(), other)) {
      if (vm.exception_matches(Exc::AttributeError) || vm.exception_matches(Exc::TypeError)) {
        vm.clear_exception();
        vm.raisef(Exc::TypeError, "'%s' object is not a mapping", type_name(vm, other));
      }
      GOTO_ERROR();
    }
    DISPATCH();
  }
  TARGET(DICT_MERGE) {
    Value other = POP();
    auto* d = sp[-int(ARG())].as<DictObject>();
    if (!is_kind(other, ObjKind::Dict)) {
      Value tmp = dict_new(vm);
      if (!dict_update_from(vm, tmp.as<DictObject>(), other)) {
        vm.clear_exception();
        vm.raisef(Exc::TypeError, "%s argument after ** must be a mapping, not %s",
                  function_str(vm, sp[-int(ARG()) - 2]).c_str(), type_name(vm, other));
        GOTO_ERROR();
      }
      other = tmp;
    }
    for (auto& e : other.as<DictObject>()->entries) {
      if (e.key.is_empty()) continue;
      if (is_str(e.key) && dict_lookup_str_index(d, e.key.as<StrObject>()) >= 0) {
        vm.raisef(Exc::TypeError, "%s got multiple values for keyword argument '%s'",
                  function_str(vm, sp[-int(ARG()) - 2]).c_str(), std::string(str_view(e.key)).c_str());
        GOTO_ERROR();
      }
      CHECK(dict_setitem(vm, d, e.key, e.value));
    }
    DISPATCH();
  }
  TARGET(LIST_TO_TUPLE) {
    auto& items = TOP().as<ListObject>()->items;
    Value t = tuple_new(vm, items.size());
    for (size_t i = 0; i < items.size(); i++) t.as<TupleObject>()->items[i] = std::move(items[i]);
    TOP() = std::move(t);
    DISPATCH();
  }
  TARGET(UNPACK_SEQUENCE_STORE_FAST) {
    // UNPACK_SEQUENCE n into the locals of the n STORE_FASTs that follow,
    // for an exact tuple or list of n items; anything else runs the
    // originals. The last store may be STORE_FAST_LOAD_FAST: its load is
    // done too when the local is bound.
    uint32_t n = ARG();
    const Value& top = TOP();
    const Value* items = nullptr;
    // Exact classes only: a subclass may define __iter__.
    if (is_kind(top, ObjKind::Tuple) && top.as_object()->type == vm.types.tuple && top.as<TupleObject>()->size == n)
      items = top.as<TupleObject>()->items;
    else if (is_kind(top, ObjKind::List) && top.as_object()->type == vm.types.list &&
             top.as<ListObject>()->items.size() == n)
      items = top.as<ListObject>()->items.data();
    if (!items) {
      insn = encode(Op::UNPACK_SEQUENCE, n);
      goto unpack_sequence;
    }
    {
      // New references to all items first: releasing a local's old value
      // must not be able to change the sequence under the loop.
      uint64_t item_bits[16];
      for (uint32_t k = 0; k < n; k++) item_bits[k] = items[k].new_ref_bits();
      DROP();
      for (uint32_t k = 0; k + 1 < n; k++) locals[decode_arg(ip[k])] = Value::from_raw_bits(item_bits[k]);
      uint32_t last = ip[n - 1];
      ip += n;
      if (decode_op(last) == Op::STORE_FAST) locals[decode_arg(last)] = Value::from_raw_bits(item_bits[n - 1]);
      else STORE_FAST_THEN_LOAD_FAST(decode_arg(last), Value::from_raw_bits(item_bits[n - 1]));
    }
    DISPATCH();
  }
unpack_sequence:
  TARGET(UNPACK_SEQUENCE) {
    uint32_t n = ARG();
    Value seq = POP();
    // Exact classes only: a subclass may define __iter__.
    if (is_kind(seq, ObjKind::Tuple) && seq.as_object()->type == vm.types.tuple && seq.as<TupleObject>()->size == n) {
      auto* t = seq.as<TupleObject>();
      for (uint32_t i = 0; i < n; i++) {
        Value v = t->items[n - 1 - i];
        PUSH(v);
      }
      DISPATCH();
    }
    if (is_kind(seq, ObjKind::List) && seq.as_object()->type == vm.types.list &&
        seq.as<ListObject>()->items.size() == n) {
      auto& items = seq.as<ListObject>()->items;
      for (uint32_t i = 0; i < n; i++) {
        Value v = items[n - 1 - i];
        PUSH(v);
      }
      DISPATCH();
    }
    for (uint32_t i = 0; i < n; i++) sp[i].init_raw(Value().bits());
    if (!unpack_iterable(vm, seq, n, 0, false, sp)) {
      for (uint32_t i = 0; i < n; i++) sp[i].~Value();
      PUSH(seq);
      GOTO_ERROR();
    }
    sp += n;
    DISPATCH();
  }
  TARGET(UNPACK_EX) {
    uint32_t before = ARG() & 0xff, after = ARG() >> 8;
    Value seq = POP();
    uint32_t total = before + 1 + after;
    for (uint32_t i = 0; i < total; i++) sp[i].init_raw(Value().bits());
    if (!unpack_iterable(vm, seq, before, after, true, sp)) {
      for (uint32_t i = 0; i < total; i++) sp[i].~Value();
      PUSH(seq);
      GOTO_ERROR();
    }
    sp += total;
    DISPATCH();
  }
  TARGET(FORMAT_VALUE) {
    uint32_t flags = ARG();
    Value r;
    if (flags & 4) {
      Value spec = POP();
      Value v = POP();
      r = format_value(vm, std::move(v), flags, &spec);
    } else {
      Value v = POP();
      r = format_value(vm, std::move(v), flags, nullptr);
    }
    CHECK(r);
    PUSH(r);
    DISPATCH();
  }
  TARGET(JUMP) {
    uint32_t target = ARG();
    if (code_base + target < ip && vm.interrupt_requested) goto interrupted;
    JUMP_TO(target);
    FAST_DISPATCH();
  }
  TARGET(POP_JUMP_IF_FALSE) {
    int t = fast_truthy(vm, TOP());
    CHECK(t >= 0);
    DROP();
    if (!t) JUMP_POLL(ARG());
    FAST_DISPATCH();
  }
  TARGET(POP_JUMP_IF_TRUE) {
    int t = fast_truthy(vm, TOP());
    CHECK(t >= 0);
    DROP();
    if (t) JUMP_POLL(ARG());
    FAST_DISPATCH();
  }
  TARGET(JUMP_IF_FALSE_OR_POP) {
    int t = fast_truthy(vm, TOP());
    CHECK(t >= 0);
    if (!t) JUMP_TO(ARG());
    else DROP();
    DISPATCH();
  }
  TARGET(JUMP_IF_TRUE_OR_POP) {
    int t = fast_truthy(vm, TOP());
    CHECK(t >= 0);
    if (t) JUMP_TO(ARG());
    else DROP();
    DISPATCH();
  }
  TARGET(GET_ITER) {
    Value& v = TOP();
    if (!is_kind(v, ObjKind::Iterator) && !is_kind(v, ObjKind::Generator)) {
      Value it = get_iter(vm, v);
      CHECK(it);
      v = std::move(it);
    }
    DISPATCH();
  }
  // FOR_ITER and its fused forms: the next item pushed, or stored into the
  // local the loop assigns (then, for the second form, the local the body
  // loads first pushed); an exhausted iterator is popped and the loop left.
#define FOR_ITER_EXHAUSTED()   \
  do {                         \
    CHECK(!vm.has_exception()); \
    DROP();                    \
    JUMP_TO(ARG());            \
    FAST_DISPATCH();           \
  } while (0)
for_iter:
  TARGET(FOR_ITER) {
    uint64_t item;
    if (for_iter_next(vm, TOP(), &item)) {
      (sp++)->init_raw(item);
      FAST_DISPATCH();
    }
    FOR_ITER_EXHAUSTED();
  }
for_iter_store_fast:
  TARGET(FOR_ITER_STORE_FAST) {
    uint64_t item;
    if (for_iter_next(vm, TOP(), &item)) {
      locals[decode_arg(*ip)] = Value::from_raw_bits(item);  // STORE_FAST a
      ip++;
      FAST_DISPATCH();
    }
    FOR_ITER_EXHAUSTED();
  }
for_iter_store_fast_load_fast:
  TARGET(FOR_ITER_STORE_FAST_LOAD_FAST) {
    uint64_t item;
    if (for_iter_next(vm, TOP(), &item)) {
      uint32_t ab = decode_arg(*ip++);
      STORE_FAST_THEN_LOAD_FAST(ab, Value::from_raw_bits(item));
      FAST_DISPATCH();
    }
    FOR_ITER_EXHAUSTED();
  }
#undef FOR_ITER_EXHAUSTED
#undef STORE_FAST_THEN_LOAD_FAST
  TARGET(MAKE_FUNCTION) {
    uint32_t flags = ARG();
    Value code = POP();
    int n = ((flags & 1) ? 1 : 0) + ((flags & 2) ? 1 : 0) + ((flags & 8) ? 1 : 0);
    Value fn = make_function(vm, f, std::move(code), flags, sp - n);
    for (int i = 0; i < n; i++) DROP();
    PUSH(fn);
    DISPATCH();
  }
  TARGET(LOAD_BUILD_CLASS) {
    Value b = get_build_class(vm);
    PUSH(b);
    DISPATCH();
  }
  TARGET(RETURN_VALUE) {
    Value r = POP();
    if (f->inlined) {
      Frame* done = f;
      f = done->back;
      Value self = std::move(done->ctor_self);
      int binop = done->binop;
      pop_inlined_frame(vm, done, sp);
      vm.current_frame = f;
      LOAD_FRAME_STATE();
      if (binop >= 0) {
        if (r.is_not_implemented()) {
          binary_op_unsupported(vm, BinOpKind(binop), sp[-2], sp[-1]);
          GOTO_ERROR();
        }
        DROP();
        DROP();
      }
      if (self) {
        if (!r.is_none()) {
          vm.raisef(Exc::TypeError, "__init__() should return None, not '%s'", type_name(vm, r));
          GOTO_ERROR();
        }
        r = std::move(self);
      }
      PUSH(r);
      if (vm.interrupt_requested) goto interrupted;
      DISPATCH();
    }
    f->sp = sp;
    vm.current_frame = f->back;
    return r;
  }
  TARGET(YIELD_VALUE) {
    Value r = POP();
    f->sp = sp;
    f->pc = uint32_t(ip - code_base);
    vm.current_frame = f->back;
    reinterpret_cast<GenFrame*>(f)->yielded = true;
    return r;
  }
  TARGET(GET_YIELD_FROM_ITER) {
    Value& v = TOP();
    if (!is_kind(v, ObjKind::Generator)) {
      Value it = get_iter(vm, v);
      CHECK(it);
      v = std::move(it);
    }
    DISPATCH();
  }
  TARGET(YIELD_FROM) {
    Value v = POP();
    Value ret;
    Value y = yield_from_send(vm, TOP(), v, &ret);
    if (y) {
      // Suspend; on resume the sent value is pushed and YIELD_FROM runs again.
      f->sp = sp;
      f->pc = uint32_t(ip - code_base) - 1;
      vm.current_frame = f->back;
      reinterpret_cast<GenFrame*>(f)->yielded = true;
      return y;
    }
    CHECK(!vm.has_exception());
    DROP();
    PUSH(ret);
    DISPATCH();
  }
  TARGET(RAISE_VARARGS) {
    uint32_t n = ARG();
    if (n == 0) {
      if (vm.handled_exception.is_empty() || vm.handled_exception.is_none()) {
        vm.raise(Exc::RuntimeError, "No active exception to reraise");
        GOTO_ERROR();
      }
      vm.raise_value(vm.handled_exception);
      reraise = true;
      GOTO_ERROR();
    }
    Value cause = n == 2 ? POP() : Value();
    Value exc = POP();
    do_raise(vm, std::move(exc), std::move(cause));
    GOTO_ERROR();
  }
  TARGET(RERAISE) {
    Value exc = POP();
    vm.raise_value(std::move(exc));
    reraise = true;
    GOTO_ERROR();
  }
  TARGET(PUSH_EXC_INFO) {
    Value exc = POP();
    Value prev = vm.handled_exception ? vm.handled_exception : Value::none();
    vm.handled_exception = exc;
    PUSH(prev);
    PUSH(exc);
    DISPATCH();
  }
  TARGET(POP_EXCEPT) {
    Value prev = POP();
    vm.handled_exception = prev.is_none() ? Value() : std::move(prev);
    DISPATCH();
  }
  TARGET(POP_EXCEPT_RERAISE) {
    Value exc = POP();
    Value prev = POP();
    vm.handled_exception = prev.is_none() ? Value() : std::move(prev);
    vm.raise_value(std::move(exc));
    reraise = true;
    GOTO_ERROR();
  }
  TARGET(CHECK_EXC_MATCH) {
    int r = exc_matches(vm, sp[-2], sp[-1]);
    CHECK(r >= 0);
    TOP() = Value::boolean(r);
    DISPATCH();
  }
  TARGET(BEFORE_WITH) {
    Value mgr = POP();
    Value enter = getattr_opt(vm, mgr, vm.names.__enter__);
    if (!enter) {
      if (!vm.has_exception())
        vm.raisef(Exc::TypeError, "'%s' object does not support the context manager protocol", type_name(vm, mgr));
      GOTO_ERROR();
    }
    Value exit = getattr_opt(vm, mgr, vm.names.__exit__);
    if (!exit) {
      if (!vm.has_exception())
        vm.raisef(Exc::TypeError,
                  "'%s' object does not support the context manager protocol (missed __exit__ method)",
                  type_name(vm, mgr));
      GOTO_ERROR();
    }
    Value r = vm.call0(enter);
    CHECK(r);
    PUSH(exit);
    PUSH(r);
    DISPATCH();
  }
  TARGET(WITH_EXIT) {
    Value exit = POP();
    Value args[3] = {Value::none(), Value::none(), Value::none()};
    Value r = vm.call(exit, args, 3);
    CHECK(r);
    DISPATCH();
  }
  TARGET(WITH_EXCEPT_START) {
    // exit, prev, exc
    const Value& exc = sp[-1];
    Value args[3] = {Value::borrow(type_of(vm, exc)), exc, Value::none()};
    Value r = vm.call(sp[-3], args, 3);
    CHECK(r);
    PUSH(r);
    DISPATCH();
  }
  TARGET(IMPORT_NAME) {
    Value fromlist = POP();
    Value level = POP();
    Value m = import_name(vm, f, name_at(co, ARG()), fromlist, level);
    CHECK(m);
    PUSH(m);
    DISPATCH();
  }
  TARGET(IMPORT_FROM) {
    Value v = import_from(vm, TOP(), name_at(co, ARG()));
    CHECK(v);
    PUSH(v);
    DISPATCH();
  }
  TARGET(IMPORT_STAR) {
    Value m = POP();
    CHECK(import_star(vm, f, m));
    DISPATCH();
  }
  TARGET(LOAD_ASSERTION_ERROR) {
    Value t = Value::borrow(vm.exc_type(Exc::AssertionError));
    PUSH(t);
    DISPATCH();
  }
  TARGET(SETUP_ANNOTATIONS) {
    // A module or class body with annotations: __annotations__ = {} unless
    // the namespace has one already.
    Value ns = f->locals_dict.is_object() ? f->locals_dict : Value::borrow(f->globals);
    Value key = Value::borrow(vm.names.__annotations__);
    int has = contains(vm, ns, key);
    CHECK(has >= 0);
    if (!has) {
      Value d = dict_new(vm);
      CHECK(d);
      CHECK(setitem(vm, ns, key, d));
    }
    DISPATCH();
  }
  TARGET(COPY_FREE_VARS) { DISPATCH(); }
  TARGET(PRINT_EXPR) {
    Value v = POP();
    if (!v.is_none()) {
      Value r = repr(vm, v);
      CHECK(r);
      vm.out(std::string(str_view(r)) + "\n");
      CHECK(dict_setitem(vm, vm.builtins_dict.as<DictObject>(), vm.intern("_"), v));
    }
    DISPATCH();
  }

#ifndef KILN_COMPUTED_GOTO
  default:
    vm.raisef(Exc::SystemError, "unknown opcode %u", insn & 0xff);
    goto error;
  }
#endif

interrupted:
  KILN_COLD_LABEL;
  vm.interrupt_requested = 0;
  vm.raise(Exc::KeyboardInterrupt, "");
  goto error;

error:
  KILN_COLD_LABEL;
  {
  uint32_t pc = uint32_t(ip - code_base);
  uint32_t fail_pc = pc > 0 ? pc - 1 : 0;
  if (!vm.has_exception()) vm.raise(Exc::SystemError, "error return without exception set");
  if (!reraise) {
    set_context(vm);
    add_traceback(vm, f, fail_pc);
  }
  reraise = false;
  const ExcEntry* h = find_handler(co, fail_pc);
  if (h) {
    Value* target = f->stack_base() + h->depth;
    while (sp > target) DROP();
    Value exc = vm.take_exception();
    PUSH(exc);
    JUMP_TO(h->handler);
    DISPATCH();
  }
  // No handler here: unwind this frame's operand stack and propagate (to
  // the caller's CALL instruction when the call was inlined).
  Value* base = f->stack_base();
  while (sp > base) DROP();
  if (f->inlined) {
    Frame* done = f;
    f = done->back;
    pop_inlined_frame(vm, done, sp);
    vm.current_frame = f;
    LOAD_FRAME_STATE();
    goto error;
  }
  f->sp = sp;
  vm.current_frame = f->back;
  return Value();
}

#undef ARG
#undef PUSH
#undef PUSH_COPY
#undef KILN_COLD_LABEL
#undef POP
#undef TOP
#undef SECOND
#undef DROP
#undef GOTO_ERROR
#undef CHECK
#undef JUMP_TO
#undef LOAD_FRAME_STATE
#undef ENTER_INLINED_FRAME
#undef co
#undef locals
#undef RUN_INLINED
#undef code_base
#undef cells
#undef consts
#undef TARGET
#undef DISPATCH
#undef FAST_DISPATCH
}

}  // namespace

int CodeObject::line_of(uint32_t pc) const {
  if (lines.empty()) return firstlineno;
  size_t lo = 0, hi = lines.size();
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (lines[mid].pc <= pc) lo = mid;
    else hi = mid;
  }
  return lines[lo].line;
}

}  // namespace kiln::vm
