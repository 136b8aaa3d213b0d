# Tensor.type_as(other): other's dtype; the tensor itself when it has it.
import torch

x = torch.tensor([1.5, -2.25, 3.0])
d = torch.tensor([1.0], dtype=torch.float64)
i = torch.tensor([7, -3])
print(x.type_as(x) is x, x.type_as(d), x.type_as(i), i.type_as(x))
print(x.type_as(torch.tensor([True])), torch.tensor([0, 2]).type_as(torch.tensor([True])))
try:
    x.type_as(3)
except TypeError as e:
    print("TypeError:", e)
