// stdlib/torch/vmath.h — exp, expm1, log, log1p, tanh and sigmoid of float32
// written so that GCC vectorises a loop over them.
//
// Why: glibc's expf is accurate and fast for one value, but it is an opaque
// call (and a table lookup), so `for (k) o[k] = std::exp(a[k])` runs one
// element at a time: torch.exp on 1M float32 took 2x PyTorch's time, which
// calls Sleef's AVX2 expf (1.0 ulp). The functions here are plain inline
// arithmetic: no branches, no tables, no calls, only operations every SIMD
// level has (add, mul, div, compare-and-select, 64-bit integer shift and add),
// so the contiguous loops of elementwise.cpp vectorise — compiled once for
// x86-64-v3 (AVX2 + FMA) and once for baseline x86-64 (`target_clones`; the build has no -march).
//
// How (all but tanh): a float32 argument is widened to double and the
// function computed in double, then rounded to float once. Double arithmetic leaves 29 spare bits,
// so short polynomials and naive formulas (sigmoid = 1 / (1 + exp(-x)))
// stay accurate, and float32's awkward ranges
// cost nothing: subnormal float inputs are normal doubles, subnormal results
// (exp(-100)) come out of the final rounding correctly, and a result beyond
// FLT_MAX rounds to inf there. Measured over all 2^32 float32 inputs against
// double libm (the loop of tests/unit/test_torch_vmath.cpp with step 1, run
// by hand; the test itself sweeps every 251st input): every result within
// 1 ulp of the correctly rounded one, and nearly all correctly rounded:
//
//   function  not correctly rounded   max error vs exact
//   exp       1.4e-5 of inputs        0.5013 ulp
//   expm1     4.8e-5                  0.5051 ulp
//   log       4.2e-7                  0.5002 ulp
//   log1p     6.9e-7                  0.5002 ulp
//   tanh      1.4e-3                  0.8763 ulp   (float32 arithmetic, below)
//   sigmoid   6.8e-6                  0.5013 ulp
//
// (PyTorch's Sleef kernels promise 1.0 ulp; glibc's expf about 0.5.)
//
// tanh is computed in float32 arithmetic with fused multiply-adds instead:
// the double sequence (0.5035 ulp) cost tier 1 twice the time, and tanh is
// the GELU of every transformer. Measured over every positive finite float
// (odd: tanh(-x) = -tanh(x) bit for bit): max error 0.8763 ulp, within the
// 1 ulp PyTorch's vectorised tanh (Sleef's tanhf_u10) promises.
//   a = |x| < 0.55: a + a^3 S(a^2), S a degree-5 fit of (tanh a - a) / a^3
//         (error 2^-30), evaluated by Horner's rule in FMAs.
//   a >= 0.55 (results from 1/2): 1 - 2 / d with d = e^(2a) + 1 =
//         2^n (1 + p) + 1, p = e^r - 1 by the reduction and polynomial of
//         tier 1's --fast-math exp (n = round(2a log2 e), r from a two-part
//         ln2). d's rounding error is recovered exactly (Fast2Sum, as 2^n p
//         is exact), the division's remainder exactly by an FMA, and one
//         correction step folds both in: 2 / (d + dlo) = q0 + e q0 / 2.
//   a >= 9.1: 1 (tanh 9.1 rounds to 1).
// Every FMA is spelled std::fma and nothing else may be contracted (the
// build passes -ffp-contract=off), so tier 1 (jit/asmjit_backend.cpp,
// tanh_f32) emits the same operations and gets the same bits; the row
// kernels are cloned for x86-64-v3 (AVX2 + FMA), and the baseline clone's
// std::fma is glibc's exact fmaf.
//
//   exp:  2^t with t = x·log2(e). n = round(t) by the 1.5·2^52 shifter (the
//         integer lands in the low bits of the sum; no vector float->int
//         conversion is needed, which AVX2 lacks for 64-bit), r = t - n is
//         exact, |r| <= 1/2. 2^r - 1 = r·q(r) with q a degree-6 Chebyshev fit
//         (relative error 2^-32), by Horner's rule in FMAs; 2^n is built by
//         shifting n into the exponent field, and 2^n (1 + p) is one FMA
//         (fma(2^n, p, 2^n); expm1: fma(2^n, p, 2^n - 1)). t's own rounding
//         costs |t|·2^-53, harmless here. (Until the FMAs, each Horner step
//         rounded twice: the same errors over all inputs, and 1.25x the time.)
//   log:  x = 2^k·m, m in [sqrt(1/2), sqrt(2)) by integer operations on the
//         bits (k recovered as a double by the 2^52 trick), then
//         log(m) = 2s + s^3·h(s^2), s = (m-1)/(m+1), h a degree-3 fit
//         (relative error 2^-35).
//   sigmoid, expm1, log1p: from the two cores above; tiny arguments
//         take their short Taylor forms (which also keep the sign of -0).
//
// Special values follow glibc and PyTorch: NaN in, NaN out; exp(+inf) = inf,
// exp(-inf) = 0, overflow gives inf and underflow 0 (through subnormals);
// log(0) = -inf, log(x < 0) = NaN, log(inf) = inf; tanh(±inf) = ±1;
// sigmoid(+inf) = 1, sigmoid(-inf) = 0, and sigmoid(x) = 0 from the x where
// float exp(-x) overflows (PyTorch computes 1 / (1 + inf) there);
// expm1(-inf) = -1; log1p(-1) = -inf.
//
// The double overloads call libm (no double-precision vector code here: a
// double result would need the careful hi/lo reductions these avoid).
//
// Results do not depend on the SIMD level: every operation is a correctly
// rounded IEEE operation (std::fma included), and no clone may contract
// a·b + c into an FMA (-ffp-contract=off), so the vector loop, its scalar
// tail, the strided loop and a 0-dim tensor agree bit for bit.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace kiln::torch::vmath {

