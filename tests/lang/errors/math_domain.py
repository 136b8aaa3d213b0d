# ValueError "math domain error" from math.sqrt of a negative number.
import math
for v in (4, 0, -1):
    print(math.sqrt(v))
