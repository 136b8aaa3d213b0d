# Tensor.register_hook on a leaf: the hook sees the gradient before it is
# accumulated into .grad; returning a tensor replaces it.
import torch

seen = []

def record(g):
    seen.append(g.clone())

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x.register_hook(record)
(x * x).sum().backward()
print(len(seen), seen[0])
print(x.grad)

y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y.register_hook(lambda g: g * 10)
(y * y).sum().backward()
print(y.grad)

# a hook returning None leaves the gradient unchanged
z = torch.tensor([4.0, 5.0], requires_grad=True)
z.register_hook(lambda g: None)
(z * 3).sum().backward()
print(z.grad)

# hooks run in the order they were registered, each seeing the previous result
w = torch.tensor([1.0, 1.0], requires_grad=True)
w.register_hook(lambda g: g + 1)
w.register_hook(lambda g: g * 2)
w.register_hook(lambda g: print("third sees", g))
(w * 5).sum().backward()
print(w.grad)

# a hook on a leaf runs once per backward, with accumulation after it
count = [0]
def counter(g):
    count[0] += 1
u = torch.tensor([2.0], requires_grad=True)
u.register_hook(counter)
(u * u + u).sum().backward()
(u * 3).sum().backward()
print(count[0], u.grad)
