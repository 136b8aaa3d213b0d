# zeros, ones, empty, rand, randn and full bound by their schemas (the op
# registry): sizes as separate ints, one sequence, a torch.Size or the
# keyword; the factory keywords; the calls that do not fit.
import torch

x = torch.ones(2, 3)
calls = [
    "torch.zeros(2, 3)", "torch.zeros((2, 3))", "torch.ones([2])", "torch.zeros(size=(1, 2))", "torch.ones(x.shape)",
    "torch.zeros(3, dtype=torch.int64)", "torch.ones(2, 2, dtype=torch.bool)", "torch.zeros([])", "torch.zeros(0, 3).shape",
    "torch.empty(2, 3).shape", "torch.rand(4).dtype", "torch.randn(2, 3, dtype=torch.float64).shape",
    "torch.rand(2, generator=None).shape", "torch.full((2, 2), 7)", "torch.full([3], 1.5)", "torch.full((2,), True)",
    "torch.full(size=(2,), fill_value=3, dtype=torch.float32)", "torch.full((2,), torch.tensor(2.5))",
    "torch.zeros(2, requires_grad=True).requires_grad", "torch.ones(2, device='cpu')", "torch.zeros(2, out=None)",
    "torch.zeros(2, layout=None, pin_memory=False)",
    # calls that do not fit
    "torch.zeros(-1)", "torch.full((2,), 'a')", "torch.rand(2, dtype=torch.int64)", "torch.randn(3, dtype=torch.int32)",
    "torch.zeros(2, requires_grad=True, dtype=torch.int64)", "torch.zeros(2, 'a')", "torch.ones((2, 'a'))",
    "x.view(2, 'a')", "x.reshape((3, 'a'))", "x.permute(0, 'a')", "torch.roll(x, (1, 'a'))", "x.sum((0, 'a'))",
]
for c in calls:
    try:
        print(c, eval(c))
    except (TypeError, RuntimeError) as e:
        print(c, type(e).__name__ + ":", e)
