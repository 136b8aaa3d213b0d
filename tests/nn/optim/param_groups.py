# kiln-float-tolerance: 1e-4
# Parameter groups with their own options; changing a group's lr between
# steps (what a scheduler does); optimizing a module's parameters().
import torch
from torch import nn

a = torch.tensor([1.0, 1.0], requires_grad=True)
b = torch.tensor([1.0, 1.0], requires_grad=True)
opt = torch.optim.SGD([{"params": [a]}, {"params": [b], "lr": 0.5, "momentum": 0.9}], lr=0.1)
print(len(opt.param_groups), [g["lr"] for g in opt.param_groups], [g["momentum"] for g in opt.param_groups])
for step in range(3):
    opt.zero_grad()
    (a * a + b * b).sum().backward()
    opt.step()
    print(step, a.detach(), b.detach())

for group in opt.param_groups:
    group["lr"] = group["lr"] * 0.1
opt.zero_grad()
(a * a + b * b).sum().backward()
opt.step()
print([round(g["lr"], 6) for g in opt.param_groups], a.detach(), b.detach())

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
    lin.bias.zero_()
adam = torch.optim.Adam(lin.parameters(), lr=0.1)
print(len(adam.param_groups[0]["params"]), adam.param_groups[0]["betas"])
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
for step in range(3):
    adam.zero_grad()
    loss = (lin(x) ** 2).mean()
    loss.backward()
    adam.step()
    print(step, round(loss.item(), 6), lin.weight.detach(), lin.bias.detach())
