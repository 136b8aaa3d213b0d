# Unary -, +, abs() and ~ on tensors.
import torch

f = torch.tensor([1.5, -2.0, 0.0])
i = torch.tensor([5, -3, 0])
b = torch.tensor([True, False])
print(-f, +f, abs(f))
print(-i, +i, abs(i), ~i)
print(~b)
print(-torch.tensor(4), ~torch.tensor(0))
print(-(-f))
print(-f * 2, -(f * 2))
print(~(i > 0))
