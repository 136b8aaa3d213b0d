// stdlib/torch/autograd/functions_reduce.cpp — reductions, scans, softmax
// and sort, with their gradients (see functions.h). A reduction's gradient
// is the output gradient put back in the reduced dims (unsqueezed where
// keepdim was false) and broadcast over them.

#include <algorithm>
#include <cmath>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/views.h"

namespace kiln::torch::autograd {

namespace {

using B = BinaryOp;
using U = UnaryOp;

Scalar num(double v) { return Scalar::from_double(v); }

// Which dims a reduction folds (all for nullopt or an empty list).
std::vector<bool> reduced_mask(const DimList& dims, int ndim) {
  std::vector<bool> m(size_t(ndim), !dims || dims->empty());
  if (dims && ndim > 0)  // a 0-dim input has no dims to mark (its dim 0 or -1 is itself)
    for (int64_t d : *dims) m[size_t(wrap_dim(d, ndim))] = true;
  return m;
}

// g (the reduction's output gradient) back at the input's shape
// (derivatives.h's unreduce, shared with graph builders).
Var unreduce(const Var& g, const Shape& in_sizes, const std::vector<bool>& mask, bool keepdim) {
  return eager(autograd::unreduce<EagerDerivative>, g, in_sizes, mask, keepdim);
}

// A one-input reduction node: f(g_at_input_shape, x, result_at_input_shape).
template <class F>
Var record_reduce(const char* name, const Var& x, Var r, const DimList& dims, bool keepdim, bool save_x, bool save_r, F f) {
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  std::vector<bool> mask = reduced_mask(dims, x.t.dim());
  Shape in_sizes = x.t.sizes;
  auto* n = make_node(name, [=](const VarList& g, const VarList& s, const Node&) -> VarList {
    Var ge = unreduce(g[0], in_sizes, mask, keepdim);
    Var re = s[1].defined() ? unreduce(s[1], in_sizes, mask, keepdim) : Var();
    return {f(ge, s[0], re, mask)};
  });
  n->saved.resize(2);
  if (save_x) n->saved[0] = SavedVar(x, false);
  connect(n, {&x}, {&r});
  if (save_r) n->saved[1] = SavedVar(r, true);
  return r;
}

DimList one_dim(int64_t d) { return Shape{d}; }

// The gradient of the elements that hold a reduction's extreme value
// (derivatives.h's extreme_derivative).
Var extreme_grad(const Var& ge, const Var& x, const Var& re, const std::vector<bool>& mask) {
  return eager(extreme_derivative<EagerDerivative>, ge, x, re, mask);
}

}  // namespace

Var sum_to(const Var& g, const Shape& sizes) {
  if (g.t.sizes == sizes) return g;
  int lead = g.t.dim() - sizes.size();
  Shape dims;
  for (int d = 0; d < g.t.dim(); ++d)
    if (d < lead || (sizes[d - lead] == 1 && g.t.sizes[d] != 1)) dims.push_back(d);
  Var r = dims.empty() ? g : sum(g, dims, true, std::nullopt);
  if (lead > 0 || !(r.t.sizes == sizes)) r = reshape(r, sizes);
  return r;
}

namespace {
// sum and mean: derivatives.h's formulas, on the output gradient.
template <bool kMean> Var sum_or_mean(const char* name, const Var& x, Var r, const DimList& dims, bool keepdim) {
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  std::vector<bool> mask = reduced_mask(dims, x.t.dim());
  Shape in_sizes = x.t.sizes;
  auto* n = make_node(name, [=](const VarList& g, const VarList&, const Node&) -> VarList {
    return {kMean ? eager(mean_derivative<EagerDerivative>, g[0], in_sizes, mask, keepdim)
                  : eager(sum_derivative<EagerDerivative>, g[0], in_sizes, mask, keepdim)};
  });
  connect(n, {&x}, {&r});
  return r;
}
}  // namespace

Var sum(const Var& x, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  return sum_or_mean<false>(dims && !dims->empty() ? "SumBackward1" : "SumBackward0", x, Var(torch::sum(x.t, dims, keepdim, dtype)),
                            dims, keepdim);
}

Var mean(const Var& x, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  return sum_or_mean<true>(dims && !dims->empty() ? "MeanBackward1" : "MeanBackward0", x,
                           Var(torch::mean(x.t, dims, keepdim, dtype)), dims, keepdim);
}

Var prod(const Var& x, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype) {
  Var r(torch::prod(x.t, dim, keepdim, dtype));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  // d prod / d x_i = product of the others: exclusive prefix times exclusive
  // suffix products (right with zeros in x, unlike prod / x).
  DimList dims = dim ? one_dim(*dim) : DimList();
  return record_reduce(dim ? "ProdBackward1" : "ProdBackward0", x, r, dims, keepdim, true, false,
                       [dim](const Var& ge, const Var& x, const Var&, const std::vector<bool>&) {
                         return eager(prod_derivative<EagerDerivative>, ge, x, dim);
                       });
}

Var amax(const Var& x, const DimList& dims, bool keepdim) {
  return record_reduce("AmaxBackward0", x, Var(torch::amax(x.t, dims, keepdim)), dims, keepdim, true, true, extreme_grad);
}
Var amin(const Var& x, const DimList& dims, bool keepdim) {
  return record_reduce("AminBackward0", x, Var(torch::amin(x.t, dims, keepdim)), dims, keepdim, true, true, extreme_grad);
}
Var max_all(const Var& x) {
  return record_reduce("MaxBackward1", x, Var(torch::max_all(x.t)), DimList(), false, true, true, extreme_grad);
}
Var min_all(const Var& x) {
  return record_reduce("MinBackward1", x, Var(torch::min_all(x.t)), DimList(), false, true, true, extreme_grad);
}

namespace {
// values = x gathered at `idx` along dim (max/min with dim, sort, topk).
Var record_selected(const char* name, const Var& x, Var values, const Tensor& idx, int64_t dim, bool keepdim) {
  if (!any_requires_grad({&x}) || !is_floating(values.t.dtype)) return values;
  Shape sizes = x.t.sizes;
  int d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  Var ix(idx);
  auto* n = make_node(name, [=](const VarList& g, const VarList&, const Node&) -> VarList {
    return {eager(selected_derivative<EagerDerivative>, g[0], ix, sizes, d, keepdim)};
  });
  connect(n, {&x}, {&values});
  return values;
}
}  // namespace

std::pair<Var, Tensor> max_dim(const Var& x, int64_t dim, bool keepdim) {
  auto [v, i] = torch::max_dim(x.t, dim, keepdim);
  return {record_selected("MaxBackward0", x, Var(v), i, dim, keepdim), i};
}
std::pair<Var, Tensor> min_dim(const Var& x, int64_t dim, bool keepdim) {
  auto [v, i] = torch::min_dim(x.t, dim, keepdim);
  return {record_selected("MinBackward0", x, Var(v), i, dim, keepdim), i};
}
std::pair<Var, Tensor> sort(const Var& x, int64_t dim, bool descending) {
  auto [v, i] = torch::sort(x.t, dim, descending);
  return {record_selected("SortBackward0", x, Var(v), i, dim, true), i};
}
std::pair<Var, Tensor> topk(const Var& x, int64_t k, int64_t dim, bool largest, bool sorted) {
  auto [v, i] = torch::topk(x.t, k, dim, largest, sorted);
  return {record_selected("TopkBackward0", x, Var(v), i, dim, true), i};
}

Var var(const Var& x, const DimList& dims, double correction, bool keepdim) {
  return record_reduce("VarBackward0", x, Var(torch::var(x.t, dims, correction, keepdim)), dims, keepdim, true, false,
                       [correction, dims](const Var& ge, const Var& x, const Var&, const std::vector<bool>& m) {
                         return eager(var_derivative<EagerDerivative>, ge, x, dims, x.t.sizes, m, correction);
                       });
}

Var std(const Var& x, const DimList& dims, double correction, bool keepdim) {
  return record_reduce("StdBackward0", x, Var(torch::std(x.t, dims, correction, keepdim)), dims, keepdim, true, true,
                       [correction, dims](const Var& ge, const Var& x, const Var& re, const std::vector<bool>& m) {
                         return eager(std_derivative<EagerDerivative>, ge, x, re, dims, x.t.sizes, m, correction);
                       });
}

std::pair<Var, Var> var_mean(const Var& x, const DimList& dims, double correction, bool keepdim, bool take_sqrt) {
  if (!any_requires_grad({&x})) {
    auto [v, m] = torch::var_mean(x.t, dims, correction, keepdim, take_sqrt);
    return {Var(v), Var(m)};
  }
  return {take_sqrt ? std(x, dims, correction, keepdim) : var(x, dims, correction, keepdim), mean(x, dims, keepdim, std::nullopt)};
}

Var logsumexp(const Var& x, const DimList& dims, bool keepdim) {
  return record_reduce("LogsumexpBackward0", x, Var(torch::logsumexp(x.t, dims, keepdim)), dims, keepdim, true, true,
                       [](const Var& ge, const Var& x, const Var& re, const std::vector<bool>&) {
                         return eager(logsumexp_derivative<EagerDerivative>, ge, x, re);
                       });
}

Var norm(const Var& x, double p, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  return record_reduce("NormBackward1", x, Var(torch::norm(x.t, p, dims, keepdim, dtype)), dims, keepdim, true, true,
                       [p](const Var& ge, const Var& x, const Var& re, const std::vector<bool>& m) {
                         return eager(norm_derivative<EagerDerivative>, ge, x, re, m, p);
                       });
}

Var cumsum(const Var& x, int64_t dim, std::optional<DType> dtype) {
  Var r(torch::cumsum(x.t, dim, dtype));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  int d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  bool zero_dim = x.t.dim() == 0;
  auto* n = make_node("CumsumBackward0", [d, zero_dim](const VarList& g, const VarList&, const Node&) -> VarList {
    return {eager(cumsum_derivative<EagerDerivative>, g[0], int64_t(d), zero_dim)};
  });
  connect(n, {&x}, {&r});
  return r;
}

namespace {
// cumprod's gradient where x has zeros (no dividing by x): grad_i =
// sum_{j >= i} g_j prod_{k <= j, k != i} x_k. Row i of an n x n matrix is x
// (along dim, moved last) with x_i replaced by 1; its cumprod, kept where
// j >= i and weighted by g, sums to grad_i. O(n^2), and differentiable.
Var cumprod_grad_with_zeros(const Var& g, const Var& x, int d) {
  Var xt = transpose(x, d, -1), gt = transpose(g, d, -1);
  int64_t n = xt.t.sizes[xt.t.dim() - 1];
  Tensor diag = empty(Shape{n, n}, DType::Bool), upper = empty(Shape{n, n}, DType::Bool);
  for (int64_t i = 0; i < n * n; ++i) {
    diag.data<bool>()[i] = i / n == i % n;
    upper.data<bool>()[i] = i % n >= i / n;
  }
  Shape square = xt.t.sizes;
  square.insert(square.size() - 1, n);
  Var rows = where(diag, num(1), expand(unsqueeze(xt, -2), square));
  Var terms = where(upper, mul(cumprod(rows, -1, std::nullopt), unsqueeze(gt, -2)), num(0));
  return transpose(sum(terms, Shape{-1}, false, std::nullopt), d, -1);
}
}  // namespace

Var cumprod(const Var& x, int64_t dim, std::optional<DType> dtype) {
  Var r(torch::cumprod(x.t, dim, dtype));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  int d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  bool zero_dim = x.t.dim() == 0;
  auto* n = make_node("CumprodBackward0", [d, zero_dim](const VarList& g, const VarList& s, const Node&) -> VarList {
    const Var& x = s[0];
    const Var& r = s[1];
    if (zero_dim) return {g[0]};
    if (element_as_double(torch::any(torch::binary(B::eq, x.t, Scalar::from_int(0)), std::nullopt, false), 0) != 0)
      return {cumprod_grad_with_zeros(g[0], x, d)};
    // sum_{j >= i} g_j r_j / x_i
    Var gr = mul(g[0], r);
    Var rev = flip(cumsum(flip(gr, Shape{d}), d, std::nullopt), Shape{d});
    return {div(rev, x)};
  });
  n->saved.resize(2);
  n->saved[0] = SavedVar(x, false);
  connect(n, {&x}, {&r});
  n->saved[1] = SavedVar(r, true);
  return r;
}

Var softmax(const Var& x_in, int64_t dim, std::optional<DType> dtype) {
  Var x = dtype ? to_dtype(x_in, *dtype) : x_in;
  Var r(torch::softmax(x.t, dim, std::nullopt));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  int64_t d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  auto* n = make_node("SoftmaxBackward0", [d](const VarList& g, const VarList& s, const Node&) -> VarList {
    return {eager(softmax_derivative<EagerDerivative>, g[0], s[0], d, s[0].t.dim())};
  });
  n->saved.resize(1);
  connect(n, {&x}, {&r});
  n->saved[0] = SavedVar(r, true);
  return r;
}

Var log_softmax(const Var& x_in, int64_t dim, std::optional<DType> dtype) {
  Var x = dtype ? to_dtype(x_in, *dtype) : x_in;
  Var r(torch::log_softmax(x.t, dim, std::nullopt));
  if (!any_requires_grad({&x}) || !is_floating(r.t.dtype)) return r;
  int64_t d = x.t.dim() == 0 ? 0 : wrap_dim(dim, x.t.dim());
  auto* n = make_node("LogSoftmaxBackward0", [d](const VarList& g, const VarList& s, const Node&) -> VarList {
    return {eager(log_softmax_derivative<EagerDerivative>, g[0], s[0], d, s[0].t.dim())};
  });
  n->saved.resize(1);
  connect(n, {&x}, {&r});
  n->saved[0] = SavedVar(r, true);
  return r;
}

}  // namespace kiln::torch::autograd
