# nn.Module's attribute protocol: __setattr__ sorts values into _parameters,
# _modules and _buffers (a Parameter or Module replaces a plain attribute of
# the same name), __getattr__ finds them, del removes them; registration
# errors carry PyTorch's types and messages.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0
        self.w = nn.Parameter(torch.ones(2))
        self.sub = nn.Linear(2, 2)
        self.register_buffer('steps', torch.zeros(1))
        self.register_buffer('tmp', torch.ones(1), persistent=False)


def show(m):
    print(list(m._parameters.keys()), list(m._modules.keys()), list(m._buffers.keys()),
          sorted(k for k in m.__dict__.keys() if not k.startswith('_')))


n = Net()
show(n)
print(n.scale, n.w, type(n.sub).__name__, n.steps, n.tmp)
print(list(n.state_dict().keys()))
n.scale = nn.Parameter(torch.zeros(1))  # a Parameter replaces the plain attribute
n.w = None                              # a registered parameter may become None
n.steps = torch.full((1,), 5.0)         # buffers take tensors
show(n)
print(n.w, n.steps, [k for k, _ in n.named_parameters()])
del n.scale
del n.sub
del n.tmp
show(n)
print(hasattr(n, 'scale'), hasattr(n, 'sub'), hasattr(n, 'steps'))


def attempt(f):
    try:
        f()
        print('ok')
    except Exception as e:
        print(type(e).__name__, e)


n = Net()
attempt(lambda: setattr(n, 'w', torch.ones(2)))
attempt(lambda: setattr(n, 'sub', 3))
attempt(lambda: setattr(n, 'steps', [1.0]))
attempt(lambda: n.register_parameter('scale', nn.Parameter(torch.ones(1))))
attempt(lambda: n.register_parameter('a.b', None))
attempt(lambda: n.register_parameter('', None))
attempt(lambda: n.register_parameter('p', torch.ones(1)))
attempt(lambda: n.register_parameter(3, None))
attempt(lambda: n.register_buffer('scale', torch.ones(1)))
attempt(lambda: n.register_buffer('b', 3))
attempt(lambda: n.register_buffer('x.y', None))
attempt(lambda: n.add_module('m', 3))
attempt(lambda: n.add_module('a.b', nn.ReLU()))
attempt(lambda: n.add_module('', nn.ReLU()))
attempt(lambda: n.add_module('scale', nn.ReLU()))
attempt(lambda: n.nothing)
attempt(lambda: n.get_submodule('sub.weight'))
attempt(lambda: n.get_submodule('nope'))
print(n.get_submodule('sub') is n.sub, n.get_parameter('sub.bias') is n.sub.bias, n.get_submodule('') is n)


class Early(nn.Module):
    def __init__(self, what):
        if what == 'param':
            self.p = nn.Parameter(torch.ones(1))
        elif what == 'module':
            self.m = nn.ReLU()
        else:
            self.register_buffer('b', None)
        super().__init__()


for what in ['param', 'module', 'buffer']:
    attempt(lambda: Early(what))


class NoForward(nn.Module):
    pass


attempt(lambda: NoForward()(torch.ones(1)))
