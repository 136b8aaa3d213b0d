# A tensor's shape is a torch.Size, also when it comes out of a function
# that the tracer compiled with dynamic sizes: intermediates' shapes, slices
# of a shape, and a shape plus a tuple stay torch.Size; tuple(shape) and
# tuple + shape are plain tuples.
import torch


def shape_of_result(x):
    return (x * 2).shape


def shape_slice(x):
    return x * 2, x.shape[1:]


def shape_plus(x):
    return x.t().size() + (1,), (1,) + x.shape, tuple(x.shape)


def size_method(x):
    return torch.zeros(x.shape[0], 2).shape.numel()


for n in [2, 3, 4, 5]:
    x = torch.ones(n, 3)
    s = shape_of_result(x)
    print(type(s).__name__, s, s.numel())
    y, t = shape_slice(x)
    print(type(t).__name__, t, y.sum().item())
    a, b, c = shape_plus(x)
    print(type(a).__name__, a, type(b).__name__, b, type(c).__name__, c)
    print(size_method(x))
