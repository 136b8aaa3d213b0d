# clamp_min / clamp_max (functions, methods, in place) beside clamp, with
# numbers and tensors as bounds, NaN and signed zeros.
import torch

x = torch.tensor([-2.0, -0.0, 0.0, 0.5, float("nan"), 3.0])
lo = torch.tensor([0.0, 0.0, -1.0, 1.0, 0.0, 4.0])
print(torch.clamp_min(x, 0.0), x.clamp_max(0.25), torch.clamp_max(x, lo), x.clamp_min(lo))
print(torch.clamp(x, min=-1.0, max=1.0), x.clamp(max=0.0), torch.clamp(x, lo))
y = x.clone()
y.clamp_min_(-0.5)
z = x.clone()
z.clamp_max_(0.1)
print(y, z)
for call in [lambda: torch.clamp_min(x), lambda: torch.clamp(x)]:
    try:
        call()
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__)
