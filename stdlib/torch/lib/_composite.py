# torch._composite: functions of the torch namespace written over the native
# ops (einsum, hstack, meshgrid, diag, nonzero...). torch.__getattr__
# (stdlib/torch/module.cpp) imports this module the first time one of them
# is asked for and binds the function in torch's namespace. Autograd
# differentiates them through the ops they use; PyTorch's own kernels may
# round some of them differently in the last bits (hypot, logaddexp).
# They are functions only (Tensor has no methods of these names).
import math
import sys
import torch

__all__ = ['einsum', 'hstack', 'vstack', 'dstack', 'column_stack', 'meshgrid', 'tile', 'diag', 'trace',
           'logaddexp', 'logaddexp2', 'hypot', 'xlogy', 'frac', 'deg2rad', 'rad2deg', 'diff', 'repeat_interleave',
           'masked_select', 'nonzero', 'atleast_1d', 'atleast_2d', 'atleast_3d', 'broadcast_shapes']


def _warn(message):
    sys.stderr.write('UserWarning: ' + message + '\n')


def _tensors(args):
    # f(a, b, c) or f([a, b, c])
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0])
    return list(args)


# ---------------------------------------------------------------- einsum
def _label_order(c):
    # PyTorch numbers the labels A-Z then a-z (the implicit output's order).
    return ord(c) - ord('A') if c.isupper() else 26 + ord(c) - ord('a')


def _parse_operand(term, ndim, index):
    # The labels of one operand, its ellipsis ('...') as the integer labels
    # -1, -2, ... of the dims it covers (right-aligned across operands).
    if term.count('...') > 1 or term.replace('...', '').count('.') > 0:
        raise RuntimeError("einsum(): found '.' for operand {} that is not part of any ellipsis".format(index))
    labels = []
    if '...' in term:
        left, right = term.split('...')
        for c in left + right:
            if not c.isalpha():
                raise RuntimeError("einsum(): invalid subscript given at index {} in the equation string, "
                                   "subscripts must be in [a-zA-Z]".format(term.index(c)))
        covered = ndim - len(left) - len(right)
        if covered < 0:
            raise RuntimeError("einsum(): the number of subscripts in the equation ({}) is more than the number of "
                               "dimensions ({}) for operand {}".format(len(left) + len(right), ndim, index))
        labels = list(left) + [-(covered - i) for i in range(covered)] + list(right)
    else:
        for c in term:
            if not c.isalpha():
                raise RuntimeError("einsum(): invalid subscript given at index {} in the equation string, "
                                   "subscripts must be in [a-zA-Z]".format(term.index(c)))
        if len(term) != ndim:
            raise RuntimeError("einsum(): the number of subscripts in the equation ({}) does not match the number "
                               "of dimensions ({}) for operand {} and no ellipsis was given".format(
                                   len(term), ndim, index))
        labels = list(term)
    if len(set(labels)) != len(labels):
        raise NotImplementedError("einsum(): a subscript repeated within one operand (a diagonal) is not "
                                  "supported by Kiln")
    return labels


def _sum_out(t, labels, keep):
    # Sums the dims whose labels are not in `keep`.
    drop = [i for i, l in enumerate(labels) if l not in keep]
    if drop:
        t = t.sum(drop)
        labels = [l for l in labels if l in keep]
    return t, labels


def _contract(a, la, b, lb, keep):
    # a (labels la) times b (labels lb), summed over the labels in both and
    # not in `keep`, as one batched matmul: [batch, a only, shared] @
    # [batch, shared, b only].
    a, la = _sum_out(a, la, set(lb) | keep)
    b, lb = _sum_out(b, lb, set(la) | keep)
    batch = [l for l in la if l in lb and l in keep]
    shared = [l for l in la if l in lb and l not in keep]
    a_only = [l for l in la if l not in lb]
    b_only = [l for l in lb if l not in la]
    size = {}
    for t, ls in ((a, la), (b, lb)):
        for i, l in enumerate(ls):
            n = t.size(i)
            if l in size and size[l] != n and size[l] != 1 and n != 1:
                raise RuntimeError("einsum(): operands do not broadcast with remapped shapes (original->remapped)")
            size[l] = n if l not in size or size[l] == 1 else size[l]
    if not shared:
        # Nothing summed: the broadcast product (PyTorch's; a BLAS call
        # would add each product to +0, turning -0 into 0).
        a = a.permute([la.index(l) for l in batch + a_only])
        b = b.permute([lb.index(l) for l in batch + b_only])
        a = a.reshape(list(a.shape) + [1] * len(b_only))
        b = b.reshape([b.size(i) for i in range(len(batch))] + [1] * len(a_only) +
                      [b.size(len(batch) + i) for i in range(len(b_only))])
        return a * b, batch + a_only + b_only
    a = a.permute([la.index(l) for l in batch + a_only + shared])
    b = b.permute([lb.index(l) for l in batch + shared + b_only])
    a = a.expand([size[l] for l in batch + a_only + shared])
    b = b.expand([size[l] for l in batch + shared + b_only])
    nb = math.prod([size[l] for l in batch])
    m = math.prod([size[l] for l in a_only])
    k = math.prod([size[l] for l in shared])
    n = math.prod([size[l] for l in b_only])
    out = torch.bmm(a.reshape(nb, m, k), b.reshape(nb, k, n))
    return out.reshape([size[l] for l in batch + a_only + b_only]), batch + a_only + b_only


