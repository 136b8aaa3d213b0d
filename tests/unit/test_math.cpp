// Unit tests for the numerics of the `math` module (stdlib/math_kernels.h).
// Every expected value was printed by CPython 3.11 (float.hex()), so these
// check bit-for-bit agreement, not closeness.

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <limits>
#include <vector>

#include "stdlib/math_kernels.h"
#include "stdlib_test_util.h"

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

// ---------------------------------------------------------------- the module, end to end
// Scripts run through kiln::Runtime; expected output printed by CPython 3.11.
namespace {
const kiln_test::ScriptCase kMathCases[] = {
    {"constants",
     "import math\n"
     "print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)\n"
     "print(type(math.pi).__name__, math.isnan(math.nan), math.isinf(math.inf), math.isfinite(1e308))\n",
     "3.141592653589793 2.718281828459045 6.283185307179586 inf -inf nan\n"
     "float True True True\n"},
    {"basic_float_functions",
     "import math\n"
     "print(math.sqrt(2), math.sqrt(16), math.exp(1), math.expm1(1e-10), math.exp2(0.5), math.cbrt(27))\n"
     "print(math.log(10), math.log(8, 2), math.log(100, 10), math.log2(10), math.log10(1000), math.log1p(1e-10))\n"
     "print(math.log(2**62), math.log10(10**18), math.log2(2**60), math.log(True, 2.0))\n"
     "print(math.sin(1), math.cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(1))\n"
     "print(math.atan2(1, -1), math.sinh(1), math.cosh(1), math.tanh(1), math.asinh(1), math.acosh(2), math.atanh(0.5))\n"
     "print(math.pow(2, 0.5), math.pow(2, 10), math.fabs(-3), math.fmod(-7, 3), math.copysign(3, -0.0), math.remainder(7, 2))\n"
     "print(math.degrees(math.pi), math.radians(180), math.hypot(3, 4), math.hypot(1, 2, 3), math.hypot(), math.dist((1, 2), (4, 6)))\n"
     "print(math.erf(0.5), math.erfc(10), math.gamma(0.5), math.gamma(5), math.lgamma(100.5), math.gamma(-1.5))\n"
     "print(math.modf(-2.5), math.frexp(8.0), math.frexp(0.0), math.ldexp(0.5, 4), math.nextafter(1, 2), math.ulp(1.0))\n",
     "1.4142135623730951 4.0 2.718281828459045 1.00000000005e-10 1.4142135623730951 3.0000000000000004\n"
     "2.302585092994046 3.0 2.0 3.321928094887362 3.0 9.999999999500001e-11\n"
     "42.97512519471661 18.0 60.0 0.0\n"
     "0.8414709848078965 0.5403023058681398 1.5574077246549023 0.5235987755982989 1.0471975511965979 0.7853981633974483\n"
     "2.356194490192345 1.1752011936438014 1.5430806348152437 0.7615941559557649 0.881373587019543 1.3169578969248166 0.5493061443340548\n"
     "1.4142135623730951 1024.0 3.0 -1.0 -3.0 -1.0\n"
     "180.0 3.141592653589793 5.0 3.7416573867739413 0.0 5.0\n"
     "0.5204998778130465 2.088487583762545e-45 1.7724538509055159 24.0 361.4355404677776 2.3632718012073544\n"
     "(-0.5, -2.0) (0.5, 4) (0.0, 0) 8.0 1.0000000000000002 2.220446049250313e-16\n"},
    {"rounding",
     "import math\n"
     "print(math.floor(-0.5), math.ceil(2.1), math.trunc(-2.7), math.floor(True), math.ceil(7), math.trunc(3))\n"
     "print(type(math.floor(2.5)).__name__, math.floor(-2**62 + 0.0), math.ceil(1e15 + 0.5))\n"
     "class Half:\n"
     "    def __floor__(self):\n"
     "        return 'floor!'\n"
     "    def __ceil__(self):\n"
     "        return 'ceil!'\n"
     "    def __trunc__(self):\n"
     "        return 'trunc!'\n"
     "    def __float__(self):\n"
     "        return 2.5\n"
     "print(math.floor(Half()), math.ceil(Half()), math.trunc(Half()), math.sqrt(Half()))\n",
     "-1 3 -2 1 7 3\n"
     "int -4611686018427387904 1000000000000001\n"
     "floor! ceil! trunc! 1.5811388300841898\n"},
    {"integers",
     "import math\n"
     "print(math.factorial(0), math.factorial(5), math.factorial(20))\n"
     "print(math.gcd(), math.gcd(12, 18), math.gcd(-4, 6, 10), math.lcm(), math.lcm(4, 6), math.lcm(0, 5), math.lcm(-3, 4))\n"
     "print(math.comb(10, 3), math.comb(62, 31), math.comb(5, 6), math.perm(5), math.perm(10, 3), math.perm(5, 6))\n"
     "print(math.isqrt(0), math.isqrt(99), math.isqrt(9223372036854775807))\n",
     "1 120 2432902008176640000\n"
     "0 6 2 1 12 0 12\n"
     "120 465428353255261088 0 120 720 0\n"
     "0 9 3037000499\n"},
    {"sums",
     "import math\n"
     "print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))\n"
     "print(math.fsum([]), math.fsum(range(10)), math.fsum(x / 7 for x in range(100)))\n"
     "print(math.prod([1, 2, 3, 4]), math.prod([1.5, 2, 3]), math.prod([]), math.prod([2, 3], start=10), math.prod([], start=2.5))\n"
     "print(math.isclose(1.0, 1.0000000001), math.isclose(1, 1.1), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(0, 1e-10, abs_tol=1e-9))\n"
     "print(math.isclose(a=1, b=1), math.isclose(math.inf, math.inf), math.isclose(math.nan, math.nan))\n",
     "1.0 0.9999999999999999 1e-100\n"
     "0.0 45.0 707.1428571428571\n"
     "24 9.0 1 60 2.5\n"
     "True False True True\n"
     "True True False\n"},
    {"errors",
     "import math\n"
     "def show(f):\n"
     "    try:\n"
     "        print(f())\n"
     "    except Exception as e:\n"
     "        print(type(e).__name__ + ':', e)\n"
     "show(lambda: math.sqrt(-1))\n"
     "show(lambda: math.sqrt('a'))\n"
     "show(lambda: math.log(0))\n"
     "show(lambda: math.log(-1.5))\n"
     "show(lambda: math.log(10, 1))\n"
     "show(lambda: math.factorial(-1))\n"
     "show(lambda: math.factorial(2.0))\n"
     "show(lambda: math.exp(1000))\n"
     "show(lambda: math.floor(float('inf')))\n"
     "show(lambda: math.floor(float('nan')))\n"
     "show(lambda: math.ceil('x'))\n"
     "show(lambda: math.trunc('x'))\n"
     "show(lambda: math.isqrt(-1))\n"
     "show(lambda: math.comb(-1, 2))\n"
     "show(lambda: math.comb(5, -1))\n"
     "show(lambda: math.gcd(1.5))\n"
     "show(lambda: math.fmod(1, 0))\n"
     "show(lambda: math.pow(0, -1))\n"
     "show(lambda: math.pow(10, 1000))\n"
     "show(lambda: math.ldexp(1, 5000))\n"
     "show(lambda: math.ldexp(1, 2.0))\n"
     "show(lambda: math.dist([1], [1, 2]))\n"
     "show(lambda: math.isclose(1, 2, rel_tol=-1))\n"
     "show(lambda: math.fsum([float('inf'), float('-inf')]))\n"
     "show(lambda: math.fsum([1e308, 1e308]))\n"
     "show(lambda: math.sqrt())\n"
     "show(lambda: math.sqrt(1, 2))\n"
     "show(lambda: math.log())\n"
     "show(lambda: math.pow(1))\n"
     "show(lambda: math.isclose(1))\n"
     "show(lambda: math.isclose(1, 2, 3))\n"
     "show(lambda: math.isclose(1, 2, foo=3))\n"
     "show(lambda: math.prod())\n"
     "show(lambda: math.prod([1], start=2, foo=1))\n"
     "show(lambda: math.gamma(0))\n"
     "show(lambda: math.acos(2))\n"
     "show(lambda: math.cosh(1000))\n"
     "show(lambda: math.sqrt(x=1))\n"
     "show(lambda: math.perm(1, 2, 3))\n"
     "show(lambda: math.perm())\n"
     "show(lambda: math.copysign(1))\n"
     "show(lambda: math.remainder(1, 0))\n"
     "show(lambda: math.frexp(None))\n"
     "show(lambda: math.fsum(1))\n",
     "ValueError: math domain error\n"
     "TypeError: must be real number, not str\n"
     "ValueError: math domain error\n"
     "ValueError: math domain error\n"
     "ZeroDivisionError: float division by zero\n"
     "ValueError: factorial() not defined for negative values\n"
     "TypeError: 'float' object cannot be interpreted as an integer\n"
     "OverflowError: math range error\n"
     "OverflowError: cannot convert float infinity to integer\n"
     "ValueError: cannot convert float NaN to integer\n"
     "TypeError: must be real number, not str\n"
     "TypeError: type str doesn't define __trunc__ method\n"
     "ValueError: isqrt() argument must be nonnegative\n"
     "ValueError: n must be a non-negative integer\n"
     "ValueError: k must be a non-negative integer\n"
     "TypeError: 'float' object cannot be interpreted as an integer\n"
     "ValueError: math domain error\n"
     "ValueError: math domain error\n"
     "OverflowError: math range error\n"
     "OverflowError: math range error\n"
     "TypeError: Expected an int as second argument to ldexp.\n"
     "ValueError: both points must have the same number of dimensions\n"
     "ValueError: tolerances must be non-negative\n"
     "ValueError: -inf + inf in fsum\n"
     "OverflowError: intermediate overflow in fsum\n"
     "TypeError: math.sqrt() takes exactly one argument (0 given)\n"
     "TypeError: math.sqrt() takes exactly one argument (2 given)\n"
     "TypeError: math.log requires 1 to 2 arguments\n"
     "TypeError: pow expected 2 arguments, got 1\n"
     "TypeError: isclose() missing required argument 'b' (pos 2)\n"
     "TypeError: isclose() takes exactly 2 positional arguments (3 given)\n"
     "TypeError: 'foo' is an invalid keyword argument for isclose()\n"
     "TypeError: prod() takes exactly 1 positional argument (0 given)\n"
     "TypeError: prod() takes at most 2 arguments (3 given)\n"
     "ValueError: math domain error\n"
     "ValueError: math domain error\n"
     "OverflowError: math range error\n"
     "TypeError: math.sqrt() takes no keyword arguments\n"
     "TypeError: perm expected at most 2 arguments, got 3\n"
     "TypeError: perm expected at least 1 argument, got 0\n"
     "TypeError: copysign expected 2 arguments, got 1\n"
     "ValueError: math domain error\n"
     "TypeError: must be real number, not NoneType\n"
     "TypeError: 'int' object is not iterable\n"},
};
}  // namespace

class MathModule : public ::testing::TestWithParam<kiln_test::ScriptCase> {};

TEST_P(MathModule, MatchesCPython) {
  const kiln_test::ScriptCase& c = GetParam();
  EXPECT_EQ(kiln_test::run_script(c.source), c.expected) << c.source;
}

INSTANTIATE_TEST_SUITE_P(Stdlib, MathModule, ::testing::ValuesIn(kMathCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(MathModuleKiln, ResultsBeyondInt64RaiseOverflowError) {
  // CPython returns big ints here; Kiln's ints are 64-bit.
  EXPECT_EQ(kiln_test::run_script("import math\n"
                                  "for f in (lambda: math.factorial(21), lambda: math.comb(68, 34),\n"
                                  "          lambda: math.perm(21, 21), lambda: math.floor(1e300),\n"
                                  "          lambda: math.lcm(2**40, 2**40 + 1), lambda: math.gcd(-2**63)):\n"
                                  "    try:\n"
                                  "        f()\n"
                                  "    except OverflowError:\n"
                                  "        print('OverflowError')\n"),
            "OverflowError\nOverflowError\nOverflowError\nOverflowError\nOverflowError\nOverflowError\n");
}
