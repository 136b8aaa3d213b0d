# backward(gradient=...) on non-scalar outputs: a vector-Jacobian product.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
y.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)

x.grad = None
y2 = x * x
y2.backward(gradient=torch.ones(3))
print(x.grad)

m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
out = m * torch.tensor([[1.0, -1.0], [2.0, -2.0]])
out.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(m.grad)

# gradient= given explicitly for a scalar
s = torch.tensor(2.0, requires_grad=True)
(s * s).backward(torch.tensor(5.0))
print(s.grad)

# torch.autograd.backward with a list of outputs and their gradients
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([3.0, 4.0], requires_grad=True)
torch.autograd.backward([p * q, (p + q).sum()], [torch.tensor([1.0, 1.0]), torch.tensor(2.0)])
print(p.grad)
print(q.grad)
