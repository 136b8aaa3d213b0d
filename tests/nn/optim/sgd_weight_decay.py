# kiln-float-tolerance: 1e-4
# SGD weight_decay adds wd * p to the gradient (alone and with momentum).
import torch

def run(**kwargs):
    w = torch.tensor([2.0, -1.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.2, **kwargs)
    print(kwargs)
    for step in range(4):
        opt.zero_grad()
        loss = (w * torch.tensor([1.0, 3.0])).sum()
        loss.backward()
        opt.step()
        print(" ", step, w.detach(), w.grad)

run(weight_decay=0.5)
run(weight_decay=0.1, momentum=0.9)
run(weight_decay=0.1, momentum=0.9, nesterov=True)
