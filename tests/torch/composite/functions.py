# kiln-float-tolerance: 1e-4
# Functions of the torch namespace built over the native ops: lerp and
# Tensor.lerp / lerp_ (number and tensor weights, both of its forms), logaddexp / logaddexp2 (with
# infinities), hypot, xlogy (zeros, NaN), frac, deg2rad / rad2deg, hstack /
# vstack / dstack / column_stack, atleast_1d/2d/3d, meshgrid (ij, xy),
# tile, diag (both ways, offsets), trace, diff (n, dim, prepend / append),
# repeat_interleave (int and tensor repeats, dims), masked_select,
# nonzero (and as_tuple), broadcast_shapes; and their errors.
import math
import torch

x = torch.tensor([[-1.5, 0.0, 2.25], [4.0, -3.0, 0.5]])
y = torch.tensor([[2.0, 1.0, -1.0], [0.0, 5.0, 0.5]])
print(torch.lerp(x, y, 0.25), torch.lerp(x, y, 0.75))
print(torch.lerp(x, y, torch.tensor([0.1, 0.5, 0.9])), x.lerp(y, 0.5), x.double().lerp(y.double(), 0.7))
ema = x.clone()
for i in range(3):
    ema.lerp_(y, 0.1)
print(ema, ema.lerp_(y, torch.full((3,), 0.75)))
print(torch.logaddexp(x, y), torch.logaddexp2(x, y))
inf = float("inf")
print(torch.logaddexp(torch.tensor([inf, -inf, -inf, 1.0]), torch.tensor([inf, -inf, 2.0, -inf])))
print(torch.hypot(x, y))
print(torch.xlogy(torch.tensor([0.0, 0.0, 2.0, 1.0]), torch.tensor([0.0, float("nan"), 3.0, 1.0])))
print(torch.frac(x * 1.3), torch.deg2rad(torch.tensor([180.0, 90.0])), torch.rad2deg(torch.tensor([math.pi, 1.0])))

v = torch.tensor([1.0, 2.0, 3.0])
w = torch.tensor([4.0, 5.0, 6.0])
print(torch.hstack([v, w]), torch.vstack([v, w]), torch.dstack([v, w]).shape, torch.column_stack([v, w]))
print(torch.hstack((x, y)).shape, torch.vstack((x, y)).shape, torch.dstack((x, y))[1])
print(torch.atleast_1d(torch.tensor(3.0)), torch.atleast_2d(v).shape, torch.atleast_3d(x).shape)
print([t.shape for t in torch.atleast_2d(v, x)])
gx, gy = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="ij")
print(gx, gy)
hx, hy = torch.meshgrid(torch.tensor([1, 2, 3]), torch.tensor([4, 5]), indexing="xy")
print(hx, hy)
print(torch.tile(v, (2,)), torch.tile(x, (2, 1)).shape, torch.tile(x, (2,)).shape, torch.tile(v, (2, 2)))

m = torch.arange(12.0).reshape(3, 4)
print(torch.diag(v), torch.diag(v, 1), torch.diag(v, -1))
print(torch.diag(m), torch.diag(m, 1), torch.diag(m, -1), torch.diag(m, 3))
print(torch.trace(m), torch.trace(torch.arange(9).reshape(3, 3)))
print(torch.diff(torch.tensor([1, 3, 6, 10])), torch.diff(m, dim=0), torch.diff(m, n=2))
print(torch.diff(v, prepend=torch.tensor([0.0]), append=torch.tensor([10.0, 20.0])))
print(torch.repeat_interleave(v, 2), torch.repeat_interleave(x, 2, dim=0), torch.repeat_interleave(x, 3, dim=1).shape)
print(torch.repeat_interleave(x, torch.tensor([1, 0, 2]), dim=1))
print(torch.masked_select(x, x > 0), torch.masked_select(x, torch.tensor([True, False, True])))
print(torch.nonzero(x), torch.nonzero(torch.tensor([0, 3, 0, 4])))
print(torch.nonzero(x > 1, as_tuple=True))
print(torch.broadcast_shapes((2, 1), (3,)), torch.broadcast_shapes((1, 4), (5, 1, 1)))

for name, fn in [("diag 3d", lambda: torch.diag(torch.ones(2, 2, 2))),
                 ("trace 1d", lambda: torch.trace(v)),
                 ("diff 0d", lambda: torch.diff(torch.tensor(1.0))),
                 ("broadcast_shapes", lambda: torch.broadcast_shapes((2, 3), (4,))),
                 ("repeat_interleave negative", lambda: torch.repeat_interleave(v, -1))]:
    try:
        fn()
        print(name, "no error")
    except RuntimeError as e:
        print(name, "RuntimeError", e)
