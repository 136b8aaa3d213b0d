# torch.optim.adamw: AdamW, Adam with decoupled weight decay (PyTorch 1.13's
# _single_tensor_adamw; the update is adam._adam_step).
import torch
from torch.optim.optimizer import Optimizer
from torch.optim.adam import _adam_step, _check_adam_args

__all__ = ['AdamW']


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False):
        _check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        foreach=foreach, maximize=maximize, capturable=capturable)
        super().__init__(params, defaults)

    def step(self, closure=None):
        # A method, not a lambda made per call: a traced _step sees the same
        # function each step (a new lambda would be a new object every time).
        return self._step(closure, self._update_group)

    def _update_group(self, group):
        _adam_step(self, group, True)
