// Unit tests of reductions in the Kernel IR (codegen/reduce_ops.h,
// codegen/row_plan.h) and their tier-1 execution (jit/row_runner.h):
// every reduction, and softmax / log_softmax / layer_norm as the lowering
// decomposes them, on rows short and long (the chunked, multi-threaded
// folds included), checked bit for bit against the eager ops and between
// the reference executor and the asmjit backend; validation and launch
// refusals.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"
#include "codegen/reference.h"
#include "codegen/row_plan.h"
#include "jit/asmjit_backend.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/reduce.h"
#include "stdlib/torch/scalar.h"
#include "stdlib/torch/views.h"

namespace {

using kiln::codegen::Form;
using kiln::codegen::KArg;
using kiln::codegen::Kernel;
using kiln::codegen::KernelLaunch;
using kiln::codegen::KInput;
using kiln::codegen::KInstr;
using kiln::codegen::KOp;
using kiln::codegen::ReduceOp;
namespace torch = kiln::torch;
using torch::BinaryOp;
using torch::UnaryOp;

torch::Tensor randn(const torch::Shape& shape, uint32_t seed, float scale = 1.0f) {
  torch::Tensor t = torch::empty(shape, torch::DType::Float32);
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, scale);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); i++) p[i] = d(rng);
  if (t.numel() > 3) {
    p[1] = -0.0f;
    p[2] = 0.0f;
  }
  return t;
}

bool same_bits(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
}

void expect_same(const torch::Tensor& want, const torch::Tensor& got, const std::string& what) {
  ASSERT_EQ(want.numel(), got.numel()) << what;
  ASSERT_TRUE(want.sizes == got.sizes) << what << ": shape " << got.sizes.str() << " instead of " << want.sizes.str();
  torch::Tensor w = torch::contiguous(want), g = torch::contiguous(got);
  for (int64_t e = 0; e < w.numel(); e++)
    ASSERT_TRUE(same_bits(w.data<float>()[e], g.data<float>()[e]))
        << what << ", element " << e << ": " << g.data<float>()[e] << " instead of " << w.data<float>()[e];
}

// Runs k with the reference executor and with asmjit (both ISA paths);
// the outputs must agree bit for bit. Returns the reference's outputs.
std::vector<torch::Tensor> run_both(const Kernel& k, const std::vector<KArg>& args) {
  EXPECT_EQ(k.validate(), "") << k.to_string();
  std::string why;
  KernelLaunch ref;
  EXPECT_TRUE(ref.prepare(k, args, &why)) << why;
  kiln::codegen::run_reference(k, ref);
  for (int lanes : {8, 16}) {
    auto& be = kiln::jit::asmjit_backend_with_lanes(lanes);
    if (!be.unavailable().empty()) continue;
    KernelLaunch jit;
    EXPECT_TRUE(jit.prepare(k, args, &why)) << why;
    auto compiled = be.compile(k, &why);
    EXPECT_TRUE(compiled) << why;
    if (!compiled) continue;
    compiled->run(jit);
    for (size_t o = 0; o < k.outputs.size(); o++)
      expect_same(ref.outs[o], jit.outs[o], k.name + " asmjit " + std::to_string(lanes) + " lanes, output " + std::to_string(o));
  }
  return ref.outs;
}

KInstr reduce(ReduceOp op, int a, bool keepdim, float correction = 0) {
  KInstr r{KOp::Reduce, int(op), a};
  r.keepdim = keepdim;
  r.imm = correction;
  return r;
}

// out = op(in0 * in0 + in0 over the last `dims` dims) — a fused producer
// (var and std: with `correction`).
Kernel reduce_kernel(ReduceOp op, int dims, bool keepdim, bool direct, float correction = 0) {
  Kernel k;
  k.name = std::string("r_") + kiln::codegen::reduce_op_name(op);
  k.inputs = {KInput{false}};
  k.reduce_dims = dims;
  if (direct) {
    k.body = {KInstr{KOp::Load, 0}, reduce(op, 0, keepdim, correction)};
    k.outputs = {1};
  } else {
    k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Binary, int(BinaryOp::mul), 0, 0}, KInstr{KOp::Binary, int(BinaryOp::add), 1, 0},
              reduce(op, 2, keepdim, correction)};
    k.outputs = {3};
  }
  return k;
}