def einsum(equation, *operands):
    ops = _tensors(operands)
    eq = equation.replace(' ', '')
    if '->' in eq:
        lhs, rhs = eq.split('->')
    else:
        lhs, rhs = eq, None
    terms = lhs.split(',')
    if len(terms) != len(ops):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation"
                           if len(ops) > len(terms) else
                           "einsum(): fewer operands were provided than specified in the equation")
    labels = [_parse_operand(t, op.dim(), i) for i, (t, op) in enumerate(zip(terms, ops))]
    ell = max([-min([l for l in ls if isinstance(l, int)], default=0) for ls in labels], default=0)
    if rhs is None:
        counts = {}
        for ls in labels:
            for l in ls:
                if isinstance(l, str):
                    counts[l] = counts.get(l, 0) + 1
        out = [-(ell - i) for i in range(ell)] + sorted([l for l, c in counts.items() if c == 1], key=_label_order)
    else:
        for c in rhs.replace('...', ''):
            if not c.isalpha():
                raise RuntimeError("einsum(): invalid subscript given at index {} in the equation string, "
                                   "subscripts must be in [a-zA-Z]".format(len(lhs) + 2 + rhs.index(c)))
        out = []
        if '...' in rhs:
            left, right = rhs.split('...')
            out = list(left) + [-(ell - i) for i in range(ell)] + list(right)
        else:
            out = list(rhs)
        seen = set(l for ls in labels for l in ls)
        for l in out:
            if isinstance(l, str) and l not in seen:
                raise RuntimeError("einsum(): output subscript {} does not appear in the equation for any input "
                                   "operand".format(l))
        for l in out:
            if out.count(l) > 1:
                raise RuntimeError("einsum(): output subscript {} appears more than once in the output".format(l))
    t, lt = ops[0], labels[0]
    for i in range(1, len(ops)):
        later = set(out)
        for ls in labels[i + 1:]:
            later |= set(ls)
        t, lt = _contract(t, lt, ops[i], labels[i], later)
    t, lt = _sum_out(t, lt, set(out))
    # ellipsis dims of size 1 that other operands broadcast are already in t
    return t.permute([lt.index(l) for l in out]) if lt != out else t


# ---------------------------------------------------------------- element-wise
def logaddexp(input, other):
    # max + log1p(exp(-|a - b|)); equal infinities give themselves
    m = torch.maximum(input, other)
    r = m + torch.log1p(torch.exp(-torch.abs(input - other)))
    return torch.where(torch.isinf(input) & (input == other), input, r)


def logaddexp2(input, other):
    m = torch.maximum(input, other)
    r = m + torch.log1p(torch.pow(2.0, -torch.abs(input - other))) / math.log(2.0)
    return torch.where(torch.isinf(input) & (input == other), input, r)


def hypot(input, other):
    return torch.sqrt(input * input + other * other)


def xlogy(input, other):
    # 0 where input is 0 (unless other is NaN), else input * log(other)
    if not isinstance(input, torch.Tensor):
        input = torch.tensor(float(input))
    if not isinstance(other, torch.Tensor):
        other = torch.tensor(float(other))
    r = torch.where(input == 0, torch.zeros_like(input * other), input * torch.log(other))
    return torch.where(torch.isnan(other), other, r)


_FRAC_DTYPE_NAMES = {'torch.int64': 'Long', 'torch.int32': 'Int', 'torch.bool': 'Bool'}


def frac(input):
    if not input.is_floating_point():
        # PyTorch's kernel is floating point only.
        name = _FRAC_DTYPE_NAMES.get(str(input.dtype), str(input.dtype))
        raise RuntimeError('"frac_cpu" not implemented for \'{}\''.format(name))
    return input - torch.trunc(input)