namespace detail {

constexpr double kLog2e = 1.4426950408889634074;
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// 2^r - 1 for |r| <= 1/2, relative error below 2^-32.
inline double exp2m1_reduced(double r) {
  double q = 1.5297323760701074e-05;
  q = std::fma(q, r, 1.5461444698569129e-04);
  q = std::fma(q, r, 1.3333502386162771e-03);
  q = std::fma(q, r, 9.6180566785246381e-03);
  q = std::fma(q, r, 5.5504108839096184e-02);
  q = std::fma(q, r, 2.4022650922288758e-01);
  q = std::fma(q, r, 6.9314718055994531e-01);
  return q * r;
}

// 2^t = scale * (1 + p) for |t| < 1000 (scale a normal double, 2^round(t)).
struct Exp2 {
  double scale, p;
};
inline Exp2 exp2_parts(double t) {
  constexpr double kShift = 0x1.8p52;
  double kd = t + kShift;                 // round(t) in the low mantissa bits
  uint64_t ki = std::bit_cast<uint64_t>(kd);
  kd -= kShift;                           // round(t) as a double
  double r = t - kd;                      // exact
  double scale = std::bit_cast<double>((ki << 52) + 0x3ff0000000000000ull);
  return {scale, exp2m1_reduced(r)};
}

// log(u) for a positive, finite, normal double u (others give garbage: the
// callers select their special values over it).
inline double log_positive(double u) {
  constexpr uint64_t kSqrtHalf = 0x3fe6a09e667f3bcdull;  // bits of sqrt(1/2)
  uint64_t b = std::bit_cast<uint64_t>(u) + (0x3ff0000000000000ull - kSqrtHalf);
  // k = biased exponent - 1023, converted exactly via 2^52 + e.
  double k = std::bit_cast<double>((b >> 52) | 0x4330000000000000ull) - (0x1p52 + 1023.0);
  double m = std::bit_cast<double>((b & 0x000fffffffffffffull) + kSqrtHalf);  // [sqrt(1/2), sqrt(2))
  double s = (m - 1.0) / (m + 1.0);
  double w = s * s;
  double h = 0.23330467216303836;
  h = h * w + 0.28550820815960663;
  h = h * w + 0.40000121839806127;
  h = h * w + 0.66666666554497092;
  return k * kLn2 + (2.0 * s + s * w * h);
}

// expm1 of a double argument of moderate size (|y| <= 200).
inline double expm1_moderate(double y) {
  Exp2 e = exp2_parts(y * kLog2e);
  return std::fma(e.scale, e.p, e.scale - 1.0);
}

}  // namespace detail

inline float exp(float x) {
  // Clamped in float (a float mask; no narrowing of double masks).
  x = x < -150.0f ? -150.0f : x;  // exp(-150) rounds to 0 in float; NaN passes
  x = x > 100.0f ? 100.0f : x;    // exp(100) rounds to inf in float
  double y = x;
  detail::Exp2 e = detail::exp2_parts(y * detail::kLog2e);
  return float(std::fma(e.scale, e.p, e.scale));
}

inline float expm1(float x) {
  double y = x;
  y = y < -120.0 ? -120.0 : y;
  y = y > 100.0 ? 100.0 : y;
  double r = detail::expm1_moderate(y);
  double ax = std::fabs(y);
  r = ax < 0x1p-20 ? y * (1.0 + 0.5 * y) : r;  // relative error y^2/6; keeps -0
  return float(r);
}

inline float log(float x) {
  double u = x;
  double r = detail::log_positive(u);
  r = u < 0.0 ? detail::kNaN : r;
  r = u == 0.0 ? -detail::kInf : r;
  r = u == detail::kInf ? detail::kInf : r;
  r = u != u ? u : r;
  return float(r);
}

