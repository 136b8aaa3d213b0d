// Unit tests of the Kernel IR (codegen/) and the tier-1 asmjit backend
// (jit/asmjit_backend.h): binding loop nests, validation, and every op the
// backend compiles checked bit for bit against the reference executor on
// ordinary and special values (NaN, ±inf, ±0, subnormals, the clamp edges
// of the transcendentals), contiguous, broadcast and strided.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"
#include "codegen/lower.h"
#include "codegen/reference.h"
#include "jit/asmjit_backend.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/views.h"

namespace {

using kiln::codegen::KArg;
using kiln::codegen::Kernel;
using kiln::codegen::KernelLaunch;
using kiln::codegen::KInput;
using kiln::codegen::KInstr;
using kiln::codegen::KOp;
using kiln::codegen::LoopNest;
using kiln::codegen::ViewStep;
namespace torch = kiln::torch;

torch::Tensor filled(const torch::Shape& shape, const std::vector<float>& values) {
  torch::Tensor t = torch::empty(shape, torch::DType::Float32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); i++) p[i] = values[size_t(i) % values.size()];
  return t;
}

// Interesting float32 values: specials, edges of the kernels' clamps and
// cut-offs, and a spread of ordinary numbers.
std::vector<float> test_values() {
  std::vector<float> v = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, 1e-30f, -1e-30f, 1e-40f, -1e-40f,
                          std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(), 88.72f, 88.73f, -88.72f, -88.73f, -0x1.62e43p6f,
                          -150.0f, -151.0f, 100.0f, 101.0f, 20.0f, 21.0f, -120.0f, 1e-7f, -1e-7f, 9.5367431640625e-07f,
                          2.5f, 3.5f, -2.5f, 1e38f, -1e38f, 0.69314718f};
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> small(-10.0f, 10.0f);
  std::uniform_real_distribution<float> wide(-100.0f, 100.0f);
  for (int i = 0; i < 200; i++) v.push_back(i % 2 ? small(rng) : wide(rng));
  return v;
}

// The same float, or both NaN.
bool same_bits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
}

// Runs k on args with the reference executor and the asmjit backend;
// expects identical bits in every output.
void expect_backend_matches(const Kernel& k, const std::vector<KArg>& args) {
  ASSERT_EQ(k.validate(), "") << k.to_string();
  std::string why;
  KernelLaunch ref, jit;
  ASSERT_TRUE(ref.prepare(k, args, &why)) << why;
  ASSERT_TRUE(jit.prepare(k, args, &why)) << why;
  kiln::codegen::run_reference(k, ref);
  // Both code paths: AVX2 (8 lanes) and, where the host has it, AVX-512F.
  for (int lanes : {8, 16}) {
    auto& be = kiln::jit::asmjit_backend_with_lanes(lanes);
    if (!be.unavailable().empty()) continue;
    ASSERT_TRUE(jit.prepare(k, args, &why)) << why;
    auto compiled = be.compile(k, &why);
    ASSERT_TRUE(compiled) << why;
    compiled->run(jit);
    for (size_t o = 0; o < k.outputs.size(); o++) {
      const float* r = ref.outs[o].data<float>();
      const float* j = jit.outs[o].data<float>();
      for (int64_t e = 0; e < ref.outs[o].numel(); e++)
        ASSERT_TRUE(same_bits(r[e], j[e])) << k.to_string() << lanes << " lanes, output " << o << " element " << e
                                           << ": reference " << r[e] << " (0x" << std::hex << std::bit_cast<uint32_t>(r[e])
                                           << "), asmjit " << j[e] << " (0x" << std::bit_cast<uint32_t>(j[e]) << std::dec
                                           << ")";
    }
  }
}

Kernel unary_kernel(torch::UnaryOp op) {
  Kernel k;
  k.name = std::string("u_") + torch::op_name(op);
  k.inputs = {KInput{false}};
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Unary, int(op), 0}};
  k.outputs = {1};
  return k;
}

Kernel binary_kernel(torch::BinaryOp op, bool a_scalar = false, bool b_scalar = false) {
  Kernel k;
  k.name = std::string("b_") + torch::op_name(op);
  k.inputs = {KInput{a_scalar}, KInput{b_scalar}};
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Binary, int(op), 0, 1}};
  k.outputs = {2};
  return k;
}

