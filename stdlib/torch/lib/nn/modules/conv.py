# torch.nn.modules.conv: Conv1d and Conv2d over F.conv1d / F.conv2d.
import torch
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules.linear import reset_weight_and_bias
from torch.nn import functional as F

__all__ = ['Conv1d', 'Conv2d']


class _ConvNd(Module):
    # PyTorch's initialisation (linear.reset_weight_and_bias) drawn from Kiln's generator.
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                 padding_mode, dtype):
        super().__init__()
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        if padding_mode != 'zeros':
            raise NotImplementedError("Conv: padding_mode='{}' is not supported by Kiln (only 'zeros')".format(
                padding_mode))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(torch.empty([out_channels, in_channels // groups] + list(kernel_size), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        reset_weight_and_bias(self.weight, self.bias)

    def extra_repr(self):
        s = '{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}'.format(
            in_channels=self.in_channels, out_channels=self.out_channels, kernel_size=self.kernel_size,
            stride=self.stride)
        if self.padding != (0,) * len(self.kernel_size):
            s += ', padding={}'.format(self.padding)
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={}'.format(self.dilation)
        if self.groups != 1:
            s += ', groups={}'.format(self.groups)
        if self.bias is None:
            s += ', bias=False'
        return s


def _tuple(v, n):
    if isinstance(v, str):
        return v
    if isinstance(v, int):
        return (v,) * n
    return tuple(v)


class Conv1d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _tuple(kernel_size, 1), _tuple(stride, 1), _tuple(padding, 1),
                         _tuple(dilation, 1), groups, bias, padding_mode, dtype)

    def forward(self, input):
        return F.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv2d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _tuple(kernel_size, 2), _tuple(stride, 2), _tuple(padding, 2),
                         _tuple(dilation, 2), groups, bias, padding_mode, dtype)

    def forward(self, input):
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)
