# state_dict: an OrderedDict of detached tensors sharing storage with the
# parameters (keys/values/items views print as PyTorch's), prefix and
# keep_vars; load_state_dict: copies under no_grad, returns the
# missing/unexpected keys, and reports them, size mismatches and non-tensors
# in PyTorch's RuntimeError.
import torch
import torch.nn as nn


def make():
    m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.LayerNorm(3))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) + i)
    return m


m = make()
sd = m.state_dict()
print(sd)
print(sd.keys())
print(sd.values())
print(sd.items())
print(len(sd), '0.bias' in sd.keys(), type(sd).__name__, [k for k in sd])
print(sd['0.weight'].requires_grad, sd['0.weight'].grad_fn, type(sd['0.weight']).__name__)
sd['0.bias'][0] = 100.0  # shares storage with the parameter
print(m[0].bias)
print(list(m.state_dict(prefix='net.').keys()))
print(type(m.state_dict(keep_vars=True)['2.weight']).__name__, m.state_dict(keep_vars=True)['2.weight'].requires_grad)

other = make()
with torch.no_grad():
    for p in other.parameters():
        p.mul_(-1)
r = m.load_state_dict(other.state_dict())
print(r, r.missing_keys, r.unexpected_keys)
print(m[0].weight, m[0].weight.requires_grad, m[0].weight.is_leaf)


def attempt(sd, strict=True):
    try:
        print(m.load_state_dict(sd, strict=strict))
    except Exception as e:
        print(type(e).__name__, e)


good = other.state_dict()
partial = {k: v for k, v in good.items() if k != '2.bias'}
attempt(partial)
attempt(partial, strict=False)
extra = dict(good)
extra['3.weight'] = torch.zeros(1)
extra['zzz'] = torch.zeros(1)
attempt(extra)
r = m.load_state_dict(extra, strict=False)
print(r.missing_keys, r.unexpected_keys, r)
bad = dict(good)
bad['0.weight'] = torch.zeros(2, 3)
bad['2.weight'] = 1.5
del bad['0.bias']
attempt(bad)
attempt(bad, strict=False)
attempt([1, 2])
