# Optimizer.zero_grad(): PyTorch 1.13's default set_to_none=False zeroes the
# gradients in place; set_to_none=True makes p.grad None.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
v = torch.tensor([3.0], requires_grad=True)
opt = torch.optim.SGD([w, v], lr=0.1)
opt.zero_grad()
print(w.grad, v.grad)
(w * w).sum().backward()
(v * 2).sum().backward()
print(w.grad, v.grad)
g = w.grad
opt.zero_grad()
print(w.grad, v.grad, g is w.grad)
(w * w).sum().backward()
opt.zero_grad(set_to_none=True)
print(w.grad, v.grad)

# forgetting zero_grad accumulates gradients across steps
p = torch.tensor([1.0], requires_grad=True)
o = torch.optim.SGD([p], lr=1.0)
for i in range(3):
    (p * 2).sum().backward()
    o.step()
    print(i, p.detach(), p.grad)
