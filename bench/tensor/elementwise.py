# Large elementwise ops and reductions on float32 vectors of 1M and 16M
# elements: add, mul, relu, exp, sigmoid, tanh, sum, mean, var, and softmax
# over rows of 1024 (a [size/1024, 1024] matrix, dim=1). Each op allocates
# its result, as `z = x + y` does in a script. Issue target: Kiln within 1.2x
# of PyTorch.
import torch
from _timing import measure, skip

torch.manual_seed(0)
SIZES = [(1 << 20, "1M", 200), (1 << 24, "16M", 10)]

for size, label, n in SIZES:
    x = torch.rand(size)
    y = torch.rand(size)
    m = torch.rand(size // 1024, 1024)

    def add(k):
        for i in range(k):
            z = x + y

    def mul(k):
        for i in range(k):
            z = x * y

    def relu(k):
        for i in range(k):
            z = torch.relu(x)

    def exp(k):
        for i in range(k):
            z = torch.exp(x)

    def sigmoid(k):
        for i in range(k):
            z = torch.sigmoid(x)

    def tanh(k):
        for i in range(k):
            z = torch.tanh(x)

    def sum_(k):
        for i in range(k):
            z = x.sum()

    def mean(k):
        for i in range(k):
            z = x.mean()

    def var(k):
        for i in range(k):
            z = x.var()

    def softmax(k):
        for i in range(k):
            z = torch.softmax(m, dim=1)

    measure(f"elementwise/add {label}", add, n)
    measure(f"elementwise/mul {label}", mul, n)
    measure(f"elementwise/relu {label}", relu, n)
    measure(f"elementwise/exp {label}", exp, n)
    measure(f"elementwise/sigmoid {label}", sigmoid, n)
    measure(f"elementwise/tanh {label}", tanh, n)
    # Reductions may not exist yet in every build of Kiln's torch.
    if hasattr(x, "sum"):
        measure(f"reduction/sum {label}", sum_, n)
    else:
        skip(f"reduction/sum {label}", "Tensor.sum not available")
    if hasattr(x, "mean"):
        measure(f"reduction/mean {label}", mean, n)
    else:
        skip(f"reduction/mean {label}", "Tensor.mean not available")
    measure(f"reduction/var {label}", var, n)
    measure(f"reduction/softmax dim=1 {label}", softmax, n)
