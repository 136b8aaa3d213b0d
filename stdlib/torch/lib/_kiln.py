# torch._kiln: helpers of Kiln's torch.nn and torch.optim (PyTorch has no
# such module). Kiln has no collections module (its dicts keep insertion
# order), but PyTorch's state_dict() returns an OrderedDict whose repr
# programs print, and load_state_dict a namedtuple.
import torch

_TENSOR_TYPE_NAMES = {
    'torch.float32': 'torch.FloatTensor',
    'torch.float64': 'torch.DoubleTensor',
    'torch.int64': 'torch.LongTensor',
    'torch.int32': 'torch.IntTensor',
    'torch.bool': 'torch.BoolTensor',
}


def typename(o):
    # torch.typename
    if isinstance(o, torch.Tensor):
        return _TENSOR_TYPE_NAMES.get(str(o.dtype), 'torch.Tensor')
    cls = type(o)
    module = getattr(cls, '__module__', None)
    prefix = module + '.' if module is not None and module != 'builtins' else ''
    return prefix + cls.__qualname__


class _OrderedDictView:
    # odict_keys / odict_values / odict_items: a live view with CPython's repr.
    def __init__(self, d, kind):
        self._d = d
        self._kind = kind

    def _view(self):
        if self._kind == 'odict_keys':
            return dict.keys(self._d)
        if self._kind == 'odict_values':
            return dict.values(self._d)
        return dict.items(self._d)

    def __iter__(self):
        return iter(self._view())

    def __len__(self):
        return len(self._d)

    def __contains__(self, x):
        return x in self._view()

    def __reversed__(self):
        return reversed(list(self._view()))

    def __eq__(self, other):
        if isinstance(other, _OrderedDictView):
            other = other._view()
        return self._view() == other

    def __repr__(self):
        return self._kind + '(' + repr(list(self._view())) + ')'


class OrderedDict(dict):
    def keys(self):
        return _OrderedDictView(self, 'odict_keys')

    def values(self):
        return _OrderedDictView(self, 'odict_values')

    def items(self):
        return _OrderedDictView(self, 'odict_items')

    def copy(self):
        return OrderedDict(self)

    def __repr__(self):
        if not self:
            return 'OrderedDict()'
        return 'OrderedDict(' + repr(list(dict.items(self))) + ')'


class defaultdict(dict):
    # collections.defaultdict(dict) (the only default factory torch needs),
    # the type of Optimizer.state: a missing key gets an empty dict.
    def __missing__(self, key):
        value = {}
        self[key] = value
        return value

    def __repr__(self):
        items = ', '.join(repr(k) + ': ' + repr(v) for k, v in dict.items(self))
        return "defaultdict(<class 'dict'>, {" + items + "})"


class _IncompatibleKeys(tuple):
    # PyTorch's namedtuple('IncompatibleKeys', ['missing_keys', 'unexpected_keys']).
    def __new__(cls, missing_keys, unexpected_keys):
        return tuple.__new__(cls, (missing_keys, unexpected_keys))

    @property
    def missing_keys(self):
        return self[0]

    @property
    def unexpected_keys(self):
        return self[1]

    def __repr__(self):
        if not self[0] and not self[1]:
            return '<All keys matched successfully>'
        return '_IncompatibleKeys(missing_keys=' + repr(self[0]) + ', unexpected_keys=' + repr(self[1]) + ')'

    __str__ = __repr__
