// stdlib/torch/autograd/derivatives.h — derivative formulas written once,
// for the eager engine and for graph builders alike.
//
// A formula (derivatives_unary.def, derivatives_binary.def, and the
// templates below for the other pointwise ops, reductions, products and
// views) is C++ over a
// derivative builder `d` whose values are of type D::T — a tensor, or a
// Python number where an op takes one — and whose operations are registry
// ops:
//   d.neg(a)  d.mul(a, b)  d.div(a, b)  d.add(a, b)  d.sub(a, b)  d.unary(op, a)
//   d.where(mask, a, b)  d.zeros_like(a)  d.sum(a, dims, keepdim)  d.sum_all(a)
//   d.mean(a, dims, keepdim)  d.dtype(a)  d.nondiff_cast(a, dtype)  d.nondiff_sum(a, dims, keepdim)
//   d.unsqueeze(a, dim)  d.squeeze(a, dim)  d.expand(a, sizes)  d.sum_to(a, sizes)
//   d.matmul(a, b)  d.mm(a, b)  d.t(a)  d.mT(a)  d.rank(a)
//   d.reshape(a, sizes)  d.transpose(a, dim0, dim1)  d.permute(a, dims)
//   d.flip(a, dims)  d.roll(a, shifts, dims)  d.tril(a, diagonal, upper)  d.cumsum(a, dim)
//   d.narrow(a, dim, start, length)  d.select(a, dim, index)  d.cat(values, dim)  d.stack(values, dim)
//   d.gather_backward(g, sizes, dim, index): zeros of sizes with g added at
//     index along dim (scatter_add; index: an int64 tensor value)
//   d.zeros(sizes, dtype), d.ones(sizes, dtype): no gradient flows from them; d.sizes(a)
//   d.cumprod(a, dim)
//   d.index_add_into_zeros(g, sizes, dim, index): zeros of sizes with g's
//     slices along dim added at index (a 1-D or 0-dim int64 tensor value)
//   d.gather(a, dim, index)  d.scatter(a, dim, index, value): a with value written at index
//   d.embed_narrow(g, sizes, dim, start, length), d.embed_select(g, sizes, dim, index):
//     zeros of sizes with g at the place narrow / select views (dim, start
//     and index non-negative)
//   d.add_alpha(a, b, alpha): a + alpha * b (alpha a number)
//   d.mul(a, 2.0)  d.add(a, 1.0)  d.sub(a, 1.0)  d.rsub(1.0, a)  d.pow(a, 3.0)
//   d.number(0.0): a number operand; d.is_number(a), d.number_value(a)
//   d.none(): no value (a formula's unused shared part, an absent bound);
//     d.is_none(a)
//   d.nondiff_unary(op, a), d.nondiff_binary(op, a, b): a value the
//     gradient does not flow through (abs's sign, relu's mask).
// EagerDerivative (below) computes each op on Vars with the autograd
// functions (functions.h), so a formula run with grad mode on records its
// own graph (double backward). tracer/derivative_graph.h's builder appends
// each op as a node of a graph, so a backward graph computes what the
// eager engine computes, bit for bit: one list of formulas, not one per
// consumer (tests/unit/test_derivative_graphs.cpp checks each).
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "stdlib/torch/autograd/functions.h"

