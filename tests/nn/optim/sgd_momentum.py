# kiln-float-tolerance: 1e-4
# SGD with momentum, with dampening, and with nesterov: parameters after each
# step on a fixed quadratic.
import torch

target = torch.tensor([1.0, -2.0, 3.0])

def run(**kwargs):
    w = torch.tensor([0.0, 0.0, 0.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1, **kwargs)
    print(kwargs)
    for step in range(4):
        opt.zero_grad()
        loss = ((w - target) ** 2 * torch.tensor([1.0, 0.5, 2.0])).sum()
        loss.backward()
        opt.step()
        print(" ", step, round(loss.item(), 6), w.detach())

run(momentum=0.9)
run(momentum=0.5, dampening=0.5)
run(momentum=0.9, nesterov=True)
run(momentum=0.9, maximize=False, dampening=0.0)
