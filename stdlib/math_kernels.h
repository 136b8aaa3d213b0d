// stdlib/math_kernels.h — the numerical algorithms behind the `math` module,
// free of any VM type so that they can be unit-tested on plain doubles and
// ints (tests/unit/test_math.cpp).
//
// Most `math` functions are the C library's, and since CPython calls the same
// glibc functions, calling them here gives the same bits. The functions below
// are the ones where CPython does *not* just call libm, and where Kiln must
// follow CPython's own algorithm to print the same digits:
//   * gamma / lgamma: Lanczos approximation (N=13, g≈6.0247) with the
//     reflection formula, special-cased exactly as CPython's m_tgamma/m_lgamma;
//   * hypot / dist: CPython's vector_norm (power-of-two scaling, Veltkamp-
//     Dekker squaring, compensated summation, one Newton correction of sqrt);
//   * fsum: Shewchuk/Hettinger exact partials with CPython's half-even fix-up;
//   * remainder, atan2, log/log2/log10 and pow wrappers handling IEEE special
//     values before libm sees them.
// Integer helpers (isqrt, comb, perm, factorial, gcd, lcm) are exact and
// report when a result leaves Kiln's 64-bit int range.
//
// Error reporting mirrors CPython's errno protocol: functions that can fail
// return a MathErr (Domain -> ValueError "math domain error", Range ->
// OverflowError "math range error").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kiln::vm::mathk {

enum class MathErr { None, Domain, Range };

// CPython's is_error(): classify a libm result given the errno it left.
MathErr classify_errno(double r, int err);

// Wraps a one-argument libm function as CPython's math_1: a NaN from a
// non-NaN input is a domain error; an infinity from a finite input is a
// range error if `can_overflow`, else a domain error (a singularity).
MathErr math_1(double x, double (*f)(double), bool can_overflow, double* out);
// Wraps a libm function that sets errno itself (CPython's math_1a).
MathErr math_1a(double x, double (*f)(double), double* out);
// Two-argument wrapper (CPython's math_2).
MathErr math_2(double x, double y, double (*f)(double, double), double* out);

double m_sinpi(double x);
double m_tgamma(double x);   // sets errno like CPython
double m_lgamma(double x);   // sets errno like CPython
double m_remainder(double x, double y);
double m_atan2(double y, double x);
double m_log(double x);      // sets errno EDOM for x <= 0
double m_log2(double x);
double m_log10(double x);
double m_log1p(double x);

MathErr pow(double x, double y, double* out);
MathErr fmod(double x, double y, double* out);
MathErr ldexp(double x, int64_t exp, double* out);

// sqrt(sum(x*x for x in vec)) as CPython's vector_norm. `max` is the largest
// |x| (inf if one is infinite); `found_nan` if any is NaN. vec holds |x|.
double vector_norm(size_t n, const double* vec, double max, bool found_nan);

// Exact float summation (math.fsum).
class Fsum {
 public:
  enum class Status { Ok, IntermediateOverflow, InfMinusInf };
  // Adds one term; false on intermediate overflow (then the sum is unusable).
  bool add(double x);
  Status result(double* out) const;

 private:
  std::vector<double> partials_;
  double special_sum_ = 0.0, inf_sum_ = 0.0;
};

// Integer square root of n >= 0.
uint64_t isqrt(uint64_t n);
// n! for 0 <= n; false if it does not fit in int64 (n > 20).
bool factorial(int64_t n, int64_t* out);
// C(n, k) / P(n, k) for n, k >= 0; false if the result does not fit in int64.
bool comb(int64_t n, int64_t k, int64_t* out);
bool perm(int64_t n, int64_t k, int64_t* out);
// |gcd(a, b)| as unsigned (gcd(INT64_MIN, 0) == 2**63 does not fit int64).
uint64_t gcd(uint64_t a, uint64_t b);
inline uint64_t uabs(int64_t v) { return v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v); }

// math.nextafter / math.ulp.
double nextafter(double x, double y);
double ulp(double x);

}  // namespace kiln::vm::mathk
