# Numeric comparisons, chained comparisons and mixing ints and floats.
print(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, 1 == 1, 1 != 1)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1, 1 == 1 == 1.0, 1 < 2 > 0)
print(0 < 0.5 < 1, -1 < -0.5 <= -0.5, 2 ** 62 < 2.0 ** 63)
calls = []
def v(x):
    calls.append(x)
    return x
print(v(1) < v(0) < v(5))
print(calls)
calls.clear()
print(v(1) < v(2) < v(3) < v(4))
print(calls)
x = 5
print(0 < x < 10, 0 < x < 3, x == 5 != 4, 1 <= x <= 5)
print(9223372036854775807 > 9223372036854775806, -9223372036854775807 - 1 < 0)
print(9007199254740993 == 9007199254740992.0, 9007199254740993 > 9007199254740992.0)
print(True == 1, True > 0, False < True, True == 1.0)
print(0.1 + 0.2 > 0.3, 0.5 + 0.25 == 0.75)
print(max(3, 1, 2), min([4, 2, 8]), sorted([3, 1.5, -2, 0]))
try:
    1 < "2"
except TypeError as e:
    print("TypeError:", e)
try:
    None > 0
except TypeError as e:
    print("TypeError:", e)
print(1 == "1", None == 0, [] == 0)