// Every op with a float32 eager row (inline sequences and called rows).
std::vector<torch::UnaryOp> all_unary() {
  std::vector<torch::UnaryOp> v;
  for (int op = 0; op < kiln::codegen::unary_op_count(); op++)
    if (kiln::codegen::reference_supports_unary(op)) v.push_back(torch::UnaryOp(op));
  return v;
}
std::vector<torch::BinaryOp> all_binary() {
  std::vector<torch::BinaryOp> v;
  for (int op = 0; op < kiln::codegen::binary_op_count(); op++)
    if (kiln::codegen::reference_supports_binary(op)) v.push_back(torch::BinaryOp(op));
  return v;
}

TEST(KernelIR, ValidateCatchesBadOperands) {
  Kernel k = unary_kernel(torch::UnaryOp::exp);
  EXPECT_EQ(k.validate(), "");
  k.body[1].a = 1;  // itself
  EXPECT_NE(k.validate().find("earlier value"), std::string::npos);
  k = unary_kernel(torch::UnaryOp::exp);
  k.outputs = {5};
  EXPECT_NE(k.validate().find("does not exist"), std::string::npos);
  k = binary_kernel(torch::BinaryOp::add, true, true);
  EXPECT_NE(k.validate().find("without a tensor input"), std::string::npos);
  // Output dtypes: the kernel's, or bool in a pointwise kernel.
  k = unary_kernel(torch::UnaryOp::exp);
  k.out_dtypes = {torch::DType::Bool};
  EXPECT_EQ(k.validate(), "");
  k.out_dtypes = {torch::DType::Float64};
  EXPECT_NE(k.validate().find("a float64 output"), std::string::npos) << k.validate();
  k.out_dtypes = {torch::DType::Bool, torch::DType::Bool};
  EXPECT_NE(k.validate().find("more output dtypes"), std::string::npos);
  // Inputs: a bool tensor, not a bool number.
  k = unary_kernel(torch::UnaryOp::exp);
  k.inputs[0].dtype = torch::DType::Bool;
  EXPECT_EQ(k.validate(), "");
  k.inputs[0].scalar = true;
  EXPECT_NE(k.validate().find("bool input"), std::string::npos) << k.validate();
}

TEST(KernelIR, PrintsLoopNestBodyAndStores) {
  Kernel k = binary_kernel(torch::BinaryOp::mul, false, true);
  std::string s = k.to_string();
  EXPECT_NE(s.find("in1: float32 number"), std::string::npos) << s;
  EXPECT_NE(s.find("v2 = mul(v0, v1)"), std::string::npos) << s;
  EXPECT_NE(s.find("out0[i] = v2"), std::string::npos) << s;
}

TEST(KernelIR, LoopNestMergesContiguousDimsAndKeepsBroadcasts) {
  torch::Tensor a = filled({4, 5, 6}, {1.0f});
  torch::Tensor out = filled({4, 5, 6}, {0.0f});
  LoopNest n;
  ASSERT_TRUE(n.bind(a.sizes, {&a, &out}));
  EXPECT_EQ(n.rank, 1);
  EXPECT_EQ(n.sizes[0], 120);
  EXPECT_EQ(n.strides[0][0], 4);
  torch::Tensor row = filled({6}, {1.0f});  // broadcast over the first two dims
  ASSERT_TRUE(n.bind(a.sizes, {&a, &row, &out}));
  EXPECT_EQ(n.rank, 2);
  EXPECT_EQ(n.sizes[0], 20);
  EXPECT_EQ(n.sizes[1], 6);
  EXPECT_EQ(n.strides[1][0], 0);
  EXPECT_EQ(n.strides[1][1], 4);
  torch::Shape s;
  EXPECT_TRUE(LoopNest::broadcast({{5, 1}, {1, 7}}, &s));
  EXPECT_EQ(s, (torch::Shape{5, 7}));
  EXPECT_FALSE(LoopNest::broadcast({{5, 2}, {3}}, &s));
}

TEST(AsmjitBackend, EveryUnaryOpMatchesTheReferenceBitForBit) {
  std::vector<float> vals = test_values();
  torch::Tensor x = filled({int64_t(vals.size())}, vals);
  for (torch::UnaryOp op : all_unary()) {
    SCOPED_TRACE(torch::op_name(op));
    expect_backend_matches(unary_kernel(op), {KArg{&x}});
  }
}

