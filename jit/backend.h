// jit/backend.h — what a compiling backend is, to the tier manager.
//
// A backend turns Kernel IR (codegen/kernel_ir.h) into something that runs
// a prepared launch (codegen/launch.h). Tier 1 is asmjit
// (jit/asmjit_backend.h); the LLVM ORC tier and the CUDA tier implement the
// same interface. A backend says up front which instructions it compiles
// (lowering ends a kernel before one it does not) and whether it can run
// on this host at all; a kernel it still cannot compile comes back null
// with the reason, and its nodes run on the graph executor.
#pragma once

#include <memory>
#include <string>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"

namespace kiln::jit {

class CompiledKernel {
 public:
  virtual ~CompiledKernel() = default;
  // Computes the launch's outputs (any thread; launches do not share
  // outputs).
  virtual void run(codegen::KernelLaunch& launch) const = 0;
  // Bytes of machine code.
  virtual size_t code_size() const = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual const char* name() const = 0;
  virtual int tier() const = 0;
  // Empty when the backend runs on this host, else why not.
  virtual std::string unavailable() const = 0;
  virtual bool compiles(const codegen::KInstr& k) const = 0;
  virtual std::unique_ptr<CompiledKernel> compile(const codegen::Kernel& k, std::string* why) = 0;
};

}  // namespace kiln::jit
