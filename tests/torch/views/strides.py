# stride() and storage_offset() of contiguous tensors and views.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x.stride(), x.storage_offset())
print(x.stride(0), x.stride(2), x.stride(-1))
print(x[1].stride(), x[1].storage_offset())
print(x[:, 1].stride(), x[:, 1].storage_offset())
print(x[1, 2].storage_offset(), x[1, 2, 3].storage_offset())
print(x[:, :, ::2].stride(), x[:, 1:, 1:].storage_offset())
print(x.transpose(0, 2).stride())
print(x.permute(1, 2, 0).stride())
print(torch.zeros(5).stride(), torch.zeros(3, 2, dtype=torch.int32).stride())
print(torch.tensor(1.0).stride())
