# contiguous, clone, detach and to bound by their schemas (the op registry):
# every form that binds, keywords, the function forms, and the calls that
# do not fit, in PyTorch's words.
import torch

x = torch.arange(6.0).reshape(2, 3)
t = x.t()
calls = [
    "t.contiguous()", "t.contiguous().is_contiguous()", "x.contiguous() is x",
    "torch.clone(t)", "t.clone().stride()", "torch.clone(input=x)", "x.detach()", "torch.detach(x)",
    "x.to(torch.float64)", "x.to(dtype=torch.int64)", "x.to('cpu')", "x.to('cpu', torch.int32)",
    "x.to(torch.tensor([1], dtype=torch.int64))", "x.to(torch.float32) is x", "x.to(torch.float32, copy=True) is x",
    "x.to(device='cpu', dtype=torch.float64)", "x.to(torch.float64, non_blocking=True)",
    # calls that do not fit
    "x.contiguous(1)", "torch.clone()", "torch.clone(3)", "x.clone(x)", "torch.detach(2.0)", "x.float(1)", "x.detach(1)",
]
for c in calls:
    try:
        print(c, eval(c))
    except (TypeError, RuntimeError) as e:
        print(c, type(e).__name__ + ":", e)