// The transcendental functions over a sweep of float32 bit patterns
// (every 4093rd: about 1M inputs, every binade, both signs, NaNs): tier 1's
// AVX-512 rows take shortcuts (vrndscalepd, vscalefpd, vpternlogq) that
// must give eager's bits exactly, as its AVX2 rows and one-point tails do.
TEST(AsmjitBackend, TranscendentalsMatchEagerOverASweepOfFloats) {
  std::vector<float> vals;
  for (uint64_t b = 0; b <= 0xffffffffull; b += 4093) vals.push_back(std::bit_cast<float>(uint32_t(b)));
  torch::Tensor x = filled({int64_t(vals.size())}, vals);
  for (torch::UnaryOp op : {torch::UnaryOp::exp, torch::UnaryOp::expm1, torch::UnaryOp::log, torch::UnaryOp::log1p,
                            torch::UnaryOp::tanh, torch::UnaryOp::sigmoid}) {
    SCOPED_TRACE(torch::op_name(op));
    expect_backend_matches(unary_kernel(op), {KArg{&x}});
  }
}

// On a host without FMA, kernels with exp, expm1, tanh or sigmoid (whose
// eager sequences hold FMAs) are refused with that reason, and the others
// still compile (KILN_ASMJIT_NO_FMA plays that host).
TEST(AsmjitBackend, WithoutFmaTheTranscendentalsWithFmasAreRefused) {
  setenv("KILN_ASMJIT_NO_FMA", "1", 1);
  auto& be = kiln::jit::asmjit_backend_with_lanes(8);
  for (torch::UnaryOp op : {torch::UnaryOp::exp, torch::UnaryOp::expm1, torch::UnaryOp::tanh, torch::UnaryOp::sigmoid}) {
    std::string why;
    EXPECT_FALSE(be.compile(unary_kernel(op), &why)) << torch::op_name(op);
    EXPECT_NE(why.find("only with FMA"), std::string::npos) << why;
  }
  std::string why;
  EXPECT_TRUE(be.compile(unary_kernel(torch::UnaryOp::log), &why)) << why;
  unsetenv("KILN_ASMJIT_NO_FMA");
  EXPECT_TRUE(be.compile(unary_kernel(torch::UnaryOp::tanh), &why)) << why;
}

// A row with a transcendental runs two vectors per iteration (interleaved),
// then one, then single points: every length around those steps, with a
// bool input and a bool output (byte offsets) beside the float ones.
TEST(AsmjitBackend, UnrolledRowsOfEveryLengthMatch) {
  Kernel k;
  k.name = "unrolled";
  k.inputs = {KInput{false}, KInput{false}};
  k.inputs[1].dtype = torch::DType::Bool;
  k.body = {KInstr{KOp::Load, 0},          KInstr{KOp::Load, 1},
            KInstr{KOp::Unary, int(torch::UnaryOp::tanh), 0},
            KInstr{KOp::Unary, int(torch::UnaryOp::exp), 0},
            KInstr{KOp::Select, 0, 1, 2, 0.0f, true, 3},  // where(mask, tanh x, exp x)
            KInstr{KOp::Const, 0, -1, -1, 0.5f},
            KInstr{KOp::Binary, int(torch::BinaryOp::gt), 4, 5}};
  k.outputs = {4, 6};
  k.out_dtypes = {torch::DType::Float32, torch::DType::Bool};
  ASSERT_EQ(k.validate(), "") << k.to_string();
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-3.0f, 3.0f);
  for (int64_t n : {1, 7, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 1000}) {
    SCOPED_TRACE(n);
    std::vector<float> xs(size_t(n), 0.0f);
    for (float& x : xs) x = d(rng);
    torch::Tensor x = filled({n}, xs);
    torch::Tensor m = torch::empty({n}, torch::DType::Bool);
    for (int64_t i = 0; i < n; i++) m.data<bool>()[i] = (i * 7 + n) % 3 == 0;
    std::vector<KArg> args = {KArg{&x}, KArg{&m}};
    std::string why;
    KernelLaunch ref;
    ASSERT_TRUE(ref.prepare(k, args, &why)) << why;
    kiln::codegen::run_reference(k, ref);
    for (int lanes : {8, 16}) {
      auto& be = kiln::jit::asmjit_backend_with_lanes(lanes);
      if (!be.unavailable().empty()) continue;
      KernelLaunch jit;
      ASSERT_TRUE(jit.prepare(k, args, &why)) << why;
      auto compiled = be.compile(k, &why);
      ASSERT_TRUE(compiled) << why;
      compiled->run(jit);
      for (int64_t e = 0; e < n; e++) {
        ASSERT_TRUE(same_bits(ref.outs[0].data<float>()[e], jit.outs[0].data<float>()[e])) << lanes << " lanes, element " << e;
        ASSERT_EQ(ref.outs[1].data<bool>()[e], jit.outs[1].data<bool>()[e]) << lanes << " lanes, element " << e;
      }
    }
  }
}

