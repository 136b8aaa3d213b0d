# The default initialisation of Linear, Embedding and LayerNorm: ranges and
# rough statistics only.
import math
import torch
from torch import nn

torch.manual_seed(0)
lin = nn.Linear(256, 128)
bound = 1.0 / math.sqrt(256)
print(lin.weight.abs().max().item() <= bound, lin.weight.abs().max().item() > 0.9 * bound)
print(lin.bias.abs().max().item() <= bound, lin.bias.abs().max().item() > 0.5 * bound)
print(abs(lin.weight.mean().item()) < 0.1 * bound)

emb = nn.Embedding(1000, 64)
print(abs(emb.weight.mean().item()) < 0.02, abs(emb.weight.std().item() - 1.0) < 0.02)

ln = nn.LayerNorm(5)
print(ln.weight.detach(), ln.bias.detach())

# a fresh module's parameters are leaves that require grad, without grads yet
print(all(p.requires_grad and p.is_leaf and p.grad is None for p in lin.parameters()))
print(lin.weight.dtype, emb.weight.dtype)