// The eager value of the same, over dims [from, from + dims) (from -1:
// the trailing dims).
torch::Tensor eager_reduce(ReduceOp op, const torch::Tensor& x, int dims, bool keepdim, bool direct, double correction = 0,
                           int from = -1) {
  torch::Tensor v = direct ? x : torch::binary(BinaryOp::add, torch::binary(BinaryOp::mul, x, x), x);
  torch::Shape d;
  for (int i = 0; i < dims; i++) d.push_back(from < 0 ? -1 - i : from + i);
  switch (op) {
    case ReduceOp::sum: return torch::sum(v, d, keepdim, std::nullopt);
    case ReduceOp::mean: return torch::mean(v, d, keepdim, std::nullopt);
    case ReduceOp::amax: return torch::amax(v, d, keepdim);
    case ReduceOp::amin: return torch::amin(v, d, keepdim);
    case ReduceOp::var: return torch::var(v, d, correction, keepdim);
    case ReduceOp::std: return torch::std(v, d, correction, keepdim);
    case ReduceOp::logsumexp: return torch::logsumexp(v, d, keepdim);
    case ReduceOp::norm1: return torch::norm(v, 1.0, d, keepdim, std::nullopt);
    case ReduceOp::norm2: return torch::norm(v, 2.0, d, keepdim, std::nullopt);
    case ReduceOp::norm_inf: return torch::norm(v, INFINITY, d, keepdim, std::nullopt);
    default: break;
  }
  return {};
}

TEST(KernelReduce, EveryReductionMatchesEagerOnShortAndLongRows) {
  struct Case {
    torch::Shape shape;
    int dims;
  };
  // Rows of 1, 5, 37, 1031 and 70000 elements; one row of 300000 (eager
  // chunks it across threads); a full reduction of a 3-d tensor.
  std::vector<Case> cases = {{{6, 1}, 1}, {{4, 5}, 1}, {{3, 37}, 1}, {{9, 1031}, 1}, {{3, 70000}, 1},
                             {{300000}, 1}, {{2, 300001}, 1}, {{5, 6, 7}, 3}, {{4, 6, 7}, 2}};
  uint32_t seed = 1;
  for (const Case& c : cases) {
    torch::Tensor x = randn(c.shape, seed++, 3.0f);
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::mean, ReduceOp::amax, ReduceOp::amin, ReduceOp::logsumexp, ReduceOp::norm1,
                        ReduceOp::norm2, ReduceOp::norm_inf})
      for (bool keepdim : {false, true})
        for (bool direct : {false, true}) {
          Kernel k = reduce_kernel(op, c.dims, keepdim, direct);
          std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
          if (HasFailure()) return;
          expect_same(eager_reduce(op, x, c.dims, keepdim, direct), got[0],
                      k.to_string() + " on " + x.sizes.str() + (keepdim ? " keepdim" : ""));
          if (HasFailure()) return;
        }
  }
}

// var and std (Welford per row with several rows, two passes for one,
// each chunked where eager chunks a long row) with corrections 0, 1 and 2,
// against torch.var / torch.std of the materialised operand; rows shorter
// than the correction give inf or NaN as eager does, and empty rows NaN.
TEST(KernelReduce, VarAndStdMatchEagerWithEveryCorrection) {
  struct Case {
    torch::Shape shape;
    int dims;
  };
  std::vector<Case> cases = {{{6, 1}, 1}, {{4, 2}, 1}, {{3, 37}, 1}, {{9, 1031}, 1}, {{3, 70000}, 1}, {{300000}, 1},
                             {{2, 300001}, 1}, {{5, 6, 7}, 3}, {{4, 6, 7}, 2}, {{3, 0}, 1}};
  uint32_t seed = 11;
  for (const Case& c : cases) {
    torch::Tensor x = randn(c.shape, seed++, 3.0f);
    for (ReduceOp op : {ReduceOp::var, ReduceOp::std})
      for (float correction : {0.0f, 1.0f, 2.0f})
        for (bool keepdim : {false, true})
          for (bool direct : {false, true}) {
            Kernel k = reduce_kernel(op, c.dims, keepdim, direct, correction);
            std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
            if (HasFailure()) return;
            expect_same(eager_reduce(op, x, c.dims, keepdim, direct, correction), got[0],
                        k.to_string() + " on " + x.sizes.str() + (keepdim ? " keepdim" : ""));
            if (HasFailure()) return;
          }
  }
}

