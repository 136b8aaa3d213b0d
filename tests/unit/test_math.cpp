// Unit tests for the numerics of the `math` module (stdlib/math_kernels.h).
// Every expected value was printed by CPython 3.11 (float.hex()), so these
// check bit-for-bit agreement, not closeness.

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <limits>
#include <vector>

#include "stdlib/math_kernels.h"

namespace mk = kiln::vm::mathk;

namespace {

struct Pair {
  double x, expected;
};

void expect_bits(double got, double want, const char* what, double x) {
  EXPECT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want))
      << what << "(" << x << "): got " << std::hexfloat << got << " want " << want;
}

}  // namespace

TEST(MathKernels, GammaMatchesCPython) {
  const Pair cases[] = {
      {0.5, 0x1.c5bf891b4ef6ap+0},     {1.5, 0x1.c5bf891b4ef6bp-1},    {2.5, 0x1.544fa6d47b391p+0},
      {5.0, 0x1.8000000000000p+4},     {10.1, 0x1.bc1a30179e72ep+18},  {30.7, 0x1.2ca7852c64e3dp+106},
      {100.25, 0x1.b7d035f47bc47p+519}, {171.5, 0x1.0e1863dcad78ap+1023}, {-0.5, -0x1.c5bf891b4ef6bp+1},
      {-1.5, 0x1.2e7fb0bcdf4f1p+1},    {-2.5, -0x1.e3ff812e32181p-1},  {-10.3, -0x1.1a855ea0eea18p-21},
      {-150.7, -0x1.05b7b6a5f7681p-876}, {1e-30, 0x1.93e5939a08ce9p+99}, {7.75, 0x1.7e3a535289735p+11},
      {140.5, 0x1.5d2232bafc8e8p+797}, {150.5, 0x1.2f26c34c6c255p+869}, {3.2, 0x1.364480377a48ep+1},
  };
  for (const Pair& c : cases) {
    errno = 0;
    expect_bits(mk::m_tgamma(c.x), c.expected, "gamma", c.x);
    EXPECT_EQ(errno, 0) << c.x;
  }
}

