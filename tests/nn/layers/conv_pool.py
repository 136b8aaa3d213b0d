# kiln-float-tolerance: 1e-4
# nn.Conv2d / Conv1d (reprs, parameter shapes, initialisation bounds,
# groups, no bias), the pooling layers, and a small LeNet-style network
# trained for a few SGD steps with weights set from sin / cos of arange
# (Kiln's random draws differ from PyTorch's; no ties, so the max pools
# pick the same elements): losses and a gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F

c = nn.Conv2d(3, 8, 3)
print(c, c.weight.shape, c.bias.shape, bool(c.weight.abs().max() <= 1 / 27 ** 0.5), bool(c.bias.abs().max() <= 1 / 27 ** 0.5))
print(nn.Conv2d(4, 8, (3, 5), stride=2, padding=1, dilation=2, groups=2, bias=False))
print(nn.Conv2d(4, 4, 3, padding='same'), nn.Conv1d(2, 6, 5, stride=2), nn.Conv1d(2, 6, 5).weight.shape)
print(nn.MaxPool2d(2), nn.MaxPool2d(3, stride=1, padding=1), nn.AvgPool2d(2), nn.AdaptiveAvgPool2d((1, 1)))
print(nn.MaxPool1d(2), nn.AvgPool1d(3), nn.AdaptiveAvgPool1d(4))


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
        self.conv2 = nn.Conv2d(4, 6, 3)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(6 * 2 * 2, 3)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        return self.fc(torch.flatten(x, 1))


net = LeNet()
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * (0.7 + i)) / (2 + i))
print(net)
x = torch.cos(torch.arange(4 * 1 * 12 * 12, dtype=torch.float32).reshape(4, 1, 12, 12) * 0.31)
y = torch.tensor([0, 2, 1, 2])
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
for step in range(5):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
print(net.conv1.weight.grad[0, 0])