// softmax / log_softmax over the last dim, as codegen/lower.cpp decomposes
// them, of 2 * x.
Kernel softmax_kernel(bool log) {
  Kernel k;
  k.name = log ? "log_softmax" : "softmax";
  k.inputs = {KInput{false}};
  k.reduce_dims = 1;
  KInstr two{KOp::Const};
  two.imm = 2.0f;
  KInstr one{KOp::Const};
  one.imm = 1.0f;
  k.body = {KInstr{KOp::Load, 0},                          // 0
            two,                                            // 1
            KInstr{KOp::Binary, int(BinaryOp::mul), 0, 1},  // 2 x
            reduce(ReduceOp::line_max, 2, true),            // 3
            KInstr{KOp::Binary, int(BinaryOp::sub), 2, 3},  // 4
            KInstr{KOp::Unary, int(UnaryOp::exp), 4},       // 5
            reduce(ReduceOp::line_sum, 5, true)};           // 6
  if (log) {
    k.body.push_back(KInstr{KOp::Unary, int(UnaryOp::log), 6});         // 7
    k.body.push_back(KInstr{KOp::Binary, int(BinaryOp::sub), 4, 7});    // 8
  } else {
    k.body.push_back(one);                                              // 7
    k.body.push_back(KInstr{KOp::Binary, int(BinaryOp::div), 7, 6});    // 8
    k.body.push_back(KInstr{KOp::Binary, int(BinaryOp::mul), 5, 8});    // 9
  }
  k.outputs = {int(k.body.size() - 1)};
  return k;
}

TEST(KernelReduce, SoftmaxDecompositionIsTheEagerSoftmax) {
  uint32_t seed = 100;
  for (torch::Shape s : std::vector<torch::Shape>{{3, 1}, {4, 10}, {2, 3, 129}, {5, 4000}, {2, 300000}}) {
    torch::Tensor x = randn(s, seed++, 4.0f);
    torch::Tensor x2 = torch::binary(BinaryOp::mul, x, torch::scalar_tensor(torch::Scalar::from_double(2.0), torch::DType::Float32));
    for (bool log : {false, true}) {
      Kernel k = softmax_kernel(log);
      kiln::codegen::RowPlan plan = kiln::codegen::plan_rows(k);
      EXPECT_EQ(plan.sweeps.size(), 2u);  // the max, then the sum of exps
      // The last pass reads the exps the second sweep stored.
      for (const KInstr& in : plan.final.body) EXPECT_FALSE(in.op == KOp::Unary) << plan.final.to_string();
      EXPECT_EQ(plan.stored, 2);
      std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
      if (HasFailure()) return;
      torch::Tensor want = log ? torch::log_softmax(x2, -1, std::nullopt) : torch::softmax(x2, -1, std::nullopt);
      expect_same(want, got[0], k.name + " on " + s.str());
      if (HasFailure()) return;
    }
  }
}

// (x - mean) * rsqrt(mean((x - mean)^2) + eps) * w + b, the means kept or
// squeezed (inputs x, w, b, eps); a column kernel with `from` >= 0.
Kernel normalize_kernel(const char* name, bool keepdim, int from) {
  Kernel k;
  k.name = name;
  k.inputs = {KInput{false}, KInput{false}, KInput{false}, KInput{true}};
  k.reduce_dims = 1;
  k.reduce_from = from;
  k.body = {KInstr{KOp::Load, 0},                             // 0 x
            reduce(ReduceOp::mean, 0, keepdim),                // 1
            KInstr{KOp::Binary, int(BinaryOp::sub), 0, 1},     // 2 centered
            KInstr{KOp::Binary, int(BinaryOp::mul), 2, 2},     // 3
            reduce(ReduceOp::mean, 3, keepdim),                // 4 var
            KInstr{KOp::Load, 3},                              // 5 eps
            KInstr{KOp::Binary, int(BinaryOp::add), 4, 5},     // 6
            KInstr{KOp::Unary, int(UnaryOp::rsqrt), 6},        // 7
            KInstr{KOp::Binary, int(BinaryOp::mul), 2, 7},     // 8
            KInstr{KOp::Load, 1},                              // 9 w
            KInstr{KOp::Binary, int(BinaryOp::mul), 8, 9},     // 10
            KInstr{KOp::Load, 2},                              // 11 b
            KInstr{KOp::Binary, int(BinaryOp::add), 10, 11}};  // 12
  return k;
}

