# zeros_like, ones_like, empty_like, rand_like, randn_like and full_like
# bound by their schemas (the op registry): the factory keywords, and the
# calls that do not fit, in PyTorch's words.
import torch

x = torch.arange(6.0).reshape(2, 3)
i = torch.tensor([[1, 2], [3, 4]])
calls = [
    "torch.zeros_like(x)", "torch.ones_like(i)", "torch.ones_like(i, dtype=torch.float64)",
    "torch.zeros_like(input=x, dtype=torch.int32)", "torch.empty_like(x).shape", "torch.rand_like(x).dtype",
    "torch.randn_like(x, dtype=torch.float64).shape", "torch.full_like(x, 7)", "torch.full_like(i, 2.5)",
    "torch.full_like(x, fill_value=-1.5, dtype=torch.float64)", "torch.full_like(i, True)",
    "torch.zeros_like(x, requires_grad=True).requires_grad", "torch.ones_like(x, device='cpu')",
    "torch.zeros_like(x, layout=None, pin_memory=False, memory_format=None)",
    "torch.zeros_like(x.t()).stride()",
    # calls that do not fit
    "torch.zeros_like()", "torch.zeros_like(3)", "torch.zeros_like(x, 3)", "torch.full_like(x)",
    "torch.full_like(x, 'a')", "torch.ones_like(x, bogus=1)", "torch.rand_like(i)", "torch.randn_like(i)",
    "torch.zeros_like(i, requires_grad=True)",
]
for c in calls:
    try:
        print(c, eval(c))
    except (TypeError, RuntimeError) as e:
        print(c, type(e).__name__ + ":", e)