namespace kiln::torch::autograd {

// ---------------------------------------------------------------- unary ops
// What the eager node of a unary op is called and saves.
struct UnaryDerivative {
  const char* node;  // nullptr: the op has no derivative (integer or bool results)
  bool save_x, save_r;
};
inline UnaryDerivative unary_derivative_info(UnaryOp op) {
  switch (op) {
#define UNARY_DERIVATIVE(o, node, save_x, save_r, formula) \
  case UnaryOp::o: return {node, save_x, save_r};
#include "stdlib/torch/autograd/derivatives_unary.def"
#undef UNARY_DERIVATIVE
    default: return {nullptr, false, false};
  }
}

// The gradient of x for r = op(x), given g, r's gradient. Only for ops
// with a derivative (unary_derivative_info(op).node).
template <class D>
typename D::T unary_derivative(D& d, UnaryOp op, const typename D::T& g, const typename D::T& x, const typename D::T& r) {
  (void)x;
  (void)r;
  switch (op) {
#define UNARY_DERIVATIVE(o, node, save_x, save_r, formula) \
  case UnaryOp::o: return formula;
#include "stdlib/torch/autograd/derivatives_unary.def"
#undef UNARY_DERIVATIVE
    default: return d.zeros_like(g);
  }
}

// ---------------------------------------------------------------- binary ops
// The pieces of derivatives_binary.def's longer formulas.

// d/da a^e = e * a^(e-1); 0 where e == 0 (PyTorch masks it so 0^0 gives 0, not nan).
template <class D> typename D::T pow_grad_base(D& d, const typename D::T& g, const typename D::T& base, const typename D::T& e) {
  if (d.is_number(e)) {
    double ev = d.number_value(e);
    if (ev == 0) return d.zeros_like(g);
    return d.mul(g, d.mul(d.pow(base, ev - 1), e));
  }
  auto de = d.mul(d.binary(BinaryOp::pow, base, d.sub(e, 1.0)), e);
  return d.mul(g, d.where(d.nondiff_binary(BinaryOp::eq, e, d.number(0.0)), d.number(0.0), de));
}

// d/de a^e = a^e * log(a); 0 where a == 0 and e >= 0.
template <class D> typename D::T pow_grad_exp(D& d, const typename D::T& g, const typename D::T& base, const typename D::T& r) {
  if (d.is_number(base)) {
    double b = d.number_value(base);
    return d.mul(g, b == 0 ? d.zeros_like(r) : d.mul(r, std::log(b)));
  }
  auto de = d.mul(r, d.unary(UnaryOp::log, base));
  return d.mul(g, d.where(d.nondiff_binary(BinaryOp::eq, base, d.number(0.0)), d.number(0.0), de));
}

struct BinaryDerivative {
  const char* node;  // nullptr: no derivative
  bool save_a, save_b, save_r;
};
// a_num / b_num: the operand is a Python number; ra / rb: it requires grad.
inline BinaryDerivative binary_derivative_info(BinaryOp op, bool a_num, bool b_num, bool ra, bool rb) {
  (void)a_num, (void)b_num, (void)ra, (void)rb;
  switch (op) {
#define BINARY_DERIVATIVE(o, node, save_a, save_b, save_r, shared, grad_a, grad_b) \
  case BinaryOp::o: return {node, save_a, save_b, save_r};
#include "stdlib/torch/autograd/derivatives_binary.def"
#undef BINARY_DERIVATIVE
    default: return {nullptr, false, false, false};
  }
}

// The gradients of a and b for r = op(a, b), given g, r's gradient, at the
// result's shape; each only where need_a / need_b (else an empty value).
// Only for ops with a derivative.
template <class D> struct BinaryGradients {
  typename D::T a, b;
};
template <class D>
BinaryGradients<D> binary_derivative(D& d, BinaryOp op, bool need_a, bool need_b, const typename D::T& g,
                                     const typename D::T& a, const typename D::T& b, const typename D::T& r) {
  using T = typename D::T;
  (void)a, (void)b, (void)r;
  switch (op) {
#define BINARY_DERIVATIVE(o, node, save_a, save_b, save_r, shared, grad_a, grad_b) \
  case BinaryOp::o: {                                                               \
    T s = shared;                                                                   \
    (void)s;                                                                        \
    return {need_a ? T(grad_a) : T(), need_b ? T(grad_b) : T()};                    \
  }
#include "stdlib/torch/autograd/derivatives_binary.def"
#undef BINARY_DERIVATIVE
    default: return {d.zeros_like(g), d.zeros_like(g)};
  }
}

// ---------------------------------------------------------------- other pointwise ops
// add / sub with alpha: a + f * b (f = alpha, or -alpha for sub).
template <class D> struct TwoGradients {
  typename D::T a, b;
};
template <class D> TwoGradients<D> add_derivative(D& d, bool need_a, bool need_b, const typename D::T& g, double f) {
  TwoGradients<D> r{};
  if (need_a) r.a = g;
  if (need_b) r.b = f == 1 ? g : d.mul(g, f);
  return r;
}
// where(cond, a, b): g where cond to a, elsewhere to b.
template <class D>
TwoGradients<D> where_derivative(D& d, bool need_a, bool need_b, const typename D::T& g, const typename D::T& cond) {
  TwoGradients<D> r{};
  if (need_a) r.a = d.where(cond, g, d.number(0.0));
  if (need_b) r.b = d.where(cond, d.number(0.0), g);
  return r;
}
// masked_fill(x, mask, value): g off the mask to x; its sum on the mask to
// a (0-dim) tensor value.
template <class D>
TwoGradients<D> masked_fill_derivative(D& d, bool need_x, bool need_value, const typename D::T& g, const typename D::T& mask) {
  TwoGradients<D> r{};
  if (need_x) r.a = d.where(mask, d.number(0.0), g);
  if (need_value) r.b = d.sum_all(d.where(mask, g, d.number(0.0)));
  return r;
}
// nan_to_num: g where x was finite.
template <class D> typename D::T nan_to_num_derivative(D& d, const typename D::T& g, const typename D::T& finite) {
  return d.where(finite, g, d.number(0.0));
}
// clamp(x, lo, hi) (lo or hi d.none() when absent; numbers or tensors):
// masks of where x is inside the bounds, below lo, above hi, as PyTorch's
// clamp_backward forms them: a NaN is inside no bound; where lo > hi the
// result is hi, so hi gets the gradient and lo none. Computed from the
// forward's values (nondiff ops), then each gradient is g on its mask.
template <class D> struct ClampMasks {
  typename D::T inside, below, above;
};
template <class D>
ClampMasks<D> clamp_masks(D& d, const typename D::T& x, const typename D::T& lo, const typename D::T& hi, bool need_lo,
                          bool need_hi) {
  ClampMasks<D> m{};
  bool l = !d.is_none(lo), h = !d.is_none(hi);
  if (l) m.inside = d.nondiff_binary(BinaryOp::ge, x, lo);
  if (h) {
    auto le = d.nondiff_binary(BinaryOp::le, x, hi);
    m.inside = l ? d.nondiff_binary(BinaryOp::logical_and, m.inside, le) : le;
  }
  // (No bound at all: the kernel has raised before any gradient.)
  if (need_lo && l) {
    m.below = d.nondiff_binary(BinaryOp::lt, x, lo);
    if (h) m.below = d.nondiff_binary(BinaryOp::logical_and, m.below, d.nondiff_binary(BinaryOp::lt, lo, hi));
  }
  if (need_hi && h) {
    m.above = d.nondiff_binary(BinaryOp::gt, x, hi);
    if (l) m.above = d.nondiff_binary(BinaryOp::logical_or, m.above, d.nondiff_binary(BinaryOp::lt, hi, lo));
  }
  return m;
}
template <class D> struct ThreeGradients {
  typename D::T x, lo, hi;
};
template <class D>
ThreeGradients<D> clamp_derivative(D& d, bool need_x, bool need_lo, bool need_hi, const typename D::T& g, const ClampMasks<D>& m) {
  ThreeGradients<D> r{};
  if (need_x) r.x = d.where(m.inside, g, d.number(0.0));
  if (need_lo) r.lo = d.where(m.below, g, d.number(0.0));
  if (need_hi) r.hi = d.where(m.above, g, d.number(0.0));
  return r;
}

// ---------------------------------------------------------------- reductions
// A reduction's output gradient back at its input's shape `in_sizes`:
// unsqueezed in the reduced dims (mask; unless keepdim), then expanded.
template <class D>
typename D::T unreduce(D& d, const typename D::T& g, const Shape& in_sizes, const std::vector<bool>& mask, bool keepdim) {
  typename D::T r = g;
  if (!keepdim)
    for (int k = 0; k < in_sizes.size(); ++k)
      if (mask[size_t(k)]) r = d.unsqueeze(r, k);
  return d.expand(r, in_sizes);
}
inline int64_t reduced_count(const Shape& sizes, const std::vector<bool>& mask) {
  int64_t n = 1;
  for (int k = 0; k < sizes.size(); ++k)
    if (mask[size_t(k)]) n *= sizes[k];
  return n;
}
// sum and mean over the dims of mask: the gradient spread over them.
template <class D>
typename D::T sum_derivative(D& d, const typename D::T& g, const Shape& in_sizes, const std::vector<bool>& mask, bool keepdim) {
  return unreduce(d, g, in_sizes, mask, keepdim);
}
template <class D>
typename D::T mean_derivative(D& d, const typename D::T& g, const Shape& in_sizes, const std::vector<bool>& mask, bool keepdim) {
  return d.mul(unreduce(d, g, in_sizes, mask, keepdim), 1.0 / double(reduced_count(in_sizes, mask)));
}
// The reductions below take ge and re: the output gradient and the result
// back at the input's shape (unreduce), x the input, mask its reduced dims.
// amax / amin / max / min: the elements that hold the extreme value share
// the gradient evenly (PyTorch's amax/amin backward).
template <class D>
typename D::T extreme_derivative(D& d, const typename D::T& ge, const typename D::T& x, const typename D::T& re,
                                 const std::vector<bool>& mask) {
  auto hit = d.nondiff_cast(d.nondiff_binary(BinaryOp::eq, x, re), d.dtype(ge));
  Shape dims;
  for (size_t k = 0; k < mask.size(); ++k)
    if (mask[k]) dims.push_back(int64_t(k));
  auto count = d.nondiff_sum(hit, dims, true);
  return d.div(d.mul(ge, hit), count);
}
// var / std over dims with `correction` (std: re is the std; 0 where it is
// 0, as PyTorch's std_backward masks it, not 0/0).
template <class D>
typename D::T var_derivative(D& d, const typename D::T& ge, const typename D::T& x, const DimList& dims, const Shape& in_sizes,
                             const std::vector<bool>& mask, double correction) {
  auto centered = d.sub(x, d.mean(x, dims, true));
  return d.mul(d.mul(ge, centered), 2.0 / (double(reduced_count(in_sizes, mask)) - correction));
}
template <class D>
typename D::T std_derivative(D& d, const typename D::T& ge, const typename D::T& x, const typename D::T& re, const DimList& dims,
                             const Shape& in_sizes, const std::vector<bool>& mask, double correction) {
  auto centered = d.sub(x, d.mean(x, dims, true));
  auto zero = d.nondiff_binary(BinaryOp::eq, re, d.number(0.0));
  return d.where(zero, d.number(0.0),
                 d.div(d.mul(d.mul(ge, centered), 1.0 / (double(reduced_count(in_sizes, mask)) - correction)), re));
}
template <class D>
typename D::T logsumexp_derivative(D& d, const typename D::T& ge, const typename D::T& x, const typename D::T& re) {
  return d.mul(ge, d.unary(UnaryOp::exp, d.sub(x, re)));
}

// softmax and log_softmax over dim (r: the result; rank: its dims).
template <class D> typename D::T softmax_derivative(D& d, const typename D::T& g, const typename D::T& r, int64_t dim, int rank) {
  if (rank == 0) return d.zeros_like(g);
  auto gr = d.mul(g, r);
  return d.sub(gr, d.mul(r, d.sum(gr, Shape{dim}, true)));
}
template <class D>
typename D::T log_softmax_derivative(D& d, const typename D::T& g, const typename D::T& r, int64_t dim, int rank) {
  if (rank == 0) return d.zeros_like(g);
  return d.sub(g, d.mul(d.unary(UnaryOp::exp, r), d.sum(g, Shape{dim}, true)));
}

// ---------------------------------------------------------------- products
// a @ b (matmul, mm, bmm, mv, dot) through one formula: vectors lifted to
// matrices (a (k) as (1, k), b (k) as (k, 1)), then grad_a = g @ b^T and
// grad_b = a^T @ g, summed over broadcast batch dims and squeezed back.
// sa, sb: the operands' sizes; a_transposed / b_transposed: the operand is
// a transposed contiguous matrix (x @ w.t()), whose gradient is computed
// transposed, (b @ g^T)^T, so it comes out with the operand's layout and a
// parameter behind a TBackward gets a contiguous gradient (as PyTorch's
// mm_mat1_backward / mm_mat2_backward).
template <class D> struct ProductGradients {
  typename D::T a, b;
};
template <class D>
ProductGradients<D> product_derivative(D& d, bool need_a, bool need_b, const typename D::T& g, const typename D::T& a,
                                       const typename D::T& b, const Shape& sa, const Shape& sb, bool a_transposed,
                                       bool b_transposed) {
  using T = typename D::T;
  bool a_vec = sa.size() == 1, b_vec = sb.size() == 1;
  Shape A = sa, B = sb;  // shapes lifted to matrices
  if (a_vec) A.insert(0, 1);
  if (b_vec) B.push_back(1);
  T G = g;
  if (b_vec) G = d.unsqueeze(G, d.rank(G));      // the dropped n (= 1) of (..., m, n)
  if (a_vec) G = d.unsqueeze(G, d.rank(G) - 1);  // the dropped m (= 1)
  ProductGradients<D> r{};
  if (need_a) {
    T bm = b_vec ? d.unsqueeze(b, 1) : b;
    r.a = a_transposed ? d.mT(d.matmul(bm, d.mT(G))) : d.sum_to(d.matmul(G, d.mT(bm)), A);
    if (a_vec) r.a = d.squeeze(r.a, 0);
  }
  if (need_b) {
    T am = a_vec ? d.unsqueeze(a, 0) : a;
    r.b = b_transposed ? d.mT(d.matmul(d.mT(G), am)) : d.sum_to(d.matmul(d.mT(am), G), B);
    if (b_vec) r.b = d.squeeze(r.b, -1);
  }
  return r;
}
// F.linear, x @ w^T + bias, for a 2-D x and w (PyTorch's MmBackward0 /
// AddmmBackward0); bias_sizes: the bias's sizes.
template <class D> struct LinearGradients {
  typename D::T x, w, bias;
};
template <class D>
LinearGradients<D> linear_derivative(D& d, bool need_x, bool need_w, bool need_bias, const typename D::T& g,
                                     const typename D::T& x, const typename D::T& w, const Shape& bias_sizes) {
  LinearGradients<D> r{};
  if (need_x) r.x = d.mm(g, w);
  if (need_w) r.w = d.mm(d.t(g), x);
  if (need_bias) r.bias = d.sum_to(g, bias_sizes);
  return r;
}

// ---------------------------------------------------------------- views
// The gradient of a view is the inverse view (or reshape) of g: in_sizes,
// the input's sizes.
template <class D> typename D::T reshape_view_derivative(D& d, const typename D::T& g, const Shape& in_sizes) {
  return d.reshape(g, in_sizes);  // view, reshape, flatten, unflatten, squeeze
}
template <class D> typename D::T unsqueeze_derivative(D& d, const typename D::T& g, int64_t dim) { return d.squeeze(g, dim); }
template <class D> typename D::T transpose_derivative(D& d, const typename D::T& g, int64_t dim0, int64_t dim1) {
  return d.transpose(g, dim0, dim1);
}
template <class D> typename D::T t_derivative(D& d, const typename D::T& g) { return d.t(g); }
template <class D> typename D::T mT_derivative(D& d, const typename D::T& g) { return d.mT(g); }
// permute(dims): the inverse permutation.
template <class D> typename D::T permute_derivative(D& d, const typename D::T& g, const Shape& dims) {
  Shape inverse = dims;
  for (int i = 0; i < dims.size(); ++i) inverse[wrap_dim(dims[i], dims.size())] = i;
  return d.permute(g, inverse);
}
template <class D> typename D::T expand_derivative(D& d, const typename D::T& g, const Shape& in_sizes) {
  return d.sum_to(g, in_sizes);
}

// ---------------------------------------------------------------- norms, scans
// norm(p) over the dims of mask (ge, re: the output gradient and the norm
// back at the input's shape): 0 where the norm is 0, not 0/0.
template <class D>
typename D::T norm_derivative(D& d, const typename D::T& ge, const typename D::T& x, const typename D::T& re,
                              const std::vector<bool>& mask, double p) {
  if (p == 0) return d.zeros_like(x);
  if (p == 1) return d.mul(ge, d.nondiff_unary(UnaryOp::sign, x));
  if (std::isinf(p)) {
    auto ax = d.unary(UnaryOp::abs, x);
    return d.mul(extreme_derivative(d, ge, ax, re, mask), d.nondiff_unary(UnaryOp::sign, x));
  }
  auto zero = d.nondiff_binary(BinaryOp::eq, re, d.number(0.0));
  if (p == 2) return d.where(zero, d.number(0.0), d.div(d.mul(ge, x), re));
  // x |x|^(p-2) / norm^(p-1)
  auto num = d.mul(x, d.pow(d.unary(UnaryOp::abs, x), p - 2));
  auto den = d.pow(re, p - 1);
  return d.where(zero, d.number(0.0), d.div(d.mul(ge, num), den));
}
// cumsum along dim: the reversed cumulative sum of g (a 0-dim x: g).
template <class D> typename D::T cumsum_derivative(D& d, const typename D::T& g, int64_t dim, bool zero_dim) {
  if (zero_dim) return g;
  return d.flip(d.cumsum(d.flip(g, Shape{dim}), dim), Shape{dim});
}

// ---------------------------------------------------------------- rearranging
template <class D> typename D::T flip_derivative(D& d, const typename D::T& g, const Shape& dims) { return d.flip(g, dims); }
// roll(shifts, dims) rolled back; with no dims the flattened tensor was
// rolled (in_sizes: the input's sizes).
template <class D>
typename D::T roll_derivative(D& d, const typename D::T& g, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims,
                              const Shape& in_sizes) {
  std::vector<int64_t> back;
  for (int64_t s : shifts) back.push_back(-s);
  if (dims.empty()) return d.reshape(d.roll(d.reshape(g, Shape{in_sizes.numel()}), back, {0}), in_sizes);
  return d.roll(g, back, dims);
}
template <class D> typename D::T tril_derivative(D& d, const typename D::T& g, int64_t diagonal, bool upper) {
  return d.tril(g, diagonal, upper);
}
// repeat(repeats): each repeated dim i split into (repeats[i], size) and
// the copies summed.
template <class D> typename D::T repeat_derivative(D& d, const typename D::T& g, const Shape& in_sizes, const Shape& repeats) {
  if (d.sizes(g).numel() == 0) return d.zeros(in_sizes, d.dtype(g));  // (a repeat of 0 copies, or of an empty tensor)
  int k = repeats.size();
  int lead = k - in_sizes.size();
  typename D::T r = g;
  for (int i = k - 1; i >= 0; --i) {
    int64_t rep = repeats[i];
    int64_t s = i < lead ? 1 : in_sizes[i - lead];
    if (rep == 1) continue;
    Shape split = d.sizes(r);
    split[i] = s;
    split.insert(i, rep);
    r = d.sum(d.reshape(r, split), Shape{i}, false);
  }
  return d.reshape(r, in_sizes);
}

// ---------------------------------------------------------------- joining and splitting
// cat(tensors, dim): each input's part of g (shapes: the inputs' sizes;
// PyTorch's cat skips legacy empty 1-D inputs of shape [0]). need[i]:
// input i needs a gradient (else an empty value).
template <class D>
std::vector<typename D::T> cat_derivative(D& d, const typename D::T& g, const std::vector<Shape>& shapes, int dim,
                                          const std::vector<bool>& need) {
  std::vector<typename D::T> out;
  int64_t at = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    bool skipped = shapes[i].size() == 1 && shapes[i][0] == 0;
    int64_t len = skipped ? 0 : shapes[i][dim];
    if (!need[i]) out.emplace_back();
    else out.push_back(skipped ? d.zeros(shapes[i], d.dtype(g)) : d.narrow(g, dim, at, len));
    at += len;
  }
  return out;
}
// stack(tensors, dim): input i's gradient is g's slice i along dim.
template <class D> std::vector<typename D::T> stack_derivative(D& d, const typename D::T& g, int dim, const std::vector<bool>& need) {
  std::vector<typename D::T> out;
  for (size_t i = 0; i < need.size(); ++i) out.push_back(need[i] ? d.select(g, dim, int64_t(i)) : typename D::T());
  return out;
}
// split / chunk / unbind along dim: the pieces' gradients joined back
// (stack for unbind), zeros (of the pieces' shapes and dtype dt) for a
// piece none reached (grads[i] empty).
template <class D>
typename D::T pieces_derivative(D& d, const std::vector<typename D::T>& grads, const std::vector<Shape>& shapes, DType dt, int dim,
                                bool stacked) {
  std::vector<typename D::T> full;
  for (size_t i = 0; i < shapes.size(); ++i) full.push_back(d.is_none(grads[i]) ? d.zeros(shapes[i], dt) : grads[i]);
  return stacked ? d.stack(full, dim) : d.cat(full, dim);
}