// The same with the eager ops, one at a time (eps 1e-5), over `dim`.
struct Normalized {
  torch::Tensor y, mean, var, r;
};
Normalized eager_normalize(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b, int64_t dim, bool keepdim) {
  Normalized e;
  e.mean = torch::mean(x, torch::Shape{dim}, keepdim, std::nullopt);
  torch::Tensor c = torch::binary(BinaryOp::sub, x, e.mean);
  e.var = torch::mean(torch::binary(BinaryOp::mul, c, c), torch::Shape{dim}, keepdim, std::nullopt);
  e.r = torch::unary(UnaryOp::rsqrt, torch::binary(BinaryOp::add, e.var, torch::scalar_tensor(torch::Scalar::from_double(1e-5), torch::DType::Float32)));
  e.y = torch::binary(BinaryOp::add, torch::binary(BinaryOp::mul, torch::binary(BinaryOp::mul, c, e.r), w), b);
  return e;
}

TEST(KernelReduce, LayerNormTakesTwoSweepsAndMatches) {
  // The normalisation over rows, with the mean and the variance also
  // stored (kept, per row).
  Kernel k = normalize_kernel("layer_norm", true, -1);
  k.outputs = {12, 1, 7};
  kiln::codegen::RowPlan plan = kiln::codegen::plan_rows(k);
  ASSERT_EQ(plan.sweeps.size(), 2u);
  EXPECT_EQ(plan.sweeps[0].folds[0].direct, 0);  // the mean of x folds x in place
  EXPECT_EQ(plan.sweeps[1].after.size(), 2u);    // var + eps, rsqrt: once per row
  std::vector<Form> f = k.forms();
  EXPECT_EQ(f[12], Form::Row);
  EXPECT_EQ(f[7], Form::Kept);
  for (torch::Shape s : std::vector<torch::Shape>{{2, 7}, {64, 768}, {3, 5, 33}, {200, 1000}}) {
    torch::Tensor x = randn(s, 7, 2.0f);
    torch::Tensor w = randn({s[s.n - 1]}, 8), b = randn({s[s.n - 1]}, 9);
    KArg eps;
    eps.number = 1e-5;
    std::vector<torch::Tensor> got = run_both(k, {KArg{&x}, KArg{&w}, KArg{&b}, eps});
    if (HasFailure()) return;
    EXPECT_EQ(got[1].sizes.n, s.n);  // the kept mean: [..., 1]
    EXPECT_EQ(got[1].sizes[s.n - 1], 1);
    Normalized e = eager_normalize(x, w, b, -1, true);
    expect_same(e.y, got[0], "layer_norm " + s.str());
    expect_same(e.mean, got[1], "mean " + s.str());
    expect_same(e.r, got[2], "rsqrt " + s.str());
  }
}

TEST(KernelReduce, BroadcastAndStridedOperandsOfProducers) {
  // sum(x * w, -1) with w broadcast along the rows, x a transposed view
  // (its rows strided: the producer gathers them, as eager's mul makes a
  // contiguous tensor first).
  Kernel k;
  k.name = "dot_rows";
  k.inputs = {KInput{false}, KInput{false}};
  k.reduce_dims = 1;
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Binary, int(BinaryOp::mul), 0, 1},
            reduce(ReduceOp::sum, 2, false)};
  k.outputs = {3};
  torch::Tensor base = randn({40, 30}, 11);
  torch::Tensor xt = torch::transpose(base, 0, 1);  // [30, 40], strided rows
  torch::Tensor w = randn({40}, 12);
  std::vector<torch::Tensor> got = run_both(k, {KArg{&xt}, KArg{&w}});
  expect_same(torch::sum(torch::binary(BinaryOp::mul, xt, w), torch::Shape{-1}, false, std::nullopt), got[0], "dot_rows");
}

