# prod over everything or one dim.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 0.5, -1.0]])
print(x.prod(), torch.prod(x))
print(x.prod(dim=0), x.prod(1))
print(torch.prod(x, dim=1, keepdim=True))
i = torch.tensor([2, 3, 4, 5])
print(i.prod(), i.prod().dtype)
i32 = torch.tensor([[2, 3], [4, 5]], dtype=torch.int32)
print(i32.prod(dim=0), i32.prod(dim=0).dtype)
b = torch.tensor([True, True, False])
print(b.prod(), b.prod().dtype)
print(torch.tensor([]).prod())
print(torch.tensor([1 << 20, 1 << 20, 1 << 20]).prod())
