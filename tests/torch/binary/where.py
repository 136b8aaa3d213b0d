# torch.where(cond, x, y) with broadcasting and scalars.
import torch

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
print(torch.where(x > 0, x, torch.zeros(2, 3)))
print(torch.where(x > 0, x, 0.0))
print(torch.where(x < 0, -1.0, x))
print(torch.where(x > 0, torch.ones(1), -torch.ones(1)))
cond = torch.tensor([True, False, True])
print(torch.where(cond, torch.tensor([1, 2, 3]), torch.tensor([10, 20, 30])))
# condition broadcast over rows
print(torch.where(cond, x, torch.tensor([[100.0], [200.0]])))
print(x.where(x > 0, torch.tensor(9.0)))
print(torch.where(torch.tensor([0, 1, 2]) > 0, 5, torch.tensor([7, 8, 9])))
r = torch.where(x > 0, 1.0, -1.0)
print(r, r.dtype)
