// Unit tests of tier 1's fast-math transcendentals (Kernel::fast_math,
// `--fast-math`): exp, tanh and sigmoid by float32 FMA sequences in
// jit/asmjit_backend.cpp. Over a sweep of every 1021st float32 bit pattern
// (4.2M inputs, every binade) plus the special values:
//   * the error against the exact value (double libm) stays within the
//     documented bound: exp 1 ulp, tanh and sigmoid 2.5 ulp;
//   * NaN, infinities and sigmoid's zeros below -88.72 are eager's;
//   * the AVX-512 and AVX2 code, the vector loop, the one-point tail and
//     the strided row give the same bits (one sequence at every width).
// The bounds were measured over all 2^32 inputs (KILN_FAST_MATH_STEP=1):
// exp 0.87 ulp, tanh 2.42 ulp, sigmoid 2.48 ulp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"
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
namespace torch = kiln::torch;

Kernel fast_kernel(torch::UnaryOp op) {
  Kernel k;
  k.name = std::string("fast_") + torch::op_name(op);
  k.fast_math = true;
  k.inputs = {KInput{false}};
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Unary, int(op), 0}};
  k.outputs = {1};
  return k;
}

double exact(torch::UnaryOp op, double x) {
  if (op == torch::UnaryOp::exp) return std::exp(x);
  if (op == torch::UnaryOp::tanh) return std::tanh(x);
  return 1.0 / (1.0 + std::exp(-x));
}

// |got - want| in units of the last place of float32 at `want`.
double ulps(float got, double want) {
  int e = std::ilogb(want == 0.0 ? std::numeric_limits<float>::denorm_min() : want);
  double ulp = std::ldexp(1.0, std::max(e - 23, -149));
  return std::fabs(double(got) - want) / ulp;
}

uint64_t sweep_step() {
  uint64_t step = 1021;
  if (const char* s = std::getenv("KILN_FAST_MATH_STEP")) step = std::max<uint64_t>(1, std::strtoull(s, nullptr, 10));
  return step;
}

// Chunk `c` of the inputs: bit patterns c * kChunk * step + j * step, and
// in chunk 0 the specials; an odd count, so the one-point tail runs too.
// Empty past the last chunk.
constexpr uint64_t kChunk = uint64_t(1) << 24;
torch::Tensor sweep_inputs(uint64_t c, uint64_t step) {
  std::vector<float> v;
  if (c == 0)
    v = {0.0f, -0.0f, 1.0f, -1.0f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
         std::numeric_limits<float>::quiet_NaN(), 88.72f, 88.73f, -88.72f, -88.73f, -0x1.62e43p6f, -104.0f, -103.9f, 89.0f,
         9.0f, 9.5f, -20.0f, 20.0f, 1e-40f, -1e-40f, 1e-7f, -1e-7f, 0.34657f, -0.34657f};
  for (uint64_t j = 0, b = c * kChunk * step; j < kChunk && b < (uint64_t(1) << 32); j++, b += step)
    v.push_back(std::bit_cast<float>(uint32_t(b)));
  if (v.empty()) return torch::Tensor();
  if (v.size() % 2 == 0) v.push_back(1.5f);
  torch::Tensor t = torch::empty({int64_t(v.size())}, torch::DType::Float32);
  std::copy(v.begin(), v.end(), t.data<float>());
  return t;
}

// Runs the fast kernel of `op` on x with `lanes`; false if the host lacks them.
bool run_fast(torch::UnaryOp op, int lanes, const torch::Tensor& x, torch::Tensor* out) {
  auto& be = kiln::jit::asmjit_backend_with_lanes(lanes);
  if (!be.unavailable().empty()) return false;
  Kernel k = fast_kernel(op);
  std::string why;
  auto compiled = be.compile(k, &why);
  EXPECT_TRUE(compiled) << why;
  if (!compiled) return false;
  KernelLaunch L;
  EXPECT_TRUE(L.prepare(k, {KArg{&x}}, &why)) << why;
  compiled->run(L);
  *out = L.outs[0];
  return true;
}

bool same_bits(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b);
}

