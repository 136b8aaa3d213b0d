# In-place updates of arguments, as hand-written optimizers and running
# statistics do them (issue 8's functionalisation; issue 28 builds on it),
# timed inside the script (bench/tensor/_timing.py's protocol) so the same
# file runs under `vmrun --tier=0`, `vmrun` and CPython + PyTorch. At tier
# 1 each update's writes become pure ops, fused into one kernel that writes
# the new values straight into the parameters and buffers.
#   * sgd_momentum: SGD with momentum over 8 parameters of 256K float32
#     (buf = buf * 0.9 + g; p -= lr * buf), under no_grad.
#   * adam_by_hand: Adam's update written out with in-place ops (exp_avg,
#     exp_avg_sq, bias corrections as numbers, addcdiv_) over 4 parameters
#     of 256K float32.
#   * ema_small: an exponential moving average of 64 float32 (the cost of
#     a call).
import sys

sys.path.insert(0, sys.path[0] + "/../tensor")  # bench/tensor/_timing.py

import torch
from _timing import measure


def not_traced(f):
    compiler = getattr(torch, "compiler", None)
    return compiler.disable(f, recursive=False) if compiler is not None else f


def sgd_momentum(params, grads, bufs, lr):
    with torch.no_grad():
        for p, g, b in zip(params, grads, bufs):
            b.mul_(0.9).add_(g)
            p.add_(b, alpha=-lr)


def adam_by_hand(params, grads, avgs, sqs, step_size, bc2_sqrt):
    with torch.no_grad():
        for p, g, m, v in zip(params, grads, avgs, sqs):
            m.mul_(0.9).add_(g, alpha=0.1)
            v.mul_(0.999).addcmul_(g, g, value=0.001)
            denom = (v.sqrt() / bc2_sqrt).add_(1e-8)
            p.addcdiv_(m, denom, value=-step_size)


def ema_small(avg, x):
    avg.mul_(0.99).add_(x, alpha=0.01)


torch.manual_seed(0)
N = 256 * 1024
params = [torch.randn(N) for _ in range(8)]
grads = [torch.randn(N) * 0.01 for _ in range(8)]
bufs = [torch.zeros(N) for _ in range(8)]


@not_traced
def run_sgd(k):
    for _ in range(k):
        sgd_momentum(params, grads, bufs, 0.01)


avgs = [torch.zeros(N) for _ in range(4)]
sqs = [torch.zeros(N) for _ in range(4)]


@not_traced
def run_adam(k):
    for _ in range(k):
        adam_by_hand(params[:4], grads[:4], avgs, sqs, 0.001, 0.5)


avg, xs = torch.zeros(64), torch.randn(64)


@not_traced
def run_ema(k):
    for _ in range(k):
        ema_small(avg, xs)


measure("sgd_momentum", run_sgd, 20)
measure("adam_by_hand", run_adam, 20)
measure("ema_small", run_ema, 20000)
print(float(params[0][:4].sum()), float(avg.sum()))
