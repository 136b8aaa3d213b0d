# Assignment through integer index tensors and lists.
import torch

x = torch.zeros(5)
x[torch.tensor([0, 3])] = torch.tensor([1.5, 2.5])
print(x)
x[[1, 4]] = 7.0
print(x)
x[torch.tensor([-1])] = torch.tensor([-9.0])
print(x)
m = torch.zeros(3, 3, dtype=torch.int64)
m[torch.tensor([0, 1, 2]), torch.tensor([2, 1, 0])] = torch.tensor([1, 2, 3])
print(m)
m[[0, 2]] = torch.tensor([7, 8, 9])
print(m)
m[:, [0]] = torch.tensor([[4], [5], [6]])
print(m)
m[[1, 2], [0, 0]] = 0
print(m)
