# inf, -inf and nan: arithmetic, comparison, conversion.
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, repr(inf), str(-inf))
print(inf + 1, inf * 2, -inf * -1, inf - inf, inf * 0, 1 / inf, -1 / inf)
print(inf > 1e308, -inf < -1e308, inf == inf, nan == nan, nan != nan, nan < 1, nan > 1)
print(1e308 * 10, -1e308 * 10, 2.0 ** 1023 * 2)
print(float("Infinity"), float("-INF"), float("NaN"), float("+inf"))
print(max(1.0, inf), min(-inf, 0), sorted([3.0, -inf, inf, 0.0]))
print(inf in [inf], nan in [nan], [nan] == [nan])
x = nan
print(x is x, x == x)
print(round(inf) if False else "skip", abs(-inf), -nan != -nan)
try:
    int(inf)
except OverflowError as e:
    print("OverflowError:", e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    1.0 % 0.0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    round(inf)
except OverflowError as e:
    print("OverflowError:", e)
try:
    round(nan)
except ValueError as e:
    print("ValueError:", e)
try:
    10.0 ** 400
except OverflowError as e:
    print("OverflowError:", e)
