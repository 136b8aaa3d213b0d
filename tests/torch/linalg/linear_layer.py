# kiln-float-tolerance: 1e-4
# A tiny linear layer and softmax classifier written with tensor ops.
import torch

x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [0.0, 0.0]])
w = torch.tensor([[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]])
b = torch.tensor([0.1, 0.0, -0.1])
h = x @ w + b
print(h)
p = torch.softmax(h, dim=1)
print(p)
print(p.argmax(dim=1))
y = torch.tensor([2, 1, 0])
loss = -torch.log_softmax(h, dim=1)[torch.arange(3), y].mean()
print(loss)
print(torch.relu(h) @ torch.ones(3, 1))
