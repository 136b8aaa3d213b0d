# tolist() converts to nested Python lists (or a scalar for 0-dim tensors).
import torch

print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor([1.5, -2.0]).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor(3).tolist(), torch.tensor(2.5).tolist())
print(torch.arange(8).reshape(2, 2, 2).tolist())
print(torch.zeros(2, 0).tolist())
print(torch.arange(6).reshape(2, 3).t().tolist())
l = torch.tensor([1, 2, 3]).tolist()
l.append(4)
print(l, type(l[0]).__name__)
print(torch.tensor([0.1, 0.2]).tolist())
print(torch.tensor([0.1, 0.2], dtype=torch.float64).tolist())
print(type(torch.tensor([1.0]).tolist()[0]).__name__)
