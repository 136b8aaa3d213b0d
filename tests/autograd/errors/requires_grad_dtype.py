# Only floating point tensors can require gradients.
import torch

def attempt(label, fn):
    try:
        t = fn()
        print(label, "ok", t.requires_grad, t.dtype)
    except RuntimeError as e:
        print(label, type(e).__name__ + ":", e)

attempt("tensor int", lambda: torch.tensor([1, 2], requires_grad=True))
attempt("tensor bool", lambda: torch.tensor([True], requires_grad=True))
attempt("zeros long", lambda: torch.zeros(2, dtype=torch.int64, requires_grad=True))
attempt("arange int", lambda: torch.arange(3, requires_grad=True))
attempt("requires_grad_ int", lambda: torch.tensor([1, 2]).requires_grad_())
attempt("requires_grad_ int32", lambda: torch.tensor([1, 2], dtype=torch.int32).requires_grad_())
attempt("requires_grad_(False) int", lambda: torch.tensor([1, 2]).requires_grad_(False))
attempt("float32", lambda: torch.tensor([1, 2], dtype=torch.float32, requires_grad=True))
attempt("float64", lambda: torch.tensor([1.5], dtype=torch.float64, requires_grad=True))

# integer results of float tensors that require grad do not require grad
x = torch.tensor([1.5, -2.5, 3.0], requires_grad=True)
print(x.argmax().requires_grad, (x > 0).requires_grad, x.long().requires_grad)
print(x.max(dim=0).indices.requires_grad, x.max(dim=0).values.requires_grad)
