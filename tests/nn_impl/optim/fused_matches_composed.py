# kiln-expect: manual
# Kiln-specific: torch.optim updates a contiguous parameter in one fused native
# pass (stdlib/torch/optim_kernels.cpp) and any other with tensor ops; both
# follow PyTorch's order of operations, so they agree bit for bit.
import torch
import torch.optim as optim
torch.manual_seed(1)
def run(make, dtype, transposed):
    torch.manual_seed(5)
    w0 = torch.randn(64, 48, dtype=dtype)
    w = torch.nn.Parameter(w0.t().contiguous().t() if transposed else w0.clone())
    opt = make([w])
    for k in range(10):
        w.grad = torch.randn(64, 48, dtype=dtype)
        opt.step()
    return w.detach()
cases = {
 'sgd': lambda ps: optim.SGD(ps, lr=0.1),
 'sgd mom': lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01),
 'sgd nest': lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, nesterov=True, maximize=True),
 'adam': lambda ps: optim.Adam(ps, lr=0.01),
 'adam wd ams': lambda ps: optim.Adam(ps, lr=0.01, weight_decay=0.1, amsgrad=True, maximize=True),
 'adamw': lambda ps: optim.AdamW(ps, lr=0.01, amsgrad=True),
}
for name, make in cases.items():
    for dt in [torch.float32, torch.float64]:
        a = run(make, dt, False)
        b = run(make, dt, True)
        print(name, dt, torch.equal(a, b))
