# nn.MSELoss with reduction mean, sum and none, and its gradients.
import torch
from torch import nn

target = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
for reduction in ["mean", "sum", "none"]:
    pred = torch.tensor([[1.5, 1.0], [3.0, 6.0]], requires_grad=True)
    loss_fn = nn.MSELoss(reduction=reduction)
    loss = loss_fn(pred, target)
    print(reduction, loss.detach())
    if reduction == "none":
        loss.backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    else:
        loss.backward()
    print(pred.grad)

# the target may require grad too
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([2.0, 0.0], requires_grad=True)
nn.MSELoss()(a, b).backward()
print(a.grad, b.grad)
print(nn.MSELoss()(torch.tensor(2.0), torch.tensor(5.0)))
