# The activations and layer_norm take floating-point tensors only, as
# PyTorch's kernels do: an integer tensor raises RuntimeError naming the
# kernel and dtype (hardtanh refuses bool; relu, hardtanh, softmax and the
# others that PyTorch runs on integers still do).
import torch
import torch.nn.functional as F
x = torch.tensor([-2, 3])
b = torch.tensor([True, False])
cases = [("gelu", F.gelu), ("gelu_tanh", lambda t: F.gelu(t, approximate='tanh')), ("silu", F.silu), ("elu", F.elu), ("leaky_relu", F.leaky_relu), ("softplus", F.softplus), ("selu", F.selu), ("celu", F.celu), ("mish", F.mish), ("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("glu", lambda t: F.glu(torch.tensor([1, 2, 3, 4]))), ("hardtanh", F.hardtanh), ("relu6", F.relu6), ("logsigmoid", F.logsigmoid), ("softsign", F.softsign), ("tanhshrink", F.tanhshrink), ("threshold", lambda t: F.threshold(t, 0, 1)), ("softmax", lambda t: F.softmax(t, 0)), ("log_softmax", lambda t: F.log_softmax(t, 0)), ("sigmoid", torch.sigmoid), ("layer_norm", lambda t: F.layer_norm(t, (2,))), ("hardtanh_bool", lambda t: F.hardtanh(b)), ("relu6_bool", lambda t: F.relu6(b)), ("softshrink", F.softshrink), ("hardshrink", F.hardshrink)]
for name, f in cases:
    try:
        r = f(x)
        print(name, "ok", r.dtype, r.tolist())
    except Exception as e:
        print(name, type(e).__name__, e)
