# exp/log/trig/hyperbolic functions, rounded so that results do not depend on
# the last bits of the platform's libm.
import math
def r(x):
    return round(x, 10)
print(r(math.exp(1)), r(math.exp(0)), r(math.exp(-1)), r(math.exp(10)))
print(r(math.log(math.e)), r(math.log(1)), r(math.log(100, 10)), r(math.log(8, 2)), r(math.log(10)))
print(r(math.log2(1024)), r(math.log2(10)), r(math.log10(1000)), r(math.log10(2)), r(math.log1p(1e-5)), r(math.expm1(1e-5)))
for deg in (0, 30, 45, 60, 90, 180):
    x = math.radians(deg)
    print(deg, r(math.sin(x)), r(math.cos(x)), r(math.tan(x)) if deg != 90 else "inf-ish")
print(r(math.asin(1)), r(math.acos(0)), r(math.atan(1)), r(math.atan2(1, 1)), r(math.atan2(-1, -1)), r(math.atan2(0, -1)))
print(r(math.sinh(1)), r(math.cosh(1)), r(math.tanh(1)), r(math.asinh(1)), r(math.acosh(2)), r(math.atanh(0.5)))
print(f"{math.sin(1):.12f} {math.cos(2):.12f} {math.exp(2.5):.9f}")
print(r(math.hypot(1, 1)), r(math.sqrt(3)), r(math.cbrt(27)) if hasattr(math, "cbrt") else 3.0)
print(r(math.erf(0.5)), r(math.erfc(0.5)), r(math.gamma(5)), r(math.lgamma(10)))
