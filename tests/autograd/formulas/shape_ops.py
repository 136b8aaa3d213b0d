# Gradients through cat, stack, gather, index_select and repeat.
import torch

a = torch.tensor([[1.0, 2.0]], requires_grad=True)
b = torch.tensor([[3.0, 4.0], [5.0, 6.0]], requires_grad=True)
torch.cat([a, b], dim=0).backward(torch.arange(1.0, 7.0).view(3, 2))
print(a.grad, b.grad)

a = torch.tensor([[1.0], [2.0]], requires_grad=True)
b = torch.tensor([[3.0, 4.0], [5.0, 6.0]], requires_grad=True)
torch.cat((a, b, a), dim=1).backward(torch.arange(1.0, 9.0).view(2, 4))
print(a.grad, b.grad)

p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([3.0, 4.0], requires_grad=True)
torch.stack([p, q]).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(p.grad, q.grad)
p.grad = None
q.grad = None
torch.stack([p, q], dim=1).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(p.grad, q.grad)

src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
idx = torch.tensor([[0, 0], [2, 1]])
torch.gather(src, 1, idx).backward(torch.tensor([[1.0, 10.0], [100.0, 1000.0]]))
print(src.grad)

src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
src.index_select(1, torch.tensor([2, 0, 2])).backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(src.grad)

src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
torch.index_select(src, 0, torch.tensor([1, 1, 0])).sum().backward()
print(src.grad)

r = torch.tensor([1.0, 2.0], requires_grad=True)
r.repeat(3).backward(torch.arange(1.0, 7.0))
print(r.grad)
r = torch.tensor([[1.0, 2.0]], requires_grad=True)
r.repeat(2, 2).backward(torch.arange(1.0, 9.0).view(2, 4))
print(r.grad)
