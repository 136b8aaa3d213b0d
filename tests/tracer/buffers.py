# vmrun-flags: --logs=jit --jit-threshold=1
# Golden test of buffer planning (issue 6): a kernel writes its output into
# an input's buffer when that input dies there and nothing but kernels ever
# saw it — a matmul's product under its epilogue, and an intermediate
# between two kernels split by a node the executor runs; never when the
# kernel also reads that input at other points (through a view: an
# earlier kernel's output, or a matmul's product). The
# summary line counts the planned buffers (values that die inside the graph,
# kept across calls; tests/e2e/buffers_test.py counts the allocations) and
# the runs that wrote in place. Results must be what eager computes.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def mlp(x, w1, b1, w2):
    h = F.gelu(F.linear(x, w1, b1), approximate="tanh")  # linear: the epilogue writes into the product
    return torch.relu(h @ w2) * 0.5


def split(x):
    a = torch.exp(x * 0.5) + 1.0     # kernel 1
    i = x.argmax()                   # the executor (ends the kernel)
    return torch.log(a) * 2.0 + i    # kernel 2 writes into a's buffer


def kept(x):
    a = x * 3.0 + 1.0
    i = x.argmax()
    return torch.tanh(a) + i, a      # a is returned: never overwritten


def aliased(x, z):
    r = torch.exp(x * 0.5)           # kernel 1
    i = z.argmax()                   # the executor
    v = r * 2.0
    return v.t() + r + i             # kernel 2 reads r twice (once transposed): never in place


def product_viewed(x, w):
    p = x @ w                        # the product: input 0 of the epilogue
    return torch.tanh(p.t()) + p     # read twice (once transposed): never in place


x = torch.randn(4, 8)
w1 = torch.randn(16, 8)
b1 = torch.randn(16)
w2 = torch.randn(16, 8)
for _ in range(3):
    m = mlp(x, w1, b1, w2)
    s = split(x)
    k, a = kept(x)
    al = aliased(torch.arange(16.0).reshape(4, 4) / 16.0, torch.randn(3))
    pv = product_viewed(torch.arange(16.0).reshape(4, 4) / 16.0, torch.randn(4, 4))
print(m)
print(s)
print(k)
print(a)
print(al)
print(pv)
