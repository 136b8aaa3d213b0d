# kiln-float-tolerance: 1e-4
# torch.optim.Adam with default betas, with other betas/eps, and with
# weight_decay (L2 added to the gradient).
import torch

target = torch.tensor([1.0, -2.0, 0.5])

def run(**kwargs):
    w = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
    opt = torch.optim.Adam([w], **kwargs)
    print(kwargs)
    for step in range(5):
        opt.zero_grad()
        loss = ((w - target) ** 2 * torch.tensor([1.0, 4.0, 0.25])).sum()
        loss.backward()
        opt.step()
        print(" ", step, round(loss.item(), 6), w.detach())

run(lr=0.1)
run(lr=0.05, betas=(0.5, 0.9), eps=1e-6)
run(lr=0.1, weight_decay=0.5)
run(lr=0.5, betas=(0.9, 0.5))
run(lr=0.5, betas=(0.9, 0.5), amsgrad=True)
