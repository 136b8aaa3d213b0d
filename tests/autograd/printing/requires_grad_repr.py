# kiln-float-tolerance: 1e-4
# How tensors that require grad, and results with a grad_fn, print.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(x)
print(repr(x))
print(torch.tensor(2.5, requires_grad=True))
print(torch.zeros(2, 2, requires_grad=True))
print(torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True))
print(x * 2)
print(x + 1)
print((x * x).sum())
print(x.view(3, 1))
print(x.exp().detach())
print(x.detach())
print(f"{x * 2}")
print(str(x))
print([x.sum()])
with torch.no_grad():
    print(x * 2)
print(x.grad)
(x * x).sum().backward()
print(x.grad)
print(torch.nn.Parameter(torch.tensor([1.0, -1.0])))
