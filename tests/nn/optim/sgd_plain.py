# kiln-float-tolerance: 1e-4
# torch.optim.SGD without momentum on a tiny least-squares problem; the
# parameters after each step are p - lr * grad.
import torch

x = torch.tensor([[1.0, 2.0], [2.0, -1.0], [0.5, 0.5]])
y = torch.tensor([1.0, 0.0, 2.0])
w = torch.tensor([0.5, -0.5], requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
opt = torch.optim.SGD([w, b], lr=0.1)
for step in range(5):
    opt.zero_grad()
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    before = w.detach().clone()
    opt.step()
    print(step, round(loss.item(), 6), w.detach(), round(b.item(), 4))
    print("  ", torch.allclose(w.detach(), before - 0.1 * w.grad))

# step() skips parameters whose grad is None
p = torch.tensor([1.0], requires_grad=True)
q = torch.tensor([2.0], requires_grad=True)
o = torch.optim.SGD([p, q], lr=0.5)
(p * 3).sum().backward()
o.step()
print(p.detach(), q.detach(), q.grad)
