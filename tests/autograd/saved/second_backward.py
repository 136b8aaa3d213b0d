# Saved tensors are freed after a backward without retain_graph: a second
# backward through ops that saved tensors raises RuntimeError.
import torch

def first_sentence(e):
    return str(e).split(" (")[0]

for name, fn in [("mul", lambda t: t * t),
                 ("exp", lambda t: t.exp()),
                 ("pow", lambda t: t ** 3),
                 ("matmul", lambda t: t @ t),
                 ("sigmoid", lambda t: torch.sigmoid(t))]:
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    out = fn(x).sum()
    out.backward()
    try:
        out.backward()
        print(name, "no error")
    except RuntimeError as e:
        print(name, type(e).__name__ + ":", first_sentence(e))

# after retain_graph=True the graph survives one more backward
x = torch.tensor([1.0, 2.0], requires_grad=True)
out = (x * x).sum()
out.backward(retain_graph=True)
out.backward()
print(x.grad)
try:
    out.backward()
except RuntimeError as e:
    print(type(e).__name__ + ":", first_sentence(e))

# torch.autograd.grad frees the graph too
y = torch.tensor([1.0, 2.0], requires_grad=True)
o = (y.exp()).sum()
torch.autograd.grad(o, y)
try:
    o.backward()
except RuntimeError as e:
    print(type(e).__name__ + ":", first_sentence(e))
