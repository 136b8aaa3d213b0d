# torch.autograd.grad returns the gradients as a tuple and leaves .grad alone.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x).sum()
g = torch.autograd.grad(y, x)
print(type(g).__name__, len(g))
print(g[0])
print(x.grad)
print(g[0].requires_grad)

# several inputs; outputs and inputs given as lists
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
z = (a * b + b * b).sum()
ga, gb = torch.autograd.grad([z], [a, b])
print(ga, gb)

# the gradient with respect to an intermediate tensor
h = a * 2
out = (h * h).sum()
(gh,) = torch.autograd.grad(out, h)
print(gh)

# grad_outputs for a non-scalar output
v = a * b
(gv,) = torch.autograd.grad(v, a, grad_outputs=torch.tensor([10.0, 100.0]))
print(gv)

# several outputs: their gradients are summed
o1 = (a * a).sum()
o2 = (a * 3).sum()
(gs,) = torch.autograd.grad([o1, o2], a)
print(gs)
print(a.grad, b.grad)
