# vmrun-flags: --logs=all,jit,kernels --jit-threshold=1 --verify
# Golden tests of the graph compiler's kernels (Kernel IR after the passes,
# KILN_LOGS=kernels) for typical graphs, each graph compiled on its first
# run and every kernel run checked against the reference executor:
# a Linear layer's bias + activation epilogue after the matmul (an extern
# call), the tanh and erf GELUs (erf calls the eager row), SiLU, a layer
# norm (by mean and by var) and a softmax with their reductions fused, the softmax op
# decomposed, constants folded and common subexpressions merged, clamps
# decomposed into their halves, a broadcast operand, a chain fused through
# a transpose of a value it computes, chains fused through slices and
# reshapes (view, reshape, flatten; a head split: reshape then transpose)
# of values they compute and one that cannot be (a
# broadcast bias merged into the new rows: the kernel ends before it), and a
# kernel that falls back to the executor when its input requires grad.
import math
import torch
import torch.nn.functional as F


def linear_relu(x, w, b):
    return F.relu(x @ w.t() + b)


def gelus(x):
    return F.gelu(x, approximate="tanh") + F.gelu(x)


def silu_res(x, y):
    return F.silu(x) * y + x


def norm(x, w, b):
    mu = x.mean(-1, keepdim=True)
    var = ((x - mu) * (x - mu)).mean(-1, keepdim=True)
    return (x - mu) / torch.sqrt(var + 1e-5) * w + b


def norm_var(x):
    # a normalisation by the biased variance: mean and var fused as two
    # sweeps of one kernel, var folded as eager's Welford rows
    return (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, keepdim=True, unbiased=False) + 1e-5)


def soft(x):
    e = torch.exp(x - x.max(-1, keepdim=True).values)
    return e / e.sum(-1, keepdim=True)


def clamped(x, lo):
    # decomposed: clamp's halves, number and tensor bounds
    return torch.clamp(x, -0.5, 0.5) * 2 + x.clamp(min=lo) + torch.clamp_max(x * 4, 6.0)


def through_view(x, b):
    # the transpose of a computed value: computed again over x read transposed
    return torch.relu((x * 2.0 + 1.0).t()) * 0.5 + b


def through_reshape(x, y):
    # view / flatten of computed values: computed again over x and y read
    # through the same reshape
    z = torch.tanh(x * 2.0 - y).view(3, 8) + 1.0
    return torch.relu(z * z).flatten() * 0.5


def through_slice(x):
    # a slice with a step and an index of computed values: computed again
    # over x read through the same indexing
    return torch.relu(x * 2.0 - 1.0)[:, 1::2] * 3.0 + torch.tanh(x)[None, 0, ::2]


def heads(q):
    # the attention head split of a scaled value: reshape, then transpose
    b, t, c = q.shape
    return (q * 0.5).view(b, t, 2, c // 2).transpose(1, 2) + 1.0


def reshape_broadcast(x, b):
    # (x + b) with b [6] broadcast, viewed as [3, 8]: b's expansion has no
    # such view, so the reshape ends the kernel; the next one reads its
    # stored sum through the reshape
    return (x + b).reshape(3, 8) * 2.0


def folded(x):
    c = 2.0 * 3.0
    return (x * c + x * c) * 1.0 - 0.0 + math.pi


torch.manual_seed(0)
x = torch.randn(4, 6)
w = torch.randn(5, 6)
b = torch.randn(5)
g = torch.randn(6)
for i in range(2):
    print(linear_relu(x, w, b))
    print(gelus(x), silu_res(x, x + 1))
    print(norm(x, g, torch.zeros(6)), soft(x))
    print(norm_var(x), torch.std(x * 2.0, 1))
    print(folded(x[0]))
    print(clamped(x, x * 0.1))
    print(through_view(x, torch.randn(4)))
    print(through_reshape(x, torch.randn(4, 6)))
    print(through_slice(x), heads(torch.randn(2, 3, 4)))
    print(reshape_broadcast(x, torch.randn(6)))
xg = torch.randn(3, requires_grad=True)
print(silu_res(xg, xg))
