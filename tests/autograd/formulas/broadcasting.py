# Gradients of broadcast operands are summed back to each operand's shape.
import torch

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
row = torch.tensor([10.0, 20.0, 30.0], requires_grad=True)
col = torch.tensor([[1.0], [2.0]], requires_grad=True)
s = torch.tensor(2.0, requires_grad=True)
one = torch.tensor([[3.0]], requires_grad=True)
out = (a * row + col * s) * one
out.backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(a.grad)
print(row.grad, tuple(row.grad.shape))
print(col.grad, tuple(col.grad.shape))
print(s.grad, tuple(s.grad.shape))
print(one.grad, tuple(one.grad.shape))

# an outer-product-like broadcast of (3, 1) and (1, 4)
u = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
v = torch.tensor([[1.0, -1.0, 2.0, 0.5]], requires_grad=True)
(u * v).sum().backward()
print(u.grad)
print(v.grad)

# leading dims added by broadcasting: (2, 3, 2) with (3, 1)
big = torch.ones(2, 3, 2, requires_grad=True)
small = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
(big * small).sum().backward()
print(small.grad)
print(big.grad[1])

# a (1, 3) with a (2, 1) through division and subtraction
p = torch.tensor([[2.0, 4.0, 8.0]], requires_grad=True)
q = torch.tensor([[1.0], [2.0]], requires_grad=True)
(p / q - q).sum().backward()
print(p.grad)
print(q.grad)
