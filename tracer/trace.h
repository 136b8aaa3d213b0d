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
// call exactly once, with every side effect it has (side effects on
// objects from outside — global, attribute, list and dict stores — are
// graph nodes, in program order). Anything the tracer cannot model stops it
// with a reason from tracer/break_reasons.def; the trace so far then
// becomes a partial graph and a ResumePoint when the break can resume.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <string>

#include "tracer/break_reason.h"
#include "tracer/bytecode_flow.h"
#include "tracer/graph.h"
#include "tracer/guards.h"
#include "tracer/natives.h"

namespace kiln::tracer {

struct TraceLimits {
  int max_instructions = 20000;  // symbolic instructions, inlined calls and unrolled loops included
  int max_inline_depth = 8;
};

// A graph break the caller can resume from (TorchDynamo's
// compile_subgraph): the graph computes every live value at the break; the
// instruction at `pc` then runs in the interpreter, and a resume function
// carries on after it. Each live value is a graph output, a constant, or
// nothing (an unbound local; the marker LOAD_METHOD pushes for a plain
// function).
struct LiveValue {
  enum Kind : uint8_t { Output, Const, Empty, Function } kind = Empty;
  int output = -1;  // Output: index into the graph's outputs
  Value value;      // Const; Function: its CodeObject
  // Function (a closure or lambda made by the traced code, made for real
  // now): its constant defaults (or None) and the traced frame's cells it
  // closes over, by index.
  Value defaults;
  std::vector<int> closure;
};
struct ResumePoint {
  uint32_t pc = 0;        // pc of the traced code
  bool run_insn = true;   // the instruction at pc runs in the interpreter, then the resume function
                          // carries on after it; else the resume function starts at pc (the entry of
                          // a loop with a break inside)
  uint32_t insn = 0;      // run_insn: its raw encoding
  bool in_block = false;  // run_insn inside a try or with block: the instruction runs under the block's
                          // innermost handler, whose own resume function takes an exception it raises
  std::vector<LiveValue> locals;  // the first `carry_locals` locals
  std::vector<LiveValue> stack;   // bottom to top, before the instruction
  std::vector<LiveValue> cells;   // the contents of the traced code's own cells (cellvars), written back
};

struct TraceResult {
  bool ok = false;
  // When ok and resume is set: a partial graph up to a graph break (reason,
  // detail, file and line say why), to be resumed after `resume.pc`.
  std::optional<ResumePoint> resume;
  std::string no_resume;  // when !ok after a break: why it could not be resumed
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
  bool dynamic = false;  // some tensor sizes are not guarded (automatic dynamic shapes)
  std::string size_read_at;  // file:line where the code first read a tensor size into Python, if it did
  const vm::CodeObject* failed_generator = nullptr;  // the break happened inside this generator's body
};

// What the cache tells a trace.
struct TraceOptions {
  int carry_locals = 0;  // locals live at a break (a resume function's stack parameters come after)
  // Automatic dynamic shapes: per tensor source (described, "x", "G['w']"),
  // the dims whose size changed between earlier graphs; `all_dynamic`
  // (torch.compile(dynamic=True)): every dim of every contiguous tensor.
  // Such dims are not guarded unless the traced code reads a size (shape,
  // size(), len, iterating rows...), which pins them all again.
  const std::unordered_map<std::string, uint64_t>* dynamic = nullptr;
  bool all_dynamic = false;
  // Int and float sources (described) whose value changed between earlier
  // graphs (a step counter, a learning rate): graph inputs (SymInts,
  // SymFloats) instead of constants, unless Python code uses them (then
  // every one is pinned again with its CONST_MATCH).
  const std::vector<std::string>* dynamic_numbers = nullptr;
  // Generator functions whose calls are not inlined (trace_function's
  // retries: a break inside such a generator's body could not resume).
  const std::set<const vm::CodeObject*>* no_inline_generators = nullptr;
};

// Traces the call of `fn` (code `co`) whose arguments are bound in `slots`
// (locals, then cells, as the interpreter lays them out). A break resumes
// (TraceResult::resume) when it happens between instructions of `co` itself
// (a break inside an inlined call backs up to the call), outside loops and
// try/with, in code without cells; the live locals are the first
// `opts.carry_locals` (a resume function's stack parameters after those
// are dead once its prologue ran). Never raises (called with no exception
// pending, it returns with none).
TraceResult trace_function(VM& vm, vm::FunctionObject* fn, vm::CodeObject* co, const Value* slots,
                           const TraceLimits& limits, NativeTable& natives, const TraceOptions& opts);

}  // namespace kiln::tracer
