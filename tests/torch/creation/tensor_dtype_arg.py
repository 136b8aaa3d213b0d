# torch.tensor(..., dtype=...) converts the Python values.
import torch

print(torch.tensor([1, 2, 3], dtype=torch.float64))
print(torch.tensor([1, 2, 3], dtype=torch.float32))
print(torch.tensor([1, -2, 3], dtype=torch.int32))
print(torch.tensor([0, 1, 2, -3], dtype=torch.bool))
print(torch.tensor([0.0, 0.5, -1.0], dtype=torch.bool))
# floats to ints truncate toward zero
print(torch.tensor([1.7, -1.7, 2.5, -0.2], dtype=torch.int64))
print(torch.tensor([1.7, -1.7], dtype=torch.int32))
print(torch.tensor([True, False], dtype=torch.float32))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.float64).dtype)
x = torch.tensor(5, dtype=torch.float64)
print(x, x.dtype, x.shape)
