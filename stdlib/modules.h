// stdlib/modules.h — the native standard modules of Kiln and `open()`.
//
// `import math`, `import random`, `import time` and `import sys` find native
// modules registered with VM::register_native_module; each module is created
// on first import by its init function (stdlib/math.cpp, stdlib/random.cpp,
// stdlib/time.cpp, stdlib/sys.cpp), which builds a ModuleObject and fills its
// namespace with native functions and constants. Module state (the random
// generator, ...) hangs off the module's objects, never off globals, so two
// VMs in one process are independent. Parts of a module written in Python
// (torch.nn, torch.optim) are embedded source modules that the native
// module registers when it is created (stdlib/embedded.h).
//
// Text files (`open()`, the TextIOWrapper type, sys.stdout/stderr/stdin, and
// the `io` module with io.UnsupportedOperation) live in stdlib/file.cpp; the
// builtins module (stdlib/builtins.cpp) exposes builtin_open as `open`.
//
// Who calls what:
//   * the VM bootstrap calls register_stdlib_modules(vm) once, and
//     init_file_type(vm) with the other init_*_type functions (it registers
//     the methods of vm.types.file);
//   * stdlib/builtins.cpp binds `open` to builtin_open.
#pragma once

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// Registers math, random, time, sys and io with vm.register_native_module.
void register_stdlib_modules(VM& vm);

Value init_math_module(VM& vm);
Value init_random_module(VM& vm);
Value init_time_module(VM& vm);
Value init_sys_module(VM& vm);
// io: open, TextIOWrapper, UnsupportedOperation, SEEK_* (stdlib/file.cpp).
Value init_io_module(VM& vm);
// torch: tensors and eager CPU kernels (stdlib/torch/module.cpp).
Value init_torch_module(VM& vm);

// open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None)
Value builtin_open(VM& vm, const CallArgs& a, const Value& self);
// Registers the methods of vm.types.file (TextIOWrapper): read, write, ...
void init_file_type(VM& vm);

// The console streams behind sys.stdout / sys.stderr / sys.stdin: file
// objects whose writes go through vm.out / vm.err (stdin reads the process's
// standard input). `which`: 1 stdout, 2 stderr, 3 stdin.
Value make_console_file(VM& vm, int which);

}  // namespace kiln::vm
