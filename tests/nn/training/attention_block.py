# kiln-float-tolerance: 1e-4
# A single-head causal self-attention block with a residual and LayerNorm:
# forward, backward, and the gradient norms of its parameters.
import math
import torch
from torch import nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.d = d
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, d, bias=False)
        self.v = nn.Linear(d, d, bias=False)
        self.proj = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        t = x.shape[0]
        q, k, v = self.q(x), self.k(x), self.v(x)
        scores = q @ k.T / math.sqrt(self.d)
        mask = torch.tril(torch.ones(t, t)) == 0
        scores = scores.masked_fill(mask, float("-inf"))
        att = F.softmax(scores, dim=-1)
        return self.norm(x + self.proj(att @ v)), att


d = 4
block = SelfAttention(d)
with torch.no_grad():
    for i, (name, p) in enumerate(block.named_parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) + i * 0.5).view(p.shape) * 0.5)
x = (torch.arange(12.0).view(3, d) * 0.3).sin().requires_grad_()
out, att = block(x)
print(att.detach())
print(out.detach())
target = torch.tensor([[1.0, 0.0, -1.0, 0.5], [0.0, 1.0, 0.0, -1.0], [0.5, 0.5, -0.5, -0.5]])
loss = F.mse_loss(out, target)
loss.backward()
print(round(loss.item(), 6))
for name, p in block.named_parameters():
    print(name, tuple(p.grad.shape), round(p.grad.norm().item(), 4))
print(x.grad)
