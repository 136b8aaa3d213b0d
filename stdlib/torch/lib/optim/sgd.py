# torch.optim.sgd: SGD with momentum, dampening, weight decay, Nesterov and
# maximize, as PyTorch 1.13's _single_tensor_sgd: a fused native update per
# parameter, or the same arithmetic with tensor ops.
import torch
from torch.optim.optimizer import Optimizer, required

__all__ = ['SGD']

# One pass per parameter (stdlib/torch/optim_kernels.cpp); False when the
# tensors do not suit it.
_fused = torch._kiln_sgd_update_


class SGD(Optimizer):
    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        if lr is not required and lr < 0.0:
            raise ValueError("Invalid learning rate: {}".format(lr))
        if momentum < 0.0:
            raise ValueError("Invalid momentum value: {}".format(momentum))
        if weight_decay < 0.0:
            raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, foreach=foreach, differentiable=differentiable)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        if differentiable:
            raise NotImplementedError("SGD: differentiable=True is not supported by Kiln")
        super().__init__(params, defaults)

    def step(self, closure=None):
        return self._step(closure, self._update_group)

    def _update_group(self, group):
        weight_decay = group['weight_decay']
        momentum = group['momentum']
        lr = group['lr']
        dampening = group['dampening']
        nesterov = group['nesterov']
        maximize = group['maximize']
        for param in group['params']:
            grad = param.grad
            if grad is None:
                continue
            state = self.state.get(param)
            if state is None:
                state = {}
                self.state[param] = state
            buf = None
            if momentum != 0:
                buf = state.get('momentum_buffer')
                first = buf is None
                if first:
                    buf = torch.empty_like(param)
                if _fused(param, grad, buf, first, lr, momentum, dampening, weight_decay, nesterov, maximize):
                    state['momentum_buffer'] = buf
                    continue
                if first:
                    buf = None
            else:
                state['momentum_buffer'] = None
                if _fused(param, grad, None, False, lr, 0, dampening, weight_decay, nesterov, maximize):
                    continue
            # The same update with tensor ops (tensors the fused loop does not take).
            d_p = grad
            if maximize:
                d_p = -d_p
            if weight_decay != 0:
                d_p = d_p.add(param, alpha=weight_decay)
            if momentum != 0:
                if buf is None:
                    buf = torch.clone(d_p).detach()
                    state['momentum_buffer'] = buf
                else:
                    buf.mul_(momentum).add_(d_p, alpha=1 - dampening)
                if nesterov:
                    d_p = d_p.add(buf, alpha=momentum)
                else:
                    d_p = buf
            param.add_(d_p, alpha=-lr)
