# Fused pointwise chains for issue 6's tier-1 targets, timed inside the
# script (bench/tensor/_timing.py's protocol), so the same file runs under
# `vmrun --tier=0` (Kiln eager), `vmrun` (tier 1: the tracer captures each
# function, the tier manager compiles its pointwise run with asmjit) and
# CPython + PyTorch (eager). Inputs are [N/1024, 1024] float32 activations
# with a [1024] weight or bias broadcast over the rows.
#   * affine12: 13 arithmetic ops (scale, shift, relu, max/min, residual):
#     memory-bound, the case fusion is for.
#   * gelu12: a bias add, the tanh GELU and a residual: 12 ops, one tanh.
#   * silu16: 16 ops around a sigmoid (SiLU) with clamps and a residual mix.
#   * small20: 20 ops on 64 float32: the cost of a call.
# And fused reductions over the rows (no issue target; reported beside):
#   * softmax: a scaled softmax (x * 0.125) over each row;
#   * layernorm: F.layer_norm with weight and bias (mean, centred variance,
#     rsqrt, affine: 2 reductions and 7 ops in one kernel);
#   * rmsnorm: x * rsqrt(mean(x * x) + eps) * w.
#   * batchnorm: a batch normalisation over the rows (dim 0: column
#     reductions), (x - mean) * rsqrt(mean((x - mean)^2) + eps) * w + b,
#     one kernel of two sweeps over the columns at tier 1.
#   * attention: causal attention scores, softmax(mask(q @ k^T * scale))
#     with a bool mask (masked_fill of -inf), 8 heads of 256 x 256: the
#     matmul and one fused epilogue kernel at tier 1.
#   * gpt_block: a GPT-2 transformer block (nn.Module: LayerNorm, causal
#     self-attention with nanoGPT's float mask buffer, tanh-GELU MLP,
#     residuals), 4 x 128 tokens of 256 channels, inference under
#     no_grad: one graph, its matmuls in the BLAS and 6 kernels around
#     them at tier 1.
# Issue targets: tier 1 at least 4x faster than Kiln eager and 3x faster
# than PyTorch eager on the 8-16 op chains at 1M-16M elements; at least 10x
# faster than PyTorch eager per call of small20.
import sys

sys.path.insert(0, sys.path[0] + "/../tensor")  # bench/tensor/_timing.py
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from _timing import measure



# The timing loops themselves run interpreted (recursive=False: what they
# call is traced): each call of a chain is what is measured, its graph
# compiled once. PyTorch 1.13 has no torch.compiler; there this is the
# identity.
def not_traced(f):
    compiler = getattr(torch, "compiler", None)
    return compiler.disable(f, recursive=False) if compiler is not None else f



def affine12(x, w, r):
    y = x * w + 0.5
    y = torch.relu(y) - r * 0.25
    y = torch.maximum(y, r) * 1.5
    y = torch.minimum(y, r + 2.0) + x
    return torch.abs(y - 1.0) * r


def gelu12(x, b, r):
    h = x + b
    g = 0.5 * h * (1.0 + torch.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))
    return g + r


def silu16(x, w, r):
    y = x * w + 0.5
    s = y * torch.sigmoid(y)
    z = (s - 0.25) * 1.5
    z = torch.relu(z) + 0.1 * s
    z = torch.maximum(z, r)
    z = torch.minimum(z, 2.0 - r)
    return z * z - r


def softmax_scaled(x):
    return torch.softmax(x * 0.125, -1)


def layernorm(x, w, b):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b)


def rmsnorm(x, w):
    return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + 1e-6) * w


def batchnorm(x, w, b):
    m = x.mean(0)
    d = x - m
    return d * torch.rsqrt((d * d).mean(0) + 1e-5) * w + b


def attention_scores(q, k, causal):
    att = (q @ k.transpose(-2, -1)) * 0.125
    att = att.masked_fill(~causal, float("-inf"))
    return torch.softmax(att, dim=-1)


def small20(x, y):
    z = x * y + 1.0
    z = z * 0.5 - y
    z = torch.relu(z) + x
    z = z * z - 0.25
    z = torch.abs(z) * y
    z = z + x * 2.0
    z = torch.maximum(z, y) - 1.0
    z = z / 3.0 + x
    z = torch.neg(z) * y
    return z + 0.125


torch.manual_seed(0)
for size, label, n in [(1 << 20, "1M", 60), (1 << 24, "16M", 6)]:
    x = torch.rand(size // 1024, 1024)
    b = torch.rand(1024)
    r = torch.rand(size // 1024, 1024)

    @not_traced
    def run_affine(k):
        for i in range(k):
            out = affine12(x, b, r)

    @not_traced
    def run_gelu(k):
        for i in range(k):
            out = gelu12(x, b, r)

    @not_traced
    def run_silu(k):
        for i in range(k):
            out = silu16(x, b, r)

    @not_traced
    def run_softmax(k):
        for i in range(k):
            out = softmax_scaled(x)

    @not_traced
    def run_layernorm(k):
        for i in range(k):
            out = layernorm(x, b, r[0])

    @not_traced
    def run_rmsnorm(k):
        for i in range(k):
            out = rmsnorm(x, b)

    measure(f"affine12/{label}", run_affine, n)
    measure(f"gelu12/{label}", run_gelu, n)
    measure(f"silu16/{label}", run_silu, n)
    measure(f"softmax/{label}", run_softmax, n)
    measure(f"layernorm/{label}", run_layernorm, n)
    measure(f"rmsnorm/{label}", run_rmsnorm, n)

    @not_traced
    def run_batchnorm(k):
        for i in range(k):
            out = batchnorm(x, b, r[0])

    measure(f"batchnorm/{label}", run_batchnorm, n)

q = torch.randn(1, 8, 256, 64)
k = torch.randn(1, 8, 256, 64)
causal = torch.tril(torch.ones(256, 256, dtype=torch.bool))


@not_traced
def run_attention(n):
    for i in range(n):
        out = attention_scores(q, k, causal)


measure("attention/8x256x256", run_attention, 60)


class CausalSelfAttention(nn.Module):
    def __init__(self, C, H, T):
        super().__init__()
        self.c_attn = nn.Linear(C, 3 * C)
        self.c_proj = nn.Linear(C, C)
        self.n_head = H
        self.register_buffer("bias", torch.tril(torch.ones(T, T)).view(1, 1, T, T))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class Block(nn.Module):
    def __init__(self, C, H, T):
        super().__init__()
        self.ln_1 = nn.LayerNorm(C)
        self.attn = CausalSelfAttention(C, H, T)
        self.ln_2 = nn.LayerNorm(C)
        self.c_fc = nn.Linear(C, 4 * C)
        self.c_proj = nn.Linear(4 * C, C)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


block = Block(256, 8, 128).eval()
xb = torch.randn(4, 128, 256)


@not_traced
def run_block(n):
    with torch.no_grad():
        for i in range(n):
            out = block(xb)


measure("gpt_block/4x128x256", run_block, 20)

xs = torch.rand(64)
ys = torch.rand(64)


@not_traced
def run_small(k):
    for i in range(k):
        out = small20(xs, ys)


measure("small20/64", run_small, 20000)
