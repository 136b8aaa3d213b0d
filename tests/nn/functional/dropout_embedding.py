# F.dropout with training=False (identity), p=0; F.embedding and its gradient.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = F.dropout(x, p=0.5, training=False)
print(torch.equal(y, x))
y.sum().backward()
print(x.grad)
print(torch.equal(F.dropout(x, p=0.0), x))

weight = torch.tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]], requires_grad=True)
idx = torch.tensor([[3, 1], [1, 1]])
e = F.embedding(idx, weight)
print(e.detach())
e.backward(torch.arange(8.0).view(2, 2, 2))
print(weight.grad)

weight.grad = None
F.embedding(torch.tensor([0, 2, 0]), weight, padding_idx=0).sum().backward()
print(weight.grad)
