# add/sub with alpha= over dtypes, scalar and tensor operands, in place, and
# PyTorch's two alpha errors.
import torch
x = torch.tensor([1., 2.]); i = torch.tensor([1, 2]); b = torch.tensor([True, False])
print(torch.add(x, 2, alpha=3), torch.sub(i, i, alpha=2), torch.add(b, True, alpha=1), torch.add(i, True, alpha=3))
print(torch.add(b, b, alpha=0), x.add(x, alpha=0.5), i.clone().add_(True, alpha=2), x.clone().sub_(torch.tensor(1., dtype=torch.float64), alpha=2))
for f in [lambda: i.add(1, alpha=2.5), lambda: b.add(b, alpha=2)]:
    try: f()
    except RuntimeError as e: print(e)
print(b.add(b, alpha=2))
try: x.add(x, alpha=True)
except RuntimeError as e: print(e)
