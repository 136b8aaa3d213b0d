// stdlib/torch/compile.h — torch.compile and torch.compiler's wrappers
// (stdlib/torch/compile.cpp), exposed so the tracer can recognise them: a
// call of a compiled function inside a traced one is inlined, a call of a
// disabled one breaks the graph, and torch.compiler.is_compiling() is True
// while tracing.
#pragma once

#include "vm/vm.h"

namespace kiln::torch {

using vm::Value;
using vm::VM;

// The natives behind the wrappers; `data` is (fn, flags).
Value compiled_call(VM& vm, const vm::CallArgs& a, const Value& data);
Value disabled_call(VM& vm, const vm::CallArgs& a, const Value& data);
Value is_compiling_native(VM& vm, const vm::CallArgs& a, const Value& data);

}  // namespace kiln::torch
