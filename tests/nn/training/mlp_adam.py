# kiln-float-tolerance: 1e-4
# A small classifier (Linear-GELU-Linear) trained with Adam and cross-entropy
# on a fixed 3-class data set; accuracy at the end.
import torch
from torch import nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 6)
        self.fc2 = nn.Linear(6, 3)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


model = MLP()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.cos(torch.arange(p.numel(), dtype=torch.float32) * 0.9 + i).view(p.shape) * 0.5)

x = torch.tensor([[1.0, 0.0], [0.9, 0.2], [0.0, 1.0], [0.1, 0.8], [-1.0, -1.0], [-0.8, -0.9]])
labels = torch.tensor([0, 0, 1, 1, 2, 2])
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for step in range(25):
    opt.zero_grad()
    logits = model(x)
    loss = F.cross_entropy(logits, labels)
    loss.backward()
    opt.step()
    if step % 5 == 0 or step == 24:
        print(step, round(loss.item(), 6))
with torch.no_grad():
    pred = model(x).argmax(dim=1)
print(pred, (pred == labels).float().mean().item())
print(model.training, all(p.grad is not None for p in model.parameters()))
