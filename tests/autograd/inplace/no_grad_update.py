# In-place updates of leaves under no_grad: the SGD step by hand.
import torch

w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
target = torch.tensor([0.0, 1.0, 2.0])
for step in range(4):
    loss = ((w - target) * (w - target)).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.25 * w.grad
        w.grad.zero_()
    print(step, round(loss.item(), 4), w.detach(), w.is_leaf, w.requires_grad)

# other in-place forms under no_grad
v = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    v.mul_(3)
    v[0] = -1.0
    v.add_(torch.tensor([0.5, 0.5]), alpha=2)
    v.clamp_(max=6.0)
print(v)
(v * v).sum().backward()
print(v.grad)

# copy_ under no_grad loads new values into a parameter
p = torch.zeros(3, requires_grad=True)
with torch.no_grad():
    p.copy_(torch.tensor([7.0, 8.0, 9.0]))
print(p, p.grad)
