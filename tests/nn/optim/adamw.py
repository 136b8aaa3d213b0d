# kiln-float-tolerance: 1e-4
# torch.optim.AdamW: decoupled weight decay (p *= 1 - lr * wd before the
# Adam update); the default weight_decay is 0.01.
import torch

target = torch.tensor([1.0, -2.0, 0.5])

def run(**kwargs):
    w = torch.tensor([2.0, 1.0, -1.0], requires_grad=True)
    opt = torch.optim.AdamW([w], **kwargs)
    print(kwargs, opt.param_groups[0]["weight_decay"])
    for step in range(5):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
        print(" ", step, round(loss.item(), 6), w.detach())

run(lr=0.1)
run(lr=0.1, weight_decay=0.5)
run(lr=0.01, weight_decay=0.0, betas=(0.8, 0.99))

# a parameter with a zero gradient still decays
p = torch.tensor([4.0], requires_grad=True)
opt = torch.optim.AdamW([p], lr=0.5, weight_decay=0.1)
(p * 0).sum().backward()
opt.step()
print(p.detach())