TEST(KernelReduce, ReducedDimsThatDoNotMergeRunPieceByPiece) {
  // (x * 3 + b).sum() with b broadcast along the first dim, and the same
  // of a transposed x: the reduced dims stay two for the producer, whose
  // values fill the row piece by piece before it is folded.
  Kernel k;
  k.name = "full_with_bias";
  k.inputs = {KInput{false}, KInput{false}, KInput{true}};
  k.reduce_dims = 2;
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 2}, KInstr{KOp::Binary, int(BinaryOp::mul), 0, 1}, KInstr{KOp::Load, 1},
            KInstr{KOp::Binary, int(BinaryOp::add), 2, 3}, reduce(ReduceOp::sum, 4, false), reduce(ReduceOp::amax, 4, true)};
  k.outputs = {5, 6, 4};
  KArg three;
  three.number = 3.0;
  for (torch::Shape s : std::vector<torch::Shape>{{2, 2}, {7, 33}, {600, 700}}) {
    torch::Tensor x = randn(s, 21);
    torch::Tensor b = randn({s[1]}, 22);
    torch::Tensor base = randn({s[1], s[0]}, 23);
    torch::Tensor xt = torch::transpose(base, 0, 1);
    for (const torch::Tensor* in : {&x, &xt}) {
      std::vector<torch::Tensor> got = run_both(k, {KArg{in}, KArg{&b}, three});
      if (HasFailure()) return;
      torch::Tensor y = torch::binary(BinaryOp::add, torch::binary(BinaryOp::mul, *in, torch::Scalar::from_double(3.0)), b);
      expect_same(torch::sum(y, std::nullopt, false, std::nullopt), got[0], "sum " + s.str());
      expect_same(torch::amax(y, std::nullopt, true), got[1], "amax " + s.str());
      expect_same(y, got[2], "y " + s.str());
    }
  }
}

TEST(KernelReduce, LaunchRefusesWhatEagerFoldsDifferently) {
  std::string why;
  KernelLaunch L;
  // A direct fold of a strided input: eager folds it element by element.
  Kernel k = reduce_kernel(ReduceOp::sum, 1, false, true);
  torch::Tensor base = randn({8, 6}, 3);
  torch::Tensor t = torch::transpose(base, 0, 1);
  EXPECT_FALSE(L.prepare(k, {KArg{&t}}, &why));
  EXPECT_NE(why.find("not contiguous"), std::string::npos) << why;
  // amax of empty rows: eager raises.
  Kernel m = reduce_kernel(ReduceOp::amax, 1, false, false);
  torch::Tensor e = torch::empty({3, 0}, torch::DType::Float32);
  EXPECT_FALSE(L.prepare(m, {KArg{&e}}, &why));
  EXPECT_NE(why.find("empty rows"), std::string::npos) << why;
  // ...while their sum is 0 and their mean NaN, as eager's.
  Kernel s = reduce_kernel(ReduceOp::mean, 1, false, false);
  std::vector<torch::Tensor> got = run_both(s, {KArg{&e}});
  ASSERT_EQ(got[0].numel(), 3);
  EXPECT_TRUE(std::isnan(got[0].data<float>()[0]));
  // More reduced dims than the shape has.
  Kernel full = reduce_kernel(ReduceOp::sum, 2, false, false);
  torch::Tensor v = randn({5}, 4);
  EXPECT_FALSE(L.prepare(full, {KArg{&v}}, &why));
}

TEST(KernelReduce, EmptyOuterDimsAndEmptyRows) {
  // x - mean(x) and sum(x * x) over rows of [0, 5], [3, 0] and [2, 0, 4]
  // (reducing the last two dims): empty outputs, or per-row values of
  // empty rows (sum 0, mean NaN), as eager gives.
  Kernel k;
  k.name = "empty";
  k.inputs = {KInput{false}};
  k.reduce_dims = 1;
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::mean, 0, true), KInstr{KOp::Binary, int(BinaryOp::sub), 0, 1},
            KInstr{KOp::Binary, int(BinaryOp::mul), 0, 0}, reduce(ReduceOp::sum, 3, false)};
  k.outputs = {2, 4, 1};
  for (torch::Shape s : std::vector<torch::Shape>{{0, 5}, {3, 0}, {2, 0, 4}}) {
    k.reduce_dims = s.n == 3 ? 2 : 1;
    torch::Tensor x = torch::empty(s, torch::DType::Float32);
    std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
    if (HasFailure()) return;
    torch::Shape d = s.n == 3 ? torch::Shape{-1, -2} : torch::Shape{-1};
    expect_same(torch::sum(torch::binary(BinaryOp::mul, x, x), d, false, std::nullopt), got[1], "sum " + s.str());
    expect_same(torch::mean(x, d, true, std::nullopt), got[2], "mean " + s.str());
    EXPECT_EQ(got[0].numel(), 0);
  }
}

