# torch.optim.optimizer: the Optimizer base class.
#
# param_groups is a list of dicts, each with its 'params' list and every
# default filled in; state maps a parameter to its dict of buffers (a
# defaultdict(dict), as PyTorch's). Steps follow PyTorch 1.13's
# single-tensor algorithms; foreach=True runs the same single-tensor loop.
import torch
from torch._kiln import defaultdict, typename as _typename

__all__ = ['Optimizer']


class _RequiredParameter:
    """Singleton class representing a required parameter for an Optimizer."""
    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be "
                            "an iterable of Tensors or dicts, but got " + _typename(params))
        self.state = defaultdict()
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {
            'defaults': self.defaults,
            'state': self.state,
            'param_groups': self.param_groups,
        }

    def __repr__(self):
        format_string = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += 'Parameter Group {0}\n'.format(i)
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += '    {0}: {1}\n'.format(key, group[key])
        format_string += ')'
        return format_string

    def state_dict(self):
        # Parameters are replaced by their index in the order of param_groups.
        param_mappings = {}
        start_index = 0
        param_groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != 'params'}
            for i, p in enumerate(group['params'], start_index):
                if id(p) not in param_mappings:
                    param_mappings[id(p)] = i
            packed['params'] = [param_mappings[id(p)] for p in group['params']]
            start_index += len(packed['params'])
            param_groups.append(packed)
        packed_state = {}
        for k, v in self.state.items():
            packed_state[param_mappings[id(k)] if isinstance(k, torch.Tensor) else k] = v
        return {
            'state': packed_state,
            'param_groups': param_groups,
        }

    def load_state_dict(self, state_dict):
        groups = self.param_groups
        saved_groups = state_dict['param_groups']
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        for g, sg in zip(groups, saved_groups):
            if len(g['params']) != len(sg['params']):
                raise ValueError("loaded state dict contains a parameter group "
                                 "that doesn't match the size of optimizer's group")
        id_map = {}
        for g, sg in zip(groups, saved_groups):
            for old_id, p in zip(sg['params'], g['params']):
                id_map[old_id] = p

        def cast(param, value, key=None):
            if isinstance(value, torch.Tensor):
                if key != 'step' and param.is_floating_point():
                    return value.to(param.dtype).clone()
                return value.clone()
            elif isinstance(value, dict):
                return {k: cast(param, v, key=k) for k, v in value.items()}
            elif isinstance(value, list):
                return [cast(param, v) for v in value]
            elif isinstance(value, tuple):
                return tuple(cast(param, v) for v in value)
            return value

        state = defaultdict()
        for k, v in state_dict['state'].items():
            if k in id_map:
                param = id_map[k]
                state[param] = cast(param, v)
            else:
                state[k] = v
        param_groups = []
        for g, sg in zip(groups, saved_groups):
            new_group = dict(sg)
            new_group['params'] = g['params']
            param_groups.append(new_group)
        self.state = state
        self.param_groups = param_groups

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group['params']:
                g = p.grad
                if g is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if g.grad_fn is not None:
                            g = g.detach()
                            p.grad = g
                        else:
                            g.requires_grad_(False)
                        g.zero_()

    def _step(self, closure, update_group):
        # PyTorch's step protocol: the closure re-evaluates the loss with grad
        # enabled; the update of each param group runs without grad.
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                update_group(group)
        return loss

    def step(self, closure):
        raise NotImplementedError

    def add_param_group(self, param_group):
        assert isinstance(param_group, dict), "param group must be a dict"
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, but '
                            'the ordering of tensors in sets will change between runs. Please use a list instead.')
        else:
            param_group['params'] = list(params)

        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, "
                                "but one of the params is " + _typename(param))
            if not self.defaults.get('differentiable', None) and not param.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")

        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter " +
                                 name)
            else:
                param_group.setdefault(name, default)

        params = param_group['params']
        if len(params) != len(set(params)):
            import sys
            sys.stderr.write("UserWarning: optimizer contains a parameter group with duplicate parameters; "
                             "in future, this will cause an error; "
                             "see github.com/pytorch/pytorch/issues/40967 for more information\n")

        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group['params']))

        if not param_set.isdisjoint(set(param_group['params'])):
            raise ValueError("some parameters appear in more than one parameter group")

        self.param_groups.append(param_group)
