# max / min without a dim give a 0-dim tensor of the largest / smallest value.
import torch

x = torch.tensor([[3.0, -1.0, 7.5], [2.0, 9.25, -4.0]])
print(x.max(), x.min())
print(torch.max(x), torch.min(x))
print(x.max().shape, x.max().item())
i = torch.tensor([5, -2, 8, 8, 0])
print(i.max(), i.min(), i.max().dtype)
b = torch.tensor([False, True])
print(b.max(), b.min())
print(torch.tensor([float('nan'), 1.0]).max(), torch.tensor([1.0, float('nan')]).min())
print(torch.tensor([-float('inf'), 3.0]).min())
# the two-tensor form is elementwise (like maximum)
print(torch.max(x, torch.zeros(2, 3)))
print(torch.min(x, torch.tensor([0.0, 0.0, 5.0])))
