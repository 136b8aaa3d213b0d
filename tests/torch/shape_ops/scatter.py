# scatter writes values at index positions; scatter_add accumulates.
import torch

z = torch.zeros(3, 4)
idx = torch.tensor([[0, 1, 2, 0], [2, 0, 1, 1]])
src = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])
print(z.scatter(0, idx, src))
print(torch.scatter(z, 1, torch.tensor([[3], [0], [1]]), 9.0))
print(z)
r = torch.zeros(5).scatter_add(0, torch.tensor([0, 1, 0, 4, 0]), torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]))
print(r)
counts = torch.zeros(4, dtype=torch.int64).scatter_add(0, torch.tensor([1, 3, 3, 1, 1]), torch.ones(5, dtype=torch.int64))
print(counts)
m = torch.ones(2, 3)
print(torch.scatter_add(m, 1, torch.tensor([[0, 0, 2], [1, 1, 1]]), torch.tensor([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])))
z.scatter_(1, torch.tensor([[1], [2], [3]]), 5.0)
print(z)
