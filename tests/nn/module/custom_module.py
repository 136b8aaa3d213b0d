# A user nn.Module: parameters and submodules registered by attribute
# assignment, __call__ running forward, parameters() and named_parameters().
import torch
from torch import nn


class Affine(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))
        self.shift = nn.Parameter(torch.zeros(n))
        self.note = "plain attribute"
        self.constant = torch.tensor([1.0])

    def forward(self, x):
        return x * self.scale + self.shift


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Affine(3)
        self.second = Affine(3)
        self.gain = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        return self.second(self.first(x)) * self.gain


net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad, type(p).__name__, p.is_leaf)
print(len(list(net.parameters())))
print(isinstance(net.first.scale, torch.Tensor), isinstance(net.first.scale, nn.Parameter))
print(net.first.note, net.first.constant.requires_grad)

with torch.no_grad():
    net.first.scale.copy_(torch.tensor([1.0, 2.0, 3.0]))
    net.second.shift.fill_(0.5)
x = torch.tensor([[1.0, 1.0, 1.0], [2.0, 0.0, -1.0]])
y = net(x)
print(y.detach())
y.sum().backward()
for name, p in net.named_parameters():
    print(name, p.grad)

# forward can also be called directly; __call__ is the usual way
print(torch.equal(net.forward(x), net(x)))
print(isinstance(net, nn.Module), isinstance(net.first, Affine))
