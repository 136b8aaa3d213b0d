# Gradients through basic indexing: ints, slices with steps, negative
# indices, None and Ellipsis; untouched elements get zero.
import torch

def leaf():
    return torch.arange(1.0, 13.0).view(3, 4).requires_grad_()

x = leaf()
x[1].backward(torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(x.grad)

x = leaf()
x[:, 1].sum().backward()
print(x.grad)

x = leaf()
x[::2, 1::2].backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(x.grad)

x = leaf()
x[-1, -2].backward()
print(x.grad)

x = leaf()
x[1:, :3:2].backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(x.grad)

x = leaf()
x[None, 0, ..., 1:3].backward(torch.tensor([[5.0, 6.0]]))
print(x.grad)

x = leaf()
(x[0] * x[2]).sum().backward()
print(x.grad)

# overlapping slices accumulate
v = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
(v[1:4] + v[:3] * v[2:]).sum().backward()
print(v.grad)
v = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
v[::2].sum().backward()
print(v.grad)