// Checks chunk x of the sweep; *worst and *worst_x track the largest error.
void check_chunk(torch::UnaryOp op, const torch::Tensor& x, double* worst, float* worst_x) {
  int64_t n = x.numel();
  const float* in = x.data<float>();
  std::vector<float> eager(size_t(n), 0.0f);
  torch::unary_row_f32(op, eager.data(), in, n);
  torch::Tensor first;
  bool have_first = false;
  for (int lanes : {16, 8}) {
    torch::Tensor got;
    if (!run_fast(op, lanes, x, &got)) continue;
    const float* g = got.data<float>();
    if (have_first) {
      const float* f = first.data<float>();
      for (int64_t i = 0; i < n; i++)
        ASSERT_TRUE(same_bits(f[i], g[i])) << lanes << " lanes differ from 16 at x = " << in[i];
      continue;
    }
    first = got;
    have_first = true;
    for (int64_t i = 0; i < n; i++) {
      float e = eager[size_t(i)];
      if (same_bits(e, g[i])) continue;
      // NaN and overflow are eager's; so is sigmoid's 0 where PyTorch's
      // float exp(-x) overflows (x <= -88.72), which the exact value is not.
      ASSERT_FALSE(std::isnan(e) || std::isinf(e) || std::isnan(g[i]) || std::isinf(g[i]) ||
                   (op == torch::UnaryOp::sigmoid && in[i] <= -0x1.62e43p6f))
          << "x = " << in[i] << ": eager " << e << ", fast " << g[i];
      double u = ulps(g[i], exact(op, double(in[i])));
      if (u > *worst) {
        *worst = u;
        *worst_x = in[i];
      }
    }
  }
  ASSERT_TRUE(have_first) << "no asmjit code path on this host";
  // A strided input (every other element): the strided row, one point at
  // a time, gives the vector loop's bits.
  torch::Tensor evens = torch::slice(x, 0, 0, n, 2);
  torch::Tensor got;
  ASSERT_TRUE(run_fast(op, 16, evens, &got) || run_fast(op, 8, evens, &got));
  const float* f = first.data<float>();
  const float* g = got.data<float>();
  for (int64_t i = 0; i < evens.numel(); i++)
    ASSERT_TRUE(same_bits(f[2 * i], g[i])) << "strided row differs at x = " << in[2 * i];
}

void check_op(torch::UnaryOp op, double bound) {
  SCOPED_TRACE(torch::op_name(op));
  uint64_t step = sweep_step();
  double worst = 0.0;
  float worst_x = 0.0f;
  int64_t count = 0;
  for (uint64_t c = 0;; c++) {
    torch::Tensor x = sweep_inputs(c, step);
    if (!x.defined()) break;
    count += x.numel();
    check_chunk(op, x, &worst, &worst_x);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_LE(worst, bound) << "worst at x = " << worst_x;
  std::printf("[fast math] %s: max error %.3f ulp (at %a) over %lld inputs\n", torch::op_name(op), worst, double(worst_x),
              (long long)count);
}

}  // namespace

TEST(FastMath, ExpWithinOneUlp) { check_op(torch::UnaryOp::exp, 1.0); }
TEST(FastMath, TanhWithinTwoAndAHalfUlp) { check_op(torch::UnaryOp::tanh, 2.5); }
TEST(FastMath, SigmoidWithinTwoAndAHalfUlp) { check_op(torch::UnaryOp::sigmoid, 2.5); }

// Without Kernel::fast_math the same kernel keeps eager's bits (the
// default): the flag is what selects the sequences above.
TEST(FastMath, OffByDefaultKeepsEagerBits) {
  torch::Tensor x = sweep_inputs(0, sweep_step());
  Kernel k = fast_kernel(torch::UnaryOp::tanh);
  k.fast_math = false;
  auto& be = kiln::jit::asmjit_backend();
  ASSERT_EQ(be.unavailable(), "");
  std::string why;
  auto compiled = be.compile(k, &why);
  ASSERT_TRUE(compiled) << why;
  KernelLaunch L;
  ASSERT_TRUE(L.prepare(k, {KArg{&x}}, &why)) << why;
  compiled->run(L);
  std::vector<float> eager(size_t(x.numel()));
  torch::unary_row_f32(torch::UnaryOp::tanh, eager.data(), x.data<float>(), x.numel());
  int64_t differ = 0;
  for (int64_t i = 0; i < x.numel(); i++) differ += !same_bits(eager[size_t(i)], L.outs[0].data<float>()[i]);
  EXPECT_EQ(differ, 0);
  torch::Tensor fast;
  ASSERT_TRUE(run_fast(torch::UnaryOp::tanh, 16, x, &fast) || run_fast(torch::UnaryOp::tanh, 8, x, &fast));
  differ = 0;
  for (int64_t i = 0; i < x.numel(); i++) differ += !same_bits(eager[size_t(i)], fast.data<float>()[i]);
  EXPECT_GT(differ, 0) << "fast math gave eager's bits everywhere: is it switched on?";
}