TEST(AsmjitBackend, EveryBinaryOpMatchesOnTensorsNumbersAndBroadcasts) {
  std::vector<float> vals = test_values();
  int64_t n = int64_t(vals.size());
  std::vector<float> shifted(vals.rbegin(), vals.rend());
  torch::Tensor a = filled({n}, vals), b = filled({n}, shifted);
  torch::Tensor col = filled({13, 1}, vals), row = filled({1, 11}, shifted);
  // Every pair of special values (signed zeros and NaN decide max/min).
  std::vector<float> sp = {0.0f, -0.0f, 1.0f, -1.0f, std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN(), 1e-40f};
  torch::Tensor sa = filled({int64_t(sp.size()), 1}, sp), sb = filled({1, int64_t(sp.size())}, sp);
  for (torch::BinaryOp op : all_binary()) {
    SCOPED_TRACE(torch::op_name(op));
    expect_backend_matches(binary_kernel(op), {KArg{&sa}, KArg{&sb}});
    expect_backend_matches(binary_kernel(op), {KArg{&a}, KArg{&b}});
    expect_backend_matches(binary_kernel(op), {KArg{&col}, KArg{&row}});  // an outer product
    KArg num;
    num.number = 2.5;
    expect_backend_matches(binary_kernel(op, false, true), {KArg{&a}, num});
    expect_backend_matches(binary_kernel(op, true, false), {num, KArg{&a}});
  }
}

// The Kernel IR's masks are eager's bool results read as float32: every
// predicate on every pair of special values (the reference, and so each
// backend, against the eager op), and a select picks as torch.where does
// (a NaN condition counts as true, -0.0 as false).
TEST(KernelIR, PredicatesAndSelectsAreEagers) {
  std::vector<float> sp = {0.0f, -0.0f, 1.0f, -1.0f, 2.5f, std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN(), 1e-40f};
  int64_t n = int64_t(sp.size());
  torch::Tensor sa = filled({n, 1}, sp), sb = filled({1, n}, sp);
  auto run = [](const Kernel& k, const std::vector<KArg>& args) {
    KernelLaunch L;
    std::string why;
    EXPECT_TRUE(L.prepare(k, args, &why)) << why;
    kiln::codegen::run_reference(k, L);
    return L.outs[0];
  };
  auto expect_same = [](const torch::Tensor& want, const torch::Tensor& got) {
    ASSERT_EQ(want.numel(), got.numel());
    for (int64_t e = 0; e < want.numel(); e++)
      ASSERT_TRUE(same_bits(want.data<float>()[e], got.data<float>()[e])) << "element " << e;
  };
  int preds = 0;
  for (torch::BinaryOp op : all_binary()) {
    if (!torch::binary_pred_f32_ok(op)) continue;
    SCOPED_TRACE(torch::op_name(op));
    preds++;
    torch::Tensor eager = torch::cast(torch::binary(op, sa, sb), torch::DType::Float32);
    expect_same(eager, run(binary_kernel(op), {KArg{&sa}, KArg{&sb}}));
  }
  for (torch::UnaryOp op : all_unary()) {
    if (!torch::unary_pred_f32_ok(op)) continue;
    SCOPED_TRACE(torch::op_name(op));
    preds++;
    torch::Tensor eager = torch::cast(torch::unary(op, sa), torch::DType::Float32);
    expect_same(eager, run(unary_kernel(op), {KArg{&sa}}));
  }
  EXPECT_EQ(preds, 13);  // eq ne lt le gt ge, logical and / or / xor; logical_not, isnan, isinf, isfinite
  // select(c, a, b) against torch.where(c != 0, a, b), c over the special values.
  Kernel k;
  k.name = "sel";
  k.inputs = {KInput{false}, KInput{false}, KInput{false}};
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Load, 2}, KInstr{KOp::Select, 0, 0, 1}};
  k.body[3].c = 2;
  k.outputs = {3};
  std::vector<float> ones(sp.size(), 1.5f), others(sp.size(), -7.0f);
  torch::Tensor c = filled({n}, sp), a = filled({n}, ones), b = filled({n}, others);
  torch::Tensor cond = torch::binary(torch::BinaryOp::ne, c, torch::Scalar::from_double(0.0));
  expect_same(torch::where(cond, a, b), run(k, {KArg{&c}, KArg{&a}, KArg{&b}}));
  expect_backend_matches(k, {KArg{&c}, KArg{&a}, KArg{&b}});
  k.body[3].c = 0;  // select(c, a, c): the condition as a value too
  expect_backend_matches(k, {KArg{&c}, KArg{&a}, KArg{&b}});
}

