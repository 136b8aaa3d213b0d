# matmul with 1-d operands: vector-matrix, matrix-vector, vector-vector.
import torch

m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
v2 = torch.tensor([1.0, -1.0])
v3 = torch.tensor([1.0, 0.5, 2.0])
r = m @ v2
print(r, r.shape)
r = v3 @ m
print(r, r.shape)
r = v3 @ v3
print(r, r.shape)
print(torch.matmul(m, v2), torch.matmul(v3, m))
print(torch.matmul(v2, v2))
b = torch.arange(24.0).reshape(2, 3, 4)
r = b @ torch.ones(4)
print(r, r.shape)
r = torch.ones(3) @ b
print(r, r.shape)
