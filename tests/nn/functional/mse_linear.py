# F.mse_loss and F.linear (with and without bias), with gradients.
import torch
import torch.nn.functional as F

pred = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
tgt = torch.tensor([1.5, 2.0, 1.0])
loss = F.mse_loss(pred, tgt)
loss.backward()
print(loss.detach(), pred.grad)
print(F.mse_loss(pred, tgt, reduction="sum").detach())
print(F.mse_loss(pred, tgt, reduction="none").detach())

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]], requires_grad=True)
w = torch.tensor([[1.0, -1.0], [2.0, 0.5], [0.0, 1.0]], requires_grad=True)
b = torch.tensor([0.5, -0.5, 1.0], requires_grad=True)
y = F.linear(x, w, b)
print(y.detach())
y.backward(torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0], [1.0, 1.0, 1.0]]))
print(x.grad)
print(w.grad)
print(b.grad)

y2 = F.linear(torch.tensor([1.0, 1.0]), w)
print(y2.detach(), y2.shape)
