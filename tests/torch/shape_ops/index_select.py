# index_select picks slices along a dim by an int64 index tensor (a copy).
import torch

x = torch.arange(12).reshape(3, 4)
idx = torch.tensor([2, 0])
print(torch.index_select(x, 0, idx))
print(x.index_select(1, torch.tensor([3, 1, 1])))
print(x.index_select(0, torch.tensor([1])))
print(x.index_select(1, torch.tensor([], dtype=torch.int64)).shape)
r = x.index_select(0, torch.tensor([0]))
r[0, 0] = 100
print(x[0, 0])
print(torch.arange(5.0).index_select(0, torch.tensor([4, 4, 0])))
print(x.index_select(0, torch.tensor([2, 1], dtype=torch.int32)))
