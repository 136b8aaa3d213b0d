// stdlib/math_kernels.cpp — see math_kernels.h. These follow the algorithms
// of CPython 3.11's Modules/mathmodule.c (re-implemented, not copied) so that
// results agree to the last bit.

// The error-compensation tricks below (fsum, vector_norm, the gamma
// correction) rely on each operation being rounded separately: no fused
// multiply-adds, whatever -march the build uses.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include "stdlib/math_kernels.h"

#include <cerrno>
#include <cmath>
#include <limits>
#include <numeric>

namespace kiln::vm::mathk {

namespace {
constexpr double kPi = 3.141592653589793238462643383279502884197;
constexpr double kLogPi = 1.144729885849400174143427351353058711647;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Lanczos approximation, N = 13, g = 6.024680040776729583740234375 (the
// parameters Boost and CPython use), as a rational function.
constexpr int kLanczosN = 13;
constexpr double kLanczosG = 6.024680040776729583740234375;
constexpr double kLanczosGMinusHalf = 5.524680040776729583740234375;
constexpr double kLanczosNum[kLanczosN] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
// Denominator x*(x+1)*...*(x+11), expanded.
constexpr double kLanczosDen[kLanczosN] = {0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                           45995730.0, 13339535.0, 2637558.0,   357423.0,    32670.0,
                                           1925.0,     66.0,       1.0};
// Gamma at the integers 1..23 (exact in a double).
constexpr int kGammaIntegral = 23;
constexpr double kGammaTable[kGammaIntegral] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0, 39916800.0,
    479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0, 20922789888000.0,
    355687428096000.0, 6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
    51090942171709440000.0, 1124000727777607680000.0};

double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  // For large x evaluate as a rational function of 1/x to avoid overflow.
  if (x < 5.0) {
    for (int i = kLanczosN - 1; i >= 0; i--) {
      num = num * x + kLanczosNum[i];
      den = den * x + kLanczosDen[i];
    }
  } else {
    for (int i = 0; i < kLanczosN; i++) {
      num = num / x + kLanczosNum[i];
      den = den / x + kLanczosDen[i];
    }
  }
  return num / den;
}
}  // namespace

MathErr classify_errno(double r, int err) {
  if (err == EDOM) return MathErr::Domain;
  if (err == ERANGE) {
    // Underflow (a result near zero, or expm1 near -1) is not an error.
    return std::fabs(r) < 1.5 ? MathErr::None : MathErr::Range;
  }
  return err ? MathErr::Domain : MathErr::None;
}

MathErr math_1(double x, double (*f)(double), bool can_overflow, double* out) {
  errno = 0;
  double r = f(x);
  *out = r;
  if (std::isnan(r) && !std::isnan(x)) return MathErr::Domain;
  if (std::isinf(r) && std::isfinite(x)) return can_overflow ? MathErr::Range : MathErr::Domain;
  if (std::isfinite(r) && errno) return classify_errno(r, errno);
  return MathErr::None;
}

MathErr math_1a(double x, double (*f)(double), double* out) {
  errno = 0;
  double r = f(x);
  *out = r;
  return errno ? classify_errno(r, errno) : MathErr::None;
}

MathErr math_2(double x, double y, double (*f)(double, double), double* out) {
  double r = f(x, y);
  *out = r;
  if (std::isnan(r)) return (!std::isnan(x) && !std::isnan(y)) ? MathErr::Domain : MathErr::None;
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) return classify_errno(r, ERANGE);
  return MathErr::None;
}

double m_sinpi(double x) {
  // sin(pi*x), exact at the integers and half-integers (for gamma's reflection).
  double y = std::fmod(std::fabs(x), 2.0);
  int n = int(std::round(2.0 * y));
  double r;
  switch (n) {
    case 0: r = std::sin(kPi * y); break;
    case 1: r = std::cos(kPi * (y - 0.5)); break;
    case 2: r = std::sin(kPi * (1.0 - y)); break;  // not -sin(pi*(y-1)): keeps +0.0 at y == 1
    case 3: r = -std::cos(kPi * (y - 1.5)); break;
    default: r = std::sin(kPi * (y - 2.0)); break;
  }
  return std::copysign(1.0, x) * r;
}

