# Elementwise maximum / minimum, nan propagates.
import torch

a = torch.tensor([1.0, 5.0, -3.0, 2.0])
b = torch.tensor([4.0, 2.0, -1.0, 2.0])
print(torch.maximum(a, b), a.maximum(b))
print(torch.minimum(a, b), a.minimum(b))
nan = float('nan')
c = torch.tensor([1.0, nan, 3.0])
d = torch.tensor([nan, 2.0, 1.0])
print(torch.maximum(c, d), torch.minimum(c, d))
i = torch.tensor([3, -8, 0])
j = torch.tensor([-1, 4, 0])
print(torch.maximum(i, j), torch.minimum(i, j))
print(torch.maximum(torch.tensor([[1, 9], [5, 2]]), torch.tensor([4, 4])))
print(torch.maximum(torch.tensor([True, False]), torch.tensor([False, False])))
