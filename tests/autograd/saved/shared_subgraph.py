# Two losses sharing a subgraph: the first backward must retain the graph
# for the second to succeed; summing the losses needs only one backward.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * w
l1 = (h * 3).sum()
l2 = (h * h).sum()
l1.backward()
try:
    l2.backward()
    print("no error")
except RuntimeError as e:
    print(type(e).__name__ + ":", str(e).split(" (")[0])
print(w.grad)

w.grad = None
h = w * w
l1 = (h * 3).sum()
l2 = (h * h).sum()
l1.backward(retain_graph=True)
l2.backward()
print(w.grad)

w.grad = None
h = w * w
((h * 3).sum() + (h * h).sum()).backward()
print(w.grad)
