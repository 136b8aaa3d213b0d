// codegen/reference.h — the reference executor of the Kernel IR: the oracle.
//
// It visits every point of a kernel's loop nest in order and evaluates the
// body one value at a time with the eager kernels' own rows
// (torch::unary_row_f32 / binary_row_f32 on one element), so its results
// are, by construction, what eager PyTorch-compatible code computes. A
// reducing kernel runs one row at a time, each row-level value a vector
// over the row that a reduction folds with the eager row fold
// (codegen/reduce_ops.h). It is
// deliberately simple and slow; every backend is tested against it (the
// unit tests, the random graph test, and `--verify`, which runs every
// compiled kernel on it as well and compares).
#pragma once

#include "codegen/launch.h"

namespace kiln::codegen {

// Runs `k` on a prepared launch, writing launch.outs.
void run_reference(const Kernel& k, KernelLaunch& launch);

// Whether the reference executor (and so the Kernel IR) can express this
// eager op for float32: the ops with float32 rows, and the predicates
// (compares, logical ops, isnan...), whose values are masks (1.0 / 0.0).
bool reference_supports_unary(int op);
bool reference_supports_binary(int op);

// The value of pointwise instruction `in` (Unary, Binary or Select) at one
// element, from its operands' values a, b (and c): the eager row's
// arithmetic, a predicate's 1.0 or 0.0, a select's pick (b where a is not
// 0, else c). Everything that evaluates one element (this executor, a
// reducing kernel's per-row values, constant folding) evaluates with it.
float eval_element(const KInstr& in, float a, float b, float c);

}  // namespace kiln::codegen