// ---------------------------------------------------------------- selections
// gather(dim, index): g added into zeros of the input's sizes at index.
template <class D>
typename D::T gather_derivative(D& d, const typename D::T& g, const Shape& in_sizes, int64_t dim, const typename D::T& index) {
  return d.gather_backward(g, in_sizes, dim, index);
}
// index_select(dim, index): g added into zeros of the input's sizes at the
// picked places along dim, repeated picks adding up in order (a 0-dim
// input: g summed to it).
template <class D>
typename D::T index_select_derivative(D& d, const typename D::T& g, const Shape& in_sizes, int dim, const typename D::T& index) {
  if (in_sizes.size() == 0) return d.sum_to(g, in_sizes);
  return d.index_add_into_zeros(g, in_sizes, dim, index);
}
// prod over dim (or all elements: no dim), ge the output gradient at the
// input's shape: the product of the others, as exclusive prefix times
// exclusive suffix products (right with zeros in x, unlike prod / x).
template <class D>
typename D::T prod_derivative(D& d, const typename D::T& ge, const typename D::T& x, std::optional<int64_t> dim) {
  Shape sizes = d.sizes(x);
  typename D::T v = dim ? x : d.reshape(x, Shape{sizes.numel()});
  int k = dim ? wrap_dim(*dim, std::max(int(sizes.size()), 1)) : 0;
  if (d.rank(v) == 0) return ge;
  if (sizes.numel() == 0) return d.zeros_like(x);  // nothing to differentiate
  auto exclusive = [&](const typename D::T& a) {
    Shape as = d.sizes(a);
    int64_t n = as[k];
    auto c = d.cumprod(a, k);
    Shape one = as;
    one[k] = 1;
    auto ones = d.ones(one, d.dtype(a));
    return n == 1 ? ones : d.cat({ones, d.narrow(c, k, 0, n - 1)}, k);
  };
  auto left = exclusive(v);
  auto right = d.flip(exclusive(d.flip(v, Shape{k})), Shape{k});
  auto others = d.mul(left, right);
  if (!dim) others = d.reshape(others, sizes);
  return d.mul(ge, others);
}
// The values of max / min along a dim, sort and topk: x gathered at their
// indices along dim (d: wrapped; keepdim false: the dim was dropped).
template <class D>
typename D::T selected_derivative(D& d, const typename D::T& g, const typename D::T& indices, const Shape& in_sizes, int dim,
                                  bool keepdim) {
  if (in_sizes.size() == 0) return g;
  typename D::T gg = keepdim ? g : d.unsqueeze(g, dim);
  typename D::T ix = keepdim ? indices : d.unsqueeze(indices, dim);
  return d.gather_backward(gg, in_sizes, dim, ix);
}
// x padded with zeros at the end of each dim to `sizes` (a 0-dim x: one
// element at the front; PyTorch 1.13 raises there instead: "returned an
// invalid gradient").
template <class D> typename D::T pad_to(D& d, typename D::T x, const Shape& sizes) {
  if (d.rank(x) == 0 && sizes.size() > 0) {
    Shape ones;
    for (int k = 0; k < sizes.size(); ++k) ones.push_back(1);
    x = d.reshape(x, ones);
  }
  for (int k = 0; k < sizes.size(); ++k) {
    Shape have = d.sizes(x);
    if (have[k] == sizes[k]) continue;
    Shape rest = have;
    rest[k] = sizes[k] - have[k];
    x = d.cat({x, d.zeros(rest, d.dtype(x))}, k);
  }
  return x;
}
// scatter(self, dim, index, src) (add: scatter_add): self gets g with the
// written places zeroed (all of g for scatter_add); src gets g gathered at
// index, padded with zeros where index is shorter than src. src_sizes:
// src's sizes (none for a number src).
template <class D> struct ScatterGradients {
  typename D::T self, src;
};
template <class D>
ScatterGradients<D> scatter_derivative(D& d, bool need_self, bool need_src, const typename D::T& g, int64_t dim,
                                       const typename D::T& index, const Shape& src_sizes, bool add) {
  ScatterGradients<D> r{};
  bool none = d.sizes(index).numel() == 0;
  if (need_self) r.self = add || none ? g : d.scatter(g, dim, index, 0.0);
  if (need_src) r.src = none ? d.zeros(src_sizes, d.dtype(g)) : pad_to(d, d.gather(g, dim, index), src_sizes);
  return r;
}
// narrow / select: g written into zeros of the input's sizes at the
// viewed place.
template <class D>
typename D::T narrow_derivative(D& d, const typename D::T& g, const Shape& in_sizes, int dim, int64_t start, int64_t length) {
  return d.embed_narrow(g, in_sizes, dim, start, length);
}
template <class D> typename D::T select_derivative(D& d, const typename D::T& g, const Shape& in_sizes, int dim, int64_t index) {
  return d.embed_select(g, in_sizes, dim, index);
}
// outer(a, b) (ger): PyTorch's broadcast product's formulas.
template <class D>
ProductGradients<D> outer_derivative(D& d, bool need_a, bool need_b, const typename D::T& g, const typename D::T& a,
                                     const typename D::T& b) {
  ProductGradients<D> r{};
  if (need_a) r.a = d.matmul(g, b);
  if (need_b) r.b = d.matmul(a, g);
  return r;
}

