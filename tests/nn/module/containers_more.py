# nn.ModuleDict, nn.ParameterList and nn.ParameterDict: construction,
# indexing, assignment, iteration, membership, update, pop, reprs, and
# their parameters in named_parameters() / state_dict().
import torch
import torch.nn as nn

d = nn.ModuleDict({'a': nn.Linear(2, 3), 'b': nn.ReLU()})
d['c'] = nn.Linear(3, 1)
print(d)
print(len(d), list(d.keys()), 'a' in d, 'z' in d, [type(m).__name__ for m in d.values()])
d.update([('e', nn.Tanh())])
print(list(d), type(d.pop('b')).__name__, list(d))
print([n for n, p in d.named_parameters()])

pl = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), torch.zeros(4)])
pl.append(nn.Parameter(torch.full((1,), 5.0)))
print(pl)
print(len(pl), [p.shape for p in pl], type(pl[1]).__name__, pl[-1])
pl[0] = torch.ones(3)
print([n for n, p in pl.named_parameters()], pl[0].requires_grad)

pd = nn.ParameterDict({'w': nn.Parameter(torch.ones(2)), 'b': torch.zeros(3)})
pd['s'] = nn.Parameter(torch.tensor([2.0]))
print(pd)
print(len(pd), list(pd.keys()), 'w' in pd, sorted(pd.state_dict().keys()))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({'x': nn.Linear(2, 2), 'y': nn.Linear(2, 1)})
        self.scales = nn.ParameterList([nn.Parameter(torch.ones(2)) for _ in range(2)])

    def forward(self, v):
        return {k: m(v * self.scales[0] * self.scales[1]) for k, m in self.heads.items()}


net = Net()
print(sorted(net.state_dict().keys()), {k: v.shape for k, v in net(torch.ones(1, 2)).items()})
