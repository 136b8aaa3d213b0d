// jit/column_runner.h — the host stub of a compiled column reduction.
//
// A column reduction (codegen::Kernel::columns: x.sum(0), (x * w).mean(1)
// of [A, B, C]) folds, for every output point, the column of its reduced
// elements. Eager folds a contiguous tensor that way a block of columns at
// a time, row by row, vectorised along the columns (torch::col_fold_row);
// so does this runner, over the same codegen::RowPlan a row reduction
// has: for a block of up to 1024 columns along the innermost kept dim, each
// sweep calls its compiled producer once per reduced row (the block's
// elements of that row, contiguous along the kept dim) and adds the
// producer's outputs into the block's accumulators; the per-column values
// are then finished for the block (its slots: one float per column, which
// later passes read as a tensor input stepping along the block), and the
// last pass calls its compiled row once per reduced row again to write the
// row-level outputs. Blocks run on several threads (oneTBB) when the launch
// is large; every column is folded by one thread in row order, so results
// never depend on the thread count.
#pragma once

#include "codegen/launch.h"
#include "codegen/row_plan.h"
#include "jit/row_runner.h"

namespace kiln::jit {

// Columns per block, the most: a block's producer row is this long.
constexpr int64_t kColumnBlockWidth = 1024;

void run_column_plan(const codegen::RowPlan& plan, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& rows);

}  // namespace kiln::jit
