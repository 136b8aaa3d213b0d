# Hooks on intermediate tensors: the hook sees the gradient flowing into the
# tensor, and a returned tensor changes what flows further back.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * x
h.register_hook(lambda g: print("grad of h", g))
out = (h * torch.tensor([1.0, 2.0, 3.0])).sum()
out.backward()
print(x.grad)

x2 = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h2 = x2 * x2
h2.register_hook(lambda g: g * torch.tensor([0.0, 1.0, 0.5]))
(h2 * 2).sum().backward()
print(x2.grad)

# gradient clipping through a hook
a = torch.tensor([1.0, 4.0, -6.0], requires_grad=True)
b = a * 3
b.register_hook(lambda g: g.clamp(-2.0, 2.0))
(b * b).sum().backward()
print(a.grad)

# hook on a tensor used twice: it sees the summed gradient, once
calls = []
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = p * 2
q.register_hook(lambda g: calls.append(g.clone()))
(q * q + q).sum().backward()
print(len(calls), calls[0])
print(p.grad)
