# A Function with several tensor inputs and a non-tensor argument (its
# gradient is None), needs_input_grad, and a Function with two outputs.
import torch


class ScaledMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        ctx.save_for_backward(a, b)
        ctx.scale = scale
        print("needs_input_grad", ctx.needs_input_grad)
        return a * b * scale

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = grad * b * ctx.scale if ctx.needs_input_grad[0] else None
        gb = grad * a * ctx.scale if ctx.needs_input_grad[1] else None
        return ga, gb, None


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
ScaledMul.apply(a, b, 0.5).sum().backward()
print(a.grad, b.grad)

c = torch.tensor([5.0, 6.0])
a.grad = None
ScaledMul.apply(a, c, 2.0).sum().backward()
print(a.grad, c.grad)


class SumAndDiff(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        return x + y, x - y

    @staticmethod
    def backward(ctx, g_sum, g_diff):
        return g_sum + g_diff, g_sum - g_diff


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([10.0, 20.0], requires_grad=True)
s, d = SumAndDiff.apply(x, y)
print(s.detach(), d.detach())
(s * 2 + d * 3).sum().backward()
print(x.grad, y.grad)

# only one of the two outputs used: the other's gradient arrives as zeros
x.grad = None
y.grad = None
s, d = SumAndDiff.apply(x, y)
(d * 4).sum().backward()
print(x.grad, y.grad)
