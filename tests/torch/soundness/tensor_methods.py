# Methods added to torch.Tensor (PyTorch's Tensor is a Python class) and
# replaced after a hot function used them.
import torch


def double_it(self):
    return self * 2


torch.Tensor.double_it = double_it


def f(x):
    return x.double_it() + 1


x = torch.tensor([1.0, 2.0])
for i in range(3):
    print(f(x))
torch.Tensor.double_it = lambda self: self * 3
print(f(x))
print(hasattr(x, "double_it"), torch.Tensor.double_it(x))
del torch.Tensor.double_it
try:
    f(x)
except AttributeError as e:
    print("AttributeError")
