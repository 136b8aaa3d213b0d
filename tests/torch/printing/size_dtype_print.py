# Printing torch.Size, dtypes and the device.
import torch

x = torch.zeros(2, 3)
print(x.shape)
print(x.size())
print(torch.Size([]))
print(x.dtype, torch.int64, torch.bool)
print([torch.float32, torch.int32])
print((x.shape, x.dtype))
print({"shape": x.shape})
print(x.device)
print(repr(x.shape), repr(x.dtype))
