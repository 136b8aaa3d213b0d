// Derivative formulas built as graphs (tracer/derivative_graph.h) compute
// the eager engine's gradients bit for bit: one test per op with a formula
// (stdlib/torch/autograd/derivatives_unary.def, derivatives_binary.def),
// generated from the lists.
//
// For each op and case (dtypes: float32, the executor's fused path, and
// float64; transposed inputs; broadcast operands, Python numbers, mixed
// dtypes and ties for binary ops), the graph "r = op(x...); grad =
// fit(formula(g, x..., r))" is built by GraphDerivative (every node's Meta
// from the meta functions), validated, checked against its own metas, run
// by the executor, and its results compared bit for bit with the gradients
// the eager engine gives the inputs for cotangent g.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/engine.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/tensor_object.h"
#include "stdlib/torch/views.h"
#include "tests/unit/op_samples.h"
#include "tracer/derivative_graph.h"
#include "tracer/executor.h"
#include "vm/tuple.h"

namespace {

using kiln::torch::DType;
using kiln::torch::Shape;
using kiln::torch::Tensor;
using kiln::torch::UnaryOp;
using kiln::torch::autograd::Var;
using kiln::vm::Value;

std::vector<UnaryOp> differentiable_unary_ops() {
  std::vector<UnaryOp> ops;
#define UNARY_DERIVATIVE(o, node, save_x, save_r, formula) ops.push_back(UnaryOp::o);
#include "stdlib/torch/autograd/derivatives_unary.def"
#undef UNARY_DERIVATIVE
  return ops;
}

const char* unary_name(UnaryOp op) {
  switch (op) {
#define UNARY(name, kind, expr) \
  case UnaryOp::name: return #name;
#include "stdlib/torch/unary_ops.def"
#undef UNARY
    default: return "?";
  }
}

// A tensor of these sizes (transposed: a transposed view), values in the
// op's domain.
Tensor sample(kiln_test::Gen& g, UnaryOp op, DType dt, Shape sizes, bool transposed) {
  Shape layout = sizes;
  if (transposed) std::swap(layout[0], layout[1]);
  Tensor t = kiln::torch::empty(layout, dt);
  for (int64_t i = 0; i < t.numel(); i++) {
    double v = op == UnaryOp::acosh ? g.uniform(1.1, 3.0) : g.uniform(0.05, 0.95) * (g.coin(70) ? 1 : -1);
    if (op == UnaryOp::log || op == UnaryOp::log2 || op == UnaryOp::log10 || op == UnaryOp::sqrt || op == UnaryOp::rsqrt)
      v = std::fabs(v);
    kiln::torch::fill(kiln::torch::make_view(t, Shape(), Shape(), i), kiln::torch::Scalar::from_double(v));
  }
  return transposed ? kiln::torch::transpose(t, 0, 1) : t;
}

using kiln_test::same_bits;

// Runs graph (inputs: loaded) and compares its outputs with eager's
// gradients, bit for bit.
void expect_eager_bits(kiln_test::OpHarness& h, const kiln::tracer::Graph& graph, std::vector<Value> loaded,
                       const kiln::torch::autograd::VarList& eager, const std::string& where) {
  ASSERT_EQ(graph.validate(), "") << where;
  ASSERT_EQ(graph.check_meta(h.vm), "") << where;
  kiln::tracer::GraphRunner runner(&graph);
  Value out = runner.run(h.vm, loaded);
  ASSERT_TRUE(out) << where << ": " << kiln_test::exception_text(h) << "\n" << graph.to_code(h.vm);
  ASSERT_TRUE(kiln::vm::is_kind(out, kiln::vm::ObjKind::Tuple)) << where;
  auto* t = out.as<kiln::vm::TupleObject>();
  ASSERT_EQ(t->size, eager.size()) << where;
  for (size_t i = 0; i < eager.size(); i++) {
    ASSERT_TRUE(kiln::torch::is_tensor(t->items[i])) << where;
    EXPECT_TRUE(same_bits(kiln::torch::tensor_of(t->items[i]), eager[i].t))
        << where << ": gradient " << i << " of the graph differs from the eager engine's\n"
        << graph.to_code(h.vm);
  }
}

class UnaryDerivativeGraph : public ::testing::TestWithParam<UnaryOp> {};

TEST_P(UnaryDerivativeGraph, ComputesTheEagerGradient) {
  kiln_test::OpHarness& h = kiln_test::op_harness();
  UnaryOp op = GetParam();
  kiln_test::Gen gen(uint32_t(op) * 7u + 1u);
  for (DType dt : {DType::Float32, DType::Float64})
    for (bool transposed : {false, true}) {
      std::string where = std::string(unary_name(op)) + (dt == DType::Float32 ? " float32" : " float64") +
                          (transposed ? " transposed" : "");
      Shape sizes{3, 5};
      Tensor x = sample(gen, op, dt, sizes, transposed);
      Tensor g = sample(gen, UnaryOp::neg, dt, sizes, false);
      // Eager: the engine's gradient of x.
      Var leaf(x);
      leaf.ensure_meta().requires_grad = true;
      Var r = kiln::torch::autograd::unary(op, leaf);
      ASSERT_TRUE(r.requires_grad()) << where;
      kiln::torch::autograd::VarList eager = kiln::torch::autograd::run_backward({r}, {Var(g)}, false, false, {leaf});
      // The same formula, built as a graph and run by the executor.
      Value xv = kiln::torch::wrap(h.vm, x), gv = kiln::torch::wrap(h.vm, g);
      kiln::tracer::GraphDerivative d(h.vm, std::string(unary_name(op)) + "_backward");
      int xi = d.input(xv, "x"), gi = d.input(gv, "grad");
      int ri = d.unary(op, xi);
      int grad = kiln::torch::autograd::unary_derivative(d, op, gi, xi, ri);
      EXPECT_EQ(d.meta(grad).str(), kiln::tracer::meta_of(h.vm, kiln::torch::wrap(h.vm, eager[0].t)).str()) << where;
      expect_eager_bits(h, d.finish({grad}), {xv, gv}, eager, where);
    }
}

INSTANTIATE_TEST_SUITE_P(Derivatives, UnaryDerivativeGraph, ::testing::ValuesIn(differentiable_unary_ops()),
                         [](const ::testing::TestParamInfo<UnaryOp>& i) { return std::string(unary_name(i.param)); });


std::vector<kiln::torch::BinaryOp> differentiable_binary_ops() {
  std::vector<kiln::torch::BinaryOp> ops;
#define BINARY_DERIVATIVE(o, node, save_a, save_b, save_r, shared, grad_a, grad_b) ops.push_back(kiln::torch::BinaryOp::o);
#include "stdlib/torch/autograd/derivatives_binary.def"
#undef BINARY_DERIVATIVE
  return ops;
}

const char* binary_name(kiln::torch::BinaryOp op) {
  switch (op) {
#define BINARY(name, kind, expr) \
  case kiln::torch::BinaryOp::name: return #name;
#include "stdlib/torch/binary_ops.def"
#undef BINARY
    default: return "?";
  }
}

// One operand of a binary case: a tensor (dtype, sizes) or a number.
struct Operand {
  bool number;
  double value;
  DType dtype;
  Shape sizes;
};

class BinaryDerivativeGraph : public ::testing::TestWithParam<kiln::torch::BinaryOp> {};

TEST_P(BinaryDerivativeGraph, ComputesTheEagerGradients) {
  using kiln::torch::BinaryOp;
  using kiln::torch::autograd::VOperand;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  BinaryOp op = GetParam();
  kiln_test::Gen gen(uint32_t(op) * 13u + 5u);
  // Ops whose torch functions take tensors only (atan2, maximum: their
  // schemas say `Tensor other`) get no number cases.
  bool numbers_ok = true;
  for (const kiln::torch::ops::OpDef& def : kiln::torch::ops::all_ops()) {
    kiln::torch::ops::Elementwise e;
    if (def.has_function() && kiln::torch::ops::elementwise_of(def, &e) && !e.unary && e.op == int(op))
      numbers_ok = def.schema.params[1].type == "Tensor|Scalar";
  }
  std::vector<std::pair<Operand, Operand>> cases = {
      {{false, 0, DType::Float32, {3, 5}}, {false, 0, DType::Float32, {3, 5}}},
      {{false, 0, DType::Float64, {3, 5}}, {false, 0, DType::Float64, {5}}},
      {{false, 0, DType::Float32, {3, 1}}, {false, 0, DType::Float32, {2, 3, 5}}},
      {{false, 0, DType::Float32, {3, 5}}, {false, 0, DType::Float64, {3, 5}}},
  };
  if (numbers_ok)
    for (double v : {2.0, 0.5, -1.0, 0.0}) {
      cases.push_back({{false, 0, DType::Float32, {3, 5}}, {true, v, DType::Float32, {}}});
      cases.push_back({{true, v, DType::Float32, {}}, {false, 0, DType::Float64, {3, 5}}});
    }
  for (size_t c = 0; c < cases.size(); c++) {
    const auto& [ca, cb] = cases[c];
    std::string where = std::string(binary_name(op)) + " case " + std::to_string(c);
    // Values: positive bases for pow, divisors away from zero; ties in
    // the first elements (maximum's and minimum's half gradients).
    auto make = [&](const Operand& o, const Tensor* tie) {
      Tensor t = kiln::torch::empty(o.sizes, o.dtype);
      for (int64_t i = 0; i < t.numel(); i++) {
        double v = op == BinaryOp::pow ? gen.uniform(0.2, 1.5) : gen.uniform(0.2, 1.5) * (gen.coin(70) ? 1 : -1);
        if (tie && i < 2 && i < tie->numel()) v = kiln::torch::element_as_double(*tie, i);
        kiln::torch::fill(kiln::torch::make_view(t, Shape(), Shape(), i), kiln::torch::Scalar::from_double(v));
      }
      return t;
    };
    Tensor ta = ca.number ? Tensor() : make(ca, nullptr);
    Tensor tb = cb.number ? Tensor() : make(cb, ca.number ? nullptr : &ta);
    // Eager.
    Var va = ca.number ? Var() : Var(ta), vb = cb.number ? Var() : Var(tb);
    kiln::torch::autograd::VarList leaves;
    if (!ca.number) va.ensure_meta().requires_grad = true, leaves.push_back(va);
    if (!cb.number) vb.ensure_meta().requires_grad = true, leaves.push_back(vb);
    VOperand oa = ca.number ? VOperand(kiln::torch::Scalar::from_double(ca.value)) : VOperand(va);
    VOperand ob = cb.number ? VOperand(kiln::torch::Scalar::from_double(cb.value)) : VOperand(vb);
    Var r = kiln::torch::autograd::binary(op, oa, ob);
    ASSERT_TRUE(r.requires_grad()) << where;
    Tensor g = make({false, 0, r.t.dtype, r.t.sizes}, nullptr);
    kiln::torch::autograd::VarList eager = kiln::torch::autograd::run_backward({r}, {Var(g)}, false, false, leaves);
    for (Var& e : eager)
      if (!e.defined()) e = Var(kiln::torch::empty(Shape{0}, DType::Float32));  // (none here: every formula gives both)
    // The graph.
    kiln::tracer::GraphDerivative d(h.vm, std::string(binary_name(op)) + "_backward");
    std::vector<Value> loaded;
    auto operand = [&](const Operand& o, const Tensor& t, const char* name) {
      if (o.number) return d.number(o.value);
      loaded.push_back(kiln::torch::wrap(h.vm, t));
      return d.input(loaded.back(), name);
    };
    int ai = operand(ca, ta, "a"), bi = operand(cb, tb, "b");
    loaded.push_back(kiln::torch::wrap(h.vm, g));
    int gi = d.input(loaded.back(), "grad");
    int ri = d.binary(op, ai, bi);
    std::vector<int> outs;
    auto grads = kiln::torch::autograd::binary_derivative(d, op, !ca.number, !cb.number, gi, ai, bi, ri);
    if (!ca.number) outs.push_back(d.fit(grads.a, ai));
    if (!cb.number) outs.push_back(d.fit(grads.b, bi));
    expect_eager_bits(h, d.finish(outs), loaded, eager, where);
  }
}

INSTANTIATE_TEST_SUITE_P(Derivatives, BinaryDerivativeGraph, ::testing::ValuesIn(differentiable_binary_ops()),
                         [](const ::testing::TestParamInfo<kiln::torch::BinaryOp>& i) { return std::string(binary_name(i.param)); });


// Reductions: sum and mean over dims (keepdim or not, all dims, a dtype=
// that widens), softmax and log_softmax over a dim.
struct ReductionCase {
  const char* op;  // "sum", "mean", "softmax", "log_softmax", "amax", "amin", "max", "var", "std", "logsumexp"
  DType dtype;
  std::vector<int64_t> dims;  // sum / mean: the dims (empty: all); softmax: {dim}
  bool keepdim;
  bool widen;  // sum / mean with dtype=torch.float64
};

class ReductionDerivativeGraph : public ::testing::TestWithParam<ReductionCase> {};

void check_reduction(const struct ReductionCase& c);

TEST_P(ReductionDerivativeGraph, ComputesTheEagerGradient) {
  try {
    check_reduction(GetParam());
  } catch (const kiln::torch::Error& e) {
    FAIL() << "torch::Error: " << e.message;
  }
}

void check_reduction(const ReductionCase& c) {
  namespace ag = kiln::torch::autograd;
  using kiln::torch::ops::OpId;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  kiln_test::Gen gen(17);
  std::string op = c.op;
  Shape sizes{3, 4, 5};
  Tensor x = sample(gen, UnaryOp::neg, c.dtype, sizes, false);
  bool extreme = op == "amax" || op == "amin" || op == "max";
  if (extreme)  // ties: values rounded to halves
    x = kiln::torch::binary(kiln::torch::BinaryOp::div,
                            kiln::torch::Operand(kiln::torch::unary(UnaryOp::round, kiln::torch::binary(kiln::torch::BinaryOp::mul,
                                                                                                        kiln::torch::Operand(x),
                                                                                                        kiln::torch::Scalar::from_double(2)))),
                            kiln::torch::Scalar::from_double(2));
  Shape dims;
  for (int64_t k : c.dims) dims.push_back(k);
  std::vector<bool> mask(3, c.dims.empty());
  for (int64_t k : c.dims) mask[size_t(k < 0 ? k + 3 : k)] = true;
  std::optional<DType> widen = c.widen ? std::optional<DType>(DType::Float64) : std::nullopt;
  // Eager.
  Var leaf(x);
  leaf.ensure_meta().requires_grad = true;
  kiln::torch::DimList dl = c.dims.empty() ? kiln::torch::DimList() : kiln::torch::DimList(dims);
  Var r = op == "sum"           ? ag::sum(leaf, dl, c.keepdim, widen)
          : op == "mean"        ? ag::mean(leaf, dl, c.keepdim, widen)
          : op == "softmax"     ? ag::softmax(leaf, c.dims[0], std::nullopt)
          : op == "log_softmax" ? ag::log_softmax(leaf, c.dims[0], std::nullopt)
          : op == "amax"        ? ag::amax(leaf, dl, c.keepdim)
          : op == "amin"        ? ag::amin(leaf, dl, c.keepdim)
          : op == "max"         ? ag::max_all(leaf)
          : op == "var"         ? ag::var(leaf, dl, 1.0, c.keepdim)
          : op == "std"         ? ag::std(leaf, dl, 1.0, c.keepdim)
                                : ag::logsumexp(leaf, dl, c.keepdim);
  Tensor g = sample(gen, UnaryOp::neg, r.t.dtype, r.t.sizes, false);
  ag::VarList eager = ag::run_backward({r}, {Var(g)}, false, false, {leaf});
  // The graph.
  Value xv = kiln::torch::wrap(h.vm, x), gv = kiln::torch::wrap(h.vm, g);
  kiln::tracer::GraphDerivative d(h.vm, op + "_backward");
  int xi = d.input(xv, "x"), gi = d.input(gv, "grad");
  int grad;
  if (op == "sum" || op == "mean") {
    grad = op == "sum" ? ag::sum_derivative(d, gi, sizes, mask, c.keepdim) : ag::mean_derivative(d, gi, sizes, mask, c.keepdim);
  } else if (op != "softmax" && op != "log_softmax") {
    // The forward's result, then ge and re back at the input's shape.
    // dim: a tuple (amax's empty tuple: every dim), or None (var/std: every dim).
    Value dims_tuple = kiln::vm::tuple_new(h.vm, c.dims.size());
    for (size_t i = 0; i < c.dims.size(); i++) dims_tuple.as<kiln::vm::TupleObject>()->items[i] = Value::small_int(c.dims[i]);
    int dims_v = d.constant(c.dims.empty() && (op == "var" || op == "std") ? Value::none() : dims_tuple);
    int keep = d.constant(Value::boolean(c.keepdim));
    int ri = op == "max"                   ? d.call(OpId::max, {xi})
             : op == "amax"                ? d.call(OpId::amax, {xi, dims_v, keep})
             : op == "amin"                ? d.call(OpId::amin, {xi, dims_v, keep})
             : op == "logsumexp"           ? d.call(OpId::logsumexp, {xi, dims_v, keep})
             : op == "var"                 ? d.call(OpId::var, {xi, dims_v, d.constant(Value::boolean(true)), keep})
                                           : d.call(OpId::std, {xi, dims_v, d.constant(Value::boolean(true)), keep});
    bool kd = op == "max" ? false : c.keepdim;
    std::vector<bool> m = op == "max" ? std::vector<bool>(3, true) : mask;
    int ge = ag::unreduce(d, gi, sizes, m, kd), re = ag::unreduce(d, ri, sizes, m, kd);
    grad = extreme                ? ag::extreme_derivative(d, ge, xi, re, m)
           : op == "var"          ? ag::var_derivative(d, ge, xi, dl, sizes, m, 1.0)
           : op == "std"          ? ag::std_derivative(d, ge, xi, re, dl, sizes, m, 1.0)
                                  : ag::logsumexp_derivative(d, ge, xi, re);
  } else {
    int ri = d.call(op == "softmax" ? OpId::softmax : OpId::log_softmax, {xi, d.constant(Value::small_int(c.dims[0]))});
    int64_t dim = c.dims[0] < 0 ? c.dims[0] + 3 : c.dims[0];
    grad = op == "softmax" ? ag::softmax_derivative(d, gi, ri, dim, 3) : ag::log_softmax_derivative(d, gi, ri, dim, 3);
  }
  std::string where = op + (c.dtype == DType::Float32 ? " float32" : " float64");
  expect_eager_bits(h, d.finish({d.fit(grad, xi)}), {xv, gv}, eager, where);
}

const ReductionCase kReductionCases[] = {
    {"sum", DType::Float32, {1}, false, false},  {"sum", DType::Float32, {1}, true, false},
    {"sum", DType::Float64, {}, false, false},   {"sum", DType::Float32, {0, 2}, true, false},
    {"sum", DType::Float32, {-1}, false, true},  {"mean", DType::Float32, {1}, false, false},
    {"mean", DType::Float64, {0, 2}, true, false}, {"mean", DType::Float32, {}, false, false},
    {"mean", DType::Float32, {2}, false, true},  {"softmax", DType::Float32, {1}, false, false},
    {"softmax", DType::Float64, {-1}, false, false}, {"log_softmax", DType::Float32, {2}, false, false},
    {"log_softmax", DType::Float64, {0}, false, false},
    {"amax", DType::Float32, {1}, false, false},  {"amax", DType::Float64, {0, 2}, true, false},
    {"amin", DType::Float32, {}, false, false},   {"max", DType::Float32, {}, false, false},
    {"var", DType::Float32, {1}, false, false},   {"var", DType::Float64, {}, true, false},
    {"std", DType::Float32, {2}, true, false},    {"std", DType::Float64, {0, 1}, false, false},
    {"logsumexp", DType::Float32, {1}, false, false}, {"logsumexp", DType::Float64, {0, 2}, true, false},
};

INSTANTIATE_TEST_SUITE_P(Derivatives, ReductionDerivativeGraph, ::testing::ValuesIn(kReductionCases),
                         [](const ::testing::TestParamInfo<ReductionCase>& i) { return std::string(i.param.op) + "_" + std::to_string(i.index); });


// Products: matmul over its shapes (matrix, batched and broadcast, vector
// operands), mm with a transposed operand (x @ w.t()), and F.linear with
// and without a bias.
struct ProductCase {
  const char* name;
  std::vector<int64_t> a, b;  // sizes
  bool b_transposed;          // b is the transpose of a contiguous matrix
  bool linear;                // F.linear(a, b, bias) (b: the weight)
  bool bias;
};

class ProductDerivativeGraph : public ::testing::TestWithParam<ProductCase> {};

TEST_P(ProductDerivativeGraph, ComputesTheEagerGradients) {
  namespace ag = kiln::torch::autograd;
  using kiln::torch::ops::OpId;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  const ProductCase& c = GetParam();
  kiln_test::Gen gen(29);
  for (DType dt : {DType::Float32, DType::Float64}) {
    std::string where = std::string(c.name) + (dt == DType::Float32 ? " float32" : " float64");
    Shape sa(std::span<const int64_t>(c.a)), sb(std::span<const int64_t>(c.b));
    Tensor a = sample(gen, UnaryOp::neg, dt, sa, false);
    Tensor b = sample(gen, UnaryOp::neg, dt, sb, c.b_transposed);
    Tensor bias = sample(gen, UnaryOp::neg, dt, Shape{c.b[0]}, false);
    Var va(a), vb(b), vbias(bias);
    va.ensure_meta().requires_grad = true;
    vb.ensure_meta().requires_grad = true;
    vbias.ensure_meta().requires_grad = true;
    ag::VarList leaves = {va, vb};
    if (c.bias) leaves.push_back(vbias);
    Var r = c.linear ? ag::linear(va, vb, c.bias ? &vbias : nullptr) : ag::matmul(va, vb);
    Tensor g = sample(gen, UnaryOp::neg, dt, r.t.sizes, false);
    ag::VarList eager = ag::run_backward({r}, {Var(g)}, false, false, leaves);
    kiln::tracer::GraphDerivative d(h.vm, std::string(c.name) + "_backward");
    std::vector<Value> loaded = {kiln::torch::wrap(h.vm, a), kiln::torch::wrap(h.vm, b), kiln::torch::wrap(h.vm, bias),
                                 kiln::torch::wrap(h.vm, g)};
    int ai = d.input(loaded[0], "a"), bi = d.input(loaded[1], "b"), biasi = d.input(loaded[2], "bias");
    int gi = d.input(loaded[3], "grad");
    std::vector<int> outs;
    if (c.linear) {
      auto gr = ag::linear_derivative(d, true, true, c.bias, gi, ai, bi, bias.sizes);
      outs = {d.fit(gr.x, ai), d.fit(gr.w, bi)};
      if (c.bias) outs.push_back(d.fit(gr.bias, biasi));
    } else {
      auto gr = ag::product_derivative(d, true, true, gi, ai, bi, sa, sb, false, c.b_transposed);
      outs = {d.fit(gr.a, ai), d.fit(gr.b, bi)};
    }
    expect_eager_bits(h, d.finish(outs), loaded, eager, where);
    // A transposed operand's gradient has its layout (contiguous as the
    // transposed parameter behind it).
    if (c.b_transposed) EXPECT_EQ(eager[1].t.strides, b.strides) << where;
  }
}

const ProductCase kProductCases[] = {
    {"mm", {3, 4}, {4, 5}, false, false, false},        {"mm_transposed", {3, 4}, {4, 5}, true, false, false},
    {"batched", {2, 3, 4}, {2, 4, 5}, false, false, false}, {"broadcast", {2, 3, 4}, {4, 5}, false, false, false},
    {"broadcast_left", {3, 4}, {2, 4, 5}, false, false, false}, {"mv", {3, 4}, {4}, false, false, false},
    {"vm", {4}, {4, 5}, false, false, false},           {"dot", {4}, {4}, false, false, false},
    {"linear", {3, 4}, {5, 4}, false, true, true},      {"linear_nobias", {3, 4}, {5, 4}, false, true, false},
};

INSTANTIATE_TEST_SUITE_P(Derivatives, ProductDerivativeGraph, ::testing::ValuesIn(kProductCases),
                         [](const ::testing::TestParamInfo<ProductCase>& i) { return std::string(i.param.name); });


// Views: the gradient is the inverse view (reshape, squeeze, transpose,
// permute) or, for expand, a sum back to the input's shape.
struct ViewCase {
  const char* name;
  std::vector<int64_t> sizes;
};

class ViewDerivativeGraph : public ::testing::TestWithParam<ViewCase> {};

TEST_P(ViewDerivativeGraph, ComputesTheEagerGradient) {
  namespace ag = kiln::torch::autograd;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  const ViewCase& c = GetParam();
  std::string op = c.name;
  kiln_test::Gen gen(31);
  for (bool transposed : {false, true}) {
    std::string where = op + (transposed ? " transposed" : "");
    Shape sizes(std::span<const int64_t>(c.sizes));
    Tensor x = sample(gen, UnaryOp::neg, DType::Float32, sizes, transposed && sizes.size() >= 2);
    Var leaf(x);
    leaf.ensure_meta().requires_grad = true;
    Var r = op == "reshape"     ? ag::reshape(leaf, Shape{-1, 5})
            : op == "flatten"   ? ag::flatten(leaf, 0, 1)
            : op == "unsqueeze" ? ag::unsqueeze(leaf, 1)
            : op == "squeeze"   ? ag::squeeze(leaf)
            : op == "transpose" ? ag::transpose(leaf, 0, -1)
            : op == "t"         ? ag::t_2d(leaf)
            : op == "permute"   ? ag::permute(leaf, Shape{2, 0, 1})
            : op == "mT"        ? ag::matrix_transpose(leaf)
                                : ag::expand(leaf, Shape{3, 4, 5});
    Tensor g = sample(gen, UnaryOp::neg, DType::Float32, r.t.sizes, false);
    ag::VarList eager = ag::run_backward({r}, {Var(g)}, false, false, {leaf});
    Value xv = kiln::torch::wrap(h.vm, x), gv = kiln::torch::wrap(h.vm, g);
    kiln::tracer::GraphDerivative d(h.vm, op + "_backward");
    d.input(xv, "x");
    int xi = 0, gi = d.input(gv, "grad");
    int grad = op == "reshape" || op == "flatten" || op == "squeeze" ? ag::reshape_view_derivative(d, gi, sizes)
               : op == "unsqueeze"                                    ? ag::unsqueeze_derivative(d, gi, 1)
               : op == "transpose"                                    ? ag::transpose_derivative(d, gi, 0, -1)
               : op == "t"                                            ? ag::t_derivative(d, gi)
               : op == "permute"                                      ? ag::permute_derivative(d, gi, Shape{2, 0, 1})
               : op == "mT"                                           ? ag::mT_derivative(d, gi)
                                                                      : ag::expand_derivative(d, gi, sizes);
    expect_eager_bits(h, d.finish({d.fit(grad, xi)}), {xv, gv}, eager, where);
  }
}

const ViewCase kViewCases[] = {
    {"reshape", {3, 4, 5}}, {"flatten", {3, 4, 5}},  {"unsqueeze", {3, 5}}, {"squeeze", {3, 1, 5}}, {"transpose", {3, 4, 5}},
    {"t", {3, 5}},          {"permute", {3, 4, 5}},  {"mT", {2, 3, 5}},     {"expand", {3, 1, 5}},
};

INSTANTIATE_TEST_SUITE_P(Derivatives, ViewDerivativeGraph, ::testing::ValuesIn(kViewCases),
                         [](const ::testing::TestParamInfo<ViewCase>& i) { return std::string(i.param.name); });


// The other pointwise ops: add/sub with alpha, where, masked_fill (a number
// and a 0-dim tensor value), nan_to_num, clamp (number and tensor bounds,
// one or both, bounds that cross).
class PointwiseDerivativeGraph : public ::testing::TestWithParam<const char*> {};

TEST_P(PointwiseDerivativeGraph, ComputesTheEagerGradients) {
  namespace ag = kiln::torch::autograd;
  using kiln::torch::Scalar;
  using kiln::torch::ops::OpId;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  std::string op = GetParam();
  kiln_test::Gen gen(37);
  Shape sizes{3, 5};
  for (DType dt : {DType::Float32, DType::Float64}) {
    std::string where = op + (dt == DType::Float32 ? " float32" : " float64");
    Tensor x = sample(gen, UnaryOp::neg, dt, sizes, false), y = sample(gen, UnaryOp::neg, dt, Shape{5}, false);
    Tensor mask = kiln::torch::binary(kiln::torch::BinaryOp::gt, kiln::torch::Operand(sample(gen, UnaryOp::neg, dt, sizes, false)),
                                      Scalar::from_double(0));
    Tensor value = kiln::torch::empty(Shape{}, dt);
    kiln::torch::fill(value, Scalar::from_double(0.25));
    if (op == "nan_to_num") kiln::torch::fill(kiln::torch::make_view(x, Shape(), Shape(), 3), Scalar::from_double(NAN));
    Var vx(x), vy(y), vv(value);
    for (Var* v : {&vx, &vy, &vv}) v->ensure_meta().requires_grad = true;
    // Eager.
    ag::VarList leaves;
    Var r;
    if (op == "add_alpha") r = ag::add(vx, vy, Scalar::from_double(2.5), false), leaves = {vx, vy};
    else if (op == "sub_alpha") r = ag::add(vx, vy, Scalar::from_int(3), true), leaves = {vx, vy};
    else if (op == "where") r = ag::where(mask, vx, vy), leaves = {vx, vy};
    else if (op == "masked_fill") r = ag::masked_fill(vx, mask, ag::VOperand(vv)), leaves = {vx, vv};
    else if (op == "masked_fill_number") r = ag::masked_fill(vx, mask, Scalar::from_double(2.0)), leaves = {vx};
    else if (op == "nan_to_num") r = ag::nan_to_num(vx, 0.0, std::nullopt, std::nullopt), leaves = {vx};
    else if (op == "clamp_numbers") r = ag::clamp(vx, ag::VOperand(Scalar::from_double(-0.3)), ag::VOperand(Scalar::from_double(0.4))), leaves = {vx};
    else if (op == "clamp_min_tensor") r = ag::clamp(vx, ag::VOperand(vy), std::nullopt), leaves = {vx, vy};
    else r = ag::clamp(vx, ag::VOperand(vy), ag::VOperand(Scalar::from_double(0.1))), leaves = {vx, vy};  // clamp_crossing
    Tensor g = sample(gen, UnaryOp::neg, dt, r.t.sizes, false);
    ag::VarList eager = ag::run_backward({r}, {Var(g)}, false, false, leaves);
    // The graph.
    kiln::tracer::GraphDerivative d(h.vm, op + "_backward");
    std::vector<Value> loaded = {kiln::torch::wrap(h.vm, x), kiln::torch::wrap(h.vm, y), kiln::torch::wrap(h.vm, value),
                                 kiln::torch::wrap(h.vm, mask), kiln::torch::wrap(h.vm, g)};
    int xi = d.input(loaded[0], "x"), yi = d.input(loaded[1], "y"), vi = d.input(loaded[2], "value");
    int mi = d.input(loaded[3], "mask"), gi = d.input(loaded[4], "grad");
    std::vector<int> outs;
    if (op == "add_alpha" || op == "sub_alpha") {
      auto gr = ag::add_derivative(d, true, true, gi, op == "add_alpha" ? 2.5 : -3.0);
      outs = {d.fit(gr.a, xi), d.fit(gr.b, yi)};
    } else if (op == "where") {
      auto gr = ag::where_derivative(d, true, true, gi, mi);
      outs = {d.fit(gr.a, xi), d.fit(gr.b, yi)};
    } else if (op == "masked_fill" || op == "masked_fill_number") {
      bool tv = op == "masked_fill";
      auto gr = ag::masked_fill_derivative(d, true, tv, gi, mi);
      outs = {d.fit(gr.a, xi)};
      if (tv) outs.push_back(d.fit(gr.b, vi));
    } else if (op == "nan_to_num") {
      outs = {d.fit(ag::nan_to_num_derivative(d, gi, d.unary(UnaryOp::isfinite, xi)), xi)};
    } else {
      int lo = op == "clamp_numbers" ? d.number(-0.3) : yi;
      int hi = op == "clamp_numbers" ? d.number(0.4) : op == "clamp_min_tensor" ? d.none() : d.number(0.1);
      bool lo_t = op != "clamp_numbers";
      auto masks = ag::clamp_masks(d, xi, lo, hi, lo_t, false);
      auto gr = ag::clamp_derivative(d, true, lo_t, false, gi, masks);
      outs = {d.fit(gr.x, xi)};
      if (lo_t) outs.push_back(d.fit(gr.lo, yi));
    }
    expect_eager_bits(h, d.finish(outs), loaded, eager, where);
  }
}

INSTANTIATE_TEST_SUITE_P(Derivatives, PointwiseDerivativeGraph,
                         ::testing::Values("add_alpha", "sub_alpha", "where", "masked_fill", "masked_fill_number", "nan_to_num",
                                           "clamp_numbers", "clamp_min_tensor", "clamp_crossing"));


// Random programs: chains of pointwise ops, reductions, softmax, transposes
// and matrix products over three leaves of broadcastable shapes, values
// used more than once (their gradients meet), differentiated two ways: by
// the eager engine, and by a reverse walk that builds the backward graph
// from the same formulas
// (each contribution fitted to its input, contributions summed in the
// engine's order: the consumer made last first). The graph's gradients of
// the leaves equal the engine's, bit for bit. (Issue 28's joint graphs
// are this walk over a captured graph.)
class RandomDerivativeGraph : public ::testing::TestWithParam<int> {};

TEST_P(RandomDerivativeGraph, ComputesTheEagerGradients) {
  namespace ag = kiln::torch::autograd;
  using kiln::torch::BinaryOp;
  using kiln::torch::ops::OpId;
  kiln_test::OpHarness& h = kiln_test::op_harness();
  const std::vector<UnaryOp> unary_ops = differentiable_unary_ops();
  const BinaryOp binary_ops[] = {BinaryOp::add, BinaryOp::sub, BinaryOp::mul, BinaryOp::div, BinaryOp::maximum, BinaryOp::minimum};
  // KILN_RANDOM_DERIVATIVE_PROGRAMS: more programs per seed (a long run).
  const char* env = std::getenv("KILN_RANDOM_DERIVATIVE_PROGRAMS");
  int programs = env && *env ? std::atoi(env) : 25, compared = 0;
  for (int program = 0; program < programs; program++) {
    kiln_test::Gen gen(uint32_t(GetParam()) * 100003u + uint32_t(program));
    DType dt = gen.coin(50) ? DType::Float32 : DType::Float64;
    std::string where = "seed " + std::to_string(GetParam()) + " program " + std::to_string(program);
    // A step: kind 0 unary, 1 binary, 2 sum(dim, keepdim), 3 mean(dim, keepdim), 4 softmax(dim),
    // 5 transpose(-1, -2), 6 matmul, 7 logsumexp(dim, keepdim), 8 amax(dim, keepdim).
    struct Step {
      int kind, op, a, b;
      int64_t dim;
    };
    std::vector<Step> steps;
    std::vector<Var> vals;
    std::vector<Tensor> leaves_t = {sample(gen, UnaryOp::neg, dt, Shape{4, 5}, false), sample(gen, UnaryOp::neg, dt, Shape{5}, false),
                                    sample(gen, UnaryOp::neg, dt, Shape{4, 1}, false)};
    ag::VarList leaves;
    for (const Tensor& t : leaves_t) {
      Var v(t);
      v.ensure_meta().requires_grad = true;
      leaves.push_back(v);
      vals.push_back(v);
    }
    int nsteps = 3 + gen.pick(8);
    for (int k = 0; k < nsteps; k++) {
      Step st{gen.pick(100) < 35 ? 0 : gen.pick(100) < 65 ? 1 : 2 + gen.pick(7), 0, 0, 0, 0};
      // Mostly the latest value, so the chain is long; sometimes any value.
      auto pick_value = [&] { return gen.coin(60) ? int(vals.size()) - 1 : gen.pick(int(vals.size())); };
      st.a = pick_value();
      st.b = pick_value();
      const Var& a = vals[size_t(st.a)];
      int rank = a.t.dim();
      st.dim = rank ? gen.pick(rank) : 0;
      Var r;
      try {  // (shapes that do not fit: the step is left out)
        switch (st.kind) {
          case 0: st.op = int(unary_ops[size_t(gen.pick(int(unary_ops.size())))]); r = ag::unary(UnaryOp(st.op), a); break;
          case 1: st.op = int(binary_ops[gen.pick(6)]); r = ag::binary(BinaryOp(st.op), a, vals[size_t(st.b)]); break;
          case 2: r = ag::sum(a, kiln::torch::DimList(Shape{st.dim}), true, std::nullopt); break;
          case 3: r = ag::mean(a, kiln::torch::DimList(Shape{st.dim}), true, std::nullopt); break;
          case 4: r = ag::softmax(a, st.dim, std::nullopt); break;
          case 5: r = ag::transpose(a, -1, -2); break;
          case 6: r = ag::matmul(a, vals[size_t(st.b)]); break;
          case 7: r = ag::logsumexp(a, kiln::torch::DimList(Shape{st.dim}), true); break;
          default: r = ag::amax(a, kiln::torch::DimList(Shape{st.dim}), true); break;
        }
      } catch (const kiln::torch::Error&) {
        continue;
      }
      steps.push_back(st);
      vals.push_back(r);
    }
    const Var& out = vals.back();
    Tensor g = sample(gen, UnaryOp::neg, dt, out.t.sizes, false);
    if (!out.requires_grad()) continue;
    ag::VarList eager = ag::run_backward({out}, {Var(g)}, false, false, leaves);
    // The graph: the forward again, then the reverse walk.
    kiln::tracer::GraphDerivative d(h.vm, "random_backward");
    std::vector<Value> loaded;
    std::vector<int> node;
    for (size_t i = 0; i < leaves_t.size(); i++) {
      loaded.push_back(kiln::torch::wrap(h.vm, leaves_t[i]));
      node.push_back(d.input(loaded.back(), "leaf" + std::to_string(i)));
    }
    for (const Step& st : steps) {
      int a = node[size_t(st.a)];
      switch (st.kind) {
        case 0: node.push_back(d.unary(UnaryOp(st.op), a)); break;
        case 1: node.push_back(d.binary(BinaryOp(st.op), a, node[size_t(st.b)])); break;
        case 2: node.push_back(d.sum(a, Shape{st.dim}, true)); break;
        case 3: node.push_back(d.call(OpId::mean, {a, d.constant(Value::small_int(st.dim)), d.constant(Value::boolean(true))})); break;
        case 4: node.push_back(d.call(OpId::softmax, {a, d.constant(Value::small_int(st.dim))})); break;
        case 5: node.push_back(d.transpose(a, -1, -2)); break;
        case 6: node.push_back(d.matmul(a, node[size_t(st.b)])); break;
        case 7:
          node.push_back(d.call(OpId::logsumexp, {a, d.constant(Value::small_int(st.dim)), d.constant(Value::boolean(true))}));
          break;
        default:
          node.push_back(d.call(OpId::amax, {a, d.constant(Value::small_int(st.dim)), d.constant(Value::boolean(true))}));
          break;
      }
    }
    loaded.push_back(kiln::torch::wrap(h.vm, g));
    std::vector<int> grad(node.size(), -1);
    grad.back() = d.input(loaded.back(), "grad");
    auto accumulate = [&](int value, int contribution) {
      int fitted = d.fit(contribution, node[size_t(value)]);
      grad[size_t(value)] = grad[size_t(value)] < 0 ? fitted : d.add(grad[size_t(value)], fitted);
    };
    for (size_t k = steps.size(); k-- > 0;) {
      const Step& st = steps[k];
      int gk = grad[leaves_t.size() + k];
      if (gk < 0) continue;
      int a = node[size_t(st.a)], r = node[leaves_t.size() + k];
      Shape in_sizes = vals[size_t(st.a)].t.sizes;
      std::vector<bool> mask(size_t(in_sizes.size()), false);
      if (!mask.empty()) mask[size_t(st.dim)] = true;
      switch (st.kind) {
        case 0:
          if (ag::unary_derivative_info(UnaryOp(st.op)).node) accumulate(st.a, ag::unary_derivative(d, UnaryOp(st.op), gk, a, r));
          break;
        case 1: {
          auto gr = ag::binary_derivative(d, BinaryOp(st.op), true, true, gk, a, node[size_t(st.b)], r);
          accumulate(st.a, gr.a);
          accumulate(st.b, gr.b);
          break;
        }
        case 2: accumulate(st.a, ag::sum_derivative(d, gk, in_sizes, mask, true)); break;
        case 3: accumulate(st.a, ag::mean_derivative(d, gk, in_sizes, mask, true)); break;
        case 4: accumulate(st.a, ag::softmax_derivative(d, gk, r, st.dim, in_sizes.size())); break;
        case 5: accumulate(st.a, ag::transpose_derivative(d, gk, -1, -2)); break;
        case 6: {
          // (The operands' layouts, as the eager node saw them.)
          auto transposed = [](const Tensor& t) {
            return t.dim() == 2 && t.sizes[0] > 1 && t.sizes[1] > 1 && t.strides[0] == 1 && t.strides[1] == t.sizes[0];
          };
          const Tensor& ta = vals[size_t(st.a)].t;
          const Tensor& tb = vals[size_t(st.b)].t;
          auto gr = ag::product_derivative(d, true, true, gk, a, node[size_t(st.b)], ta.sizes, tb.sizes, transposed(ta), transposed(tb));
          accumulate(st.a, gr.a);
          accumulate(st.b, gr.b);
          break;
        }
        default: {
          int ge = ag::unreduce(d, gk, in_sizes, mask, true), re = ag::unreduce(d, r, in_sizes, mask, true);
          accumulate(st.a, st.kind == 7 ? ag::logsumexp_derivative(d, ge, a, re) : ag::extreme_derivative(d, ge, a, re, mask));
          break;
        }
      }
    }
    // Leaves the output does not reach have no gradient, eagerly or here.
    std::vector<int> outs;
    ag::VarList reached;
    for (size_t i = 0; i < leaves_t.size(); i++) {
      ASSERT_EQ(eager[i].defined(), grad[i] >= 0) << where << ": leaf " << i;
      if (grad[i] >= 0) outs.push_back(grad[i]), reached.push_back(eager[i]);
    }
    if (outs.empty()) continue;
    expect_eager_bits(h, d.finish(outs), loaded, reached, where);
    if (::testing::Test::HasFailure()) return;
    compared++;
  }
  RecordProperty("programs_compared", compared);
  EXPECT_GT(compared, programs / 2) << "most programs reach a leaf";
}

INSTANTIATE_TEST_SUITE_P(Derivatives, RandomDerivativeGraph, ::testing::Range(0, 8));

}  // namespace
