# Basic indexing returns views, advanced indexing returns copies.
import torch

x = torch.zeros(3, 4)
basic = x[1:, 2]
basic += 1
print(x)
adv = x[[0, 2]]
adv += 5
print(x.sum().item(), adv.sum().item())
masked = x[x > 0]
masked.fill_(-1)
print(x)
sel = x[torch.tensor([1])]
sel.zero_()
print(x[1])
print(x[1, 2:].storage_offset(), x[1].stride())
