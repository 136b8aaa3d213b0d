# Optimizer construction: parameter groups (dicts with per-group options,
# defaults filled in), add_param_group, repr, zero_grad (set_to_none
# defaults to False in 1.13), state_dict / load_state_dict round trip, and
# PyTorch's errors for bad arguments.
import torch
import torch.nn as nn
import torch.optim as optim

a = nn.Parameter(torch.tensor([1.0, 2.0]))
b = nn.Parameter(torch.tensor([3.0]))
c = nn.Parameter(torch.tensor([-1.0]))
opt = optim.SGD([{'params': [a]}, {'params': b, 'lr': 0.5, 'momentum': 0.9}], lr=0.1)
print(opt)
print([sorted(g.keys()) for g in opt.param_groups])
print([g['lr'] for g in opt.param_groups], [len(g['params']) for g in opt.param_groups])
opt.add_param_group({'params': [c], 'weight_decay': 0.1})
print(len(opt.param_groups), opt.param_groups[2]['lr'], opt.param_groups[2]['weight_decay'])
for p in (a, b, c):
    p.grad = torch.ones_like(p)
opt.step()
print(a.detach(), b.detach(), c.detach())
opt.zero_grad()
print(a.grad, b.grad, c.grad)
opt.zero_grad(set_to_none=True)
print(a.grad, b.grad, c.grad)
sd = opt.state_dict()
print(sd['param_groups'][1], sd['state'])
opt2 = optim.SGD([{'params': [a]}, {'params': b}, {'params': [c]}], lr=1.0)
opt2.load_state_dict(sd)
print([g['lr'] for g in opt2.param_groups], opt2.state[b]['momentum_buffer'], opt2.param_groups[1]['params'][0] is b)

print(optim.Adam([a], lr=0.01, betas=(0.5, 0.6), weight_decay=0.1))
print(optim.AdamW([a]))


def attempt(f):
    try:
        f()
        print('ok')
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: optim.SGD([a]))
attempt(lambda: optim.SGD([a], lr=-1))
attempt(lambda: optim.SGD([a], lr=0.1, momentum=-0.5))
attempt(lambda: optim.SGD([a], lr=0.1, weight_decay=-1))
attempt(lambda: optim.SGD([a], lr=0.1, nesterov=True))
attempt(lambda: optim.SGD([a], lr=0.1, momentum=0.9, dampening=0.1, nesterov=True))
attempt(lambda: optim.SGD([], lr=0.1))
attempt(lambda: optim.SGD(a, lr=0.1))
attempt(lambda: optim.SGD([a, 3], lr=0.1))
attempt(lambda: optim.SGD([a * 2], lr=0.1))
attempt(lambda: optim.SGD([{'params': [a]}, {'params': [a]}], lr=0.1))
attempt(lambda: optim.SGD({a}, lr=0.1))
attempt(lambda: optim.SGD([{'params': {a}}], lr=0.1))
attempt(lambda: optim.Adam([a], lr=-0.1))
attempt(lambda: optim.Adam([a], eps=-1.0))
attempt(lambda: optim.Adam([a], betas=(1.0, 0.9)))
attempt(lambda: optim.Adam([a], betas=(0.9, -0.1)))
attempt(lambda: optim.Adam([a], weight_decay=-0.1))
attempt(lambda: optim.AdamW([a], lr=-0.1))
attempt(lambda: optim.AdamW([a], betas=(0.9, 1.5)))
attempt(lambda: opt.add_param_group({'params': [a]}))
attempt(lambda: optim.Optimizer([a], {}).step())

# Optimizer.state is a defaultdict(dict): a parameter without state reads {}.
p = nn.Parameter(torch.tensor([1.0, 2.0]))
q = nn.Parameter(torch.tensor([3.0]))
opt = optim.SGD([p, q], lr=0.1)
p.grad = torch.tensor([1.0, 1.0])
opt.step()
print(opt.state)
print(len(opt.state), opt.state[q], len(opt.state), type(opt.state).__name__)
