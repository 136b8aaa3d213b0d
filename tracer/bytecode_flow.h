// tracer/bytecode_flow.h — what the tracer reads off raw bytecode without
// running it: how execution goes on from an instruction the interpreter runs
// at a graph break, the operand-stack depth at every pc (the self-check of
// the tracer's symbolic stack), which locals later code reads (the live
// values a resume function needs), and which exception-table entries are try
// statements (traced on their normal path) rather than with blocks. All of
// it works on CodeObject::raw_code (before superinstruction fusion) and the
// per-opcode tables of vm/opcodes.def.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "vm/code.h"

namespace kiln::tracer {

// Whether `op`'s argument is a jump target.
bool is_jump_arg(vm::Op op);

// The ways execution goes on after the interpreter runs raw instruction
// `insn` at `pc` from stack depth k: (pc, depth) pairs, two for a
// conditional jump. Empty when a break there cannot be resumed (the
// instruction reads or writes locals or cells, ends the frame, or handles
// exceptions).
std::vector<std::pair<uint32_t, int>> resume_successors(uint32_t pc, uint32_t insn, int k);

// The operand-stack depth before each instruction of `co`'s raw code (-1
// where the flow analysis does not reach), from pc 0 and the exception
// handlers: the bytecode's view, against which the tracer checks its
// symbolic stack at every resume point.
std::vector<int> bytecode_stack_depths(const vm::CodeObject* co);

// Which locals of `co` some instruction from pc `at` on may read (backward
// liveness over the raw code, exception handlers included): the others are
// not handed to a resume function.
std::vector<bool> live_locals_at(const vm::CodeObject* co, uint32_t at);

// Whether exception-table entry `h` of `co` guards a try statement (its
// handler: PUSH_EXC_INFO, then an except clause's test or a finally body)
// rather than a with block (PUSH_EXC_INFO, WITH_EXCEPT_START) or the
// cleanup of a handler (POP_EXCEPT_RERAISE).
bool is_try_block(const vm::CodeObject* co, const vm::ExcEntry& h);

}  // namespace kiln::tracer
