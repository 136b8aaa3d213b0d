# state_dict(): keys in registration order (parameters, then buffers, then
# submodules), detached tensors sharing storage; load_state_dict copies values.
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 2)
        self.register_buffer("steps", torch.zeros(1))
        self.fc2 = nn.Linear(2, 1, bias=False)
        self.norm = nn.LayerNorm(2)

    def forward(self, x):
        return self.fc2(self.norm(self.fc1(x)))


net = Net()
sd = net.state_dict()
for k, v in sd.items():
    print(k, tuple(v.shape), v.requires_grad)
print(list(sd.keys()))
print([name for name, _ in net.named_buffers()])

src = Net()
with torch.no_grad():
    for i, p in enumerate(src.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).view(p.shape) * 0.5 + i)
    src.steps.fill_(7.0)
result = net.load_state_dict(src.state_dict())
print(result.missing_keys, result.unexpected_keys)
print(net.fc1.weight)
print(net.fc2.weight.detach(), net.norm.bias.detach(), net.steps)
print(net.fc1.weight.requires_grad, net.fc1.weight.is_leaf)

# the state_dict shares storage with the parameters
sd2 = net.state_dict()
with torch.no_grad():
    net.fc2.weight.mul_(2)
print(sd2["fc2.weight"])
x = torch.tensor([[1.0, 0.0, -1.0]])
print(torch.equal(net(x), src(x)))
