# kiln-float-tolerance: 1e-4
# F.cross_entropy and F.nll_loss: reductions, ignore_index, their agreement
# (cross_entropy = nll_loss of log_softmax) and gradients.
import torch
import torch.nn.functional as F

logits0 = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 2.0], [3.0, 1.0, 1.0]])
target = torch.tensor([1, 2, 1])

x = logits0.clone().requires_grad_()
ce = F.cross_entropy(x, target)
ce.backward()
print(round(ce.item(), 4))
print(x.grad)

x = logits0.clone().requires_grad_()
nll = F.nll_loss(F.log_softmax(x, dim=1), target)
nll.backward()
print(round(nll.item(), 4))
print(x.grad)

print(F.cross_entropy(logits0, target, reduction="sum"))
print(F.cross_entropy(logits0, target, reduction="none"))
print(F.cross_entropy(logits0, target, ignore_index=2))
print(F.cross_entropy(logits0, torch.tensor([-100, 0, 0])))

lp = torch.tensor([[-0.5, -1.0, -2.0], [-3.0, -0.1, -0.7]], requires_grad=True)
out = F.nll_loss(lp, torch.tensor([2, 1]))
out.backward()
print(out.detach(), lp.grad)
lp.grad = None
F.nll_loss(lp, torch.tensor([2, 1]), reduction="sum").backward()
print(lp.grad)
print(F.nll_loss(lp, torch.tensor([2, 1]), reduction="none").detach())