double m_tgamma(double x) {
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return kNaN;
  }
  if (x == 0.0) {
    errno = EDOM;
    return std::copysign(kInf, x);
  }
  if (x == std::floor(x)) {
    if (x < 0.0) {
      errno = EDOM;
      return kNaN;
    }
    if (x <= kGammaIntegral) return kGammaTable[int(x) - 1];
  }
  double absx = std::fabs(x);
  if (absx < 1e-20) {
    double r = 1.0 / x;
    if (std::isinf(r)) errno = ERANGE;
    return r;
  }
  if (absx > 200.0) {
    if (x < 0.0) return 0.0 / m_sinpi(x);
    errno = ERANGE;
    return kInf;
  }
  double y = absx + kLanczosGMinusHalf;
  // z: the rounding error made computing y, scaled (the correction factor).
  double z;
  if (absx > kLanczosGMinusHalf) {
    double q = y - absx;
    z = q - kLanczosGMinusHalf;
  } else {
    double q = y - kLanczosGMinusHalf;
    z = q - absx;
  }
  z = z * kLanczosG / y;
  double r;
  if (x < 0.0) {
    r = -kPi / m_sinpi(absx) / absx * std::exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= std::pow(y, absx - 0.5);
    } else {
      double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / std::exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= std::pow(y, absx - 0.5);
    } else {
      double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

double m_lgamma(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? x : kInf;
  if (x == std::floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      errno = EDOM;
      return kInf;
    }
    return 0.0;
  }
  double absx = std::fabs(x);
  if (absx < 1e-20) return -std::log(absx);
  double r = std::log(lanczos_sum(absx)) - kLanczosG;
  r += (absx - 0.5) * (std::log(absx + kLanczosG - 0.5) - 1);
  if (x < 0.0) r = kLogPi - std::log(std::fabs(m_sinpi(absx))) - std::log(absx) - r;
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

double m_remainder(double x, double y) {
  if (std::isfinite(x) && std::isfinite(y)) {
    if (y == 0.0) return kNaN;
    double absx = std::fabs(x), absy = std::fabs(y);
    double m = std::fmod(absx, absy);
    // Compare m with absy - m rather than with 0.5*absy, which may be inexact.
    double c = absy - m;
    double r;
    if (m < c) {
      r = m;
    } else if (m > c) {
      r = -c;
    } else {
      // Exactly half-way: choose the even multiple.
      r = m - 2.0 * std::fmod(0.5 * (absx - m), absy);
    }
    return std::copysign(1.0, x) * r;
  }
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  if (std::isinf(x)) return kNaN;
  return x;  // y is infinite
}

double m_atan2(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return kNaN;
  if (std::isinf(y)) {
    if (std::isinf(x)) return std::copysign(std::copysign(1.0, x) == 1.0 ? 0.25 * kPi : 0.75 * kPi, y);
    return std::copysign(0.5 * kPi, y);
  }
  if (std::isinf(x) || y == 0.0) return std::copysign(std::copysign(1.0, x) == 1.0 ? 0.0 : kPi, y);
  return std::atan2(y, x);
}

namespace {
template <double (*F)(double)>
double log_like(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return F(x);
    errno = EDOM;
    return x == 0.0 ? -kInf : kNaN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return kNaN;
}
double libm_log(double x) { return std::log(x); }
double libm_log2(double x) { return std::log2(x); }
double libm_log10(double x) { return std::log10(x); }
}  // namespace

double m_log(double x) { return log_like<libm_log>(x); }
double m_log2(double x) { return log_like<libm_log2>(x); }
double m_log10(double x) { return log_like<libm_log10>(x); }
double m_log1p(double x) { return x == 0.0 ? x : std::log1p(x); }  // keeps the sign of zero

MathErr pow(double x, double y, double* out) {
  double r = 0.0;
  // IEEE special values first, so libm quirks never matter.
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isnan(x)) {
      r = y == 0.0 ? 1.0 : x;
    } else if (std::isnan(y)) {
      r = x == 1.0 ? 1.0 : y;
    } else if (std::isinf(x)) {
      bool odd_y = std::isfinite(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
      if (y > 0.0) r = odd_y ? x : std::fabs(x);
      else if (y == 0.0) r = 1.0;
      else r = odd_y ? std::copysign(0.0, x) : 0.0;
    } else {  // y infinite
      if (std::fabs(x) == 1.0) r = 1.0;
      else if (y > 0.0 && std::fabs(x) > 1.0) r = y;
      else if (y < 0.0 && std::fabs(x) < 1.0) r = -y;
      else r = 0.0;
    }
    *out = r;
    return MathErr::None;
  }
  r = std::pow(x, y);
  *out = r;
  if (std::isnan(r)) return MathErr::Domain;               // negative ** non-integer
  if (std::isinf(r)) return x == 0.0 ? MathErr::Domain : MathErr::Range;  // 0 ** negative, or overflow
  return MathErr::None;
}

MathErr fmod(double x, double y, double* out) {
  if (std::isinf(y) && std::isfinite(x)) {
    *out = x;
    return MathErr::None;
  }
  double r = std::fmod(x, y);
  *out = r;
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) return MathErr::Domain;
  return MathErr::None;
}

MathErr ldexp(double x, int64_t exp, double* out) {
  if (x == 0.0 || !std::isfinite(x)) {
    *out = x;
    return MathErr::None;
  }
  if (exp > std::numeric_limits<int>::max()) {
    *out = std::copysign(kInf, x);
    return MathErr::Range;
  }
  if (exp < std::numeric_limits<int>::min()) {
    *out = std::copysign(0.0, x);
    return MathErr::None;
  }
  double r = std::ldexp(x, int(exp));
  *out = r;
  return std::isinf(r) ? MathErr::Range : MathErr::None;
}

