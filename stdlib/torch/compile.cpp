// stdlib/torch/compile.cpp — torch.compile and torch.compiler: how a program
// asks for the tracer (tracer/) explicitly.
//
//   torch.compile(fn, *, fullgraph=False, dynamic=None, backend=..., mode=...,
//                 options=..., disable=False)
//     returns a wrapper (usable as a decorator, with or without arguments).
//     Calling it asks the tracer to compile fn's frame (for an nn.Module or
//     another callable object, its class's __call__) on this first call
//     (VM::jit_request_*) and traces every frame started under it on its
//     first call too, as TorchDynamo's frame callback does. With
//     fullgraph=True a graph break in fn's frame is an error naming the
//     reason and the line; dynamic=True makes sizes symbolic from the first
//     graph, dynamic=False never. backend, mode and options are accepted
//     and ignored (Kiln has one compiler). At --tier=0 the tracer is off and
//     the wrapper just calls fn.
//   torch.compiler.disable(fn=None, recursive=True) returns a wrapper that
//     runs fn — and what it calls — in the interpreter; a traced function
//     calling it breaks its graph there (CompilerDisabled). With
//     recursive=False only fn's own frames are skipped (its code is marked
//     kCodeNoTrace and fn itself returned): what it calls is traced.
//   torch.compiler.is_compiling() — False (a traced function sees True).
//
// The wrappers are natives whose data is (fn, flags); the tracer recognises
// them (is_compile_wrapper / is_disable_wrapper) to inline a compiled
// function and to break at a disabled one.
#include "stdlib/torch/compile.h"

#include <deque>
#include <string>

#include "stdlib/native_util.h"
#include "stdlib/torch/bindings.h"
#include "vm/code.h"
#include "vm/dict.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

