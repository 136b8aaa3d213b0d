// The derivative of every op of the registry (stdlib/torch/ops/ops.def),
// checked numerically: one test per op, generated from its schema.
//
// Random calls (tests/unit/op_samples.h, the Gradients style: float64
// tensors of continuous values) run with every floating tensor argument a
// leaf that requires grad; an in-place op writes a clone of its input. For
// each call that returns (finite) results:
//   * first order: the gradient the engine computes, dotted with a random
//     direction u of the inputs, equals the finite difference
//     <(f(x + eps u) - f(x - eps u)) / 2 eps, v> for the random cotangent v
//     of the outputs (PyTorch's gradcheck in its fast mode). An output that
//     changes with its inputs but has no grad_fn fails it: a missing
//     derivative is caught, not skipped. Gradients accumulated into the
//     leaves' .grad (a plain backward) equal those autograd.grad returns.
//   * second order: the first-order gradient, computed with create_graph
//     as a function of the inputs and the cotangents, passes the same check
//     (gradgradcheck): the formulas themselves are differentiable.
// A call whose outputs or gradients are not finite (a domain edge: log of
// a negative, std of one element) is a point with no derivative and is
// skipped; each op must still check enough calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "stdlib/torch/autograd/engine.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/tensor_object.h"
#include "tests/unit/op_samples.h"
#include "vm/list.h"
#include "vm/tuple.h"

namespace {

using kiln::torch::DType;
using kiln::torch::Tensor;
using kiln::torch::autograd::Var;
using kiln::torch::autograd::VarList;
using kiln::torch::ops::all_ops;
using kiln::torch::ops::OpDef;
using kiln::vm::Value;
using kiln_test::Gen;
using kiln_test::OpHarness;
using kiln_test::leaf;
using kiln_test::random_like;
using kiln_test::OpFunction;
using kiln_test::SampledCall;

constexpr double kEps = 1e-6;

// sum(a * b) of two tensors of the same sizes (any layout, any floating dtype).
double dot(const Tensor& a, const Tensor& b) {
  Tensor ca = kiln::torch::contiguous(kiln::torch::cast(a, DType::Float64));
  Tensor cb = kiln::torch::contiguous(kiln::torch::cast(b, DType::Float64));
  const double* pa = ca.data<double>();
  const double* pb = cb.data<double>();
  double s = 0;
  for (int64_t i = 0; i < ca.numel(); i++) s += pa[i] * pb[i];
  return s;
}

bool finite(const Tensor& t) {
  if (!kiln::torch::is_floating(t.dtype)) return true;
  Tensor c = kiln::torch::contiguous(kiln::torch::cast(t, DType::Float64));
  const double* p = c.data<double>();
  for (int64_t i = 0; i < c.numel(); i++)
    if (!std::isfinite(p[i])) return false;
  return true;
}

// x + s * d, a new contiguous float64 tensor.
Tensor shifted(const Tensor& x, const Tensor& d, double s) {
  return kiln::torch::add(kiln::torch::Operand(x), kiln::torch::Operand(d), kiln::torch::Scalar::from_double(s), false);
}


enum class Outcome { Checked, Skipped, Failed };

// |analytic - numeric| within PyTorch gradcheck's tolerances.
bool close(double analytic, double numeric, double rtol) { return std::fabs(analytic - numeric) <= 1e-5 + rtol * std::fabs(numeric); }

// f's gradient at xs against finite differences (see the file's essay).
// `f` maps the inputs to outputs; `grad_of` (first order: the op; second:
// the op's gradient) is what is differentiated.
struct Check {
  Gen& g;
  std::string& failure;

