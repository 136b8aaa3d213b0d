# Iterating over a tensor yields its slices along dim 0.
import torch

m = torch.tensor([[1, 2, 3], [4, 5, 6]])
for row in m:
    print(row, row.shape)
v = torch.tensor([1.5, 2.5, 3.5])
total = 0.0
for e in v:
    total += e.item()
    print(e, e.dim())
print(total)
print(list(torch.tensor([7, 8])))
print([r.sum().item() for r in m])
a, b = torch.tensor([10, 20])
print(a, b, a + b)
for i, row in enumerate(torch.eye(2)):
    print(i, row)
print(sum(torch.tensor([1, 2, 3])))
for x in torch.zeros(0, 3):
    print("never")
for r in m.t():
    print(r)
