// Unit tests of the graph compiler's kernel passes (codegen/passes.def):
// each makes the rewrite it promises, keeps the ones it must not make
// (x + 0 is not x: -0 + 0 = +0), and leaves a valid kernel. (That every
// pass keeps every bit on random kernels is the random kernel test's job.)
#include <gtest/gtest.h>

#include "codegen/passes.h"
#include "stdlib/torch/elementwise.h"

namespace {

using kiln::codegen::Kernel;
using kiln::codegen::KInput;
using kiln::codegen::KInstr;
using kiln::codegen::KOp;
namespace torch = kiln::torch;

KInstr C(float v) {
  KInstr c{KOp::Const};
  c.imm = v;
  return c;
}
KInstr B(torch::BinaryOp op, int a, int b) { return KInstr{KOp::Binary, int(op), a, b}; }
KInstr U(torch::UnaryOp op, int a) { return KInstr{KOp::Unary, int(op), a}; }

Kernel with_body(std::vector<KInstr> body, std::vector<int> outputs) {
  Kernel k;
  k.name = "t";
  k.inputs = {KInput{false}};
  k.body = {KInstr{KOp::Load, 0}};
  for (auto& i : body) k.body.push_back(i);
  k.outputs = std::move(outputs);
  return k;
}

TEST(KernelPasses, FoldComputesConstantsWithTheEagerRow) {
  Kernel k = with_body({C(2.0f), C(3.0f), B(torch::BinaryOp::mul, 1, 2), U(torch::UnaryOp::exp, 3),
                        B(torch::BinaryOp::add, 0, 4)},
                       {5});
  EXPECT_TRUE(kiln::codegen::pass_fold(k));
  ASSERT_EQ(k.body[4].op, KOp::Const);
  float six = 6.0f, e6 = 0;
  torch::unary_row_f32(torch::UnaryOp::exp, &e6, &six, 1);
  EXPECT_EQ(k.body[4].imm, e6);
  EXPECT_EQ(k.validate(), "");
}

TEST(KernelPasses, SimplifyKeepsOnlyBitExactIdentities) {
  Kernel k = with_body({C(1.0f), B(torch::BinaryOp::mul, 0, 1),   // 2: x*1 -> x
                        C(0.0f), B(torch::BinaryOp::add, 2, 3),   // 4: x+(+0) stays
                        B(torch::BinaryOp::sub, 2, 3),            // 5: x-(+0) -> x
                        U(torch::UnaryOp::neg, 5), U(torch::UnaryOp::neg, 6),  // 7: -(-x) -> x
                        U(torch::UnaryOp::relu, 7), U(torch::UnaryOp::relu, 8)},  // 9: relu(relu) -> relu
                       {4, 9});
  EXPECT_TRUE(kiln::codegen::pass_simplify(k));
  EXPECT_EQ(k.body[4].a, 0) << k.to_string();  // x*1 became x inside the add
  EXPECT_EQ(k.body[4].op, KOp::Binary);        // but the add of +0 is kept
  EXPECT_EQ(k.outputs[1], 8) << k.to_string();
  EXPECT_EQ(k.body[8].a, 0) << k.to_string();  // relu(-(-(x-0))) = relu(x)
  EXPECT_EQ(k.validate(), "");
}

TEST(KernelPasses, CseMergesEqualTreesAndDceDropsTheRest) {
  Kernel k = with_body({C(2.0f), B(torch::BinaryOp::mul, 0, 1), C(2.0f), B(torch::BinaryOp::mul, 0, 3),
                        U(torch::UnaryOp::tanh, 2), U(torch::UnaryOp::tanh, 4), B(torch::BinaryOp::add, 5, 6),
                        U(torch::UnaryOp::exp, 0)},  // 8: dead
                       {7});
  EXPECT_TRUE(kiln::codegen::pass_cse(k));
  EXPECT_EQ(k.body[7].a, k.body[7].b) << k.to_string();
  EXPECT_TRUE(kiln::codegen::pass_dce(k));
  EXPECT_EQ(k.body.size(), 5u) << k.to_string();  // load, 2, mul, tanh, add
  EXPECT_EQ(k.validate(), "");
}

TEST(KernelPasses, OptimizeRespectsPassesOff) {
  Kernel k = with_body({C(2.0f), C(3.0f), B(torch::BinaryOp::mul, 1, 2), B(torch::BinaryOp::add, 0, 3)}, {4});
  Kernel off = k;
  EXPECT_EQ(kiln::codegen::optimize(off, "fold,simplify,cse,dce"), "");
  EXPECT_EQ(off.body.size(), k.body.size());
  EXPECT_EQ(kiln::codegen::optimize(k, ""), "");
  EXPECT_EQ(k.body.size(), 3u) << k.to_string();  // load, 6, add
  EXPECT_EQ(kiln::codegen::pass_names().size(), 4u);
}

}  // namespace
