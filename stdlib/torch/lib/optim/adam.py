# torch.optim.adam: Adam (with amsgrad, weight decay and maximize), as
# PyTorch 1.13's _single_tensor_adam; AdamW (torch.optim.adamw) shares the
# update with decoupled weight decay.
import math
import torch
from torch.optim.optimizer import Optimizer

__all__ = ['Adam']

# One pass per parameter (stdlib/torch/optim_kernels.cpp); False when the
# tensors do not suit it.
_fused = torch._kiln_adam_update_


def _check_adam_args(lr, betas, eps, weight_decay):
    if not 0.0 <= lr:
        raise ValueError("Invalid learning rate: {}".format(lr))
    if not 0.0 <= eps:
        raise ValueError("Invalid epsilon value: {}".format(eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError("Invalid beta parameter at index 0: {}".format(betas[0]))
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError("Invalid beta parameter at index 1: {}".format(betas[1]))
    if not 0.0 <= weight_decay:
        raise ValueError("Invalid weight_decay value: {}".format(weight_decay))


def _adam_step(optimizer, group, decoupled):
    # One group's update: a fused native pass per parameter, or tensor ops
    # in PyTorch's order of operations, with addcmul_ and addcdiv_ spelled
    # out as in-place ops:
    #   exp_avg_sq.addcmul_(g, g, value=v)  ==  exp_avg_sq += (g * v) * g
    #   p.addcdiv_(m, d, value=v)           ==  p += (m * v) / d
    beta1, beta2 = group['betas']
    lr = group['lr']
    weight_decay = group['weight_decay']
    eps = group['eps']
    amsgrad = group['amsgrad']
    maximize = group['maximize']
    if group['capturable']:
        raise AssertionError("If capturable=True, params and state_steps must be CUDA tensors.")
    state_of = optimizer.state
    for param in group['params']:
        grad = param.grad
        if grad is None:
            continue
        state = state_of.get(param)
        if state is None:
            state = {}
            state_of[param] = state
        if len(state) == 0:
            state['step'] = torch.tensor(0.)
            # Exponential moving average of gradient values
            state['exp_avg'] = torch.zeros_like(param)
            # Exponential moving average of squared gradient values
            state['exp_avg_sq'] = torch.zeros_like(param)
            if amsgrad:
                # Maintains max of all exp. moving avg. of sq. grad. values
                state['max_exp_avg_sq'] = torch.zeros_like(param)
        exp_avg = state['exp_avg']
        exp_avg_sq = state['exp_avg_sq']
        step_t = state['step']
        step_t += 1
        step = step_t.item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = math.sqrt(bias_correction2)
        max_exp_avg_sq = state['max_exp_avg_sq'] if amsgrad else None
        if _fused(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq, lr, beta1, beta2, eps, weight_decay,
                  step_size, bias_correction2_sqrt, maximize, decoupled):
            continue

        # The same update with tensor ops (tensors the fused loop does not take).
        if maximize:
            grad = -grad
        if decoupled:
            if weight_decay != 0:  # (PyTorch multiplies by 1 too: same values)
                # Perform stepweight decay
                param.mul_(1 - lr * weight_decay)
        elif weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        # Decay the first and second moment running average coefficient
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).add_(grad.mul(1 - beta2).mul_(grad))
        if amsgrad:
            max_exp_avg_sq.copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
            # Use the max. for normalizing running avg. of gradient
            denom = max_exp_avg_sq.sqrt().div_(bias_correction2_sqrt).add_(eps)
        else:
            denom = exp_avg_sq.sqrt().div_(bias_correction2_sqrt).add_(eps)
        param.add_(exp_avg.mul(-step_size).div_(denom))


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        _check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` cannot be `differentiable`")
            raise RuntimeError("FusedAdam requires all the params to be CUDA, floating point")
        if differentiable:
            raise NotImplementedError("Adam: differentiable=True is not supported by Kiln")

    def step(self, closure=None):
        # A method, not a lambda made per call: a traced _step sees the same
        # function each step (a new lambda would be a new object every time).
        return self._step(closure, self._update_group)

    def _update_group(self, group):
        _adam_step(self, group, False)
