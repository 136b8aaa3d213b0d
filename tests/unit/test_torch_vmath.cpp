// tests/unit/test_torch_vmath.cpp — the vectorisable float32 functions of
// stdlib/torch/vmath.h (exp, expm1, log, log1p, tanh, sigmoid), through the
// tensor kernels that use them (torch.exp & co. on float32 tensors):
//   * accuracy: a dense sweep over all float32 bit patterns (every 251st, so
//     every exponent and sign and a spread of mantissas) against double libm,
//     rounded to float: every result within 1 ulp of the correctly rounded one;
//   * special values: NaN, ±inf, ±0, overflow, underflow through subnormals,
//     subnormal inputs, the edges of the domains, as glibc and PyTorch give;
//   * one result whatever the path: the AVX2 row kernel of a contiguous tensor,
//     its strided loop (a view with step 2), a 0-dim tensor and the plain
//     scalar function compiled here for baseline x86-64 agree bit for bit.
// The exhaustive sweep (all 2^32 inputs) is the same loop with step 1; it was
// run once by hand (numbers in vmath.h's commit message).

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/tensor.h"
#include "stdlib/torch/views.h"
#include "stdlib/torch/vmath.h"

namespace kiln::torch {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct Fn {
  const char* name;
  UnaryOp op;
  float (*vm)(float);
  double (*ref)(double);
};

const Fn kFns[] = {
    {"exp", UnaryOp::exp, [](float x) { return vmath::exp(x); }, [](double x) { return std::exp(x); }},
    {"expm1", UnaryOp::expm1, [](float x) { return vmath::expm1(x); }, [](double x) { return std::expm1(x); }},
    {"log", UnaryOp::log, [](float x) { return vmath::log(x); }, [](double x) { return std::log(x); }},
    {"log1p", UnaryOp::log1p, [](float x) { return vmath::log1p(x); }, [](double x) { return std::log1p(x); }},
    {"tanh", UnaryOp::tanh, [](float x) { return vmath::tanh(x); }, [](double x) { return std::tanh(x); }},
    {"sigmoid", UnaryOp::sigmoid, [](float x) { return vmath::sigmoid(x); },
     // PyTorch's float formula: 0 once float exp(-x) overflows.
     [](double x) {
       double e = std::exp(-x);
       return std::isinf(float(e)) ? 0.0 : 1.0 / (1.0 + e);
     }},
};

// Position of a float on the number line in ulps (monotonic; +0 and -0 meet).
int64_t ordinal(float f) {
  int32_t i = std::bit_cast<int32_t>(f);
  return i >= 0 ? int64_t(i) : -int64_t(i & 0x7fffffff);
}
// Ulps between a result and the correctly rounded value; NaN must meet NaN
// and inf inf.
int64_t ulp_distance(float got, float want) {
  if (want != want || got != got) return (want != want && got != got) ? 0 : std::numeric_limits<int64_t>::max();
  if (std::isinf(got) != std::isinf(want)) return std::numeric_limits<int64_t>::max();  // FLT_MAX is not inf
  return std::llabs(ordinal(got) - ordinal(want));
}

Tensor from(const std::vector<float>& v) {
  Tensor t = empty(Shape{int64_t(v.size())}, DType::Float32);
  std::copy(v.begin(), v.end(), t.data<float>());
  return t;
}

struct Sweep {
  int64_t n = 0, not_rounded = 0, max_ulps = 0;
  float worst = 0;
};

// Every `step`-th float32 bit pattern, through the tensor kernel.
Sweep sweep(const Fn& f, uint64_t step) {
  Sweep s;
  std::vector<float> in;
  auto flush = [&] {
    Tensor out = unary(f.op, from(in));
    const float* o = out.data<float>();
    for (size_t i = 0; i < in.size(); ++i) {
      float want = float(f.ref(double(in[i])));
      int64_t d = ulp_distance(o[i], want);
      ++s.n;
      if (d != 0) ++s.not_rounded;
      if (d > s.max_ulps) {
        s.max_ulps = d;
        s.worst = in[i];
      }
    }
    in.clear();
  };
  for (uint64_t b = 0; b < (uint64_t(1) << 32); b += step) {
    in.push_back(std::bit_cast<float>(uint32_t(b)));
    if (in.size() == (1u << 20)) flush();
  }
  flush();
  return s;
}

TEST(TorchVmath, DenseSweepWithinOneUlp) {
  for (const Fn& f : kFns) {
    Sweep s = sweep(f, 251);
    std::printf("  %-8s %lld inputs: max %lld ulp from the correctly rounded result (worst at %a), %lld not correctly rounded\n",
                f.name, (long long)s.n, (long long)s.max_ulps, double(s.worst), (long long)s.not_rounded);
    EXPECT_LE(s.max_ulps, 1) << f.name << " at " << s.worst;
    // Computed in double: nearly every result is the correctly rounded one;
    // tanh (float32 arithmetic, 0.87 ulp at most) misses it more often.
    EXPECT_LT(s.not_rounded, f.op == UnaryOp::tanh ? s.n / 500 : s.n / 1000) << f.name;
  }
}

// Special values, checked against the double libm result rounded to float
// (bit for bit: signs of zeros included) and spelled out for the edges.
TEST(TorchVmath, SpecialValues) {
  const float denorm = std::numeric_limits<float>::denorm_min();
  const float fmin = std::numeric_limits<float>::min();
  const float fmax = std::numeric_limits<float>::max();
  const std::vector<float> xs = {0.0f,   -0.0f,  kInf,    -kInf,  kNaN,   -kNaN,   denorm, -denorm, fmin,  -fmin,
                                 fmax,   -fmax,  1.0f,    -1.0f,  0.5f,   -0.5f,   2.0f,   88.0f,   88.72f, 88.73f,
                                 89.0f,  100.0f, 1000.0f, -87.0f, -88.0f, -100.0f, -103.0f, -103.98f, -104.0f,
                                 -150.0f, -1e10f, 1e-7f,  -1e-7f, 1e-30f, -1e-30f, 1.0000001f, 0.99999994f,
                                 -0.99999994f, -1.0000001f, 9.0f, -9.0f, 20.0f, -20.0f, 1e30f};
  for (const Fn& f : kFns) {
    std::vector<float> got(xs.size());
    Tensor out = unary(f.op, from(xs));
    for (size_t i = 0; i < xs.size(); ++i) {
      float want = float(f.ref(double(xs[i])));
      float g = out.data<float>()[i];
      if (want != want) {
        EXPECT_TRUE(g != g) << f.name << "(" << xs[i] << ") = " << g;
      } else {
        EXPECT_LE(ulp_distance(g, want), 1) << f.name << "(" << xs[i] << ") = " << g << ", want " << want;
        if (want == 0 || std::isinf(want)) {
          EXPECT_EQ(std::bit_cast<uint32_t>(g), std::bit_cast<uint32_t>(want)) << f.name << "(" << xs[i] << ")";
        }
      }
    }
  }
  EXPECT_EQ(vmath::exp(88.72283f), std::exp(88.72283f));          // last finite: FLT_MAX region
  EXPECT_EQ(vmath::exp(88.722839f), kInf);                         // overflow
  EXPECT_EQ(vmath::exp(-103.0f), std::exp(-103.0f));               // subnormal result
  EXPECT_GT(vmath::exp(-103.0f), 0.0f);
  EXPECT_EQ(vmath::exp(-104.0f), 0.0f);                            // underflow
  EXPECT_EQ(vmath::log(0.0f), -kInf);
  EXPECT_EQ(vmath::log(-0.0f), -kInf);
  EXPECT_TRUE(std::isnan(vmath::log(-1.0f)));
  EXPECT_EQ(vmath::log(denorm), std::log(denorm));
  EXPECT_EQ(vmath::log1p(-1.0f), -kInf);
  EXPECT_TRUE(std::isnan(vmath::log1p(-2.0f)));
  EXPECT_EQ(vmath::expm1(-kInf), -1.0f);
  EXPECT_EQ(vmath::tanh(kInf), 1.0f);
  EXPECT_EQ(vmath::tanh(-kInf), -1.0f);
  EXPECT_TRUE(std::signbit(vmath::tanh(-0.0f)));
  EXPECT_TRUE(std::signbit(vmath::expm1(-0.0f)));
  EXPECT_TRUE(std::signbit(vmath::log1p(-0.0f)));
  EXPECT_EQ(vmath::sigmoid(kInf), 1.0f);
  EXPECT_EQ(vmath::sigmoid(-kInf), 0.0f);
  EXPECT_EQ(vmath::sigmoid(0.0f), 0.5f);
  EXPECT_EQ(vmath::sigmoid(-88.72283935546875f), 0.0f);           // float exp(88.7228...) = inf
  EXPECT_GT(vmath::sigmoid(-88.72283172607421875f), 0.0f);         // a subnormal result
  EXPECT_EQ(vmath::sigmoid(-88.0f), float(1.0 / (1.0 + std::exp(88.0))));
}

// The contiguous (vectorised) kernel, the strided loop, 0-dim tensors and
// the scalar function give the same bits.
TEST(TorchVmath, SameBitsOnEveryPath) {
  std::vector<float> xs;
  for (int i = 0; i < 20000; ++i) xs.push_back(float(std::ldexp(double(i % 997) - 498.0, -(i % 9))) * 0.37f);
  for (float v : {0.0f, -0.0f, kInf, -kInf, kNaN, 1e-40f, -1e-40f, 88.9f, -105.0f}) xs.push_back(v);
  // 2n elements: the even ones (a strided view) and a contiguous copy of them.
  std::vector<float> twice;
  for (float v : xs) {
    twice.push_back(v);
    twice.push_back(1.0f);
  }
  Tensor base = from(twice);
  Tensor strided = slice(base, 0, 0, int64_t(twice.size()), 2);
  ASSERT_NE(strided.strides[0], 1);
  for (const Fn& f : kFns) {
    Tensor a = unary(f.op, from(xs));
    Tensor b = unary(f.op, strided);
    for (size_t i = 0; i < xs.size(); ++i) {
      uint32_t scalar = std::bit_cast<uint32_t>(f.vm(xs[i]));
      EXPECT_EQ(std::bit_cast<uint32_t>(a.data<float>()[i]), scalar) << f.name << "(" << xs[i] << ") contiguous";
      EXPECT_EQ(std::bit_cast<uint32_t>(b.data<float>()[i]), scalar)
          << f.name << "(" << xs[i] << ") strided";
    }
    for (size_t i = 0; i < xs.size(); i += 1777) {
      Tensor z = empty(Shape(), DType::Float32);
      *z.data<float>() = xs[i];
      Tensor r = unary(f.op, z);
      EXPECT_EQ(std::bit_cast<uint32_t>(*r.data<float>()), std::bit_cast<uint32_t>(f.vm(xs[i]))) << f.name << " 0-dim";
    }
  }
}

}  // namespace
}  // namespace kiln::torch
