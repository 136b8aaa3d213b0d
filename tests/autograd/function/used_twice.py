# kiln-float-tolerance: 1e-4
# One Function applied several times in a graph, a Function saving its
# output, and a Function calling other ops in backward.
import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):
        (result,) = ctx.saved_tensors
        return grad * result


class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lo, hi):
        ctx.save_for_backward(x)
        ctx.lo = lo
        ctx.hi = hi
        return x.clamp(lo, hi)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        inside = (x >= ctx.lo) & (x <= ctx.hi)
        return grad * inside.to(grad.dtype), None, None


x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
y = Exp.apply(x) + Exp.apply(2 * x)
y.sum().backward()
print(y.detach())
print(x.grad)

x.grad = None
z = Exp.apply(Exp.apply(x))
z.sum().backward()
print(x.grad)

w = torch.tensor([-2.0, -0.5, 0.5, 2.0], requires_grad=True)
c = Clip.apply(w * 2, -1.0, 1.0)
print(c.detach())
(c * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
print(w.grad)

# retain_graph through a custom Function
v = torch.tensor([1.0], requires_grad=True)
e = Exp.apply(v)
e.backward(retain_graph=True)
e.backward()
print(v.grad)
