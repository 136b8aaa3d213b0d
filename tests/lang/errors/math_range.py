# OverflowError from math.exp beyond the float range.
import math
for x in (1, 100, 1000):
    print(round(math.exp(x) / math.exp(x), 6))
