# kiln-float-tolerance: 1e-4
# var and std (unbiased and not, over a dim), norm (2, 1, over a dim).
import torch

def leaf():
    return torch.tensor([[1.0, 2.0, 4.0], [3.0, 5.0, 10.0]], requires_grad=True)

x = leaf()
x.var().backward()
print(x.grad)

x = leaf()
x.var(dim=1).backward(torch.tensor([1.0, 2.0]))
print(x.grad)

x = leaf()
x.var(dim=0, unbiased=False).backward(torch.tensor([1.0, 1.0, 1.0]))
print(x.grad)

x = leaf()
x.std().backward()
print(x.grad)

x = leaf()
torch.std(x, dim=1, keepdim=True).backward(torch.tensor([[1.0], [-1.0]]))
print(x.grad)

x = leaf()
x.norm().backward()
print(x.grad)

x = leaf()
x.norm(dim=1).backward(torch.tensor([1.0, 2.0]))
print(x.grad)

x = leaf()
x.norm(p=1).backward()
print(x.grad)

v = torch.tensor([3.0, -4.0], requires_grad=True)
torch.norm(v).backward()
print(v.grad)
