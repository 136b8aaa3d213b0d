# kiln-float-tolerance: 1e-4
# pow: tensor ** scalar, scalar ** tensor, tensor ** tensor.
import torch

def leaf(values):
    return torch.tensor(values, requires_grad=True)

x = leaf([0.5, 1.0, 2.0, 3.0])
(x ** 2).sum().backward()
print(x.grad)

x = leaf([0.5, 1.0, 2.0, 3.0])
(x ** 3).backward(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(x.grad)

x = leaf([0.25, 1.0, 4.0, 9.0])
(x ** 0.5).sum().backward()
print(x.grad)

x = leaf([0.5, 1.0, 2.0, 4.0])
(x ** -1).sum().backward()
print(x.grad)

x = leaf([0.5, 1.0, 2.0, 4.0])
torch.pow(x, -2.0).sum().backward()
print(x.grad)

x = leaf([-1.0, 0.0, 2.0, 3.0])
(x ** 0).sum().backward()
print(x.grad)

x = leaf([-1.0, 0.0, 2.0, 3.0])
(x ** 1).sum().backward()
print(x.grad)

# scalar ** tensor
e = leaf([0.0, 1.0, 2.0, -1.0])
(2 ** e).sum().backward()
print(e.grad)
e = leaf([0.0, 1.0, 2.0, -1.0])
torch.pow(3.0, e).sum().backward()
print(e.grad)

# tensor ** tensor
b = leaf([1.0, 2.0, 3.0, 0.5])
p = leaf([2.0, 0.5, -1.0, 3.0])
(b ** p).sum().backward()
print(b.grad)
print(p.grad)
b = leaf([2.0, 4.0])
p = leaf([3.0, 0.5])
b.pow(p).backward(torch.tensor([1.0, 10.0]))
print(b.grad, p.grad)