// ---------------------------------------------------------------- the eager builder
// Each op runs now, on Vars (recorded when grad mode is on: create_graph).
struct EagerDerivative {
  // A tensor, or a Python number (the Scalar as the program gave it). A
  // formula's inputs are borrowed (they outlive the formula: no copy, no
  // reference counting); what an op returns is owned.
  struct T {
    const Var* ref = nullptr;
    Var owned;
    Scalar num;
    bool is_num = false;
    T() = default;
    T(const Var& v) : ref(&v) {}
    T(Var&& v) : owned(std::move(v)) {}
    static T of(const VOperand& o) {
      if (!o.is_scalar()) return T(*o.var);
      T t;
      t.num = o.scalar;
      t.is_num = true;
      return t;
    }
    const Var& var() const { return ref ? *ref : owned; }
    // The Var, moved out when owned.
    Var take() && { return ref ? *ref : std::move(owned); }
    VOperand op() const { return is_num ? VOperand(num) : VOperand(var()); }
  };
  static Scalar num(double v) { return Scalar::from_double(v); }

  T number(double v) { return T::of(VOperand(num(v))); }
  T none() { return T(); }
  bool is_none(const T& a) const { return !a.is_num && !a.var().defined(); }
  bool is_number(const T& a) const { return a.is_num; }
  double number_value(const T& a) const { return a.num.to_double(); }

