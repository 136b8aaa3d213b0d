# A tensor's version counter (`_version`, and the versions autograd's
# "modified by an inplace operation" error names): a fresh result starts at
# 0 however it was made, every in-place op counts one write (also when it
# computes in another dtype and copies back, as clamp_ and add_ of a wider
# operand do), and an in-place op that raises writes nothing.
import torch

fresh = [
    ("zeros", lambda: torch.zeros(2)),
    ("ones", lambda: torch.ones(2, 3)),
    ("full", lambda: torch.full((2,), 3.0)),
    ("eye", lambda: torch.eye(2)),
    ("zeros_like", lambda: torch.zeros_like(torch.ones(2))),
    ("full_like", lambda: torch.full_like(torch.ones(2), 7)),
    ("new_zeros", lambda: torch.ones(2).new_zeros(3)),
    ("new_full", lambda: torch.ones(2).new_full((3,), 2.0)),
    ("clone", lambda: torch.ones(2).clone()),
    ("contiguous", lambda: torch.ones(2, 3).t().contiguous()),
    ("to", lambda: torch.ones(2).to(torch.float64)),
    ("cat", lambda: torch.cat([torch.ones(1), torch.zeros(2)])),
    ("stack", lambda: torch.stack([torch.ones(2), torch.ones(2)])),
    ("tril", lambda: torch.ones(3, 3).tril()),
    ("masked_fill", lambda: torch.zeros(3).masked_fill(torch.tensor([True, False, True]), 1.0)),
    ("scatter", lambda: torch.zeros(3).scatter(0, torch.tensor([1]), 1.0)),
    ("pad", lambda: torch.nn.functional.pad(torch.ones(2), (1, 1))),
    ("sort", lambda: torch.tensor([3.0, 1.0, 2.0]).sort()[0]),
]
for name, make in fresh:
    print(name, make()._version)

x = torch.tensor([0.0, 1.0, 2.0])
x.clamp_(0.5, 1.5)
print("clamp_", x._version)
x.clamp_(min=0.75)
x.clip_(max=1.0)
print("clamp_ min, clip_ max", x._version)
x.add_(torch.ones(3, dtype=torch.float64))
print("add_ float64", x._version)
x += torch.ones(3, dtype=torch.float64)
print("+= float64", x._version)
i = torch.tensor([1, 2], dtype=torch.int32)
i.add_(torch.tensor([1, 1]))
print("int32 add_ int64", i._version)
try:
    x.add_(torch.ones(2))
except RuntimeError as e:
    print("add_ raised, version", x._version)
try:
    x.sqrt_().clamp_(torch.ones(2))
except RuntimeError as e:
    print("clamp_ raised, version", x._version)
x.fill_(2.0)
x.copy_(torch.zeros(3))
x.zero_()
print("fill_ copy_ zero_", x._version)
x.mul_(2).add_(1)
print("chained", x._version)
x[0] = 5.0
x[1:] += 1
print("item assignment", x._version)

# Autograd's check names the versions as _version counts them.
w = torch.ones(3, requires_grad=True)
c = torch.zeros(3)
y = (w * c).sum()
c.add_(1)
try:
    y.backward()
except RuntimeError as e:
    print(str(e).split(";")[0].split(": ")[-1], str(e).split(";")[1].split(". ")[0])
