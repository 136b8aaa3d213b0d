# kiln-float-tolerance: 1e-4
# softmax and log_softmax gradients along each dim.
import torch

up = torch.tensor([[1.0, 0.0, -1.0], [0.5, 2.0, 1.0]])

x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -0.5, 0.0]], requires_grad=True)
torch.softmax(x, dim=1).backward(up)
print(x.grad)

x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -0.5, 0.0]], requires_grad=True)
x.softmax(dim=0).backward(up)
print(x.grad)

x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -0.5, 0.0]], requires_grad=True)
torch.log_softmax(x, dim=-1).backward(up)
print(x.grad)

x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -0.5, 0.0]], requires_grad=True)
x.log_softmax(0).backward(up)
print(x.grad)

# the gradient of a sum of softmax outputs is zero; of one picked entry it is not
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
torch.softmax(x, dim=0)[2].backward()
print(x.grad)

# cross-entropy by hand: -log_softmax at the target
logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]], requires_grad=True)
target = torch.tensor([0, 1])
lp = torch.log_softmax(logits, dim=1)
loss = -(lp[torch.arange(2), target]).mean()
loss.backward()
print(round(loss.item(), 4))
print(logits.grad)
