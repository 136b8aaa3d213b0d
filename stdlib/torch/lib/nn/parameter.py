# torch.nn.parameter: Parameter, a Tensor subclass that modules register as
# their parameters. The class is native (torch._Parameter, from the
# autograd core): a leaf sharing the data's storage, requires_grad=True by
# default, printed as 'Parameter containing:\ntensor(...)'.
import torch

__all__ = ['Parameter']

Parameter = torch._Parameter