TEST(AsmjitBackend, StridedAndLongChainsMatch) {
  std::vector<float> vals = test_values();
  torch::Tensor base = filled({17, 19}, vals);
  torch::Tensor t = torch::transpose(base, 0, 1);  // strided rows
  Kernel k;
  k.name = "chain";
  k.inputs = {KInput{false}, KInput{true}};
  k.body = {KInstr{KOp::Load, 0},
            KInstr{KOp::Load, 1},
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 0, 1},
            KInstr{KOp::Unary, int(torch::UnaryOp::tanh), 2},
            KInstr{KOp::Unary, int(torch::UnaryOp::exp), 3},
            KInstr{KOp::Binary, int(torch::BinaryOp::sub), 4, 0},
            KInstr{KOp::Unary, int(torch::UnaryOp::sigmoid), 5},
            KInstr{KOp::Binary, int(torch::BinaryOp::maximum), 6, 3},
            KInstr{KOp::Unary, int(torch::UnaryOp::log1p), 7}};
  k.outputs = {8, 3};
  KArg num;
  num.number = 0.75;
  expect_backend_matches(k, {KArg{&t}, num});
  // Large enough to run on several threads, contiguous and with a tail.
  torch::Tensor big = filled({(1 << 17) + 3}, vals);
  expect_backend_matches(k, {KArg{&big}, num});
  torch::Tensor big2 = filled({300, 301}, vals);
  torch::Tensor bt = torch::transpose(big2, 0, 1);
  expect_backend_matches(k, {KArg{&bt}, num});
}

// More live values than vector registers: 40 constants and a tensor and
// a number loaded first, all live until a chain at the end uses them, so
// the register allocator spills a few vectors (and little else: their
// slots are the first of the frame). A vector spilled at [rsp + 64] once
// went to the wrong address at 16 lanes (an asmjit encoding bug with
// integer-typed zmm registers; see kAsmjitZmmSpills in
// jit/asmjit_backend.cpp): garbage, and a corrupted caller frame.
TEST(AsmjitBackend, RegisterPressureSpillsCorrectly) {
  std::vector<float> vals = test_values();
  for (int live : {34, 36, 40, 48}) {
    SCOPED_TRACE(live);
    torch::Tensor t = filled({37, 21}, vals);
    Kernel k;
    k.name = "pressure";
    k.inputs = {KInput{false}, KInput{true}};
    k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}};
    for (int i = 0; i < live; i++) {
      KInstr c{KOp::Const};
      c.imm = 1.0 + 0.125 * i;
      k.body.push_back(c);
    }
    // acc = ((in0 * c0 + c1) * c2 + c3) ... with a tanh halfway and the
    // number at the end.
    int acc = 0;
    for (int i = 0; i < live; i++) {
      k.body.push_back(KInstr{KOp::Binary, int(i % 2 ? torch::BinaryOp::add : torch::BinaryOp::mul), acc, 2 + i});
      acc = int(k.body.size()) - 1;
      if (i == live / 2) {
        k.body.push_back(KInstr{KOp::Unary, int(torch::UnaryOp::tanh), acc});
        acc = int(k.body.size()) - 1;
      }
    }
    k.body.push_back(KInstr{KOp::Binary, int(torch::BinaryOp::sub), acc, 1});
    k.outputs = {int(k.body.size()) - 1};
    KArg num;
    num.number = 0.75;
    expect_backend_matches(k, {KArg{&t}, num});
  }
}