def deg2rad(input):
    return input * (math.pi / 180.0)


def rad2deg(input):
    return input * (180.0 / math.pi)


# ---------------------------------------------------------------- shapes
def atleast_1d(*tensors):
    ts = _tensors(tensors)
    r = [t.reshape(1) if t.dim() == 0 else t for t in ts]
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], torch.Tensor) else tuple(r)


def atleast_2d(*tensors):
    ts = _tensors(tensors)
    r = [t.reshape(1, 1) if t.dim() == 0 else t.unsqueeze(0) if t.dim() == 1 else t for t in ts]
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], torch.Tensor) else tuple(r)


def atleast_3d(*tensors):
    ts = _tensors(tensors)
    r = []
    for t in ts:
        if t.dim() == 0:
            t = t.reshape(1, 1, 1)
        elif t.dim() == 1:
            t = t.reshape(1, t.size(0), 1)
        elif t.dim() == 2:
            t = t.unsqueeze(2)
        r.append(t)
    return r[0] if len(tensors) == 1 and isinstance(tensors[0], torch.Tensor) else tuple(r)


def hstack(tensors):
    ts = [atleast_1d(t) for t in tensors]
    return torch.cat(ts, 0 if ts[0].dim() == 1 else 1)


def vstack(tensors):
    return torch.cat([atleast_2d(t) for t in tensors], 0)


def dstack(tensors):
    return torch.cat([atleast_3d(t) for t in tensors], 2)


def column_stack(tensors):
    ts = [t.reshape(t.numel(), 1) if t.dim() <= 1 else t for t in tensors]
    return torch.cat(ts, 1)


def meshgrid(*tensors, indexing=None):
    ts = _tensors(tensors)
    if indexing is None:
        _warn("torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument.")
        indexing = 'ij'
    if indexing not in ('ij', 'xy'):
        raise RuntimeError("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {}".format(indexing))
    for t in ts:
        if t.dim() > 1:
            raise RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {}".format(t))
    ts = [t.reshape(-1) for t in ts]
    swap = indexing == 'xy' and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = [t.numel() for t in ts]
    out = []
    for i, t in enumerate(ts):
        view = [1] * len(ts)
        view[i] = t.numel()
        out.append(t.reshape(view).expand(shape))
    if swap:
        out[0], out[1] = out[1], out[0]
    return tuple(out)


def tile(input, dims):
    dims = list(dims)
    if len(dims) < input.dim():
        dims = [1] * (input.dim() - len(dims)) + dims
    return input.repeat(dims)


def diag(input, diagonal=0):
    if input.dim() == 1:
        n = input.numel() + abs(diagonal)
        out = torch.zeros(n, n, dtype=input.dtype)
        i = torch.arange(input.numel())
        if diagonal >= 0:
            out[i, i + diagonal] = input
        else:
            out[i - diagonal, i] = input
        return out
    if input.dim() != 2:
        raise RuntimeError("matrix or a vector expected")
    r, c = input.size(0), input.size(1)
    n = max(0, min(r, c - diagonal) if diagonal >= 0 else min(r + diagonal, c))
    i = torch.arange(n)
    if diagonal >= 0:
        return input[i, i + diagonal]
    return input[i - diagonal, i]


def trace(input):
    if input.dim() != 2:
        raise RuntimeError("trace: expected a matrix, but got tensor with dim {}".format(input.dim()))
    return diag(input).sum()


def diff(input, n=1, dim=-1, prepend=None, append=None):
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if prepend is not None or append is not None:
        parts = ([prepend] if prepend is not None else []) + [input] + ([append] if append is not None else [])
        input = torch.cat(parts, dim)
    d = dim + input.dim() if dim < 0 else dim
    for _ in range(n):
        m = input.size(d)
        if m == 0:
            break
        input = input.narrow(d, 1, m - 1) - input.narrow(d, 0, m - 1)
    return input


