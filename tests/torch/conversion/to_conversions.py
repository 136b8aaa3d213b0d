# to(dtype) and the float()/double()/long()/int()/bool() shortcuts.
import torch

x = torch.tensor([[-1.5, 0.0], [2.25, 3.99]])
for r in [x.to(torch.float64), x.to(dtype=torch.int32), x.long(), x.int(), x.bool(), x.double(), x.float()]:
    print(r)
    print(r.dtype)
i = torch.tensor([1, 0, -2])
print(i.to(torch.float32) / 4)
print(i.bool().long())
c = x.to(torch.int64)
c[0, 0] = 99
print(x[0, 0])
print(x.to(torch.float32) is x)
