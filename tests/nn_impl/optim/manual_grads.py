# kiln-float-tolerance: 1e-4
# The optimizers' arithmetic, with gradients set by hand (no backward): SGD
# (momentum, dampening, Nesterov, weight decay, maximize), Adam (weight
# decay, amsgrad, maximize) and AdamW, several steps each, on float32 and
# float64 parameters; a parameter without a gradient is left alone. Kiln
# updates contiguous parameters in one fused pass and others (here a
# transposed parameter) with tensor ops: both must give PyTorch's values.
import torch
import torch.optim as optim

grads = [
    [torch.tensor([[0.5, -1.0], [2.0, 0.25]]), torch.tensor([1.0, -0.5])],
    [torch.tensor([[-0.25, 0.75], [1.5, -2.0]]), torch.tensor([0.0, 0.5])],
    [torch.tensor([[1.0, 1.0], [-1.0, 0.5]]), torch.tensor([-1.0, 2.0])],
]


def run(name, make, dtype=torch.float32, steps=3, transposed=False):
    w0 = torch.tensor([[1.0, -2.0], [0.5, 3.0]], dtype=dtype)
    w = torch.nn.Parameter(w0.t().contiguous().t() if transposed else w0)
    b = torch.nn.Parameter(torch.tensor([0.25, -0.75], dtype=dtype))
    frozen = torch.nn.Parameter(torch.tensor([7.0], dtype=dtype))
    opt = make([w, b, frozen])
    for k in range(steps):
        w.grad = grads[k][0].to(dtype)
        b.grad = grads[k][1].to(dtype)
        opt.step()
    print(name)
    print(w.detach())
    print(b.detach(), frozen.detach())
    print(sorted(len(s) for s in opt.state.values()), len(opt.state))


run('sgd', lambda ps: optim.SGD(ps, lr=0.1))
run('sgd momentum', lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9))
run('sgd dampening', lambda ps: optim.SGD(ps, lr=0.1, momentum=0.5, dampening=0.25))
run('sgd nesterov', lambda ps: optim.SGD(ps, lr=0.05, momentum=0.9, nesterov=True))
run('sgd weight_decay', lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.01))
run('sgd maximize', lambda ps: optim.SGD(ps, lr=0.1, maximize=True))
run('sgd float64', lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9), torch.float64)
run('adam', lambda ps: optim.Adam(ps, lr=0.01))
run('adam betas eps', lambda ps: optim.Adam(ps, lr=0.1, betas=(0.8, 0.9), eps=1e-6))
run('adam weight_decay', lambda ps: optim.Adam(ps, lr=0.01, weight_decay=0.1))
run('adam amsgrad', lambda ps: optim.Adam(ps, lr=0.01, amsgrad=True))
run('adam maximize', lambda ps: optim.Adam(ps, lr=0.01, maximize=True))
run('adam float64', lambda ps: optim.Adam(ps, lr=0.01), torch.float64)
run('adamw', lambda ps: optim.AdamW(ps, lr=0.01))
run('adamw weight_decay', lambda ps: optim.AdamW(ps, lr=0.1, weight_decay=0.5))
run('adamw amsgrad', lambda ps: optim.AdamW(ps, lr=0.01, amsgrad=True))
for tr in [False, True]:
    run(f'sgd all transposed={tr}', lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.1),
        transposed=tr)
    run(f'sgd nesterov maximize transposed={tr}',
        lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, nesterov=True, maximize=True), transposed=tr)
    run(f'adam all transposed={tr}',
        lambda ps: optim.Adam(ps, lr=0.01, weight_decay=0.1, amsgrad=True, maximize=True), transposed=tr)
    run(f'adamw all transposed={tr}', lambda ps: optim.AdamW(ps, lr=0.01, amsgrad=True, maximize=True),
        transposed=tr)
    run(f'adam float64 transposed={tr}', lambda ps: optim.Adam(ps, lr=0.01, amsgrad=True), torch.float64,
        transposed=tr)

# Adam's state: a float step tensor and the two moments.
w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
opt = optim.Adam([w], lr=0.1)
w.grad = torch.tensor([0.5, -0.5])
opt.step()
opt.step()
st = opt.state[w]
print(sorted(st.keys()), st['step'], st['exp_avg'], st['exp_avg_sq'])
print(opt.state_dict()['state'][0]['step'], opt.state_dict()['param_groups'][0]['params'])
