# kiln-float-tolerance: 1e-4
# A two-layer MLP fit to XOR with SGD (momentum), weights set deterministically.
import torch
from torch import nn


def init_deterministic(model):
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            n = p.numel()
            p.copy_(torch.sin(torch.arange(n, dtype=torch.float32) * 1.7 + i).view(p.shape) * 0.8)


model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
init_deterministic(model)
x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
loss_fn = nn.MSELoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for step in range(40):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    if step % 4 == 0 or step == 39:
        print(step, round(loss.item(), 6))
with torch.no_grad():
    print(model(x).squeeze(1))
print(model[0].weight.grad.shape, model[2].bias.grad)
