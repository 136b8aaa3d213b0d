# relu keeps NaN and -0.0 as PyTorch's clamp_min(x, 0) does (x < 0 ? 0 : x),
# through every entry point, on rows long enough for the vector loops.
import torch
import torch.nn.functional as F

nan, inf = float("nan"), float("inf")
x = torch.tensor([-0.0, nan, -1.0, 2.0, 0.0, -inf, inf, -nan, 1e-45, -1e-45])
print(torch.relu(x).tolist())
print(x.relu().tolist())
print(F.relu(x).tolist())
print(torch.nn.ReLU()(x).tolist())
y = x.clone()
y.relu_()
print(y.tolist())


def chain(t):
    return (t * 1.0).relu() + 0.0 * t.relu()


long = torch.cat([x, x * 3, x - 1, x.flip(0)] * 5)  # 200 values
for _ in range(3):
    print(chain(long)[:24].tolist(), chain(long).isnan().sum().item())
print(torch.relu(torch.tensor([-2, 0, 3])).tolist())
