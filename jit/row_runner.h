// jit/row_runner.h — the host stub of a compiled reducing kernel.
//
// Drives a codegen::RowPlan over a prepared launch: for each row (outer
// point), each sweep's compiled producer row fills a scratch row, the
// eager row folds (codegen/reduce_ops.h) reduce it, the per-row values are
// computed with the eager rows on one element, and the last pass's row
// writes the row-level outputs. Rows run on several threads (oneTBB) when
// the launch is large; a launch of a few long rows folds each row's chunks
// in parallel where eager chunks them, combining partials in order, so
// results never depend on the thread count. Scratch rows are per thread
// and reused (no allocation once warm, beyond the task's own).
//
// The backend supplies the compiled rows of the plan's pointwise kernels
// through RowSource; anything compiling pointwise rows (asmjit, LLVM) can
// run reductions this way.
#pragma once

#include <cstdint>

#include "codegen/launch.h"
#include "codegen/row_plan.h"

namespace kiln::jit {

using RowFn = void (*)(int64_t n, const char* const* in, const int64_t* stride, char* const* out);

// Points (elements) from which a compiled launch runs on several threads
// (oneTBB): pointwise kernels, row plans and column plans alike.
inline constexpr int64_t kParallelPoints = 1 << 16;

class RowSource {
 public:
  virtual ~RowSource() = default;
  // The row of sweep `sweep`'s producer (sweep == plan.sweeps.size(): the
  // last pass) for inputs stepping `in_stride` bytes along the row (outputs
  // step 4).
  virtual RowFn row(size_t sweep, const int64_t* in_stride) const = 0;
};

void run_row_plan(const codegen::RowPlan& plan, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& rows);

}  // namespace kiln::jit