  // <J(xs) u, v> two ways. f: inputs -> outputs (nullopt: raised).
  template <class F> Outcome directional(F&& f, const std::vector<Tensor>& xs, double rtol, const char* what) {
    VarList leaves;
    for (const Tensor& x : xs) leaves.push_back(leaf(x));
    std::optional<VarList> outs;
    {
      kiln::torch::autograd::GradModeGuard on(true);
      outs = f(leaves);
    }
    if (!outs || outs->empty()) return Outcome::Skipped;
    for (const Var& o : *outs)
      if (o.t.dtype != DType::Float64 || !finite(o.t)) return Outcome::Skipped;
    std::vector<Tensor> u, v;
    for (const Tensor& x : xs) u.push_back(random_like(x, g));
    for (const Var& o : *outs) v.push_back(random_like(o.t, g));
    double analytic = 0;
    VarList roots, cotangents;
    for (size_t k = 0; k < outs->size(); k++)
      if ((*outs)[k].requires_grad()) roots.push_back((*outs)[k]), cotangents.push_back(Var(v[k]));
    if (!roots.empty()) {
      VarList grads;
      try {
        grads = kiln::torch::autograd::run_backward(roots, cotangents, false, false, leaves);
      } catch (const kiln::torch::Error& e) {
        failure = std::string(what) + ": backward raised " + e.message;
        return Outcome::Failed;
      }
      for (size_t i = 0; i < xs.size(); i++) {
        if (!grads[i].defined()) continue;
        if (!finite(grads[i].t)) return Outcome::Skipped;
        if (grads[i].t.sizes != xs[i].sizes) {
          failure = std::string(what) + ": gradient of input " + std::to_string(i) + " has sizes " + grads[i].t.sizes.str() +
                    ", the input " + xs[i].sizes.str();
          return Outcome::Failed;
        }
        analytic += dot(grads[i].t, u[i]);
      }
    }
    // Central, forward and backward differences: where the last two
    // disagree the point is not smooth (a tie in max or sort, a clamp
    // bound, a rounding step), and no derivative is there to check.
    double numeric = 0, forward = 0, backward = 0;
    {
      std::vector<std::optional<VarList>> at(3);
      const double steps[3] = {kEps, 0, -kEps};
      for (int side = 0; side < 3; side++) {
        VarList moved;
        for (size_t i = 0; i < xs.size(); i++) moved.push_back(leaf(steps[side] == 0 ? xs[i] : shifted(xs[i], u[i], steps[side])));
        kiln::torch::autograd::GradModeGuard on(true);  // f may itself run a backward (second order)
        at[size_t(side)] = f(moved);
        if (!at[size_t(side)] || at[size_t(side)]->size() != outs->size()) return Outcome::Skipped;
      }
      for (size_t k = 0; k < outs->size(); k++) {
        double y[3];
        for (int side = 0; side < 3; side++) {
          const Tensor& t = (*at[size_t(side)])[k].t;
          if (!finite(t)) return Outcome::Skipped;
          y[side] = dot(t, v[k]);
        }
        numeric += (y[0] - y[2]) / (2 * kEps);
        forward += (y[0] - y[1]) / kEps;
        backward += (y[1] - y[2]) / kEps;
      }
    }
    if (std::fabs(forward - backward) > 1e-4 * (1 + std::fabs(numeric))) return Outcome::Skipped;
    if (!close(analytic, numeric, rtol)) {
      failure = std::string(what) + ": analytic " + std::to_string(analytic) + ", numeric " + std::to_string(numeric);
      if (roots.size() < outs->size()) failure += " (an output has no grad_fn)";
      return Outcome::Failed;
    }
    return Outcome::Checked;
  }
};

// Where PyTorch's gradient is not the derivative, Kiln keeps PyTorch's
// (a program's printed gradients are PyTorch's), and the check steps aside:
//   * the logical ops in place on a floating tensor (x.logical_and_(y))
//     leave x's history as it was: the gradient passes through unchanged;
//   * scatter's src with repeated indices: every copy gets the gradient,
//     though only one lands;
//   * detach: its result moves with its input, by design with no gradient;
//   * creation ops (zeros_like, rand_like...): their values are not their
//     inputs' (random, or uninitialised), and have no gradient.
bool gradient_is_not_the_derivative(OpHarness& h, const OpDef& op, const SampledCall& c) {
  using kiln::torch::ops::OpId;
  if (op.kind == kiln::torch::ops::OpKind::Creation) return true;
  switch (op.id) {
    case OpId::logical_not_:
    case OpId::logical_and_:
    case OpId::logical_or_:
    case OpId::logical_xor_:
    case OpId::detach: return true;
    case OpId::scatter:
    case OpId::scatter_: break;
    default: return false;
  }
  kiln::torch::ops::Bound b;
  if (!kiln::torch::ops::bind(h.vm, op, c.call_args(), c.method, &b)) {
    kiln_test::exception_text(h);
    return false;
  }
  if (!b[1].is_small_int() || !kiln::torch::is_tensor(b[2]) || kiln::torch::tensor_of(b[2]).dtype != DType::Int64) return false;
  Tensor index = kiln::torch::contiguous(kiln::torch::tensor_of(b[2]));
  int rank = std::max(index.dim(), 1);
  int64_t dim = b[1].as_small_int();
  if (dim < -rank || dim >= rank) return false;
  if (dim < 0) dim += rank;
  // Two positions of the index that name the same element of the result.
  std::set<std::vector<int64_t>> targets;
  const int64_t* p = index.data<int64_t>();
  for (int64_t i = 0; i < index.numel(); i++) {
    std::vector<int64_t> at(size_t(index.dim()));
    for (int64_t r = i, d = index.dim() - 1; d >= 0; d--) at[size_t(d)] = r % index.sizes[d], r /= index.sizes[d];
    if (index.dim()) at[size_t(dim)] = p[i];
    if (!targets.insert(at).second) return true;
  }
  return false;
}

class GradientOfOp : public ::testing::TestWithParam<size_t> {};

// Calls per op: at least kCalls, and more (up to kMaxCalls) until enough
// points were checked (few random calls of scatter_ bind and land once).
// KILN_GRADCHECK_CALLS and KILN_GRADCHECK_SEED set a longer run with other
// samples (the long fuzz run reported with a change).
constexpr int kCalls = 400, kMaxCalls = 3000;
int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}
constexpr int kMinFirst = 10, kMinSecond = 5;

