// Gradient checks of the differentiable ops (stdlib/torch/autograd/
// functions.h) at the C++ level: every reduction, view, shape op, product and
// indexing path the torch bindings reach, on contiguous, transposed and
// sliced (strided, offset) float64 leaves and on broadcasting operands.
//
// Each case is one table row: input specs and a function of the leaves. The
// check is PyTorch's gradcheck: with L = sum(f(x) * w) for fixed random
// weights w, the gradient autograd puts in each leaf's .grad must match the
// central finite difference (L(x + eps) - L(x - eps)) / 2eps of every
// element (eps 1e-6, tolerance 1e-6 absolute plus relative). A second pass
// (gradgradcheck) differentiates H = sum_k <dL'/dx_k, v_k> for
// L' = sum(f(x)^2 * w), the gradient computed with create_graph: that runs
// the graphs the formulas record (double backward) against finite
// differences of the first backward.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "stdlib/torch/autograd/engine.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/shape_ops.h"
#include "stdlib/torch/tensor.h"
#include "stdlib/torch/views.h"

using namespace kiln::torch;
namespace ag = kiln::torch::autograd;
using ag::Var;
using ag::VarList;

namespace {

constexpr double kEps = 1e-6;
constexpr double kTol = 1e-6;
const std::nullopt_t kAllDims = std::nullopt;

// ---------------------------------------------------------------- inputs
enum class Layout { Contig, Transposed, Sliced };

// A leaf's spec: its sizes, how it is laid out in memory and its values
// (uniform in [lo, hi], with a random sign when `signs`; or `values`).
struct In {
  Shape sizes;
  Layout layout = Layout::Contig;
  double lo = -1, hi = 1;
  bool signs = false;
  std::vector<double> values = {};
};
In contig(Shape s) { return {s}; }
In transposed(Shape s) { return {s, Layout::Transposed}; }
In sliced(Shape s) { return {s, Layout::Sliced}; }
In positive(Shape s, Layout l = Layout::Contig) { return {s, l, 0.5, 1.5}; }
In nonzero(Shape s, Layout l = Layout::Contig) { return {s, l, 0.5, 1.5, true}; }
In given(Shape s, std::vector<double> v) { return {s, Layout::Contig, 0, 0, false, std::move(v)}; }

struct Rng {
  uint64_t s;
  double next() {  // in [0, 1)
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(s >> 11) * (1.0 / 9007199254740992.0);
  }
};

// Element i (row-major logical order) of a float64 tensor of any strides.
double* elem(const Tensor& t, int64_t i) {
  int64_t off = 0;
  for (int d = t.dim() - 1; d >= 0; --d) {
    off += (i % t.sizes[d]) * t.strides[d];
    i /= t.sizes[d];
  }
  return t.data<double>() + off;
}

Tensor random_tensor(const Shape& sizes, uint64_t seed, double lo = -1, double hi = 1, bool signs = false) {
  Tensor t = empty(sizes, DType::Float64);
  Rng r{seed};
  for (int64_t i = 0; i < t.numel(); ++i) {
    double v = lo + (hi - lo) * r.next();
    if (signs && r.next() < 0.5) v = -v;
    t.data<double>()[i] = v;
  }
  return t;
}

Tensor make_input(const In& in, uint64_t seed) {
  Tensor t;
  int n = in.sizes.size();
  if (in.layout == Layout::Transposed && n >= 2) {
    Shape base = in.sizes;
    std::swap(base[n - 1], base[n - 2]);
    t = matrix_transpose(empty(base, DType::Float64));
  } else if (in.layout == Layout::Sliced && n >= 1) {
    Shape base = in.sizes;
    base[n - 1] = 2 * base[n - 1] + 1;
    t = slice(empty(base, DType::Float64), n - 1, 1, base[n - 1], 2);
  } else {
    t = empty(in.sizes, DType::Float64);
  }
  Tensor v = in.values.empty() ? random_tensor(in.sizes, seed, in.lo, in.hi, in.signs) : empty(in.sizes, DType::Float64);
  for (size_t i = 0; i < in.values.size(); ++i) v.data<double>()[i] = in.values[i];
  for (int64_t i = 0; i < t.numel(); ++i) *elem(t, i) = v.data<double>()[i];
  return t;
}

VarList make_leaves(const std::vector<In>& ins) {
  VarList xs;
  for (size_t k = 0; k < ins.size(); ++k) {
    Var x(make_input(ins[k], 1000 + k));
    x.ensure_meta().requires_grad = true;
    xs.push_back(x);
  }
  return xs;
}

// An int64 index tensor of `sizes` (1-d when omitted).
Tensor idx(std::vector<int64_t> v, Shape sizes = {}) {
  if (sizes.empty() && v.size() != 1) sizes = Shape{int64_t(v.size())};
  Tensor t = empty(sizes, DType::Int64);
  for (size_t i = 0; i < v.size(); ++i) t.data<int64_t>()[i] = v[i];
  return t;
}
Tensor mask(Shape sizes, std::vector<int> v) {
  Tensor t = empty(sizes, DType::Bool);
  for (size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i] != 0;
  return t;
}

// ---------------------------------------------------------------- the checks
using Fn = std::function<Var(const VarList&)>;

struct Case {
  const char* name;
  std::vector<In> ins;
  Fn f;
  // false at points where the gradient itself is not differentiable (a zero
  // std or norm): there the second-order check means nothing.
  bool second_order = true;
};

Var total(const Var& x) { return ag::sum(x, kAllDims, false, std::nullopt); }
double value(const Var& x) { return element_as_double(x.t, 0); }

// sum(f(xs) * w), or sum(f(xs)^2 * w).
Var loss(const Fn& f, const VarList& xs, const Tensor& w, bool squared) {
  Var y = f(xs);
  if (squared) y = ag::mul(y, y);
  return total(ag::mul(y, Var(w)));
}

std::string where_(const char* name, size_t k, int64_t i) {
  return std::string(name) + ": input " + std::to_string(k) + " element " + std::to_string(i);
}

void expect_close(double analytic, double numeric, const std::string& where) {
  EXPECT_NEAR(analytic, numeric, kTol * (1 + std::fabs(numeric))) << where;
}

// Central differences of `scalar` in every element of every leaf, compared
// with `grads` (undefined: zero).
template <class S> void compare_numeric(const char* name, const VarList& xs, const VarList& grads, S scalar) {
  for (size_t k = 0; k < xs.size(); ++k) {
    const Tensor& x = xs[k].t;
    if (grads[k].defined()) {
      EXPECT_EQ(grads[k].t.sizes, x.sizes) << name << ": gradient shape of input " << k;
      EXPECT_EQ(grads[k].t.dtype, DType::Float64) << name << ": gradient dtype of input " << k;
    }
    for (int64_t i = 0; i < x.numel(); ++i) {
      double* p = elem(x, i);
      double orig = *p;
      *p = orig + kEps;
      double up = scalar();
      *p = orig - kEps;
      double down = scalar();
      *p = orig;
      double numeric = (up - down) / (2 * kEps);
      double analytic = grads[k].defined() ? element_as_double(grads[k].t, i) : 0.0;
      expect_close(analytic, numeric, where_(name, k, i));
    }
  }
}

void gradcheck(const Case& c) {
  VarList xs = make_leaves(c.ins);
  Var y = c.f(xs);
  ASSERT_TRUE(y.requires_grad()) << c.name << ": the result has no history";
  Tensor w = random_tensor(y.t.sizes, 7);
  ag::run_backward({total(ag::mul(y, Var(w)))}, {}, false, false);
  VarList grads;
  for (const Var& x : xs) grads.push_back(x.meta->grad ? *x.meta->grad : Var());
  compare_numeric(c.name, xs, grads, [&] {
    ag::GradModeGuard off(false);
    return value(loss(c.f, xs, w, false));
  });
}

// H(xs) = sum_k sum(dL/dx_k * v_k), L = sum(f(xs)^2 * w).
Var grad_dot(const Case& c, const VarList& xs, const Tensor& w, const std::vector<Tensor>& v, bool create_graph) {
  VarList g = ag::run_backward({loss(c.f, xs, w, true)}, {}, create_graph, create_graph, xs);
  Var h(scalar_tensor(Scalar::from_double(0), DType::Float64));
  for (size_t k = 0; k < xs.size(); ++k)
    if (g[k].defined()) h = ag::add(h, total(ag::mul(g[k], Var(v[k]))), Scalar::from_int(1), false);
  return h;
}

void gradgradcheck(const Case& c) {
  VarList xs = make_leaves(c.ins);
  Tensor w = random_tensor(c.f(xs).t.sizes, 7);
  std::vector<Tensor> v;
  for (size_t k = 0; k < xs.size(); ++k) v.push_back(random_tensor(xs[k].t.sizes, 11 + k));
  if (!c.second_order) GTEST_SKIP() << "the gradient is not differentiable at this input";
  Var h = grad_dot(c, xs, w, v, true);
  // A gradient without history is constant in x: its derivative is zero.
  VarList grads = h.requires_grad() ? ag::run_backward({h}, {}, false, false, xs) : VarList(xs.size());
  std::string name = std::string(c.name) + " (double backward)";
  compare_numeric(name.c_str(), xs, grads, [&] { return value(grad_dot(c, xs, w, v, false)); });
}

// ---------------------------------------------------------------- the table
Shape S(std::initializer_list<int64_t> l) { return Shape(l); }
Var first(std::pair<Var, Tensor> p) { return p.first; }
// A non-leaf copy of x (in-place ops refuse leaves that require grad).
Var copy_of(const Var& x) { return ag::clone(x); }
// Outputs of a multi-output op folded into one (so every one is checked).
Var weave(const VarList& parts) {
  VarList flat;
  for (size_t i = 0; i < parts.size(); ++i) flat.push_back(ag::mul(ag::reshape(parts[i], S({-1})), double(i + 1)));
  return ag::cat(flat, 0);
}

const std::vector<Case>& cases() {
  using B = BinaryOp;
  static const std::vector<Case> table = {
      // ---------------- reductions
      {"sum", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::sum(x[0], kAllDims, false, std::nullopt); }},
      {"sum_dim", {contig(S({3, 4}))}, [](const VarList& x) { return ag::sum(x[0], S({1}), false, std::nullopt); }},
      {"sum_dims_keepdim", {sliced(S({2, 3, 4}))}, [](const VarList& x) { return ag::sum(x[0], S({0, -1}), true, std::nullopt); }},
      {"sum_dtype", {contig(S({2, 3}))}, [](const VarList& x) { return ag::sum(x[0], S({0}), false, DType::Float64); }},
      {"sum_0dim", {contig(S({}))}, [](const VarList& x) { return ag::sum(x[0], kAllDims, false, std::nullopt); }},
      {"mean", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::mean(x[0], kAllDims, false, std::nullopt); }},
      {"mean_dim", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::mean(x[0], S({-1}), false, std::nullopt); }},
      {"mean_dims_keepdim", {contig(S({2, 3, 4}))}, [](const VarList& x) { return ag::mean(x[0], S({0, 2}), true, std::nullopt); }},
      {"prod", {nonzero(S({2, 3}), Layout::Transposed)}, [](const VarList& x) { return ag::prod(x[0], std::nullopt, false, std::nullopt); }},
      {"prod_dim", {nonzero(S({3, 4}))}, [](const VarList& x) { return ag::prod(x[0], 1, false, std::nullopt); }},
      {"prod_dim_keepdim", {nonzero(S({3, 4}), Layout::Sliced)}, [](const VarList& x) { return ag::prod(x[0], 0, true, std::nullopt); }},
      {"prod_with_zero", {given(S({2, 3}), {0.5, 0, 2, -1.5, 0.7, 0})}, [](const VarList& x) { return ag::prod(x[0], std::nullopt, false, std::nullopt); }},
      {"prod_dim_with_zero", {given(S({2, 3}), {0.5, 0, 2, -1.5, 0.7, 1.1})}, [](const VarList& x) { return ag::prod(x[0], 1, false, std::nullopt); }},
      {"amax", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::amax(x[0], S({1}), false); }},
      {"amin_keepdim", {contig(S({3, 4}))}, [](const VarList& x) { return ag::amin(x[0], S({0}), true); }},
      {"amax_all", {sliced(S({2, 3}))}, [](const VarList& x) { return ag::amax(x[0], kAllDims, false); }},
      {"max_all", {contig(S({3, 4}))}, [](const VarList& x) { return ag::max_all(x[0]); }},
      {"min_all", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::min_all(x[0]); }},
      {"max_dim", {transposed(S({3, 4}))}, [](const VarList& x) { return first(ag::max_dim(x[0], 1, false)); }},
      {"min_dim_keepdim", {sliced(S({3, 4}))}, [](const VarList& x) { return first(ag::min_dim(x[0], 0, true)); }},
      {"max_dim_0dim", {contig(S({}))}, [](const VarList& x) { return first(ag::max_dim(x[0], 0, false)); }},
      {"maximum_broadcast", {contig(S({3, 1})), contig(S({4}))}, [](const VarList& x) { return ag::binary(B::maximum, x[0], x[1]); }},
      {"minimum", {transposed(S({3, 4})), contig(S({3, 4}))}, [](const VarList& x) { return ag::binary(B::minimum, x[0], x[1]); }},
      {"var", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::var(x[0], kAllDims, 1, false); }},
      {"var_dim", {contig(S({3, 4}))}, [](const VarList& x) { return ag::var(x[0], S({1}), 1, false); }},
      {"var_dim_biased_keepdim", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::var(x[0], S({0}), 0, true); }},
      {"std", {contig(S({3, 4}))}, [](const VarList& x) { return ag::std(x[0], kAllDims, 1, false); }},
      {"std_dims", {transposed(S({2, 3, 4}))}, [](const VarList& x) { return ag::std(x[0], S({0, 2}), 1, false); }},
      {"var_mean", {contig(S({3, 4}))}, [](const VarList& x) {
         auto [v, m] = ag::var_mean(x[0], S({1}), 1, false, false);
         return weave({v, m});
       }},
      {"std_mean", {sliced(S({3, 4}))}, [](const VarList& x) {
         auto [v, m] = ag::var_mean(x[0], kAllDims, 0, true, true);
         return weave({v, m});
       }},
      {"logsumexp", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::logsumexp(x[0], S({1}), false); }},
      {"logsumexp_keepdim", {contig(S({2, 3, 4}))}, [](const VarList& x) { return ag::logsumexp(x[0], S({0, 1}), true); }},
      {"norm2", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], 2, kAllDims, false, std::nullopt); }},
      {"norm2_dim", {contig(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], 2, S({1}), false, std::nullopt); }},
      {"norm1_dim", {nonzero(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], 1, S({0}), true, std::nullopt); }},
      {"norm3", {nonzero(S({3, 4}), Layout::Sliced)}, [](const VarList& x) { return ag::norm(x[0], 3, S({1}), false, std::nullopt); }},
      {"norm_half", {nonzero(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], 0.5, kAllDims, false, std::nullopt); }},
      {"norm_inf", {nonzero(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], INFINITY, S({1}), false, std::nullopt); }},
      {"norm_neginf", {nonzero(S({3, 4}))}, [](const VarList& x) { return ag::norm(x[0], -INFINITY, S({1}), false, std::nullopt); }},
      {"cumsum", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::cumsum(x[0], 0, std::nullopt); }},
      {"cumsum_last", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::cumsum(x[0], -1, std::nullopt); }},
      {"cumprod", {nonzero(S({3, 4}), Layout::Transposed)}, [](const VarList& x) { return ag::cumprod(x[0], 1, std::nullopt); }},
      {"cumprod_dim0", {nonzero(S({4, 2}))}, [](const VarList& x) { return ag::cumprod(x[0], 0, std::nullopt); }},
      {"softmax", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::softmax(x[0], 1, std::nullopt); }},
      {"softmax_dim0", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::softmax(x[0], 0, std::nullopt); }},
      {"log_softmax", {contig(S({2, 3, 4}))}, [](const VarList& x) { return ag::log_softmax(x[0], -1, std::nullopt); }},
      {"log_softmax_dim1", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::log_softmax(x[0], 0, std::nullopt); }},
      {"sort", {transposed(S({3, 4}))}, [](const VarList& x) { return first(ag::sort(x[0], 1, false)); }},
      {"sort_desc_dim0", {sliced(S({3, 4}))}, [](const VarList& x) { return first(ag::sort(x[0], 0, true)); }},
      {"topk", {contig(S({3, 5}))}, [](const VarList& x) { return first(ag::topk(x[0], 2, 1, true, true)); }},
      {"topk_smallest_dim0", {transposed(S({4, 3}))}, [](const VarList& x) { return first(ag::topk(x[0], 3, 0, false, true)); }},
      // edge shapes and values
      {"sum_0dim_dim", {contig(S({}))}, [](const VarList& x) { return ag::sum(x[0], S({0}), false, std::nullopt); }},
      {"mean_0dim_dim_keepdim", {contig(S({}))}, [](const VarList& x) { return ag::mean(x[0], S({-1}), true, std::nullopt); }},
      {"amax_0dim", {contig(S({}))}, [](const VarList& x) { return ag::amax(x[0], S({0}), false); }},
      {"logsumexp_0dim", {contig(S({}))}, [](const VarList& x) { return ag::logsumexp(x[0], S({0}), false); }},
      {"norm_0dim", {nonzero(S({}))}, [](const VarList& x) { return ag::norm(x[0], 2, S({0}), false, std::nullopt); }},
      {"prod_0dim", {contig(S({}))}, [](const VarList& x) { return ag::prod(x[0], 0, false, std::nullopt); }},
      {"cumsum_0dim", {contig(S({}))}, [](const VarList& x) { return ag::cumsum(x[0], 0, std::nullopt); }},
      {"cumprod_0dim", {contig(S({}))}, [](const VarList& x) { return ag::cumprod(x[0], 0, std::nullopt); }},
      {"softmax_0dim", {contig(S({}))}, [](const VarList& x) { return ag::softmax(x[0], 0, std::nullopt); }},
      {"sort_0dim", {contig(S({}))}, [](const VarList& x) { return first(ag::sort(x[0], 0, false)); }},
      {"max_dim_1d", {sliced(S({5}))}, [](const VarList& x) { return first(ag::max_dim(x[0], 0, false)); }},
      {"topk_1d", {contig(S({5}))}, [](const VarList& x) { return first(ag::topk(x[0], 3, 0, true, false)); }},
      {"std_constant_rows", {given(S({2, 3}), {0.5, 0.5, 0.5, 1, 2, 4})}, [](const VarList& x) { return ag::std(x[0], S({1}), 1, false); }, false},
      {"norm2_zero_row", {given(S({2, 2}), {0, 0, 1, -2})}, [](const VarList& x) { return ag::norm(x[0], 2, S({1}), false, std::nullopt); }, false},
      {"cumprod_with_zero", {given(S({2, 4}), {0.5, 0, 2, -1.5, 0.7, 1.2, 0, 0})}, [](const VarList& x) { return ag::cumprod(x[0], 1, std::nullopt); }},
      {"cumprod_with_zero_dim0", {given(S({3, 2}), {0, 1.5, -0.5, 0, 2, 0.25})}, [](const VarList& x) { return ag::cumprod(x[0], 0, std::nullopt); }},
      // ---------------- views
      {"select", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::select(x[0], 1, 2); }},
      {"select_negative", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::select(x[0], 0, -1); }},
      {"slice", {contig(S({4, 3}))}, [](const VarList& x) { return ag::slice(x[0], 0, 1, 3, 1); }},
      {"slice_step", {transposed(S({5, 3}))}, [](const VarList& x) { return ag::slice(x[0], 0, 0, 5, 2); }},
      {"narrow", {contig(S({3, 4}))}, [](const VarList& x) { return ag::narrow(x[0], 1, 1, 2); }},
      {"narrow_negative_start", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::narrow(x[0], -1, -3, 2); }},
      {"unsqueeze", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::unsqueeze(x[0], 1); }},
      {"unsqueeze_last", {contig(S({3}))}, [](const VarList& x) { return ag::unsqueeze(x[0], -1); }},
      {"squeeze", {contig(S({1, 3, 1, 2}))}, [](const VarList& x) { return ag::squeeze(x[0]); }},
      {"squeeze_dim", {sliced(S({3, 1}))}, [](const VarList& x) { return ag::squeeze(x[0], 1); }},
      {"view", {contig(S({3, 4}))}, [](const VarList& x) { return ag::view(x[0], S({2, 6})); }},
      {"reshape_view", {contig(S({2, 3, 2}))}, [](const VarList& x) { return ag::reshape(x[0], S({-1, 2})); }},
      {"reshape_copy", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::reshape(x[0], S({12})); }},
      {"flatten_view", {contig(S({2, 3, 2}))}, [](const VarList& x) { return ag::flatten(x[0], 1, 2); }},
      {"flatten_copy", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::flatten(x[0], 0, -1); }},
      {"unflatten", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::unflatten(x[0], 1, S({2, 2})); }},
      {"transpose", {contig(S({2, 3, 4}))}, [](const VarList& x) { return ag::transpose(x[0], 0, 2); }},
      {"t", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::t_2d(x[0]); }},
      {"permute", {sliced(S({2, 3, 4}))}, [](const VarList& x) { return ag::permute(x[0], S({2, 0, 1})); }},
      {"T", {contig(S({2, 3, 4}))}, [](const VarList& x) { return ag::reverse_dims(x[0]); }},
      {"mT", {transposed(S({2, 3, 4}))}, [](const VarList& x) { return ag::matrix_transpose(x[0]); }},
      {"expand", {contig(S({3, 1}))}, [](const VarList& x) { return ag::expand(x[0], S({3, 4})); }},
      {"expand_new_dims", {sliced(S({3, 1}))}, [](const VarList& x) { return ag::expand(x[0], S({2, 3, 4})); }},
      {"expand_minus_one", {contig(S({1, 3}))}, [](const VarList& x) { return ag::expand(x[0], S({2, -1})); }},
      {"split", {transposed(S({3, 5}))}, [](const VarList& x) { return weave(ag::split(x[0], 2, 1)); }},
      {"split_some_unused", {contig(S({5, 2}))}, [](const VarList& x) { return ag::split(x[0], 2, 0)[1]; }},
      {"split_with_sizes", {sliced(S({3, 6}))}, [](const VarList& x) { return weave(ag::split_with_sizes(x[0], {1, 3, 2}, 1)); }},
      {"chunk", {contig(S({5, 2}))}, [](const VarList& x) { return weave(ag::chunk(x[0], 3, 0)); }},
      {"chunk_last_only", {transposed(S({5, 2}))}, [](const VarList& x) { return ag::chunk(x[0], 2, 0)[1]; }},
      {"unbind", {transposed(S({3, 4}))}, [](const VarList& x) { return weave(ag::unbind(x[0], 1)); }},
      {"unbind_some_unused", {contig(S({3, 4}))}, [](const VarList& x) {
         VarList p = ag::unbind(x[0], 0);
         return ag::add(p[0], p[2], Scalar::from_double(2), false);
       }},
      {"flatten_0dim", {contig(S({}))}, [](const VarList& x) { return ag::flatten(x[0], 0, -1); }},
      {"permute_negative", {transposed(S({2, 3, 4}))}, [](const VarList& x) { return ag::permute(x[0], S({-1, 0, -2})); }},
      {"transpose_negative", {sliced(S({2, 3, 4}))}, [](const VarList& x) { return ag::transpose(x[0], -1, 0); }},
      {"squeeze_noop_dim", {contig(S({2, 3}))}, [](const VarList& x) { return ag::squeeze(x[0], 0); }},
      {"contiguous", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::contiguous(x[0]); }},
      {"clone", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::clone(x[0]); }},
      // ---------------- shape ops
      {"cat", {contig(S({2, 3})), transposed(S({2, 2})), sliced(S({2, 1}))}, [](const VarList& x) { return ag::cat(x, 1); }},
      {"cat_dim0", {contig(S({1, 3})), sliced(S({2, 3}))}, [](const VarList& x) { return ag::cat(x, 0); }},
      {"cat_one_input", {transposed(S({2, 3}))}, [](const VarList& x) { return ag::cat(x, -1); }},
      {"cat_legacy_empty", {contig(S({2, 3})), contig(S({0}))}, [](const VarList& x) { return ag::cat(x, 0); }},
      {"stack", {contig(S({2, 3})), transposed(S({2, 3}))}, [](const VarList& x) { return ag::stack(x, 0); }},
      {"stack_last", {sliced(S({3})), contig(S({3})), contig(S({3}))}, [](const VarList& x) { return ag::stack(x, -1); }},
      {"index_select_repeated", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::index_select(x[0], 1, idx({2, 0, 2, 3})); }},
      {"index_select_dim0", {sliced(S({4, 2}))}, [](const VarList& x) { return ag::index_select(x[0], 0, idx({3, 3, 1})); }},
      {"index_select_0dim_index", {contig(S({4}))}, [](const VarList& x) { return ag::index_select(x[0], 0, idx({2})); }},
      {"gather", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::gather(x[0], 1, idx({0, 0, 3, 1, 2, 1}, S({3, 2}))); }},
      {"gather_dim0", {contig(S({3, 2}))}, [](const VarList& x) { return ag::gather(x[0], 0, idx({2, 0, 2, 2}, S({2, 2}))); }},
      {"roll", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::roll(x[0], {1}, {0}); }},
      {"roll_flat", {contig(S({3, 4}))}, [](const VarList& x) { return ag::roll(x[0], {5}, {}); }},
      {"roll_two_dims", {sliced(S({3, 4}))}, [](const VarList& x) { return ag::roll(x[0], {-1, 2}, {0, 1}); }},
      {"flip", {transposed(S({3, 4}))}, [](const VarList& x) { return ag::flip(x[0], S({0})); }},
      {"flip_two", {contig(S({2, 3, 2}))}, [](const VarList& x) { return ag::flip(x[0], S({0, -1})); }},
      {"tril", {transposed(S({4, 4}))}, [](const VarList& x) { return ag::tril(x[0], 0, false); }},
      {"triu_diag1", {contig(S({3, 4}))}, [](const VarList& x) { return ag::tril(x[0], 1, true); }},
      {"tril_batched", {sliced(S({2, 3, 3}))}, [](const VarList& x) { return ag::tril(x[0], -1, false); }},
      {"tril_", {transposed(S({3, 3}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::tril_(y, 0, false);
         return y;
       }},
      {"triu_", {contig(S({3, 4}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::tril_(y, -1, true);
         return y;
       }},
      {"repeat", {transposed(S({2, 3}))}, [](const VarList& x) { return ag::repeat(x[0], S({2, 1})); }},
      {"repeat_new_dim", {contig(S({2, 3}))}, [](const VarList& x) { return ag::repeat(x[0], S({2, 1, 3})); }},
      {"masked_fill", {transposed(S({2, 3}))}, [](const VarList& x) {
         return ag::masked_fill(x[0], mask(S({2, 3}), {1, 0, 0, 1, 1, 0}), Scalar::from_double(2.5));
       }},
      {"masked_fill_broadcast_tensor_value", {contig(S({2, 3})), contig(S({}))}, [](const VarList& x) {
         return ag::masked_fill(x[0], mask(S({3}), {0, 1, 0}), x[1]);
       }},
      {"masked_fill_", {contig(S({2, 3})), contig(S({}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::masked_fill_(y, mask(S({2, 3}), {0, 1, 1, 0, 0, 1}), x[1]);
         return y;
       }},
      {"scatter", {transposed(S({3, 4})), contig(S({2, 4}))}, [](const VarList& x) {
         return ag::scatter(x[0], 0, idx({2, 0, 1, 2, 0, 1, 0, 1}, S({2, 4})), x[1], ScatterReduce::None);
       }},
      {"scatter_value", {contig(S({3, 4}))}, [](const VarList& x) {
         return ag::scatter(x[0], 1, idx({3, 0, 1}, S({3, 1})), Scalar::from_double(1.5), ScatterReduce::None);
       }},
      {"scatter_short_index", {contig(S({3, 4})), sliced(S({3, 3}))}, [](const VarList& x) {
         return ag::scatter(x[0], 1, idx({3, 1, 0, 2}, S({2, 2})), x[1], ScatterReduce::None);
       }},
      {"scatter_add_repeated", {contig(S({3, 4})), transposed(S({2, 4}))}, [](const VarList& x) {
         return ag::scatter_add(x[0], 0, idx({2, 2, 1, 0, 2, 0, 1, 0}, S({2, 4})), x[1]);
       }},
      {"scatter_", {contig(S({3, 4})), contig(S({2, 4}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::scatter_(y, 0, idx({1, 0, 2, 2, 0, 1, 0, 1}, S({2, 4})), x[1], ScatterReduce::None);
         return y;
       }},
      {"scatter_add_", {contig(S({3, 4})), contig(S({2, 2}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::scatter_add_(y, 1, idx({3, 3, 0, 3}, S({2, 2})), x[1]);
         return y;
       }},
      // ---------------- products
      {"matmul_mm", {transposed(S({3, 4})), contig(S({4, 2}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_vec_mat", {sliced(S({4})), transposed(S({4, 3}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_mat_vec", {contig(S({3, 4})), contig(S({4}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_dot", {contig(S({4})), sliced(S({4}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_batch_broadcast", {contig(S({2, 3, 4})), transposed(S({4, 2}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_broadcast_left", {transposed(S({3, 4})), contig(S({2, 4, 2}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_batch_dims", {contig(S({2, 1, 2, 3})), contig(S({3, 3, 2}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_vec_batch", {contig(S({3})), transposed(S({2, 3, 2}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"matmul_batch_vec", {sliced(S({2, 2, 3})), contig(S({3}))}, [](const VarList& x) { return ag::matmul(x[0], x[1]); }},
      {"mm", {contig(S({2, 3})), transposed(S({3, 4}))}, [](const VarList& x) { return ag::mm(x[0], x[1]); }},
      {"linear_bias", {transposed(S({3, 4})), contig(S({2, 4})), contig(S({2}))}, [](const VarList& x) { return ag::linear(x[0], x[1], &x[2]); }},
      {"linear_no_bias", {contig(S({1, 4})), sliced(S({2, 4}))}, [](const VarList& x) { return ag::linear(x[0], x[1], nullptr); }},
      {"linear_batched", {contig(S({2, 3, 4})), contig(S({2, 4})), contig(S({1, 2}))}, [](const VarList& x) { return ag::linear(x[0], x[1], &x[2]); }},
      {"bmm", {transposed(S({2, 3, 4})), sliced(S({2, 4, 2}))}, [](const VarList& x) { return ag::bmm(x[0], x[1]); }},
      {"mv", {transposed(S({3, 4})), sliced(S({4}))}, [](const VarList& x) { return ag::mv(x[0], x[1]); }},
      {"dot", {sliced(S({5})), contig(S({5}))}, [](const VarList& x) { return ag::dot(x[0], x[1]); }},
      {"outer", {contig(S({3})), sliced(S({4}))}, [](const VarList& x) { return ag::outer(x[0], x[1]); }},
      {"mm_same_input", {contig(S({3, 3}))}, [](const VarList& x) { return ag::mm(x[0], x[0]); }},
      // ---------------- indexing (the steps of t[key], index.cpp)
      {"getitem_basic", {transposed(S({3, 4, 2}))}, [](const VarList& x) {
         // x[1, 1:4:2, None]
         return ag::apply_path(x[0], {{ag::IndexStep::Select, 0, 1}, {ag::IndexStep::Slice, 0, 1, 4, 2}, {ag::IndexStep::Unsqueeze, 1}});
       }},
      {"getitem_advanced_repeated", {transposed(S({4, 3}))}, [](const VarList& x) { return ag::index(x[0], {idx({3, 0, 3, 3})}); }},
      {"getitem_advanced_two_broadcast", {sliced(S({3, 4}))}, [](const VarList& x) {
         return ag::index(x[0], {idx({0, 2, 2}, S({3, 1})), idx({1, 3})});
       }},
      {"getitem_advanced_second_dim", {contig(S({2, 3, 4}))}, [](const VarList& x) {
         return ag::index(x[0], {Tensor(), idx({2, 0, 2})});
       }},
      {"getitem_mask", {transposed(S({3, 4}))}, [](const VarList& x) {
         return ag::index(x[0], mask_indices(mask(S({3, 4}), {1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1})));
       }},
      {"getitem_basic_then_advanced", {contig(S({3, 4, 2}))}, [](const VarList& x) {
         // x[:, [1, 1, 3], 0]: slice, select, then the index
         Var v = ag::apply_path(x[0], {{ag::IndexStep::Slice, 0, 0, 3, 1}, {ag::IndexStep::Select, 2, 0}});
         return ag::index(v, {Tensor(), idx({1, 1, 3})});
       }},
      {"setitem_basic", {contig(S({3, 4})), transposed(S({2, 2}))}, [](const VarList& x) {
         // y[1:3, ::2] = v
         Var y = copy_of(x[0]);
         ag::index_put_(y, {{ag::IndexStep::Slice, 0, 1, 3, 1}, {ag::IndexStep::Slice, 1, 0, 4, 2}}, {}, x[1]);
         return y;
       }},
      {"setitem_basic_broadcast", {sliced(S({3, 4})), contig(S({4}))}, [](const VarList& x) {
         // y[0:2] = v (a row to each)
         Var y = copy_of(x[0]);
         ag::index_put_(y, {{ag::IndexStep::Slice, 0, 0, 2, 1}}, {}, x[1]);
         return y;
       }},
      {"setitem_basic_scalar", {transposed(S({3, 4}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::index_put_(y, {{ag::IndexStep::Select, 1, 2}}, {}, Scalar::from_double(3));
         return y;
       }},
      {"setitem_advanced", {contig(S({4, 3})), contig(S({2, 3}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::index_put_(y, {}, {idx({3, 1})}, x[1]);
         return y;
       }},
      {"setitem_advanced_broadcast", {contig(S({4, 3})), sliced(S({3}))}, [](const VarList& x) {
         // y[[0, 2]] = v, a row to each (with a repeated index PyTorch's
         // formula counts the row twice, unlike the finite difference)
         Var y = copy_of(x[0]);
         ag::index_put_(y, {}, {idx({0, 2})}, x[1]);
         return y;
       }},
      {"setitem_mask_scalar_tensor", {transposed(S({3, 3})), contig(S({}))}, [](const VarList& x) {
         Var y = copy_of(x[0]);
         ag::index_put_(y, {}, mask_indices(mask(S({3, 3}), {1, 0, 1, 0, 0, 0, 0, 1, 1})), x[1]);
         return y;
       }},
      {"setitem_basic_then_advanced", {contig(S({2, 4, 3})), contig(S({2}))}, [](const VarList& x) {
         // y[1, [0, 3], 2] = v
         Var y = copy_of(x[0]);
         ag::index_put_(y, {{ag::IndexStep::Select, 0, 1}, {ag::IndexStep::Select, 1, 2}}, {idx({0, 3})}, x[1]);
         return y;
       }},
  };
  return table;
}

class Gradcheck : public ::testing::TestWithParam<size_t> {};

std::string case_name(const ::testing::TestParamInfo<size_t>& info) { return cases()[info.param].name; }

}  // namespace

TEST_P(Gradcheck, FirstOrder) { gradcheck(cases()[GetParam()]); }
TEST_P(Gradcheck, SecondOrder) { gradgradcheck(cases()[GetParam()]); }

INSTANTIATE_TEST_SUITE_P(AutogradOps, Gradcheck, ::testing::Range<size_t>(0, cases().size()), case_name);

// ---------------------------------------------------------------- beyond the table
TEST(AutogradOps, ExtremesShareTiedGradients) {
  // torch.tensor([[1., 3., 3.], [2., 2., 0.]]).amax(1): ties split evenly.
  Var x(make_input(given(S({2, 3}), {1, 3, 3, 2, 2, 0}), 0));
  x.ensure_meta().requires_grad = true;
  ag::run_backward({total(ag::amax(x, S({1}), false))}, {}, false, false);
  std::vector<double> want = {0, 0.5, 0.5, 0.5, 0.5, 0};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(element_as_double(x.meta->grad->t, i), want[size_t(i)]) << i;
}

TEST(AutogradOps, IndexingRecordsPyTorchsNodes) {
  Var x(make_input(contig(S({3, 4})), 0));
  x.ensure_meta().requires_grad = true;
  Var y = ag::apply_path(x, {{ag::IndexStep::Select, 0, 1}, {ag::IndexStep::Slice, 0, 1, 3, 1}, {ag::IndexStep::Unsqueeze, 1}});
  ASSERT_TRUE(y.grad_fn());
  EXPECT_EQ(y.grad_fn()->name(), "UnsqueezeBackward0");
  EXPECT_EQ(y.grad_fn()->next[0].fn->name(), "SliceBackward0");
  EXPECT_EQ(y.grad_fn()->next[0].fn->next[0].fn->name(), "SelectBackward0");
  EXPECT_EQ(ag::index(x, {idx({0, 0})}).grad_fn()->name(), "IndexBackward0");
  Var z = ag::clone(x);
  ag::index_put_(z, {}, {idx({1})}, Scalar::from_double(0));
  EXPECT_EQ(z.grad_fn()->name(), "IndexPutBackward0");
  ag::index_put_(z, {{ag::IndexStep::Select, 0, 0}}, {}, Scalar::from_double(0));
  EXPECT_EQ(z.grad_fn()->name(), "CopySlices");
  ag::index_put_(z, {}, {}, Scalar::from_double(0));  // z[...] = 0
  EXPECT_EQ(z.grad_fn()->name(), "FillBackward3");
  ag::index_put_(z, {}, {}, x);  // z[...] = x
  EXPECT_EQ(z.grad_fn()->name(), "CopyBackwards");
  EXPECT_EQ(ag::alias(x).grad_fn()->name(), "AliasBackward0");
  EXPECT_EQ(ag::scatter(x, 0, idx({0}, S({1, 1})), Scalar::from_double(1), ScatterReduce::None).grad_fn()->name(), "ScatterBackward1");
}

TEST(AutogradOps, InPlaceOnALeafThatRequiresGradIsRefused) {
  Var x(make_input(contig(S({3})), 0));
  x.ensure_meta().requires_grad = true;
  const char* msg = "a leaf Variable that requires grad is being used in an in-place operation.";
  auto error_of = [](auto f) -> std::string {
    try {
      f();
    } catch (const Error& e) {
      return e.message;
    }
    return "";
  };
  EXPECT_EQ(error_of([&] { ag::index_put_(x, {}, {idx({1})}, Scalar::from_double(1)); }), msg);
  EXPECT_EQ(error_of([&] { ag::index_put_(x, {{ag::IndexStep::Select, 0, 1}}, {}, Scalar::from_double(1)); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  EXPECT_EQ(error_of([&] { ag::scatter_(x, 0, idx({0}), Scalar::from_double(1), ScatterReduce::None); }), msg);
  EXPECT_EQ(error_of([&] { ag::scatter_add_(x, 0, idx({0}), x); }), msg);
  // No history, no refusal: under no_grad, and for tensors that need none.
  {
    ag::GradModeGuard off(false);
    ag::index_put_(x, {{ag::IndexStep::Select, 0, 1}}, {}, Scalar::from_double(1));
  }
  EXPECT_EQ(element_as_double(x.t, 1), 1.0);
  Var c(make_input(contig(S({3})), 0));
  ag::scatter_(c, 0, idx({2}), Scalar::from_double(4), ScatterReduce::Multiply);
  EXPECT_FALSE(c.requires_grad());
}

TEST(AutogradOps, AssigningATensorThatRequiresGradGivesHistory) {
  // out = zeros(3); out[1] = w * 2: out.grad_fn is CopySlices, d out[1] / dw = 2.
  Var w(make_input(contig(S({})), 0));
  w.ensure_meta().requires_grad = true;
  Var out(empty(S({3}), DType::Float64));
  fill(out.t, Scalar::from_int(0));
  ag::index_put_(out, {{ag::IndexStep::Select, 0, 1}}, {}, ag::mul(w, 2.0));
  ASSERT_TRUE(out.requires_grad());
  ag::run_backward({total(out)}, {}, false, false);
  EXPECT_EQ(element_as_double(w.meta->grad->t, 0), 2.0);
  // A tensor that shares its memory with a view cannot take history (yet).
  Var base(empty(S({3}), DType::Float64));
  fill(base.t, Scalar::from_int(0));
  Tensor view = slice(base.t, 0, 0, 2, 1);
  EXPECT_THROW(ag::index_put_(base, {{ag::IndexStep::Select, 0, 1}}, {}, w), Error);
}

TEST(AutogradOps, DtypeArgumentsCastTheGradientBack) {
  // x (float32).sum(dtype=float64) etc.: x.grad is float32, the float64 gradient rounded.
  std::vector<std::pair<const char*, std::function<Var(const Var&, std::optional<DType>)>>> ops = {
      {"sum", [](const Var& x, std::optional<DType> d) { return ag::sum(x, S({1}), false, d); }},
      {"mean", [](const Var& x, std::optional<DType> d) { return ag::mean(x, kAllDims, false, d); }},
      {"cumsum", [](const Var& x, std::optional<DType> d) { return ag::cumsum(x, 0, d); }},
      {"softmax", [](const Var& x, std::optional<DType> d) { return ag::softmax(x, 1, d); }},
      {"log_softmax", [](const Var& x, std::optional<DType> d) { return ag::log_softmax(x, 0, d); }},
      {"norm", [](const Var& x, std::optional<DType> d) { return ag::norm(x, 2, S({0}), false, d); }},
  };
  for (auto& [name, f] : ops) {
    Tensor x64 = make_input(contig(S({2, 3})), 3);
    Var a(x64), b(cast(x64, DType::Float32));
    a.ensure_meta().requires_grad = true;
    b.ensure_meta().requires_grad = true;
    Var ya = f(a, std::nullopt), yb = f(b, DType::Float64);
    EXPECT_EQ(yb.t.dtype, DType::Float64) << name;
    Tensor w = random_tensor(ya.t.sizes, 5);
    ag::run_backward({total(ag::mul(ya, Var(w)))}, {}, false, false);
    ag::run_backward({total(ag::mul(yb, Var(w)))}, {}, false, false);
    ASSERT_EQ(b.meta->grad->t.dtype, DType::Float32) << name;
    for (int64_t i = 0; i < 6; ++i)
      EXPECT_NEAR(element_as_double(b.meta->grad->t, i), element_as_double(a.meta->grad->t, i), 1e-6) << name << " " << i;
  }
}

TEST(AutogradOps, ScatterReduceIsNotDifferentiable) {
  Var x(make_input(contig(S({3})), 0));
  x.ensure_meta().requires_grad = true;
  EXPECT_THROW(ag::scatter(x, 0, idx({0}), Scalar::from_double(2), ScatterReduce::Multiply), Error);
  ag::GradModeGuard off(false);
  EXPECT_FALSE(ag::scatter(x, 0, idx({0}), Scalar::from_double(2), ScatterReduce::Multiply).requires_grad());
}

// A plain backward adds linear's weight gradient into an existing .grad with
// BLAS (no temporary): the result must be the old .grad plus the gradient
// autograd.grad computes without that shortcut, at batch 1 (a rank-1 update)
// and batch 3 (gemm with beta = 1).
TEST(AutogradOps, LinearAccumulatesIntoAnExistingGrad) {
  for (int64_t batch : {1, 3}) {
    VarList xs = make_leaves({contig(S({batch, 4})), contig(S({2, 4})), contig(S({2}))});
    Tensor w = random_tensor(S({batch, 2}), 7);
    auto loss_of = [&] { return total(ag::mul(ag::linear(xs[0], xs[1], &xs[2]), Var(w))); };
    VarList expected = ag::run_backward({loss_of()}, {}, false, false, xs);  // autograd.grad: no shortcut
    Tensor g0 = random_tensor(S({2, 4}), 5);
    xs[1].meta->grad = std::make_unique<Var>(Var(cast(g0, g0.dtype)));
    ag::run_backward({loss_of()}, {}, false, false);
    for (int64_t i = 0; i < 8; ++i)
      EXPECT_NEAR(element_as_double(xs[1].meta->grad->t, i), element_as_double(g0, i) + element_as_double(expected[1].t, i), 1e-12)
          << "batch " << batch << " element " << i;
    ASSERT_TRUE(xs[0].meta->grad);  // the input and bias still get theirs
    for (int64_t i = 0; i < batch * 4; ++i)
      EXPECT_NEAR(element_as_double(xs[0].meta->grad->t, i), element_as_double(expected[0].t, i), 1e-12);
  }
}

