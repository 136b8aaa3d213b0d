# Every way of reaching torch.nn and torch.optim works as in PyTorch:
# submodule imports, `from` imports, aliases, and attribute access after a
# bare `import torch` (PyTorch's torch/__init__ imports nn and optim; Kiln
# imports them on first use).
import torch
print(type(torch.nn.Linear(2, 3)).__name__, torch.optim.SGD.__name__, torch.nn.functional.relu(torch.tensor([-1.0, 2.0])))
print(torch.nn.init.zeros_(torch.ones(2)), torch.nn.Parameter.__name__)
import torch.nn as nn
import torch.nn.functional as F
from torch import nn as nn2, optim
from torch.nn import functional as F2, init
from torch.optim import SGD, Adam, AdamW, Optimizer
from torch.nn import Module, Linear, Parameter
import torch.optim
import torch.nn.init
print(nn is torch.nn, nn2 is nn, F is nn.functional, F2 is F, init is nn.init, optim is torch.optim)
print(SGD is optim.SGD, Adam is torch.optim.Adam, AdamW is optim.AdamW, issubclass(SGD, Optimizer))
print(Module is nn.Module, Linear is nn.Linear, Parameter is nn.Parameter, nn.parameter.Parameter is Parameter)
print(nn.init.zeros_(torch.ones(3)), nn.init.ones_(torch.zeros(2, 2)))
print(F.relu(torch.tensor([-1.0, 0.5])), torch.nn.functional.gelu(torch.tensor([0.0])))
for c in [nn.Linear, nn.ReLU, nn.GELU, nn.SiLU, nn.Tanh, nn.Sigmoid, nn.Sequential, nn.ModuleList, nn.LayerNorm,
          nn.Embedding, nn.Dropout, nn.MSELoss, nn.CrossEntropyLoss, nn.NLLLoss, nn.Identity, nn.Flatten,
          nn.Softmax, nn.LogSoftmax, nn.Module, optim.SGD, optim.Adam, optim.AdamW, optim.Optimizer]:
    print(c.__module__, c.__name__)
print(type(nn.Parameter(torch.zeros(1))))
print(nn.modules.linear.Linear is nn.Linear, nn.modules.module.Module is nn.Module)
