# torch.optim.lr_scheduler: CosineAnnealingLR (past T_max, where the
# recursive form restarts), LinearLR, ConstantLR, LambdaLR, MultiplicativeLR;
# step(epoch) (closed form) and verbose messages.
import math
import torch
from torch.optim import lr_scheduler


def make_opt(lr=0.1):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    return torch.optim.SGD([w], lr=lr)


def run(name, opt, sched, n):
    print(name, [repr(x) for x in sched.get_last_lr()])
    for epoch in range(n):
        opt.step()
        sched.step()
        print(' ', sched.last_epoch, repr(opt.param_groups[0]['lr']))


opt = make_opt()
run('CosineAnnealingLR', opt, lr_scheduler.CosineAnnealingLR(opt, T_max=5, eta_min=0.01), 16)
opt = make_opt(1.0)
run('CosineAnnealingLR T_max=4', opt, lr_scheduler.CosineAnnealingLR(opt, T_max=4), 9)
opt = make_opt()
run('LinearLR', opt, lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=4), 7)
opt = make_opt(0.3)
run('LinearLR down', opt, lr_scheduler.LinearLR(opt, start_factor=1.0, end_factor=0.1, total_iters=3), 5)
opt = make_opt()
run('ConstantLR', opt, lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=3), 5)
opt = make_opt()
run('ConstantLR default', opt, lr_scheduler.ConstantLR(opt), 7)
opt = make_opt()
run('LambdaLR', opt, lr_scheduler.LambdaLR(opt, lr_lambda=lambda e: 0.95 ** e), 5)
opt = make_opt()
run('LambdaLR warmup', opt, lr_scheduler.LambdaLR(opt, lambda e: min(1.0, (e + 1) / 4)), 5)
opt = make_opt()
run('MultiplicativeLR', opt, lr_scheduler.MultiplicativeLR(opt, lambda e: 0.9), 5)

# a list of lambdas, one per group
w1 = torch.tensor([1.0], requires_grad=True)
w2 = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([{'params': [w1]}, {'params': [w2], 'lr': 0.2}], lr=0.1)
s = lr_scheduler.LambdaLR(opt, [lambda e: 1.0 / (e + 1), lambda e: 0.5 ** e])
for _ in range(3):
    opt.step()
    s.step()
    print([repr(x) for x in s.get_last_lr()])
try:
    lr_scheduler.LambdaLR(opt, [lambda e: 1.0])
except ValueError as e:
    print('ValueError:', e)

# step(epoch): the closed form
opt = make_opt()
s = lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
for e in [3, 4, 7, 1]:
    s.step(e)
    print('StepLR epoch', e, s.last_epoch, repr(opt.param_groups[0]['lr']))
opt = make_opt()
s = lr_scheduler.CosineAnnealingLR(opt, T_max=10)
for e in [2, 5, 10]:
    s.step(e)
    print('Cosine epoch', e, repr(opt.param_groups[0]['lr']))
opt = make_opt()
s = lr_scheduler.MultiStepLR(opt, [2, 4], gamma=0.1)
s.step(5)
print('MultiStep epoch 5', repr(opt.param_groups[0]['lr']))

# verbose
opt = make_opt()
s = lr_scheduler.ExponentialLR(opt, gamma=0.5, verbose=True)
opt.step()
s.step()
s.step(4)

# errors
try:
    lr_scheduler.LinearLR(opt, start_factor=1.5)
except ValueError as e:
    print('ValueError:', e)
try:
    lr_scheduler.StepLR(make_opt(), 2, last_epoch=3)
except KeyError as e:
    print('KeyError:', e)
try:
    lr_scheduler.StepLR('nope', 2)
except TypeError as e:
    print('TypeError:', e)
