# vmrun-flags: --logs=jit,kernels --jit-threshold=1 --verify --short-rows=128
# Column reductions: sums, means and extremes over leading or middle dims
# fuse with what they read and what reads them (Kernel IR "reduced as
# columns"), folding each column row by row as eager does, so the printed
# values are the interpreter's to the last bit: a column sum of a fused
# producer, a batch normalisation over the batch (two sweeps over the
# columns, the squeezed means broadcast against the rows), a mean over the
# middle (token) dim, a column softmax by hand, a standardisation by the
# column std (Welford's steps, as eager's var) and norm; then what stays eager: a
# reduction of a transposed computed value (eager folds the strided view
# by its rows), a launch whose kept dims are all of size 1, and one of
# columns too narrow to pay (fewer than 128 over 256 rows or more: eager's loop is faster).
import torch


def colsum(a, b):
    return (a * b + 1.0).sum(0)


def batch_norm(x, w, b):
    m = x.mean(0)
    d = x - m
    v = (d * d).mean(0)
    return d / (v + 1e-5).sqrt() * w + b


def token_mean(h):
    return (h * 0.5).tanh().mean(1)


def column_softmax(x):
    e = (x - x.amax(0, keepdim=True)).exp()
    return e / e.sum(0, keepdim=True)


def standardize(x):
    return (x - x.mean(0)) / x.std(0) + x.norm(dim=0) * 0.01


def transposed_sum(a, b):
    return (a * b).t().sum(-1)


def ranges(x):
    return x.amax(0) - x.amin(0)


def bits(t):
    return [float(v) for v in t.reshape(-1)[:3]]


torch.manual_seed(0)
a = torch.randn(300, 200)
b = torch.randn(300, 200)
x = torch.randn(129, 80) * 3 + 1
h = torch.randn(4, 70, 72)
s = torch.randn(50, 50)
for i in range(2):
    print(bits(colsum(a, b)), colsum(a, b).shape)
    y = batch_norm(x, torch.ones(80) * 2, torch.zeros(80) + 0.5)
    print(bits(y), bits(y.mean(0)), y.shape)
    print(bits(token_mean(h)), token_mean(h).shape)
    print(bits(column_softmax(x)), column_softmax(x).sum(0)[:2].tolist())
    print(bits(standardize(x)), bits(torch.var(x * 2.0, 0, unbiased=False)))
    print(bits(transposed_sum(s, s)))
    print(bits(ranges(x)), bits(ranges(torch.randn(9, 1))), bits(ranges(torch.randn(300, 7))))
