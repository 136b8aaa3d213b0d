# nn.Sequential: forward chains the modules; indexing, slicing, len, iteration.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 0.5], [-1.0, 2.0]]))
    model[0].bias.copy_(torch.tensor([0.0, -1.0, 0.5]))
    model[2].weight.copy_(torch.tensor([[1.0, 2.0, 3.0]]))
    model[2].bias.fill_(-0.5)
print(len(model))
print([type(m).__name__ for m in model])
print(model[-1])
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
out = model(x)
print(out.detach())
out.sum().backward()
print(model[0].weight.grad)
print(model[0].bias.grad)
print(model[2].weight.grad)

head = model[:2]
print(type(head).__name__, len(head))
print(head(x).detach())
print([n for n, _ in model.named_parameters()])

model.append(nn.Sigmoid())
print(len(model), model[3])
