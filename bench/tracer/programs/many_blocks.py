# Twelve identical residual MLP blocks in a ModuleList, called from a Python
# loop (each block call is a frame of its own): inference batches, then a
# few training steps with AdamW, and an evaluation under no_grad.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(self.norm(x))))


class Net(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d) for _ in range(n)])
        self.head = nn.Linear(d, 1)

    def run_blocks(self, x):
        for b in self.blocks:
            x = b(x)
        return x


net = Net(32, 12)
x = torch.randn(64, 32)
y = torch.randn(64, 1)
with torch.no_grad():
    for i in range(1500):
        h = net.run_blocks(x)
    print("inference", round(float(h.sum()), 3))
opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
for step in range(400):
    loss = ((net.head(net.run_blocks(x)) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 100 == 0:
        with torch.no_grad():
            print(step, round(float(((net.head(net.run_blocks(x)) - y) ** 2).mean()), 4))
print("done")
