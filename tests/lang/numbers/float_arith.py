# Float arithmetic and the shortest round-tripping repr.
print(0.1 + 0.2, 0.3 - 0.1, 0.1 * 3, 1 / 3, 2 / 3, 10 / 3)
print(1.1 + 2.2, 3.3 * 3, 100 * 1.1, 0.7 + 0.1, 0.1 + 0.7)
print(1e16 + 1, 1e16 + 2, 2 ** 53 + 1.0, 1e-300 * 1e-300)
print(1.5 + 2, 3 - 0.5, 2 * 0.25, 7 / 2.0, 1 + True * 0.5)
print(-1.5, abs(-1.5), -(-2.0), 0.0 == -0.0, str(-0.0))
x = 0.0
for i in range(10):
    x += 0.1
print(x, x == 1.0, round(x, 10) == 1.0)
print(3.0 == 3, 3.5 > 3, 2 < 2.5, 1e308 * 10 > 1e308)
print(float(10), float("3.25"), float(2 ** 53), float(-7))
vals = [1.0, 1.5, 123.456, 1e-10, 1.0e22, 1e21, 1e-7, 123456789.123, 0.000001]
for v in vals:
    print(v, repr(v), str(v), v * 2, v / 4)
print(sum([0.1] * 10), 0.1 * 10)
