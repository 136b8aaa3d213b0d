// Derivative formulas built as graphs (tracer/derivative_graph.h) compute
// the eager engine's gradients bit for bit: one test per op with a formula
// (stdlib/torch/autograd/derivatives_unary.def), generated from the list.
//
// For each op, dtype (float32: the executor's fused path; float64) and
// layout (contiguous, transposed), the graph "r = op(x); grad = formula(g,
// x, r)" is built by GraphDerivative (every node's Meta from the meta
// functions), validated, checked against its own metas, run by the
// executor, and its result compared bit for bit with the gradient the
// eager engine gives x for cotangent g.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/autograd/engine.h"
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

bool same_bits(const Tensor& a, const Tensor& b) {
  if (a.dtype != b.dtype || a.sizes != b.sizes) return false;
  Tensor ca = kiln::torch::contiguous(a), cb = kiln::torch::contiguous(b);
  return std::memcmp(ca.data_bytes(), cb.data_bytes(), size_t(ca.numel()) * ca.element_size()) == 0;
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
      kiln::tracer::Graph graph = d.finish({grad});
      ASSERT_EQ(graph.validate(), "") << where;
      ASSERT_EQ(graph.check_meta(h.vm), "") << where;
      kiln::tracer::GraphRunner runner(&graph);
      std::vector<Value> loaded = {xv, gv};
      Value out = runner.run(h.vm, loaded);
      ASSERT_TRUE(out) << where << ": " << kiln_test::exception_text(h) << "\n" << graph.to_code(h.vm);
      ASSERT_TRUE(kiln::vm::is_kind(out, kiln::vm::ObjKind::Tuple)) << where;
      Value got = out.as<kiln::vm::TupleObject>()->items[0];
      ASSERT_TRUE(kiln::torch::is_tensor(got)) << where;
      EXPECT_TRUE(same_bits(kiln::torch::tensor_of(got), eager[0].t))
          << where << ": the graph's gradient differs from the eager engine's\n"
          << graph.to_code(h.vm);
    }
}

INSTANTIATE_TEST_SUITE_P(Derivatives, UnaryDerivativeGraph, ::testing::ValuesIn(differentiable_unary_ops()),
                         [](const ::testing::TestParamInfo<UnaryOp>& i) { return std::string(unary_name(i.param)); });

}  // namespace
