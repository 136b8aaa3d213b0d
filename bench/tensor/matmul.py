# float32 matrix products: 512x512 and 2048x2048 (`a @ b`, result allocated),
# and, beside them, 512x512 with a transposed first operand (a.t() @ b),
# which BLAS can read in place. Issue target: Kiln within 1.2x of PyTorch.
import torch
from _timing import measure, skip

torch.manual_seed(0)
for size, n, repeats in [(512, 20, 5), (2048, 2, 3)]:
    a = torch.rand(size, size)
    b = torch.rand(size, size)

    def mm(k):
        for i in range(k):
            c = a @ b

    measure(f"matmul/{size}x{size}", mm, n, repeats=repeats)

a = torch.rand(512, 512)
b = torch.rand(512, 512)
if hasattr(a, "t"):
    at = a.t()

    def mm_t(k):
        for i in range(k):
            c = at @ b

    measure("matmul/512x512 a.t() @ b", mm_t, 20)
else:
    skip("matmul/512x512 a.t() @ b", "Tensor.t not available")
