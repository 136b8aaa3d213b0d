# NumPy variant of elementwise.py (relu is np.maximum(x, 0)).
import numpy as np
from _timing import measure

rng = np.random.default_rng(0)
SIZES = [(1 << 20, "1M", 200), (1 << 24, "16M", 10)]

for size, label, n in SIZES:
    x = rng.random(size, dtype=np.float32)
    y = rng.random(size, dtype=np.float32)

    def add(k):
        for i in range(k):
            z = x + y

    def mul(k):
        for i in range(k):
            z = x * y

    def relu(k):
        for i in range(k):
            z = np.maximum(x, 0)

    def exp(k):
        for i in range(k):
            z = np.exp(x)

    def sum_(k):
        for i in range(k):
            z = x.sum()

    def mean(k):
        for i in range(k):
            z = x.mean()

    measure(f"elementwise/add {label}", add, n)
    measure(f"elementwise/mul {label}", mul, n)
    measure(f"elementwise/relu {label}", relu, n)
    measure(f"elementwise/exp {label}", exp, n)
    measure(f"reduction/sum {label}", sum_, n)
    measure(f"reduction/mean {label}", mean, n)
