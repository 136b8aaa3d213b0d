# argmax / argmin: flat index without dim, per-slice index with dim.
import torch

x = torch.tensor([[1.0, 8.0, 3.0], [4.0, -2.0, 6.0]])
print(x.argmax(), x.argmin())
print(torch.argmax(x), torch.argmin(x))
print(x.argmax(dim=0), x.argmax(dim=1))
print(x.argmin(dim=0), x.argmin(dim=-1))
print(torch.argmax(x, dim=1, keepdim=True))
print(x.argmax().dtype, x.argmax(dim=0).dtype)
i = torch.tensor([3, 9, -4, 7])
print(i.argmax(), i.argmin())
print(torch.tensor([[5, 1], [0, 8], [2, 3]]).argmax(dim=0))
print(torch.tensor(4.0).argmax())
