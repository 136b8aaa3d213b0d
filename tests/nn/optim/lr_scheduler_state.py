# torch.optim.lr_scheduler: state_dict()/load_state_dict() of the schedulers
# (every attribute but the optimizer; LambdaLR stores None for plain
# functions and the __dict__ of callable objects), resuming with last_epoch,
# and ReduceLROnPlateau (min/max, rel/abs threshold, patience, cooldown,
# min_lr).
import torch
from torch.optim import lr_scheduler


def make_opt(lr=0.1):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    return torch.optim.SGD([w], lr=lr)


opt = make_opt()
s = lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
for _ in range(3):
    opt.step()
    s.step()
sd = s.state_dict()
print(sorted(sd.keys()))
print(sd['step_size'], sd['gamma'], sd['base_lrs'], sd['last_epoch'], sd['_step_count'], sd['_last_lr'])

opt2 = make_opt()
s2 = lr_scheduler.StepLR(opt2, step_size=5, gamma=0.9)
s2.load_state_dict(sd)
print(s2.step_size, s2.gamma, s2.last_epoch, s2.get_last_lr())
opt2.param_groups[0]['lr'] = s2.get_last_lr()[0]
for _ in range(3):
    opt2.step()
    s2.step()
    print(s2.last_epoch, s2.get_last_lr())

print(sorted(lr_scheduler.MultiStepLR(make_opt(), [1, 3]).state_dict().keys()))
print(sorted(lr_scheduler.CosineAnnealingLR(make_opt(), 4).state_dict().keys()))


class Scale:
    def __init__(self, f):
        self.f = f

    def __call__(self, epoch):
        return self.f ** epoch


opt = make_opt()
w = torch.tensor([1.0], requires_grad=True)
opt.add_param_group({'params': [w], 'lr': 0.5})
s = lr_scheduler.LambdaLR(opt, [lambda e: 1.0, Scale(0.5)])
s.step()
sd = s.state_dict()
print(sd['lr_lambdas'], sd['last_epoch'], sorted(sd.keys()))
opt3 = make_opt()
opt3.add_param_group({'params': [torch.tensor([1.0], requires_grad=True)], 'lr': 0.5})
sc = Scale(0.9)
s3 = lr_scheduler.LambdaLR(opt3, [lambda e: 2.0, sc])
s3.load_state_dict(sd)
print(sc.f, s3.last_epoch, 'lr_lambdas' in sd)

# resuming: last_epoch != -1 needs initial_lr in the groups
opt = make_opt(0.4)
s = lr_scheduler.ExponentialLR(opt, gamma=0.5)
for _ in range(2):
    opt.step()
    s.step()
s_resumed = lr_scheduler.ExponentialLR(opt, gamma=0.5, last_epoch=s.last_epoch)
print(s_resumed.last_epoch, s_resumed.base_lrs, s_resumed.get_last_lr())

# ReduceLROnPlateau
def plateau(losses, **kw):
    opt = make_opt(1.0)
    s = lr_scheduler.ReduceLROnPlateau(opt, **kw)
    out = []
    for loss in losses:
        s.step(loss)
        out.append(opt.param_groups[0]['lr'])
    print(kw, [repr(x) for x in out])
    print('  best', s.best, 'bad', s.num_bad_epochs, 'cooldown', s.cooldown_counter, 'epoch', s.last_epoch)
    return s


losses = [1.0, 0.9, 0.9, 0.9, 0.95, 0.89, 0.899, 0.9, 0.91, 0.92, 0.93, 0.5, 0.6, 0.7, 0.8, 0.9]
plateau(losses, patience=2)
plateau(losses, patience=1, factor=0.5)
plateau(losses, patience=1, factor=0.5, cooldown=2)
plateau(losses, patience=0, factor=0.5, min_lr=0.2)
plateau(losses, patience=1, threshold=0.02, threshold_mode='abs')
plateau(losses, patience=1, threshold=0.05)
acc = [0.1, 0.2, 0.2, 0.21, 0.2, 0.19, 0.5, 0.5, 0.5]
plateau(acc, mode='max', patience=1, factor=0.5)
plateau(acc, mode='max', patience=1, factor=0.5, threshold=0.1, threshold_mode='abs')
s = plateau([torch.tensor(2.0), torch.tensor(3.0), torch.tensor(4.0)], patience=0, verbose=True)
sd = s.state_dict()
print(sorted(sd.keys()))
print(sd['best'], sd['mode'], sd['mode_worse'], sd['min_lrs'])

opt = make_opt(1.0)
opt.add_param_group({'params': [torch.tensor([1.0], requires_grad=True)], 'lr': 0.1})
s = lr_scheduler.ReduceLROnPlateau(opt, patience=0, factor=0.1, min_lr=[0.05, 0.0], eps=1e-3)
for loss in [1.0, 2.0, 3.0, 4.0]:
    s.step(loss)
    print([repr(g['lr']) for g in opt.param_groups])
for kw in [dict(factor=1.0), dict(mode='avg'), dict(threshold_mode='x'), dict(min_lr=[0.1])]:
    try:
        lr_scheduler.ReduceLROnPlateau(make_opt(), **kw)
    except ValueError as e:
        print('ValueError:', e)