TEST(AsmjitBackend, ViewedInputsReadThroughTheirView) {
  // exp(in0) * 2 with in0 read through permute(2, 0, 1); a lower-rank input
  // right-aligned before its view ([1, 3] as t(): [3, 1]); an unsqueeze
  // and a squeeze.
  Kernel k;
  k.name = "viewed";
  KInput p3;
  p3.views = {ViewStep::dims_view(3, {2, 0, 1})};
  KInput p2;
  p2.views = {ViewStep::dims_view(2, {1, 0})};
  k.inputs = {p3, p2};
  KInstr two{KOp::Const};
  two.imm = 2.0f;
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Unary, int(torch::UnaryOp::exp), 0}, two,
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 1, 2}};
  k.outputs = {3};
  ASSERT_EQ(k.validate(), "");
  torch::Tensor x = filled({3, 4, 6}, test_values());
  torch::Tensor unused = filled({1, 6}, {1.0f});  // not loaded: takes no part in the shape
  expect_backend_matches(k, {KArg{&x}, KArg{&unused}});
  KernelLaunch L;
  std::string why;
  ASSERT_TRUE(L.prepare(k, {KArg{&x}, KArg{&unused}}, &why)) << why;
  EXPECT_EQ(L.shape.str(), torch::Shape({6, 3, 4}).str());
  // The second input loaded: [1, 6] viewed as [6, 1] does not fit [6, 3, 4].
  k.body.push_back(KInstr{KOp::Load, 1});
  k.body.push_back(KInstr{KOp::Binary, int(torch::BinaryOp::add), 3, 4});
  k.outputs = {5};
  EXPECT_FALSE(L.prepare(k, {KArg{&x}, KArg{&unused}}, &why));
  torch::Tensor col = filled({1, 3}, {0.5f, -1.0f, 2.0f});  // viewed as [3, 1]: broadcasts over [6, 3, 4]
  expect_backend_matches(k, {KArg{&x}, KArg{&col}});
  ASSERT_TRUE(L.prepare(k, {KArg{&x}, KArg{&col}}, &why)) << why;
  kiln::codegen::run_reference(k, L);
  // Against the eager ops: exp(x.permute(2, 0, 1)) * 2 + col.t().
  torch::Tensor want = torch::binary(torch::BinaryOp::add,
                                     torch::binary(torch::BinaryOp::mul, torch::unary(torch::UnaryOp::exp, torch::permute(x, {2, 0, 1})),
                                                   torch::Scalar::from_double(2.0)),
                                     torch::t_2d(col));
  for (int64_t e = 0; e < want.numel(); e++) ASSERT_TRUE(same_bits(want.data<float>()[e], L.outs[0].data<float>()[e])) << e;
  // unsqueeze(1) of a [4] input (viewed as [4, 1] over... a [4, 5]
  // iteration with a [5] input) and squeeze of a [4, 1] one.
  Kernel u;
  u.name = "unsqueezed";
  KInput us;
  us.views = {ViewStep::dims_view(1, {0, -1})};
  KInput sq;
  sq.views = {ViewStep::dims_view(3, {0, 2})};  // [4, 1, 5] -> [4, 5]
  u.inputs = {us, KInput{false}, sq};
  u.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Binary, int(torch::BinaryOp::sub), 0, 1},
            KInstr{KOp::Load, 2}, KInstr{KOp::Binary, int(torch::BinaryOp::mul), 2, 3}};
  u.outputs = {4};
  ASSERT_EQ(u.validate(), "");
  torch::Tensor a = filled({4}, {1.0f, 2.0f, 3.0f, 4.0f}), b = filled({5}, test_values()), c = filled({4, 1, 5}, test_values());
  expect_backend_matches(u, {KArg{&a}, KArg{&b}, KArg{&c}});
  ASSERT_TRUE(L.prepare(u, {KArg{&a}, KArg{&b}, KArg{&c}}, &why)) << why;
  EXPECT_EQ(L.shape.str(), torch::Shape({4, 5}).str());
  torch::Tensor c2 = filled({4, 2, 5}, test_values());  // its dropped dim is not 1: refused
  EXPECT_FALSE(L.prepare(u, {KArg{&a}, KArg{&b}, KArg{&c2}}, &why));
  EXPECT_NE(why.find("size 1"), std::string::npos) << why;
  // Not distinct dims: invalid.
  k.inputs[0].views[0].dims = {0, 0, 1};
  EXPECT_NE(k.validate().find("distinct"), std::string::npos);
}

