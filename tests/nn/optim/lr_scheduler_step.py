# torch.optim.lr_scheduler: StepLR, MultiStepLR and ExponentialLR over a few
# epochs (the recursive get_lr() form, so the floats are PyTorch's exactly),
# with two parameter groups; get_last_lr(), last_epoch, initial_lr.
import torch
from torch.optim import lr_scheduler


def make_opt(lr=0.1):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    b = torch.tensor([0.5], requires_grad=True)
    return torch.optim.SGD([{'params': [w]}, {'params': [b], 'lr': 0.03}], lr=lr)


def run(name, opt, sched, n):
    print(name, sched.last_epoch, sched.get_last_lr())
    for epoch in range(n):
        opt.step()
        sched.step()
        print(' ', epoch, sched.last_epoch, [repr(g['lr']) for g in opt.param_groups])
    print('  initial', [g['initial_lr'] for g in opt.param_groups], sched.base_lrs)


opt = make_opt()
run('StepLR', opt, lr_scheduler.StepLR(opt, step_size=3, gamma=0.1), 10)
opt = make_opt(0.7)
run('StepLR gamma=0.3', opt, torch.optim.lr_scheduler.StepLR(opt, 2, gamma=0.3), 9)
opt = make_opt()
run('MultiStepLR', opt, lr_scheduler.MultiStepLR(opt, milestones=[2, 5, 5, 7], gamma=0.5), 9)
opt = make_opt(0.5)
run('ExponentialLR', opt, lr_scheduler.ExponentialLR(opt, gamma=0.9), 12)

# get_last_lr() is the list after the last step; the optimizer holds the same
opt = make_opt()
s = lr_scheduler.ExponentialLR(opt, gamma=0.7)
for _ in range(3):
    opt.step()
    s.step()
print(s.get_last_lr(), [g['lr'] for g in opt.param_groups], s.get_last_lr() == [g['lr'] for g in opt.param_groups])
print(isinstance(s, lr_scheduler._LRScheduler), type(s).__name__)
