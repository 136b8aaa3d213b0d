# The integer functions of math: factorial, gcd, lcm, comb, perm, isqrt, prod.
import math
print([math.factorial(n) for n in range(8)], math.factorial(20))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.gcd(17, 5), math.gcd(0, 0))
print(math.comb(5, 2), math.comb(10, 0), math.comb(40, 20), math.perm(5, 2), math.perm(5))
print(math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(10 ** 18))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod(range(1, 11)), math.prod([1.5, 2]))
print(math.fsum([0.1] * 10), sum([0.1] * 10))
try:
    math.factorial(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    math.isqrt(-1)
except ValueError as e:
    print("ValueError:", e)
