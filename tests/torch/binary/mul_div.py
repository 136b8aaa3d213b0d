# mul / div, function, method and operator forms.
import torch

a = torch.tensor([1.0, -2.0, 3.0, 0.0])
b = torch.tensor([2.0, 4.0, -0.5, 3.0])
print(torch.mul(a, b), a.mul(b), a * b)
print(torch.div(a, b), a.div(b), a / b)
print(torch.mul(a, 3), a * -1.5)
print(torch.div(a, 4), a / 0.5)
print(a / 0.0)
print(torch.div(torch.tensor([1.0, -1.0, 0.0]), torch.tensor([0.0, 0.0, 0.0])))
i = torch.tensor([6, -9, 10])
j = torch.tensor([3, 2, -4])
print(i * j, torch.mul(i, j).dtype)
print(i / j, (i / j).dtype)
print(torch.tensor([2, 3], dtype=torch.int32) * torch.tensor([4, 5], dtype=torch.int32))