def repeat_interleave(input, repeats=None, dim=None, output_size=None):
    if repeats is None:
        raise NotImplementedError("repeat_interleave(repeats) without an input is not supported by Kiln")
    if dim is None:
        input = input.reshape(-1)
        dim = 0
    d = dim + input.dim() if dim < 0 else dim
    n = input.size(d)
    if isinstance(repeats, torch.Tensor) and repeats.numel() != 1:
        if repeats.dim() != 1 or repeats.numel() != n:
            raise RuntimeError("repeats must have the same size as input along dim")
        if bool((repeats < 0).any()):
            raise RuntimeError("repeats can not be negative")
        index = torch.cat([torch.full((int(r),), i, dtype=torch.int64) for i, r in enumerate(repeats.tolist())]) \
            if n > 0 else torch.zeros(0, dtype=torch.int64)
        return input.index_select(d, index)
    r = int(repeats)
    if r < 0:
        raise RuntimeError("repeats can not be negative")
    shape = list(input.shape)
    expanded = input.unsqueeze(d + 1).expand(shape[:d + 1] + [r] + shape[d + 1:])
    return expanded.reshape(shape[:d] + [n * r] + shape[d + 1:])


def broadcast_shapes(*shapes):
    out = []
    for shape in shapes:
        shape = [shape] if isinstance(shape, int) else list(shape)
        for i in range(1, len(shape) + 1):
            n = shape[-i]
            if i > len(out):
                out.insert(0, n)
            elif out[-i] == 1:
                out[-i] = n
            elif n != 1 and n != out[-i]:
                raise RuntimeError("Shape mismatch: objects cannot be broadcast to a single shape")
    return torch.Size(out)


# ---------------------------------------------------------------- Tensor methods
# (tensor_methods.cpp binds x.new_zeros(...) to _tensor_new_zeros(x, ...)...)
def _size_args(size):
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        return list(size[0])
    return list(size)


def _tensor_new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
    return torch.zeros(_size_args(size), dtype=dtype or self.dtype, requires_grad=requires_grad)


def _tensor_new_ones(self, *size, dtype=None, device=None, requires_grad=False):
    return torch.ones(_size_args(size), dtype=dtype or self.dtype, requires_grad=requires_grad)


def _tensor_new_empty(self, *size, dtype=None, device=None, requires_grad=False):
    return torch.empty(_size_args(size), dtype=dtype or self.dtype, requires_grad=requires_grad)


def _tensor_new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False):
    return torch.full(list(size), fill_value, dtype=dtype or self.dtype, requires_grad=requires_grad)


def _tensor_new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    if isinstance(data, torch.Tensor):
        _warn("To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
              "sourceTensor.clone().detach().requires_grad_(True), rather than tensor.new_tensor(sourceTensor).")
        return data.clone().detach().to(dtype or data.dtype).requires_grad_(requires_grad)
    return torch.tensor(data, dtype=dtype or self.dtype, requires_grad=requires_grad)


def _tensor_cpu(self, memory_format=None):
    return self  # (Kiln's tensors are on the CPU)


def _tensor_cuda(self, device=None, non_blocking=False, memory_format=None):
    raise AssertionError("Torch not compiled with CUDA enabled")


_TYPE_NAMES = {'torch.float32': 'torch.FloatTensor', 'torch.float64': 'torch.DoubleTensor',
               'torch.int64': 'torch.LongTensor', 'torch.int32': 'torch.IntTensor', 'torch.bool': 'torch.BoolTensor'}
_TYPE_DTYPES = {'torch.FloatTensor': torch.float32, 'torch.DoubleTensor': torch.float64,
                'torch.LongTensor': torch.int64, 'torch.IntTensor': torch.int32, 'torch.BoolTensor': torch.bool}


def _tensor_type(self, dtype=None, non_blocking=False):
    # x.type(): its type name; x.type(dtype or name): converted
    if dtype is None:
        return _TYPE_NAMES[str(self.dtype)]
    if isinstance(dtype, str):
        if dtype not in _TYPE_DTYPES:
            raise ValueError("invalid type: '{}'".format(dtype))
        dtype = _TYPE_DTYPES[dtype]
    return self.to(dtype)


# ---------------------------------------------------------------- selections
def masked_select(input, mask):
    if mask.dtype != torch.bool:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    shape = broadcast_shapes(input.shape, mask.shape)
    return input.expand(shape)[mask.expand(shape)]


def nonzero(input, as_tuple=False):
    flat = input.reshape(-1) != 0
    idx = torch.arange(input.numel())[flat]
    coords = []
    for size in reversed(list(input.shape)):
        coords.append(idx % size)
        idx = idx // size
    coords.reverse()
    if as_tuple:
        return tuple(coords) if input.dim() > 0 else (torch.zeros(int(flat.sum()), dtype=torch.int64),)
    if input.dim() == 0:
        return torch.zeros(int(flat.sum()), 0, dtype=torch.int64)
    return torch.stack(coords, 1)
