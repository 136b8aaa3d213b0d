# load_state_dict with missing, unexpected and mis-shaped keys raises
# RuntimeError (first two lines printed); strict=False reports the keys instead.
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
good = net.state_dict()


def show(e):
    lines = str(e).split("\n")
    print(type(e).__name__ + ":", lines[0])
    print("   ", lines[1].strip())


missing = {"0.weight": good["0.weight"], "0.bias": good["0.bias"]}
try:
    net.load_state_dict(missing)
except RuntimeError as e:
    show(e)

extra = dict(good)
extra["3.weight"] = torch.zeros(1)
try:
    net.load_state_dict(extra)
except RuntimeError as e:
    show(e)

wrong = dict(good)
wrong["2.weight"] = torch.zeros(2, 2)
try:
    net.load_state_dict(wrong)
except RuntimeError as e:
    show(e)

r = net.load_state_dict(missing, strict=False)
print(r.missing_keys, r.unexpected_keys)
r = net.load_state_dict(extra, strict=False)
print(r.missing_keys, r.unexpected_keys)
