# handle.remove() unregisters a hook; removing one hook keeps the others.
import torch

log = []
x = torch.tensor([1.0, 2.0], requires_grad=True)
h1 = x.register_hook(lambda g: log.append("h1"))
h2 = x.register_hook(lambda g: g * 100)
h3 = x.register_hook(lambda g: log.append("h3"))
(x * 2).sum().backward()
print(log, x.grad)

h2.remove()
x.grad = None
log.clear()
(x * 2).sum().backward()
print(log, x.grad)

h1.remove()
h3.remove()
x.grad = None
log.clear()
(x * 2).sum().backward()
print(log, x.grad)

# removing twice is harmless
h1.remove()
print("ok")

# a hook on a non-leaf removed before backward does not run
y = torch.tensor([3.0], requires_grad=True)
z = y * y
hz = z.register_hook(lambda g: g * 0)
hz.remove()
z.sum().backward()
print(y.grad)

# register_hook on a tensor that does not require grad raises
try:
    torch.tensor([1.0]).register_hook(lambda g: g)
except RuntimeError as e:
    print("RuntimeError:", e)
