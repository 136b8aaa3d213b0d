# sum and mean over everything, over dims (int, tuple, negative), with keepdim.
import torch

def leaf():
    return torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)

x = leaf()
x.sum().backward()
print(x.grad)

x = leaf()
x.sum(0).backward(torch.tensor([1.0, 2.0, 3.0]))
print(x.grad)

x = leaf()
x.sum(dim=1, keepdim=True).backward(torch.tensor([[10.0], [20.0]]))
print(x.grad)

x = leaf()
torch.sum(x, dim=-1).backward(torch.tensor([1.0, -1.0]))
print(x.grad)

x = leaf()
x.sum(dim=(0, 1)).backward()
print(x.grad)

x = leaf()
x.mean().backward()
print(x.grad)

x = leaf()
x.mean(dim=0).backward(torch.tensor([3.0, 6.0, 9.0]))
print(x.grad)

x = leaf()
x.mean(1, keepdim=True).backward(torch.tensor([[3.0], [6.0]]))
print(x.grad)

y = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
y.mean(dim=(0, 2)).backward(torch.tensor([8.0, 16.0, 24.0]))
print(y.grad)

z = torch.tensor(5.0, requires_grad=True)
(z.sum() * 2).backward()
print(z.grad)
