// codegen/reduce_ops.cpp — see codegen/reduce_ops.h.
#include "codegen/reduce_ops.h"

#include <algorithm>
#include <cmath>

namespace kiln::codegen {

namespace {
enum class Finish : uint8_t { Value, Mean, Sqrt, Var, Std };
struct ReduceInfo {
  const char* name;
  torch::RowFold fold;
  bool chunked;
  Finish finish;
};
const ReduceInfo kReduceOps[] = {
#define REDUCE_OP(name, fold, chunked, finish) {#name, torch::RowFold::fold, chunked, Finish::finish},
#include "codegen/reduce_ops.def"
#undef REDUCE_OP
};
const ReduceInfo& info(ReduceOp op) { return kReduceOps[size_t(op)]; }
}  // namespace

int reduce_op_count() { return int(sizeof(kReduceOps) / sizeof(kReduceOps[0])); }
const char* reduce_op_name(ReduceOp op) { return info(op).name; }
torch::RowFold reduce_fold(ReduceOp op) { return info(op).fold; }
bool reduce_needs_elements(ReduceOp op) { return info(op).fold == torch::RowFold::Max || info(op).fold == torch::RowFold::Min; }

int64_t reduce_piece_size(ReduceOp op, int64_t n, int64_t nout) {
  return info(op).chunked && torch::row_fold_chunked(n, nout) ? torch::row_fold_chunk() : std::max<int64_t>(n, 1);
}

double reduce_start(ReduceOp op) { return torch::row_fold_identity(info(op).fold); }
double reduce_piece(ReduceOp op, double acc, const float* p, int64_t n, int64_t nout) {
  return torch::row_fold_combine(info(op).fold, acc, torch::row_fold_f32(info(op).fold, p, n, nout));
}
float reduce_finish(ReduceOp op, double acc, int64_t n, double correction) {
  switch (info(op).finish) {
    case Finish::Value: return float(acc);
    case Finish::Mean: return float(acc / double(n));
    case Finish::Sqrt: return float(std::sqrt(acc));
    case Finish::Var: return float(torch::var_of_sqdev(acc, n, correction, false));
    case Finish::Std: return float(torch::var_of_sqdev(acc, n, correction, true));
  }
  return float(acc);
}

float reduce_row(ReduceOp op, const float* p, int64_t n, int64_t nout, double correction) {
  double acc = reduce_start(op);
  int64_t size = reduce_piece_size(op, n, nout);
  for (int64_t s = 0; s < n; s += size) acc = reduce_piece(op, acc, p + s, std::min(size, n - s), nout);
  return reduce_finish(op, acc, n, correction);
}

bool reduce_column_ok(ReduceOp op) { return torch::col_fold_ok(info(op).fold); }
int reduce_column_acc(ReduceOp op) { return torch::col_fold_acc(info(op).fold); }
double reduce_column_result(ReduceOp op, const double* acc, int64_t j) { return torch::col_fold_result(info(op).fold, acc, j); }
void reduce_column_start(ReduceOp op, double* acc, float* blk, int64_t n) { torch::col_fold_start(info(op).fold, acc, blk, n); }
void reduce_column_row(ReduceOp op, double* acc, float* blk, const float* row, int64_t n, int64_t r, int64_t rows) {
  torch::col_fold_row(info(op).fold, acc, blk, row, n, r, rows);
}
float reduce_column(ReduceOp op, const float* p, int64_t rows, double correction) {
  double acc[2];
  float blk;
  reduce_column_start(op, acc, &blk, 1);
  for (int64_t r = 0; r < rows; r++) reduce_column_row(op, acc, &blk, p + r, 1, r, rows);
  return reduce_finish(op, reduce_column_result(op, acc, 0), rows, correction);
}

}  // namespace kiln::codegen
