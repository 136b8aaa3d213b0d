# t.dtype of tensors built in different ways.
import torch

print(torch.tensor([1, 2]).dtype)
print(torch.tensor([1.0, 2]).dtype)
print(torch.tensor([True]).dtype)
print(torch.tensor([1], dtype=torch.int32).dtype)
x = torch.arange(6, dtype=torch.float64).reshape(2, 3)
print(x.dtype, x[0].dtype, x[0, 0].dtype, x.t().dtype)
print(x.sum().dtype, x.float().dtype)
print((x > 2).dtype)
print(torch.zeros(1, dtype=torch.int32).dtype == torch.int32)
dts = [torch.tensor(v).dtype for v in [1, 1.0, True, [1, 2], [1.0], [False]]]
print(dts)
