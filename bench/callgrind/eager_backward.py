# 300 forward + backward passes over pointwise ops (the formulas of
# autograd/derivatives_unary.def and derivatives_binary.def).
import torch
torch.manual_seed(0)
x = torch.randn(64, requires_grad=True)
w = torch.randn(64, requires_grad=True)
for i in range(300):
    y = (x * w + 1.0).sin().exp() / (w.abs() + 1.0)
    z = torch.maximum(y, x).pow(2).tanh().sum()
    z.backward()
print(x.grad.sum().item() != 0)