  T neg(const T& a) { return autograd::neg(a.var()); }
  T mul(const T& a, const T& b) { return autograd::binary(BinaryOp::mul, a.op(), b.op()); }
  T div(const T& a, const T& b) { return autograd::binary(BinaryOp::div, a.op(), b.op()); }
  T add(const T& a, const T& b) { return autograd::add(a.op(), b.op(), Scalar::from_int(1), false); }
  T add_alpha(const T& a, const T& b, const T& alpha) { return autograd::add(a.op(), b.op(), alpha.num, false); }
  T sub(const T& a, const T& b) { return autograd::add(a.op(), b.op(), Scalar::from_int(1), true); }
  T sum(const T& a, const Shape& dims, bool keepdim) { return autograd::sum(a.var(), DimList(dims), keepdim, std::nullopt); }
  T sum_all(const T& a) { return autograd::sum(a.var(), std::nullopt, false, std::nullopt); }
  T mean(const T& a, const DimList& dims, bool keepdim) { return autograd::mean(a.var(), dims, keepdim, std::nullopt); }
  DType dtype(const T& a) const { return a.var().t.dtype; }
  T nondiff_cast(const T& a, DType dt) { return Var(torch::cast(a.var().t, dt)); }
  T nondiff_sum(const T& a, const Shape& dims, bool keepdim) {
    return Var(torch::sum(a.var().t, dims.size() == 0 ? DimList() : DimList(dims), keepdim, std::nullopt));
  }
  T unsqueeze(const T& a, int64_t dim) { return autograd::unsqueeze(a.var(), dim); }
  T expand(const T& a, const Shape& sizes) { return autograd::expand(a.var(), sizes); }
  T squeeze(const T& a, int64_t dim) { return autograd::squeeze(a.var(), dim); }
  T sum_to(const T& a, const Shape& sizes) { return autograd::sum_to(a.var(), sizes); }
  T matmul(const T& a, const T& b) { return autograd::matmul(a.var(), b.var()); }
  T mm(const T& a, const T& b) { return autograd::mm(a.var(), b.var()); }
  T t(const T& a) { return autograd::t_2d(a.var()); }
  T mT(const T& a) { return autograd::matrix_transpose(a.var()); }
  int rank(const T& a) const { return a.var().t.dim(); }
  T reshape(const T& a, const Shape& sizes) { return autograd::reshape(a.var(), sizes); }
  T transpose(const T& a, int64_t dim0, int64_t dim1) { return autograd::transpose(a.var(), dim0, dim1); }
  T permute(const T& a, const Shape& dims) { return autograd::permute(a.var(), dims); }
  T binary(BinaryOp op, const T& a, const T& b) { return autograd::binary(op, a.op(), b.op()); }
  T unary(UnaryOp op, const T& a) { return autograd::unary(op, a.var()); }
  T mul(const T& a, double s) { return autograd::mul(a.var(), s); }
  T add(const T& a, double c) { return autograd::add(a.op(), num(c), Scalar::from_int(1), false); }
  T sub(const T& a, double c) { return autograd::add(a.op(), num(c), Scalar::from_int(1), true); }
  T rsub(double c, const T& a) { return autograd::add(num(c), a.op(), Scalar::from_int(1), true); }
  T pow(const T& a, double e) { return autograd::binary(BinaryOp::pow, a.op(), num(e)); }
  T where(const T& mask, const T& a, const T& b) { return autograd::where(mask.var().t, a.op(), b.op()); }
  T zeros_like(const T& a) { return autograd::zeros_like(a.var()); }
  Shape sizes(const T& a) const { return a.var().t.sizes; }
  T zeros(const Shape& sizes, DType dt) { return autograd::zeros(sizes, dt); }
  T ones(const Shape& sizes, DType dt) {
    Tensor t = empty(sizes, dt);
    fill(t, Scalar::from_double(1.0));
    return Var(t);
  }
  T cumprod(const T& a, int64_t dim) { return autograd::cumprod(a.var(), dim, std::nullopt); }
  T index_add_into_zeros(const T& g, const Shape& sizes, int dim, const T& index) {
    const Tensor& ix = index.var().t;
    std::vector<Tensor> idx(size_t(sizes.size()));
    idx[size_t(dim)] = ix.dim() == 0 ? autograd::unsqueeze(Var(ix), 0).t : ix;
    return autograd::index_backward(g.var(), sizes, g.var().t.dtype, idx);
  }
  T flip(const T& a, const Shape& dims) { return autograd::flip(a.var(), dims); }
  T roll(const T& a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
    return autograd::roll(a.var(), shifts, dims);
  }
  T tril(const T& a, int64_t diagonal, bool upper) { return autograd::tril(a.var(), diagonal, upper); }
  T cumsum(const T& a, int64_t dim) { return autograd::cumsum(a.var(), dim, std::nullopt); }
  T narrow(const T& a, int64_t dim, int64_t start, int64_t length) { return autograd::narrow(a.var(), dim, start, length); }
  T select(const T& a, int64_t dim, int64_t index) { return autograd::select(a.var(), dim, index); }
  static VarList vars(const std::vector<T>& xs) {
    VarList v;
    for (const T& x : xs) v.push_back(x.var());
    return v;
  }
  T cat(const std::vector<T>& xs, int64_t dim) { return autograd::cat(vars(xs), dim); }
  T stack(const std::vector<T>& xs, int64_t dim) { return autograd::stack(vars(xs), dim); }
  T gather_backward(const T& g, const Shape& sizes, int64_t dim, const T& index) {
    return autograd::gather_backward(g.var(), sizes, dim, index.var().t);
  }
  T gather(const T& a, int64_t dim, const T& index) { return autograd::gather(a.var(), dim, index.var().t); }
  T scatter(const T& a, int64_t dim, const T& index, double value) {
    return autograd::scatter(a.var(), dim, index.var().t, VOperand(num(value)), ScatterReduce::None);
  }
  T embed_narrow(const T& g, const Shape& sizes, int dim, int64_t start, int64_t length) {
    return autograd::embed_narrow(g.var(), sizes, dim, start, length);
  }
  T embed_select(const T& g, const Shape& sizes, int dim, int64_t index) { return autograd::embed_select(g.var(), sizes, dim, index); }
  T nondiff_unary(UnaryOp op, const T& a) { return Var(torch::unary(op, a.var().t)); }
  T nondiff_binary(BinaryOp op, const T& a, const T& b) { return Var(torch::binary(op, a.op().op(), b.op().op())); }
};

// Runs `formula` (e.g. unary_derivative<EagerDerivative>) on the eager
// builder with these arguments (a Var argument is borrowed by the formula)
// and returns its result as a Var: how the eager nodes call the formulas
// that have one result.
template <class F, class... A> Var eager(F formula, const A&... args) {
  EagerDerivative d;
  return std::move(formula(d, args...)).take();
}

}  // namespace kiln::torch::autograd
