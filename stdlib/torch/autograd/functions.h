// stdlib/torch/autograd/functions.h — the differentiable tensor ops.
//
// Each function here computes its result with the eager kernels (the tensor
// core) and, when grad mode is on and an input requires grad, records a node
// whose formula gives the inputs' gradients. The torch bindings call these,
// and so do the formulas themselves: a formula run with grad mode on (the
// engine's create_graph) records its own graph, which is double backward.
//
// Names and semantics follow the tensor core (elementwise.h, reduce.h,
// views.h, shape_ops.h, linalg.h); node names follow PyTorch's
// ("MulBackward0"), since they are visible as type(t.grad_fn).__name__.
// The formulas live beside their kind: functions_elementwise.cpp,
// functions_reduce.cpp, functions_view.cpp, functions_shape.cpp,
// functions_linalg.cpp.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/reduce.h"
#include "stdlib/torch/scalar.h"
#include "stdlib/torch/shape_ops.h"

namespace kiln::torch::autograd {

// A tensor or a Python number (elementwise.h's Operand with autograd identity).
struct VOperand {
  const Var* var = nullptr;
  Scalar scalar;
  VOperand(const Var& v) : var(&v) {}
  VOperand(Scalar s) : scalar(s) {}
  bool is_scalar() const { return var == nullptr; }
  Operand op() const { return var ? Operand(var->t) : Operand(scalar); }
};

// ---------------------------------------------------------------- elementwise (functions_elementwise.cpp)
Var unary(UnaryOp op, const Var& x);
Var binary(BinaryOp op, const VOperand& a, const VOperand& b);
Var add(const VOperand& a, const VOperand& b, Scalar alpha, bool subtract);
Var where(const Tensor& cond, const VOperand& a, const VOperand& b);
Var clamp(const Var& x, const std::optional<VOperand>& lo, const std::optional<VOperand>& hi);
Var nan_to_num(const Var& x, double nan, std::optional<double> posinf, std::optional<double> neginf);
Var masked_fill(const Var& x, const Tensor& mask, const VOperand& value);
Var to_dtype(const Var& x, DType d);   // x itself when it already has dtype d
Var cast(const Var& x, DType d);       // always a new tensor
Var clone(const Var& x);
Var contiguous(const Var& x);
Var detach(const Var& x);              // same data, no history
// Common shorthands of the formulas.
Var mul(const Var& a, const Var& b);
Var mul(const Var& a, double s);
Var div(const Var& a, const Var& b);
Var neg(const Var& a);
Var zeros_like(const Var& x);
Var zeros(const Shape& sizes, DType d);
Var full_like(const Var& x, double v);

// In place (functions_elementwise.cpp): run the kernel (which bumps the
// storage's version) and record the op on self's history when needed.
void unary_(UnaryOp op, Var& self);
void binary_(BinaryOp op, Var& self, const VOperand& other);
void add_(Var& self, const VOperand& other, Scalar alpha, bool subtract);
void clamp_(Var& self, const std::optional<VOperand>& lo, const std::optional<VOperand>& hi);
void copy_(Var& self, const Var& src);
// self = f(self) in place, f computed out of place (a composite's in-place
// form, x.lerp_(y, w)): autograd records f's nodes on self's old value and
// self's history moves to f's result, as the functional form records them
// (others: the other tensors f reads).
void assign_(Var& self, std::initializer_list<const Var*> others, const std::function<Var(const Var&)>& f);
void fill_(Var& self, const VOperand& value);
void masked_fill_(Var& self, const Tensor& mask, const VOperand& value);
void nan_to_num_(Var& self, double nan, std::optional<double> posinf, std::optional<double> neginf);

// ---------------------------------------------------------------- reductions (functions_reduce.cpp)
Var sum(const Var& x, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Var mean(const Var& x, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Var prod(const Var& x, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype);
Var amax(const Var& x, const DimList& dims, bool keepdim);
Var amin(const Var& x, const DimList& dims, bool keepdim);
Var max_all(const Var& x);
Var min_all(const Var& x);
// (values, indices); the indices never require grad.
std::pair<Var, Tensor> max_dim(const Var& x, int64_t dim, bool keepdim);
std::pair<Var, Tensor> min_dim(const Var& x, int64_t dim, bool keepdim);
Var var(const Var& x, const DimList& dims, double correction, bool keepdim);
Var std(const Var& x, const DimList& dims, double correction, bool keepdim);
std::pair<Var, Var> var_mean(const Var& x, const DimList& dims, double correction, bool keepdim, bool take_sqrt);
Var logsumexp(const Var& x, const DimList& dims, bool keepdim);
Var norm(const Var& x, double p, const DimList& dims, bool keepdim, std::optional<DType> dtype);
Var cumsum(const Var& x, int64_t dim, std::optional<DType> dtype);
Var cumprod(const Var& x, int64_t dim, std::optional<DType> dtype);
Var softmax(const Var& x, int64_t dim, std::optional<DType> dtype);
Var log_softmax(const Var& x, int64_t dim, std::optional<DType> dtype);
std::pair<Var, Tensor> sort(const Var& x, int64_t dim, bool descending);
std::pair<Var, Tensor> topk(const Var& x, int64_t k, int64_t dim, bool largest, bool sorted);
// Sums g over the dims where it was broadcast to reach its shape from `sizes`.
Var sum_to(const Var& g, const Shape& sizes);

// ---------------------------------------------------------------- views (functions_view.cpp)
Var select(const Var& x, int64_t dim, int64_t index);
Var slice(const Var& x, int dim, int64_t start, int64_t stop, int64_t step);
Var narrow(const Var& x, int64_t dim, int64_t start, int64_t length);
// Zeros of `sizes` with g written where narrow(dim, start, length) /
// select(dim, index) of them would be (dim, start, index non-negative):
// their gradients; differentiable (their gradient is that view of the
// incoming one).
Var embed_narrow(const Var& g, const Shape& sizes, int dim, int64_t start, int64_t length);
Var embed_select(const Var& g, const Shape& sizes, int dim, int64_t index);
Var unsqueeze(const Var& x, int64_t dim);
Var squeeze(const Var& x);
Var squeeze(const Var& x, int64_t dim);
Var view(const Var& x, const Shape& shape);
Var reshape(const Var& x, const Shape& shape);
Var flatten(const Var& x, int64_t start_dim, int64_t end_dim);
Var unflatten(const Var& x, int64_t dim, const Shape& sizes);
Var transpose(const Var& x, int64_t dim0, int64_t dim1);
Var t_2d(const Var& x);
Var permute(const Var& x, const Shape& dims);
Var reverse_dims(const Var& x);      // x.T
Var matrix_transpose(const Var& x);  // x.mT
Var expand(const Var& x, const Shape& sizes);
Var expand_to(const Var& x, const Shape& sizes);
VarList split(const Var& x, int64_t split_size, int64_t dim);
VarList split_with_sizes(const Var& x, const std::vector<int64_t>& sizes, int64_t dim);
VarList chunk(const Var& x, int64_t chunks, int64_t dim);
VarList unbind(const Var& x, int64_t dim);
// An in-place view op (t_, transpose_, unsqueeze_, squeeze_): self takes
// the sizes and strides of view(self), its out-of-place form, recorded
// when self requires grad; self's history then moves to that view's node,
// renamed `node_name` (PyTorch's TBackward1...). A view stays a view of
// its base; on a view of a leaf that requires grad: PyTorch's RuntimeError.
void inplace_view(Var& self, const char* node_name, const std::function<Var(const Var&)>& view);
// Marks `out`, just recorded as a view of `input`, as a view of input's root base.
void mark_view(Var& out, const Var& input);
// A differentiable view of base's storage: these sizes and strides, `offset`
// elements after base's first element (base contiguous).
Var as_strided_view(const Var& base, const Shape& sizes, const Shape& strides, int64_t offset);
// After an in-place op on the view `self`, recorded out of place as `fn` on
// a stand-in for self's old value: the base's history passes through
// CopySlices(fn) and self's history is re-derived from the base.
void rebase_view(Var& self, const NodeRef& fn);

// ---------------------------------------------------------------- shape ops and indexing (functions_shape.cpp)
Var cat(const VarList& xs, int64_t dim);
Var stack(const VarList& xs, int64_t dim);
Var index_select(const Var& x, int64_t dim, const Tensor& index);
Var gather(const Var& x, int64_t dim, const Tensor& index);
// Zeros of `sizes` with g added at `index` along dim (scatter_add): the
// gradient of gather, max(dim), sort and topk.
Var gather_backward(const Var& g, const Shape& sizes, int64_t dim, const Tensor& index);
Var roll(const Var& x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);
Var flip(const Var& x, const Shape& dims);
Var tril(const Var& x, int64_t diagonal, bool upper);
Var repeat(const Var& x, const Shape& repeats);
// Advanced indexing: x[indices] with one (possibly undefined) index per dim.
Var index(const Var& x, const std::vector<Tensor>& indices);
// Zeros of `sizes` with `g` added at `indices` (index_put with accumulate):
// the gradient of index().
Var index_backward(const Var& g, const Shape& sizes, DType d, const std::vector<Tensor>& indices);

// ---------------------------------------------------------------- linear algebra (functions_linalg.cpp)
Var matmul(const Var& a, const Var& b);
Var mm(const Var& a, const Var& b);
Var bmm(const Var& a, const Var& b);
Var mv(const Var& a, const Var& v);
Var dot(const Var& a, const Var& b);
Var outer(const Var& a, const Var& b);
// F.linear: x @ w.t() (+ bias). For a 2-D x one node (PyTorch's AddmmBackward0
// / MmBackward0) whose weight gradient, in a plain backward, is added by BLAS
// straight into the weight's existing .grad (no temporary, no extra pass).
Var linear(const Var& x, const Var& w, const Var* bias);

// ================================================================ scatter and index assignment
// (functions_scatter.cpp, functions_index.cpp: the ops the bindings needed
// beyond the above, in place ones included.)

// ---------------------------------------------------------------- scatter, tril_ (functions_scatter.cpp)
// torch.scatter(self, dim, index, src or value, reduce=): a copy of self with
// src (a tensor or a number) written at index along dim. As in PyTorch, only
// the plain form (reduce None) is differentiable: self's gradient is g with
// the written places zeroed, src's is g gathered at index (with repeated
// indices every copy gets it, PyTorch's formula). With `reduce` on a tensor
// that requires grad: NotImplementedError.
Var scatter(const Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce);
// torch.scatter_add: self's gradient is g, src's is g gathered at index.
Var scatter_add(const Var& self, int64_t dim, const Tensor& index, const Var& src);
// The in-place forms (Tensor.scatter_, .scatter_add_): self's history moves to the node.
void scatter_(Var& self, int64_t dim, const Tensor& index, const VOperand& src, ScatterReduce reduce);
void scatter_add_(Var& self, int64_t dim, const Tensor& index, const Var& src);
// Tensor.tril_ / triu_ (upper): self's history moves to TrilBackward0 / TriuBackward0.
void tril_(Var& self, int64_t diagonal, bool upper);

// ---------------------------------------------------------------- index assignment (functions_index.cpp)
// One step of basic indexing at `dim`: t[i] (Select, at index `start`),
// t[start:stop:step] (Slice, bounds already adjusted), t[None] (Unsqueeze).
struct IndexStep {
  enum Kind : uint8_t { Select, Slice, Unsqueeze } kind;
  int dim;
  int64_t start = 0, stop = 0, step = 1;
};
using IndexPath = std::vector<IndexStep>;
// x viewed through `path` (recorded select/slice/unsqueeze views).
Var apply_path(const Var& x, const IndexPath& path);
// A new view of all of x (x[...]: AliasBackward0).
Var alias(const Var& x);
// t[key] = value, in place: `value` (a number, or a tensor broadcast to the
// region) written into the view of self at `path`, or with advanced indices
// (`adv`, per dim of that view; empty for a basic key) scattered into it
// with index_put. With autograd, self's history moves to a node
// (CopySlices; IndexPutBackward0, CopyBackwards or FillBackward3 for an
// empty path) that gives value the gradient of the region (summed to its
// shape) and self's old value the rest. A leaf that requires grad is
// refused with PyTorch's message ("a view of a leaf Variable ..." when the
// path is not empty).
void index_put_(Var& self, const IndexPath& path, const std::vector<Tensor>& adv, const VOperand& value);
// For in-place ops recorded with rebase_history: check_inplace(self), then
// whether the op must be recorded (grad mode on, self or one of `others`
// requires grad, self floating). NotImplementedError when that would give
// history to a tensor sharing its memory with others (a view or a base of
// views), as the elementwise in-place ops refuse it.
bool begin_inplace(const Var& self, std::initializer_list<const Var*> others);

}  // namespace kiln::torch::autograd
