# The six comparison operators between tensors.
import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0])
b = torch.tensor([4.0, 2.0, 1.0, 4.5])
print(a == b)
print(a != b)
print(a < b)
print(a <= b)
print(a > b)
print(a >= b)
m = torch.tensor([[1, 5], [3, 3]])
n = torch.tensor([[2, 5], [1, 4]])
print(m < n)
print(m >= n)
print((a > b).dtype, (m == n).shape)