TEST(KernelReduce, OneValueStoredTwiceFillsBothOutputs) {
  // Two softmaxes of one input merge into one value (cse); the graph still
  // has two tensors to fill.
  Kernel k = softmax_kernel(false);
  k.outputs.push_back(k.outputs[0]);
  torch::Tensor x = randn({3, 9}, 31);
  std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
  expect_same(got[0], got[1], "the second output");
}

TEST(KernelReduce, ARowLevelOutputNarrowerThanTheRowsIsRefused) {
  // d - amax(a, -1, keepdim) with d of shape [4, 1]: row-level in the
  // kernel, but its value spans [4, 1], not the iteration shape [4, 5].
  Kernel k;
  k.name = "narrow";
  k.inputs = {KInput{false}, KInput{false}};
  k.reduce_dims = 1;
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::amax, 0, true), KInstr{KOp::Load, 1},
            KInstr{KOp::Binary, int(BinaryOp::sub), 2, 1}};
  k.outputs = {3};
  torch::Tensor a = randn({4, 5}, 41), d = randn({4, 1}, 42);
  KernelLaunch L;
  std::string why;
  EXPECT_FALSE(L.prepare(k, {KArg{&a}, KArg{&d}}, &why));
  EXPECT_NE(why.find("within the iteration shape"), std::string::npos) << why;
  // With d of the full shape it is an ordinary row-level output.
  torch::Tensor full = randn({4, 5}, 43);
  EXPECT_TRUE(L.prepare(k, {KArg{&a}, KArg{&full}}, &why)) << why;
}

TEST(KernelReduce, ValidateChecksForms) {
  Kernel k;
  k.name = "bad";
  k.inputs = {KInput{false}};
  k.reduce_dims = 1;
  // A squeezed per-row value combined with a row-level one.
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::sum, 0, false), KInstr{KOp::Binary, int(BinaryOp::add), 0, 1}};
  k.outputs = {2};
  EXPECT_NE(k.validate().find("squeezed"), std::string::npos) << k.validate();
  // A reduction of a per-row value.
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::sum, 0, true), reduce(ReduceOp::sum, 1, true)};
  EXPECT_NE(k.validate().find("not a row-level"), std::string::npos) << k.validate();
  // A reduction in a kernel that reduces nothing.
  k.reduce_dims = 0;
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::sum, 0, true)};
  k.outputs = {1};
  EXPECT_NE(k.validate().find("reduces no dims"), std::string::npos) << k.validate();
  // Kept per-row values broadcast along the row.
  k.reduce_dims = 1;
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::amax, 0, true), KInstr{KOp::Binary, int(BinaryOp::sub), 0, 1}};
  k.outputs = {2, 1};
  EXPECT_EQ(k.validate(), "");
  EXPECT_NE(k.to_string().find("amax(v0 over the last 1 dim, keepdim)"), std::string::npos) << k.to_string();
}

// ---------------------------------------------------------------- column reductions
// Reductions over leading or middle dims (Kernel::columns): each output
// column folds row by row as eager's outer loop does (sums in float blocks
// of 64 rows, then double; var and std by Welford's steps; extremes and
// norms stepped in order), run by jit/column_runner.h.

// Runs op over dims [from, from + dims) of x (in0 * in0 + in0, or in0
// itself when direct) as a column kernel on the reference executor and
// asmjit, and checks both against eager on the materialised operand.
void check_columns(ReduceOp op, const torch::Tensor& x, int from, int dims, bool keepdim, bool direct, float correction = 0) {
  Kernel k = reduce_kernel(op, dims, keepdim, direct, correction);
  k.reduce_from = from;
  std::vector<torch::Tensor> got = run_both(k, {KArg{&x}});
  if (::testing::Test::HasFailure()) return;
  expect_same(eager_reduce(op, x, dims, keepdim, direct, correction, from), got[0],
              k.to_string() + " on " + x.sizes.str() + (keepdim ? " keepdim" : ""));
}

const ReduceOp kColumnOps[] = {ReduceOp::sum,   ReduceOp::mean,  ReduceOp::amax,  ReduceOp::amin,    ReduceOp::var,
                               ReduceOp::std,   ReduceOp::norm1, ReduceOp::norm2, ReduceOp::norm_inf};

