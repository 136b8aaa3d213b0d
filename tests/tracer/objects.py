# vmrun-flags: --hot-threshold=1000000
# User objects and nn.Module: an instance's attributes and its dicts' items
# are read through sources, each with a guard (an nn.Module by identity, other instances by class,
# its classes by version, a dict by its keys when used whole); methods,
# properties, __getattr__ and nn.Module.__call__ (without hooks) are
# inlined, so a model's forward is one graph with its parameters as inputs.
# Only the torch.compile'd functions are traced (the threshold is high), so
# the report does not depend on torch.nn's own code.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)
        self.scale = 0.5

    def forward(self, x):
        h = F.relu(self.fc1(x))
        return self.fc2(h) * self.scale


@torch.compile
def run_model(m, x):
    return m(x).sum(1)


torch.manual_seed(0)
m = MLP()
x = torch.randn(3, 4)
with torch.no_grad():
    for i in range(3):
        print(run_model(m, x))
    m.scale = 2.0  # an attribute guard fails: recompile
    print(run_model(m, x))
    m.fc2.weight.mul_(0.5)  # in place: same tensor, no recompile
    print(run_model(m, x))


class Point:
    def __init__(self, a):
        self.a = a
        self.cfg = {"k": 2, "bias": 1.0}

    @property
    def double(self):
        return self.a * self.cfg["k"]

    def shifted(self, y):
        total = self.double + y
        for name, v in self.cfg.items():
            if name == "bias":
                total = total + v
        return total

    def __getattr__(self, name):
        if name == "neg":
            return -self.a
        raise AttributeError(name)


@torch.compile
def use(p, y):
    return p.shifted(y) - p.neg


p = Point(torch.ones(2))
for i in range(3):
    print(use(p, torch.arange(2.0)))
p.a = torch.zeros(2)
print(use(p, torch.arange(2.0)))
p.cfg["extra"] = 5  # the dict's keys change: recompile
print(use(p, torch.arange(2.0)))
Point.shifted = lambda self, y: y * 100  # the class changes: recompile
print(use(p, torch.arange(2.0)))
p.neg = torch.ones(2) * 7  # now an instance attribute: recompile
print(use(p, torch.arange(2.0)))


# A plain attribute store on a module (not a parameter, buffer or submodule)
# is a graph node, made in program order.
class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.steps = 0
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        self.steps = self.steps + 1
        return self.lin(x) * self.steps


@torch.compile
def step(c, x):
    return c(x)


torch.manual_seed(1)
c = Counter()
with torch.no_grad():
    for _ in range(3):
        print(step(c, torch.ones(2)), c.steps)


# Containers: iterating an nn.ModuleList, indexing it and its len (the
# class's __iter__, __getitem__ and __len__ inlined), nn.Sequential.
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        self.seq = nn.Sequential(nn.Linear(4, 2), nn.ReLU())

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        x = x + self.layers[1](x) * len(self.layers)
        return self.seq(x)


@torch.compile
def run_net(m, x):
    return m(x)


torch.manual_seed(0)
net = Net()
with torch.no_grad():
    for _ in range(2):
        print(run_net(net, torch.randn(2, 4)))


# super() in a forward (zero-argument and two-argument forms).
class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x)


class Child(Base):
    def forward(self, x):
        y = super().forward(x)
        return torch.relu(y) + super(Child, self).forward(x)


@torch.compile
def run_child(m, x):
    return m(x)


torch.manual_seed(0)
child = Child()
with torch.no_grad():
    for i in range(2):
        print(run_child(child, torch.ones(2, 3) * i))
