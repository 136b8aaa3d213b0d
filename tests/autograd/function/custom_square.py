# A user-defined torch.autograd.Function with save_for_backward.
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_output


x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = Square.apply(x)
print(y.detach(), y.requires_grad, y.is_leaf)
y.backward(torch.tensor([1.0, 10.0, 100.0]))
print(x.grad)

# composed with ordinary ops on both sides
x2 = torch.tensor([0.5, 1.5], requires_grad=True)
z = (Square.apply(x2 * 2) + x2).sum()
z.backward()
print(x2.grad)

# forward runs without recording: ops inside do not build a graph
class Probe(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        inner = x * 3
        print("inside forward:", inner.requires_grad, torch.is_grad_enabled())
        return inner

    @staticmethod
    def backward(ctx, g):
        return g * 3

p = torch.tensor([1.0], requires_grad=True)
out = Probe.apply(p)
print(out.requires_grad)
out.backward()
print(p.grad)

# applied to a tensor that does not require grad: the result does not either
print(Square.apply(torch.tensor([2.0])).requires_grad)
