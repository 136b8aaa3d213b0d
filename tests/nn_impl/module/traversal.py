# parameters / named_parameters / buffers / children / modules / named_modules
# with shared submodules and parameters (each reported once), recurse=False,
# prefixes; apply; train/eval recursion; requires_grad_; forward hooks.
import torch
import torch.nn as nn

torch.manual_seed(0)
shared = nn.Linear(2, 2)
net = nn.Sequential(shared, nn.ReLU(), nn.Sequential(shared, nn.Tanh()), nn.Linear(2, 1))
net[3].weight = shared.weight  # a tied parameter
print([n for n, _ in net.named_parameters()])
print(len(list(net.parameters())), len(list(net.parameters(recurse=False))))
print([n for n, _ in net.named_parameters(prefix='model')])
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_modules(remove_duplicate=False)])
print([type(m).__name__ for m in net.modules()])
print([n for n, _ in net.named_children()], [type(m).__name__ for m in net.children()])
print([n for n, _ in net[2].named_parameters(recurse=False)], [n for n, _ in net[2].named_parameters()])

seen = []
print(net.apply(lambda m: seen.append(type(m).__name__)) is net, seen)
print(net.eval() is net, [m.training for m in net.modules()])
print(net.train() is net, [m.training for m in net.modules()])
net.train(False)
print([m.training for m in net.modules()])
try:
    net.train('yes')
except ValueError as e:
    print(type(e).__name__, e)
print(net.requires_grad_(False) is net, [p.requires_grad for p in net.parameters()])
net.requires_grad_()
print([p.requires_grad for p in net.parameters()])


class Buf(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('a', torch.zeros(1))
        self.register_buffer('b', None)
        self.inner = nn.Module()
        self.inner.register_buffer('c', torch.ones(2))


b = Buf()
print([n for n, _ in b.named_buffers()], len(list(b.buffers())), len(list(b.buffers(recurse=False))))

lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    lin.bias.fill_(0.5)
calls = []
h1 = lin.register_forward_pre_hook(lambda m, inp: calls.append(('pre', tuple(inp[0].shape))))
h2 = lin.register_forward_hook(lambda m, inp, out: out * 10)
print(lin(torch.ones(1, 2)).detach(), calls)
h2.remove()
h3 = lin.register_forward_pre_hook(lambda m, inp: (inp[0] * 2,))
print(lin(torch.ones(1, 2)).detach())
h1.remove()
h3.remove()
print(lin(torch.ones(1, 2)).detach(), len(calls))
