# kiln-float-tolerance: 1e-4
# The other element-wise activations of torch.nn.functional (leaky_relu,
# elu, selu, celu, softplus, hardtanh, relu6, hardswish, hardsigmoid, mish,
# logsigmoid, softsign, tanhshrink, threshold, hardshrink, softshrink),
# glu, softmin and prelu: values and gradients, in place, and their errors.
import torch
import torch.nn.functional as F

x0 = torch.tensor([[-30.0, -3.0, -1.0, -0.5, -0.25, 0.0], [0.25, 0.5, 1.0, 3.0, 21.0, 30.0]])
up = torch.tensor([[1.0, -1.0, 2.0, 0.5, 3.0, -2.0], [0.5, 3.0, -2.0, 1.0, 1.0, 1.0]])
cases = [
    ("leaky_relu", lambda t: F.leaky_relu(t)),
    ("leaky_relu 0.2", lambda t: F.leaky_relu(t, 0.2)),
    ("elu", lambda t: F.elu(t)),
    ("elu 0.5", lambda t: F.elu(t, alpha=0.5)),
    ("selu", lambda t: F.selu(t)),
    ("celu", lambda t: F.celu(t, 2.0)),
    ("softplus", lambda t: F.softplus(t)),
    ("softplus beta 2 threshold 5", lambda t: F.softplus(t, beta=2, threshold=5)),
    ("hardtanh", lambda t: F.hardtanh(t)),
    ("hardtanh -2 2", lambda t: F.hardtanh(t, -2.0, 2.0)),
    ("relu6", lambda t: F.relu6(t)),
    ("hardswish", lambda t: F.hardswish(t)),
    ("hardsigmoid", lambda t: F.hardsigmoid(t)),
    ("mish", lambda t: F.mish(t)),
    ("logsigmoid", lambda t: F.logsigmoid(t)),
    ("softsign", lambda t: F.softsign(t)),
    ("tanhshrink", lambda t: F.tanhshrink(t)),
    ("threshold", lambda t: F.threshold(t, 0.4, -7.0)),
    ("hardshrink", lambda t: F.hardshrink(t)),
    ("softshrink", lambda t: F.softshrink(t, 0.75)),
]
for name, fn in cases:
    x = x0.clone().requires_grad_()
    y = fn(x)
    y.backward(up)
    print(name)
    print(y.detach())
    print(x.grad)

# glu halves a dim: value * sigmoid(gate)
g = torch.arange(12.0).reshape(2, 6) / 4 - 1
print(F.glu(g), F.glu(g, 0), F.glu(g.reshape(2, 3, 2), 2).shape)
# softmin = softmax of the negation
print(F.softmin(g, dim=1))
# prelu: one slope, or one per channel (dim 1)
w1 = torch.tensor([0.25])
w3 = torch.tensor([0.1, 0.2, 0.3])
c = torch.arange(-6.0, 6.0).reshape(2, 3, 2)
print(F.prelu(c, w1))
print(F.prelu(c, w3))

# In place: the same numbers, written into the input
for name, fn in [("leaky_relu", lambda t: F.leaky_relu(t, 0.1, inplace=True)),
                 ("leaky_relu_", lambda t: F.leaky_relu_(t, 0.1)),
                 ("elu", lambda t: F.elu(t, inplace=True)),
                 ("hardtanh", lambda t: F.hardtanh(t, inplace=True)),
                 ("relu6", lambda t: F.relu6(t, inplace=True)),
                 ("hardswish", lambda t: F.hardswish(t, inplace=True)),
                 ("threshold", lambda t: F.threshold(t, 0.0, 5.0, inplace=True))]:
    t = x0.clone()
    r = fn(t)
    print(name, r is t, t)

# Errors
for name, fn in [("glu odd", lambda: F.glu(torch.ones(2, 3))),
                 ("softshrink negative", lambda: F.softshrink(x0, -1.0)),
                 ("hardtanh min > max", lambda: F.hardtanh(x0, 2.0, 1.0)),
                 ("prelu channels", lambda: F.prelu(c, torch.ones(2)))]:
    try:
        fn()
        print(name, "no error")
    except (RuntimeError, ValueError) as e:
        print(name, type(e).__name__, e)
