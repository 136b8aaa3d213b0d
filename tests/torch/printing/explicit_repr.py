# t.__repr__() and t.__str__() called by name print the tensor, as repr()
# and str() do, also through super() in a subclass.
import torch

t = torch.tensor([1.0, 2.0])
print(t.__repr__())
print(t.__str__())
print(torch.tensor([[1, 2], [3, 4]]).__repr__())
p = torch.nn.Parameter(torch.ones(2))
print(p.__repr__())
print(torch.ones(2, requires_grad=True).__repr__())
