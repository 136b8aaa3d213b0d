// tracer/trace.h — capturing a graph from a hot call (TorchDynamo's
// InstructionTranslator).
//
// trace_function symbolically executes the raw (unfused) bytecode of a
// function for one concrete call: the values of the call's arguments decide
// Python-level control flow (loops over ranges, lists and tuples unroll;
// branches on Python values resolve; user functions are inlined), and every
// assumption becomes a guard on a source (tracer/guards.h). Tensor
// operations become graph nodes (tracer/graph.h).
//
// Tracing is pure: it runs each tensor operation on *copies* of the
// argument tensors (same sizes, strides, aliasing and data) to learn the
// result's metadata, and restores the random generator and grad mode
// afterwards, so the interpreter — or the compiled entry — then runs the
// call exactly once, with every side effect it has. Anything the tracer
// cannot model stops it with a reason from tracer/break_reasons.def.
#pragma once

#include <memory>
#include <string>

#include "tracer/break_reason.h"
#include "tracer/graph.h"
#include "tracer/guards.h"
#include "tracer/natives.h"

namespace kiln::tracer {

struct TraceLimits {
  int max_instructions = 20000;  // symbolic instructions, inlined calls and unrolled loops included
  int max_inline_depth = 8;
};

struct TraceResult {
  bool ok = false;
  // When !ok: why, where (file:line of the instruction), and a detail such
  // as the builtin's name.
  BreakReason reason = BreakReason::UnsupportedBytecode;
  std::string detail;
  std::string file;
  int line = 0;
  // When ok: the graph and its guards.
  std::unique_ptr<Graph> graph;
  GuardProgram guards;
  int instructions = 0;  // symbolically executed
};

// Traces the call of `fn` (code `co`) whose arguments are bound in `slots`
// (locals, then cells, as the interpreter lays them out). Never raises
// (called with no exception pending, it returns with none).
TraceResult trace_function(VM& vm, vm::FunctionObject* fn, vm::CodeObject* co, const Value* slots,
                           const TraceLimits& limits, NativeTable& natives);

}  // namespace kiln::tracer
