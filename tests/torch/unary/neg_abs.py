# neg and abs on float, int32 and int64 tensors, function and method forms.
import torch

f = torch.tensor([-2.5, 0.0, 3.25, -1.0])
i = torch.tensor([-4, 0, 7])
i32 = torch.tensor([-4, 5], dtype=torch.int32)
print(torch.neg(f), f.neg(), -f)
print(torch.abs(f), f.abs(), abs(f))
print(torch.neg(i), -i, i.neg().dtype)
print(torch.abs(i), abs(i).dtype)
print(-i32, abs(i32))
print(torch.abs(torch.tensor([[-1.5, 2.0], [3.0, -4.0]])))
print(-torch.tensor(2.5), abs(torch.tensor(-3)))
print(+f)
