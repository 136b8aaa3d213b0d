# torch.nn.utils: gradient clipping.
from torch.nn.utils.clip_grad import clip_grad_norm_, clip_grad_value_
