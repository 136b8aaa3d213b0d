# pow with tensor and scalar exponents and bases.
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(torch.pow(x, 2), x.pow(2), x ** 2)
print(torch.pow(x, 0.5))
print(torch.pow(x, -1))
print(torch.pow(x, torch.tensor([0.0, 1.0, 2.0, 0.5])))
print(torch.pow(2, x), torch.pow(2.0, torch.tensor([1, 2, 3])))
print(torch.pow(torch.tensor([-8.0, -2.0]), 1.0 / 3.0))
print(torch.pow(torch.tensor([0.0, -2.0]), 0))
i = torch.tensor([2, 3, -2])
print(i ** 3, torch.pow(i, torch.tensor([0, 1, 2])))
print(torch.pow(torch.tensor([0.0]), torch.tensor([-1.0])))
print(torch.pow(torch.tensor([2], dtype=torch.int32), 10))
