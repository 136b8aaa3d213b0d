# 2-d @ 2-d matrix products with exactly representable results.
import torch

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, -1.0]])
print(a @ b)
print(torch.matmul(a, b))
print(a.matmul(b))
print(torch.mm(a, b), a.mm(b))
print(b @ a)
print((a @ b).shape, (b @ a).shape)
print(a @ torch.eye(3))
print(torch.ones(1, 3) @ torch.ones(3, 1))
print(torch.zeros(2, 0) @ torch.zeros(0, 3))
