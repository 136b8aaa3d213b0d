# .grad accumulates across backward calls until it is zeroed or reset to None.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x * x).sum().backward()
print(x.grad)
(x * x).sum().backward()
print(x.grad)
(3 * x).sum().backward()
print(x.grad)

x.grad.zero_()
print(x.grad)
(x * x * x).sum().backward()
print(x.grad)

x.grad = None
print(x.grad)
(x * 2).sum().backward()
print(x.grad)

# the .grad tensor object is kept and updated in place between calls
g = x.grad
(x * 1).sum().backward()
print(g)
print(g is x.grad)

# assigning a gradient by hand, then accumulating onto it
w = torch.tensor([1.0, 1.0], requires_grad=True)
w.grad = torch.tensor([100.0, 200.0])
(w * torch.tensor([1.0, 2.0])).sum().backward()
print(w.grad)
