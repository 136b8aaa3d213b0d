# masked_fill replaces the elements where a (broadcast) mask is True.
import torch

x = torch.arange(6.0).reshape(2, 3)
print(x.masked_fill(x > 2, -1.0))
print(torch.masked_fill(x, x == 0, 100.0))
print(x.masked_fill(torch.tensor([True, False, True]), 0.0))
print(x.masked_fill(torch.tensor([[False], [True]]), 9.0))
print(x)
x.masked_fill_(x < 2, 7.0)
print(x)
i = torch.tensor([1, 2, 3])
print(i.masked_fill(i == 2, 0), i.masked_fill(i > 1, 5))
scores = torch.tensor([[1.0, 2.0, 3.0]])
print(torch.softmax(scores.masked_fill(torch.tensor([False, True, False]), -float('inf')), dim=1))
