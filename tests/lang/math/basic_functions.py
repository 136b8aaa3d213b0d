# Exactly-rounded math functions (results identical everywhere): sqrt, floor,
# ceil, trunc, fabs, copysign, fmod, modf, frexp, ldexp, hypot of exact cases.
import math
print(math.sqrt(16), math.sqrt(2), math.sqrt(0.25), math.sqrt(0), math.sqrt(1e10))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1), math.trunc(-2.9), math.trunc(2.9))
print(math.floor(5), math.ceil(5), type(math.floor(2.5)).__name__, math.floor(-0.5), math.ceil(-0.5))
print(math.fabs(-3), math.fabs(2.5), math.copysign(3, -0.0), math.copysign(-2, 1))
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7.5, 2), -7 % 3)
print(math.modf(3.75), math.modf(-2.5), math.frexp(8.0), math.frexp(0.1), math.ldexp(0.5, 4))
print(math.hypot(3, 4), math.hypot(5, 12), math.pow(2, 10), math.pow(4, 0.5), math.pow(2, -2))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1), math.isclose(1, 1.05, rel_tol=0.1), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.isfinite(1.0), math.isfinite(math.inf), math.isinf(-math.inf), math.isnan(0.0))
print(math.degrees(math.pi), math.radians(180) == math.pi, math.radians(90))
print(math.floor(1e15 + 0.5), math.ceil(-1e15 - 0.5))
