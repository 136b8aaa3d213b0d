# register_buffer: buffers are not parameters, appear in state_dict (unless
# persistent=False) and in named_buffers(), and do not require grad.
import torch
from torch import nn


class Counter(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.tensor([1.0, 2.0]))
        self.register_buffer("running", torch.zeros(2))
        self.register_buffer("scratch", torch.ones(1), persistent=False)

    def forward(self, x):
        with torch.no_grad():
            self.running.add_(x)
        return x * self.weight + self.scratch


c = Counter()
print([n for n, _ in c.named_parameters()])
print([n for n, _ in c.named_buffers()])
print(list(c.state_dict().keys()))
print(c.running.requires_grad)
out = c(torch.tensor([3.0, 4.0]))
out = c(torch.tensor([0.5, 0.5]))
print(out.detach(), c.running)
out.sum().backward()
print(c.weight.grad, c.running.grad)
print(len(list(c.buffers())))
