# train() and eval() set .training on the module and all submodules and
# return the module itself.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5), nn.Sequential(nn.ReLU()))
print(model.training, [m.training for m in model.modules()])
r = model.eval()
print(r is model, model.training, [m.training for m in model.modules()])
model.train()
print([m.training for m in model.modules()])
model.train(False)
print([m.training for m in model.modules()])
model[2].train()
print([m.training for m in model.modules()])


class Custom(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(1, 1)

    def forward(self, x):
        if self.training:
            return x * 0
        return x + 1


c = Custom()
x = torch.tensor([[3.0]])
print(c(x))
c.eval()
print(c(x), c.lin.training)