// Reshape and Index views, alone and after other views: a transposed
// input reshaped (no view of that layout exists: read from a copy), a
// broadcast row reshaped where its expansion has a view, and slices with
// steps, a fixed index and a new dim; each against the eager ops.
TEST(AsmjitBackend, ReshapedAndIndexedInputs) {
  auto expect_eager = [](const Kernel& k, const std::vector<KArg>& args, const torch::Tensor& want) {
    expect_backend_matches(k, args);
    KernelLaunch L;
    std::string why;
    ASSERT_TRUE(L.prepare(k, args, &why)) << why;
    kiln::codegen::run_reference(k, L);
    ASSERT_EQ(L.outs[0].sizes.str(), want.sizes.str());
    torch::Tensor w = torch::contiguous(want);
    for (int64_t e = 0; e < w.numel(); e++) ASSERT_TRUE(same_bits(w.data<float>()[e], L.outs[0].data<float>()[e])) << e;
  };
  auto neg_kernel = [](std::vector<ViewStep> views) {
    Kernel k;
    k.name = "viewed_neg";
    KInput in;
    in.views = std::move(views);
    k.inputs = {in};
    k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Unary, int(torch::UnaryOp::neg), 0}};
    k.outputs = {1};
    return k;
  };
  torch::Tensor x = filled({4, 6}, test_values());
  ViewStep rs;
  rs.kind = ViewStep::Kind::Reshape;
  rs.from = {6, 4};
  rs.to = {3, 8};
  // x.t() reshaped: not viewable, so the launch reads a contiguous copy.
  Kernel k = neg_kernel({ViewStep::dims_view(2, {1, 0}), rs});
  ASSERT_EQ(k.validate(), "");
  expect_eager(k, {KArg{&x}}, torch::unary(torch::UnaryOp::neg, torch::reshape(torch::t_2d(x), {3, 8})));
  // A [6] row broadcast to [4, 6] then viewed as [2, 2, 6] (viewable).
  torch::Tensor row = filled({6}, test_values());
  ViewStep rs2;
  rs2.kind = ViewStep::Kind::Reshape;
  rs2.from = {4, 6};
  rs2.to = {2, 2, 6};
  Kernel k2 = neg_kernel({rs2});
  expect_eager(k2, {KArg{&row}}, torch::unary(torch::UnaryOp::neg, torch::reshape(torch::expand(row, {4, 6}), {2, 2, 6})));
  // x[1:4:2, None, ::3] then x[..., 0] style fixed index: [4, 6] -> [2, 1, 2], and [4] -> at dim 1 index 5.
  ViewStep ix;
  ix.kind = ViewStep::Kind::Index;
  ix.from = {4, 6};
  ix.dims = {0, -1, 1};
  ix.start = {1, 0, 0};
  ix.step = {2, 1, 3};
  ix.size = {2, 1, 2};
  ix.at = {-1, -1};
  Kernel k3 = neg_kernel({ix});
  ASSERT_EQ(k3.validate(), "");
  torch::Tensor sl = torch::unsqueeze(torch::slice(torch::slice(x, 0, 1, 4, 2), 1, 0, 6, 3), 1);
  expect_eager(k3, {KArg{&x}}, torch::unary(torch::UnaryOp::neg, sl));
  ViewStep at;
  at.kind = ViewStep::Kind::Index;
  at.from = {4, 6};
  at.dims = {0};
  at.start = {0};
  at.step = {1};
  at.size = {4};
  at.at = {-1, 5};
  Kernel k4 = neg_kernel({ViewStep::dims_view(2, {1, 0}), at});  // x.t() is [6, 4]: as [4, 6]? no: from must fit
  EXPECT_EQ(k4.validate(), "");
  KernelLaunch L;
  std::string why;
  EXPECT_FALSE(L.prepare(k4, {KArg{&x}}, &why));  // [6, 4] does not broadcast to [4, 6]
  EXPECT_NE(why.find("broadcast"), std::string::npos) << why;
  Kernel k5 = neg_kernel({at});
  expect_eager(k5, {KArg{&x}}, torch::unary(torch::UnaryOp::neg, torch::select(x, 1, 5)));
  // Out of range: invalid.
  k5.inputs[0].views[0].at = {-1, 6};
  EXPECT_NE(k5.validate().find("out of range"), std::string::npos) << k5.validate();
}

