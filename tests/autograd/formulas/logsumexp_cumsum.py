# kiln-float-tolerance: 1e-4
# logsumexp (whole tensor and per dim), cumsum and cumprod.
import torch

x = torch.tensor([[0.0, 1.0, 2.0], [-1.0, 3.0, 0.5]], requires_grad=True)
torch.logsumexp(x, dim=1).backward(torch.tensor([1.0, 2.0]))
print(x.grad)

x = torch.tensor([[0.0, 1.0, 2.0], [-1.0, 3.0, 0.5]], requires_grad=True)
x.logsumexp(dim=0, keepdim=True).backward(torch.ones(1, 3))
print(x.grad)

big = torch.tensor([1000.0, 1000.0, 999.0], requires_grad=True)
torch.logsumexp(big, dim=0).backward()
print(big.grad)

c = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
torch.cumsum(c, dim=0).backward(torch.tensor([1.0, 10.0, 100.0, 1000.0]))
print(c.grad)

c2 = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
c2.cumsum(1).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(c2.grad)

p = torch.tensor([2.0, 3.0, 0.5, 4.0], requires_grad=True)
torch.cumprod(p, dim=0).sum().backward()
print(p.grad)