namespace {

// Native names are static storage: the wrapped functions' names live here
// for the VM's lifetime.
const char* stable_name(VM& vm, const Value& fn) {
  static std::deque<std::string> names;
  std::string n = "compiled_function";
  Value v = vm::getattr(vm, fn, vm.intern("__name__").as<vm::StrObject>());
  if (v && vm::is_str(v)) n = std::string(vm::str_view(v));
  else vm.clear_exception();
  for (const std::string& s : names)
    if (s == n) return s.c_str();
  names.push_back(n);
  return names.back().c_str();
}

Value pair(VM& vm, const Value& fn, uint32_t flags) {
  Value t = vm::tuple_new(vm, 2);
  t.as<vm::TupleObject>()->items[0] = fn;
  t.as<vm::TupleObject>()->items[1] = Value::small_int(int64_t(flags));
  return t;
}

Value call_wrapped(VM& vm, const vm::CallArgs& a, const Value& fn) {
  return vm.call(fn, a.args, a.nargs, a.kwnames);
}

Value compiled_call_impl(VM& vm, const vm::CallArgs& a, const Value& data) {
  const Value& fn = data.as<vm::TupleObject>()->items[0];
  int64_t flags = 0;
  vm::int_value(data.as<vm::TupleObject>()->items[1], &flags);
  // The frame to compile: fn's own, or for a callable object (an
  // nn.Module) its class's __call__.
  Value target = fn;
  if (!vm::is_kind(fn, ObjKind::Function) && fn.is_object() && !vm::is_kind(fn, ObjKind::Type))
    target = vm::type_lookup(fn.as_object()->type, vm.names.__call__);
  if (vm::is_kind(target, ObjKind::Function) && vm.jit_enter) {
    auto* co = target.as<vm::FunctionObject>()->code.as<vm::CodeObject>();
    if (!(co->flags & (vm::kCodeGenerator | vm::kCodeModule | vm::kCodeClassBody))) {
      co->flags |= vm::kCodeJitWatch;
      vm.jit_request_code = co;
      vm.jit_request_flags = uint32_t(flags);
    }
  }
  vm.jit_compile_depth++;
  Value r = call_wrapped(vm, a, fn);
  vm.jit_compile_depth--;
  vm.jit_request_code = nullptr;
  return r;
}

Value disabled_call_impl(VM& vm, const vm::CallArgs& a, const Value& data) {
  const Value& fn = data.as<vm::TupleObject>()->items[0];
  vm.jit_disabled++;
  Value r = call_wrapped(vm, a, fn);
  vm.jit_disabled--;
  return r;
}

bool check_callable(VM& vm, const Value& fn, const char* who) {
  bool ok = false;
  if (fn.is_object()) {
    switch (fn.as_object()->kind) {
      case ObjKind::Function:
      case ObjKind::Native:
      case ObjKind::BoundMethod:
      case ObjKind::Type: ok = true; break;
      default: ok = bool(vm::type_lookup(fn.as_object()->type, vm.names.__call__));
    }
  }
  if (ok) return true;
  vm.raisef(Exc::TypeError, "%s: expected a callable, got %s", who, vm::type_name(vm, fn));
  return false;
}

// The wrapper for fn with these flags (or the decorator waiting for fn).
Value compile_wrap(VM& vm, const Value& fn, uint32_t flags) {
  if (!check_callable(vm, fn, "torch.compile")) return Value();
  return vm::new_native(vm, stable_name(vm, fn), compiled_call, pair(vm, fn, flags), Value::none());
}

Value compile_decorator(VM& vm, const vm::CallArgs& a, const Value& data) {
  if (a.nargs != 1 || a.nkw()) return vm.raise(Exc::TypeError, "torch.compile(...) decorator takes one function");
  int64_t flags = 0;
  vm::int_value(data, &flags);
  return compile_wrap(vm, a.args[0], uint32_t(flags));
}

Value torch_compile(VM& vm, const vm::CallArgs& a, const Value&) {
  Value args[8];
  if (!vm::bind_py_args(vm, a,
                        {"compile", {"model", "fullgraph", "dynamic", "backend", "mode", "options", "disable"}, 1, 0},
                        args))
    return Value();
  uint32_t flags = 0;
  if (args[1]) {
    int t = vm::truthy(vm, args[1]);
    if (t < 0) return Value();
    if (t) flags |= vm::kCompileFullgraph;
  }
  if (args[2] && !args[2].is_none()) {
    int t = vm::truthy(vm, args[2]);
    if (t < 0) return Value();
    flags |= t ? vm::kCompileDynamic : vm::kCompileStatic;
  }
  bool disable = false;
  if (args[6]) {
    int t = vm::truthy(vm, args[6]);
    if (t < 0) return Value();
    disable = t;
  }
  if (!args[0] || args[0].is_none()) {
    // @torch.compile(fullgraph=True): the decorator.
    if (disable) return vm::new_native(vm, "compile_disabled", [](VM& v, const vm::CallArgs& c, const Value&) -> Value {
      if (c.nargs != 1 || c.nkw()) return v.raise(Exc::TypeError, "torch.compile(...) decorator takes one function");
      return c.args[0];
    }, Value::none(), Value::none());
    return vm::new_native(vm, "compile_decorator", compile_decorator, Value::small_int(int64_t(flags)), Value::none());
  }
  if (disable) {
    if (!check_callable(vm, args[0], "torch.compile")) return Value();
    return args[0];
  }
  return compile_wrap(vm, args[0], flags);
}

Value disable_wrap(VM& vm, const Value& fn) {
  if (!check_callable(vm, fn, "torch.compiler.disable")) return Value();
  return vm::new_native(vm, stable_name(vm, fn), disabled_call, pair(vm, fn, 0), Value::none());
}

Value disable_decorator(VM& vm, const vm::CallArgs& a, const Value&) {
  if (a.nargs != 1 || a.nkw()) return vm.raise(Exc::TypeError, "torch.compiler.disable(...) decorator takes one function");
  return disable_wrap(vm, a.args[0]);
}

// recursive=False: only fn's own frames are skipped. Its code is marked
// (and no longer watched); fn itself is returned.
Value mark_no_trace(VM& vm, const Value& fn) {
  Value f = fn;
  if (vm::is_kind(f, ObjKind::BoundMethod)) f = f.as<vm::BoundMethodObject>()->func;
  if (!vm::is_kind(f, ObjKind::Function))
    return vm.raisef(Exc::NotImplementedError,
                     "torch.compiler.disable(recursive=False) of a %s: Kiln supports it on Python functions and methods",
                     vm::type_name(vm, fn));
  auto* co = f.as<vm::FunctionObject>()->code.as<vm::CodeObject>();
  co->flags = (co->flags | vm::kCodeNoTrace) & ~uint32_t(vm::kCodeJitWatch);
  return fn;
}

Value compiler_disable(VM& vm, const vm::CallArgs& a, const Value&) {
  Value args[2];
  if (!vm::bind_py_args(vm, a, {"disable", {"fn", "recursive"}, 2, 0}, args)) return Value();
  bool recursive = true;
  if (args[1]) {
    int t = vm::truthy(vm, args[1]);
    if (t < 0) return Value();
    recursive = t;
  }
  if (!recursive) {
    if (!args[0] || args[0].is_none())
      return vm::new_native(vm, "disable_decorator", [](VM& v, const vm::CallArgs& c, const Value&) -> Value {
        if (c.nargs != 1 || c.nkw()) return v.raise(Exc::TypeError, "torch.compiler.disable(...) decorator takes one function");
        return mark_no_trace(v, c.args[0]);
      }, Value::none(), Value::none());
    return mark_no_trace(vm, args[0]);
  }
  if (!args[0] || args[0].is_none())
    return vm::new_native(vm, "disable_decorator", disable_decorator, Value::none(), Value::none());
  return disable_wrap(vm, args[0]);
}

Value compiler_is_compiling(VM& vm, const vm::CallArgs& a, const Value&) {
  if (a.nargs || a.nkw()) return vm.raise(Exc::TypeError, "is_compiling() takes no arguments");
  return Value::boolean(false);
}

}  // namespace

Value compiled_call(VM& vm, const vm::CallArgs& a, const Value& data) { return compiled_call_impl(vm, a, data); }
Value disabled_call(VM& vm, const vm::CallArgs& a, const Value& data) { return disabled_call_impl(vm, a, data); }
Value is_compiling_native(VM& vm, const vm::CallArgs& a, const Value& data) { return compiler_is_compiling(vm, a, data); }

void register_compile(Registrar& r) {
  VM& vm = r.vm;
  r.function("compile", torch_compile);
  Value m = vm::new_native_module(vm, "torch.compiler");
  if (!m) return;
  vm::dict_setitem(vm, vm.modules.as<vm::DictObject>(), vm.intern("torch.compiler"), m);
  vm::module_set(vm, r.module, "compiler", m);
  vm::module_set(vm, m, "disable", vm::new_native(vm, "disable", compiler_disable, Value::none(), Value::none()));
  vm::module_set(vm, m, "is_compiling",
                 vm::new_native(vm, "is_compiling", is_compiling_native, Value::none(), Value::none()));
}

}  // namespace kiln::torch
