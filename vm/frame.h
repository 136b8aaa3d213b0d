// vm/frame.h — an activation record of the interpreter.
//
// A Frame describes one executing CodeObject: its fast locals, cells and
// value stack live in one contiguous `slots` array ([locals][cells][stack]).
// For ordinary calls the slots are carved from the VM's value stack and the
// Frame itself lives on the C++ stack of the interpreter; a generator owns a
// heap-allocated Frame and slots array that survive between resumptions.
// Calls the interpreter makes itself run in the caller's loop (`inlined`).
// Frames link to their caller through `back`, which is how tracebacks,
// super() and globals() find the innermost frame (VM::current_frame).
#pragma once

#include <cstdint>

#include "vm/code.h"
#include "vm/object.h"
#include "vm/value.h"

namespace kiln::vm {

struct Frame {
  CodeObject* code = nullptr;        // borrowed: kept alive by func or caller
  FunctionObject* func = nullptr;    // null for module code
  Value* slots = nullptr;            // code->nlocals + ncells + stacksize
  Value* sp = nullptr;               // next free stack slot
  uint32_t pc = 0;                   // index of the next instruction
  uint32_t last_pc = 0;              // instruction being executed (for line numbers)
  DictObject* globals = nullptr;     // borrowed
  Value locals_dict;                 // module / class bodies: the namespace (LOAD_NAME)
  Frame* back = nullptr;
  GeneratorObject* gen = nullptr;    // set while a generator frame runs
  // Frames of calls the interpreter makes itself (CALL / CALL_METHOD of a
  // plain Python function) run in the caller's execute() loop: the Frame
  // record sits on the value stack just below its slots, holds the function
  // (`func_ref`), and RETURN_VALUE resumes the caller in the same loop.
  bool inlined = false;
  Value func_ref;
  // An inlined __init__ run by the interpreter's own `C(...)`: the new
  // instance, which the call returns (Empty otherwise).
  Value ctor_self;
  // An inlined `a op b` (BINARY_OP calling a user __op__): the operator,
  // whose operands wait on the caller's stack until it returns (-1: none).
  int8_t binop = -1;

  Value* cells() const { return slots + code->nlocals; }
  Value* stack_base() const { return slots + code->nlocals + code->ncells(); }
  int nslots() const { return code->nlocals + code->ncells() + code->stacksize; }
  int line() const { return code->line_of(last_pc); }
};

}  // namespace kiln::vm