TEST(KernelColumns, EveryColumnReductionMatchesEager) {
  struct Case {
    torch::Shape shape;
    int from, dims;
  };
  // Leading dims and middle ones; blocks of 256 columns and their tails;
  // 64-row float blocks and their tails; few columns; a launch large
  // enough for several threads; reduced dims that merge and that do not.
  std::vector<Case> cases = {{{300, 200}, 0, 1}, {{7, 130, 9}, 1, 1},  {{5, 6, 7}, 0, 2},   {{64, 1000}, 0, 1},
                             {{1000, 3}, 0, 1},  {{130, 1, 5}, 0, 1},  {{3, 4, 5, 6}, 1, 2}, {{700, 600}, 0, 1},
                             {{2, 65, 300}, 0, 2}, {{1, 1, 8}, 0, 2},  {{4, 1, 3, 2}, 1, 2}};
  uint32_t seed = 100;
  for (const Case& c : cases) {
    torch::Tensor x = randn(c.shape, seed++, 3.0f);
    for (ReduceOp op : kColumnOps)
      for (bool keepdim : {false, true})
        for (bool direct : {false, true}) {
          float correction = op == ReduceOp::var || op == ReduceOp::std ? float(seed % 3) : 0.0f;  // 0, 1, 2
          check_columns(op, x, c.from, c.dims, keepdim, direct, correction);
          if (HasFailure()) return;
        }
  }
}

TEST(KernelColumns, NaNsAndSignedZerosFoldInRowOrder) {
  // amax / amin (and norm inf) keep the first of equal values (0 before
  // -0) and let NaN win from its row on; the sums, var and std carry NaN
  // and inf.
  torch::Tensor x = randn({70, 5}, 7);
  float* p = x.data<float>();
  for (int64_t r = 0; r < 70; r++) {
    p[r * 5 + 0] = r % 2 ? -0.0f : 0.0f;
    p[r * 5 + 1] = r % 2 ? 0.0f : -0.0f;
  }
  p[30 * 5 + 2] = NAN;
  p[69 * 5 + 3] = INFINITY;
  p[5 * 5 + 4] = -INFINITY;
  p[6 * 5 + 4] = INFINITY;
  for (ReduceOp op : kColumnOps) {
    check_columns(op, x, 0, 1, false, true, 1);
    if (HasFailure()) return;
  }
}

TEST(KernelColumns, BatchNormTakesTwoSweepsOverColumns) {
  // (x - mean(x, 0)) * rsqrt(mean((x - mean)^2, 0) + eps) * w + b over a
  // batch: the squeezed means of a reduction over the leading dim
  // broadcast against the rows ([C] against [N, C]), as in eager.
  Kernel k = normalize_kernel("batch_norm", false, 0);
  k.outputs = {12, 1, 4};
  ASSERT_EQ(k.validate(), "");
  std::vector<Form> f = k.forms();
  EXPECT_EQ(f[2], Form::Row);
  EXPECT_EQ(f[7], Form::Squeezed);
  kiln::codegen::RowPlan plan = kiln::codegen::plan_rows(k);
  ASSERT_EQ(plan.sweeps.size(), 2u);
  EXPECT_EQ(plan.stored, 0);  // columns store nothing: the last pass computes x - mean again
  for (torch::Shape s : std::vector<torch::Shape>{{2, 7}, {64, 768}, {1000, 33}, {5000, 300}}) {
    torch::Tensor x = randn(s, 17, 2.0f);
    torch::Tensor w = randn({s[1]}, 18), b = randn({s[1]}, 19);
    KArg eps;
    eps.number = 1e-5;
    std::vector<torch::Tensor> got = run_both(k, {KArg{&x}, KArg{&w}, KArg{&b}, eps});
    if (HasFailure()) return;
    Normalized e = eager_normalize(x, w, b, 0, false);
    expect_same(e.y, got[0], "batch_norm " + s.str());
    expect_same(e.mean, got[1], "mean " + s.str());
    expect_same(e.var, got[2], "var " + s.str());
  }
}

