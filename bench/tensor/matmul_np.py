# NumPy variant of matmul.py.
import numpy as np
from _timing import measure

rng = np.random.default_rng(0)
for size, n, repeats in [(512, 20, 5), (2048, 2, 3)]:
    a = rng.random((size, size), dtype=np.float32)
    b = rng.random((size, size), dtype=np.float32)

    def mm(k):
        for i in range(k):
            c = a @ b

    measure(f"matmul/{size}x{size}", mm, n, repeats=repeats)

a = rng.random((512, 512), dtype=np.float32)
b = rng.random((512, 512), dtype=np.float32)
at = a.T


def mm_t(k):
    for i in range(k):
        c = at @ b


measure("matmul/512x512 a.t() @ b", mm_t, 20)
