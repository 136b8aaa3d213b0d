# torch.optim.lr_scheduler: learning-rate schedulers.
#
# Provides LRScheduler (also as _LRScheduler, PyTorch 1.13's name), LambdaLR,
# MultiplicativeLR, StepLR, MultiStepLR, ConstantLR, LinearLR, ExponentialLR,
# CosineAnnealingLR and ReduceLROnPlateau, with step(), get_last_lr(),
# last_epoch and state_dict()/load_state_dict(). Values follow PyTorch 1.13's
# formulas: the recursive ("chainable") get_lr() on step(), the closed form
# when step(epoch) is given, so the floats are the same.
# Left out: SequentialLR, ChainedScheduler, PolynomialLR, CyclicLR,
# CosineAnnealingWarmRestarts, OneCycleLR. Differences: no warnings are
# issued (Kiln has no `warnings` module: calling step() before
# optimizer.step(), get_lr() outside step() and step(epoch) are silent), and
# optimizer.step is not wrapped with a call counter.
import math
from collections import Counter
from bisect import bisect_right
from torch.optim.optimizer import Optimizer

__all__ = ['LRScheduler', '_LRScheduler', 'LambdaLR', 'MultiplicativeLR', 'StepLR',
           'MultiStepLR', 'ConstantLR', 'LinearLR', 'ExponentialLR',
           'CosineAnnealingLR', 'ReduceLROnPlateau']


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))


def _epoch_str(epoch):
    if isinstance(epoch, float):
        return "%.2f" % epoch
    return "%.5d" % epoch


class LRScheduler:
    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault('initial_lr', group['lr'])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if 'initial_lr' not in group:
                    raise KeyError("param 'initial_lr' is not specified "
                                   "in param_groups[{}] when resuming an optimizer".format(i))
        self.base_lrs = [group['initial_lr'] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._initial_step()

    def _initial_step(self):
        self.optimizer._step_count = 0
        self._step_count = 0
        self.step()

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        return self._last_lr

    def get_lr(self):
        raise NotImplementedError

    def print_lr(self, is_verbose, group, lr, epoch=None):
        if is_verbose:
            if epoch is None:
                print('Adjusting learning rate of group {} to {:.4e}.'.format(group, lr))
            else:
                print('Epoch {}: adjusting learning rate of group {} to {:.4e}.'.format(
                    _epoch_str(epoch), group, lr))

    def step(self, epoch=None):
        self._step_count += 1
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                self.last_epoch = epoch
                if hasattr(self, '_get_closed_form_lr'):
                    values = self._get_closed_form_lr()
                else:
                    values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for i, data in enumerate(zip(self.optimizer.param_groups, values)):
            param_group, lr = data
            param_group['lr'] = lr
            self.print_lr(self.verbose, i, lr, epoch)
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]


_LRScheduler = LRScheduler


def _lambda_list(optimizer, lr_lambda):
    if not isinstance(lr_lambda, list) and not isinstance(lr_lambda, tuple):
        return [lr_lambda] * len(optimizer.param_groups)
    if len(lr_lambda) != len(optimizer.param_groups):
        raise ValueError("Expected {} lr_lambdas, but got {}".format(
            len(optimizer.param_groups), len(lr_lambda)))
    return list(lr_lambda)


def _is_plain_function(fn):
    return type(fn) is type(_is_plain_function)


class _LambdaScheduler(LRScheduler):
    # Shared by LambdaLR and MultiplicativeLR (Kiln has no multiple
    # inheritance, so this is an intermediate base, not a mixin). lr_lambdas: plain functions save as None, callable objects as a copy
    # of their __dict__ (PyTorch's rule).
    def state_dict(self):
        state_dict = {key: value for key, value in self.__dict__.items()
                      if key not in ('optimizer', 'lr_lambdas')}
        state_dict['lr_lambdas'] = [None] * len(self.lr_lambdas)
        for idx, fn in enumerate(self.lr_lambdas):
            if not _is_plain_function(fn):
                state_dict['lr_lambdas'][idx] = fn.__dict__.copy()
        return state_dict

    def load_state_dict(self, state_dict):
        lr_lambdas = state_dict.pop('lr_lambdas')
        self.__dict__.update(state_dict)
        state_dict['lr_lambdas'] = lr_lambdas
        for idx, fn in enumerate(lr_lambdas):
            if fn is not None:
                self.lr_lambdas[idx].__dict__.update(fn)


