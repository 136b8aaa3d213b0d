# Converting between dtypes with to(), float(), double(), long(), int(), bool().
import torch

x = torch.tensor([-2.75, -0.5, 0.0, 0.5, 1.9, 3.0])
print(x.to(torch.float64))
print(x.to(dtype=torch.int64))
print(x.long(), x.long().dtype)
print(x.int(), x.int().dtype)
print(x.bool())
print(x.double().dtype)

i = torch.tensor([0, 1, -3, 7])
print(i.float(), i.float().dtype)
print(i.double())
print(i.bool())
print(i.to(torch.int32))
print(i.int().long().dtype)

b = torch.tensor([True, False])
print(b.float(), b.long(), b.int())
# to() with the same dtype returns the same tensor object
print(x.to(torch.float32) is x, x.float() is x)
print(x.to(torch.float64) is x)
