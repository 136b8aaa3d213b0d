// stdlib/torch/reduce.h — reductions (sum, mean, max, var, norm, ...),
// scans (cumsum, cumprod), softmax, and sort/topk.
//
// A reduction folds a set of dimensions of a strided tensor. The kernel
// (reduce.cpp) first drops the reduced dimensions of size 1 and merges
// dimensions that are laid out back to back, then picks one of three loops:
//   * inner: the reduced elements of one output are a contiguous run (x.sum(),
//     x.sum(-1)): each output is a vectorised row fold, rows split across
//     threads; a single huge row is cut into fixed-size chunks whose partial
//     results are combined in index order, so results do not depend on the
//     number of threads;
//   * outer: the output's innermost dimension is contiguous in the input
//     (x.sum(0)): a block of outputs is accumulated row by row, vectorised
//     along the outputs, blocks split across threads;
//   * general: an odometer over the reduced dimensions for each output.
// Accumulators follow PyTorch's CPU accumulate types: float32 sums and
// products accumulate in double (which matches PyTorch's cascade sums to the
// printed digits), integer and bool sums in int64.
//
// Dtype rules are PyTorch's: sum/prod of bool and integers give int64 (or
// `dtype=`), mean/var/std/norm/logsumexp need floating input, all/any give
// bool, argmax and the indices of max(dim) are int64. Index reductions return
// the first occurrence of the extreme value; NaN wins max and min.
//
// Errors are torch::Error with PyTorch's messages; nothing here knows the VM.
#pragma once

#include <optional>
#include <utility>

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// The dims argument of a reduction: nullopt (or an empty list, PyTorch 1.13)
// reduces every dimension.
using DimList = std::optional<Shape>;

Tensor sum(const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Tensor mean(const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Tensor prod(const Tensor& x, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype);
Tensor amax(const Tensor& x, const DimList& dims, bool keepdim);
Tensor amin(const Tensor& x, const DimList& dims, bool keepdim);
// torch.max(x) / torch.min(x): a 0-dim tensor; error on an empty input.
Tensor max_all(const Tensor& x);
Tensor min_all(const Tensor& x);
// torch.max(x, dim): (values, indices).
std::pair<Tensor, Tensor> max_dim(const Tensor& x, int64_t dim, bool keepdim);
std::pair<Tensor, Tensor> min_dim(const Tensor& x, int64_t dim, bool keepdim);
// dim nullopt: index into the flattened tensor.
Tensor argmax(const Tensor& x, std::optional<int64_t> dim, bool keepdim);
Tensor argmin(const Tensor& x, std::optional<int64_t> dim, bool keepdim);
// Variance with `correction` (1 = unbiased); std = sqrt(var).
Tensor var(const Tensor& x, const DimList& dims, double correction, bool keepdim);
Tensor std(const Tensor& x, const DimList& dims, double correction, bool keepdim);
// (var, mean) / (std, mean) in one pass over the data.
std::pair<Tensor, Tensor> var_mean(const Tensor& x, const DimList& dims, double correction, bool keepdim, bool take_sqrt);
// all/any: bool results.
Tensor all(const Tensor& x, std::optional<int64_t> dim, bool keepdim);
Tensor any(const Tensor& x, std::optional<int64_t> dim, bool keepdim);
Tensor logsumexp(const Tensor& x, const DimList& dims, bool keepdim);
// Vector norm of order p (inf and -inf allowed; p = 2 also serves 'fro').
Tensor norm(const Tensor& x, double p, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Tensor count_nonzero(const Tensor& x, const DimList& dims);

// Scans along `dim`; bool and integer inputs give int64.
Tensor cumsum(const Tensor& x, int64_t dim, std::optional<DType> dtype);
Tensor cumprod(const Tensor& x, int64_t dim, std::optional<DType> dtype);

Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype);
Tensor log_softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype);

// (values, indices) sorted along dim; stable for equal keys; NaN sorts as
// the largest value, as in PyTorch.
std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim, bool descending);
std::pair<Tensor, Tensor> topk(const Tensor& x, int64_t k, int64_t dim, bool largest, bool sorted);

// ---------------------------------------------------------------- meta functions
// Each kernel's checks and its result's layout, for meta tensors
// (ops/meta.h). reduce_meta serves the reductions over a dim list: the
// kind picks the dtype rule and checks (sum and prod: Sum; amax, amin and
// max(x): Extreme, `name` in its message; all/any: Bool; var/std: Var).
enum class ReduceMeta { Sum, Mean, Extreme, Bool, Count, Var, LogSumExp, Norm };
Tensor reduce_meta(ReduceMeta kind, const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype,
                   const char* name);
