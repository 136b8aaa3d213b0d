# nn.Embedding: lookup of int64 indices of any shape; the weight gradient
# accumulates rows for repeated indices; padding_idx rows get no gradient.
import torch
from torch import nn

emb = nn.Embedding(5, 3)
print(tuple(emb.weight.shape), emb.num_embeddings, emb.embedding_dim)
with torch.no_grad():
    emb.weight.copy_(torch.arange(15.0).view(5, 3))
idx = torch.tensor([[0, 2, 2], [4, 1, 0]])
out = emb(idx)
print(out.shape)
print(out.detach())
out.sum(dim=2).backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(emb.weight.grad)

single = emb(torch.tensor(3))
print(single.detach(), single.shape)

pad = nn.Embedding(4, 2, padding_idx=0)
print(pad.weight[0].detach())
with torch.no_grad():
    pad.weight.copy_(torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
r = pad(torch.tensor([0, 1, 0, 3]))
r.sum().backward()
print(pad.weight.grad)
print(pad)
