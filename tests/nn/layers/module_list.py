# nn.ModuleList: append, extend, indexing, len, iteration; parameters of the
# contained modules are registered.
import torch
from torch import nn


class Stack(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.ModuleList()
        for i in range(n):
            self.layers.append(nn.Linear(2, 2))

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x


s = Stack(3)
print(len(s.layers), [n for n, _ in s.named_parameters()])
with torch.no_grad():
    for i, layer in enumerate(s.layers):
        layer.weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 1.0]]) * (i + 1) * 0.5)
        layer.bias.fill_(0.1 * i)
x = torch.tensor([[1.0, -1.0]])
y = s(x)
print([round(v, 4) for v in y.detach().tolist()[0]])
y.sum().backward()
print([round(v, 4) for v in s.layers[0].weight.grad.flatten().tolist()])

ml = nn.ModuleList([nn.ReLU(), nn.Tanh()])
ml.extend([nn.Sigmoid()])
ml.insert(0, nn.Identity())
print([type(m).__name__ for m in ml], len(ml))
print(type(ml[1]).__name__, type(ml[-1]).__name__)
print(type(ml[1:]).__name__, len(ml[1:]))
