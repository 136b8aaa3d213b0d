// vm/interpreter.h — entry points into the bytecode interpreter.
//
// The interpreter (vm/interpreter.cpp) executes CodeObjects produced by the
// compiler (vm/compiler.h). Everything else in the VM calls Python code only
// through these functions (or through VM::call, which dispatches here for
// user functions), so the interpreter's frame layout stays private.
#pragma once

#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// Calls a user function (binding positional, keyword, default, *args and
// **kwargs parameters exactly as CPython does, with CPython's TypeError
// messages). Generator functions return a new generator object.
Value call_function(VM& vm, FunctionObject* fn, const CallArgs& args);

// Runs module-level code with `globals` as both globals and locals.
Value run_module_code(VM& vm, CodeObject* code, const Value& globals);

// Runs a class body (a zero-argument function compiled from `class X: ...`)
// with `ns` (a dict) as its local namespace. Returns the __class__ cell
// (CellObject) if the body created one (methods use super() or __class__),
// else None; Empty on error.
Value run_class_body(VM& vm, FunctionObject* body, const Value& ns);

// Generators: resume with `sent` (None for next()). Returns the yielded value;
// Empty with StopIteration(value) pending when the generator returns, or with
// the error pending.
Value generator_send(VM& vm, GeneratorObject* gen, const Value& sent);
// gen.throw(exc): raises `exc` at the suspension point.
Value generator_throw(VM& vm, GeneratorObject* gen, const Value& exc);
// gen.close()
Value generator_close(VM& vm, GeneratorObject* gen);
// Frees a generator's suspended frame (called from object destruction / gc).
void generator_free_frame(GeneratorObject* gen);
// A generator whose last reference is being dropped while it is suspended
// inside a try/finally or with block is closed first, as CPython does
// (GeneratorExit at the yield, so its finally blocks and __exit__s run):
// called by object_destroy with the count at zero. Returns true when it ran
// the close (the generator was kept alive for it and released again, so the
// caller must not touch it), false when there was nothing to run (not
// started, finished, no handler around the yield, during a collection or
// the VM's teardown). An exception the close raises is reported on stderr
// ("Exception ignored in: ...") and dropped; one pending before is kept.
bool generator_close_on_drop(GeneratorObject* gen);
void generator_traverse(GeneratorObject* gen, VisitFn visit, void* ctx);

// For zero-argument super(): the __class__ cell and first argument of the
// innermost executing Python frame. Raises RuntimeError("super(): no arguments")
// or ("super(): __class__ cell not found") like CPython on failure.
bool current_super_args(VM& vm, Value* type, Value* obj);

// globals() / locals() of the innermost Python frame (locals() returns a new
// dict snapshot for function frames).
Value current_globals(VM& vm);
Value current_locals(VM& vm);

// Compiles and runs source as a module body in `globals`.
// `filename` is used in tracebacks; `source` is remembered for them.
Value exec_source(VM& vm, std::string_view source, const std::string& filename,
                  const Value& globals);

}  // namespace kiln::vm
