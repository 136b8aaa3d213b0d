# torch.nn.modules.container: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict.
import torch
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter
from torch._kiln import OrderedDict, typename

__all__ = ['Sequential', 'ModuleList', 'ModuleDict', 'ParameterList', 'ParameterDict']


def _index(idx):
    # operator.index
    if isinstance(idx, int):
        return idx
    if hasattr(type(idx), '__index__'):
        return idx.__index__()
    raise TypeError("'{}' object cannot be interpreted as an integer".format(type(idx).__name__))


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _get_item_by_idx(self, iterator, idx):
        size = len(self)
        idx = _index(idx)
        if not -size <= idx < size:
            raise IndexError('index {} is out of range'.format(idx))
        idx %= size
        return list(iterator)[idx]

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        else:
            return self._get_item_by_idx(self._modules.values(), idx)

    def __setitem__(self, idx, module):
        key = self._get_item_by_idx(self._modules.keys(), idx)
        return setattr(self, key, module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                delattr(self, key)
        else:
            key = self._get_item_by_idx(self._modules.keys(), idx)
            delattr(self, key)
        # To preserve numbering
        str_indices = [str(i) for i in range(len(self._modules))]
        self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

    def __len__(self):
        return len(self._modules)

    def __add__(self, other):
        if isinstance(other, Sequential):
            ret = Sequential()
            for layer in self:
                ret.append(layer)
            for layer in other:
                ret.append(layer)
            return ret
        else:
            raise ValueError('add operator supports only objects '
                             'of Sequential class, but {} is given.'.format(str(type(other))))

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def __iadd__(self, other):
        if isinstance(other, Sequential):
            offset = len(self)
            for i, module in enumerate(other):
                self.add_module(str(i + offset), module)
            return self
        else:
            raise ValueError('add operator supports only objects '
                             'of Sequential class, but {} is given.'.format(str(type(other))))

    def __mul__(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        elif other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")
        else:
            combined = Sequential()
            offset = 0
            for _ in range(other):
                for module in self:
                    combined.add_module(str(offset), module)
                    offset += 1
            return combined

    def __rmul__(self, other):
        return self.__mul__(other)

    def __iter__(self):
        return iter(self._modules.values())

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError('module should be of type: {}'.format(Module))
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError('Index out of range: {}'.format(index))
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self += modules

    def _get_abs_string_index(self, idx):
        idx = _index(idx)
        if not (-len(self) <= idx < len(self)):
            raise IndexError('index {} is out of range'.format(idx))
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        else:
            return self._modules[self._get_abs_string_index(idx)]

    def __setitem__(self, idx, module):
        idx = self._get_abs_string_index(idx)
        return setattr(self, str(idx), module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for k in range(len(self._modules))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, self._get_abs_string_index(idx))
        # To preserve numbering, self._modules is being reconstructed with modules after deletion
        str_indices = [str(i) for i in range(len(self._modules))]
        self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = ModuleList()
        for i, module in enumerate(list(self) + list(other)):
            combined.add_module(str(i), module)
        return combined

    def insert(self, index, module):
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def extend(self, modules):
        if not hasattr(modules, '__iter__'):
            raise TypeError("ModuleList.extend should be called with an "
                            "iterable, but got " + type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


class _DictModule(Module):
    # The mapping protocol of ModuleDict and ParameterDict over the dict of
    # the module that holds their entries (_store(): _modules or _parameters).
    def _store(self):
        raise NotImplementedError

    def __getitem__(self, key):
        return self._store()[key]

    def __delitem__(self, key):
        del self._store()[key]

    def __len__(self):
        return len(self._store())

    def __iter__(self):
        return iter(self._store())

    def __contains__(self, key):
        return key in self._store()

    def clear(self):
        self._store().clear()

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._store().keys()

    def items(self):
        return self._store().items()

    def values(self):
        return self._store().values()


class ModuleDict(_DictModule):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def _store(self):
        return self._modules

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def update(self, modules):
        if isinstance(modules, (dict, OrderedDict, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if len(m) != 2:
                    raise ValueError("ModuleDict update sequence element #" + str(j) + " has length " + str(len(m)) +
                                     "; 2 is required")
                self[m[0]] = m[1]


def _as_parameter(value):
    if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
        return Parameter(value)
    return value


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def _get_abs_string_index(self, idx):
        idx = _index(idx)
        if not (-len(self) <= idx < len(self)):
            raise IndexError('index {} is out of range'.format(idx))
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__([self[i] for i in range(len(self))[idx]])
        return getattr(self, self._get_abs_string_index(idx))

    def __setitem__(self, idx, param):
        setattr(self, self._get_abs_string_index(idx), _as_parameter(param))

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        new_idx = len(self)
        self._size += 1
        self.register_parameter(str(new_idx), _as_parameter(value))
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        lines = []
        for k, p in enumerate(self):
            size_str = 'x'.join(str(size) for size in p.size())
            lines.append('  ({}): {} containing: [{} of size {}]'.format(
                k, 'Parameter' if isinstance(p, Parameter) else 'Tensor', p.dtype, size_str))
        return '\n'.join(lines)


class ParameterDict(_DictModule):
    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def _store(self):
        return self._parameters

    def __setitem__(self, key, value):
        self.register_parameter(key, _as_parameter(value))

    def update(self, parameters):
        # (PyTorch 1.13: an OrderedDict or ParameterDict in its order, a
        # plain dict sorted by key, else (key, value) pairs in order)
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            items = list(parameters.items())
        elif isinstance(parameters, dict):
            items = sorted(parameters.items())
        else:
            items = list(parameters)
        for key, value in items:
            self[key] = value

    def extra_repr(self):
        lines = []
        for k, p in self._parameters.items():
            size_str = 'x'.join(str(size) for size in p.size())
            lines.append('  ({}): Parameter containing: [{} of size {}]'.format(k, typename(p), size_str))
        return '\n'.join(lines)
