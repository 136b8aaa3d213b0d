# torch.nn: modules, parameters, functional and init, written in Kiln's
# Python and embedded in the binary (stdlib/embedded.h). `import torch`
# does not compile this package; torch.__getattr__ imports it the first time
# `torch.nn` is used, and it imports its submodules as PyTorch's does.
from torch.nn.modules import *
from torch.nn.parameter import Parameter
from torch.nn import init
from torch.nn import functional
from torch.nn import utils
