# vmrun-flags: --logs=jit,kernels --jit-threshold=1 --verify
# Golden test of masks in kernels: predicates (compares, & | ^ ~ of bool
# tensors, isnan) are values of 1.0 / 0.0, and torch.where / masked_fill
# select by them. A causal attention's scale, mask and softmax are one
# kernel after the matmul (its epilogue) when the mask is a bool input; a
# float mask compared with 0 (nanoGPT's buffer) is the same, its slice of
# the buffer read through an Index view. A mask the function returns is a
# bool output of the kernel (each byte the mask's value != 0). Every
# kernel run is checked against the reference executor; results must be
# eager's.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
T = 6
causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
bias = torch.tril(torch.ones(8, 8)).view(1, 1, 8, 8)


def scores_bool(q, k):
    att = (q @ k.transpose(-2, -1)) * 0.5
    att = att.masked_fill(~causal, float("-inf"))
    return F.softmax(att, dim=-1)


def scores_float(q, k):
    att = (q @ k.transpose(-2, -1)) * 0.5
    att = att.masked_fill(bias[:, :, :T, :T] == 0, float("-inf"))
    return F.softmax(att, dim=-1)


def leaky(x):
    return torch.where(x > 0, x, 0.01 * x)


def gates(x, y):
    keep = (x > -0.5) & ~(y < 0.0) | torch.isnan(x)
    return keep.float() * (x + y), keep


q = torch.randn(1, 2, T, 4)
k = torch.randn(1, 2, T, 4)
x = torch.randn(3, 5)
x[0, 0] = float("nan")
y = torch.randn(5)
for _ in range(2):
    a = scores_bool(q, k)
    b = scores_float(q, k)
    l = leaky(x)
    g, m = gates(x, y)
print(a)
print(b)
print(l)
print(g)
print(m)
