# kiln-float-tolerance: 1e-4
# Gradients of the unary ops; the upstream gradient is not all ones so a
# formula that drops it shows.
import torch

upstream = torch.tensor([1.0, 2.0, -1.0, 0.5])

def grad_of(name, values):
    x = torch.tensor(values, requires_grad=True)
    y = getattr(torch, name)(x)
    y.backward(upstream)
    print(f"{name:10s}", x.grad)

general = [-1.5, -0.25, 0.5, 2.0]
positive = [0.25, 0.5, 1.5, 4.0]
small = [-0.75, -0.25, 0.5, 0.875]
for name in ["neg", "abs", "exp", "expm1", "sin", "cos", "tanh", "sigmoid", "erf",
             "relu", "square", "sign", "floor", "ceil", "round", "trunc"]:
    grad_of(name, general)
for name in ["log", "log1p", "sqrt", "rsqrt", "reciprocal", "log2", "log10"]:
    grad_of(name, positive)
for name in ["tan", "asin", "acos", "atan", "sinh", "cosh", "asinh"]:
    grad_of(name, small)

# methods and the subgradients at 0
z = torch.tensor([-1.0, 0.0, 1.0, 2.0], requires_grad=True)
(z.relu() + z.abs() + z.sign()).backward(upstream)
print(z.grad)