double vector_norm(size_t n, const double* vec, double max, bool found_nan) {
  const double T27 = 134217729.0;  // 2**27 + 1, the Veltkamp splitter
  if (std::isinf(max)) return max;
  if (found_nan) return kNaN;
  if (max == 0.0 || n <= 1) return max;
  int max_e;
  std::frexp(max, &max_e);
  double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  if (max_e >= -1023) {
    // Scale by a power of two so the largest element is in [0.5, 1).
    double scale = std::ldexp(1.0, -max_e);
    for (size_t i = 0; i < n; i++) {
      double x = vec[i] * scale;
      double t = x * T27;
      double hi = t - (t - x);
      double lo = x - hi;
      x = hi * hi;
      double oldcsum = csum;
      csum += x;
      frac1 += (oldcsum - csum) + x;
      x = 2.0 * hi * lo;
      oldcsum = csum;
      csum += x;
      frac2 += (oldcsum - csum) + x;
      frac3 += lo * lo;
    }
    double h = std::sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    // One differential correction of the square root.
    double x = h;
    double t = x * T27;
    double hi = t - (t - x);
    double lo = x - hi;
    x = -hi * hi;
    double oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  // Subnormal max: ldexp(1, -max_e) would overflow; divide by max instead.
  for (size_t i = 0; i < n; i++) {
    double x = vec[i] / max;
    x = x * x;
    double oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
  }
  return max * std::sqrt(csum - 1.0 + frac1);
}

bool Fsum::add(double x) {
  double xsave = x;
  size_t i = 0;
  for (size_t j = 0; j < partials_.size(); j++) {
    double y = partials_[j];
    if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
    volatile double hi = x + y;
    volatile double yr = hi - x;
    volatile double lo = y - yr;
    if (lo != 0.0) partials_[i++] = lo;
    x = hi;
  }
  partials_.resize(i);
  if (x != 0.0) {
    if (!std::isfinite(x)) {
      // Either an inf/nan summand, or an overflow of finite ones.
      if (std::isfinite(xsave)) return false;
      if (std::isinf(xsave)) inf_sum_ += xsave;
      special_sum_ += xsave;
      partials_.clear();
    } else {
      partials_.push_back(x);
    }
  }
  return true;
}

Fsum::Status Fsum::result(double* out) const {
  if (special_sum_ != 0.0) {
    if (std::isnan(inf_sum_)) return Status::InfMinusInf;
    *out = special_sum_;
    return Status::Ok;
  }
  volatile double hi = 0.0, lo = 0.0, yr;
  size_t n = partials_.size();
  if (n > 0) {
    hi = partials_[--n];
    // Sum from the top down until the sum becomes inexact.
    while (n > 0) {
      double x = hi;
      double y = partials_[--n];
      hi = x + y;
      yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Half-even rounding across several partials.
    if (n > 0 && ((lo < 0.0 && partials_[n - 1] < 0.0) || (lo > 0.0 && partials_[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  *out = hi;
  return Status::Ok;
}

uint64_t isqrt(uint64_t n) {
  if (n == 0) return 0;
  uint64_t r = uint64_t(std::sqrt(double(n)));
  // The double estimate is within one or two of the answer; fix it exactly.
  while (r > 0 && (unsigned __int128)r * r > n) r--;
  while ((unsigned __int128)(r + 1) * (r + 1) <= n) r++;
  return r;
}

bool factorial(int64_t n, int64_t* out) {
  if (n > 20) return false;
  int64_t r = 1;
  for (int64_t i = 2; i <= n; i++) r *= i;
  *out = r;
  return true;
}

bool comb(int64_t n, int64_t k, int64_t* out) {
  if (k > n) {
    *out = 0;
    return true;
  }
  if (k > n - k) k = n - k;
  // r = C(n-k+i, i) after step i: non-decreasing, so overflow is final.
  unsigned __int128 r = 1;
  for (int64_t i = 1; i <= k; i++) {
    r = r * uint64_t(n - k + i) / uint64_t(i);
    if (r > uint64_t(INT64_MAX)) return false;
  }
  *out = int64_t(r);
  return true;
}

bool perm(int64_t n, int64_t k, int64_t* out) {
  if (k > n) {
    *out = 0;
    return true;
  }
  int64_t r = 1;
  for (int64_t i = 0; i < k; i++)
    if (__builtin_mul_overflow(r, n - i, &r)) return false;
  *out = r;
  return true;
}

uint64_t gcd(uint64_t a, uint64_t b) { return std::gcd(a, b); }

double nextafter(double x, double y) { return std::nextafter(x, y); }

double ulp(double x) {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  double x2 = std::nextafter(x, kInf);
  if (std::isinf(x2)) return x - std::nextafter(x, -kInf);  // x is the largest finite double
  return x2 - x;
}

}  // namespace kiln::vm::mathk
