# kiln-float-tolerance: 1e-4
# F.conv2d / conv1d (stride, padding, 'same', dilation, groups, bias,
# unbatched input), max / average / adaptive average pooling (2-d and
# 1-d, padding, count_include_pad, divisor_override): values and gradients
# against PyTorch, and the errors of bad shapes.
import torch
import torch.nn.functional as F

x = torch.sin(torch.arange(2 * 3 * 6 * 5, dtype=torch.float32).reshape(2, 3, 6, 5) * 0.9)
w = torch.cos(torch.arange(4 * 3 * 3 * 3, dtype=torch.float32).reshape(4, 3, 3, 3) * 1.3) / 2
b = torch.tensor([0.5, -1.0, 0.25, 0.0])
print(F.conv2d(x, w, b)[0, :, :2])
print(F.conv2d(x, w, b, stride=2, padding=1).shape, F.conv2d(x, w, b, stride=2, padding=1)[1, 2])
print(F.conv2d(x, w, padding='same')[0, 1], F.conv2d(x, w, dilation=2).shape)
print(F.conv2d(x, w[:, :1].repeat(1, 1, 1, 1)[:3], groups=3, padding=(1, 0))[0, :, 0])
print(F.conv2d(x[0], w, b, stride=(1, 2)).shape)
xs = x[:, :, 0]
print(F.conv1d(xs, w[:, :, 0], b, padding=1)[0], F.conv1d(xs, w[:, :, 0], stride=2).shape)

print(F.max_pool2d(x, 2)[0, 0], F.max_pool2d(x, 3, stride=1, padding=1)[1, 2])
print(F.avg_pool2d(x, 2)[0, 0], F.avg_pool2d(x, 3, stride=2, padding=1)[1, 1])
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False)[1, 1], F.avg_pool2d(x, 2, divisor_override=3)[0, 0])
print(F.adaptive_avg_pool2d(x, 1).shape, F.adaptive_avg_pool2d(x, (3, 5))[0, 0], F.adaptive_avg_pool2d(x, (4, 3))[1, 2])
print(F.max_pool1d(xs, 2), F.avg_pool1d(xs, 3, stride=1, padding=1)[0], F.adaptive_avg_pool1d(xs, 2)[1])

xg = x.clone().requires_grad_()
wg = w.clone().requires_grad_()
bg = b.clone().requires_grad_()
(F.conv2d(xg, wg, bg, stride=2, padding=1) ** 2).sum().backward()
print(xg.grad[0, 0], wg.grad[1, 2], bg.grad)
xp = x.clone().requires_grad_()
(F.max_pool2d(xp * 1.01 + torch.arange(30.0).reshape(6, 5) * 1e-3, 2).sum() + F.avg_pool2d(xp, 3, 1, 1).sum()).backward()
print(xp.grad[1, 1])

for name, fn in [("conv channels", lambda: F.conv2d(x, w[:, :2])),
                 ("conv 2d input", lambda: F.conv2d(x[0, 0], w)),
                 ("conv too small", lambda: F.conv2d(x[:, :, :2], w)),
                 ("pool pad", lambda: F.max_pool2d(x, 2, padding=2))]:
    try:
        fn()
        print(name, "no error")
    except RuntimeError as e:
        print(name, "RuntimeError", e)
