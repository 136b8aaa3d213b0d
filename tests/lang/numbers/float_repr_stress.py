# Shortest round-trip repr of many floats produced by exactly-rounded IEEE
# operations (+ - * / and sqrt), so every platform computes the same bits.
import math
import random
vals = []
for i in range(1, 60):
    vals.append(i / 7)
    vals.append(i * 0.1)
    vals.append(1 / i)
    vals.append(math.sqrt(i))
    vals.append(i / 3 * 1e10)
    vals.append(i / 9 * 1e-10)
for v in vals:
    print(repr(v), str(-v))
random.seed(1234)
for _ in range(40):
    x = random.random()
    print(x, x * 1e20, x * 1e-20, x * 12345.678)
for e in range(-30, 31, 3):
    print(float(f"1e{e}"), 2.0 ** e, float(f"1.5e{e}"), float(f"7e{e}") / 3)
print(0.1 + 0.7, 4.35 * 100, 1.1 * 1.1, 3 * 1.1, 0.57 * 100, 1e23, 2e-7, 5e-324 * 3)