inline float log1p(float x) {
  double y = x;
  double u = 1.0 + y;  // exact when |y| >= 2^-20 (y has 24 significant bits)
  double r = detail::log_positive(u);
  r = u < 0.0 ? detail::kNaN : r;
  r = u == 0.0 ? -detail::kInf : r;
  r = u == detail::kInf ? detail::kInf : r;
  r = std::fabs(y) < 0x1p-20 ? y * (1.0 - 0.5 * y) : r;  // relative error y^2/3; keeps -0
  r = y != y ? y : r;
  return float(r);
}

// tanh in float32 arithmetic with fused multiply-adds (see the header's
// essay): max error 0.87 ulp, which is within PyTorch's (Sleef's) 1 ulp.
namespace detail {
// e^r - 1 = r + r^2 P(r) for |r| <= ln2/2, P a degree-5 minimax fit.
inline constexpr float kExpP[6] = {0x1p-1f, 0x1.555554p-3f, 0x1.5554a4p-5f, 0x1.111194p-7f, 0x1.6d7fdep-10f, 0x1.a0339ep-13f};
// tanh a = a + a^3 S(a^2) for a < 0.55, S a degree-5 fit (error 2^-30).
inline constexpr float kTanhS[6] = {0x1.4b239ap-9f, -0x1.176410p-7f, 0x1.657936p-6f, -0x1.ba142ep-5f, 0x1.111104p-3f, -0x1.555556p-2f};
inline constexpr float kTanhSmall = 0.55f;  // tanh 0.55 = 0.5005: results above 1/2 take the exp form
inline constexpr float kTanhOne = 9.1f;     // tanh 9.1 rounds to 1
inline constexpr float kLn2HiF = 0x1.63p-1f;  // ln2's first 9 bits: n * kLn2HiF is exact
inline constexpr float kLn2LoF = float(0.69314718055994530942 - 0.693359375);
}  // namespace detail

inline float tanh(float x) {
  using namespace detail;
  float a = std::fabs(x);
  a = a > kTanhOne ? kTanhOne : a;  // NaN passes
  // a >= 0.55: 1 - 2 / d, d = e^(2a) + 1 = s (1 + p) + 1 with s = 2^n.
  float z = a + a;
  float n = (z * 1.44269504088896341f + 0x1.8p23f) - 0x1.8p23f;  // round(z log2 e), to nearest even
  float r = std::fma(-n, kLn2HiF, z);
  r = std::fma(-n, kLn2LoF, r);
  float p = kExpP[5];
  _Pragma("GCC unroll 8") for (int i = 4; i >= 0; i--) p = std::fma(p, r, kExpP[i]);
  p = p * r;
  p = std::fma(p, r, r);                                         // e^r - 1
  float s = std::bit_cast<float>((int32_t(n) + 127) << 23);      // 2^n, n in [0, 27]
  float s1 = s + 1.0f;                                           // exact
  float d = std::fma(s, p, s1);
  float dlo = std::fma(s, p, -(d - s1));                         // d's rounding error, exactly (Fast2Sum)
  float q0 = 2.0f / d;
  float e = std::fma(-q0, d, 2.0f);                              // the division's remainder, exact
  e = std::fma(-q0, dlo, e);
  float large = 1.0f - std::fma(e, q0 * 0.5f, q0);               // 1 - 2 / (d + dlo)
  // a < 0.55: the odd polynomial.
  float w = a * a;
  float q = kTanhS[0];
  _Pragma("GCC unroll 8") for (int i = 1; i < 6; i++) q = std::fma(q, w, kTanhS[i]);
  float small = std::fma(a * w, q, a);
  return std::copysign(a < kTanhSmall ? small : large, x);
}

// 1 / (1 + exp(-x)), and 0 where PyTorch's float exp(-x) overflows to inf
// (x <= -88.72283935546875), as PyTorch (and glibc's expf) give.
inline float sigmoid(float x) {
  float xc = x < -100.0f ? -100.0f : x;
  xc = xc > 100.0f ? 100.0f : xc;
  double z = -double(xc);
  detail::Exp2 e = detail::exp2_parts(z * detail::kLog2e);
  double r = 1.0 / (1.0 + std::fma(e.scale, e.p, e.scale));
  return x <= -0x1.62e43p6f ? 0.0f : float(r);
}

// Double arguments: libm (correctly rounded or nearly so), as before.
inline double exp(double x) { return std::exp(x); }
inline double expm1(double x) { return std::expm1(x); }
inline double log(double x) { return std::log(x); }
inline double log1p(double x) { return std::log1p(x); }
inline double tanh(double x) { return std::tanh(x); }
inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace kiln::torch::vmath
