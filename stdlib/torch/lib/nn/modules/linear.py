# torch.nn.modules.linear: Identity and Linear.
import math
import torch
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn import functional as F
from torch.nn import init

__all__ = ['Identity', 'Linear', 'NonDynamicallyQuantizableLinear']


def reset_weight_and_bias(weight, bias):
    # PyTorch's initialisation of Linear and Conv layers: kaiming_uniform_
    # (a=sqrt(5)) for the weight, U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for the bias.
    init.kaiming_uniform_(weight, a=math.sqrt(5))
    if bias is not None:
        fan_in, _ = init._calculate_fan_in_and_fan_out(weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init.uniform_(bias, -bound, bound)


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    # y = x W^T + b. PyTorch's initialisation (kaiming_uniform_(a=sqrt(5))
    # for the weight, U(-1/sqrt(in_features), 1/sqrt(in_features)) for the
    # bias) drawn from Kiln's generator.
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        reset_weight_and_bias(self.weight, self.bias)

    def forward(self, input):
        params = self._parameters  # (self.weight would go through Module.__getattr__)
        return F.linear(input, params['weight'], params['bias'])

    def extra_repr(self):
        return 'in_features={}, out_features={}, bias={}'.format(
            self.in_features, self.out_features, self.bias is not None)


class NonDynamicallyQuantizableLinear(Linear):
    # MultiheadAttention's out_proj (a Linear; PyTorch names it so for quantization).
    pass
