# In-place ops on non-leaf tensors are recorded: backward sees the whole chain.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
y.mul_(3)
y.sub_(x)
y.backward(torch.tensor([1.0, 10.0, 100.0]))
print(y.detach())
print(x.grad)

# in-place with a tensor operand that requires grad
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
h = a * 1
h.mul_(b)
h.div_(2)
h.sum().backward()
print(a.grad, b.grad)

# in-place activations on a non-leaf
z = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
r = z * 1
r.relu_()
r.backward(torch.tensor([1.0, 2.0, 3.0]))
print(z.grad)

w = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
s = w + 0
s.pow_(2)
s.clamp_(max=3.0)
s.backward(torch.tensor([1.0, 1.0, 1.0]))
print(w.grad)

# augmented assignment on a non-leaf is in place too
q = torch.tensor([2.0, 4.0], requires_grad=True)
t = q * q
t += q
t *= 2
t.sum().backward()
print(q.grad)
