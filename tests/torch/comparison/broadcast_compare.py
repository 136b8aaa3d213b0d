# Comparisons broadcast like arithmetic.
import torch

m = torch.arange(12).reshape(3, 4)
print(m > torch.tensor([[3], [5], [9]]))
print(m == torch.tensor([0, 5, 10, 3]))
print(torch.tensor([1, 2, 3]).reshape(3, 1) < torch.tensor([1, 2, 3]))
print((m % 2 == 0) == (m % 4 < 2))
print((m > 4).sum(), (m > 4).sum(dim=1))