std::pair<Tensor, Tensor> minmax_dim_meta(const Tensor& x, int64_t dim, bool keepdim, const char* name);
Tensor arg_meta(const Tensor& x, std::optional<int64_t> dim, bool keepdim, const char* name);
Tensor scan_meta(const Tensor& x, int64_t dim, std::optional<DType> dtype);
Tensor softmax_meta(const Tensor& x, int64_t dim, std::optional<DType> dtype, bool log);
// sort (k nullopt) or topk's k.
std::pair<Tensor, Tensor> sort_meta(const Tensor& x, int64_t dim, std::optional<int64_t> k);

// ---------------------------------------------------------------- row folds, for compiled kernels
// The float32 folds of one contiguous row of a reduction exactly as the
// kernels above compute them, so that compiled code that materialises a
// row of a fused expression and folds it here agrees with eager bit for
// bit (codegen/reduce_ops.def). A fold starts from the op's identity and
// combines partials in index order:
//   acc = id; for each piece: acc = combine(acc, row_fold_f32(piece))
// where the pieces are the whole row, or its chunks of row_fold_chunk()
// elements when row_fold_chunked() says eager splits the row across
// threads. softmax and log_softmax fold each line whole, and so do SqDev
// (var / std), LogSumExp and the norms, which chunk inside as eager does.
enum class RowFold : uint8_t { Sum, Max, Min, SqDev, LogSumExp, NormL1, NormL2, NormInf };
int64_t row_fold_chunk();
// Whether a reduction with `nout` outputs of `n` contiguous elements each
// folds each row in chunks (this depends on the thread count, as eager's
// choice does).
bool row_fold_chunked(int64_t n, int64_t nout);
double row_fold_identity(RowFold f);
// Sum: the double of the vectorised sum; Max / Min: the float extreme;
// SqDev: the sum of squared deviations from the mean that var and std
// compute for one of `nout` outputs: with one output the mean rounded to
// float, then the squares of the deviations summed in double (PyTorch's
// std_var_all_cpu); with several, Welford's running sums; each pass
// chunked where run_reduce chunks it. LogSumExp: logsumexp's value, in
// double (its max as run_reduce folds it, 0 where infinite, then the sum
// of exp(x - max) in double, in order, and log(sum) + max). NormL1 /
// NormL2 / NormInf: norm's sum of |x|, sum of x^2 (before its sqrt) and
// max |x|, in double.
double row_fold_f32(RowFold f, const float* p, int64_t n, int64_t nout = 1);
double row_fold_combine(RowFold f, double acc, double part);
// ---------------------------------------------------------------- column folds, for compiled kernels
// The float32 folds of a reduction whose kept innermost dimension is
// contiguous (x.sum(0) of a contiguous tensor: run_reduce's outer loop),
// one accumulator per output column, rows added in order:
//   col_fold_start(f, acc, blk, n); for r in [0, rows): col_fold_row(f, acc, blk, row r, n, r, rows)
// then col_fold_result(f, acc, j) is column j's fold, finished as a row
// fold's is (Sum's float(acc), mean's float(acc / rows), var_of_sqdev of
// SqDev's). Sum adds each block of kColumnBlock rows in float (blk), then
// the block's float into the double acc, as PyTorch does; Max and Min step
// in order (NaN wins; of equal values the first stays); SqDev steps
// Welford's running mean and squared deviations (var and std of several
// outputs); the norms step their double sums or maximum. LogSumExp does
// not fold as columns. acc holds col_fold_acc(f) doubles per column.
inline constexpr int64_t kColumnBlock = 64;
bool col_fold_ok(RowFold f);
int col_fold_acc(RowFold f);
void col_fold_start(RowFold f, double* acc, float* blk, int64_t n);
void col_fold_row(RowFold f, double* acc, float* blk, const float* row, int64_t n, int64_t r, int64_t rows);
double col_fold_result(RowFold f, const double* acc, int64_t j);
// var (or std, with take_sqrt) of n elements from their sum of squared
// deviations, divided by max(0, n - correction); NaN for no elements.
double var_of_sqdev(double m2, int64_t n, double correction, bool take_sqrt);

}  // namespace kiln::torch
