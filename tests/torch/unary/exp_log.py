# kiln-float-tolerance: 1e-4
# exp and log, including their special values.
import torch

x = torch.tensor([0.0, 1.0, -1.0, 2.0, 0.5])
print(torch.exp(x))
print(x.exp())
y = torch.tensor([1.0, 2.718281828, 10.0, 0.5])
print(torch.log(y))
print(y.log())
print(torch.log(torch.tensor([0.0, -1.0])))
print(torch.exp(torch.tensor([100.0, -10.0, 1000.0])))
i = torch.tensor([0, 1, 2])
r = torch.exp(i)
print(r, r.dtype)
r = torch.log(torch.tensor([1, 4], dtype=torch.int32))
print(r, r.dtype)
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
print(torch.exp(d), torch.log(d))
print(torch.log(torch.exp(x)))
