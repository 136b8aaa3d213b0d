# kiln-float-tolerance: 1e-4
# retain_graph=True keeps the saved tensors so the graph can be walked again.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
try:
    y.backward()
except RuntimeError as e:
    print("RuntimeError", str(e).split(" (")[0])

# two outputs sharing a subgraph: the shared part is retained for the second
a = torch.tensor([2.0, 3.0], requires_grad=True)
h = a.exp()
u = (h * h).sum()
v = (h * 3).sum()
u.backward(retain_graph=True)
print(a.grad)
v.backward()
print(a.grad)
