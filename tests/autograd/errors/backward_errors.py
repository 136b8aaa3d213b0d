# The common backward() errors and their messages.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except RuntimeError as e:
        print(label, type(e).__name__ + ":", e)

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
attempt("non-scalar", lambda: (x * 2).backward())
attempt("2-d non-scalar", lambda: (x.view(3, 1) * x).backward())
attempt("no grad_fn", lambda: torch.tensor([1.0, 2.0]).sum().backward())
attempt("leaf without grad", lambda: torch.tensor(1.0).backward())

def under_no_grad():
    with torch.no_grad():
        y = (x * x).sum()
    y.backward()

attempt("made under no_grad", under_no_grad)
attempt("detached", lambda: (x * x).sum().detach().backward())
attempt("wrong gradient shape", lambda: (x * 2).backward(torch.ones(2)))
attempt("autograd.grad non-scalar", lambda: torch.autograd.grad(x * 2, x))
attempt("autograd.grad input without grad",
        lambda: torch.autograd.grad((x * 2).sum(), torch.tensor([1.0])))
print(x.grad)
