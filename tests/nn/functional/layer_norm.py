# kiln-float-tolerance: 1e-4
# F.layer_norm with and without weight/bias, eps, and gradients.
import torch
import torch.nn.functional as F

x0 = torch.tensor([[1.0, 3.0, 6.0], [2.0, 2.5, 8.0]])
x = x0.clone().requires_grad_()
y = F.layer_norm(x, (3,))
y.backward(torch.tensor([[1.0, -1.0, 0.5], [2.0, 0.0, 1.0]]))
print(y.detach())
print(x.grad)

x = x0.clone().requires_grad_()
w = torch.tensor([2.0, 1.0, 0.5], requires_grad=True)
b = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
y = F.layer_norm(x, [3], weight=w, bias=b, eps=1e-3)
y.backward(torch.tensor([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]]))
print(y.detach())
print(x.grad)
print(w.grad)
print(b.grad)

z = torch.arange(8.0).view(2, 2, 2)
print(F.layer_norm(z, (2, 2)))