class LambdaLR(_LambdaScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        self.lr_lambdas = _lambda_list(optimizer, lr_lambda)
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        return [base_lr * lmbda(self.last_epoch)
                for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(_LambdaScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        self.lr_lambdas = _lambda_list(optimizer, lr_lambda)
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch > 0:
            return [group['lr'] * lmbda(self.last_epoch)
                    for lmbda, group in zip(self.lr_lambdas, self.optimizer.param_groups)]
        return [group['lr'] for group in self.optimizer.param_groups]


class StepLR(LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        self.step_size = step_size
        self.gamma = gamma
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size)
                for base_lr in self.base_lrs]


class MultiStepLR(LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        self.milestones = Counter(milestones)
        self.gamma = gamma
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch not in self.milestones:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma ** self.milestones[self.last_epoch]
                for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        milestones = sorted(self.milestones.elements())
        return [base_lr * self.gamma ** bisect_right(milestones, self.last_epoch)
                for base_lr in self.base_lrs]


class ConstantLR(LRScheduler):
    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1, verbose=False):
        if factor > 1.0 or factor < 0:
            raise ValueError('Constant multiplicative factor expected to be between 0 and 1.')
        self.factor = factor
        self.total_iters = total_iters
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] * self.factor for group in self.optimizer.param_groups]
        if self.last_epoch != self.total_iters:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * (1.0 / self.factor) for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
                for base_lr in self.base_lrs]


class LinearLR(LRScheduler):
    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1, verbose=False):
        if start_factor > 1.0 or start_factor < 0:
            raise ValueError('Starting multiplicative factor expected to be between 0 and 1.')
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError('Ending multiplicative factor expected to be between 0 and 1.')
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] * self.start_factor for group in self.optimizer.param_groups]
        if self.last_epoch > self.total_iters:
            return [group['lr'] for group in self.optimizer.param_groups]
        delta = self.end_factor - self.start_factor
        return [group['lr'] * (1. + delta /
                               (self.total_iters * self.start_factor + (self.last_epoch - 1) * delta))
                for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * (self.start_factor + (self.end_factor - self.start_factor) *
                           min(self.total_iters, self.last_epoch) / self.total_iters)
                for base_lr in self.base_lrs]


class ExponentialLR(LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** self.last_epoch for base_lr in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1, verbose=False):
        self.T_max = T_max
        self.eta_min = eta_min
        LRScheduler.__init__(self, optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        if self._step_count == 1 and self.last_epoch > 0:
            return [self.eta_min + (base_lr - self.eta_min) *
                    (1 + math.cos(self.last_epoch * math.pi / self.T_max)) / 2
                    for base_lr in self.base_lrs]
        if (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [group['lr'] + (base_lr - self.eta_min) *
                    (1 - math.cos(math.pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups)]
        return [(1 + math.cos(math.pi * self.last_epoch / self.T_max)) /
                (1 + math.cos(math.pi * (self.last_epoch - 1) / self.T_max)) *
                (group['lr'] - self.eta_min) + self.eta_min
                for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base_lr - self.eta_min) *
                (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]


class ReduceLROnPlateau:
    def __init__(self, optimizer, mode='min', factor=0.1, patience=10,
                 threshold=1e-4, threshold_mode='rel', cooldown=0,
                 min_lr=0, eps=1e-8, verbose=False):
        if factor >= 1.0:
            raise ValueError('Factor should be < 1.0.')
        self.factor = factor
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if isinstance(min_lr, list) or isinstance(min_lr, tuple):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError("expected {} min_lrs, got {}".format(
                    len(optimizer.param_groups), len(min_lr)))
            self.min_lrs = list(min_lr)
        else:
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.best = None
        self.num_bad_epochs = None
        self.mode_worse = None
        self.eps = eps
        self.last_epoch = 0
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self):
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None):
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        self.last_epoch = epoch
        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

    def _reduce_lr(self, epoch):
        for i, param_group in enumerate(self.optimizer.param_groups):
            old_lr = float(param_group['lr'])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                param_group['lr'] = new_lr
                if self.verbose:
                    print('Epoch {}: reducing learning rate of group {} to {:.4e}.'.format(
                        _epoch_str(epoch), i, new_lr))

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def is_better(self, a, best):
        if self.mode == 'min' and self.threshold_mode == 'rel':
            return a < best * (1. - self.threshold)
        elif self.mode == 'min' and self.threshold_mode == 'abs':
            return a < best - self.threshold
        elif self.mode == 'max' and self.threshold_mode == 'rel':
            return a > best * (self.threshold + 1.)
        return a > best + self.threshold

    def _init_is_better(self, mode, threshold, threshold_mode):
        if mode not in ('min', 'max'):
            raise ValueError('mode ' + mode + ' is unknown!')
        if threshold_mode not in ('rel', 'abs'):
            raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
        if mode == 'min':
            self.mode_worse = math.inf
        else:
            self.mode_worse = -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def get_last_lr(self):
        return self._last_lr

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._init_is_better(mode=self.mode, threshold=self.threshold,
                             threshold_mode=self.threshold_mode)
