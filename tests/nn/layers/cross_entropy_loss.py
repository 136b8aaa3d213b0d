# kiln-float-tolerance: 1e-4
# nn.CrossEntropyLoss: reduction mean/sum/none, ignore_index, gradients.
import torch
from torch import nn

logits0 = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0], [0.0, 0.0, 0.0], [1.0, -1.0, 3.0]])
target = torch.tensor([0, 1, 2, 1])

for reduction in ["mean", "sum", "none"]:
    logits = logits0.clone().requires_grad_()
    loss = nn.CrossEntropyLoss(reduction=reduction)(logits, target)
    print(reduction, loss.detach())
    loss.sum().backward()
    print(logits.grad)

logits = logits0.clone().requires_grad_()
loss = nn.CrossEntropyLoss(ignore_index=1)(logits, target)
print("ignore_index", loss.detach())
loss.backward()
print(logits.grad)

logits = logits0.clone().requires_grad_()
loss = nn.CrossEntropyLoss(ignore_index=1, reduction="none")(logits, target)
print(loss.detach())

# a single sample without a batch dim
one = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
l1 = nn.CrossEntropyLoss()(one, torch.tensor(2))
l1.backward()
print(l1.detach(), one.grad)