TEST(MathKernels, GammaErrors) {
  double r;
  EXPECT_EQ(mk::math_1a(0.0, mk::m_tgamma, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1a(-1.0, mk::m_tgamma, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1a(200.5, mk::m_tgamma, &r), mk::MathErr::Range);
  EXPECT_EQ(mk::math_1a(-200.5, mk::m_tgamma, &r), mk::MathErr::None);
  EXPECT_EQ(std::bit_cast<uint64_t>(r), std::bit_cast<uint64_t>(-0.0));
  EXPECT_EQ(mk::math_1a(0.0, mk::m_lgamma, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1a(-3.0, mk::m_lgamma, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1a(std::numeric_limits<double>::infinity(), mk::m_lgamma, &r), mk::MathErr::None);
}

TEST(MathKernels, LgammaMatchesCPython) {
  const Pair cases[] = {
      {0.5, 0x1.250d048e7a1c0p-1},      {1.5, -0x1.eeb95b094c1a0p-4},      {2.5, 0x1.2383e809a67f0p-2},
      {3.0, 0x1.62e42fefa39ecp-1},      {10.1, 0x1.a0e17fc1463fep+3},      {100.5, 0x1.696f7f9481308p+8},
      {1000.25, 0x1.712f2802c64fcp+12}, {1e10, 0x1.9a43710f467c1p+37},     {-0.5, 0x1.43f89a3f0edd4p+0},
      {-2.5, -0x1.ccbf9f5ed0f60p-5},    {-10.3, -0x1.cea3f76b8a358p+3},    {1e-30, 0x1.144f69ff9ffc4p+6},
      {7.75, 0x1.00d08e2072be8p+3},     {2.0000001, 0x1.6b2b442000000p-25},
  };
  for (const Pair& c : cases) expect_bits(mk::m_lgamma(c.x), c.expected, "lgamma", c.x);
}

TEST(MathKernels, HypotMatchesCPython) {
  struct Case {
    std::vector<double> v;
    double expected;
  };
  std::vector<double> range20;
  for (int i = 0; i < 20; i++) range20.push_back(i);
  const Case cases[] = {
      {{3, 4}, 0x1.4000000000000p+2},
      {{1, 1}, 0x1.6a09e667f3bcdp+0},
      {{1e308, 1e308}, 0x1.92c80954c51f5p+1023},
      {{1e-320, 1e-320}, 0x0.0000000000b2ep-1022},
      {{0.1, 0.2, 0.3}, 0x1.7f254dab9cc3ap-2},
      {range20, 0x1.8d97bee3631dfp+5},
      {{1.5, 2.5, 3.5, 4.5}, 0x1.99ccc999fff00p+2},
      {{5e-324, 5e-324}, 0x0.0000000000001p-1022},
  };
  for (const Case& c : cases) {
    double max = 0;
    for (double x : c.v) max = std::max(max, std::fabs(x));
    expect_bits(mk::vector_norm(c.v.size(), c.v.data(), max, false), c.expected, "hypot", c.v[0]);
  }
  double inf = std::numeric_limits<double>::infinity();
  double v[2] = {inf, 1};
  EXPECT_TRUE(std::isinf(mk::vector_norm(2, v, inf, true)));  // inf wins over nan, as in CPython
  EXPECT_TRUE(std::isnan(mk::vector_norm(2, v, 1, true)));
}

TEST(MathKernels, FsumMatchesCPython) {
  struct Case {
    std::vector<double> v;
    double expected;
  };
  const Case cases[] = {
      {std::vector<double>(10, 0.1), 0x1.0000000000000p+0},
      {{1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50}, 0x1.bff2ee48e0530p-333},
      {{1e16, 1., 1e-16}, 0x1.1c37937e08001p+53},
      {{1e-16, 1., 1e16}, 0x1.1c37937e08001p+53},
      {{0.3, 0.1, 0.2, -0.6}, 0x1.0000000000000p-55},
      {{0x1p53, 1.0, 0x1p-53}, 0x1.0000000000001p+53},
      {{}, 0.0},
  };
  for (const Case& c : cases) {
    mk::Fsum acc;
    for (double x : c.v) ASSERT_TRUE(acc.add(x));
    double r;
    ASSERT_EQ(acc.result(&r), mk::Fsum::Status::Ok);
    expect_bits(r, c.expected, "fsum", c.v.empty() ? 0.0 : c.v[0]);
  }
  mk::Fsum overflow;
  EXPECT_TRUE(overflow.add(1e308));
  EXPECT_FALSE(overflow.add(1e308));
  mk::Fsum infs;
  double inf = std::numeric_limits<double>::infinity(), r;
  EXPECT_TRUE(infs.add(inf));
  EXPECT_TRUE(infs.add(-inf));
  EXPECT_EQ(infs.result(&r), mk::Fsum::Status::InfMinusInf);
  mk::Fsum one_inf;
  EXPECT_TRUE(one_inf.add(inf));
  EXPECT_TRUE(one_inf.add(1.0));
  EXPECT_EQ(one_inf.result(&r), mk::Fsum::Status::Ok);
  EXPECT_EQ(r, inf);
}

TEST(MathKernels, RemainderMatchesCPython) {
  struct Case {
    double x, y, expected;
  };
  const Case cases[] = {
      {5, 2, 0x1.0000000000000p+0},       {7, 2, -0x1.0000000000000p+0},    {-7, 2, 0x1.0000000000000p+0},
      {1e300, 3.3, 0x1.60f80f052ca58p-1}, {6.5, 1.0, 0x1.0000000000000p-1}, {7.5, 1.0, -0x1.0000000000000p-1},
      {0.1, 0.03, 0x1.47ae147ae1480p-7},
  };
  for (const Case& c : cases) expect_bits(mk::m_remainder(c.x, c.y), c.expected, "remainder", c.x);
  double r;
  EXPECT_EQ(mk::math_2(1, 0, mk::m_remainder, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_2(std::numeric_limits<double>::infinity(), 1, mk::m_remainder, &r), mk::MathErr::Domain);
}

TEST(MathKernels, LibmWrappersAndErrors) {
  double r;
  // The values CPython prints come from the same glibc functions.
  EXPECT_EQ(mk::math_1(27.0, [](double x) { return std::cbrt(x); }, false, &r), mk::MathErr::None);
  expect_bits(r, 0x1.8000000000001p+1, "cbrt", 27.0);
  expect_bits(mk::m_atan2(1, -1), 0x1.2d97c7f3321d2p+1, "atan2", 1);
  expect_bits(mk::m_log2(10), 0x1.a934f0979a371p+1, "log2", 10);
  expect_bits(mk::m_log10(2), 0x1.34413509f79ffp-2, "log10", 2);
  expect_bits(mk::m_log1p(1e-10), 0x1.b7cdfd9d1d693p-34, "log1p", 1e-10);
  expect_bits(mk::m_log(1000) / mk::m_log(10), 0x1.7ffffffffffffp+1, "log(1000, 10)", 1000);

  EXPECT_EQ(mk::math_1(-1.0, [](double x) { return std::sqrt(x); }, false, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1(1000.0, [](double x) { return std::exp(x); }, true, &r), mk::MathErr::Range);
  EXPECT_EQ(mk::math_1(-1000.0, [](double x) { return std::exp(x); }, true, &r), mk::MathErr::None);
  EXPECT_EQ(r, 0.0);
  EXPECT_EQ(mk::math_1(-1.0, mk::m_log1p, false, &r), mk::MathErr::Domain);  // singularity: ValueError
  EXPECT_EQ(mk::math_1(0.0, mk::m_log, false, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::math_1(1.0, [](double x) { return std::atanh(x); }, false, &r), mk::MathErr::Domain);

  EXPECT_EQ(mk::pow(0, -1, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::pow(-1, 0.5, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::pow(10, 1000, &r), mk::MathErr::Range);
  EXPECT_EQ(mk::pow(std::nan(""), 0, &r), mk::MathErr::None);
  EXPECT_EQ(r, 1.0);
  EXPECT_EQ(mk::pow(-std::numeric_limits<double>::infinity(), 3, &r), mk::MathErr::None);
  EXPECT_EQ(r, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(mk::fmod(1, 0, &r), mk::MathErr::Domain);
  EXPECT_EQ(mk::fmod(-7, 3, &r), mk::MathErr::None);
  EXPECT_EQ(r, -1.0);
  EXPECT_EQ(mk::fmod(5, std::numeric_limits<double>::infinity(), &r), mk::MathErr::None);
  EXPECT_EQ(r, 5.0);
  EXPECT_EQ(mk::ldexp(1, 5000, &r), mk::MathErr::Range);
  EXPECT_EQ(mk::ldexp(0.5, 4, &r), mk::MathErr::None);
  EXPECT_EQ(r, 8.0);
  EXPECT_EQ(mk::ldexp(1, INT64_MIN, &r), mk::MathErr::None);
  EXPECT_EQ(r, 0.0);
  expect_bits(mk::ulp(1e300), 0x1.0000000000000p+944, "ulp", 1e300);
  expect_bits(mk::ulp(1.0), 0x1p-52, "ulp", 1.0);
  expect_bits(mk::nextafter(1, 0), 0x1.fffffffffffffp-1, "nextafter", 1);
}

TEST(MathKernels, IntegerFunctions) {
  EXPECT_EQ(mk::isqrt(0), 0u);
  EXPECT_EQ(mk::isqrt(99), 9u);
  EXPECT_EQ(mk::isqrt(100), 10u);
  EXPECT_EQ(mk::isqrt(1000000000000000000ull), 1000000000u);
  EXPECT_EQ(mk::isqrt(uint64_t(INT64_MAX)), 3037000499u);
  EXPECT_EQ(mk::isqrt(UINT64_MAX), 4294967295u);

  int64_t r;
  ASSERT_TRUE(mk::factorial(20, &r));
  EXPECT_EQ(r, 2432902008176640000);
  EXPECT_FALSE(mk::factorial(21, &r));
  ASSERT_TRUE(mk::factorial(0, &r));
  EXPECT_EQ(r, 1);

  ASSERT_TRUE(mk::comb(62, 31, &r));
  EXPECT_EQ(r, 465428353255261088);
  EXPECT_FALSE(mk::comb(67, 33, &r));  // 14226520737620288370 > 2**63-1
  ASSERT_TRUE(mk::comb(5, 6, &r));
  EXPECT_EQ(r, 0);
  ASSERT_TRUE(mk::comb(INT64_MAX, 1, &r));
  EXPECT_EQ(r, INT64_MAX);
  ASSERT_TRUE(mk::comb(INT64_MAX, INT64_MAX, &r));
  EXPECT_EQ(r, 1);
  EXPECT_FALSE(mk::comb(int64_t(1) << 62, 2, &r));
  ASSERT_TRUE(mk::perm(20, 10, &r));
  EXPECT_EQ(r, 670442572800);
  ASSERT_TRUE(mk::perm(20, 20, &r));
  EXPECT_EQ(r, 2432902008176640000);
  EXPECT_FALSE(mk::perm(21, 21, &r));
  ASSERT_TRUE(mk::perm(5, 6, &r));
  EXPECT_EQ(r, 0);

  EXPECT_EQ(mk::gcd(mk::uabs(-4), 6), 2u);
  EXPECT_EQ(mk::gcd(mk::uabs(INT64_MIN), 0), uint64_t(1) << 63);
}
