// codegen/reduce_ops.h — the reductions of the Kernel IR
// (codegen/reduce_ops.def) and their arithmetic.
//
// A Reduce instruction's value at one output point is the eager fold of
// the row of its operand over the kernel's reduced dimensions, computed by
// the eager kernels' own row folds (torch::row_fold_f32), so a fused
// reduction is bit-identical to the eager op on the materialised operand.
// Every executor of the IR (the reference, each backend's host stub)
// evaluates reductions through `reduce_row` or, chunk by chunk, through
// `reduce_start` / `reduce_piece` / `reduce_finish`.
#pragma once

#include <cstdint>

#include "stdlib/torch/reduce.h"

namespace kiln::codegen {

enum class ReduceOp : uint8_t {
#define REDUCE_OP(name, fold, chunked, finish) name,
#include "codegen/reduce_ops.def"
#undef REDUCE_OP
};
int reduce_op_count();
const char* reduce_op_name(ReduceOp op);
torch::RowFold reduce_fold(ReduceOp op);
// Whether the op is an extreme (no value for an empty row: eager raises).
bool reduce_needs_elements(ReduceOp op);

// The pieces a row of `n` elements folds in, for a reduction with `nout`
// output points: elements per piece but the last (the whole row, or
// torch::row_fold_chunk() where eager chunks the row).
int64_t reduce_piece_size(ReduceOp op, int64_t n, int64_t nout);

// (nout: the reduction's outputs, rows of the kernel; correction: var and
// std's, the Reduce instruction's imm.)
double reduce_start(ReduceOp op);
double reduce_piece(ReduceOp op, double acc, const float* p, int64_t n, int64_t nout);  // acc combined with the fold of p[0..n)
float reduce_finish(ReduceOp op, double acc, int64_t n, double correction);            // the value, for a row of n elements

// The value of a whole contiguous row.
float reduce_row(ReduceOp op, const float* p, int64_t n, int64_t nout, double correction);

// Column reductions (a kernel that reduces leading or middle dims, whose
// kept innermost dim is contiguous): eager folds each output column row by
// row (torch::col_fold_row). Every reduction but logsumexp folds so (var
// and std by Welford's steps). acc holds reduce_column_acc(op) doubles per
// column; reduce_column_result(op, acc, j) is what reduce_finish takes.
bool reduce_column_ok(ReduceOp op);
int reduce_column_acc(ReduceOp op);
void reduce_column_start(ReduceOp op, double* acc, float* blk, int64_t n);  // n columns
void reduce_column_row(ReduceOp op, double* acc, float* blk, const float* row, int64_t n, int64_t r, int64_t rows);
double reduce_column_result(ReduceOp op, const double* acc, int64_t j);
// The value of one column of `rows` elements p[0], p[1], ... (finished by
// reduce_finish with n = rows; correction: var and std's).
float reduce_column(ReduceOp op, const float* p, int64_t rows, double correction);

}  // namespace kiln::codegen
