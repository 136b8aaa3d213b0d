# Modifying in place a tensor that backward still needs raises RuntimeError.
import torch

def show(e):
    print(type(e).__name__ + ":", str(e).split(":")[0])

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
c = b * b
b.add_(1)
try:
    c.sum().backward()
    print("no error")
except RuntimeError as e:
    show(e)

# exp saves its result: modifying the result breaks backward
x = torch.tensor([0.0, 1.0], requires_grad=True)
y = x.exp()
y.mul_(2)
try:
    y.sum().backward()
    print("no error")
except RuntimeError as e:
    show(e)

# a modification that no saved tensor depends on is fine: add saves nothing
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = p * 1
r = q + 3
q.mul_(10)
r.sum().backward()
print(p.grad)

# modifying a leaf under no_grad after it was saved also breaks backward
w = torch.tensor([1.0, 2.0], requires_grad=True)
out = (w * w).sum()
with torch.no_grad():
    w.add_(1)
try:
    out.backward()
    print("no error")
except RuntimeError as e:
    show(e)
print(w)
