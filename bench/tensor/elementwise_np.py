# NumPy variant of elementwise.py (relu is np.maximum(x, 0); sigmoid is
# 1 / (1 + exp(-x)); var is x.var(ddof=1), torch's default correction;
# softmax is exp(m - max) / sum, along axis 1).
import numpy as np
from _timing import measure

rng = np.random.default_rng(0)
SIZES = [(1 << 20, "1M", 200), (1 << 24, "16M", 10)]

for size, label, n in SIZES:
    x = rng.random(size, dtype=np.float32)
    y = rng.random(size, dtype=np.float32)
    m = rng.random((size // 1024, 1024), dtype=np.float32)

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

    def sigmoid(k):
        for i in range(k):
            z = 1 / (1 + np.exp(-x))

    def tanh(k):
        for i in range(k):
            z = np.tanh(x)

    def sum_(k):
        for i in range(k):
            z = x.sum()

    def mean(k):
        for i in range(k):
            z = x.mean()

    def var(k):
        for i in range(k):
            z = x.var(ddof=1)

    def softmax(k):
        for i in range(k):
            e = np.exp(m - m.max(axis=1, keepdims=True))
            z = e / e.sum(axis=1, keepdims=True)

    measure(f"elementwise/add {label}", add, n)
    measure(f"elementwise/mul {label}", mul, n)
    measure(f"elementwise/relu {label}", relu, n)
    measure(f"elementwise/exp {label}", exp, n)
    measure(f"elementwise/sigmoid {label}", sigmoid, n)
    measure(f"elementwise/tanh {label}", tanh, n)
    measure(f"reduction/sum {label}", sum_, n)
    measure(f"reduction/mean {label}", mean, n)
    measure(f"reduction/var {label}", var, n)
    measure(f"reduction/softmax dim=1 {label}", softmax, n)
