# torch.autograd.grad frees the graph unless retain_graph=True.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * x).sum()
g1 = torch.autograd.grad(y, x, retain_graph=True)[0]
g2 = torch.autograd.grad(y, x)[0]
print(torch.equal(g1, g2))
print(torch.allclose(g1, (x.detach() + 1) * x.detach().exp()))
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print("RuntimeError", str(e).split(" (")[0])

# a retained graph also serves backward() afterwards
w = torch.tensor([3.0], requires_grad=True)
q = (w * w * w).sum()
(gw,) = torch.autograd.grad(q, w, retain_graph=True)
print(gw, w.grad)
q.backward()
print(w.grad)