// Inputs no instruction loads leave the kernel and the region's registers
// together (their views kept on the others); an extern region keeps input
// 0, the product, loaded or not.
TEST(KernelIR, DropUnloadedInputsRenumbersLoads) {
  kiln::codegen::KernelRegion r;
  Kernel& k = r.kernel;
  k.name = "drop";
  KInput viewed;
  viewed.views = {ViewStep::dims_view(2, {1, 0})};
  k.inputs = {KInput{false}, KInput{false}, viewed, KInput{true}};
  r.inputs = {10, 11, 12, 13};
  k.body = {KInstr{KOp::Load, 2}, KInstr{KOp::Load, 3}, KInstr{KOp::Binary, int(torch::BinaryOp::mul), 0, 1}};
  k.outputs = {2};
  kiln::codegen::drop_unloaded_inputs(&r);
  ASSERT_EQ(k.inputs.size(), 2u);
  EXPECT_EQ(r.inputs, (std::vector<int>{12, 13}));
  EXPECT_EQ(k.inputs[0].views.size(), 1u);
  EXPECT_TRUE(k.inputs[1].scalar);
  EXPECT_EQ(k.body[0].arg, 0);
  EXPECT_EQ(k.body[1].arg, 1);
  EXPECT_EQ(k.validate(), "");
  // Every input loaded: nothing changes.
  kiln::codegen::drop_unloaded_inputs(&r);
  EXPECT_EQ(k.inputs.size(), 2u);
  EXPECT_EQ(k.inputs[0].views.size(), 1u);
  // An extern region keeps its product.
  kiln::codegen::KernelRegion e = r;
  e.ext = kiln::codegen::KernelRegion::Extern::Mm;
  e.kernel.inputs.insert(e.kernel.inputs.begin(), KInput{false});
  e.inputs.insert(e.inputs.begin(), 9);
  for (KInstr& in : e.kernel.body)
    if (in.op == KOp::Load) in.arg++;
  kiln::codegen::drop_unloaded_inputs(&e);
  EXPECT_EQ(e.inputs, (std::vector<int>{9, 12, 13}));
}

TEST(AsmjitBackend, LaunchRefusesWhatTheKernelWasNotBuiltFor) {
  Kernel k = unary_kernel(torch::UnaryOp::exp);
  torch::Tensor d = torch::empty({3}, torch::DType::Float64);
  KernelLaunch L;
  std::string why;
  EXPECT_FALSE(L.prepare(k, {KArg{&d}}, &why));
  EXPECT_NE(why.find("float64"), std::string::npos) << why;
  torch::Tensor f = filled({3}, {1.0f});
  KArg g{&f};
  g.requires_grad = true;
  EXPECT_FALSE(L.prepare(k, {g}, &why));
  EXPECT_NE(why.find("requires grad"), std::string::npos) << why;
}

TEST(AsmjitBackend, CompilesEveryFloat32RowAndRefusesTheRest) {
  auto& be = kiln::jit::asmjit_backend();
  EXPECT_TRUE(be.compiles(KInstr{KOp::Unary, int(torch::UnaryOp::sin), 0}));  // a call of the eager row
  EXPECT_TRUE(be.compiles(KInstr{KOp::Binary, int(torch::BinaryOp::pow), 0, 1}));
  // Predicates: masks (1.0 / 0.0), and selects by them.
  EXPECT_TRUE(be.compiles(KInstr{KOp::Unary, int(torch::UnaryOp::isnan), 0}));
  EXPECT_TRUE(be.compiles(KInstr{KOp::Binary, int(torch::BinaryOp::eq), 0, 1}));
  EXPECT_TRUE(be.compiles(KInstr{KOp::Select, 0, 0, 1}));
  // Integer-only ops: no float32 arithmetic to compile.
  EXPECT_FALSE(be.compiles(KInstr{KOp::Unary, int(torch::UnaryOp::bitwise_not), 0}));
  EXPECT_FALSE(be.compiles(KInstr{KOp::Binary, int(torch::BinaryOp::bitwise_and), 0, 1}));
  std::string why;
  Kernel k = unary_kernel(torch::UnaryOp::bitwise_not);
  EXPECT_EQ(be.compile(k, &why), nullptr);
  EXPECT_FALSE(why.empty());
}

}  // namespace