TEST_P(GradientOfOp, MatchesFiniteDifferences) {
  OpHarness& h = kiln_test::op_harness();
  const OpDef& op = all_ops()[GetParam()];
  Gen g(uint32_t(GetParam()) * 104729u + 3u + uint32_t(env_int("KILN_GRADCHECK_SEED", 0)) * 7919u);
  int first = 0, second = 0, differentiable = 0;
  int calls = env_int("KILN_GRADCHECK_CALLS", kCalls), max_calls = std::max(kMaxCalls, calls);
  int call = 0;
  for (; call < max_calls && (call < calls || (differentiable > 0 && (first < kMinFirst || second < kMinSecond))); call++) {
    OpFunction fn(h, op, kiln_test::sample_call(h, op, g, kiln_test::SampleStyle::Gradients));
    if (fn.slots.empty() || gradient_is_not_the_derivative(h, op, fn.call)) continue;
    std::string where = op.schema.name + " call " + std::to_string(call) + " " + kiln_test::describe(h, fn.call) + ": ";
    std::string failure;
    Check check{g, failure};
    // First order.
    Outcome o = check.directional(fn, fn.x0, 1e-3, "first order");
    ASSERT_NE(o, Outcome::Failed) << where << failure;
    if (o == Outcome::Skipped) continue;
    first++;
    // Second order: the gradient (create_graph) as a function of the
    // inputs and the outputs' cotangents.
    VarList probe;
    for (const Tensor& x : fn.x0) probe.push_back(leaf(x));
    std::optional<VarList> outs = fn(probe);
    size_t nx = fn.x0.size();
    std::vector<Tensor> point = fn.x0;
    std::vector<size_t> diff_outs;
    for (size_t k = 0; k < outs->size(); k++)
      if ((*outs)[k].requires_grad()) {
        diff_outs.push_back(k);
        point.push_back(random_like((*outs)[k].t, g));
      }
    if (diff_outs.empty()) continue;
    differentiable++;
    auto gradient = [&](const VarList& in) -> std::optional<VarList> {
      VarList xs(in.begin(), in.begin() + long(nx));
      std::optional<VarList> o2 = fn(xs);
      if (!o2) return std::nullopt;
      VarList roots, cot;
      for (size_t j = 0; j < diff_outs.size(); j++) {
        if (diff_outs[j] >= o2->size() || !(*o2)[diff_outs[j]].requires_grad()) return std::nullopt;
        roots.push_back((*o2)[diff_outs[j]]);
        cot.push_back(in[nx + j]);
      }
      VarList gs = kiln::torch::autograd::run_backward(roots, cot, true, true, xs);
      // Undefined gradients (an input the outputs do not depend on) are zeros.
      for (size_t i = 0; i < gs.size(); i++)
        if (!gs[i].defined()) gs[i] = kiln::torch::autograd::zeros_like(xs[i]);
      return gs;
    };
    Outcome o2 = Outcome::Skipped;
    try {
      o2 = check.directional(gradient, point, 1e-3, "second order");
    } catch (const kiln::torch::Error& e) {
      failure = "second order: backward raised " + e.message;
      o2 = Outcome::Failed;
    }
    ASSERT_NE(o2, Outcome::Failed) << where << failure;
    if (o2 == Outcome::Checked) second++;
  }
  RecordProperty("first_order_checked", first);
  RecordProperty("second_order_checked", second);
  // An op with a differentiable output checks enough points at both orders.
  if (differentiable > 0) {
    EXPECT_GE(first, kMinFirst) << op.schema.name << ": too few calls checked (" << first << " of " << call << ")";
    EXPECT_GE(second, kMinSecond) << op.schema.name << ": too few second-order calls checked (" << second << " of " << call << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(OpRegistry, GradientOfOp, ::testing::Range(size_t(0), all_ops().size()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           return std::string(kiln::torch::ops::op_id_name(all_ops()[i.param].id));
                         });

}  // namespace
