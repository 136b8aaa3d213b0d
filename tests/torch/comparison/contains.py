# `x in t` is PyTorch's Tensor.__contains__: (x == t).any() for a number or
# tensor x, whatever t's shape; a RuntimeError for other x.
import torch
t = torch.tensor([[3., 1.], [2., 5.]])
print(2.0 in t, 4 in t, True in torch.tensor([0, 1]), torch.tensor(5.) in t, torch.tensor([1., 9.]) in t, 3 in torch.tensor([1, 2, 3]))
try:
    "a" in t
except RuntimeError as e:
    print("RuntimeError:", e)
print(2.0 in torch.tensor([]))
