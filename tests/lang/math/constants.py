# The constants of the math module.
import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
print(math.pi == 3.141592653589793, math.tau == 2 * math.pi, math.isinf(math.inf), math.isnan(math.nan))
print(type(math.pi).__name__, f"{math.e:.5f}", round(math.pi, 3))
