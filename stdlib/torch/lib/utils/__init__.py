# torch.utils: only the `data` subpackage (Dataset, DataLoader...), imported
# with the package so that `torch.utils.data` works after `import torch`, as
# in PyTorch. Everything else of torch.utils (checkpoint, hooks, tensorboard,
# cpp_extension...) is left out.
from torch.utils import data

__all__ = ['data']
