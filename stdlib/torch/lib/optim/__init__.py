# torch.optim: optimizers, written in Kiln's Python and embedded in the
# binary (stdlib/embedded.h); imported the first time `torch.optim` is used.
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW

__all__ = ['Optimizer', 'SGD', 'Adam', 'AdamW']


def __getattr__(name):
    # torch.optim.lr_scheduler on first use (PEP 562), so that importing
    # torch.optim does not compile the schedulers.
    if name == 'lr_scheduler':
        import torch.optim.lr_scheduler as lr_scheduler
        return lr_scheduler
    raise AttributeError("module 'torch.optim' has no attribute '{}'".format(name))
