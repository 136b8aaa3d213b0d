# ** and pow() with ints, negatives, floats and three-argument pow.
print(2 ** 3, 2 ** -1, 2 ** -2, (-2) ** 3, (-2) ** -1, 0 ** 5)
print(2.0 ** 3, 4 ** 0.5, 8 ** (1 / 3), (-8) ** 2, 10 ** -3)
print(pow(2, 10), pow(2, 10, 1000), pow(3, 200, 1000000007), pow(-3, 3, 7), pow(5, -1, 7))
print(pow(2.5, 2), pow(9, 0.5), pow(1, 10 ** 18))
print(-2 ** 2, (-2) ** 2, 2 ** 3 ** 2, (2 ** 3) ** 2)
print(1.5 ** 2, 0.5 ** -2, 2 ** 62, -(2 ** 62) - 2 ** 62 == -9223372036854775807 - 1)
print(type(2 ** 2).__name__, type(2 ** -2).__name__, type(4 ** 0.5).__name__)
x = 3
x **= 4
print(x)
try:
    0 ** -1
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    pow(2, 3, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    0.0 ** -1
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