TEST(KernelColumns, LaunchRefusesWhatEagerFoldsAsRows) {
  std::string why;
  KernelLaunch L;
  // sum(0) of [n, 1]: eager's kept dims are all of size 1, so it folds a row.
  Kernel k = reduce_kernel(ReduceOp::sum, 1, false, false);
  k.reduce_from = 0;
  torch::Tensor narrow = randn({50, 1}, 5);
  EXPECT_FALSE(L.prepare(k, {KArg{&narrow}}, &why));
  EXPECT_NE(why.find("as rows"), std::string::npos) << why;
  // ...but one row of them is a plain copy either way.
  torch::Tensor one = randn({1, 1}, 6);
  EXPECT_TRUE(L.prepare(k, {KArg{&one}}, &why)) << why;
  // A direct fold of a transposed input: eager folds its rows.
  Kernel d = reduce_kernel(ReduceOp::sum, 1, false, true);
  d.reduce_from = 0;
  torch::Tensor base = randn({8, 6}, 3);
  torch::Tensor t = torch::transpose(base, 0, 1);
  EXPECT_FALSE(L.prepare(d, {KArg{&t}}, &why));
  EXPECT_NE(why.find("not contiguous"), std::string::npos) << why;
  // No kept dim after the reduced ones.
  torch::Tensor flat = randn({8}, 4);
  EXPECT_FALSE(L.prepare(k, {KArg{&flat}}, &why));
  // amax of empty columns raises in eager; their sum is 0, their mean NaN.
  Kernel m = reduce_kernel(ReduceOp::amax, 1, false, false);
  m.reduce_from = 0;
  torch::Tensor e = torch::empty({0, 3}, torch::DType::Float32);
  EXPECT_FALSE(L.prepare(m, {KArg{&e}}, &why));
  EXPECT_NE(why.find("empty rows"), std::string::npos) << why;
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::mean, ReduceOp::var, ReduceOp::norm2}) {
    check_columns(op, e, 0, 1, true, false, 1);
    if (HasFailure()) return;
  }
}

TEST(KernelColumns, AReductionStraightOfAMaskReadsItsBytesAsNumbers) {
  // sum / amax of a bool input (what the passes leave of mask.float() - 0):
  // no fold in place (its bytes are not floats); a producer reads them as
  // 0.0 / 1.0, as eager's mask.float() does. Over rows and over columns.
  torch::Tensor m = torch::empty({70, 9}, torch::DType::Bool);
  auto* p = reinterpret_cast<uint8_t*>(m.data_bytes());
  for (int64_t i = 0; i < m.numel(); i++) p[i] = uint8_t((i * 7) % 3 == 0);
  torch::Tensor f = torch::to_dtype(m, torch::DType::Float32);
  for (int from : {-1, 0})
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::amax}) {
      Kernel k;
      k.name = "mask_fold";
      k.inputs = {KInput{false}};
      k.inputs[0].dtype = torch::DType::Bool;
      k.reduce_dims = 1;
      k.reduce_from = from;
      k.body = {KInstr{KOp::Load, 0}, reduce(op, 0, false)};
      k.outputs = {1};
      ASSERT_EQ(k.validate(), "");
      EXPECT_FALSE(kiln::codegen::folds_in_place(k, k.body[0]));
      std::vector<torch::Tensor> got = run_both(k, {KArg{&m}});
      if (HasFailure()) return;
      expect_same(eager_reduce(op, f, 1, false, true, 0, from), got[0], k.to_string());
    }
}

TEST(KernelColumns, ValidateKeepsColumnsToTheFoldsEagerHas) {
  Kernel k = reduce_kernel(ReduceOp::logsumexp, 1, false, false);
  k.reduce_from = 0;
  EXPECT_NE(k.validate().find("does not fold as columns"), std::string::npos) << k.validate();
  k = reduce_kernel(ReduceOp::sum, 2, true, false);
  k.reduce_from = 1;
  EXPECT_EQ(k.validate(), "");
  EXPECT_NE(k.to_string().find("sum(v2 over dims 1..2, keepdim)"), std::string::npos) << k.to_string();
  // Over middle dims a squeezed value does not meet the row ([A, C]
  // against [A, B, C] aligns C with B).
  k.body = {KInstr{KOp::Load, 0}, reduce(ReduceOp::sum, 0, false), KInstr{KOp::Binary, int(BinaryOp::add), 0, 1}};
  k.outputs = {2};
  EXPECT_NE(k.validate().find("squeezed"), std::string::npos) << k.validate();
  k.reduce_from = 0;  // over leading ones it does
  EXPECT_EQ(k.validate(), "");
}

}  // namespace
