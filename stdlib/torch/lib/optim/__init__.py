# torch.optim: optimizers, written in Kiln's Python and embedded in the
# binary (stdlib/embedded.h); imported the first time `torch.optim` is used.
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW

__all__ = ['Optimizer', 'SGD', 'Adam', 'AdamW']
