# A tiny GPT learning two-digit addition: token and position embeddings,
# blocks of causal self-attention and MLP in a ModuleList called from a
# Python loop, AdamW with a cosine learning rate, and an accuracy check
# under no_grad with greedy decoding every 40 steps.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
V, T, C, NH, NL = 12, 9, 32, 4, 2  # tokens 0-9, '+', '='


def encode(a, b):
    s = f"{a:02d}+{b:02d}={a + b:03d}"
    return [int(ch) if ch.isdigit() else (10 if ch == "+" else 11) for ch in s]


def batch(n):
    rows = [encode(int(torch.randint(0, 100, (1,))), int(torch.randint(0, 100, (1,)))) for _ in range(n)]
    t = torch.tensor(rows)
    return t[:, :-1], t[:, 1:]


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(C, 3 * C)
        self.proj = nn.Linear(C, C)
        self.register_buffer("mask", torch.tril(torch.ones(T, T)).view(1, 1, T, T))

    def forward(self, x):
        B, L, _ = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, L, NH, C // NH).transpose(1, 2)
        k = k.view(B, L, NH, C // NH).transpose(1, 2)
        v = v.view(B, L, NH, C // NH).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(C // NH))
        att = att.masked_fill(self.mask[:, :, :L, :L] == 0, float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        return self.proj(y.transpose(1, 2).contiguous().view(B, L, C))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(C)
        self.attn = Attention()
        self.ln2 = nn.LayerNorm(C)
        self.mlp = nn.Sequential(nn.Linear(C, 4 * C), nn.GELU(), nn.Linear(4 * C, C))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(V, C)
        self.pos = nn.Embedding(T, C)
        self.blocks = nn.ModuleList([Block() for _ in range(NL)])
        self.ln = nn.LayerNorm(C)
        self.head = nn.Linear(C, V)

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1]))
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.ln(x))


model = GPT()
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
STEPS = 120


def accuracy(n):
    model.eval()
    correct = 0
    with torch.no_grad():
        x, y = batch(n)
        idx = x[:, :6]
        for _ in range(3):
            logits = model(idx)
            idx = torch.cat([idx, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        correct = int((idx[:, 6:] == y[:, 5:]).all(dim=1).sum())
    model.train()
    return correct / n


for step in range(STEPS):
    lr = 3e-3 * 0.5 * (1 + math.cos(math.pi * step / STEPS))
    for g in opt.param_groups:
        g["lr"] = lr
    x, y = batch(64)
    logits = model(x)
    loss = F.cross_entropy(logits[:, 5:].reshape(-1, V), y[:, 5:].reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 40 == 0:
        print(step, round(float(loss), 3), accuracy(32))
